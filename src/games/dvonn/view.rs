//! What a viewer sees of a Dvonn game. Dvonn has no hidden information: every viewer sees the
//! same board, and the random generator never leaves the engine.

use serde::{Deserialize, Serialize};

use super::board::Field;
pub use super::state::{LastMove, Phase};
use super::{Color, Piece};
use crate::games::Outcome;

/// One field and its stack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldView {
    /// The field.
    pub field: Field,
    /// The stack on it, bottom piece first (empty when the field is empty).
    pub stack: Vec<Piece>,
}

/// The board as everyone sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DvonnView {
    /// All 49 fields in index order.
    pub fields: Vec<FieldView>,
    /// The phase.
    pub phase: Phase,
    /// Who is to move (`None` once the game is over).
    pub to_move: Option<Color>,
    /// The piece the next placement puts down (setup phase of `profi`).
    pub next_piece: Option<Piece>,
    /// The last placement or move.
    pub last: Option<LastMove>,
    /// Pieces in the stacks each colour controls: `[white, black]`.
    pub scores: [i64; 2],
    /// Pieces on the board: `[white, black, dvonn]`.
    pub on_board: [u32; 3],
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}
