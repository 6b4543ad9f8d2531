//! A table as it is stored: seats, status, options, the game and its clock, and the log.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::clock::{ChessClock, Millis};
use super::command::User;
use super::options::TableOptions;
use crate::games::{AnyGame, Forfeit, GameKind, Seat};

/// Where a table stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Players are sitting down.
    Lobby,
    /// The game is being played.
    Running,
    /// The game ended with a result.
    Finished,
    /// Ended without a result (`/abort`, or everybody left the lobby).
    Aborted,
}

impl Status {
    /// Lobby or running.
    pub fn is_open(self) -> bool {
        matches!(self, Status::Lobby | Status::Running)
    }
}

/// One table: the unit of storage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Table {
    /// Unique id (storage key).
    pub id: u64,
    /// The channel or thread the table lives in.
    pub channel: String,
    /// The game.
    pub kind: GameKind,
    /// Options chosen at `/join`.
    pub options: TableOptions,
    /// The seed of the game's random generator (never shown while the game runs).
    pub seed: u64,
    /// Who opened the table.
    pub creator: User,
    /// Seated players in join order.
    pub seats: Vec<User>,
    /// Where it stands.
    pub status: Status,
    /// The game, once started.
    pub game: Option<AnyGame>,
    /// The chess clock, when the table has `time=`.
    pub clock: Option<ChessClock>,
    /// When the table was opened.
    pub created: Millis,
    /// Number of log entries written so far.
    pub log_len: u64,
    /// The wait for answers in progress (`Game::window`): its id and since when.
    #[serde(default)]
    pub window: Option<(u64, Millis)>,
    /// The community (Discord server, Matrix server, the console) the table was opened in,
    /// for the per-community limits; `None` for tables from before it was recorded.
    #[serde(default)]
    pub community: Option<String>,
    /// Since when the table is paused (its channel cannot be reached); its clocks stand still.
    #[serde(default)]
    pub suspended: Option<Millis>,
    /// How the table treats time (reminders, correspondence, idle seats), fixed at its opening.
    #[serde(default)]
    pub policy: Policy,
    /// People on vacation, by seat: until when.
    #[serde(default)]
    pub away: BTreeMap<Seat, Millis>,
    /// Since when each seat to act has been waiting (its turn's start).
    #[serde(default)]
    pub acting_since: BTreeMap<Seat, Millis>,
    /// How many of its reminder points each seat to act has been reminded of.
    #[serde(default)]
    pub reminded: BTreeMap<Seat, u8>,
    /// People whose seats computer players took over, in order.
    #[serde(default)]
    pub replaced: Vec<Replaced>,
    /// When the game started.
    #[serde(default)]
    pub started: Option<Millis>,
    /// Moves played so far.
    #[serde(default)]
    pub moves: u64,
    /// The event game played at this table (a tournament's board).
    #[serde(default, rename = "tournament")]
    pub fixture: Option<super::fixture::Fixture>,
    /// Played where only its players see it (a duplicate tournament's game): its board, record
    /// and export are theirs alone until the game — and a duplicate's whole round — is over.
    #[serde(default)]
    pub private: bool,
}

/// How a table treats time, from the configuration when it opened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Policy {
    /// Reminders when these shares of a budget (percent) have gone, in order.
    pub reminders: Vec<u8>,
    /// Budgets at least this long (ms) get reminders; clocks this long are correspondence time.
    pub long_from: Millis,
    /// At a table without a clock, a seat to act this long (ms) may be claimed.
    pub idle_after: Millis,
    /// Reminders come up to this much (ms) early, spread by table and seat.
    pub spread: Millis,
}

impl Default for Policy {
    /// Tables stored before policies: no reminders, no correspondence time, claims after
    /// three days.
    fn default() -> Policy {
        Policy {
            reminders: Vec::new(),
            long_from: Millis::MAX,
            idle_after: 3 * 24 * 3600 * 1000,
            spread: 0,
        }
    }
}

/// A person whose seat a computer player took over.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replaced {
    /// The seat.
    pub seat: Seat,
    /// Who sat there.
    pub user: User,
    /// Why they left: out of time, or idle (claimed).
    pub why: Forfeit,
}

impl Table {
    /// A new lobby in `channel` with its creator seated (id and seed are given at the commit).
    pub fn lobby(
        channel: &str,
        kind: GameKind,
        options: TableOptions,
        creator: &User,
        now: Millis,
    ) -> Table {
        Table {
            id: 0,
            channel: channel.to_string(),
            kind,
            seed: 0,
            options,
            creator: creator.clone(),
            seats: vec![creator.clone()],
            status: Status::Lobby,
            game: None,
            clock: None,
            created: now,
            log_len: 0,
            window: None,
            community: None,
            suspended: None,
            policy: Default::default(),
            away: Default::default(),
            acting_since: Default::default(),
            reminded: Default::default(),
            replaced: Vec::new(),
            started: None,
            moves: 0,
            fixture: None,
            private: false,
        }
    }

    /// Whether `user` plays (or played, until a computer player took the seat) at this table.
    pub fn is_player(&self, user: &User) -> bool {
        self.seat_of(user).is_some() || self.replaced.iter().any(|r| r.user.id == user.id)
    }

    /// The seat of `user`, if seated.
    pub fn seat_of(&self, user: &User) -> Option<Seat> {
        self.seats.iter().position(|u| u.id == user.id)
    }

    /// `Name (White)` for a seat, as it goes into a reply (the name escaped).
    pub fn player(&self, seat: Seat) -> String {
        let name = self
            .seats
            .get(seat)
            .map_or_else(|| "?".to_string(), |u| super::markup::name(&u.shown_name()));
        match &self.game {
            Some(game) => format!("{name} ({})", game.seat_label(seat)),
            None => name,
        }
    }

    /// The seats that may act now: none unless the game runs.
    pub fn acting(&self) -> Vec<Seat> {
        match (&self.game, self.status) {
            (Some(game), Status::Running) => game
                .to_act()
                .seats()
                .into_iter()
                .filter(|s| game.may_act(*s))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Whether every person has left the running game while computer players still play it:
    /// they are not to play on by themselves ([`Action::Stop`](super::Action::Stop)).
    pub fn deserted(&self) -> bool {
        let Some(game) = self
            .game
            .as_ref()
            .filter(|_| self.status == Status::Running)
        else {
            return false;
        };
        let playing: Vec<&User> = (0..self.seats.len())
            .filter(|s| game.in_play(*s))
            .filter_map(|s| self.seats.get(s))
            .collect();
        !playing.is_empty() && playing.iter().all(|u| u.is_bot())
    }

    /// Whether this is a tournament game still waiting for its chat to open its thread or
    /// room: its key names the parent channel and the game (`discord:<channel>/cup-r1-2`). Its
    /// clocks wait with it (see [`Table::wait_for_venue`]).
    pub fn awaits_venue(&self) -> bool {
        self.fixture.is_some() && self.channel.contains('/')
    }

    /// A game opened where its players cannot see it yet waits, paused, for its venue: nobody
    /// loses on a clock they could not see. Moving it into its venue starts its clocks.
    pub fn wait_for_venue(&mut self, now: Millis) {
        if self.awaits_venue() && self.suspended.is_none() {
            self.suspended = Some(now);
            if let Some(clock) = self.clock.as_mut() {
                clock.stop(now);
            }
        }
    }

    /// The first computer player's seat that is to act now (a running table, not paused).
    pub fn bot_to_act(&self) -> Option<Seat> {
        if self.status != Status::Running || self.suspended.is_some() {
            return None;
        }
        let game = self.game.as_ref()?;
        game.to_act()
            .seats()
            .into_iter()
            .find(|s| self.seats.get(*s).is_some_and(User::is_bot))
    }

    /// Player names in seat order.
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|u| u.name.clone()).collect()
    }
}

/// What a log entry records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Entry {
    /// A player opened the table or sat down.
    Join,
    /// A player stood up.
    Leave,
    /// The game started.
    Start,
    /// A move, in canonical notation.
    Move {
        /// The move text that replays it.
        text: String,
        /// A secret move (a hidden choice): kept out of every public record until the game ends.
        #[serde(default)]
        secret: bool,
    },
    /// A player resigned.
    Resign,
    /// A player's time ran out.
    Timeout,
    /// The time for answers ran out (`Game::close_window`).
    WindowClosed,
    /// The table was aborted.
    Abort,
    /// A computer player sat down or stood up (at a seated person's request).
    Bot {
        /// The bot's seat id.
        id: String,
        /// Sat down (`true`) or stood up.
        seated: bool,
    },
    /// The table moved here from another channel.
    Moved {
        /// The channel it came from.
        from: String,
    },
    /// The table paused: its channel could not be reached.
    Suspended,
    /// The table is back after a pause.
    Resumed,
    /// The table closed by itself without a result.
    Closed {
        /// Why: `gone` (its channel is gone) or `expired` (a lobby nobody started).
        reason: String,
    },
    /// A seat was reminded of its time.
    Reminder {
        /// The seat.
        seat: Seat,
    },
    /// A seated person went on vacation.
    Away {
        /// Their seat.
        seat: Seat,
        /// Until when (table time).
        until: Millis,
    },
    /// Seated people came back from vacation.
    Back {
        /// Their seats.
        seats: Vec<Seat>,
    },
    /// Computer players took over seats (their people ran out of time or were idle).
    Replaced {
        /// The seats.
        seats: Vec<Seat>,
        /// The computer players' level.
        level: String,
    },
    /// An idle player's seat was claimed: they forfeit.
    Claim,
    /// Every person had left: the computer players in these seats stopped, in this order, and
    /// the game ended.
    Stopped {
        /// The seats, in the order they stopped.
        seats: Vec<Seat>,
    },
}

/// One entry of a table's log: every accepted command that changed the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// Position in the table's log, from 0.
    pub seq: u64,
    /// When.
    pub at: Millis,
    /// Who (the user id; `None` for the table's own actions).
    pub user: Option<String>,
    /// Their seat, if seated.
    pub seat: Option<Seat>,
    /// What happened.
    #[serde(flatten)]
    pub entry: Entry,
}
