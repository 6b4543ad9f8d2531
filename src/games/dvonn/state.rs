//! The state of a Dvonn game: the board, the phase, whose turn, the record and the seeded
//! random generator. The reducer (`rules`), the view and the secrets all read it.

use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::board::Field;
use super::notation::Move;
use super::{Color, DvonnOptions, Piece};
use crate::games::EndReason;

/// The phase of a Dvonn game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Option `profi`: the players place the pieces.
    Placement,
    /// Stacks move.
    Movement,
    /// Nobody can move any more (or somebody forfeited).
    Over,
}

/// One entry of the game record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// Who played it.
    pub color: Color,
    /// The move (automatic passes included).
    #[serde(with = "move_text")]
    pub mv: Move,
}

mod move_text {
    use super::Move;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(mv: &Move, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&mv.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(D::Error::custom)
    }
}

/// A Dvonn game: the whole state, random generator included.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Dvonn {
    pub(super) options: DvonnOptions,
    /// Stacks per field index, bottom piece first.
    pub(super) board: Vec<Vec<Piece>>,
    pub(super) phase: Phase,
    pub(super) to_move: Color,
    /// Pieces placed so far (setup phase).
    pub(super) placed: usize,
    /// The random initial layout, when the setup was random.
    pub(super) setup: Option<Vec<Piece>>,
    pub(super) record: Vec<Played>,
    pub(super) last: Option<LastMove>,
    pub(super) end: Option<EndReason>,
    pub(super) rng: ChaCha8Rng,
}

/// The last placement or move, for highlighting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct LastMove {
    /// Where the moved stack came from (`None` for a placement).
    pub from: Option<Field>,
    /// Where the piece or stack landed.
    pub to: Field,
}
