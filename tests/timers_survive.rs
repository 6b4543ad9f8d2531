//! Timers survive a crash: the real binary, its time read from a file the test writes
//! (`--clock-file`), killed with SIGKILL (kill -9) after a reminder, a vacation's end and a
//! digest were scheduled and before their moments. After the restart each fires once at its
//! moment — none lost — and after a second kill -9 and restart none fires again. Once with
//! sled, once with PostgreSQL (`SPIELTISCH_STORE`; see `pg_support`).

mod pg_support;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

const HOUR: u64 = 3600 * 1000;
const T0: u64 = 1_900_000_000_000;

/// One run of the console: its input, and its output lines as they come.
struct Console {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Console {
    fn start(dir: &Path, clock: &Path, store: Option<&str>) -> Console {
        let mut command = Command::new(env!("CARGO_BIN_EXE_spieltisch"));
        match store {
            Some(url) => command.env("SPIELTISCH_STORE", url),
            None => command.env_remove("SPIELTISCH_STORE"),
        };
        let mut child = command
            .arg("--clock-file")
            .arg(clock)
            .args(["local", "--data", "data", "--out", "out", "--seed", "7"])
            .current_dir(dir)
            .env_remove("RUST_LOG")
            .env("SPIELTISCH_LIMITS__COMMANDS_PER_MINUTE", "1000000")
            // Exact moments: no spread of the reminders.
            .env("SPIELTISCH_TIME__SPREAD", "0s")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
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

    fn say(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("input written");
        self.input.flush().expect("flushed");
    }

    /// Output lines until one contains `marker` (which must come within a minute); all of them.
    fn until(&mut self, marker: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.contains(marker);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
                    panic!("no {marker:?} in {seen:#?}")
                }
            }
        }
    }

    /// Every line the console prints until one contains `expected` (`None`: for the next two
    /// ticks, a tick being a second), then up to the answer of a `/status` asked after it — so
    /// whatever the same ticks printed more is seen too.
    fn after(&mut self, expected: Option<&str>, channel: &str) -> Vec<String> {
        let mut seen = match expected {
            Some(marker) => self.until(marker),
            None => {
                std::thread::sleep(Duration::from_millis(2300));
                Vec::new()
            }
        };
        self.say(&format!("{channel} zed: /status"));
        seen.extend(self.until(&format!("[{channel}] **")));
        seen
    }

    /// A legal move of `user` at `channel`, from the example the bot gives to an empty
    /// `/move`.
    fn example_move(&mut self, channel: &str, user: &str) -> String {
        self.say(&format!("{channel} {user}: /move"));
        let seen = self.until(&format!("[{channel} → {user}] Which move?"));
        let line = seen.last().expect("the answer");
        line.split("e.g. ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().nth(1))
            .map(|mv| mv.trim_matches(|c: char| c == '`' || c == '.').to_string())
            .unwrap_or_else(|| panic!("no example in {line}"))
    }

    /// kill -9: no goodbye, no last tick, no flush.
    fn kill(mut self) {
        self.child.kill().expect("SIGKILL");
        let _ = self.child.wait();
    }
}

fn set_clock(path: &PathBuf, at: u64) {
    // Written to a new file and renamed, so the binary never reads half a number.
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, at.to_string()).expect("clock written");
    std::fs::rename(&tmp, path).expect("clock moved");
}

fn count(lines: &[String], needle: &str) -> usize {
    lines.iter().filter(|l| l.contains(needle)).count()
}

#[test]
fn scheduled_notices_fire_once_across_kill_9() {
    fire_once_across_kill_9(None);
}

#[test]
fn postgres_scheduled_notices_fire_once_across_kill_9() {
    if let Some(url) = pg_support::scratch("kill_9") {
        fire_once_across_kill_9(Some(&url));
    }
}

fn fire_once_across_kill_9(store: Option<&str>) {
    let dir = tempfile::tempdir().expect("temp dir");
    let clock = dir.path().join("clock");
    set_clock(&clock, T0);
    let mut console = Console::start(dir.path(), &clock, store);
    // alice is White at two correspondence tables (a day and three days a move); she hears
    // by direct message.
    for line in [
        "#a alice: /notify dm",
        "#a alice: /join dvonn time=1d/move",
        "#a bob: /join",
        "#a bob: /start",
        "#b alice: /join dvonn time=3d/move",
        "#b bob: /join",
        "#b bob: /start",
    ] {
        console.say(line);
    }
    // At the second table she is to move at two: her first digest goes out at the next tick.
    console.until("[#a → alice] 📬 Your move at 2 tables here");
    // She moves at #b and bob answers: her next digest is scheduled a day after the first.
    for user in ["alice", "bob"] {
        let mv = console.example_move("#b", user);
        console.say(&format!("#b {user}: /move {mv}"));
    }
    console.say("#b bob: /status");
    let seen = console.until("[#b] **Dvonn**");
    assert_eq!(count(&seen, "📬"), 0, "{seen:#?}");
    assert_eq!(
        count(&seen, "@alice"),
        0,
        "folded into the digest: {seen:#?}"
    );
    // carol, at a table without a clock, goes on vacation for six hours.
    for line in [
        "#c carol: /join dvonn",
        "#c dave: /join",
        "#c dave: /start",
        "#c carol: /vacation 6h",
    ] {
        console.say(line);
    }
    console.until("[#c] 🏖 carol (White) is on vacation for 6h");
    // Scheduled: carol back at +6h, alice's reminder at #a at +12h, her digest at +24h. Now
    // kill -9.
    console.kill();

    // The restart comes an hour later (downtime counts for nobody), and the clock runs on.
    set_clock(&clock, T0 + HOUR);
    let mut console = Console::start(dir.path(), &clock, store);
    let quiet = console.after(None, "#c");
    assert_eq!(
        count(&quiet, "back from vacation") + count(&quiet, "⏳"),
        0,
        "{quiet:#?}"
    );
    set_clock(&clock, T0 + 8 * HOUR);
    let after = console.after(Some("back from vacation"), "#c");
    assert_eq!(
        count(&after, "[#c] carol (White) is back from vacation"),
        1,
        "{after:#?}"
    );
    set_clock(&clock, T0 + 14 * HOUR);
    let later = console.after(Some("⏳"), "#a");
    assert_eq!(count(&later, "[#a → alice] ⏳"), 1, "{later:#?}");
    assert_eq!(count(&later, "back from vacation"), 0, "{later:#?}");
    // A day after the first digest: alice's time at #a is out, and the digest lists #b.
    set_clock(&clock, T0 + 25 * HOUR);
    let digest = console.after(Some("📬"), "#b");
    assert_eq!(
        count(&digest, "[#a] ⏰ alice (White) has run out of time"),
        1,
        "{digest:#?}"
    );
    assert_eq!(
        count(&digest, "→ alice] 📬 Your move at 1 table here"),
        1,
        "{digest:#?}"
    );
    console.kill();

    // Killed again after they fired: a restart fires none of them again.
    set_clock(&clock, T0 + 26 * HOUR);
    let mut console = Console::start(dir.path(), &clock, store);
    set_clock(&clock, T0 + 27 * HOUR);
    let again = console.after(None, "#a");
    assert_eq!(
        count(&again, "⏳") + count(&again, "back from vacation") + count(&again, "📬"),
        0,
        "{again:#?}"
    );
    console.kill();
}
