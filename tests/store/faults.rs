//! The store under faults: a full disk (the kernel refusing to let
//! sled's file grow), then room again — the store recovers by itself, without a restart, and
//! nothing acknowledged is lost; a restart writes nothing when nothing changed.

use std::path::Path;
use std::sync::Arc;

use spieltisch::table::{ManualTimeSource, TableStore};

use crate::support::process::alone;
use crate::support::service::sled;
use crate::support::watched::Watched;
use crate::support::{assert_refusal, say, setup};

/// Limits how large a file this process may write (`RLIMIT_FSIZE`, soft limit only, so it can
/// be raised again); writes past it fail with `EFBIG`, as on a full disk.
fn limit_file_size(bytes: Option<u64>) {
    // SAFETY: plain system calls on this process's own limits and signal disposition.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        assert_eq!(libc::getrlimit(libc::RLIMIT_FSIZE, &mut limit), 0);
        limit.rlim_cur = bytes.unwrap_or(limit.rlim_max);
        assert_eq!(libc::setrlimit(libc::RLIMIT_FSIZE, &limit), 0);
    }
}

fn db_size(dir: &Path) -> u64 {
    std::fs::metadata(dir.join("db"))
        .map(|m| m.len())
        .unwrap_or(0)
}

/// The file size limit is the whole process's: this test runs in a process of its own.
#[test]
fn a_full_disk_refuses_changes_and_the_store_recovers_when_there_is_room_again() {
    if !alone(
        module_path!(),
        "a_full_disk_refuses_changes_and_the_store_recovers_when_there_is_room_again",
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(sled(dir.path()));
    let service = setup().seed(1).on(store.clone());
    assert!(!say(&service, "#game", "alice", "/join dvonn")[0].error);
    assert!(!say(&service, "#game", "bob", "/join")[0].error);
    assert!(!say(&service, "#game", "alice", "/start")[0].error);

    // The disk is full: sled may not grow its file any further.
    limit_file_size(Some(db_size(dir.path())));
    let mut acknowledged = 0;
    let mut refused = None;
    for i in 0..20_000 {
        let channel = format!("#lobby{i}");
        let replies = say(&service, &channel, "carol", "/join dvonn");
        if replies[0].error {
            refused = Some((channel, replies[0].clone()));
            break;
        }
        acknowledged += 1;
    }
    let (channel, reply) = refused.expect("a write fails once the file may not grow");
    assert_refusal(&reply, "store-failed");
    // Still full: still refused, and the refused table does not exist.
    let again = say(&service, &channel, "carol", "/join dvonn");
    assert_refusal(&again[0], "store-failed");
    assert_refusal(&say(&service, "#game", "bob", "/resign")[0], "store-failed");

    // Room again: the next change succeeds without a restart.
    limit_file_size(None);
    let replies = say(&service, &channel, "carol", "/join dvonn");
    assert!(
        !replies[0].error,
        "the store recovered: {}",
        replies[0].text
    );
    let status = say(&service, "#game", "dave", "/status");
    assert!(status[0].text.contains("to move"), "{}", status[0].text);
    // Nothing acknowledged was lost, in memory or on disk after a restart.
    drop(service);
    let service = setup().seed(1).start(2_000_000).on(store.clone());
    for i in 0..acknowledged {
        let status = say(&service, &format!("#lobby{i}"), "dave", "/status");
        assert!(
            status[0].text.contains("Lobby: carol"),
            "#lobby{i}: {}",
            status[0].text
        );
    }
    let export = say(&service, "#game", "dave", "/export");
    assert!(
        export[0].text.contains("\"status\":\"running\""),
        "{}",
        export[0].text
    );
}

/// Heartbeats go on while the disk is full (one each tick); none of them may leave the store
/// failed once there is room again: the first change then succeeds, and the store writes
/// nothing in the background that could meet the full disk meanwhile.
#[test]
fn heartbeats_while_the_disk_is_full_cost_no_change_once_there_is_room_again() {
    if !alone(
        module_path!(),
        "heartbeats_while_the_disk_is_full_cost_no_change_once_there_is_room_again",
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let store = sled(dir.path());
    store.set_downtime(7, 1_000_000).unwrap();

    limit_file_size(Some(db_size(dir.path())));
    // A second after the synced one: kept in memory, not synced yet.
    store.set_heartbeat(1_001_000).unwrap();
    // Time for a periodic background flush (sled's runs every 500 ms unless turned off) to
    // have tried to write it to the full disk.
    std::thread::sleep(std::time::Duration::from_millis(1_500));
    limit_file_size(None);

    store
        .set_downtime(8, 1_002_000)
        .expect("the first change once there is room");
    drop(store);
    let store = sled(dir.path());
    assert_eq!(store.downtime().unwrap(), 8);
    assert_eq!(store.heartbeat().unwrap(), Some(1_002_000));
}

/// A heartbeat due to be synced meets the full disk and says so; the store recovers.
#[test]
fn a_heartbeat_synced_on_a_full_disk_fails_and_the_store_recovers() {
    if !alone(
        module_path!(),
        "a_heartbeat_synced_on_a_full_disk_fails_and_the_store_recovers",
    ) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let store = sled(dir.path());
    store.set_heartbeat(1_000_000).unwrap();

    limit_file_size(Some(db_size(dir.path())));
    // A minute later: due to be synced, which the full disk refuses.
    assert!(store.set_heartbeat(1_060_000).is_err());
    limit_file_size(None);

    store
        .set_heartbeat(1_061_000)
        .expect("synced once there is room");
    drop(store);
    assert_eq!(sled(dir.path()).heartbeat().unwrap(), Some(1_061_000));
}

/// A start rewrites no table: time while the bot was down is kept as one number, not by moving
/// every running clock; the clocks still charge nobody for it.
#[test]
fn restarts_write_no_table_and_charge_no_clock_for_the_downtime() {
    let dir = tempfile::tempdir().unwrap();
    let time = Arc::new(ManualTimeSource::new(1_000_000));
    let open = || {
        let store = Arc::new(Watched::new(sled(dir.path())));
        let service = setup().seed(1).clock(&time).on(store.clone());
        (store, service)
    };
    {
        let (_, service) = open();
        for channel in ["#a", "#b", "#c"] {
            say(&service, channel, "alice", "/join dvonn time=10m");
            say(&service, channel, "bob", "/join");
            say(&service, channel, "alice", "/start");
        }
        time.advance(std::time::Duration::from_secs(60));
        service.tick("");
    }
    for _ in 0..20 {
        // Down for an hour each time.
        time.advance(std::time::Duration::from_secs(3600));
        let (store, service) = open();
        assert_eq!(
            store.writes.load(std::sync::atomic::Ordering::SeqCst),
            0,
            "a start writes no table"
        );
        let status = say(&service, "#a", "carol", "/status");
        assert!(
            status[0].text.contains("9:00 left, clock running"),
            "only the minute before the first stop counts: {}",
            status[0].text
        );
    }
}
