//! What a table is played for beyond itself: a game of an event that spans tables (a round's
//! board in a tournament). The table only carries it — it cannot be aborted by its players and
//! is told apart in listings; what the event does with the table's end is the league's affair.

use serde::{Deserialize, Serialize};

/// The event game played at a table: which event, round and board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fixture {
    /// The event's id (stored as `tournament`, the one kind of event there is).
    #[serde(rename = "tournament")]
    pub event: u64,
    /// Its name.
    pub name: String,
    /// The round, from 1.
    pub round: u32,
    /// The board, from 1.
    pub board: u32,
}
