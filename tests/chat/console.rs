//! The console, driven as a user would: the real binary, a scripted session on standard input,
//! its output compared line by line with a golden transcript.
//!
//! Set `SPIELTISCH_BLESS=1` to rewrite the golden files after an intended change.

use std::path::Path;

use crate::support::console::{self, GOLDEN_SEED, golden, golden_file};

/// A golden session's run: the console with the golden seed.
fn run_console(dir: &Path, input: &[u8]) -> String {
    console::run(dir, &["--seed", GOLDEN_SEED], input)
}

fn bless(name: &str, actual: &str) {
    std::fs::write(golden_file(&format!("{name}.out")), actual).expect("golden written");
}

fn assert_same(expected: &str, actual: &str) {
    for (i, (e, a)) in expected.lines().zip(actual.lines()).enumerate() {
        assert_eq!(e, a, "first difference at output line {}", i + 1);
    }
    assert_eq!(
        expected.lines().count(),
        actual.lines().count(),
        "number of output lines"
    );
}

/// Replays `tests/golden/<name>.in` and compares with `<name>.out`; returns the output.
fn check_golden(name: &str) -> String {
    let (input, expected) = golden(name);
    let dir = tempfile::tempdir().expect("temp dir");
    let actual = run_console(dir.path(), &input);
    if std::env::var_os("SPIELTISCH_BLESS").is_some() {
        bless(name, &actual);
        return actual;
    }
    assert_same(&expected, &actual);
    // Every image line names a PNG that was written, and says what it shows.
    for image in actual.lines().filter_map(|l| l.split(" image: ").nth(1)) {
        let (path, description) = image.split_once(" (").expect("a description");
        assert!(description.len() > 20, "{image}: a description in words");
        let bytes = std::fs::read(dir.path().join(path)).expect("image file exists");
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{image} is a PNG");
    }
    actual
}

#[test]
fn a_complete_dvonn_game_matches_the_golden_transcript() {
    let actual = check_golden("dvonn_game");
    let images = actual.lines().filter(|l| l.contains(" image: ")).count();
    assert!(images > 30, "a board after every move");
}

#[test]
fn a_donquixote_solitaire_and_a_three_player_game_match_the_golden_transcript() {
    let actual = check_golden("donquixote_games");
    let finals: Vec<&str> = actual.lines().filter(|l| l.contains("Game over")).collect();
    assert!(
        finals.iter().any(|l| l.starts_with("[#solo]")),
        "the solitaire ends"
    );
    assert!(
        finals.iter().any(|l| l.starts_with("[#trio]")),
        "the 3-player game ends"
    );
}

#[test]
fn a_burg_and_a_komarn_game_match_the_golden_transcript() {
    let actual = check_golden("burg_komarn_games");
    let over = |channel: &str| {
        actual
            .lines()
            .any(|l| l.starts_with(channel) && l.contains("Game over"))
    };
    assert!(over("[#burg]"), "the Burg game ends");
    assert!(over("[#komarn]"), "the Komarn game ends");
    // Before the reveal no public line names a chosen card.
    let before_reveal: Vec<&str> = actual
        .lines()
        .take_while(|l| !l.contains("Cards revealed"))
        .filter(|l| l.starts_with("[#burg]"))
        .collect();
    for line in before_reveal {
        assert!(
            !line.contains("Maurer") || line.contains("Castle"),
            "a choice leaked: {line}"
        );
    }
}

#[test]
fn stopping_and_restarting_the_console_continues_every_game() {
    let (input, _) = golden("dvonn_game");
    let whole = tempfile::tempdir().expect("temp dir");
    let uninterrupted = run_console(whole.path(), &input);

    // The same script, with the program stopped and started again at several points.
    let lines: Vec<&[u8]> = input.split_inclusive(|b| *b == b'\n').collect();
    let dir = tempfile::tempdir().expect("temp dir");
    let mut pieces = String::new();
    for part in lines.chunks(lines.len() / 4 + 1) {
        pieces.push_str(&run_console(dir.path(), &part.concat()));
    }
    assert_same(&uninterrupted, &pieces);
}

#[test]
fn json_output_has_one_object_per_reply() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = console::run(
        dir.path(),
        &["--json", "--seed", "1"],
        b"alice: /join dvonn\nbob: /join\nalice: /start\n#t1 ~bob: /hand\ncarol: /m a1b1\n",
    );
    let replies: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
        .collect();
    assert_eq!(replies.len(), 5);
    let start = &replies[2];
    assert_eq!(start["channel"], "#local");
    assert_eq!(start["to"], serde_json::Value::Null);
    assert_eq!(start["error"], false);
    let image = start["image"].as_str().expect("the start shows the board");
    assert!(dir.path().join(image).is_file());
    assert_eq!(replies[3]["channel"], "#t1");
    assert_eq!(
        replies[3]["to"], "bob",
        "a private reply names its recipient"
    );
    assert_eq!(replies[3]["error"], true, "bob is not seated at #t1");
    assert_eq!(replies[4]["error"], true, "carol is not seated");
    assert_eq!(replies[4]["image"], serde_json::Value::Null);
}

/// A console session as the README and the docs print it, in a ```console block: the command
/// (`$ cargo run --release [-- ARGS] [< FILE]`), the lines typed (`alice: /join dvonn`), and
/// lines the program prints (`[#local] …`; a line ending in `…` is the start of one).
struct Session {
    at: String,
    args: Vec<String>,
    input: Vec<u8>,
    expected: Vec<String>,
}

/// Every ```console block of the README and of docs/*.md.
fn sessions() -> Vec<Session> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<_> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a document");
        let mut lines = text.lines().enumerate();
        while let Some((n, line)) = lines.next() {
            if line.trim() != "```console" {
                continue;
            }
            let at = format!("{}:{}", file.display(), n + 1);
            let mut session = Session {
                at: at.clone(),
                args: Vec::new(),
                input: Vec::new(),
                expected: Vec::new(),
            };
            for (_, line) in lines.by_ref() {
                let line = line.trim();
                if line == "```" {
                    break;
                }
                if let Some(command) = line.strip_prefix("$ ") {
                    let command = command.split('#').next().unwrap_or_default();
                    let (command, from) = match command.split_once(" < ") {
                        Some((c, f)) => (c, Some(f.trim())),
                        None => (command, None),
                    };
                    let rest = command
                        .trim()
                        .strip_prefix("cargo run --release")
                        .unwrap_or_else(|| panic!("{at}: a command is `cargo run --release …`"));
                    session.args = rest
                        .trim()
                        .strip_prefix("--")
                        .unwrap_or(rest)
                        .split_whitespace()
                        .map(str::to_string)
                        .collect();
                    if let Some(file) = from {
                        session.input.extend(
                            std::fs::read(root.join(file))
                                .unwrap_or_else(|e| panic!("{at}: {file}: {e}")),
                        );
                    }
                } else if line.starts_with("[#") {
                    session.expected.push(line.to_string());
                } else if !line.is_empty() {
                    session.input.extend(line.as_bytes());
                    session.input.push(b'\n');
                }
            }
            found.push(session);
        }
    }
    found
}

#[test]
fn every_console_example_in_the_docs_runs_as_printed() {
    let sessions = sessions();
    assert!(sessions.len() >= 3, "the docs show console sessions");
    for s in sessions {
        let dir = tempfile::tempdir().expect("temp dir");
        let (ok, out, err) = console::run_as_typed(dir.path(), &s.args, &s.input);
        assert!(ok, "{}: the command runs: {err}", s.at);
        let mut printed = out.lines();
        for want in &s.expected {
            let found = match want.strip_suffix('…') {
                Some(start) => printed.any(|l| l.starts_with(start.trim_end())),
                None => printed.any(|l| l == want),
            };
            assert!(
                found,
                "{}: the docs print `{want}`; the program:\n{out}",
                s.at
            );
        }
    }
}

/// Every flag the README lists for the console works where it is listed: with the bare
/// command and with `local`.
#[test]
fn the_consoles_flags_work_where_the_readme_lists_them() {
    let input = b"alice: /join dvonn\nbob: /join\nalice: /start\n";
    for args in [
        vec!["--data", "d", "--out", "o"],
        vec![
            "--data",
            "d",
            "--out",
            "o",
            "--seed",
            "3",
            "--channel",
            "#t1",
        ],
        vec!["local", "--data", "d", "--out", "o", "--json"],
        vec!["--lang", "de", "--data", "d", "--out", "o"],
        vec!["local", "--lang", "nl", "--out", "o", "--data", "d"],
    ] {
        let dir = tempfile::tempdir().expect("temp dir");
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let (ok, out, err) = console::run_as_typed(dir.path(), &args, input);
        assert!(ok, "{args:?}: {err}");
        assert!(
            dir.path()
                .join("o")
                .read_dir()
                .expect("images in o")
                .count()
                > 0,
            "{args:?}: the board went to o: {out}"
        );
        assert!(dir.path().join("d").exists(), "{args:?}: tables in d");
        if args.contains(&"--json".to_string()) {
            assert!(out.lines().all(|l| l.starts_with('{')), "{args:?}: {out}");
        }
        if args.contains(&"#t1".to_string()) {
            assert!(
                out.lines().all(|l| l.starts_with("[#t1]")),
                "{args:?}: {out}"
            );
        }
    }
}
