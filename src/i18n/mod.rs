//! Every word the bot says, in English, German and Dutch: Fluent messages in
//! `locales/<lang>/<area>.ftl`, compiled into the binary.
//!
//! Code asks for a message by its key with [`t!`](crate::t): `t!("resigned", player = who)`.
//! The language is the one of the current *scope* ([`scope`]): the table service opens one per
//! command (the asker's language) and per audience of an announcement (the channel's, or each
//! player's), the renderer one per image. Outside every scope the language is English.
//!
//! A text made where its audience is not yet known (a game's announcement, made while the move
//! is decided) is made in every language at once: [`Localized`].

mod lang;
mod localized;

use std::cell::Cell;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentResource, FluentValue};

pub use fluent_bundle::FluentArgs;
pub use lang::{Lang, UnknownLang};
pub use localized::Localized;

/// Every message file's name and text, per language (in [`Lang::ALL`]'s order): every
/// `locales/<lang>/*.ftl`, listed by `build.rs`.
pub const SOURCES: [&[(&str, &str)]; 3] = include!(concat!(env!("OUT_DIR"), "/locales.rs"));

thread_local! {
    static CURRENT: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// The language of the current scope.
pub fn current() -> Lang {
    CURRENT.with(Cell::get)
}

/// Runs `f` with `lang` as the current language (restored afterwards, also on a panic).
pub fn scope<R>(lang: Lang, f: impl FnOnce() -> R) -> R {
    struct Restore(Lang);
    impl Drop for Restore {
        fn drop(&mut self) {
            CURRENT.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(CURRENT.with(|c| c.replace(lang)));
    f()
}

type Bundle = FluentBundle<FluentResource>;

fn bundles() -> &'static [Bundle; 3] {
    static BUNDLES: OnceLock<[Bundle; 3]> = OnceLock::new();
    BUNDLES.get_or_init(|| Lang::ALL.map(bundle))
}

fn bundle(lang: Lang) -> Bundle {
    let id = lang
        .code()
        .parse()
        .unwrap_or_else(|_| unic_langid::LanguageIdentifier::default());
    let mut bundle = Bundle::new_concurrent(vec![id]);
    // Replies are Markdown read in one direction: no invisible isolation marks around values.
    bundle.set_use_isolating(false);
    for (file, text) in SOURCES[lang.index()] {
        // A file with an error still gives every message it could read; the locale tests
        // fail on any error, so none reaches a release.
        let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(res, errors)| {
            tracing::error!(%lang, file, ?errors, "a message file has syntax errors");
            res
        });
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::error!(%lang, file, ?errors, "a message file repeats a key");
        }
    }
    bundle
}

/// A value for a message's variable: text or a number (numbers choose plural forms).
pub trait Arg {
    /// The Fluent value.
    fn value(self) -> FluentValue<'static>;
}

impl Arg for String {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self)
    }
}

impl Arg for &String {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self.clone())
    }
}

impl Arg for &str {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self.to_string())
    }
}

impl Arg for &&str {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self.to_string())
    }
}

impl Arg for char {
    fn value(self) -> FluentValue<'static> {
        FluentValue::from(self.to_string())
    }
}

macro_rules! number_args {
    ($($t:ty),+) => {
        $(impl Arg for $t {
            fn value(self) -> FluentValue<'static> {
                FluentValue::from(self)
            }
        }
        impl Arg for &$t {
            fn value(self) -> FluentValue<'static> {
                FluentValue::from(*self)
            }
        })+
    };
}

number_args!(u8, u16, u32, u64, usize, i32, i64, f64);

/// The value of one variable (used by [`t!`](crate::t)).
pub fn arg(value: impl Arg) -> FluentValue<'static> {
    value.value()
}

/// The message `key` (`id` or `id.attribute`) in the current language with `args`; in English
/// when the language lacks it, and the key itself when no language has it (both logged).
pub fn tr(key: &str, args: Option<&FluentArgs>) -> String {
    let lang = current();
    if let Some(text) = format(lang, key, args) {
        return text;
    }
    tracing::warn!(%lang, key, "a message is missing");
    format(Lang::En, key, args).unwrap_or_else(|| key.to_string())
}

/// The message `key` in `lang`, if that language has it.
pub fn format(lang: Lang, key: &str, args: Option<&FluentArgs>) -> Option<String> {
    let bundle = &bundles()[lang.index()];
    let (id, attribute) = match key.split_once('.') {
        Some((id, attribute)) => (id, Some(attribute)),
        None => (key, None),
    };
    let message = bundle.get_message(id)?;
    let pattern = match attribute {
        Some(attribute) => message.get_attribute(attribute)?.value(),
        None => message.value()?,
    };
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    if !errors.is_empty() {
        // The errors name variables and functions, never their values.
        tracing::warn!(%lang, key, ?errors, "a message did not format cleanly");
    }
    Some(text.into_owned())
}

/// Whether the message `key` exists in English (for keys made from data, e.g. a game's id).
pub fn exists(key: &str) -> bool {
    format(Lang::En, key, None).is_some()
}

/// A message in the current language: `t!("no-table")` or `t!("resigned", player = who, …)`, each value
/// text or a number ([`Arg`]).
#[macro_export]
macro_rules! t {
    ($key:expr) => {
        $crate::i18n::tr($key, None)
    };
    ($key:expr, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::i18n::FluentArgs::new();
        $(args.set(stringify!($name), $crate::i18n::arg($value));)+
        $crate::i18n::tr($key, Some(&args))
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scope_sets_the_language_and_restores_it() {
        assert_eq!(current(), Lang::En);
        let inner = scope(Lang::De, || {
            (current(), scope(Lang::Nl, current), current())
        });
        assert_eq!(inner, (Lang::De, Lang::Nl, Lang::De));
        assert_eq!(current(), Lang::En);
        let caught = std::panic::catch_unwind(|| scope(Lang::Nl, || panic!("inside")));
        assert!(caught.is_err());
        assert_eq!(current(), Lang::En, "a panic restored the language");
    }

    #[test]
    fn messages_come_in_the_scope_s_language_with_their_values() {
        let list = |lang| scope(lang, || t!("language-unknown", word = "`xx`", list = "L"));
        assert!(list(Lang::En).contains("`xx`") && list(Lang::En).contains('L'));
        assert_ne!(list(Lang::En), list(Lang::De));
        assert_ne!(list(Lang::De), list(Lang::Nl));
        assert_eq!(tr("no-such-key", None), "no-such-key");
        assert!(exists("language-unknown") && !exists("no-such-key"));
    }

    #[test]
    fn numbers_choose_plural_forms() {
        for lang in Lang::ALL {
            let one = scope(lang, || t!("minutes", n = 1));
            let many = scope(lang, || t!("minutes", n = 5));
            assert!(one.contains('1') && many.contains('5'), "{one} / {many}");
            assert_ne!(
                one.replace('1', ""),
                many.replace('5', ""),
                "{lang}: one form"
            );
        }
    }
}
