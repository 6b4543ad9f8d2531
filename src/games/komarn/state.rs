//! The state of a Banner von Komarn game: the board, the bag, the hands, the phase of the
//! turn and the seeded random generator. The reducer (`rules`), the banners, the view and the
//! secrets all read it.

use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::KomarnOptions;
use super::bag::Bag;
use super::banners::Mark;
use super::board::Board;
use super::events::Entry;
pub(super) use super::player::Player;
use super::scoring::Payout;
use super::view::{Answer, LastTurn};
use crate::games::{EndReason, Seat};

/// Fewest players.
pub const MIN_PLAYERS: usize = 3;
/// Most players.
pub const MAX_PLAYERS: usize = 4;
/// Numbers in a full hand.
pub const HAND: usize = 5;
/// Weibel per player.
pub const WEIBEL: u8 = 6;
/// Camps per player.
pub const CAMPS: u8 = 2;

/// Soldiers per player: 25 with 3 players, 20 with 4.
pub fn soldiers_for(players: usize) -> u8 {
    if players <= 3 { 25 } else { 20 }
}

/// What the game waits for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum Phase {
    /// The player whose turn it is plays a number (also the transient state while drawing).
    Play,
    /// The drawer places the drawn Morlock or claims none.
    Morlock { drawer: Seat },
    /// The others answer the drawer's claim.
    Claim {
        drawer: Seat,
        answered: Vec<(Seat, Answer)>,
    },
    /// The drawer's bluff was exposed: they place the Morlock; the challenger strikes next.
    Expose { drawer: Seat, challenger: Seat },
    /// The winner of a challenge names a number of the loser's hand.
    Strike { chooser: Seat, loser: Seat },
    /// The game is over.
    Over,
}

/// A seat drawing up to `target` numbers (the turn's draw, or a replacement after a strike).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct DrawTask {
    pub(super) seat: Seat,
    pub(super) target: usize,
}

/// A Banner von Komarn game: the whole state, bag and random generator included.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Komarn {
    pub(super) options: KomarnOptions,
    pub(super) board: Board,
    /// Secret: never in a view, event or the transcript.
    pub(super) bag: Bag,
    pub(super) discard: Vec<u8>,
    pub(super) players: Vec<Player>,
    /// Seats in turn order.
    pub(super) turn_order: Vec<Seat>,
    /// Index into `turn_order` of the player whose turn it is.
    pub(super) turn: usize,
    pub(super) phase: Phase,
    /// Draws still to make, the current one last.
    pub(super) draws: Vec<DrawTask>,
    pub(super) marks: Vec<Mark>,
    pub(super) hurenweibel: Option<Seat>,
    /// Morlocks that left the game.
    pub(super) morlocks_gone: u8,
    /// Claims made so far (the id of the current claim's window).
    pub(super) claims: u64,
    /// The hands judged in the last challenge, as at the claim (drawer first).
    pub(super) revealed: Vec<(Seat, Vec<u8>)>,
    pub(super) last_round: bool,
    pub(super) last: Option<LastTurn>,
    pub(super) final_payouts: Option<Vec<Payout>>,
    pub(super) end: Option<EndReason>,
    /// The public record, line by line: every accepted move and the public events that
    /// followed, told in the reader's language when the transcript is read.
    pub(super) record: Vec<Entry>,
    pub(super) rng: ChaCha8Rng,
    /// A game drawn for a computer player's search keeps no `record` (nobody reads it).
    #[serde(skip)]
    pub(super) quiet: bool,
}
