//! A text made in every language at once, for when its audience is not known yet.

use super::{Lang, current, scope};

/// The same text in each language (in [`Lang::ALL`]'s order).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Localized([String; 3]);

impl Localized {
    /// Runs `make` once in each language.
    pub fn render(make: impl Fn() -> String) -> Localized {
        Localized(Lang::ALL.map(|lang| scope(lang, &make)))
    }

    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        &self.0[lang.index()]
    }

    /// The text in the current scope's language.
    pub fn here(&self) -> &str {
        self.get(current())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_has_its_own_rendering() {
        let text = Localized::render(|| current().code().to_string());
        for lang in Lang::ALL {
            assert_eq!(text.get(lang), lang.code());
            assert_eq!(scope(lang, || text.here().to_string()), lang.code());
        }
    }
}
