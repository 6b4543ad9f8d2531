//! The table core: one table's life — lobby → running → finished; seats, turns, clocks, timers;
//! one table per channel or thread.
//!
//! Every change of a table takes one path: [`decide`] (pure: the next table and what happened)
//! → one atomic, synced commit through the [`TableStore`] port → [`project`] (the events as
//! replies per audience). What an audience may see is the game's decision (`Game::audience`);
//! this layer only asks. It names no chat platform, no database and nothing that spans tables
//! (tournaments, ratings, settings: `crate::league`).

pub mod action;
pub mod clock;
pub mod command;
pub mod decide;
pub mod duration;
pub mod event;
pub mod exported;
pub mod fixture;
pub mod markup;
pub mod options;
pub mod project;
pub mod record;
pub mod refused;
pub mod replay;
pub mod reply;
pub mod seeding;
pub mod service;
pub mod store;
pub mod text;
pub mod timing;
pub mod views;

pub use action::{Action, Actor, Closing};
pub use clock::{
    ChessClock, FileTimeSource, ManualTimeSource, Millis, SystemTimeSource, TimeSource,
};
pub use command::{Command, User, Verb};
pub use decide::{Decision, Refusal, decide};
pub use event::TableEvent;
pub use fixture::Fixture;
pub use options::TableOptions;
pub use project::{TableLanguages, project};
pub use record::{Entry, LogEntry, Policy, Replaced, Status, Table};
pub use refused::{Keyed, Refused, Worded};
pub use reply::{Attachment, BoardImage, Choice, Hint, Layout, Reply, ThreadHint};
pub use seeding::Seeding;
pub use service::{Seams, TableService};
pub use store::{Reread, StoreError, TableStore};
pub use timing::Timing;
pub use views::export_document;
