//! Why `/vacation` was refused, as a value; worded where the reply is made.

use std::time::Duration;

use super::{ALLOWANCE, WINDOW};
use crate::t;
use crate::table::Worded;
use crate::table::clock::format_span;
use crate::table::markup;

/// Why a vacation was not started or ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VacationRefused {
    /// The user's settings could not be read.
    Unreadable,
    /// `/vacation off` while not away.
    NotAway,
    /// `/vacation <word>`: not a length of time.
    NotADuration { word: String },
    /// Shorter than the shortest vacation.
    TooShort { shortest: Duration },
    /// Longer than the allowance left.
    TooLong { left: Duration },
    /// The settings could not be written.
    NotSaved,
}

impl Worded for VacationRefused {
    fn key(&self) -> &'static str {
        match self {
            VacationRefused::Unreadable => "vacation-unreadable",
            VacationRefused::NotAway => "vacation-not-away",
            VacationRefused::NotADuration { .. } => "vacation-not-a-duration",
            VacationRefused::TooShort { .. } => "vacation-too-short",
            VacationRefused::TooLong { .. } => "vacation-too-long",
            VacationRefused::NotSaved => "vacation-not-saved",
        }
    }

    fn words(&self) -> String {
        let key = self.key();
        match self {
            VacationRefused::NotADuration { word } => t!(
                key,
                word = markup::code(&word.chars().take(30).collect::<String>())
            ),
            VacationRefused::TooShort { shortest } => t!(key, shortest = format_span(*shortest)),
            VacationRefused::TooLong { left } => {
                t!(key, allowance = allowance(), left = format_span(*left))
            }
            VacationRefused::Unreadable | VacationRefused::NotAway | VacationRefused::NotSaved => {
                t!(key)
            }
        }
    }
}

/// The allowance in words ("at most … in any …").
pub(super) fn allowance() -> String {
    t!(
        "vacation-allowance",
        most = format_span(ALLOWANCE),
        window = format_span(WINDOW)
    )
}
