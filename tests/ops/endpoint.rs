//! `[http] listen`: a scripted game through the console, then `/metrics` scraped as Prometheus
//! does and the counters read; `/healthz`, `/readyz` and `spieltisch health`.

use std::process::Command;

use crate::support::console::{Console, GOLDEN_SEED, golden};
use crate::support::ops::{free_address, get, get_when_up, sample};

#[test]
fn a_scripted_game_moves_the_counters_an_operator_reads() {
    let dir = tempfile::tempdir().expect("temp dir");
    let listen = free_address();
    let mut console = Console::start(
        dir.path(),
        &["--seed", GOLDEN_SEED],
        &[("SPIELTISCH_HTTP__LISTEN", listen.as_str())],
    );
    let (alive, text) = get_when_up(&format!("http://{listen}/healthz"));
    assert_eq!((alive, text.as_str()), (200, "alive\n"));
    let before = get(&format!("http://{listen}/metrics")).expect("scraped").1;
    let (script, _) = golden("dvonn_game");
    let script = String::from_utf8_lossy(&script).into_owned();
    console.say(&script);
    // The script's last line opens a lobby for dave.
    console.until("dave seated (1/2)");
    let (status, metrics) = get(&format!("http://{listen}/metrics")).expect("scraped");
    assert_eq!(status, 200);
    let count = |text: &str, name: &str, labels: &str| sample(text, name, labels).unwrap_or(0.0);
    let moved =
        |name: &str, labels: &str| count(&metrics, name, labels) - count(&before, name, labels);
    let moves = script
        .lines()
        .filter(|l| l.contains(": /move ") || l.contains(": /m "))
        .count() as f64;
    assert!(moves > 10.0, "the script plays a game");
    let accepted = moved("spieltisch_commands_total", r#"verb="move",outcome="ok""#);
    let refused = moved(
        "spieltisch_commands_total",
        r#"verb="move",outcome="refused""#,
    );
    assert_eq!(
        accepted + refused,
        moves,
        "every /move counted once:\n{metrics}"
    );
    assert!(
        accepted > 0.0 && refused > 0.0,
        "the script has good and bad moves"
    );
    assert!(
        moved(
            "spieltisch_commands_total",
            r#"verb="unknown",outcome="refused""#
        ) >= 1.0
    );
    let commands: f64 = metrics
        .lines()
        .filter(|l| l.starts_with("spieltisch_commands_total{"))
        .filter_map(|l| l.rsplit_once(' ')?.1.parse::<f64>().ok())
        .sum();
    assert_eq!(
        count(
            &metrics,
            "spieltisch_answer_seconds_count",
            r#"chat="console""#
        ),
        commands,
        "every command's answer timed"
    );
    assert!(moved("spieltisch_store_commit_seconds_count", r#"store="sled""#) >= accepted);
    assert!(moved("spieltisch_store_sync_seconds_count", "") >= 1.0);
    assert_eq!(
        count(
            &metrics,
            "spieltisch_tables_open",
            r#"game="dvonn",state="seating""#
        ),
        1.0,
        "dave's lobby is open"
    );
    // The game in #local is over; the one in #t2 runs on (its creator may not abort it).
    assert_eq!(
        count(
            &metrics,
            "spieltisch_tables_open",
            r#"game="dvonn",state="playing""#
        ),
        1.0
    );
    let open: f64 = metrics
        .lines()
        .filter(|l| l.starts_with("spieltisch_tables_open{"))
        .filter_map(|l| l.rsplit_once(' ')?.1.parse::<f64>().ok())
        .sum();
    assert_eq!(open, 2.0, "every other game and state at 0:\n{metrics}");
    // Conventions: units in the names, no id as a label.
    assert!(metrics.contains("# TYPE spieltisch_answer_seconds histogram"));
    for line in metrics.lines().filter(|l| l.starts_with("spieltisch_")) {
        for forbidden in ["channel=", "user=", "table="] {
            assert!(!line.contains(forbidden), "an id as a label: {line}");
        }
    }
    let (ready, report) = get(&format!("http://{listen}/readyz")).expect("asked");
    assert_eq!(ready, 200, "{report}");
    assert!(
        report.starts_with("ready\nstore: ok (read and synced write in"),
        "{report}"
    );
    let health = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .args(["health", "--url", &format!("http://{listen}/readyz")])
        .output()
        .expect("health runs");
    assert!(health.status.success());
    assert!(String::from_utf8_lossy(&health.stdout).starts_with("ready\n"));
    assert!(console.finish().success());
    // Nothing listens any more: not ready, a non-zero exit, one line saying why.
    let health = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .args(["health", "--url", &format!("http://{listen}/readyz")])
        .output()
        .expect("health runs");
    assert!(!health.status.success());
    let said = String::from_utf8_lossy(&health.stderr);
    assert!(said.contains("not ready"), "{said}");
}

#[test]
fn an_address_that_cannot_be_used_is_refused_at_the_start() {
    let dir = tempfile::tempdir().expect("temp dir");
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let listen = taken.local_addr().expect("its address").to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .args(["local", "--data", "data"])
        .current_dir(dir.path())
        .env("SPIELTISCH_HTTP__LISTEN", &listen)
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains(&format!("[http] listen = \"{listen}\"")),
        "{said}"
    );
}

#[test]
fn health_without_an_endpoint_says_what_to_set() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .arg("health")
        .current_dir(dir.path())
        .env_remove("SPIELTISCH_HTTP__LISTEN")
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("[http] listen"));
}
