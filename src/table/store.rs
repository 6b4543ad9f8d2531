//! The table core's storage port: tables, their logs and the service's clock. Implementations
//! live outside the core (`crate::store`); nothing here knows which one runs, nor what else a
//! store keeps beside tables (the league's records have ports of their own).

use super::record::{LogEntry, Table};

/// Why the store failed.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// The database failed.
    #[error("database error: {0}")]
    Db(String),
    /// Another process changed the record since this one read it (a shared store): read it
    /// again and decide once more.
    #[error("changed meanwhile by another process: {0}")]
    Conflict(String),
    /// A stored record could not be read back.
    #[error("stored record {key} is unreadable: {reason}")]
    Corrupt {
        /// Which record.
        key: String,
        /// Why.
        reason: String,
    },
}

/// A channel's current table read again ([`TableStore::current_table_unless`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Reread {
    /// Still the version the caller holds.
    Held,
    /// Another table or version (or none): as stored now.
    Changed(Option<Box<Table>>),
}

/// Where tables live.
pub trait TableStore: Send + Sync {
    /// A new unique table id.
    fn new_table_id(&self) -> Result<u64, StoreError>;

    /// Writes the table (and its new log entry, if any) in one atomic batch and makes the table
    /// the current one of its channel. Returns only once the change is on stable storage
    /// (synced, not merely handed to the operating system); commits that arrive together may
    /// share one sync.
    fn commit(&self, table: &Table, entry: Option<&LogEntry>) -> Result<(), StoreError>;

    /// Moves `table` (whose `channel` is already the new one) out of channel `from`: writes it
    /// (and its log entry), makes it the new channel's current table and forgets `from`,
    /// atomically; durable like [`commit`](TableStore::commit).
    fn relocate(
        &self,
        table: &Table,
        from: &str,
        entry: Option<&LogEntry>,
    ) -> Result<(), StoreError>;

    /// The current table of a channel (the newest, open or not).
    fn current_table(&self, channel: &str) -> Result<Option<Table>, StoreError>;

    /// The current table of a channel read again by a process that holds table `held.0` in
    /// the version [`seen`](TableStore::seen) named `held.1`: [`Reread::Held`] while that is
    /// still the channel's table and version, so a shared store need not send the table (nor
    /// the caller decode it) again. A store of one process reads it as usual.
    fn current_table_unless(
        &self,
        channel: &str,
        held: Option<(u64, u64)>,
    ) -> Result<Reread, StoreError> {
        let _ = held;
        self.current_table(channel)
            .map(|t| Reread::Changed(t.map(Box::new)))
    }

    /// Every table in the lobby or running.
    fn open_tables(&self) -> Result<Vec<Table>, StoreError>;

    /// A table's whole log, in order.
    fn log(&self, table_id: u64) -> Result<Vec<LogEntry>, StoreError>;

    /// Records that the service is alive at `at` (wall clock, ms since the epoch). Need not be
    /// synced: a heartbeat lost in a crash only counts a little more time as downtime.
    fn set_heartbeat(&self, at: u64) -> Result<(), StoreError>;

    /// The last heartbeat written.
    fn heartbeat(&self) -> Result<Option<u64>, StoreError>;

    /// Reads, then durably writes `at` as the time of the last probe: the operator's
    /// readiness check that the store answers and can keep a change (nothing reads it back).
    fn probe(&self, at: u64) -> Result<(), StoreError>;

    /// The total time the service has been down, in ms (table time runs that much behind the
    /// wall clock, so no clock is charged for downtime and no table is rewritten at a start).
    fn downtime(&self) -> Result<u64, StoreError>;

    /// Records the total downtime and the heartbeat `alive_at` together, durably.
    fn set_downtime(&self, total: u64, alive_at: u64) -> Result<(), StoreError>;

    /// A table by its id (open or not).
    fn table(&self, id: u64) -> Result<Option<Table>, StoreError>;

    /// Whether other processes may write this store too (PostgreSQL). The service then reads
    /// a table afresh for every command — or decides on its copy in memory while that is the
    /// version [`seen`](TableStore::seen) names, and lets the commit's revision check stand for
    /// the read — and claims each timer before it fires it.
    fn shared(&self) -> bool {
        false
    }

    /// A shared store's token for the version of table `table_id` this process last read or
    /// wrote (`None`: none, or a store of one process). A commit builds on that version and is
    /// refused ([`StoreError::Conflict`]) when another process wrote the table since.
    fn seen(&self, _table_id: u64) -> Option<u64> {
        None
    }

    /// A shared store's due table timers: claims, until `wall_now + lease` (wall clock, ms),
    /// the open tables of channels starting with `prefix` whose next timer is due by `now`
    /// (table time) and that no other process holds, and returns their channels, soonest
    /// first. A store of one process has no claims to make (its service keeps the timers).
    fn claim_due_tables(
        &self,
        _prefix: &str,
        _now: u64,
        _wall_now: u64,
        _lease: u64,
    ) -> Result<Vec<String>, StoreError> {
        Ok(Vec::new())
    }

    /// After a visit to a claimed table that committed nothing: records its next timer as of
    /// `now` (table time) and lets go of the claim.
    fn reschedule(&self, _table: &Table, _now: u64) -> Result<(), StoreError> {
        Ok(())
    }

    /// Claims the timer `name` (a digest, a lobby's expiry, a tournament round) until
    /// `wall_now + lease` unless another process holds it: whether this process may fire it.
    /// A store of one process always says yes.
    fn claim(&self, _name: &str, _wall_now: u64, _lease: u64) -> Result<bool, StoreError> {
        Ok(true)
    }

    /// A shared store's channels whose open table the user `user` sits at, whichever process
    /// opened it. (A store of one process need not answer: its service keeps that index.)
    fn seated_channels(&self, _user: &str) -> Result<Vec<String>, StoreError> {
        Ok(Vec::new())
    }
}
