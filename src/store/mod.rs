//! Storage: tables and their logs, durable before any reply goes out.
//!
//! The table service talks to the small [`Store`] trait; [`SledStore`] is the default (and the
//! only one so far). A shared store can replace it when one process no longer suffices
//! (DESIGN.md, "Scaling").

mod sled_store;

pub use sled_store::SledStore;

use crate::table::{LogEntry, Table};

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database failed.
    #[error("database error: {0}")]
    Db(String),
    /// A stored record could not be read back.
    #[error("stored record {key} is unreadable: {reason}")]
    Corrupt {
        /// Which record.
        key: String,
        /// Why.
        reason: String,
    },
}

/// Where tables live.
pub trait Store: Send + Sync {
    /// A new unique table id.
    fn new_table_id(&self) -> Result<u64, StoreError>;

    /// Writes the table (and its new log entry, if any) in one atomic batch, makes the table the
    /// current one of its channel, and flushes to disk. Returns only once the change is durable.
    fn commit(&self, table: &Table, entry: Option<&LogEntry>) -> Result<(), StoreError>;

    /// Moves `table` (whose `channel` is already the new one) out of channel `from`: writes it,
    /// makes it the new channel's current table and forgets `from`, atomically, then flushes.
    fn relocate(&self, table: &Table, from: &str) -> Result<(), StoreError>;

    /// The current table of a channel (the newest, open or not).
    fn current_table(&self, channel: &str) -> Result<Option<Table>, StoreError>;

    /// Every table in the lobby or running.
    fn open_tables(&self) -> Result<Vec<Table>, StoreError>;

    /// A table's whole log, in order.
    fn log(&self, table_id: u64) -> Result<Vec<LogEntry>, StoreError>;

    /// Records that the service is alive at `at` (ms since the epoch); used to pause clocks over
    /// downtime.
    fn set_heartbeat(&self, at: u64) -> Result<(), StoreError>;

    /// The last heartbeat written.
    fn heartbeat(&self) -> Result<Option<u64>, StoreError>;
}
