//! The chat adapters' memory in the store (a port the league layer holds with the others, so
//! that the stores, which sit inside the adapters, can implement it): what an adapter must not forget across a restart
//! (private replies waiting for a player whose direct messages are closed, the commands behind
//! buttons too long for Discord's `custom_id`, players who declined a direct room).
//!
//! Records are text (JSON) under keys that start with the adapter's prefix (`discord:`,
//! `matrix:`); the store writes each durably before it returns, like a table's commit.

use crate::table::StoreError;

/// The port the chat adapters keep their memory through.
pub trait ChatStore: Send + Sync {
    /// The record under `key`, if any.
    fn chat_record(&self, key: &str) -> Result<Option<String>, StoreError>;

    /// Writes the record under `key` (`None` removes it); synced to disk before it returns.
    fn set_chat_record(&self, key: &str, record: Option<&str>) -> Result<(), StoreError>;

    /// Every record whose key starts with `prefix`, in key (byte) order.
    fn chat_records(&self, prefix: &str) -> Result<Vec<(String, String)>, StoreError>;
}
