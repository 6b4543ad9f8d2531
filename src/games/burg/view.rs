//! What a viewer sees. Everything is public (§10.5) except the cards chosen but not yet
//! revealed, which only their chooser sees in his own view, and the order of the winter deck,
//! which nobody sees; the random generator never leaves the engine either.

use serde::{Deserialize, Serialize};

use super::Color;
use super::data::{BUILDINGS, BuildingKind, Card, SPACES, WinterCard, winter_rounds};
use super::reasons::Decision;
use super::resources::{Resource, Resources};
use super::scoring::FinalScore;
use super::state::{Action, Built, Burg, Left, Phase};
use crate::games::{Game, Outcome, Seat, Shown};

/// Where the round stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    /// Everybody chooses cards secretly.
    Choosing,
    /// The revealed cards are filled and resolved.
    Resolving,
    /// The game is over.
    Over,
}

/// The decision the table waits for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// Who decides.
    pub seat: Seat,
    /// A short description, e.g. "Steinmetz: buy, build or done" (in the language of the
    /// scope the view was made in).
    pub what: String,
    /// The decision itself, put into words in each image's language.
    pub decision: Decision,
}

/// The winter cards (winter variant only).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WinterView {
    /// Revealed cards, in order.
    pub revealed: Vec<WinterCard>,
    /// This round's card, once revealed.
    pub current: Option<WinterCard>,
    /// Cards not revealed yet.
    pub left: u8,
    /// The rounds (1-based) in which a card is revealed.
    pub rounds: Vec<u8>,
}

/// A helper space.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpaceView {
    /// `TV12`, `MA6a`, …
    pub id: String,
    /// The fee.
    pub fee: u8,
    /// Whose helper is there.
    pub occupant: Option<Seat>,
}

/// A building.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuildingView {
    /// `T3`, `MA`, `PA`, …
    pub id: String,
    /// The German name.
    pub name: String,
    /// Tower, house, wall, gate or special.
    pub kind: BuildingKind,
    /// Printed VP (0 for Markt and Schmiede).
    pub vp: u8,
    /// Build value (0 for Markt and Schmiede).
    pub value: u8,
    /// Built (Markt and Schmiede always).
    pub built: bool,
    /// Who built it (`None` for Markt and Schmiede and unbuilt tiles).
    pub built_by: Option<Seat>,
    /// Its helper spaces.
    pub spaces: Vec<SpaceView>,
}

/// A resource field (a cart or the Reiter).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldView {
    /// Its resource.
    pub resource: Resource,
    /// Whose helper is there.
    pub occupant: Option<Seat>,
    /// The helper was placed this round and cannot be displaced.
    pub placed_this_round: bool,
}

/// One player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// The colour.
    pub color: Color,
    /// Whether he has chosen this round (public).
    pub has_chosen: bool,
    /// This round's cards: the viewer's own before the reveal, everyone's after it; else empty.
    pub chosen: Vec<Card>,
    /// Taler.
    pub taler: u32,
    /// VP (the final total once the game is over).
    pub vp: u32,
    /// Resources.
    pub resources: Resources,
    /// Helpers in the personal supply.
    pub helpers_in_supply: u8,
    /// Helpers on castle spaces.
    pub helpers_in_castle: u8,
    /// Cards in hand (every card not face up; chosen cards stay here until the reveal).
    pub hand: Vec<Card>,
    /// Face-up cards.
    pub played: Vec<Card>,
    /// This round's Arbeiter cards on the table and what lies on them (empty once collected).
    pub arbeiter: Vec<(Card, Resources)>,
    /// Resigned or out of time: plays no more cards.
    pub left: bool,
}

/// The whole table as one viewer may see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BurgView {
    /// The round, 1-based.
    pub round: u8,
    /// Rounds in the game.
    pub rounds: u8,
    /// This round's start player.
    pub start_player: Seat,
    /// This round's player order: the start player, then clockwise.
    pub order: Vec<Seat>,
    /// Choosing, resolving or over.
    pub stage: Stage,
    /// The card being resolved (or filled, for an Arbeiter III).
    pub step: Option<Card>,
    /// The decision the table waits for during the resolution.
    pub pending: Option<Pending>,
    /// The winter cards, in the winter variant.
    pub winter: Option<WinterView>,
    /// All 25 buildings in table order.
    pub buildings: Vec<BuildingView>,
    /// The five resource fields: sand, wood, clay, stone, silver.
    pub fields: Vec<FieldView>,
    /// The Wehrturm.
    pub wehrturm: Resources,
    /// The general supply.
    pub supply: Resources,
    /// Silver in the Schmiede store.
    pub schmiede: u8,
    /// Every player in seat order.
    pub players: Vec<PlayerView>,
    /// The final scoring, once the game has ended normally.
    pub final_scores: Option<Vec<FinalScore>>,
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// Where the resolution stands, for the engine's sampler; public (§10.5).
    pub(super) table: Table,
}

/// The public bookkeeping of the round that the rest of the view only shows in words: the
/// resolution's position and pending action, the fill and resolution lists, when each building
/// was built, where each player put castle helpers this round, and who left when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Table {
    /// The phase, with the position in the fill or resolution list.
    pub phase: Phase,
    /// The decision pending, with what the current action has done so far.
    pub action: Option<Action>,
    /// This round's Arbeiter cards in fill order.
    pub fills: Vec<(Seat, Card)>,
    /// This round's cards in resolution order.
    pub slots: Vec<(Seat, Card)>,
    /// Per building: who built it and in which round.
    pub built: Vec<Option<Built>>,
    /// Per seat: the buildings where it put a castle helper this round.
    pub helper_buildings: Vec<Vec<usize>>,
    /// Per seat: how and when it left the game.
    pub left: Vec<Option<Left>>,
}

impl Burg {
    pub(super) fn make_view(&self, viewer: Option<Seat>) -> BurgView {
        let step = match self.phase {
            Phase::Filling { next } => self
                .action
                .as_ref()
                .map(|_| Card::Arbeiter3)
                .or(self.fills.get(next).map(|f| f.1)),
            Phase::Resolving { next } => self.slots.get(next).map(|s| s.1),
            _ => None,
        };
        let stage = match self.phase {
            Phase::Choosing => Stage::Choosing,
            Phase::Over => Stage::Over,
            _ => Stage::Resolving,
        };
        BurgView {
            round: self.round,
            rounds: self.rounds,
            start_player: self.start,
            order: self.player_order(),
            stage,
            step,
            pending: self.decision().map(|(seat, decision)| Pending {
                seat,
                what: decision.to_string(),
                decision,
            }),
            winter: self.options.winter.then(|| WinterView {
                revealed: self.winter_revealed.clone(),
                current: self.winter_current,
                left: self.winter_deck.len() as u8,
                rounds: winter_rounds(self.rounds),
            }),
            buildings: BUILDINGS
                .iter()
                .enumerate()
                .map(|(i, b)| BuildingView {
                    id: b.id.to_string(),
                    name: b.name.to_string(),
                    kind: b.kind,
                    vp: b.vp,
                    value: b.value,
                    built: self.built[i].is_some(),
                    built_by: self.built[i].and_then(|x| x.by),
                    spaces: SPACES
                        .iter()
                        .enumerate()
                        .filter(|(_, s)| s.building == i)
                        .map(|(j, s)| SpaceView {
                            id: s.id.to_string(),
                            fee: s.fee,
                            occupant: self.spaces[j],
                        })
                        .collect(),
                })
                .collect(),
            fields: Resource::ALL
                .iter()
                .map(|k| {
                    let h = self.fields[k.index()];
                    FieldView {
                        resource: *k,
                        occupant: h.map(|h| h.seat),
                        placed_this_round: h.is_some_and(|h| h.fresh),
                    }
                })
                .collect(),
            wehrturm: self.wehrturm,
            supply: self.supply,
            schmiede: self.schmiede,
            players: self
                .players
                .iter()
                .enumerate()
                .map(|(seat, p)| PlayerView {
                    seat,
                    color: Color::from_seat(seat),
                    has_chosen: !p.chosen.is_empty(),
                    chosen: if self.audience(Shown::Holdings(seat)).admits(viewer) {
                        p.chosen.clone()
                    } else {
                        Vec::new()
                    },
                    taler: p.taler,
                    vp: p.vp,
                    resources: p.resources,
                    helpers_in_supply: p.helpers,
                    helpers_in_castle: self.spaces.iter().filter(|s| **s == Some(seat)).count()
                        as u8,
                    hand: Card::ALL
                        .into_iter()
                        .filter(|c| !p.face_up.contains(c))
                        .collect(),
                    played: p.face_up.clone(),
                    arbeiter: p.arbeiter.clone(),
                    left: p.left.is_some(),
                })
                .collect(),
            final_scores: self.final_scores.clone(),
            outcome: self.outcome(),
            table: Table {
                phase: self.phase,
                action: self.action.clone(),
                fills: self.fills.clone(),
                slots: self.slots.clone(),
                built: self.built.clone(),
                helper_buildings: self
                    .players
                    .iter()
                    .map(|p| p.helper_buildings.clone())
                    .collect(),
                left: self.players.iter().map(|p| p.left).collect(),
            },
        }
    }
}
