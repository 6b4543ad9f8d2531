//! The console binary driven by a script on standard input (shared by the console tests).

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
