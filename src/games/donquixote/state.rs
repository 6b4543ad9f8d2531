//! The state of a DonQuixote game: every principality, the cards, the step and the seeded
//! random generator. The reducer (`rules`), the view and the drawing read it.

use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::board::{Board, Castle, Field};
use super::scoring::Scoring;
use super::tiles::{Placement, TILE_COUNT};
use crate::games::{EndReason, Forfeit, Seat};

/// Fewest players (one plays a solitaire).
pub const MIN_PLAYERS: usize = 1;
/// Most players.
pub const MAX_PLAYERS: usize = 4;
/// Placement steps in the whole game (= position cards = path tiles).
pub const STEPS: usize = TILE_COUNT as usize;
/// Steps completed at the end of rounds 1, 2 and 3: each is followed by a scoring.
pub const ROUND_ENDS: [usize; 3] = [9, 16, 22];

/// The round (1–3) of the step after `completed` steps (3 once all are done).
pub fn round_at(completed: usize) -> u8 {
    match ROUND_ENDS.iter().position(|end| completed < *end) {
        Some(i) => i as u8 + 1,
        None => 3,
    }
}

/// How a seat left the game early.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Left {
    pub(super) reason: Forfeit,
    /// Steps completed when it happened.
    pub(super) step: usize,
    /// How many seats had left before (0 for the first).
    pub(super) order: usize,
}

/// One seat's principality, record and scorings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Player {
    pub(super) board: Board,
    /// `(field, tile)` in play order.
    pub(super) record: Vec<(Field, Placement)>,
    pub(super) scorings: Vec<Scoring>,
    pub(super) left: Option<Left>,
}

impl Player {
    pub(super) fn new() -> Player {
        Player {
            board: Board::new(),
            record: Vec::new(),
            scorings: Vec::new(),
            left: None,
        }
    }

    pub(super) fn total(&self) -> i64 {
        self.scorings.iter().map(|s| s.total).sum()
    }

    pub(super) fn s3(&self) -> i64 {
        self.scorings
            .iter()
            .find(|s| s.k == 3)
            .map_or(0, |s| s.total)
    }
}

/// A DonQuixote game: the whole state, random generator included.
///
/// A step's placements lie on the boards as soon as they are made; in a game of several seats
/// they are revealed when the step is complete (`step` counts completed steps), so a tile on the
/// field `order[step]` is one the others have not seen yet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DonQuixote {
    /// The 6-castle, then the 4-castle.
    pub(super) castles: [Castle; 2],
    /// All 22 position cards; the first `step` are done and `order[step]` is revealed. The rest
    /// is secret and never leaves the engine.
    pub(super) order: Vec<Field>,
    /// Steps completed, 0–22.
    pub(super) step: usize,
    pub(super) players: Vec<Player>,
    pub(super) end: Option<EndReason>,
    pub(super) rng: ChaCha8Rng,
}

impl DonQuixote {
    /// Whether placements are secret until their step is complete: in a game of several seats
    /// (a solitaire plays openly).
    pub(super) fn secret_placements(&self) -> bool {
        self.players.len() > 1
    }

    /// A seat's placement the others have not seen: its tile on the field of the step in
    /// progress, in a game of several seats. A game that ended with that step incomplete (every
    /// player left) keeps it hidden for good.
    pub(super) fn unrevealed(&self, seat: Seat) -> Option<(Field, Placement)> {
        if !self.secret_placements() {
            return None;
        }
        let field = *self.order.get(self.step)?;
        let placement = self.players.get(seat)?.board.get(field)?;
        Some((field, placement))
    }

    /// Whether the seats choose their placements secretly now: the game runs and more than one
    /// seat still places tiles.
    pub(super) fn placing_secretly(&self) -> bool {
        self.end.is_none()
            && self.step < STEPS
            && self.players.iter().filter(|p| p.left.is_none()).count() > 1
    }
}
