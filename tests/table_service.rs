//! The table service through its public API: lobby, permissions, bad input, clocks, restarts,
//! durability and export, on a real sled store in a temporary directory.

mod watched_store;

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use serde_json::Value;
use spieltisch::app::App;
use spieltisch::games::AnyView;
use spieltisch::league::Limits;
use spieltisch::store::SledStore;
use spieltisch::table::{Command, ManualTimeSource, Reply, Seeding, User};
use watched_store::Watched;

const CH: &str = "#t";

struct Harness {
    service: App,
    time: Arc<ManualTimeSource>,
}

fn open(dir: &Path, time: Arc<ManualTimeSource>) -> Harness {
    let store = Arc::new(SledStore::open(dir).expect("sled opens"));
    Harness {
        service: App::open(store, time.clone(), Seeding::Fixed(3))
            .expect("service opens")
            .with_limits(Limits::unmetered()),
        time,
    }
}

impl Harness {
    fn say(&self, user: &str, text: &str) -> Vec<Reply> {
        self.service
            .handle(&Command::new(CH, User::named(user), text))
    }

    fn say_privately(&self, user: &str, text: &str) -> Vec<Reply> {
        let mut cmd = Command::new(CH, User::named(user), text);
        cmd.private = true;
        self.service.handle(&cmd)
    }

    /// Exactly one reply, accepted.
    fn ok(&self, user: &str, text: &str) -> Reply {
        let replies = self.say(user, text);
        assert_eq!(replies.len(), 1, "{text}: {replies:?}");
        assert!(!replies[0].error, "{text} was refused: {}", replies[0].text);
        replies.into_iter().next().expect("one reply")
    }

    /// Exactly one refusal, and the table unchanged.
    fn refused(&self, user: &str, text: &str) -> String {
        let before = self.export();
        let replies = self.say(user, text);
        assert_eq!(replies.len(), 1, "{text}: {replies:?}");
        assert!(replies[0].error, "{text} was accepted: {}", replies[0].text);
        assert!(replies[0].board.is_none(), "a refusal shows no board");
        assert_eq!(before, self.export(), "{text} changed the table");
        replies[0].text.clone()
    }

    fn export(&self) -> Value {
        let replies = self.say("observer", "/export");
        serde_json::from_str(&replies[0].text).unwrap_or(Value::Null)
    }

    fn legal(&self, user: &str) -> Vec<String> {
        self.service.legal_moves(CH, &User::named(user))
    }

    /// Starts a Dvonn table for alice (White) and bob (Black).
    fn start(&self, options: &str) {
        self.ok("alice", &format!("/join dvonn {options}"));
        self.ok("bob", "/join");
        self.ok("alice", "/start");
    }

    /// Plays the first legal move of whoever is to move; returns false when nobody can move.
    fn step(&self) -> bool {
        for user in ["alice", "bob"] {
            if let Some(mv) = self.legal(user).first() {
                self.ok(user, &format!("/move {mv}"));
                return true;
            }
        }
        false
    }
}

fn fresh() -> (tempfile::TempDir, Harness) {
    let dir = tempfile::tempdir().expect("temp dir");
    let h = open(dir.path(), Arc::new(ManualTimeSource::new(1_000_000)));
    (dir, h)
}

#[test]
fn lobby_seats_players_in_join_order_and_starts_with_enough() {
    let (_dir, h) = fresh();
    assert!(h.refused("alice", "/start").contains("No table"));
    assert!(h.refused("alice", "/join").contains("/join <game>"));
    assert!(h.refused("alice", "/join chess").contains("Unknown game"));
    let open = h.ok("alice", "/join dvonn");
    assert!(open.text.contains("opens a table for Dvonn"));
    assert!(h.refused("alice", "/join").contains("already seated"));
    assert!(h.refused("alice", "/start").contains("at least 2"));
    assert!(
        h.refused("carol", "/start")
            .contains("Only a seated player")
    );
    h.ok("bob", "/join dvonn");
    assert!(h.refused("carol", "/join").contains("full"));
    let start = h.ok("bob", "/start");
    assert!(
        start.text.contains("alice (White) vs bob (Black)"),
        "{}",
        start.text
    );
    assert!(start.board.is_some(), "the start shows the board");
    let doc = h.export();
    assert_eq!(doc["players"], serde_json::json!(["alice", "bob"]));
    assert_eq!(doc["status"], "running");
}

#[test]
fn one_table_per_channel() {
    let (_dir, h) = fresh();
    h.ok("alice", "/join dvonn");
    assert!(
        h.refused("bob", "/join dvonn profi")
            .contains("plays with these options")
    );
    h.ok("bob", "/join");
    h.ok("alice", "/start");
    assert!(
        h.refused("carol", "/join dvonn")
            .contains("running at this table")
    );
    // Another channel is another table.
    let other = h
        .service
        .handle(&Command::new("#other", User::named("carol"), "/join dvonn"));
    assert!(!other[0].error);
}

#[test]
fn leaving_the_lobby_hands_the_table_on_and_an_empty_lobby_closes() {
    let (_dir, h) = fresh();
    h.ok("alice", "/join dvonn");
    h.ok("bob", "/join");
    let left = h.ok("alice", "/leave");
    assert!(left.text.contains("bob now hosts"), "{}", left.text);
    assert!(h.refused("alice", "/abort").contains("creator (bob)"));
    h.ok("carol", "/join");
    h.ok("bob", "/start");
    assert!(h.refused("bob", "/leave").contains("/resign"));
    assert_eq!(h.export()["players"], serde_json::json!(["bob", "carol"]));

    let (_dir, h) = fresh();
    h.ok("alice", "/join dvonn");
    assert!(h.ok("alice", "/leave").text.contains("closed"));
    assert_eq!(h.export()["status"], "aborted");
    // A closed table makes room for a new one.
    h.ok("bob", "/join dvonn profi");
}

#[test]
fn bad_moves_get_one_clear_refusal_and_change_nothing() {
    let (_dir, h) = fresh();
    h.start("");
    assert!(
        h.refused("carol", "/move A1B1")
            .contains("Only the players")
    );
    assert!(h.refused("bob", "/move A1B1").contains("not your turn"));
    assert!(h.refused("alice", "/move").contains("Which move"));
    assert!(h.refused("alice", "/move hello").contains("not a move"));
    assert!(h.refused("alice", "/m Q7Q8").contains("not a field"));
    assert!(h.refused("alice", "/m pass").contains("may not pass"));
    let huge = format!("/move {}", "A1".repeat(5000));
    assert!(h.refused("alice", &huge).contains("too long"));
    assert!(
        h.refused("alice", "/frobnicate")
            .contains("Unknown command")
    );
    // Garbage that is not a command is chat: no reply at all, nothing changes.
    let before = h.export();
    assert!(h.say("alice", "\u{0}\u{7f}ÿ A1B1 ☃").is_empty());
    assert_eq!(before, h.export());
    // An illegal move names the move and the reason.
    let illegal = h.legal("bob");
    assert!(illegal.is_empty(), "not bob's turn");
    let white_moves = h.legal("alice");
    assert!(!white_moves.is_empty());
    let text = h.refused("alice", "/m F3F4");
    assert!(
        text.starts_with("Can't play F3F4:") || text.contains("F3"),
        "{text}"
    );
}

#[test]
fn a_whole_game_finishes_with_a_result_and_refuses_moves_after_the_end() {
    let (_dir, h) = fresh();
    h.start("log");
    let mut moves = 0;
    while h.step() {
        moves += 1;
        assert!(moves < 200, "a Dvonn game ends");
    }
    let doc = h.export();
    assert_eq!(doc["status"], "finished");
    let scores: Vec<i64> = serde_json::from_value(doc["scores"].clone()).expect("scores");
    let ranks: Vec<u8> = serde_json::from_value(doc["ranks"].clone()).expect("ranks");
    match scores[0].cmp(&scores[1]) {
        std::cmp::Ordering::Greater => assert_eq!(
            (ranks.clone(), doc["winner"].clone()),
            (vec![1, 2], "alice".into())
        ),
        std::cmp::Ordering::Less => assert_eq!(
            (ranks.clone(), doc["winner"].clone()),
            (vec![2, 1], "bob".into())
        ),
        std::cmp::Ordering::Equal => assert_eq!(
            (ranks.clone(), doc["winner"].clone()),
            (vec![1, 1], Value::Null)
        ),
    }
    assert!(h.refused("alice", "/m A1B1").contains("Game over"));
    assert!(h.refused("bob", "/resign").contains("Game over"));
    // The finished export holds no seed but what everybody saw: the public view after every
    // move, the setup first; each frame is the one before with its move played.
    assert!(doc.get("seed").is_none(), "no seed, even once finished");
    let frames: Vec<AnyView> = serde_json::from_value(doc["frames"].clone()).expect("frames");
    let record: Vec<Value> = serde_json::from_value(doc["moves"].clone()).expect("moves");
    assert_eq!(record.len(), moves);
    assert_eq!(frames.len(), moves + 1);
    let AnyView::Dvonn(last) = &frames[moves] else {
        panic!("Dvonn frames")
    };
    assert_eq!(
        last.outcome.as_ref().map(|o| o.scores.clone()),
        Some(scores)
    );
    for (m, pair) in record.iter().zip(frames.windows(2)) {
        let (AnyView::Dvonn(before), AnyView::Dvonn(after)) = (&pair[0], &pair[1]) else {
            panic!("Dvonn frames")
        };
        assert_ne!(before, after, "{m}: the move shows");
    }
    // The transcript is there with option `log`.
    let log = h.ok("bob", "/log");
    assert!(log.text.starts_with("setup: a1:"), "{}", log.text);
    assert!(log.text.contains("result: white"), "{}", log.text);
    assert!(log.attachment.is_some());
}

#[test]
fn export_while_running_holds_no_seed() {
    let (_dir, h) = fresh();
    h.start("");
    h.step();
    let doc = h.export();
    assert_eq!(doc["seed"], Value::Null);
    assert_eq!(doc["moves"].as_array().map(Vec::len), Some(1));
    assert!(h.refused("alice", "/log").contains("option `log`"));
}

#[test]
fn resign_and_abort() {
    let (_dir, h) = fresh();
    h.start("");
    assert!(h.refused("carol", "/resign").contains("Only the players"));
    let r = h.ok("bob", "/resign");
    assert!(
        r.text.contains("bob (Black) resigns") && r.text.contains("alice (White) wins"),
        "{}",
        r.text
    );
    assert_eq!(h.export()["winner"], "alice");

    let (_dir, h) = fresh();
    h.start("");
    assert!(h.refused("bob", "/abort").contains("creator"));
    // A channel moderator may abort too.
    let mut cmd = Command::new(CH, User::named("mod"), "/abort");
    cmd.moderator = true;
    let r = h.service.handle(&cmd);
    assert!(!r[0].error, "{}", r[0].text);
    assert_eq!(h.export()["status"], "aborted");
    assert!(h.refused("alice", "/m A1B1").contains("No game is running"));
}

#[test]
fn private_views_go_to_their_owner_only() {
    let (_dir, h) = fresh();
    h.start("");
    let hand = h.say("alice", "/hand");
    assert_eq!(hand.len(), 1);
    assert_eq!(hand[0].to.as_ref().map(|u| u.name.as_str()), Some("alice"));
    assert!(hand[0].board.is_some());
    let stranger = h.say("carol", "/hand");
    assert!(
        stranger[0].error && stranger[0].to.is_some(),
        "refused privately"
    );
    let board = h.say_privately("bob", "/board");
    assert_eq!(board[0].to.as_ref().map(|u| u.name.as_str()), Some("bob"));
    // A refusal of a private command stays private.
    let refusal = h.say_privately("bob", "/move A1B1");
    assert!(refusal[0].error && refusal[0].to.is_some());
}

#[test]
fn every_table_survives_a_restart_exactly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let time = Arc::new(ManualTimeSource::new(5_000));
    let (status, export) = {
        let h = open(dir.path(), time.clone());
        h.start("time=10m log");
        for _ in 0..6 {
            h.step();
        }
        h.service.handle(&Command::new(
            "#lobby",
            User::named("dave"),
            "/join dvonn profi",
        ));
        let status = h.say("x", "/status")[0].text.clone();
        (status, h.export())
    };
    let h = open(dir.path(), time.clone());
    assert_eq!(
        h.service.loaded_tables(),
        0,
        "tables load when used or when their timer is due"
    );
    assert!(
        h.service.next_timer().is_some(),
        "the running clock's timer is known from the start"
    );
    assert_eq!(h.export(), export);
    assert_eq!(h.say("x", "/status")[0].text, status);
    let lobby = h
        .service
        .handle(&Command::new("#lobby", User::named("erin"), "/join"));
    assert!(!lobby[0].error, "the lobby continues: {}", lobby[0].text);
    // The game continues from where it was, with the same legal moves.
    assert!(h.step());
    assert_eq!(h.export()["moves"].as_array().map(Vec::len), Some(7));
}

#[test]
fn clocks_run_for_the_player_to_move_and_time_out() {
    let (_dir, h) = fresh();
    h.start("time=1m");
    h.time.advance(Duration::from_secs(20));
    h.step(); // White used 20 s.
    h.time.advance(Duration::from_secs(50));
    let status = h.say("x", "/status")[0].text.clone();
    assert!(status.contains("alice (White): "), "{status}");
    assert!(status.contains(" — 0:40 left"), "{status}");
    assert!(status.contains("0:10 left, clock running"), "{status}");
    assert!(h.service.tick("").is_empty(), "nobody out of time yet");
    h.time.advance(Duration::from_secs(10));
    let ticks = h.service.tick("");
    assert_eq!(ticks.len(), 1);
    let (channel, replies) = &ticks[0];
    assert_eq!(channel, CH);
    assert!(
        replies[0].text.contains("bob (Black) has run out of time"),
        "{}",
        replies[0].text
    );
    assert!(replies[0].text.contains("alice (White) wins"));
    let doc = h.export();
    assert_eq!(doc["status"], "finished");
    assert_eq!(doc["winner"], "alice");
    assert_eq!(doc["moves"][1]["text"], "timeout");
}

#[test]
fn a_timeout_is_applied_before_a_late_move() {
    let (_dir, h) = fresh();
    h.start("time=1m");
    h.time.advance(Duration::from_secs(61));
    let mv = h.legal("alice").first().cloned().expect("a move");
    let replies = h.say("alice", &format!("/m {mv}"));
    assert_eq!(replies.len(), 2);
    assert!(replies[0].text.contains("run out of time") && !replies[0].error);
    assert!(replies[1].error, "the late move is refused");
    assert_eq!(h.export()["winner"], "bob");
}

#[test]
fn clocks_survive_a_restart_without_charging_the_downtime() {
    let dir = tempfile::tempdir().expect("temp dir");
    let time = Arc::new(ManualTimeSource::new(0));
    {
        let h = open(dir.path(), time.clone());
        h.start("time=10m");
        time.advance(Duration::from_secs(120));
        h.service.tick(""); // alive at 2 min
    }
    // Down for an hour.
    time.advance(Duration::from_secs(3600));
    let h = open(dir.path(), time.clone());
    let status = h.say("x", "/status")[0].text.clone();
    assert!(
        status.contains("alice (White): 23 — 8:00 left, clock running"),
        "{status}"
    );
    time.advance(Duration::from_secs(479));
    assert!(h.service.tick("").is_empty());
    time.advance(Duration::from_secs(1));
    assert_eq!(
        h.service.tick("").len(),
        1,
        "White's time is up after 8 more minutes"
    );
}

#[test]
fn nothing_is_announced_unless_it_was_stored() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Arc::new(Watched::new(SledStore::open(dir.path()).expect("sled")));
    let service = App::open(
        store.clone(),
        Arc::new(ManualTimeSource::new(0)),
        Seeding::Fixed(1),
    )
    .expect("service");
    let say = |u: &str, t: &str| service.handle(&Command::new(CH, User::named(u), t));
    say("alice", "/join dvonn");
    say("bob", "/join");
    say("alice", "/start");
    let mv = service.legal_moves(CH, &User::named("alice"))[0].clone();
    store.fail.store(true, Ordering::SeqCst);
    let replies = say("alice", &format!("/m {mv}"));
    assert_eq!(replies.len(), 1);
    assert!(replies[0].error && replies[0].text.contains("could not be saved"));
    assert!(replies[0].board.is_none());
    // The move did not happen: it is still White's turn with the same moves.
    assert_eq!(service.legal_moves(CH, &User::named("alice"))[0], mv);
    store.fail.store(false, Ordering::SeqCst);
    let replies = say("alice", &format!("/m {mv}"));
    assert!(!replies[0].error);
    assert!(service.legal_moves(CH, &User::named("alice")).is_empty());
}

/// A timer whose change cannot be saved is tried again by the next tick; meanwhile the table
/// stays as stored — a command in the channel never acts on a table that is not there.
#[test]
fn a_timer_that_cannot_be_saved_is_retried_and_the_table_stays() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Arc::new(Watched::new(SledStore::open(dir.path()).expect("sled")));
    let time = Arc::new(ManualTimeSource::new(0));
    let service = App::open(store.clone(), time.clone(), Seeding::Fixed(1))
        .expect("service")
        .with_limits(Limits::unmetered());
    let say = |u: &str, t: &str| service.handle(&Command::new(CH, User::named(u), t));
    say("alice", "/join dvonn time=1m");
    say("bob", "/join");
    say("alice", "/start");
    time.advance(Duration::from_secs(61));
    store.fail.store(true, Ordering::SeqCst);
    assert!(
        service.tick("").is_empty(),
        "nothing is announced unless stored"
    );
    let join = say("carol", "/join dvonn");
    assert!(join.iter().all(|r| r.error), "{join:?}");
    assert!(
        join.iter().any(|r| r.text.contains("is running")),
        "the running game is still the channel's table: {join:?}"
    );
    time.advance(Duration::from_secs(3600));
    service.release_idle();
    assert!(
        service.next_timer().is_some_and(|at| at <= service.now()),
        "the timer stays due for the retry"
    );
    store.fail.store(false, Ordering::SeqCst);
    let ticked: Vec<Reply> = service.tick("").into_iter().flat_map(|(_, r)| r).collect();
    assert!(
        ticked
            .iter()
            .any(|r| r.text.contains("has run out of time")),
        "{ticked:?}"
    );
    let status = say("x", "/status");
    assert!(status[0].text.contains("Game over"), "{}", status[0].text);
}

#[test]
fn rules_help_and_games_need_no_table() {
    let (_dir, h) = fresh();
    assert!(h.ok("x", "/help").text.contains("/join"));
    assert!(h.ok("x", "/games").text.contains("Dvonn"));
    assert!(
        h.ok("x", "/rules dvonn")
            .text
            .contains("exactly as many fields")
    );
    assert!(h.ok("x", "!rules").text.contains("/rules <game>"));
    assert!(h.refused("x", "/rules chess").contains("Unknown game"));
    h.ok("alice", "/join dvonn");
    assert!(
        h.ok("x", "/rules").text.contains("DVONN"),
        "the table's game by default"
    );
}

#[test]
fn lobby_replies_offer_join_and_start_buttons_for_their_table() {
    let (_dir, h) = fresh();
    let open = h.ok("alice", "/join dvonn");
    let labels: Vec<&str> = open.choices.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels, ["Join"], "one seated: join only");
    let table = open.choices[0].table;
    let sat = h.ok("bob", &open.choices[0].command);
    let labels: Vec<&str> = sat.choices.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels, ["Start"], "full: start only");
    // A button carries its table: pressed for this table it works.
    let mut press = Command::new(CH, User::named("alice"), "/start");
    press.expect_table = Some(table);
    let start = h.service.handle(&press);
    assert!(!start[0].error, "{}", start[0].text);
    let hint = start[0]
        .thread
        .as_ref()
        .expect("a start says where a thread could go");
    assert_eq!(hint.name, "Dvonn: alice vs bob");
    assert!(!hint.requested);
    // A stale button from an earlier table is refused without touching the current one.
    h.ok("alice", "/resign");
    h.ok("carol", "/join dvonn");
    let before = h.export();
    let mut stale = Command::new(CH, User::named("dave"), "/join");
    stale.expect_table = Some(table);
    let refused = h.service.handle(&stale);
    assert!(refused[0].error && refused[0].text.contains("earlier table"));
    assert_eq!(before, h.export());
}

#[test]
fn a_table_can_move_to_a_thread_and_survives_a_restart_there() {
    let dir = tempfile::tempdir().expect("temp dir");
    let time = Arc::new(ManualTimeSource::new(0));
    {
        let h = open(dir.path(), time.clone());
        h.ok("alice", "/join dvonn thread");
        h.ok("bob", "/join");
        let start = h.ok("alice", "/start");
        assert!(start.thread.as_ref().is_some_and(|t| t.requested));
        h.service.relocate(CH, "#t-thread").expect("moves");
        let moved = h
            .service
            .handle(&Command::new(CH, User::named("alice"), "/status"));
        assert!(moved[0].text.contains("No table here"), "{}", moved[0].text);
        assert!(
            h.service.relocate(CH, "#elsewhere").is_err(),
            "nothing left to move"
        );
    }
    let h = open(dir.path(), time);
    let there = h
        .service
        .handle(&Command::new("#t-thread", User::named("x"), "/status"));
    assert!(
        there[0].text.contains("alice (White) to move"),
        "{}",
        there[0].text
    );
    let mv = h.service.legal_moves("#t-thread", &User::named("alice"));
    assert!(!mv.is_empty(), "the game goes on in the thread");
    assert!(h.say("x", "/status")[0].text.contains("No table here"));
}

#[test]
fn a_secret_choice_stays_secret_until_the_reveal() {
    let (_dir, h) = fresh();
    h.ok("ann", "/join burg log");
    h.ok("ben", "/join");
    h.ok("cy", "/join");
    let start = h.ok("ann", "/start");
    assert!(
        start.text.contains("chooses a card privately"),
        "{}",
        start.text
    );
    // Sent in public, a choice is refused and not played.
    let public = h.refused("ann", "/move choose mason");
    assert!(
        public.contains("secret") && !public.contains("Maurer"),
        "{public}"
    );
    // Sent privately it is played: the public only learns that ann has chosen.
    let replies = h.say_privately("ann", "/move choose mason");
    let (private, shown): (Vec<&Reply>, Vec<&Reply>) = replies.iter().partition(|r| r.to.is_some());
    assert!(private.iter().any(|r| r.text.contains("You chose Maurer")));
    for r in &shown {
        assert!(!r.text.contains("Maurer"), "public: {}", r.text);
        let board = serde_json::to_string(&r.board.as_ref().expect("a board").view).expect("json");
        assert!(
            !board.contains(r#""chosen":["Maurer"]"#),
            "the public image shows no choice"
        );
    }
    // Nothing public tells: status, export, the record.
    assert!(!h.say("ben", "/status")[0].text.contains("Maurer"));
    let export = serde_json::to_string(&h.export()).expect("json");
    assert!(
        !export.contains("mason") && export.contains("(secret)"),
        "{export}"
    );
    assert!(!h.say("ben", "/log")[0].text.contains("mason"));
    // ann may change her mind; the public hears only that she did.
    let changed = h.say_privately("ann", "/move choose messenger");
    assert!(
        changed
            .iter()
            .any(|r| r.to.is_none() && r.text.contains("changed their choice"))
    );
    assert!(
        changed
            .iter()
            .filter(|r| r.to.is_none())
            .all(|r| !r.text.contains("Bote"))
    );
    // When all have chosen, the cards are revealed together; then the log may show them.
    h.say_privately("ben", "/move choose trader");
    let reveal = h.say_privately("cy", "/move choose worker1");
    assert!(
        reveal.iter().any(|r| r.to.is_none()
            && r.text.contains("Cards revealed")
            && r.text.contains("Bote"))
    );
}

/// A read leaves nothing behind: memory follows the open tables, not every channel ever seen.
#[test]
fn reads_and_closed_tables_leave_no_memory_behind() {
    let (_dir, h) = fresh();
    for i in 0..3000 {
        let channel = format!("#empty{i}");
        for verb in ["/status", "/board", "/rules", "/export"] {
            h.service
                .handle(&Command::new(&channel, User::named("x"), verb));
        }
    }
    assert_eq!(h.service.loaded_tables(), 0, "reads leave nothing");
    for i in 0..200 {
        let channel = format!("#short{i}");
        h.service
            .handle(&Command::new(&channel, User::named("a"), "/join dvonn"));
        h.service
            .handle(&Command::new(&channel, User::named("a"), "/abort"));
    }
    assert_eq!(h.service.loaded_tables(), 0, "closed tables leave memory");
    // The closed tables are still there when asked for.
    let status = h
        .service
        .handle(&Command::new("#short7", User::named("x"), "/status"));
    assert!(status[0].text.contains("Aborted"), "{}", status[0].text);
}

/// An open table without a timer leaves memory after a while unused and comes back on demand.
#[test]
fn idle_tables_leave_memory_and_load_again_when_used() {
    let (_dir, h) = fresh();
    for i in 0..50 {
        let channel = format!("#lobby{i}");
        h.service
            .handle(&Command::new(&channel, User::named("a"), "/join dvonn"));
    }
    h.start("time=1h");
    assert_eq!(h.service.loaded_tables(), 51, "recently used tables stay");
    let clock_ends = h.service.now() + 3600 * 1000;
    h.time.advance(Duration::from_secs(11 * 60));
    h.service.tick("");
    assert_eq!(
        h.service.loaded_tables(),
        0,
        "even the game whose clock runs leaves memory: {}",
        h.service.loaded_tables()
    );
    assert_eq!(
        h.service.next_timer(),
        Some(clock_ends),
        "its timer is kept, to load it again when due"
    );
    let joined = h
        .service
        .handle(&Command::new("#lobby3", User::named("b"), "/join"));
    assert!(!joined[0].error, "{}", joined[0].text);
    assert!(joined[0].text.contains("b sits down"), "{}", joined[0].text);
}

/// Channel keys and user ids have a length limit; display names are cut.
#[test]
fn overlong_names_are_refused_or_cut() {
    let (_dir, h) = fresh();
    let long_channel = format!("#{}", "c".repeat(60_000));
    let refused = h.service.handle(&Command::new(
        &long_channel,
        User::named("a"),
        "/join dvonn",
    ));
    assert!(refused[0].error && refused[0].text.contains("too long"));
    assert_eq!(h.service.loaded_tables(), 0);
    let long_id = User {
        id: "u".repeat(10_000),
        name: "a".into(),
    };
    let refused = h.service.handle(&Command::new(CH, long_id, "/join dvonn"));
    assert!(refused[0].error && refused[0].text.contains("too long"));
    let long_name = User {
        id: "someone".into(),
        name: "n".repeat(5_000),
    };
    let opened = h
        .service
        .handle(&Command::new(CH, long_name, "/join dvonn"));
    assert!(!opened[0].error);
    assert!(
        opened[0].text.len() < 400,
        "the name is cut: {}",
        opened[0].text
    );
    assert!(opened[0].text.contains(&"n".repeat(64)));
    assert!(!opened[0].text.contains(&"n".repeat(65)));
}

/// Refusals say what is wrong now: a move that is not a choice while everybody chooses, a
/// second placement, `/join` with other options; `/join <game>` without options sits down at
/// that game's table whatever it was opened with.
#[test]
fn refusals_say_what_is_wrong_now() {
    let (_dir, h) = fresh();
    // Burg: everybody chooses cards; `build house` is not secret, it is not allowed now.
    h.ok("alice", "/join burg casual");
    h.ok("bob", "/join");
    let started = h.say("alice", "/start");
    assert!(started.iter().all(|r| !r.error));
    for text in ["/move build house", "/move done"] {
        let replies = h.say("alice", text);
        assert_eq!(replies.len(), 1, "{replies:?}");
        assert!(replies[0].error && replies[0].hint.is_none(), "{replies:?}");
        assert!(
            replies[0].text.contains("everybody is choosing cards now"),
            "{}",
            replies[0].text
        );
        assert!(!replies[0].text.contains("secret"), "{}", replies[0].text);
    }
    // A legal choice typed in public is secret: not played, and the player told where to send it.
    let choice = h.legal("alice")[0].clone();
    let replies = h.say("alice", &format!("/move {choice}"));
    assert!(replies[0].error && replies[0].hint.is_some(), "{replies:?}");
    h.ok("alice", "/abort");

    // DonQuixote: who has placed hears why they wait, not "not your turn".
    h.ok("alice", "/join donquixote casual");
    h.ok("bob", "/join");
    assert!(h.say("alice", "/start").iter().all(|r| !r.error));
    let tile = h.legal("alice")[0].clone();
    assert!(
        h.say_privately("alice", &format!("/move {tile}"))
            .iter()
            .all(|r| !r.error)
    );
    let again = h.say_privately("alice", &format!("/move {tile}"));
    assert!(again[0].error, "{again:?}");
    assert!(
        again[0].text.contains("already placed"),
        "{}",
        again[0].text
    );
    assert!(
        !again[0].text.contains("not your turn"),
        "{}",
        again[0].text
    );
    h.ok("alice", "/abort");

    // `/join dvonn` at a Dvonn table opened with `log` sits down; other options are refused
    // with the table's and the typed ones.
    h.ok("alice", "/join dvonn log");
    let refusal = h.refused("bob", "/join dvonn profi");
    assert!(
        refusal.contains("log") && refusal.contains("`profi`"),
        "{refusal}"
    );
    let sat = h.ok("bob", "/join dvonn");
    assert!(sat.text.contains("bob sits down"), "{}", sat.text);
}

/// Over the image limit `/hand` still answers: in words, with its buttons and the legal moves
/// listed, and says when the image comes again.
#[test]
fn the_hand_over_the_image_limit_keeps_its_buttons() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Arc::new(SledStore::open(dir.path()).expect("sled opens"));
    let time = Arc::new(ManualTimeSource::new(1_000_000));
    let limits = Limits {
        images_per_minute: 2,
        ..Limits::unmetered()
    };
    let service = App::open(store, time, Seeding::Fixed(3))
        .expect("service opens")
        .with_limits(limits);
    let say = |user: &str, text: &str| {
        let mut cmd = Command::new(CH, User::named(user), text);
        cmd.private = text == "/hand";
        service.handle(&cmd)
    };
    say("alice", "/join dvonn");
    say("bob", "/join");
    say("alice", "/start");
    let mut hands = Vec::new();
    for _ in 0..4 {
        hands.push(say("alice", "/hand").remove(0));
    }
    let in_words = hands.last().expect("a hand");
    assert!(hands[0].board.is_some(), "within the limit: the image");
    assert!(in_words.board.is_none(), "over the limit: no image");
    assert!(!in_words.error, "{}", in_words.text);
    assert!(!in_words.choices.is_empty(), "the buttons stay");
    assert!(
        in_words.text.contains("The image comes again in"),
        "{}",
        in_words.text
    );
    assert!(in_words.text.contains("Your moves: `"), "{}", in_words.text);
    assert!(
        in_words.text.contains("White controls"),
        "the board in words: {}",
        in_words.text
    );
}
