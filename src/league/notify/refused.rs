//! Why `/notify` was refused, as a value; worded where the reply is made.

use super::Notify;
use crate::t;
use crate::table::Worded;
use crate::table::markup;

/// Why the notification setting was not shown or changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotifyRefused {
    /// The user's settings could not be read.
    Unreadable,
    /// `/notify <word>`: not a mode.
    Unknown { word: String },
    /// The settings could not be written.
    NotSaved,
}

impl Worded for NotifyRefused {
    fn key(&self) -> &'static str {
        match self {
            NotifyRefused::Unreadable => "notify-unreadable",
            NotifyRefused::Unknown { .. } => "notify-unknown",
            NotifyRefused::NotSaved => "notify-not-saved",
        }
    }

    fn words(&self) -> String {
        let key = self.key();
        match self {
            NotifyRefused::Unknown { word } => t!(
                key,
                word = markup::code(&word.chars().take(30).collect::<String>()),
                modes = Notify::words()
            ),
            NotifyRefused::Unreadable | NotifyRefused::NotSaved => t!(key),
        }
    }
}
