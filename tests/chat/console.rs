//! The console, driven as a user would: the real binary, a scripted session on standard input,
//! its output compared line by line with a golden transcript.
//!
//! Set `SPIELTISCH_BLESS=1` to rewrite the golden files after an intended change.

use std::path::{Path, PathBuf};

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
    // Every file line names a file that was written; an export is JSON.
    for file in actual.lines().filter_map(|l| l.split(" file: ").nth(1)) {
        let (path, _caption) = file.split_once(" (").expect("a caption");
        let text = std::fs::read_to_string(dir.path().join(path)).expect("the file exists");
        assert!(!text.is_empty(), "{file}");
        if path.ends_with(".json") {
            serde_json::from_str::<serde_json::Value>(&text).expect("an export is JSON");
        }
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

/// What a chat would attach, the console writes beside its images, named on a line of its own
/// after the reply (`[#cup] file: out/000001-tournament-t1.json (<caption>)`; with `--json` as
/// the reply's `"file"` and `"caption"`): the tournament's export and the table's, read back as
/// the JSON of that tournament and of that table.
#[test]
fn exports_are_written_as_files_and_their_paths_printed() {
    let script = b"#cup org: /tournament create dvonn swiss rounds=2 name=t1\n\
        #cup ann: /tournament join\n#cup bob: /tournament join\n#cup org: /tournament export\n\
        alice: /join dvonn\nbob: /join\nalice: /start\nalice: /export\n";
    for json in [false, true] {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut args = vec!["--seed", "4"];
        if json {
            args.push("--json");
        }
        let out = console::run(dir.path(), &args, script);
        // (channel, the reply's text, the file's path, its caption) for each file.
        let files: Vec<[String; 4]> = if json {
            let replies: Vec<serde_json::Value> = out
                .lines()
                .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
                .collect();
            let text = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_string();
            replies
                .iter()
                .filter(|r| !r["file"].is_null())
                .map(|r| {
                    assert!(r["caption"].is_string(), "{r}");
                    [&r["channel"], &r["text"], &r["file"], &r["caption"]].map(text)
                })
                .collect()
        } else {
            let lines: Vec<&str> = out.lines().collect();
            lines
                .windows(2)
                .filter_map(|pair| {
                    let (tag, file) = pair[1].split_once(" file: ")?;
                    let text = pair[0].strip_prefix(tag)?.trim_start();
                    let (path, caption) = file.split_once(" (")?;
                    let caption = caption.strip_suffix(')')?;
                    Some([tag, text, path, caption].map(str::to_string))
                })
                .collect()
        };
        assert_eq!(files.len(), 2, "json {json}: {out}");
        let read = |path: &str| -> serde_json::Value {
            let text = std::fs::read_to_string(dir.path().join(path)).expect("the file");
            serde_json::from_str(&text).expect("JSON")
        };

        let [channel, text, path, caption] = &files[0];
        let cup = if json { "#cup" } else { "[#cup]" };
        assert_eq!(channel, cup);
        assert_eq!(text, "The tournament `t1` as JSON.");
        assert_eq!(path, "out/000001-tournament-t1.json");
        assert_eq!(caption, "Tournament t1 as JSON.");
        let tournament = read(path);
        assert_eq!(tournament["tournament"], "t1");
        assert_eq!(tournament["game"], "dvonn");
        assert_eq!(tournament["format"], "swiss");
        assert_eq!(tournament["rounds"], 2);
        assert_eq!(tournament["organizer"], "org");
        assert_eq!(tournament["stage"], "entry");
        let entrants: Vec<&str> = tournament["entrants"]
            .as_array()
            .expect("entrants")
            .iter()
            .filter_map(|e| e["name"].as_str())
            .collect();
        assert_eq!(entrants, ["ann", "bob"]);

        // The table's export: the document its reply shows, in a file of the next number.
        let [channel, text, path, caption] = &files[1];
        let local = if json { "#local" } else { "[#local]" };
        assert_eq!(channel, local);
        let table = read(path);
        let number = table["table"].as_u64().expect("the table's number");
        assert_eq!(path, &format!("out/000002-dvonn-{number}.json"));
        assert_eq!(caption, &format!("Dvonn table {number} as JSON."));
        assert_eq!(
            table,
            serde_json::from_str::<serde_json::Value>(text).expect("JSON")
        );
        assert_eq!(table["game"], "dvonn");
        assert_eq!(table["players"], serde_json::json!(["alice", "bob"]));
        assert_eq!(table["status"], "running");
        // The board's image keeps its own numbers.
        assert!(dir.path().join("out/000001.png").is_file());
    }
}

/// A console session as README.md and the docs print it, in a ```console block: the command
/// (`$ cargo run --release [-- ARGS] [< FILE]`), the lines typed (`alice: /join dvonn`), and
/// lines the program prints (`[#local] …`; a line ending in `…` is the start of one).
struct Session {
    at: String,
    args: Vec<String>,
    input: Vec<u8>,
    expected: Vec<String>,
}

/// Every Markdown file under `dir`, in its subfolders too.
fn markdown_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            markdown_under(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

/// Every ```console block of README.md and of every Markdown file under docs/.
fn sessions() -> Vec<Session> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    let mut docs = Vec::new();
    markdown_under(&root.join("docs"), &mut docs);
    docs.sort();
    assert!(
        docs.iter().any(|d| d.ends_with("docs/playing.md"))
            && docs.iter().any(|d| d.ends_with("docs/operating.md")),
        "the docs are read: {docs:?}"
    );
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

/// Every flag docs/operating.md lists for the console works where it is listed: with the bare
/// command and with `local`.
#[test]
fn the_consoles_flags_work_where_the_docs_list_them() {
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
