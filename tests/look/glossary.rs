//! One word per thing: every term of `tests/data/glossary.json` is called by its chosen word in
//! the messages of each language, and none of the variants the glossary rules out appears where
//! the term is meant (the term's keys). The `.ftl` files are read from disk, as they are.

use std::path::Path;

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use serde::Deserialize;

/// The languages whose files are read, by their folder under `locales/`.
const LANGS: [&str; 3] = ["en", "de", "nl"];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Glossary {
    #[allow(dead_code)]
    about: Vec<String>,
    terms: Vec<Term>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Term {
    term: String,
    means: String,
    /// The key prefixes where the term is checked; empty: every key.
    #[serde(default)]
    keys: Vec<String>,
    /// Key prefixes left out (where one of the words rightly means something else).
    #[serde(default)]
    except: Vec<String>,
    /// Whether words compare case-sensitively.
    #[serde(default)]
    case: bool,
    en: Option<Words>,
    de: Option<Words>,
    nl: Option<Words>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Words {
    /// The chosen word: the stems that count as it, the first one its name.
    forms: Vec<String>,
    /// The stems that must not appear.
    not: Vec<String>,
}

impl Term {
    fn words(&self, lang: &str) -> Option<&Words> {
        match lang {
            "en" => self.en.as_ref(),
            "de" => self.de.as_ref(),
            "nl" => self.nl.as_ref(),
            _ => None,
        }
    }

    fn covers(&self, key: &str) -> bool {
        (self.keys.is_empty() || self.keys.iter().any(|p| key.starts_with(p.as_str())))
            && !self.except.iter().any(|p| key.starts_with(p.as_str()))
    }
}

/// One message (or attribute, `key.attribute`) and its text.
struct Message {
    file: String,
    key: String,
    text: String,
}

fn glossary() -> Glossary {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/glossary.json");
    let json = std::fs::read_to_string(&path).expect("tests/data/glossary.json");
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The words a reader sees: text and string literals; a variable or a reference is a gap; each
/// variant of a selection stands on its own line.
fn text_of(pattern: &Pattern<&str>, out: &mut String) {
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => out.push_str(value),
            PatternElement::Placeable { expression } => expression_text(expression, out),
        }
    }
}

fn expression_text(expression: &Expression<&str>, out: &mut String) {
    match expression {
        Expression::Inline(InlineExpression::StringLiteral { value }) => out.push_str(value),
        Expression::Inline(InlineExpression::Placeable { expression }) => {
            expression_text(expression, out)
        }
        Expression::Inline(_) => out.push(' '),
        Expression::Select { variants, .. } => {
            for variant in variants {
                out.push('\n');
                text_of(&variant.value, out);
                out.push('\n');
            }
        }
    }
}

/// The messages, attributes and terms of one `.ftl` text.
fn messages_of(file: &str, source: &str) -> Vec<Message> {
    let resource = fluent_syntax::parser::parse(source)
        .unwrap_or_else(|(_, errors)| panic!("{file}: syntax errors: {errors:?}"));
    let mut out = Vec::new();
    for entry in &resource.body {
        let (id, value, attributes) = match entry {
            Entry::Message(m) => (m.id.name.to_string(), m.value.as_ref(), &m.attributes),
            Entry::Term(t) => (format!("-{}", t.id.name), Some(&t.value), &t.attributes),
            _ => continue,
        };
        if let Some(value) = value {
            let mut text = String::new();
            text_of(value, &mut text);
            out.push(Message {
                file: file.to_string(),
                key: id.clone(),
                text,
            });
        }
        for attribute in attributes {
            let mut text = String::new();
            text_of(&attribute.value, &mut text);
            out.push(Message {
                file: file.to_string(),
                key: format!("{id}.{}", attribute.id.name),
                text,
            });
        }
    }
    out
}

/// Every message of one language, from `locales/<lang>/*.ftl` on disk.
fn messages(lang: &str) -> Vec<Message> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("locales")
        .join(lang);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let name = format!(
            "locales/{lang}/{}",
            path.file_name().unwrap().to_string_lossy()
        );
        let source = std::fs::read_to_string(&path).expect("an .ftl file");
        out.extend(messages_of(&name, &source));
    }
    out
}

/// The words of a text a reader reads as words: runs of letters and digits, outside backticks
/// (commands, options and moves as typed stay English by design).
fn words(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 1 {
            continue;
        }
        out.extend(
            part.split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty()),
        );
    }
    out
}

/// What a word of a text is for a term: the longest of its stems the word begins with, and
/// whether that stem is one of the chosen forms.
fn classify<'a>(word: &str, words: &'a Words, case: bool) -> Option<(&'a str, bool)> {
    let fold = |s: &str| {
        if case {
            s.to_string()
        } else {
            s.to_lowercase()
        }
    };
    let word = fold(word);
    let chosen = words.forms.iter().map(|s| (s, true));
    let ruled_out = words.not.iter().map(|s| (s, false));
    chosen
        .chain(ruled_out)
        .filter(|(stem, _)| word.starts_with(&fold(stem)))
        .max_by_key(|(stem, _)| stem.chars().count())
        .map(|(stem, chosen)| (stem.as_str(), chosen))
}

/// The checks of one term in one language: the lines that name a ruled-out word, and whether
/// the chosen word appears at all.
fn check(term: &Term, lang: &str, messages: &[Message]) -> (Vec<String>, bool) {
    let Some(words_of_term) = term.words(lang) else {
        return (Vec::new(), true);
    };
    let mut wrong = Vec::new();
    let mut seen = false;
    for m in messages.iter().filter(|m| term.covers(&m.key)) {
        for word in words(&m.text) {
            match classify(word, words_of_term, term.case) {
                Some((_, true)) => seen = true,
                Some((stem, false)) => wrong.push(format!(
                    "{} {}: “{word}” — {} ({}) is “{}” here, not “{stem}”",
                    m.file, m.key, term.term, term.means, words_of_term.forms[0]
                )),
                None => {}
            }
        }
    }
    (wrong, seen)
}

#[test]
fn every_term_has_its_one_word_in_german_and_dutch() {
    let glossary = glossary();
    assert!(glossary.terms.len() >= 8, "{} terms", glossary.terms.len());
    for term in &glossary.terms {
        for lang in ["de", "nl"] {
            let words = term
                .words(lang)
                .unwrap_or_else(|| panic!("{}: no {lang} word", term.term));
            assert!(
                !words.forms.is_empty() && words.forms.iter().all(|f| !f.trim().is_empty()),
                "{}: {lang} has no chosen word",
                term.term
            );
        }
        for lang in LANGS {
            if let Some(words) = term.words(lang) {
                for stem in words.forms.iter().chain(&words.not) {
                    assert!(
                        stem.chars().all(char::is_alphanumeric),
                        "{} ({lang}): “{stem}” is not one word (words are letters and digits)",
                        term.term
                    );
                }
            }
        }
    }
}

#[test]
fn every_message_uses_the_chosen_word_of_each_term() {
    let glossary = glossary();
    let mut wrong = Vec::new();
    for lang in LANGS {
        let messages = messages(lang);
        assert!(messages.len() > 100, "{lang}: {} messages", messages.len());
        for term in &glossary.terms {
            let (mut lines, seen) = check(term, lang, &messages);
            wrong.append(&mut lines);
            if !seen {
                wrong.push(format!(
                    "{lang}: {} is never called “{}” where it is meant",
                    term.term,
                    term.words(lang).map_or("", |w| w.forms[0].as_str())
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} words against tests/data/glossary.json:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// The check itself: a ruled-out word is found where the term is meant, and only there.
#[test]
fn a_ruled_out_word_is_found_where_the_term_is_meant() {
    let term = Term {
        term: "rating".into(),
        means: "a player's rating".into(),
        keys: Vec::new(),
        except: vec!["donquixote-".into()],
        case: false,
        en: None,
        de: Some(Words {
            forms: vec!["Wertungszahl".into()],
            not: vec!["Wertung".into()],
        }),
        nl: None,
    };
    let source = "\
rating-mine = Deine Wertungszahl: { $n }.
rating-line = { $n ->
        [one] eine Wertung
       *[other] { $n } Wertungen
    }
rating-typed = `/rating wertung` tippen
donquixote-scored = Wertung { $k }
burg-final = Schlusswertung
slash-rating =
    .name = wertung
";
    let messages = messages_of("test.ftl", source);
    let (wrong, seen) = check(&term, "de", &messages);
    assert!(seen);
    let keys: Vec<&str> = wrong.iter().map(|w| w.split(':').next().unwrap()).collect();
    assert_eq!(
        keys,
        [
            "test.ftl rating-line",
            "test.ftl rating-line",
            "test.ftl slash-rating.name"
        ],
        "{wrong:#?}"
    );
}
