//! A user's settings in a community, stored as one record: where their turn pings go, their
//! vacations, their digest's schedule and their language. Each part belongs to its domain;
//! this is the record that holds them together, and the port that stores it.

mod store;

use serde::{Deserialize, Serialize};

use crate::league::notify::{Digest, Notify};
pub use store::PrefsStore;

/// A user's settings in one community; stored, and the default until they set any.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prefs {
    /// Where turn pings go.
    #[serde(default)]
    pub notify: Notify,
    /// Their vacations (`/vacation`).
    #[serde(default)]
    pub vacations: crate::league::vacation::Vacations,
    /// Their digest of correspondence turns.
    #[serde(default)]
    pub digest: Digest,
    /// The language they chose for their private replies here (`/language me`); for a place's
    /// own settings, the place's language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<crate::i18n::Lang>,
    /// Their chat client's language, as last seen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_language: Option<crate::i18n::Lang>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_who_set_nothing_is_pinged_in_the_channel() {
        assert_eq!(Prefs::default().notify, Notify::Channel);
        assert!(Prefs::default().language.is_none());
    }
}
