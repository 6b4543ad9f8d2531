//! What a viewer sees of a DonQuixote game. Placed tiles, hands and scorings are public, so
//! every viewer sees the same; the order of the position cards still to come and the random
//! generator never leave the engine.

use serde::Serialize;

use super::board::{Castle, Field};
use super::scoring::Scoring;
use super::tiles::Half;
use crate::games::Outcome;

/// A tile on a board, with its effective halves (after turning, link arms included).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlacedTile {
    /// Where it lies.
    pub field: Field,
    /// The tile id, 1–22.
    pub tile: u8,
    /// Turned by 180°.
    pub turned: bool,
    /// The effective top half.
    pub top: Half,
    /// The effective bottom half.
    pub bottom: Half,
}

/// One player's principality and standing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardView {
    /// The placed path tiles, in field order (A1..H1, A2.., A3..).
    pub tiles: Vec<PlacedTile>,
    /// Tile ids of the current round still in hand (empty once the game is over).
    pub hand: Vec<u8>,
    /// Whether this player has placed on the revealed field.
    pub placed_current: bool,
    /// The scorings done so far (1, 2, 3).
    pub scorings: Vec<Scoring>,
    /// The running total.
    pub total: i64,
    /// False after the player resigned or ran out of time.
    pub active: bool,
}

/// The whole table: the shared castles and position card, and every player's board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DonQuixoteView {
    /// The two castles, the 6-castle first.
    pub castles: [Castle; 2],
    /// The round of the revealed card (of the last step played once the game is over), 1–3.
    pub round: u8,
    /// Placement steps completed, 0–22.
    pub step: usize,
    /// The revealed position card; `None` when the game is over.
    pub current: Option<Field>,
    /// Every seat's board, in seat order.
    pub players: Vec<BoardView>,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}
