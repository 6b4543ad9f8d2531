//! The console binary driven by a script on standard input (shared by the console tests).
#![allow(dead_code)] // each test crate uses its own part

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs `spieltisch local --data data --out out <extra>` in `dir` on `input`; returns stdout.
pub fn run_console_with(dir: &Path, extra: &[&str], input: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .args(["local", "--data", "data", "--out", "out"])
        .args(extra)
        .current_dir(dir)
        .env_remove("RUST_LOG")
        // The scripts play whole games at machine speed, which the per-minute limits would
        // rightly take for a flood (tests/limits.rs tests those).
        .env("SPIELTISCH_LIMITS__COMMANDS_PER_MINUTE", "1000000")
        .env("SPIELTISCH_LIMITS__IMAGES_PER_MINUTE", "1000000")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("input written");
    let output = child
        .wait_with_output()
        .expect("the console ends at end of input");
    assert!(
        output.status.success(),
        "exit {:?}, stderr: {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("output is UTF-8")
}

/// Runs the binary with exactly `args` (as a reader would type them after `cargo run --release
/// --`) in `dir`, `input` on standard input, with nothing lifted: no limits changed, no data or
/// image directory given. Returns (exit success, stdout, stderr).
pub fn run_as_typed(dir: &Path, args: &[String], input: &[u8]) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .args(args)
        .current_dir(dir)
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // A program that exits early (a refused flag) closes its input: that is its answer.
    let _ = child.stdin.take().expect("stdin").write_all(input);
    let output = child.wait_with_output().expect("the program ends");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}
