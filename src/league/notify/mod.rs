//! How a user hears that it is their turn, per community: pinged in the table's channel, by
//! direct message, or not at all (`/notify channel|dm|off`); and the digest of correspondence
//! turns.

use serde::{Deserialize, Serialize};

mod refused;
mod service;

pub use refused::NotifyRefused;
pub use service::{NotifyService, merge_notices};

/// Where a user's turn pings go.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Notify {
    /// Mentioned in the table's channel (the default).
    #[default]
    Channel,
    /// A direct message.
    Dm,
    /// No ping.
    Off,
}

impl Notify {
    /// Every mode, in the order help lists them.
    pub const ALL: [Notify; 3] = [Notify::Channel, Notify::Dm, Notify::Off];

    /// Its word in `/notify`.
    pub fn word(self) -> &'static str {
        match self {
            Notify::Channel => "channel",
            Notify::Dm => "dm",
            Notify::Off => "off",
        }
    }

    /// The mode a word names (any case).
    pub fn from_word(word: &str) -> Option<Notify> {
        Notify::ALL
            .into_iter()
            .find(|n| n.word().eq_ignore_ascii_case(word.trim()))
    }

    /// The mode words, for help and refusals.
    pub fn words() -> String {
        Notify::ALL.map(Notify::word).join(", ")
    }
}

/// When a user's digest is due and when the last one went out (table time).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Digest {
    /// The next digest, if one is scheduled.
    pub due: Option<crate::table::clock::Millis>,
    /// When the last one was sent.
    pub last: Option<crate::table::clock::Millis>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_round_trip_through_their_words() {
        for mode in Notify::ALL {
            assert_eq!(Notify::from_word(mode.word()), Some(mode));
        }
        assert_eq!(Notify::from_word(" DM "), Some(Notify::Dm));
        assert_eq!(Notify::from_word("loud"), None);
        assert_eq!(Notify::words(), "channel, dm, off");
    }
}
