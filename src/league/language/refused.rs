//! Why `/language` was refused, as a value; worded where the reply is made.

use crate::i18n::Lang;
use crate::t;
use crate::table::Worded;
use crate::table::markup;

/// Why a language was not shown or set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LanguageRefused {
    /// No language goes by that word.
    Unknown { word: String },
    /// The community's language, by someone who may not manage the community.
    NotAdmin { lang: Lang },
    /// The channel's language, by someone who may not moderate it.
    NotModerator { lang: Lang },
    /// The setting could not be written.
    StoreFailed,
}

impl Worded for LanguageRefused {
    fn key(&self) -> &'static str {
        match self {
            LanguageRefused::Unknown { .. } => "language-unknown",
            LanguageRefused::NotAdmin { .. } => "language-not-admin",
            LanguageRefused::NotModerator { .. } => "language-not-moderator",
            LanguageRefused::StoreFailed => "language-store-failed",
        }
    }

    fn words(&self) -> String {
        let key = self.key();
        match self {
            LanguageRefused::Unknown { word } => t!(
                key,
                word = markup::code(&word.chars().take(30).collect::<String>()),
                list = Lang::listing()
            ),
            LanguageRefused::NotAdmin { lang } | LanguageRefused::NotModerator { lang } => {
                t!(key, code = lang.code())
            }
            LanguageRefused::StoreFailed => t!(key),
        }
    }
}
