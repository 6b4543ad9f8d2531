//! What can happen to a table, and who makes it happen.

use super::command::User;

/// Who acts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actor {
    /// A chat user.
    Player {
        /// Who.
        user: User,
        /// Sent privately (an ephemeral command, a direct room, the console's `~user`).
        private: bool,
        /// The chat says this user may moderate the channel.
        moderator: bool,
    },
    /// The table itself: its clocks and waits for answers.
    Table,
}

/// Everything that changes a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// `/join [game] [options]`: open a table or sit down at the one in the lobby.
    Join(String),
    /// `/leave`: stand up from a table in the lobby.
    Leave,
    /// `/start`.
    Start,
    /// `/bot [level]`: seat a computer player in the lobby.
    AddBot(String),
    /// `/bot remove`: take the last computer player away again.
    RemoveBot,
    /// `/move <text>`.
    Play(String),
    /// `/resign`.
    Resign,
    /// `/abort`.
    Abort,
    /// `/claim [level]`: take over the seats of players idle too long (a table without clock).
    Claim(String),
    /// A running clock reached zero.
    ClockRanOut,
    /// A reminder is due: a seat's budget is running out.
    Remind,
    /// A seated person (by user id) is on vacation until then.
    Away {
        /// The user id.
        user: String,
        /// Until when, in table time.
        until: super::clock::Millis,
    },
    /// A vacation is over: that user's (they ended it), or every one due by now (`None`).
    Back {
        /// The user id, or `None` for the vacations that ended by time.
        user: Option<String>,
    },
    /// The time for answers is up.
    CloseWindow,
    /// The table moves to another channel (a thread opened for the game).
    Relocate(String),
    /// The chat cannot reach the channel for now (the bot left the room): the table pauses —
    /// its clocks stop and it leaves the timer loop — until [`Action::Resume`].
    Suspend,
    /// The paused table is back: its clocks run again, shifted by the pause.
    Resume,
    /// The table ends without a result, for a reason that is nobody's move.
    Close(Closing),
    /// Every person has left the running game: its computer players stop, and the game ends
    /// as it stands.
    Stop,
}

/// Why a table closes by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closing {
    /// Its channel, thread or server is gone (deleted, or the bot was removed).
    ChannelGone,
    /// Nobody started the lobby within this time of its opening.
    LobbyExpired {
        /// The time a lobby may wait.
        after: std::time::Duration,
    },
    /// A tournament's organizer decided the game (`/tournament result`, `next`, `cancel`).
    Decided,
}
