//! What a viewer sees of a Banner von Komarn game: the whole river, the points, banners,
//! supplies, money, the discard pile, the size of the bag and every hand's size — plus the
//! viewer's own hand. Never the bag's order or the random generator. After a challenge the two
//! judged hands (as at the claim) are in `revealed_hands` until the next number is played.

use serde::{Deserialize, Serialize};

use super::Color;
use super::board::{Content, PointKind, Side};
use super::scoring::Payout;
use crate::games::{Outcome, Seat};

/// One field of the river.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldView {
    /// 1..=54.
    pub area: u8,
    /// L, F or R.
    pub side: Side,
    /// What stands there.
    pub content: Content,
}

/// A marked point.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointView {
    /// The lower of the two areas it lies between (the point is `P<area><bank>`).
    pub area: u8,
    /// `L` or `R`.
    pub bank: Side,
    /// Its token.
    pub kind: PointKind,
    /// A tower's garrison.
    pub garrison: Option<Seat>,
    /// A tower that has been decided (garrisoned or empty for good); false for other tokens.
    pub decided: bool,
}

/// A banner: two or more connected soldiers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BannerView {
    /// Its fields with soldiers, in board order (the first is the lowest).
    pub fields: Vec<(u8, Side)>,
    /// The owner of the Weibel on it.
    pub commander: Option<Seat>,
    /// Its value now (§8), the Weibel counting 1.
    pub value: u32,
    /// Soldiers per seat (fields and garrisons), seats with none left out, in seat order.
    pub soldiers: Vec<(Seat, u8)>,
    /// The points belonging to it (garrisoned towers, maidens and cities touching it), as
    /// `(area, bank)`.
    pub points: Vec<(u8, Side)>,
}

/// One player's standing, in seat order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The hand, sorted: `Some` for the viewer's own seat, and for another seat only while every
    /// number in it was revealed by a challenge.
    pub hand: Option<Vec<u8>>,
    /// Numbers in hand.
    pub hand_size: u8,
    /// Soldiers in supply.
    pub soldiers_in_supply: u8,
    /// Weibel in supply.
    pub weibel_in_supply: u8,
    /// Camps still to build.
    pub camps_left: u8,
    /// Money.
    pub heller: u32,
    /// The colour (by turn position).
    pub color: Color,
    /// False once the player resigned or ran out of time.
    pub active: bool,
}

/// An answer to a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Answer {
    /// The claim is doubted.
    Challenge,
    /// The claim is accepted.
    Accept,
}

/// A claim ("no Morlock can be placed") awaiting answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimView {
    /// Who claimed.
    pub drawer: Seat,
    /// Who answered so far, in the order of answering.
    pub answered: Vec<(Seat, Answer)>,
    /// Who may still answer, in seat order.
    pub waiting: Vec<Seat>,
}

/// What the game waits for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PendingView {
    /// The seat plays a number.
    Play(Seat),
    /// The seat drew a Morlock: `morlock <k>` or `morlock none`.
    Morlock(Seat),
    /// The others answer a claim.
    Claim(Seat),
    /// The drawer's bluff was exposed: they place the Morlock.
    Expose {
        /// Who places.
        drawer: Seat,
        /// Who then strikes.
        challenger: Seat,
    },
    /// The winner of a challenge names the loser's number.
    Strike {
        /// Who names it.
        chooser: Seat,
        /// Who loses it.
        loser: Seat,
    },
    /// The game is over.
    Over,
}

/// The fields and points changed by the last turn, for highlighting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct LastTurn {
    /// Whose turn it was.
    pub seat: Seat,
    /// The numbers played (one, two for a chase).
    pub played: Vec<u8>,
    /// Fields that changed: soldiers placed or replaced, the camp, the chased Morlock's field,
    /// Morlocks placed during the draw.
    pub fields: Vec<(u8, Side)>,
    /// Towers decided or recoloured, as `(area, bank)`.
    pub points: Vec<(u8, Side)>,
}

/// The whole table as one viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KomarnView {
    /// Areas along the river: 54.
    pub areas: u8,
    /// Every field in board order: 1L, 1F, 1R, 2L, …
    pub fields: Vec<FieldView>,
    /// The 26 points in river order.
    pub points: Vec<PointView>,
    /// The banners in order of their lowest field.
    pub banners: Vec<BannerView>,
    /// Every player, in seat order.
    pub players: Vec<PlayerView>,
    /// Seats in turn order (the first is Red).
    pub turn_order: Vec<Seat>,
    /// Whose turn it is (`None` once the game is over).
    pub to_move: Option<Seat>,
    /// The Hurenweibel's holder.
    pub hurenweibel: Option<Seat>,
    /// The discard pile, oldest first.
    pub discard: Vec<u8>,
    /// Tiles in the bag.
    pub bag_size: usize,
    /// Morlocks still in the bag.
    pub morlocks_left: u8,
    /// A claim awaiting answers.
    pub claim: Option<ClaimView>,
    /// The hands judged in the last challenge, as at the claim (drawer first), until the next
    /// number is played.
    pub revealed_hands: Vec<(Seat, Vec<u8>)>,
    /// What the last turn changed.
    pub last: Option<LastTurn>,
    /// The final payouts, once the game is over (seat order).
    pub final_payouts: Option<Vec<Payout>>,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
    /// What the game waits for.
    pub pending: PendingView,
    /// Whether the last round is being played.
    pub last_round: bool,
}
