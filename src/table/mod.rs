//! The table layer: lobby → running → finished; seats, turns, clocks, timers, permissions; one
//! table per channel or thread; commands serialized per table.
//!
//! Every change of a table takes one path: [`decide`] (pure: the next table and what happened)
//! → one atomic, synced commit through the [`Store`] port → [`project`] (the events as replies
//! per audience). What an audience may see is the game's decision (`Game::audience`); this
//! layer only asks. It names no chat platform and no database: adapters hand in a [`Command`]
//! and get [`Reply`]s back; a store implements [`Store`].

pub mod action;
pub mod clock;
pub mod command;
pub mod decide;
pub mod event;
pub mod exported;
pub mod limits;
pub mod markup;
pub mod notify;
pub mod options;
pub mod project;
pub mod rating;
pub mod record;
pub mod replay;
pub mod reply;
pub mod result;
pub mod seeding;
mod service;
pub mod store;
pub mod text;
pub mod timing;
pub mod tournament;
pub mod vacation;
pub mod views;

pub use action::{Action, Actor, Closing};
pub use clock::{
    ChessClock, FileTimeSource, ManualTimeSource, Millis, SystemTimeSource, TimeSource,
};
pub use command::{Command, User, Verb};
pub use decide::{Decision, Refusal, decide};
pub use event::TableEvent;
pub use limits::Limits;
pub use notify::{Digest, Notify, Prefs};
pub use options::TableOptions;
pub use project::{TableLanguages, project};
pub use rating::Rating;
pub use record::{Entry, LogEntry, Policy, Replaced, Status, Table};
pub use reply::{Attachment, BoardImage, Choice, Hint, Layout, Reply, ThreadHint};
pub use result::{Ending, GameResult, Participant, RatingChange};
pub use seeding::Seeding;
pub use service::{
    ChannelLink, Departure, IDLE_AFTER, LEADERBOARD_PAGE, MAX_KEY_BYTES, MAX_NAME_CHARS,
    MY_GAMES_PAGE, Rebuilt, TableService,
};
pub use store::{RatingKey, Store, StoreError, TournamentCommit};
pub use timing::Timing;
pub use views::export_document;
