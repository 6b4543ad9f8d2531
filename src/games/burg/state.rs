//! The state of an Im Schutze der Burg game: the players' holdings and cards, the phase of the
//! round, the castle, the fields and the seeded random generator. The reducer (`rules`), the
//! view, the secrets and the setup all read it.

use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::BurgOptions;
use super::data::{Card, WinterCard};
use super::record::Line;
use super::resources::Resources;
use super::scoring::FinalScore;
use crate::games::{EndReason, Forfeit, Game, Seat, SetupError};

/// Fewest players.
pub const MIN_PLAYERS: usize = 2;
/// Most players.
pub const MAX_PLAYERS: usize = 4;
/// Taler each player starts with.
pub const START_TALER: u32 = 3;

/// Who built a building and when (Markt and Schmiede: nobody, round 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Built {
    /// The builder.
    pub by: Option<Seat>,
    /// The round it was built in (0: before the game).
    pub round: u8,
}

/// A helper on a resource field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct FieldHelper {
    /// Its owner.
    pub seat: Seat,
    /// Placed this round: it cannot be displaced.
    pub fresh: bool,
}

/// How a seat left the game early.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Left {
    pub reason: Forfeit,
    pub round: u8,
    /// How many seats had left before (0 for the first).
    pub order: usize,
}

/// One player's holdings and cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Player {
    pub taler: u32,
    pub vp: u32,
    pub resources: Resources,
    /// Helpers in the personal supply.
    pub helpers: u8,
    /// Face-up (played) cards, in card order.
    pub face_up: Vec<Card>,
    /// This round's cards: secret until the reveal, then public until the end of the round.
    pub chosen: Vec<Card>,
    /// This round's Arbeiter cards and what lies on them.
    pub arbeiter: Vec<(Card, Resources)>,
    /// Buildings where this player put a castle helper this round.
    pub helper_buildings: Vec<usize>,
    pub left: Option<Left>,
}

impl Player {
    pub(super) fn new(helpers: u8) -> Player {
        Player {
            taler: START_TALER,
            vp: 0,
            resources: Resources::new(1, 1, 0, 0, 0),
            helpers,
            face_up: Vec::new(),
            chosen: Vec::new(),
            arbeiter: Vec::new(),
            helper_buildings: Vec::new(),
            left: None,
        }
    }
}

/// Where the round stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum Phase {
    /// Everybody chooses secretly.
    Choosing,
    /// The revealed Arbeiter cards are filled; `next` indexes the fill list.
    Filling { next: usize },
    /// The cards resolve; `next` indexes the resolution list.
    Resolving { next: usize },
    /// The game is over.
    Over,
}

/// A Maurer, Steinmetz or Arbeiter action in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Work {
    pub seat: Seat,
    pub card: Card,
    /// The Maurer has taken from the Wehrturm (always true for the others).
    pub took: bool,
    /// Cards bought from in this action: `(seller, card)`.
    pub bought: Vec<(Seat, Card)>,
    pub builds: u8,
    pub helpers: u8,
}

/// The decision a player has to make.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum Action {
    /// Name the chosen pieces of an Arbeiter III.
    Fill { seat: Seat, count: u8 },
    /// Place a Händler's helper or pass.
    Haendler { seat: Seat },
    /// Take, buy, build, place helpers, done.
    Work(Work),
}

impl Action {
    pub(super) fn seat(&self) -> Seat {
        match self {
            Action::Fill { seat, .. } | Action::Haendler { seat } => *seat,
            Action::Work(w) => w.seat,
        }
    }
}

/// An Im Schutze der Burg game: the whole state, random generator included.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Burg {
    pub(super) options: BurgOptions,
    pub(super) rounds: u8,
    /// The current round, 1-based.
    pub(super) round: u8,
    pub(super) start: Seat,
    /// The seats in clockwise order around the table (§3.1: random, its first seat starts).
    /// Tables saved before it existed sat in seat order.
    #[serde(default)]
    pub(super) clockwise: Vec<Seat>,
    pub(super) phase: Phase,
    pub(super) players: Vec<Player>,
    pub(super) supply: Resources,
    pub(super) wehrturm: Resources,
    /// Silver in the Schmiede store (`F`).
    pub(super) schmiede: u8,
    /// Per building in table order.
    pub(super) built: Vec<Option<Built>>,
    /// Per helper space: its occupant.
    pub(super) spaces: Vec<Option<Seat>>,
    /// Per resource field (sand, wood, clay, stone, silver): its helper.
    pub(super) fields: Vec<Option<FieldHelper>>,
    /// The winter cards not yet revealed, top first. Secret: never leaves the engine.
    pub(super) winter_deck: Vec<WinterCard>,
    pub(super) winter_revealed: Vec<WinterCard>,
    /// This round's winter card.
    pub(super) winter_current: Option<WinterCard>,
    /// This round's Arbeiter cards in fill order.
    pub(super) fills: Vec<(Seat, Card)>,
    /// This round's cards in resolution order.
    pub(super) slots: Vec<(Seat, Card)>,
    pub(super) action: Option<Action>,
    /// The public record, line by line (no unrevealed choice, no winter deck), put into words
    /// when shown.
    pub(super) record: Vec<Line>,
    pub(super) final_scores: Option<Vec<FinalScore>>,
    pub(super) end: Option<EndReason>,
    pub(super) rng: ChaCha8Rng,
}

pub(super) fn check_players(players: usize) -> Result<(), SetupError> {
    if (MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        Ok(())
    } else {
        Err(SetupError::PlayerCount {
            game: Burg::INFO.name,
            min: MIN_PLAYERS,
            max: MAX_PLAYERS,
            got: players,
        })
    }
}
