//! Compiles every message file under `locales/<lang>/` into the binary: writes the list that
//! `src/i18n/mod.rs` includes (so a new area or game needs no line of code to be loaded).

use std::fmt::Write as _;
use std::path::Path;

/// The languages, in `Lang::ALL`'s order.
const LANGS: [&str; 3] = ["en", "de", "nl"];

fn main() {
    // Read when the script runs, not baked in when it is compiled: a build directory shared by
    // two checkouts reuses one compiled script for both.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join("locales");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut out = String::from("[\n");
    for lang in LANGS {
        let dir = root.join(lang);
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(|e| {
                let name = e.ok()?.file_name().into_string().ok()?;
                Some(name.strip_suffix(".ftl")?.to_string())
            })
            .collect();
        files.sort();
        out.push_str("    &[\n");
        for file in files {
            let path = dir.join(format!("{file}.ftl"));
            println!("cargo:rerun-if-changed={}", path.display());
            // The path is resolved when the crate compiles, from its own manifest directory:
            // a build directory shared by two checkouts may reuse this list for either.
            writeln!(
                out,
                "        ({file:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), {:?}))),",
                format!("/locales/{lang}/{file}.ftl")
            )
            .expect("write to a string");
        }
        out.push_str("    ],\n");
    }
    out.push(']');
    let target = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("locales.rs");
    std::fs::write(target, out).expect("the list of message files is written");
}
