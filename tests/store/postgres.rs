//! The PostgreSQL store with several processes on one database (each process here is a store
//! and a service of its own, with its own connections and memory; the stress test starts real
//! processes): no table is committed on top of a change it did not see, each timer fires in
//! one process, a lost connection costs one "try again", a sled installation migrates, and
//! bad databases are one clear line. Needs a server: see `tests/support/pg.rs`.

use std::sync::Arc;
use std::time::Duration;

use spieltisch::league::LeagueStore;
use spieltisch::store::{PgStore, SledStore, Store, StoreError};
use spieltisch::table::TableStore;
use spieltisch::table::{ManualTimeSource, Reply, TimeSource, User};

use crate::support::pg;
use crate::support::watched::Watched;
use crate::support::{Harness, assert_refusal, legal, next_move, ok, play_next, say, setup};

const CH: &str = "#pg";
const HOUR: Duration = Duration::from_secs(3600);
const PLAYERS: [&str; 2] = ["ann", "ben"];

/// A process of its own on `store`: a service with its own memory, on the shared clock.
fn service(store: Arc<dyn Store>, clock: &Arc<ManualTimeSource>, seed: u64) -> Harness {
    setup().seed(seed).clock(clock).on(store)
}

fn pg_store(url: &str) -> Arc<PgStore> {
    Arc::new(PgStore::open(url).expect("postgres opens"))
}

#[test]
fn postgres_two_processes_never_commit_on_top_of_a_change_they_did_not_see() {
    let Some(url) = pg::scratch("two_processes") else {
        return;
    };
    let clock = Arc::new(ManualTimeSource::new(1_000_000_000));
    let (a, b) = (pg_store(&url), pg_store(&url));
    let one = service(a.clone(), &clock, 1);
    let two = service(b.clone(), &clock, 2);
    ok(&one, CH, "ann", "/join dvonn");
    ok(&one, CH, "ben", "/join");
    ok(&one, CH, "ann", "/start");
    // The second process reads the table, then the first moves.
    let stale = b.current_table(CH).expect("read").expect("a table");
    play_next(&one, CH, &PLAYERS).expect("a move");
    // A commit on top of the old revision is refused, and changes nothing.
    let entry = a.log(stale.id).expect("log").pop().expect("an entry");
    let refused = b.commit(&stale, Some(&entry));
    assert!(
        matches!(refused, Err(StoreError::Conflict(_))),
        "{refused:?}"
    );
    let now = a.current_table(CH).expect("read").expect("a table");
    assert_eq!(
        now.log_len,
        stale.log_len + 1,
        "the first process's move stands"
    );
    // Each service decides on what the other committed: they take turns at one table.
    for turn in 0..6 {
        play_next([&one, &two][turn % 2], CH, &PLAYERS).expect("a move");
    }
    let table = a.current_table(CH).expect("read").expect("a table");
    let log = a.log(table.id).expect("log");
    assert_eq!(log.len() as u64, table.log_len);
    assert!(
        log.iter().enumerate().all(|(i, e)| e.seq == i as u64),
        "one entry per position, none twice"
    );
    assert_eq!(
        b.current_table(CH).expect("read").as_ref(),
        Some(&table),
        "both processes read the same table"
    );
}

#[test]
fn postgres_two_commits_racing_on_one_table_one_lands_the_other_writes_nothing() {
    let Some(url) = pg::scratch("race") else {
        return;
    };
    let clock = Arc::new(ManualTimeSource::new(1_000_000_000));
    let (a, b) = (pg_store(&url), pg_store(&url));
    let one = service(a.clone(), &clock, 1);
    ok(&one, CH, "ann", "/join dvonn");
    ok(&one, CH, "ben", "/join");
    ok(&one, CH, "ann", "/start");
    for round in 0..5 {
        // Both processes read the same revision, then commit at the same moment: one its
        // next entry with ann and ben seated, the other with ben replaced by cat.
        let (mine, theirs) = (
            a.current_table(CH).expect("read").expect("a table"),
            b.current_table(CH).expect("read").expect("a table"),
        );
        assert_eq!(mine, theirs);
        let last = a.log(mine.id).expect("log").pop().expect("an entry");
        let next = |who: &str, table: &spieltisch::table::Table| {
            let mut table = table.clone();
            let mut entry = last.clone();
            entry.seq = table.log_len;
            entry.user = Some(who.to_string());
            table.log_len += 1;
            if who == "cat" {
                table.seats[1] = User::named("cat");
            }
            (table, entry)
        };
        let (ours, our_entry) = next("ann", &mine);
        let (other, other_entry) = next("cat", &theirs);
        let start = std::sync::Barrier::new(2);
        let (first, second) = std::thread::scope(|s| {
            let first = s.spawn(|| {
                start.wait();
                a.commit(&ours, Some(&our_entry))
            });
            let second = s.spawn(|| {
                start.wait();
                b.commit(&other, Some(&other_entry))
            });
            (first.join().expect("a"), second.join().expect("b"))
        });
        let (winner, entry) = match (&first, &second) {
            (Ok(()), Err(StoreError::Conflict(_))) => (&ours, &our_entry),
            (Err(StoreError::Conflict(_)), Ok(())) => (&other, &other_entry),
            _ => panic!("round {round}: one commit lands, one conflicts: {first:?} {second:?}"),
        };
        // What is stored is the winner's whole commit, and nothing of the loser's.
        let stored = a.current_table(CH).expect("read").expect("a table");
        assert_eq!(&stored, winner, "round {round}");
        let log = a.log(stored.id).expect("log");
        assert_eq!(log.len() as u64, stored.log_len, "round {round}");
        assert_eq!(log.last(), Some(entry), "round {round}");
        let cat_seated = winner.seats.iter().any(|u| u.id == "cat");
        assert_eq!(
            a.seated_channels("cat").expect("seats"),
            if cat_seated {
                vec![CH.to_string()]
            } else {
                Vec::new()
            },
            "round {round}"
        );
        assert_eq!(
            a.seated_channels("ben").expect("seats").is_empty(),
            cat_seated,
            "round {round}"
        );
    }
    // The refused process reads again and builds on the winner's commit.
    let stored = b.current_table(CH).expect("read").expect("a table");
    let last = b.log(stored.id).expect("log").pop().expect("an entry");
    let mut next = stored.clone();
    let mut entry = last.clone();
    entry.seq = next.log_len;
    next.log_len += 1;
    b.commit(&next, Some(&entry))
        .expect("on top of what it read");
    assert_eq!(a.log(stored.id).expect("log").len() as u64, next.log_len);
}

#[test]
fn postgres_a_move_reads_its_table_only_when_another_process_changed_it() {
    let Some(url) = pg::scratch("one_read") else {
        return;
    };
    let clock = Arc::new(ManualTimeSource::new(1_000_000_000));
    let (a, b) = (
        pg_store(&url),
        Arc::new(Watched::new(PgStore::open(&url).expect("opens"))),
    );
    let one = service(a.clone(), &clock, 1);
    let two = service(b.clone(), &clock, 2);
    ok(&one, CH, "ann", "/join dvonn");
    ok(&one, CH, "ben", "/join");
    ok(&one, CH, "ann", "/start");
    let reads = || b.reads.load(std::sync::atomic::Ordering::SeqCst);
    let logged = || {
        let table = a.current_table(CH).expect("read").expect("a table");
        (table.log_len, a.log(table.id).expect("log").len() as u64)
    };
    // The second process reads the table (as a player's client asks for the moves), then
    // moves on what it read: the commit's revision check stands for a second read.
    let mv = legal(&two, CH, "ann").remove(0);
    let before = reads();
    ok(&two, CH, "ann", &format!("/move {mv}"));
    assert_eq!(
        reads(),
        before,
        "a move on the table as stored reads nothing"
    );
    // The first process moves (Ben); the second's copy is behind. Ann's move is not her turn
    // on that copy: the command is decided again on the table read afresh, and stands.
    play_next(&one, CH, &PLAYERS).expect("ben moves in the first process");
    let mv = legal(&one, CH, "ann").remove(0);
    let before = reads();
    ok(&two, CH, "ann", &format!("/move {mv}"));
    assert_eq!(
        reads(),
        before + 1,
        "one read, after the copy was found behind"
    );
    let (len, entries) = logged();
    assert_eq!(len, entries);
    // Ben moves in the first process, and the second reads the table (Ann to move); then Ann
    // moves in the first. On the second's copy her move is still hers to make and would land,
    // but the commit is refused: decided again on what is stored, it is not her turn, and
    // nothing is written twice.
    play_next(&one, CH, &PLAYERS).expect("ben moves in the first process");
    let mv = legal(&two, CH, "ann").remove(0);
    ok(&one, CH, "ann", &format!("/move {mv}"));
    let stored = logged();
    let before = reads();
    let replies = say(&two, CH, "ann", &format!("/move {mv}"));
    assert_refusal(&replies[0], "play-not-your-turn");
    assert_eq!(
        reads(),
        before + 1,
        "one read, after the commit was refused"
    );
    assert_eq!(logged(), stored, "nothing written");
}

#[test]
fn postgres_a_table_opened_where_another_process_opened_one_meanwhile_is_refused() {
    let Some(url) = pg::scratch("double_open") else {
        return;
    };
    let clock = Arc::new(ManualTimeSource::new(1_000_000_000));
    let (a, b) = (pg_store(&url), pg_store(&url));
    let one = service(a.clone(), &clock, 1);
    // The second process found the channel empty and opens a table there; the first opened
    // one meanwhile (its players already moving there).
    ok(&one, CH, "ann", "/join dvonn");
    let first = a.current_table(CH).expect("read").expect("a table");
    let mut second = first.clone();
    second.id = b.new_table_id().expect("an id");
    let entry = a.log(first.id).expect("log").remove(0);
    let refused = b.commit(&second, Some(&entry));
    assert!(
        matches!(refused, Err(StoreError::Conflict(_))),
        "{refused:?}"
    );
    // Nothing of it is written: the channel keeps its table.
    assert_eq!(b.table(second.id).expect("read"), None);
    assert_eq!(b.current_table(CH).expect("read"), Some(first.clone()));
    // Decided again on what is stored, the second process's player joins that table.
    let two = service(b.clone(), &clock, 2);
    ok(&two, CH, "ben", "/join");
    let joined = a.current_table(CH).expect("read").expect("a table");
    assert_eq!((joined.id, joined.seats.len()), (first.id, 2));
}

#[test]
fn postgres_commits_of_different_tables_at_once_all_land() {
    let Some(url) = pg::scratch("many_tables") else {
        return;
    };
    let clock = Arc::new(ManualTimeSource::new(1_000_000_000));
    let store = pg_store(&url);
    let h = service(store.clone(), &clock, 3);
    // More tables than the store has connections, each played from a thread of its own.
    let channels: Vec<String> = (0..24).map(|t| format!("#many{t}")).collect();
    for ch in &channels {
        ok(&h, ch, "ann", "/join dvonn");
        ok(&h, ch, "ben", "/join");
        ok(&h, ch, "ann", "/start");
    }
    const MOVES: usize = 5;
    std::thread::scope(|s| {
        for ch in &channels {
            let h = &h;
            s.spawn(move || {
                for _ in 0..MOVES {
                    play_next(h, ch, &PLAYERS).expect("a move, acknowledged");
                }
            });
        }
    });
    for ch in &channels {
        let table = store.current_table(ch).expect("read").expect("a table");
        let log = store.log(table.id).expect("log");
        assert_eq!(log.len() as u64, table.log_len, "{ch}");
        assert!(
            log.iter().enumerate().all(|(i, e)| e.seq == i as u64),
            "{ch}: one entry per position"
        );
        let moves = log
            .iter()
            .filter(|e| matches!(e.entry, spieltisch::table::Entry::Move { .. }))
            .count();
        assert_eq!(moves, MOVES, "{ch}: every acknowledged move is stored");
    }
}

#[test]
fn postgres_a_due_timer_fires_in_one_process_only() {
    let Some(url) = pg::scratch("one_timer") else {
        return;
    };
    let clock = Arc::new(ManualTimeSource::new(1_000_000_000));
    let (a, b) = (pg_store(&url), pg_store(&url));
    let one = service(a.clone(), &clock, 1);
    ok(&one, CH, "ann", "/join dvonn time=1h/move");
    ok(&one, CH, "ben", "/join");
    ok(&one, CH, "ann", "/start");
    // The second process starts after the table exists; both know its timer.
    let two = service(b.clone(), &clock, 2);
    clock.advance(2 * HOUR);
    // Claims: the first process that asks holds it; the other gets nothing until it lapses.
    let now = clock.now();
    let claimed = a.claim_due_tables("", now, now, 30_000).expect("claimed");
    assert_eq!(claimed, [CH]);
    assert!(
        b.claim_due_tables("", now, now, 30_000)
            .expect("read")
            .is_empty()
    );
    assert_eq!(
        b.claim_due_tables("", now, now + 30_001, 30_000)
            .expect("claimed"),
        [CH],
        "a lease a process no longer renews lapses"
    );
    assert_eq!(
        b.claim_due_tables("", now, now + 30_002, 30_000)
            .expect("claimed"),
        [CH],
        "a process may claim again what it holds"
    );
    assert!(
        a.claim_due_tables("", now, now + 30_003, 30_000)
            .expect("read")
            .is_empty()
    );
    // Both processes tick after every lease has lapsed: the time-out is announced once.
    clock.advance(Duration::from_secs(120));
    let fired: Vec<(String, Vec<Reply>)> =
        [&two, &one, &two].iter().flat_map(|s| s.tick("")).collect();
    let timeouts = fired
        .iter()
        .flat_map(|(_, r)| r)
        .filter(|r| r.text.contains("run out of time"))
        .count();
    assert_eq!(timeouts, 1, "{fired:?}");
    let table = a.current_table(CH).expect("read").expect("a table");
    assert!(!table.status.is_open());
    let log = a.log(table.id).expect("log");
    assert_eq!(
        log.iter()
            .filter(|e| matches!(e.entry, spieltisch::table::Entry::Timeout))
            .count(),
        1,
        "one time-out in the log"
    );
}

#[test]
fn postgres_a_digest_is_sent_once_by_a_process_that_knows_the_tables() {
    let Some(url) = pg::scratch("one_digest") else {
        return;
    };
    let clock = Arc::new(ManualTimeSource::new(1_000_000_000));
    let (a, b) = (pg_store(&url), pg_store(&url));
    // The second process runs before the tables exist: it learns of them from the store.
    let two = service(b.clone(), &clock, 2);
    // The first process's commands come from the community `c`.
    let one = setup().seed(1).clock(&clock).community("c").on(a.clone());
    for ch in ["#a", "#b", "#c"] {
        ok(&one, ch, "alice", "/join dvonn time=3d/move");
        ok(&one, ch, "bob", "/join");
        ok(&one, ch, "bob", "/start");
    }
    // alice's tables, as either process sees them.
    let mine = |s: &Harness| s.seated(&User::named("alice"), "");
    assert_eq!(mine(&two), mine(&one));
    assert_eq!(mine(&two).len(), 3);
    // Both tick, again and again, past every lease: one digest in all, listing all three.
    let mut digests = Vec::new();
    for _ in 0..3 {
        for s in [&two, &one] {
            for (_, replies) in s.tick("") {
                digests.extend(replies.into_iter().filter(|r| r.text.contains("📬")));
            }
        }
        clock.advance(Duration::from_secs(90));
    }
    assert_eq!(digests.len(), 1, "{digests:?}");
    assert!(digests[0].text.contains("3 tables"), "{}", digests[0].text);
    // Her pings go to the channel (the default): so does the digest, mentioning her.
    assert_eq!(digests[0].to, None);
    assert_eq!(digests[0].mentions, [User::named("alice")]);
}

#[test]
fn postgres_a_lost_connection_is_one_try_again_and_the_store_reconnects() {
    let Some(url) = pg::scratch("lost_connection") else {
        return;
    };
    // The store reaches the server through a relay the test can cut.
    let relay = pg::Relay::new(&url);
    let clock = Arc::new(ManualTimeSource::new(1_000_000_000));
    let store = pg_store(&relay.url);
    let s = service(store.clone(), &clock, 1);
    ok(&s, CH, "ann", "/join dvonn");
    ok(&s, CH, "ben", "/join");
    ok(&s, CH, "ann", "/start");
    play_next(&s, CH, &PLAYERS).expect("a move");
    let (name, mv) = next_move(&s, CH, &PLAYERS).expect("a move");
    let before = store.current_table(CH).expect("read").expect("a table");
    // The database goes away: the move is one reply, "try again", and no panic.
    relay.cut();
    let replies = say(&s, CH, &name, &format!("/move {mv}"));
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert_refusal(&replies[0], "store-failed");
    // It comes back: the same move goes through on a new connection, once.
    relay.mend();
    ok(&s, CH, &name, &format!("/move {mv}"));
    let table = store.current_table(CH).expect("read").expect("a table");
    assert_eq!(table.log_len, before.log_len + 1, "the move counted once");
    assert_eq!(
        store.log(table.id).expect("log").len() as u64,
        table.log_len
    );
    play_next(&s, CH, &PLAYERS).expect("a move");
}

#[test]
fn postgres_migrate_copies_sled_once_and_the_games_go_on() {
    let Some(url) = pg::scratch("migrate") else {
        return;
    };
    let clock = Arc::new(ManualTimeSource::new(1_000_000_000));
    let dir = tempfile::tempdir().expect("temp dir");
    let running = {
        let sled: Arc<dyn Store> = Arc::new(SledStore::open(dir.path()).expect("sled"));
        let s = service(sled.clone(), &clock, 3);
        ok(&s, CH, "ann", "/join dvonn");
        ok(&s, CH, "ben", "/join");
        ok(&s, CH, "ann", "/start");
        play_next(&s, CH, &PLAYERS).expect("a move");
        ok(&s, CH, "ben", "/resign");
        ok(&s, CH, "ann", "/join dvonn");
        ok(&s, CH, "ben", "/join");
        ok(&s, CH, "ann", "/start");
        play_next(&s, CH, &PLAYERS).expect("a move");
        play_next(&s, CH, &PLAYERS).expect("a move");
        sled.set_chat_record("discord:kept:discord:1", Some("[]"))
            .expect("written");
        sled.current_table(CH).expect("read").expect("a table")
    };
    let first = spieltisch::store::migrate(dir.path(), &url).expect("migrated");
    assert!(first.verified(), "{:?}", first.lines());
    let copied = |m: &spieltisch::store::Migration, kind: &str| {
        m.kinds
            .iter()
            .find(|(t, _, _)| t.kind == kind)
            .map(|(t, new, _)| (t.count, *new))
            .expect("the kind")
    };
    assert_eq!(copied(&first, "tables"), (2, 2));
    assert_eq!(copied(&first, "results"), (1, 1));
    assert_eq!(copied(&first, "ratings"), (2, 2));
    assert_eq!(copied(&first, "chat memory"), (1, 1));
    let entries = copied(&first, "log entries").0;
    assert_eq!(entries as u64, 5 + running.log_len, "both tables' logs");
    // Again: nothing new, still verified.
    let second = spieltisch::store::migrate(dir.path(), &url).expect("migrated");
    assert!(second.verified(), "{:?}", second.lines());
    assert!(
        second.kinds.iter().all(|(_, new, _)| *new == 0),
        "{:?}",
        second.lines()
    );
    // The bot now runs on PostgreSQL: the running game goes on, new ids do not collide.
    let store = pg_store(&url);
    assert_eq!(
        store.current_table(CH).expect("read"),
        Some(running.clone())
    );
    assert_eq!(store.results().expect("read").len(), 1);
    let s = service(store.clone(), &clock, 4);
    play_next(&s, CH, &PLAYERS).expect("a move");
    assert!(store.new_table_id().expect("an id") > running.id);
    // A sled directory that is not one is refused in words.
    let empty = tempfile::tempdir().expect("temp dir");
    let e = spieltisch::store::migrate(empty.path(), &url).expect_err("no database");
    assert!(e.contains("holds no sled database"), "{e}");
}

#[test]
fn postgres_a_schema_newer_than_the_program_is_refused() {
    let Some(url) = pg::scratch("newer_schema") else {
        return;
    };
    drop(pg_store(&url));
    pg::run(
        &url,
        "INSERT INTO schema_migrations (version) VALUES (99)".into(),
    );
    let e = PgStore::open(&url).expect_err("refused");
    let said = e.to_string();
    assert!(
        said.contains("version 99") && said.contains("newer"),
        "{said}"
    );
    assert!(!said.contains('\n'), "one line: {said}");
}

#[test]
fn postgres_two_processes_playing_100_tables_lose_and_double_nothing() {
    let Some(url) = pg::scratch("stress") else {
        return;
    };
    let exe = std::path::Path::new(env!("CARGO_BIN_EXE_spieltisch"));
    let figures = spieltisch::bench::stress(exe, &url, 2, 100, 6).expect("the stress run");
    println!("{figures}");
    assert!(figures.acknowledged >= 100, "moves were made: {figures}");
    assert!(figures.verified(), "{figures}");
    // Independently of the run's own check: the logs hold as many moves as were acknowledged.
    let store = pg_store(&url);
    let mut logged = 0;
    for t in 0..100 {
        let table = store
            .current_table(&format!("#stress{t}"))
            .expect("read")
            .expect("every table was opened");
        let log = store.log(table.id).expect("log");
        assert_eq!(log.len() as u64, table.log_len);
        logged += log
            .iter()
            .filter(|e| matches!(e.entry, spieltisch::table::Entry::Move { .. }))
            .count();
    }
    assert_eq!(logged, figures.acknowledged);
}

#[test]
fn an_unreachable_postgres_store_is_one_clear_line_and_a_failed_start() {
    // Nothing listens on port 1.
    let url = "postgres://nobody:secret@127.0.0.1:1/none";
    let e = PgStore::open(url).expect_err("unreachable");
    let said = e.to_string();
    assert!(said.contains("127.0.0.1:1"), "names the place: {said}");
    assert!(!said.contains("secret"), "never the password: {said}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .args(["local"])
        .env("SPIELTISCH_STORE", url)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("spieltisch:"))
        .collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(
        lines[0].contains("PostgreSQL") && !lines[0].contains("secret"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    // A URL that is not PostgreSQL's is refused in words too.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .args(["local"])
        .env("SPIELTISCH_STORE", "mysql://x@y/z")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("postgres://"));
}

/// A departure looks up the leaver's open tournaments through the GIN index on the entrants,
/// not by reading every open tournament: the planner answers that query from the index.
#[test]
fn postgres_a_players_tournaments_are_looked_up_through_the_index() {
    let Some(url) = pg::scratch("entrant_index") else {
        return;
    };
    let store = pg_store(&url);
    assert!(
        store
            .entered_tournaments("nobody")
            .expect("read")
            .is_empty()
    );
    let plan = pg::column(
        &url,
        "SET enable_seqscan = off",
        "EXPLAIN SELECT id, revision, record FROM tournaments
         WHERE is_open AND (record::jsonb -> 'entrants') @> '[{\"user\":{\"id\":\"a\"}}]'::text::jsonb",
    )
    .join("\n");
    assert!(plan.contains("tournaments_entrants"), "{plan}");
}

/// Reading a channel's table again (as a player's client does for the moves) sends the record
/// only when it is not the version the process holds: the channel's table changed, or another
/// process wrote it.
#[test]
fn postgres_a_table_read_again_is_sent_only_when_it_changed() {
    use spieltisch::table::Reread;
    let Some(url) = pg::scratch("reread") else {
        return;
    };
    let clock = Arc::new(ManualTimeSource::new(1_000_000_000));
    let (a, b) = (pg_store(&url), pg_store(&url));
    let one = service(a.clone(), &clock, 1);
    let two = service(b.clone(), &clock, 2);
    ok(&one, CH, "ann", "/join dvonn");
    ok(&one, CH, "ben", "/join");
    ok(&one, CH, "ann", "/start");
    let table = a.current_table(CH).expect("read").expect("a table");
    let held = (table.id, a.seen(table.id).expect("a revision seen"));
    assert_eq!(
        a.current_table_unless(CH, Some(held)).expect("read"),
        Reread::Held
    );
    // Another table id, or no version held: the record is sent.
    assert_eq!(
        a.current_table_unless(CH, Some((table.id + 1, held.1)))
            .expect("read"),
        Reread::Changed(Some(Box::new(table.clone())))
    );
    assert_eq!(
        a.current_table_unless(CH, None).expect("read"),
        Reread::Changed(Some(Box::new(table.clone())))
    );
    assert_eq!(
        a.current_table_unless("#nothing", Some(held))
            .expect("read"),
        Reread::Changed(None)
    );
    // The other process moves: the first reads the new version, and holds it from then on.
    play_next(&two, CH, &PLAYERS).expect("a move in the second process");
    let Reread::Changed(Some(moved)) = a.current_table_unless(CH, Some(held)).expect("read") else {
        panic!("the move is read");
    };
    assert_eq!(moved.log_len, table.log_len + 1);
    assert_eq!(Some(*moved.clone()), b.current_table(CH).expect("read"));
    let now_held = (moved.id, a.seen(moved.id).expect("a revision seen"));
    assert_ne!(now_held, held);
    assert_eq!(
        a.current_table_unless(CH, Some(now_held)).expect("read"),
        Reread::Held
    );
    // Both processes go on playing on what they hold and read.
    for _ in 0..4 {
        play_next(&one, CH, &PLAYERS).expect("a move in the first process");
        play_next(&two, CH, &PLAYERS).expect("a move in the second process");
    }
    let table = a.current_table(CH).expect("read").expect("a table");
    assert_eq!(a.log(table.id).expect("log").len() as u64, table.log_len);
}

/// A move leaves the channel and the seats as they are stored; a change of who sits there, the
/// end of the game and a move into a thread still write them.
#[test]
fn postgres_moves_keep_the_channel_and_seats_and_changes_of_them_are_written() {
    let Some(url) = pg::scratch("in_place") else {
        return;
    };
    let clock = Arc::new(ManualTimeSource::new(1_000_000_000));
    let (a, b) = (pg_store(&url), pg_store(&url));
    let one = service(a.clone(), &clock, 1);
    let seated = |user: &str| b.seated_channels(user).expect("read");
    ok(&one, CH, "ann", "/join dvonn");
    ok(&one, CH, "ben", "/join");
    assert_eq!(seated("ben"), [CH]);
    ok(&one, CH, "ben", "/leave");
    assert!(seated("ben").is_empty(), "a seat left is forgotten");
    ok(&one, CH, "ben", "/join");
    ok(&one, CH, "ann", "/start");
    for _ in 0..6 {
        play_next(&one, CH, &PLAYERS).expect("a move");
    }
    assert_eq!(
        (seated("ann"), seated("ben")),
        (vec![CH.to_string()], vec![CH.to_string()])
    );
    // Into a thread: the channel's table is now the thread's, with its seats.
    one.relocate(CH, "#pg-thread").expect("moved");
    assert_eq!(b.current_table(CH).expect("read"), None);
    let moved = b
        .current_table("#pg-thread")
        .expect("read")
        .expect("a table");
    assert_eq!(seated("ann"), ["#pg-thread"]);
    for _ in 0..4 {
        play_next(&one, "#pg-thread", &PLAYERS).expect("a move in the thread");
    }
    let table = b
        .current_table("#pg-thread")
        .expect("read")
        .expect("a table");
    assert_eq!(table.id, moved.id);
    assert_eq!(b.log(table.id).expect("log").len() as u64, table.log_len);
    // The game ends: nobody sits at an open table any more.
    ok(&one, "#pg-thread", "ann", "/resign");
    assert!(seated("ann").is_empty() && seated("ben").is_empty());
}

/// Where a person's pings go is remembered by each process: a `/notify` is heard at once in the
/// process that took it, and in another with its next refresh of the shared settings.
#[test]
fn postgres_a_notify_setting_reaches_the_other_process_with_its_refresh() {
    let Some(url) = pg::scratch("notify_refresh") else {
        return;
    };
    let clock = Arc::new(ManualTimeSource::new(1_000_000_000));
    let (a, b) = (pg_store(&url), pg_store(&url));
    let one = service(a.clone(), &clock, 1);
    let two = service(b.clone(), &clock, 2);
    ok(&one, CH, "ann", "/join dvonn");
    ok(&one, CH, "ben", "/join");
    ok(&one, CH, "ann", "/start");
    let pinged = |replies: &[Reply]| replies.iter().any(|r| !r.mentions.is_empty());
    // Both processes have pinged both players in the channel (the default), and remember it.
    for h in [&two, &one, &two, &one] {
        let replies = play_next(h, CH, &PLAYERS).expect("a move");
        assert!(pinged(&replies), "{replies:?}");
    }
    for player in PLAYERS {
        ok(&one, CH, player, "/notify off");
    }
    let replies = play_next(&one, CH, &PLAYERS).expect("a move");
    assert!(
        !pinged(&replies),
        "heard at once where it was set: {replies:?}"
    );
    clock.advance(Duration::from_secs(31));
    two.tick("");
    for h in [&two, &two, &one] {
        let replies = play_next(h, CH, &PLAYERS).expect("a move");
        assert!(!pinged(&replies), "{replies:?}");
        assert!(
            replies.iter().all(|r| r.to.is_none()),
            "no direct message either"
        );
    }
}
