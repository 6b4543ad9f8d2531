//! Every message in every language: the same keys, the same variables, no syntax errors, and
//! every key the code asks for exists.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::support::files::rust_sources;
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use spieltisch::i18n::{Lang, SOURCES};

/// Each message (`id` and `id.attribute`) of one language with the variables it uses.
type Keys = BTreeMap<String, BTreeSet<String>>;

fn variables_of_inline(e: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match e {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                variables_of_inline(a, out);
            }
            for a in &arguments.named {
                variables_of_inline(&a.value, out);
            }
        }
        InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for a in &arguments.named {
                variables_of_inline(&a.value, out);
            }
        }
        InlineExpression::Placeable { expression } => variables_of(expression, out),
        _ => {}
    }
}

fn variables_of(e: &Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        Expression::Inline(inline) => variables_of_inline(inline, out),
        Expression::Select { selector, variants } => {
            variables_of_inline(selector, out);
            for v in variants {
                variables_in(&v.value, out);
            }
        }
    }
}

fn variables_in(p: &Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &p.elements {
        if let PatternElement::Placeable { expression } = element {
            variables_of(expression, out);
        }
    }
}

/// The keys of one language's files; panics on a syntax error or a key defined twice.
fn keys(lang: Lang) -> Keys {
    let mut keys = Keys::new();
    for (file, text) in SOURCES[lang.index()] {
        let resource = fluent_syntax::parser::parse(*text).unwrap_or_else(|(_, errors)| {
            panic!("locales/{lang}/{file}.ftl has syntax errors: {errors:?}")
        });
        for entry in &resource.body {
            let (id, value, attributes) = match entry {
                Entry::Message(m) => (m.id.name, m.value.as_ref(), &m.attributes),
                Entry::Term(t) => (t.id.name, Some(&t.value), &t.attributes),
                Entry::Junk { content } => panic!("locales/{lang}/{file}.ftl: junk {content:?}"),
                _ => continue,
            };
            let id = if matches!(entry, Entry::Term(_)) {
                format!("-{id}")
            } else {
                id.to_string()
            };
            let mut vars = BTreeSet::new();
            if let Some(value) = value {
                variables_in(value, &mut vars);
            }
            assert!(
                keys.insert(id.clone(), vars).is_none(),
                "locales/{lang}/{file}.ftl defines {id} again"
            );
            for attribute in attributes {
                let mut vars = BTreeSet::new();
                variables_in(&attribute.value, &mut vars);
                keys.insert(format!("{id}.{}", attribute.id.name), vars);
            }
        }
    }
    keys
}

#[test]
fn every_language_has_every_key_with_the_same_variables() {
    let english = keys(Lang::En);
    assert!(english.len() > 10, "English has {} keys", english.len());
    for lang in [Lang::De, Lang::Nl] {
        let other = keys(lang);
        let missing: Vec<&String> = english.keys().filter(|k| !other.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
        let extra: Vec<&String> = other.keys().filter(|k| !english.contains_key(*k)).collect();
        assert!(extra.is_empty(), "{lang} has keys English lacks: {extra:?}");
        for (key, vars) in &english {
            assert_eq!(
                &other[key], vars,
                "{lang}: {key} uses other variables than English"
            );
        }
    }
}

#[test]
fn the_same_files_exist_for_every_language_and_all_are_loaded() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    let names = |lang: Lang| -> Vec<String> {
        let mut on_disk: Vec<String> = std::fs::read_dir(root.join(lang.code()))
            .expect("locales folder")
            .filter_map(|e| {
                let name = e.ok()?.file_name().into_string().ok()?;
                Some(name.strip_suffix(".ftl")?.to_string())
            })
            .collect();
        on_disk.sort();
        on_disk
    };
    let english = names(Lang::En);
    assert!(english.len() >= 10, "{english:?}");
    for lang in Lang::ALL {
        assert_eq!(
            names(lang),
            english,
            "locales/{lang} has other files than locales/en"
        );
        let mut loaded: Vec<String> = SOURCES[lang.index()]
            .iter()
            .map(|(f, _)| f.to_string())
            .collect();
        loaded.sort();
        assert_eq!(
            loaded, english,
            "locales/{lang}: files on disk vs files compiled in"
        );
    }
}

/// The keys refusals name that no message words (their words are another's: a game's own, the
/// options' own; or never shown).
const WORDLESS_REFUSALS: [&str; 3] = ["nothing-due", "options-refused", "move-unreadable"];

/// Every `t!("key"` and `refusal!("key"` in the source tree, and every key a refusal's `key()`
/// names (`=> "key"` in a `refused.rs`).
fn keys_in_code() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for path in rust_sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src")) {
        let text = std::fs::read_to_string(&path).expect("source file");
        if path.file_name().is_some_and(|n| n == "refused.rs") {
            for (i, _) in text.match_indices("=> \"") {
                let rest = &text[i + 4..];
                if let Some(end) = rest.find('"') {
                    let key = &rest[..end];
                    let keylike = key
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                    if keylike && !WORDLESS_REFUSALS.contains(&key) {
                        out.insert(key.to_string());
                    }
                }
            }
        }
        for (i, m) in text
            .match_indices("t!(")
            .chain(text.match_indices("refusal!("))
        {
            // The macro itself, not the end of `format!` or another macro's name.
            if text[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                continue;
            }
            // The key: a literal, maybe on the next line (`t!(&format!(…))` is not
            // read here; those keys have tests of their own).
            let Some(rest) = text[i + m.len()..].trim_start().strip_prefix('"') else {
                continue;
            };
            if let Some(end) = rest.find('"') {
                out.insert(rest[..end].to_string());
            }
        }
    }
    out
}

#[test]
fn every_key_the_code_asks_for_exists() {
    let english = keys(Lang::En);
    let asked = keys_in_code();
    assert!(
        asked.len() > 10,
        "found only {} keys in the code",
        asked.len()
    );
    let missing: Vec<&String> = asked.iter().filter(|k| !english.contains_key(*k)).collect();
    assert!(
        missing.is_empty(),
        "the code asks for keys no file has: {missing:?}"
    );
}

#[test]
fn every_game_s_rules_fit_one_chat_message_in_every_language() {
    use spieltisch::games::GameKind;
    for kind in GameKind::ALL {
        for lang in Lang::ALL {
            let rules = spieltisch::i18n::scope(lang, || kind.rules());
            let count = rules.chars().count();
            assert!(
                (200..2000).contains(&count),
                "{lang}: /rules {} has {count} characters",
                kind.info().id
            );
            assert!(
                !rules.contains("game-"),
                "{lang}: /rules {} fell back to its key",
                kind.info().id
            );
        }
    }
}
