//! Timers survive a crash: the real binary, its time read from a file the test writes
//! (`--clock-file`), killed with SIGKILL (kill -9) after a reminder, a vacation's end and a
//! digest were scheduled and before their moments. After the restart each fires once at its
//! moment — none lost — and after a second kill -9 and restart none fires again. Once with
//! sled, once with PostgreSQL (`SPIELTISCH_STORE`; see `tests/support/pg.rs`).

use std::path::Path;
use std::time::Duration;

use crate::support::clock::{ClockFile, HOUR, T0};
use crate::support::console::Console;
use crate::support::pg;

/// The console on `dir` with its time from `clock`, on the store at `store` (PostgreSQL) or in
/// `data` (sled); reminders at exact moments, without a spread.
fn start(dir: &Path, clock: &ClockFile, store: Option<&str>) -> Console {
    let clock = clock.arg();
    let mut env = vec![("SPIELTISCH_TIME__SPREAD", "0s")];
    if let Some(url) = store {
        env.push(("SPIELTISCH_STORE", url));
    }
    Console::start(dir, &["--seed", "7", "--clock-file", &clock], &env)
}

/// Every line the console prints until one contains `expected` (`None`: for the next two
/// ticks, a tick being a second), then up to the answer of a `/status` asked after it — so
/// whatever the same ticks printed more is seen too.
fn seen_after(console: &mut Console, expected: Option<&str>, channel: &str) -> Vec<String> {
    let mut seen = match expected {
        Some(marker) => console.until(marker),
        None => {
            std::thread::sleep(Duration::from_millis(2300));
            Vec::new()
        }
    };
    console.say(&format!("{channel} zed: /status"));
    seen.extend(console.until(&format!("[{channel}] **")));
    seen
}

/// A legal move of `user` at `channel`, from the example the bot gives to an empty `/move`.
fn example_move(console: &mut Console, channel: &str, user: &str) -> String {
    console.say(&format!("{channel} {user}: /move"));
    let seen = console.until(&format!("[{channel} → {user}] Which move?"));
    let line = seen.last().expect("the answer");
    line.split("e.g. ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().nth(1))
        .map(|mv| mv.trim_matches(|c: char| c == '`' || c == '.').to_string())
        .unwrap_or_else(|| panic!("no example in {line}"))
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
    if let Some(url) = pg::scratch("kill_9") {
        fire_once_across_kill_9(Some(&url));
    }
}

fn fire_once_across_kill_9(store: Option<&str>) {
    let dir = tempfile::tempdir().expect("temp dir");
    let clock = ClockFile::new(dir.path(), T0);
    let mut console = start(dir.path(), &clock, store);
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
        let mv = example_move(&mut console, "#b", user);
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
    clock.set(T0 + HOUR);
    let mut console = start(dir.path(), &clock, store);
    let quiet = seen_after(&mut console, None, "#c");
    assert_eq!(
        count(&quiet, "back from vacation") + count(&quiet, "⏳"),
        0,
        "{quiet:#?}"
    );
    clock.set(T0 + 8 * HOUR);
    let after = seen_after(&mut console, Some("back from vacation"), "#c");
    assert_eq!(
        count(&after, "[#c] carol (White) is back from vacation"),
        1,
        "{after:#?}"
    );
    clock.set(T0 + 14 * HOUR);
    let later = seen_after(&mut console, Some("⏳"), "#a");
    assert_eq!(count(&later, "[#a → alice] ⏳"), 1, "{later:#?}");
    assert_eq!(count(&later, "back from vacation"), 0, "{later:#?}");
    // A day after the first digest: alice's time at #a is out, and the digest lists #b.
    clock.set(T0 + 25 * HOUR);
    let digest = seen_after(&mut console, Some("📬"), "#b");
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
    clock.set(T0 + 26 * HOUR);
    let mut console = start(dir.path(), &clock, store);
    clock.set(T0 + 27 * HOUR);
    let again = seen_after(&mut console, None, "#a");
    assert_eq!(
        count(&again, "⏳") + count(&again, "back from vacation") + count(&again, "📬"),
        0,
        "{again:#?}"
    );
    console.kill();
}
