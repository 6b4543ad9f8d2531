//! The shape of the source tree, checked: every file fits in a reader's head (under 800 lines),
//! the layers import only inwards ([`LAYERS`]: the binary, benchmarks and chat adapters → the
//! operator's side → the application → stores → configuration → the league → the table core → computer players →
//! games → the drawing toolkit → the message files → the metrics' names), and no two modules import each other,
//! directly or around a loop.
//!
//! Imports are read from the code of `src/` as the compiler sees it — comments, doc comments,
//! string and character literals left out: `use` lines and their groups
//! (`use crate::a::{b, c::{d, e}}`), and every path written in code, `crate::a::b::C`,
//! `super::x::f(…)`, `super::super::x`, `self::x`, a child module by its name (`names::f` in
//! `burg/mod.rs`), `spieltisch::…` in `main.rs`. `super` inside an inline module (`mod tests`)
//! counts from that module. The layers hold for all code, its tests (`#[cfg(test)]`) included;
//! the cycles are those of the code as built (a module's tests may use a sibling that uses the
//! module). A module may import its own ancestors (Rust's re-exports make parent and child one
//! unit) but not a sibling that imports it back.
//!
//! The rules are plain functions over a set of files, so the self-tests at the end plant arrows
//! and circles in sets made up in memory and check that they are caught.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::support::files::rust_sources;

/// A module's path from the crate root: `["games", "burg", "names"]`; `main.rs` is `["main"]`.
type Module = Vec<String>;

/// The layers, outermost first, one line each: code in a layer may import only the layers on
/// the lines below its own — never one above, never another on its own line. A layer whose
/// folder does not exist yet finds nothing; every top-level module of `src/` must be here.
const LAYERS: &[&[&str]] = &[
    // The binary: reads the command line, wires the rest together.
    &["main"],
    // What drives the application: the chat adapters and the console; the benchmarks.
    &["chat", "bench"],
    // The operator's side: metrics endpoint, health, the clean stop.
    &["ops"],
    // Routes a command to the table core or the league and owns the shared state.
    &["app"],
    // The sled and PostgreSQL stores, implementing the ports below.
    &["store"],
    // The operator's settings.
    &["config"],
    // What spans tables in a community: tournaments, ratings, notifications, languages, limits.
    &["league"],
    // One table's life: actions, decide, commit, views, clocks.
    &["table"],
    // The computer players.
    &["bots"],
    // The games' rules, views and drawings.
    &["games"],
    // The drawing toolkit.
    &["render"],
    // The message files, under every layer.
    &["i18n"],
    // The metrics' names and how they are recorded.
    &["telemetry"],
];

/// The imports of a set of files: per module, what its code imports and what only its tests do.
#[derive(Debug, Default)]
struct Graph {
    code: BTreeMap<Module, BTreeSet<Module>>,
    tests: BTreeMap<Module, BTreeSet<Module>>,
}

impl Graph {
    /// Every arrow, code and tests: (from, to, only in tests).
    fn arrows(&self) -> Vec<(&Module, &Module, bool)> {
        let mut out = Vec::new();
        for (map, test) in [(&self.code, false), (&self.tests, true)] {
            for (from, tos) in map {
                out.extend(tos.iter().map(|to| (from, to, test)));
            }
        }
        out
    }
}

/// The files of `src/`: (path relative to `src/` with `/`, text).
fn source_files() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = rust_sources(&src);
    files
        .iter()
        .map(|f| {
            let rel = f.strip_prefix(&src).expect("under src");
            let rel: Vec<String> = rel
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            (rel.join("/"), std::fs::read_to_string(f).expect("readable"))
        })
        .collect()
}

/// The module a file holds: `games/burg/mod.rs` is `games::burg`, `lib.rs` the root.
fn module_of(path: &str) -> Module {
    let path = path.strip_suffix(".rs").unwrap_or(path);
    let mut parts: Module = path.split('/').map(str::to_string).collect();
    if path == "lib" {
        return Vec::new();
    }
    if parts.len() > 1 && parts.last().map(String::as_str) == Some("mod") {
        parts.pop();
    }
    parts
}

/// A token of Rust code; comments, whitespace and literals are gone.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Ident(String),
    /// `::`
    Sep,
    Punct(char),
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The code of `text` as tokens, without comments (doc comments too) and literals.
fn tokens(text: &str) -> Vec<Tok> {
    let s: Vec<char> = text.chars().collect();
    let at = |i: usize| s.get(i).copied().unwrap_or('\0');
    let mut out = Vec::new();
    let mut i = 0;
    // Skips a quoted string whose opening `"` is at `i`; returns the index after it.
    let string = |mut i: usize| {
        i += 1;
        while i < s.len() && s[i] != '"' {
            i += if s[i] == '\\' { 2 } else { 1 };
        }
        i + 1
    };
    // Skips a character literal whose opening `'` is at `i`, or returns None for a lifetime.
    let character = |i: usize| {
        if at(i + 1) == '\\' {
            let mut j = i + 3;
            while j < s.len() && s[j] != '\'' {
                j += 1;
            }
            Some(j + 1)
        } else if at(i + 2) == '\'' {
            Some(i + 3)
        } else {
            None
        }
    };
    while i < s.len() {
        let c = s[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < s.len() {
                if s[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if s[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == '"' {
            i = string(i);
        } else if c == '\'' {
            match character(i) {
                Some(next) => i = next,
                None => i += 1, // a lifetime: its name follows as an identifier
            }
        } else if c.is_ascii_digit() {
            while i < s.len() && is_ident_char(s[i]) {
                i += 1;
            }
        } else if is_ident_char(c) {
            let start = i;
            while i < s.len() && is_ident_char(s[i]) {
                i += 1;
            }
            let word: String = s[start..i].iter().collect();
            match (word.as_str(), at(i)) {
                ("b" | "c", '"') => i = string(i),
                ("b", '\'') => i = character(i).unwrap_or(i + 1),
                ("r" | "br" | "cr", '"' | '#') => {
                    let mut hashes = 0;
                    while at(i + hashes) == '#' {
                        hashes += 1;
                    }
                    if at(i + hashes) == '"' {
                        // A raw string: up to a `"` followed by as many `#`.
                        i += hashes + 1;
                        while i < s.len()
                            && !(s[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#'))
                        {
                            i += 1;
                        }
                        i += hashes + 1;
                    } else {
                        // A raw identifier, `r#type`: the name after the `#`.
                        i += 1;
                    }
                }
                _ => out.push(Tok::Ident(word)),
            }
        } else if c == ':' && at(i + 1) == ':' {
            out.push(Tok::Sep);
            i += 2;
        } else {
            out.push(Tok::Punct(c));
            i += 1;
        }
    }
    out
}

/// A path as written, from `toks[i]` on (a segment, a `{…}` group or `*`), after `prefix`:
/// every path it names (a group names several) and the index after it.
fn path_tree(toks: &[Tok], mut i: usize, prefix: &[String]) -> (Vec<Vec<String>>, usize) {
    match toks.get(i) {
        Some(Tok::Punct('{')) => {
            let mut paths = Vec::new();
            i += 1;
            loop {
                match toks.get(i) {
                    None => return (paths, i),
                    Some(Tok::Punct('}')) => return (paths, i + 1),
                    Some(Tok::Punct(',')) => i += 1,
                    Some(_) => {
                        let (more, next) = path_tree(toks, i, prefix);
                        paths.extend(more);
                        // Something a group cannot hold: step over it.
                        i = next.max(i + 1);
                    }
                }
            }
        }
        Some(Tok::Punct('*')) => (vec![prefix.to_vec()], i + 1),
        Some(Tok::Ident(first)) => {
            let mut path = prefix.to_vec();
            path.push(first.clone());
            i += 1;
            while toks.get(i) == Some(&Tok::Sep) {
                match toks.get(i + 1) {
                    Some(Tok::Ident(next)) => {
                        path.push(next.clone());
                        i += 2;
                    }
                    Some(Tok::Punct('{' | '*')) => return path_tree(toks, i + 1, &path),
                    _ => break, // `::<T>` and the like
                }
            }
            // `… as name`
            if toks.get(i) == Some(&Tok::Ident("as".into())) {
                i += 2;
            }
            (vec![path], i)
        }
        _ => (Vec::new(), i),
    }
}

/// Where a written path (`crate`, `super`, `self`, a child module or, in `main.rs`,
/// `spieltisch` first) leads, from code in `here` (a file's module and the inline modules around
/// the code) of a file in the crate rooted at `root`; `None` for an empty path.
fn resolve(written: &[String], here: &[String], root: &[String]) -> Option<Module> {
    let (first, rest) = written.split_first()?;
    let mut path: Module = match first.as_str() {
        "crate" => root.to_vec(),
        "spieltisch" if root == ["main"] => Vec::new(),
        "self" => here.to_vec(),
        "super" => {
            let mut base = here.to_vec();
            base.pop();
            base
        }
        _ => {
            let mut base = here.to_vec();
            base.push(first.clone());
            base
        }
    };
    let mut rest = rest.iter().peekable();
    while rest.peek().is_some_and(|s| *s == "super") && first == "super" {
        path.pop();
        rest.next();
    }
    // `self` inside a group (`use a::{self, b}`) is the group's prefix.
    path.extend(rest.filter(|s| *s != "self").cloned());
    Some(path)
}

/// The imports of the code in `files` ((path under `src/`, text)).
fn graph_of(files: &[(String, String)]) -> Graph {
    let modules: BTreeSet<Module> = files.iter().map(|(p, _)| module_of(p)).collect();
    let mut graph = Graph::default();
    // Modules declared as tests only (`#[cfg(test)] mod x;`): all their code is tests.
    let mut test_modules = BTreeSet::new();
    for (path, text) in files {
        let module = module_of(path);
        let root: Module = if module == ["main"] {
            module.clone()
        } else {
            Vec::new()
        };
        graph.code.entry(module.clone()).or_default();
        let toks = tokens(text);
        // Open blocks: the inline module each opens, if any.
        let mut blocks: Vec<Option<String>> = Vec::new();
        // A `#[cfg(test)]` read, its item not begun yet.
        let mut cfg_test = false;
        // The depth of the `#[cfg(test)]` item the code is in.
        let mut test_item: Option<usize> = None;
        let mut i = 0;
        while i < toks.len() {
            let tok = &toks[i];
            let before = i.checked_sub(1).map(|k| &toks[k]);
            let two_before = i.checked_sub(2).map(|k| &toks[k]);
            // Attributes (`#[…]`, `#![…]`): skipped whole, noting `#[cfg(test)]`.
            if *tok == Tok::Punct('#') {
                let open = i + 1 + usize::from(toks.get(i + 1) == Some(&Tok::Punct('!')));
                if toks.get(open) == Some(&Tok::Punct('[')) {
                    let mut depth = 0;
                    let mut end = open;
                    while end < toks.len() {
                        match toks[end] {
                            Tok::Punct('[') => depth += 1,
                            Tok::Punct(']') => depth -= 1,
                            _ => {}
                        }
                        end += 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    let cfg_of_test = [
                        Tok::Punct('['),
                        Tok::Ident("cfg".into()),
                        Tok::Punct('('),
                        Tok::Ident("test".into()),
                        Tok::Punct(')'),
                        Tok::Punct(']'),
                    ];
                    cfg_test |= toks.get(open..end) == Some(&cfg_of_test[..]);
                    i = end;
                    continue;
                }
            }
            if std::mem::take(&mut cfg_test) && test_item.is_none() {
                // The item under `#[cfg(test)]` begins.
                test_item = Some(blocks.len());
            }
            let declared = match (two_before, before) {
                (Some(Tok::Ident(m)), Some(Tok::Ident(name))) if m == "mod" => Some(name.clone()),
                _ => None,
            };
            match tok {
                Tok::Punct('{') => blocks.push(declared),
                Tok::Punct('}') => {
                    blocks.pop();
                    if test_item == Some(blocks.len()) {
                        test_item = None;
                    }
                }
                Tok::Punct(';') if test_item == Some(blocks.len()) => {
                    if let Some(name) = declared {
                        let mut child = module.clone();
                        child.extend(blocks.iter().flatten().cloned());
                        child.push(name);
                        test_modules.insert(child);
                    }
                    test_item = None;
                }
                _ => {}
            }
            let Tok::Ident(word) = tok else {
                i += 1;
                continue;
            };
            let mut here = module.clone();
            here.extend(blocks.iter().flatten().cloned());
            let starts = toks.get(i + 1) == Some(&Tok::Sep)
                && !matches!(before, Some(Tok::Sep | Tok::Punct('.')))
                // `pub(in crate::a)` is a visibility, not an import.
                && !matches!(before, Some(Tok::Ident(w)) if w == "in");
            let known = |w: &str| {
                let mut child = here.clone();
                child.push(w.to_string());
                modules.contains(&child)
            };
            let by_name = matches!(word.as_str(), "crate" | "super" | "self")
                || (word == "spieltisch" && root == ["main"]);
            if !starts || !(by_name || known(word)) {
                i += 1;
                continue;
            }
            let (written, next) = path_tree(&toks, i, &[]);
            i = next;
            let test = test_item.is_some();
            for w in written {
                let Some(mut to) = resolve(&w, &here, &root) else {
                    continue;
                };
                while !to.is_empty() && !modules.contains(&to) {
                    to.pop();
                }
                if to.is_empty() || module.starts_with(&to) {
                    continue;
                }
                let map = if test {
                    &mut graph.tests
                } else {
                    &mut graph.code
                };
                map.entry(module.clone()).or_default().insert(to);
            }
        }
    }
    // Code in a test-only module file is tests.
    for (module, tos) in std::mem::take(&mut graph.code) {
        if test_modules.iter().any(|t| module.starts_with(t)) {
            graph.tests.entry(module).or_default().extend(tos);
        } else {
            graph.code.insert(module, tos);
        }
    }
    graph
}

/// The line of [`LAYERS`] a module's layer is on.
fn layer_of(module: &Module) -> Option<usize> {
    let top = module.first()?;
    LAYERS.iter().position(|line| line.contains(&top.as_str()))
}

/// The arrows of `graph` that point outwards or sideways between layers.
fn outward(graph: &Graph) -> Vec<String> {
    let mut wrong = Vec::new();
    for (from, to, test) in graph.arrows() {
        let (Some(a), Some(b)) = (layer_of(from), layer_of(to)) else {
            continue;
        };
        if b <= a && from.first() != to.first() {
            let tests = if test { " (in its tests)" } else { "" };
            wrong.push(format!("{} → {}{tests}", from.join("::"), to.join("::")));
        }
    }
    wrong
}

/// The modules of `graph` that reach themselves again along the imports of the code.
fn cycles(graph: &Graph) -> Vec<String> {
    let mut found = Vec::new();
    for start in graph.code.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&Module> = graph.code[start].iter().collect();
        while let Some(m) = stack.pop() {
            if m == start {
                found.push(start.join("::"));
                break;
            }
            if seen.insert(m.clone()) {
                stack.extend(graph.code.get(m).into_iter().flatten());
            }
        }
    }
    found
}

#[test]
fn every_source_file_is_under_800_lines() {
    let long: Vec<String> = source_files()
        .iter()
        .filter_map(|(path, text)| {
            let lines = text.lines().count();
            (lines >= 800).then(|| format!("src/{path} ({lines} lines)"))
        })
        .collect();
    assert!(long.is_empty(), "too long: {long:?}");
}

#[test]
fn every_top_level_module_has_its_layer() {
    let graph = graph_of(&source_files());
    let tops: BTreeSet<&String> = graph.code.keys().filter_map(|m| m.first()).collect();
    let homeless: Vec<&&String> = tops
        .iter()
        .filter(|t| !LAYERS.iter().any(|line| line.contains(&t.as_str())))
        .collect();
    assert!(homeless.is_empty(), "not in LAYERS: {homeless:?}");
    assert!(tops.len() >= 9, "{tops:?}");
}

#[test]
fn layers_import_only_inwards() {
    let graph = graph_of(&source_files());
    let wrong = outward(&graph);
    assert!(wrong.is_empty(), "imports pointing outwards: {wrong:#?}");
    // The reader finds the arrows (some 600 today), its tests' among them.
    assert!(graph.arrows().len() > 300, "{}", graph.arrows().len());
    assert!(!graph.tests.is_empty());
}

#[test]
fn no_two_modules_import_each_other() {
    let found = cycles(&graph_of(&source_files()));
    assert!(found.is_empty(), "modules in an import cycle: {found:#?}");
}

#[test]
fn a_game_is_named_outside_its_folder_only_where_it_is_registered() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = rust_sources(&src);
    let games: Vec<String> = std::fs::read_dir(src.join("games"))
        .expect("src/games")
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(games.len() >= 4, "{games:?}");
    for game in games {
        let folder = src.join("games").join(&game);
        let naming: Vec<String> = files
            .iter()
            .filter(|f| !f.starts_with(&folder))
            .filter(|f| {
                std::fs::read_to_string(f).is_ok_and(|text| {
                    text.split(|c: char| !c.is_alphanumeric())
                        .any(|word| word.eq_ignore_ascii_case(&game))
                })
            })
            .map(|f| f.display().to_string())
            .collect();
        assert!(
            naming.len() <= 3,
            "{game} is named outside its folder in {naming:#?}"
        );
    }
}

// The rules on made-up files: each plants one arrow and checks it is caught (or, written where
// the compiler does not read it, that it is not).

fn fake(files: &[(&str, &str)]) -> Graph {
    let files: Vec<(String, String)> = files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    graph_of(&files)
}

/// The arrows of a made-up set, as `from → to`.
fn arrows_of(files: &[(&str, &str)]) -> BTreeSet<String> {
    fake(files)
        .arrows()
        .into_iter()
        .map(|(f, t, _)| format!("{} → {}", f.join("::"), t.join("::")))
        .collect()
}

const TREE: &[(&str, &str)] = &[
    (
        "lib.rs",
        "pub mod chat; pub mod games; pub mod table; pub mod bots;",
    ),
    ("chat/mod.rs", "pub mod x;"),
    ("chat/x.rs", "pub struct Y;"),
    ("bots/mod.rs", "pub mod ismcts;"),
    ("bots/ismcts.rs", "pub fn search() {}"),
    ("games/mod.rs", "pub mod dvonn;"),
    ("games/dvonn/mod.rs", "pub mod engine; mod placement;"),
    ("games/dvonn/engine.rs", "pub fn think() {}"),
    ("games/dvonn/placement.rs", "pub fn search() {}"),
    ("table/mod.rs", "pub mod decide;"),
    ("table/decide.rs", "pub fn decide() {}"),
];

fn with<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut files: Vec<_> = TREE
        .iter()
        .filter(|(p, _)| !extra.iter().any(|(q, _)| q == p))
        .copied()
        .collect();
    files.extend_from_slice(extra);
    files
}

#[test]
fn a_full_path_in_code_back_up_is_caught() {
    let planted = with(&[(
        "games/dvonn/engine.rs",
        "pub fn think() -> usize { let y = crate::chat::x::Y; std::mem::size_of_val(&y) }",
    )]);
    assert_eq!(outward(&fake(&planted)), ["games::dvonn::engine → chat::x"]);
}

#[test]
fn a_games_test_calling_the_bots_is_caught() {
    let planted = with(&[(
        "games/dvonn/engine.rs",
        "pub fn think() {}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n    #[test]\n    \
         fn plays() {\n        crate::bots::ismcts::search();\n        think();\n    }\n}\n",
    )]);
    let graph = fake(&planted);
    assert!(graph.code[&vec!["games".into(), "dvonn".into(), "engine".into()]].is_empty());
    assert_eq!(
        outward(&graph),
        ["games::dvonn::engine → bots::ismcts (in its tests)"]
    );
    // `super::super::…` inside the tests counts from the tests module.
    let planted = with(&[(
        "games/dvonn/engine.rs",
        "#[cfg(test)]\n#[allow(unused)]\nmod tests {\n    use super::super::placement;\n}\n",
    )]);
    assert_eq!(
        fake(&planted).tests[&vec!["games".into(), "dvonn".into(), "engine".into()]],
        BTreeSet::from([vec![
            "games".to_string(),
            "dvonn".into(),
            "placement".into()
        ]])
    );
    // A test module in a file of its own is tests throughout.
    let planted = with(&[
        ("games/dvonn/engine.rs", "#[cfg(test)]\nmod checks;"),
        ("games/dvonn/engine/checks.rs", "use crate::bots::ismcts;"),
    ]);
    assert_eq!(
        outward(&fake(&planted)),
        ["games::dvonn::engine::checks → bots::ismcts (in its tests)"]
    );
}

#[test]
fn a_circle_by_full_path_is_caught() {
    let planted = with(&[
        (
            "games/dvonn/engine.rs",
            "pub const WHITE: u8 = 1;\npub fn think() { super::placement::search(); }",
        ),
        (
            "games/dvonn/placement.rs",
            "use super::engine::WHITE;\npub fn search() { let _ = WHITE; }",
        ),
    ]);
    assert_eq!(
        cycles(&fake(&planted)),
        ["games::dvonn::engine", "games::dvonn::placement"]
    );
    // Both sides by full path, one of them with `crate::`.
    let planted = with(&[
        (
            "games/dvonn/engine.rs",
            "pub fn think() { super::super::dvonn::placement::search(); }",
        ),
        (
            "games/dvonn/placement.rs",
            "pub fn search() -> u8 { crate::games::dvonn::engine::think(); 1 }",
        ),
    ]);
    assert_eq!(cycles(&fake(&planted)).len(), 2);
    // Through a child module by its name in its parent, or by `self::`.
    for call in ["engine::think()", "self::engine::think()"] {
        let parent = format!("pub mod engine; mod placement;\npub fn go() {{ {call}; }}");
        let planted = with(&[
            ("games/mod.rs", "pub mod any; pub mod dvonn;"),
            ("games/any.rs", "pub fn all() { super::dvonn::go(); }"),
            ("games/dvonn/mod.rs", &parent),
            (
                "games/dvonn/engine.rs",
                "pub fn think() { crate::games::any::all(); }",
            ),
        ]);
        assert!(
            arrows_of(&planted).contains("games::dvonn → games::dvonn::engine"),
            "{call}: {:?}",
            arrows_of(&planted)
        );
        assert_eq!(
            cycles(&fake(&planted)),
            ["games::any", "games::dvonn", "games::dvonn::engine"]
        );
    }
}

#[test]
fn use_groups_are_read_to_their_leaves() {
    let planted = with(&[(
        "table/decide.rs",
        "use crate::{\n    chat::{self, x::{Y}},\n    games::dvonn::{engine as e, placement::*},\n};",
    )]);
    let arrows = arrows_of(&planted);
    for arrow in [
        "table::decide → chat",
        "table::decide → chat::x",
        "table::decide → games::dvonn::engine",
        "table::decide → games::dvonn::placement",
    ] {
        assert!(arrows.contains(arrow), "{arrow}: {arrows:?}");
    }
    assert_eq!(outward(&fake(&planted)).len(), 2);
}

#[test]
fn paths_in_comments_and_literals_are_no_imports() {
    let planted = with(&[(
        "games/dvonn/engine.rs",
        "//! Unlike [`crate::chat::x`], this knows no chat.\n\
         /// Not [`crate::bots::ismcts`] either. /* nor crate::chat::x::Y */\n\
         pub fn think<'a>(s: &'a str) -> (&'a str, char, &'static str, &'static [u8]) {\n\
             // crate::bots::ismcts::search()\n\
             let c = '\"'; let q = '\\''; let e = b'x';\n\
             let _ = (q, e, \"crate::chat::x::Y \\\" crate::bots::ismcts\");\n\
             (s, c, r#\"crate::chat::x \" crate::bots\"#, br\"crate::chat\")\n\
         }\n",
    )]);
    let graph = fake(&planted);
    assert!(outward(&graph).is_empty(), "{:?}", outward(&graph));
    assert!(cycles(&graph).is_empty());
}

#[test]
fn the_table_core_importing_the_league_is_caught() {
    let league = [
        ("league/mod.rs", "pub mod rating;"),
        ("league/rating.rs", "pub struct Rating;"),
        ("app/mod.rs", "pub struct App;"),
    ];
    let planted = with(&[
        league[0],
        league[1],
        league[2],
        (
            "table/decide.rs",
            "pub fn decide() -> crate::league::rating::Rating { crate::league::rating::Rating::new() }",
        ),
    ]);
    assert_eq!(outward(&fake(&planted)), ["table::decide → league::rating"]);
    // Nor may the league or the table import the application.
    let planted = with(&[
        league[0],
        ("league/rating.rs", "use crate::app::App;"),
        league[2],
        (
            "table/decide.rs",
            "pub fn decide(_: &super::super::app::App) {}",
        ),
    ]);
    assert_eq!(
        outward(&fake(&planted)),
        ["league::rating → app", "table::decide → app"]
    );
    // The application and the chats above them may.
    let planted = with(&[
        league[0],
        league[1],
        (
            "app/mod.rs",
            "use crate::league::rating::Rating;\nuse crate::table::decide;",
        ),
        ("chat/x.rs", "pub struct Y(crate::app::App);"),
    ]);
    assert!(outward(&fake(&planted)).is_empty());
}
