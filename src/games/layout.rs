//! What a board image shows.

use super::Seat;

/// What an image shows, for games where that differs (several boards, a hand).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    /// The whole table (every player's board side by side where each has one).
    #[default]
    Table,
    /// One seat's board, large.
    Seat(Seat),
    /// One seat's hand: what that player may still play.
    Hand(Seat),
}
