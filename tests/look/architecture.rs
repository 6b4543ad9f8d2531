//! The shape of the source tree, checked: every file fits in a reader's head (under 800 lines),
//! the layers import only inwards (chat adapters and stores → table → computer players →
//! games → the drawing toolkit; the message files under all of them), and no two modules import each other, directly or around a loop.
//!
//! Imports are read from the `use` lines of `src/` (a module's tests excluded). A module may
//! import its own ancestors (Rust's re-exports make parent and child one unit) but not a
//! sibling that imports it back.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::support::files::rust_sources;

type Module = Vec<String>;

fn module_of(src: &Path, path: &Path) -> Module {
    let rel = path
        .strip_prefix(src)
        .expect("under src")
        .with_extension("");
    let mut parts: Module = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

fn is_module(src: &Path, parts: &[String]) -> bool {
    let base: PathBuf = parts.iter().collect();
    src.join(&base).with_extension("rs").exists() || src.join(&base).join("mod.rs").exists()
}

/// The modules each module imports.
fn imports(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let files = rust_sources(src);
    let mut graph: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for file in files {
        let module = module_of(src, &file);
        let text = std::fs::read_to_string(&file).expect("readable");
        let text = text
            .split("#[cfg(test)]\nmod tests")
            .next()
            .unwrap_or_default();
        let edges = graph.entry(module.clone()).or_default();
        for line in text.lines() {
            let line = line.trim_start();
            let line = line
                .strip_prefix("pub(crate) ")
                .or_else(|| line.strip_prefix("pub(super) "))
                .or_else(|| line.strip_prefix("pub "))
                .unwrap_or(line);
            let Some(path) = line.strip_prefix("use ") else {
                continue;
            };
            let path = path.trim_end_matches(';');
            let mut parts: Module = if let Some(rest) = path.strip_prefix("crate::") {
                rest.split("::").map(str::to_string).collect()
            } else if path.starts_with("super::") {
                let mut base = module.clone();
                let mut rest = path;
                while let Some(r) = rest.strip_prefix("super::") {
                    base.pop();
                    rest = r;
                }
                base.extend(rest.split("::").map(str::to_string));
                base
            } else {
                continue;
            };
            while !parts.is_empty() && !is_module(src, &parts) {
                parts.pop();
            }
            if !parts.is_empty() && !module.starts_with(&parts) {
                edges.insert(parts);
            }
        }
    }
    graph
}

#[test]
fn every_source_file_is_under_800_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = rust_sources(&src);
    let long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let lines = std::fs::read_to_string(f).ok()?.lines().count();
            (lines >= 800).then(|| format!("{} ({lines} lines)", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "too long: {long:?}");
}

#[test]
fn layers_import_only_inwards() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let outward: &[(&str, &[&str])] = &[
        (
            "games",
            &["bots", "table", "store", "chat", "bench", "config"],
        ),
        ("bots", &["table", "store", "chat", "bench", "config"]),
        (
            "render",
            &["games", "table", "store", "chat", "bench", "config"],
        ),
        ("table", &["store", "chat", "bench", "config"]),
        // Every layer speaks through the message files; they know of no layer.
        (
            "i18n",
            &[
                "games", "bots", "render", "table", "store", "chat", "bench", "config",
            ],
        ),
        ("store", &["chat", "bench"]),
    ];
    let mut wrong = Vec::new();
    for (from, targets) in imports(&src) {
        for to in targets {
            let (Some(a), Some(b)) = (from.first(), to.first()) else {
                continue;
            };
            if outward
                .iter()
                .any(|(layer, forbidden)| a == layer && forbidden.contains(&b.as_str()))
            {
                wrong.push(format!("{} → {}", from.join("::"), to.join("::")));
            }
        }
    }
    assert!(wrong.is_empty(), "imports pointing outwards: {wrong:#?}");
}

#[test]
fn no_two_modules_import_each_other() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = imports(&src);
    // A module that reaches itself again along the imports is in a cycle.
    let mut cycles = Vec::new();
    for start in graph.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&Module> = graph[start].iter().collect();
        while let Some(m) = stack.pop() {
            if m == start {
                cycles.push(start.join("::"));
                break;
            }
            if seen.insert(m.clone()) {
                stack.extend(graph.get(m).into_iter().flatten());
            }
        }
    }
    assert!(cycles.is_empty(), "modules in an import cycle: {cycles:#?}");
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
