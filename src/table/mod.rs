//! The table service: lobby → running → finished; seats, turns, clocks, permissions; one table
//! per channel or thread; commands serialized per table; every change durable before its reply.
//!
//! Adapters hand in a [`Command`] and get [`Reply`]s back; no platform type crosses this line.

pub mod clock;
pub mod command;
pub mod options;
pub mod record;
pub mod reply;
mod service;
pub mod text;

pub use clock::{ChessClock, ManualTimeSource, Millis, SystemTimeSource, TimeSource};
pub use command::{Command, User, Verb};
pub use options::TableOptions;
pub use record::{Entry, LogEntry, Status, Table};
pub use reply::{Attachment, BoardImage, Choice, Layout, Reply, ThreadHint};
pub use service::{Seeding, TableService, export_document};
