//! The console binary (`spieltisch local`), driven as a user would drive it: a whole script on
//! standard input ([`run`]), exactly the arguments a reader types ([`run_as_typed`]), or line by
//! line, waiting for its answers and killed with SIGKILL ([`Console`]); and the golden sessions
//! of `tests/golden` ([`golden`]).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// `spieltisch local --data data --out out <extra>` in `dir`, `env` set. Scripts play at
/// machine speed, which the per-minute limits would rightly take for a flood (the limits have
/// tests of their own), so they are lifted; the store is the one in `data` unless `env` names
/// another (`SPIELTISCH_STORE`).
fn local(dir: &Path, extra: &[&str], env: &[(&str, &str)]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_spieltisch"));
    command
        .args(["local", "--data", "data", "--out", "out"])
        .args(extra)
        .current_dir(dir)
        .env_remove("RUST_LOG")
        .env_remove("SPIELTISCH_STORE")
        .env("SPIELTISCH_LIMITS__COMMANDS_PER_MINUTE", "1000000")
        .env("SPIELTISCH_LIMITS__IMAGES_PER_MINUTE", "1000000")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped());
    command
}

/// The seed the golden sessions are played with (`--seed`).
pub const GOLDEN_SEED: &str = "42";

/// `tests/golden/<file>`.
pub fn golden_file(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(file)
}

/// The golden session `name`: its script (`<name>.in`, bytes: it holds bad input too) and its
/// transcript (`<name>.out`, empty while there is none).
pub fn golden(name: &str) -> (Vec<u8>, String) {
    let input = std::fs::read(golden_file(&format!("{name}.in"))).expect("script");
    let expected = std::fs::read_to_string(golden_file(&format!("{name}.out"))).unwrap_or_default();
    (input, expected)
}

/// Runs the console with `extra` arguments in `dir` on `input` to its end; its output. It must
/// succeed.
pub fn run(dir: &Path, extra: &[&str], input: &[u8]) -> String {
    let mut child = local(dir, extra, &[])
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
pub fn run_as_typed<S: AsRef<std::ffi::OsStr>>(
    dir: &Path,
    args: &[S],
    input: &[u8],
) -> (bool, String, String) {
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

/// One run of the console, driven line by line: its input, its output lines as they come.
pub struct Console {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Console {
    /// The console with `extra` arguments and `env` in `dir` (see [`run`]).
    pub fn start(dir: &Path, extra: &[&str], env: &[(&str, &str)]) -> Console {
        let mut child = local(dir, extra, env)
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let input = child.stdin.take().expect("stdin");
        let output = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Console {
            child,
            input,
            lines,
        }
    }

    /// Types `text` (one line or several).
    pub fn say(&mut self, text: &str) {
        writeln!(self.input, "{}", text.trim_end_matches('\n')).expect("input written");
        self.input.flush().expect("flushed");
    }

    /// The output lines until one contains `marker`, that one included. A marker that does not
    /// come within a minute fails the test (a guard against a hang, not a time limit).
    pub fn until(&mut self, marker: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Ok(line) = self.lines.recv_timeout(left) else {
                panic!("no {marker:?} in {seen:#?}")
            };
            let done = line.contains(marker);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// Ends the input, as Ctrl-D does, and waits for the console to exit.
    pub fn finish(self) -> std::process::ExitStatus {
        let Console {
            mut child, input, ..
        } = self;
        drop(input);
        child.wait().expect("the console exits")
    }

    /// Sends `SIGTERM`, as systemd or a container runtime stops a service.
    pub fn terminate(&self) {
        let pid = libc::pid_t::try_from(self.child.id()).expect("a pid");
        // SAFETY: kill(2) with a child's pid and a valid signal number touches no memory.
        let sent = unsafe { libc::kill(pid, libc::SIGTERM) };
        assert_eq!(sent, 0, "SIGTERM sent");
    }

    /// Waits for the console to exit (its input left open): its status and every output line
    /// not taken yet.
    pub fn exit(self) -> (std::process::ExitStatus, Vec<String>) {
        let Console {
            mut child,
            input,
            lines,
        } = self;
        let status = child.wait().expect("the console exits");
        drop(input);
        (status, lines.iter().collect())
    }

    /// kill -9: no goodbye, no last tick, no flush.
    pub fn kill(mut self) {
        self.child.kill().expect("SIGKILL");
        let _ = self.child.wait();
    }
}
