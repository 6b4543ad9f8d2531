//! Whole console games in German and in Dutch: the golden scripts of `tests/golden/` (every
//! game, bad input included) played with `--lang de` and `--lang nl`, and not one English word
//! in what the bot says.
//!
//! "English" is read off the message files: a word of the English messages that none of the
//! target language's messages uses. What the players typed (names, commands, moves) and what
//! stays English on purpose — command syntax in backticks, the canonical move notation the
//! players' own moves are echoed in, the console's line markers — is left out.

use std::collections::BTreeSet;

use spieltisch::i18n::{Lang, SOURCES};

use crate::support::console::{self, GOLDEN_SEED, golden};

/// The words of `text` (letters only, at least three, lower case), outside backticks.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split('`')
        .step_by(2)
        .flat_map(|part| part.split(|c: char| !c.is_alphabetic()))
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
}

/// Every word the messages of `lang` use in their texts (not in ids, comments or variables).
fn vocabulary(lang: Lang) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (_, text) in SOURCES[lang.index()] {
        for line in text.lines() {
            let line = line.trim_start();
            if line.starts_with('#') {
                continue;
            }
            // A message's or an attribute's value, or a continuation line.
            let value = match line.split_once(" = ") {
                Some((_, value)) => value,
                None => line.trim_end_matches('='),
            };
            // Variables and selector keys are no words of the text.
            let mut text = String::new();
            let mut depth = 0;
            for c in value.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ if depth == 0 => text.push(c),
                    _ => {}
                }
            }
            if text.trim_start().starts_with('[') || text.trim_start().starts_with("*[") {
                text = text
                    .split_once(']')
                    .map(|(_, t)| t.to_string())
                    .unwrap_or_default();
            }
            out.extend(words(&text));
        }
    }
    out
}

/// What the output says in `lang` that only English says: `(word, line)`.
fn english_in(output: &str, lang: Lang, typed: &str) -> Vec<(String, String)> {
    let english = vocabulary(Lang::En);
    let target = vocabulary(lang);
    let typed: BTreeSet<String> = words(typed).collect();
    let only_english: BTreeSet<&String> = english
        .iter()
        .filter(|w| !target.contains(*w) && !typed.contains(*w))
        .collect();
    assert!(
        only_english.len() > 200,
        "{} English-only words",
        only_english.len()
    );
    let mut found = Vec::new();
    for line in output.lines() {
        // `[#channel → user]`, `image: <path> (`, `file: <path> (`, `[buttons: …]` are the
        // console's markers.
        let said = line.split_once("] ").map_or(line, |(_, rest)| rest);
        // An image line: `image: <path> (<description>)`, a file's `file: <path> (<caption>)`;
        // a line of buttons:
        // `[buttons: <label> = <command> | …]` (the command is what the button sends: typed
        // words, always English).
        let said = match (
            said.strip_prefix("image: ")
                .or_else(|| said.strip_prefix("file: ")),
            said.strip_prefix("[buttons: "),
        ) {
            (Some(image), _) => image.split_once(' ').map_or("", |(_, d)| d).to_string(),
            (_, Some(buttons)) => buttons
                .split(" | ")
                .map(|b| b.split_once(" = ").map_or(b, |(label, _)| label))
                .collect::<Vec<_>>()
                .join(" | "),
            _ => said.to_string(),
        };
        // `/export`'s document is data (its keys and values are read back by machines).
        if serde_json::from_str::<serde_json::Value>(&said).is_ok() {
            continue;
        }
        for word in words(&said) {
            if only_english.contains(&word) {
                found.push((word, line.to_string()));
            }
        }
    }
    found
}

fn play_in(lang: Lang, script: &str) -> (String, String) {
    let (bytes, _) = golden(script);
    // The scripts hold bad input too (a line that is no UTF-8).
    let input = String::from_utf8_lossy(&bytes).into_owned();
    let dir = tempfile::tempdir().expect("temp dir");
    let args = ["--seed", GOLDEN_SEED, "--lang", lang.code()];
    let output = console::run(dir.path(), &args, &bytes);
    (input, output)
}

fn no_english(lang: Lang) {
    let mut failures = Vec::new();
    for script in ["dvonn_game", "donquixote_games", "burg_komarn_games"] {
        let (input, output) = play_in(lang, script);
        assert!(output.lines().count() > 50, "{script}: {output}");
        assert!(
            output.contains(" image: "),
            "{script}: the boards are drawn"
        );
        let english = english_in(&output, lang, &input);
        // Each word once, with the first line it was said in.
        let mut seen = BTreeSet::new();
        let distinct: Vec<&(String, String)> = english
            .iter()
            .filter(|(w, _)| seen.insert(w.clone()))
            .collect();
        if !english.is_empty() {
            failures.push(format!(
                "{lang}, {script}: {} English words: {distinct:#?}",
                english.len()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_console_game_in_german_says_no_english_word() {
    no_english(Lang::De);
}

#[test]
fn a_console_game_in_dutch_says_no_english_word() {
    no_english(Lang::Nl);
}

#[test]
fn the_english_game_is_caught_by_the_same_check() {
    // The check finds English where there is English: the same script in English.
    let (input, output) = play_in(Lang::En, "dvonn_game");
    assert!(english_in(&output, Lang::De, &input).len() > 20);
}
