//! The languages the bot speaks, and how their names are read.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A language every word of the bot exists in (`locales/<code>/`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English: the fallback of a missing message.
    #[default]
    En,
    /// German, the platform's own language.
    De,
    /// Dutch, the language of the platform's Dutch help pages.
    Nl,
}

impl Lang {
    /// Every language, in the order of [`Lang::index`].
    pub const ALL: [Lang; 3] = [Lang::En, Lang::De, Lang::Nl];

    /// Its code: the folder under `locales/`, and what `/language` takes.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Nl => "nl",
        }
    }

    /// Its name in itself (the same in every language, as a language menu shows it).
    pub fn endonym(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Nl => "Nederlands",
        }
    }

    /// Its position in [`Lang::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The language of a chat client's locale (Discord's `de`, `en-US`, `nl`; BCP 47 tags such
    /// as `de-AT`), if the bot speaks it.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let primary = locale.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// Every language as `code (name)`, for a list in a reply.
    pub fn listing() -> String {
        Lang::ALL
            .iter()
            .map(|l| format!("`{}` ({})", l.code(), l.endonym()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A word that names no language the bot speaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLang;

impl fmt::Display for UnknownLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
        write!(f, "unknown language; available: {}", codes.join(", "))
    }
}

impl std::error::Error for UnknownLang {}

impl FromStr for Lang {
    type Err = UnknownLang;

    /// A code or a locale (`de`, `de-DE`, `nl_BE`), or the language's name in any of the three
    /// (`Deutsch`, `German`, `Duits`, `Nederlands`, `Englisch`, …), in any case.
    fn from_str(word: &str) -> Result<Lang, UnknownLang> {
        let word = word.trim().to_lowercase();
        let locale_like = word.len() == 2
            || word
                .as_bytes()
                .get(2)
                .is_some_and(|b| *b == b'-' || *b == b'_');
        if let Some(lang) = Lang::from_locale(&word).filter(|_| locale_like) {
            return Ok(lang);
        }
        let names: [(&[&str], Lang); 3] = [
            (&["english", "englisch", "engels"], Lang::En),
            (&["german", "deutsch", "duits"], Lang::De),
            (
                &["dutch", "niederländisch", "niederlaendisch", "nederlands"],
                Lang::Nl,
            ),
        ];
        names
            .iter()
            .find(|(words, _)| words.contains(&word.as_str()))
            .map(|(_, lang)| *lang)
            .ok_or(UnknownLang)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_locales_and_names_are_read() {
        for lang in Lang::ALL {
            assert_eq!(lang.code().parse(), Ok(lang));
            assert_eq!(lang.endonym().parse(), Ok(lang));
            assert_eq!(Lang::from_locale(lang.code()), Some(lang));
        }
        assert_eq!("DE".parse(), Ok(Lang::De));
        assert_eq!("en-US".parse(), Ok(Lang::En));
        assert_eq!("nl_BE".parse(), Ok(Lang::Nl));
        assert_eq!(" Duits ".parse(), Ok(Lang::De));
        assert_eq!(Lang::from_locale("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_locale("fr"), None);
        for bad in ["fr", "", "deu", "dexx", "klingon", "e", "fr-DE"] {
            let parsed: Result<Lang, _> = bad.parse();
            assert!(parsed.is_err(), "{bad:?} named a language: {parsed:?}");
        }
    }

    #[test]
    fn the_listing_names_every_language() {
        let listing = Lang::listing();
        for lang in Lang::ALL {
            assert!(listing.contains(lang.code()) && listing.contains(lang.endonym()));
        }
    }
}
