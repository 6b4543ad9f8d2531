//! The preferences' storage port.

use super::Prefs;
use crate::table::StoreError;

/// Where users' settings live.
pub trait PrefsStore: Send + Sync {
    /// A user's settings in a community (`None`: never set).
    fn prefs(&self, community: &str, user: &str) -> Result<Option<Prefs>, StoreError>;

    /// Writes a user's settings in a community; durable like a table's commit.
    fn set_prefs(&self, community: &str, user: &str, prefs: &Prefs) -> Result<(), StoreError>;

    /// Every user's settings that hold a timer (a digest due, a vacation): `(community, user,
    /// settings)`, read at the start so those timers run.
    fn timed_prefs(&self) -> Result<Vec<(String, String, Prefs)>, StoreError>;
}
