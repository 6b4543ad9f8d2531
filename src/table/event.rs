//! What happened at a table: the output of [`decide`](super::decide), the input of
//! [`project`](super::project).

use super::command::User;
use crate::games::{Announcement, Seat};

/// One thing that happened.
#[derive(Debug, Clone, PartialEq)]
pub enum TableEvent {
    /// The table was opened (by its creator, in seat 1).
    Opened,
    /// A player sat down in `seat`.
    Sat {
        /// The seat, 0-based.
        seat: Seat,
    },
    /// A player stood up in the lobby.
    Left {
        /// Who.
        user: User,
        /// The new host, when the creator left and others stay.
        new_host: Option<User>,
    },
    /// The game began.
    Started,
    /// Something the game said, with who may hear it.
    Game(Announcement),
    /// A player resigned.
    Resigned {
        /// Their seat.
        seat: Seat,
    },
    /// A player's clock ran out.
    TimedOut {
        /// Their seat.
        seat: Seat,
    },
    /// An idle player's game was claimed by another (`/claim` in a two-player game).
    Abandoned {
        /// The idle player's seat.
        seat: Seat,
    },
    /// A computer player took over a person's seat; the game goes on.
    Replaced {
        /// The seat.
        seat: Seat,
        /// Who sat there.
        user: User,
        /// Why they left: out of time, or idle.
        why: crate::games::Forfeit,
    },
    /// A seat's budget is running out: `left` ms are left of its time (or, for an `idle`
    /// seat at a table without a clock, until the others may claim it). The service routes it
    /// to the player as they chose (`/notify`).
    Reminder {
        /// The seat.
        seat: Seat,
        /// Time left, in ms.
        left: super::clock::Millis,
        /// The budget is the idle limit, not a clock.
        idle: bool,
    },
    /// A seated person is on vacation for `length` ms.
    Away {
        /// Their seat.
        seat: Seat,
        /// How long, in ms.
        length: super::clock::Millis,
    },
    /// A seated person is back from vacation.
    Back {
        /// Their seat.
        seat: Seat,
    },
    /// What the league says after a game's result (how the ratings moved), in every language.
    Epilogue(crate::i18n::Localized),
    /// The time for answers ran out.
    WindowClosed,
    /// Every person had left: the computer players stopped and the game ended as it stood.
    Stopped,
    /// The table was ended without a result.
    Aborted {
        /// By whom.
        by: User,
    },
    /// The table paused (its channel cannot be reached).
    Suspended,
    /// The table is back after a pause of `paused` milliseconds.
    Resumed {
        /// How long it was paused.
        paused: super::clock::Millis,
    },
    /// The table closed by itself, without a result.
    Closed(super::action::Closing),
}
