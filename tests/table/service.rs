//! The table service through its public API: lobby, permissions, bad input, clocks, restarts,
//! durability and export, on a real sled store in a temporary directory.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use serde_json::Value;
use spieltisch::games::AnyView;
use spieltisch::league::Limits;
use spieltisch::store::SledStore;
use spieltisch::table::{Command, Reply, User};

use crate::support::watched::Watched;
use crate::support::{
    Harness, as_moderator, assert_refusal, legal, ok, one, open_game, play_next, privately,
    refusal, refused, say, say_with, setup, ticked,
};

const CH: &str = "#t";

/// The table's export, as an onlooker sees it (`Null` where there is none).
fn export(h: &Harness) -> Value {
    let replies = say(h, CH, "observer", "/export");
    serde_json::from_str(&replies[0].text).unwrap_or(Value::Null)
}

/// Starts a Dvonn table for alice (White) and bob (Black).
fn start(h: &Harness, options: &str) {
    open_game(h, CH, "dvonn", options, &["alice", "bob"]);
}

/// Plays the first legal move of whoever is to move; returns false when nobody can move.
fn step(h: &Harness) -> bool {
    play_next(h, CH, &["alice", "bob"]).map(one).is_some()
}

#[test]
fn lobby_seats_players_in_join_order_and_starts_with_enough() {
    let h = Harness::fresh();
    assert_eq!(refused(&h, CH, "alice", "/start"), "start-no-table");
    assert_eq!(refused(&h, CH, "alice", "/join"), "join-which-game");
    assert_eq!(refused(&h, CH, "alice", "/join chess"), "join-unknown-game");
    let open = one(ok(&h, CH, "alice", "/join dvonn"));
    assert!(open.text.contains("opens a table for Dvonn"));
    assert_eq!(refused(&h, CH, "alice", "/join"), "join-already-seated");
    assert_eq!(refused(&h, CH, "alice", "/start"), "start-too-few");
    assert_eq!(refused(&h, CH, "carol", "/start"), "start-not-seated");
    one(ok(&h, CH, "bob", "/join dvonn"));
    assert_eq!(refused(&h, CH, "carol", "/join"), "join-full");
    let start = one(ok(&h, CH, "bob", "/start"));
    assert!(
        start.text.contains("alice (White) vs bob (Black)"),
        "{}",
        start.text
    );
    assert!(start.board.is_some(), "the start shows the board");
    let doc = export(&h);
    assert_eq!(doc["players"], serde_json::json!(["alice", "bob"]));
    assert_eq!(doc["status"], "running");
}

#[test]
fn one_table_per_channel() {
    let h = Harness::fresh();
    one(ok(&h, CH, "alice", "/join dvonn"));
    assert_eq!(
        refused(&h, CH, "bob", "/join dvonn profi"),
        "join-other-options"
    );
    one(ok(&h, CH, "bob", "/join"));
    one(ok(&h, CH, "alice", "/start"));
    assert_eq!(refused(&h, CH, "carol", "/join dvonn"), "join-running");
    // Another channel is another table.
    let other = say(&h, "#other", "carol", "/join dvonn");
    assert!(!other[0].error);
}

#[test]
fn leaving_the_lobby_hands_the_table_on_and_an_empty_lobby_closes() {
    let h = Harness::fresh();
    one(ok(&h, CH, "alice", "/join dvonn"));
    one(ok(&h, CH, "bob", "/join"));
    let left = one(ok(&h, CH, "alice", "/leave"));
    assert!(left.text.contains("bob now hosts"), "{}", left.text);
    let not_creator = refusal(&h, CH, "alice", "/abort");
    assert_refusal(&not_creator, "abort-not-creator");
    assert!(not_creator.text.contains("bob"), "{}", not_creator.text);
    one(ok(&h, CH, "carol", "/join"));
    one(ok(&h, CH, "bob", "/start"));
    assert_eq!(refused(&h, CH, "bob", "/leave"), "leave-running");
    assert_eq!(export(&h)["players"], serde_json::json!(["bob", "carol"]));

    let h = Harness::fresh();
    one(ok(&h, CH, "alice", "/join dvonn"));
    assert!(one(ok(&h, CH, "alice", "/leave")).text.contains("closed"));
    assert_eq!(export(&h)["status"], "aborted");
    // A closed table makes room for a new one.
    one(ok(&h, CH, "bob", "/join dvonn profi"));
}

#[test]
fn bad_moves_get_one_clear_refusal_and_change_nothing() {
    let h = Harness::fresh();
    start(&h, "");
    assert_eq!(refused(&h, CH, "carol", "/move A1B1"), "play-not-a-player");
    assert_eq!(refused(&h, CH, "bob", "/move A1B1"), "play-not-your-turn");
    assert_eq!(refused(&h, CH, "alice", "/move"), "play-which-move-example");
    // The game's own reason fills the refusal in: which thing is wrong.
    for (text, key, reason) in [
        ("/move hello", "move-unreadable", "not a move"),
        ("/m Q7Q8", "move-unreadable", "not a field"),
        ("/m pass", "play-illegal", "may not pass"),
    ] {
        let bad = refusal(&h, CH, "alice", text);
        assert_refusal(&bad, key);
        assert!(bad.text.contains(reason), "{text}: {}", bad.text);
    }
    let huge = format!("/move {}", "A1".repeat(5000));
    assert_eq!(refused(&h, CH, "alice", &huge), "command-too-long");
    assert_eq!(refused(&h, CH, "alice", "/frobnicate"), "command-unknown");
    // Garbage that is not a command is chat: no reply at all, nothing changes.
    let before = export(&h);
    assert!(say(&h, CH, "alice", "\u{0}\u{7f}ÿ A1B1 ☃").is_empty());
    assert_eq!(before, export(&h));
    // An illegal move names the move and the reason.
    let illegal = legal(&h, CH, "bob");
    assert!(illegal.is_empty(), "not bob's turn");
    let white_moves = legal(&h, CH, "alice");
    assert!(!white_moves.is_empty());
    let illegal = refusal(&h, CH, "alice", "/m F3F4");
    assert_refusal(&illegal, "play-illegal");
    assert!(illegal.text.contains("F3F4"), "{}", illegal.text);
}

#[test]
fn a_whole_game_finishes_with_a_result_and_refuses_moves_after_the_end() {
    let h = Harness::fresh();
    start(&h, "log");
    let mut moves = 0;
    while step(&h) {
        moves += 1;
        assert!(moves < 200, "a Dvonn game ends");
    }
    let doc = export(&h);
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
    assert_eq!(refused(&h, CH, "alice", "/m A1B1"), "play-finished");
    assert_eq!(refused(&h, CH, "bob", "/resign"), "play-finished");
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
    let log = one(ok(&h, CH, "bob", "/log"));
    assert!(log.text.starts_with("setup: a1:"), "{}", log.text);
    assert!(log.text.contains("result: white"), "{}", log.text);
    assert!(log.attachment.is_some());
}

#[test]
fn export_while_running_holds_no_seed() {
    let h = Harness::fresh();
    start(&h, "");
    step(&h);
    let doc = export(&h);
    assert_eq!(doc["seed"], Value::Null);
    assert_eq!(doc["moves"].as_array().map(Vec::len), Some(1));
    assert_eq!(refused(&h, CH, "alice", "/log"), "log-none");
}

#[test]
fn resign_and_abort() {
    let h = Harness::fresh();
    start(&h, "");
    assert_eq!(refused(&h, CH, "carol", "/resign"), "play-not-a-player");
    let r = one(ok(&h, CH, "bob", "/resign"));
    assert!(
        r.text.contains("bob (Black) resigns") && r.text.contains("alice (White) wins"),
        "{}",
        r.text
    );
    assert_eq!(export(&h)["winner"], "alice");

    let h = Harness::fresh();
    start(&h, "");
    assert_eq!(refused(&h, CH, "bob", "/abort"), "abort-not-creator");
    // A channel moderator may abort too.
    let r = say_with(&h, CH, "mod", "/abort", as_moderator);
    assert!(!r[0].error, "{}", r[0].text);
    assert_eq!(export(&h)["status"], "aborted");
    assert_eq!(refused(&h, CH, "alice", "/m A1B1"), "play-no-game");
}

#[test]
fn private_views_go_to_their_owner_only() {
    let h = Harness::fresh();
    start(&h, "");
    let hand = say(&h, CH, "alice", "/hand");
    assert_eq!(hand.len(), 1);
    assert_eq!(hand[0].to.as_ref().map(|u| u.name.as_str()), Some("alice"));
    assert!(hand[0].board.is_some());
    let stranger = say(&h, CH, "carol", "/hand");
    assert_refusal(&stranger[0], "not-seated");
    assert!(stranger[0].to.is_some(), "refused privately");
    let board = say_with(&h, CH, "bob", "/board", privately);
    assert_eq!(board[0].to.as_ref().map(|u| u.name.as_str()), Some("bob"));
    // A refusal of a private command stays private.
    let asked = say_with(&h, CH, "bob", "/move A1B1", privately);
    assert_refusal(&asked[0], "play-not-your-turn");
    assert!(asked[0].to.is_some());
}

#[test]
fn every_table_survives_a_restart_exactly() {
    let h = setup().start(5_000).fresh();
    let (status, exported) = {
        start(&h, "time=10m log");
        for _ in 0..6 {
            step(&h);
        }
        say(&h, "#lobby", "dave", "/join dvonn profi");
        let status = say(&h, CH, "x", "/status")[0].text.clone();
        (status, export(&h))
    };
    let h = h.restart();
    assert_eq!(
        h.loaded_tables(),
        0,
        "tables load when used or when their timer is due"
    );
    assert!(
        h.next_timer().is_some(),
        "the running clock's timer is known from the start"
    );
    assert_eq!(export(&h), exported);
    assert_eq!(say(&h, CH, "x", "/status")[0].text, status);
    let lobby = say(&h, "#lobby", "erin", "/join");
    assert!(!lobby[0].error, "the lobby continues: {}", lobby[0].text);
    // The game continues from where it was, with the same legal moves.
    assert!(step(&h));
    assert_eq!(export(&h)["moves"].as_array().map(Vec::len), Some(7));
}

#[test]
fn clocks_run_for_the_player_to_move_and_time_out() {
    let h = Harness::fresh();
    start(&h, "time=1m");
    h.clock.advance(Duration::from_secs(20));
    step(&h); // White used 20 s.
    h.clock.advance(Duration::from_secs(50));
    let status = say(&h, CH, "x", "/status")[0].text.clone();
    assert!(status.contains("alice (White): "), "{status}");
    assert!(status.contains(" — 0:40 left"), "{status}");
    assert!(status.contains("0:10 left, clock running"), "{status}");
    assert!(h.tick("").is_empty(), "nobody out of time yet");
    h.clock.advance(Duration::from_secs(10));
    let ticks = h.tick("");
    assert_eq!(ticks.len(), 1);
    let (channel, replies) = &ticks[0];
    assert_eq!(channel, CH);
    assert!(
        replies[0].text.contains("bob (Black) has run out of time"),
        "{}",
        replies[0].text
    );
    assert!(replies[0].text.contains("alice (White) wins"));
    let doc = export(&h);
    assert_eq!(doc["status"], "finished");
    assert_eq!(doc["winner"], "alice");
    assert_eq!(doc["moves"][1]["text"], "timeout");
}

#[test]
fn a_timeout_is_applied_before_a_late_move() {
    let h = Harness::fresh();
    start(&h, "time=1m");
    h.clock.advance(Duration::from_secs(61));
    let mv = legal(&h, CH, "alice").first().cloned().expect("a move");
    let replies = say(&h, CH, "alice", &format!("/m {mv}"));
    assert_eq!(replies.len(), 2);
    assert!(replies[0].text.contains("run out of time") && !replies[0].error);
    assert_refusal(&replies[1], "play-finished");

    assert_eq!(export(&h)["winner"], "bob");
}

#[test]
fn clocks_survive_a_restart_without_charging_the_downtime() {
    let h = setup().start(0).fresh();
    let time = h.clock.clone();
    start(&h, "time=10m");
    time.advance(Duration::from_secs(120));
    h.tick(""); // alive at 2 min
    // Down for an hour.
    time.advance(Duration::from_secs(3600));
    let h = h.restart();
    let status = say(&h, CH, "x", "/status")[0].text.clone();
    assert!(
        status.contains("alice (White): 23 — 8:00 left, clock running"),
        "{status}"
    );
    time.advance(Duration::from_secs(479));
    assert!(h.tick("").is_empty());
    time.advance(Duration::from_secs(1));
    assert_eq!(
        h.tick("").len(),
        1,
        "White's time is up after 8 more minutes"
    );
}

#[test]
fn nothing_is_announced_unless_it_was_stored() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Arc::new(Watched::new(SledStore::open(dir.path()).expect("sled")));
    let h = setup().seed(1).start(0).on(store.clone());
    say(&h, CH, "alice", "/join dvonn");
    say(&h, CH, "bob", "/join");
    say(&h, CH, "alice", "/start");
    let mv = legal(&h, CH, "alice")[0].clone();
    store.fail.store(true, Ordering::SeqCst);
    let replies = say(&h, CH, "alice", &format!("/m {mv}"));
    assert_eq!(replies.len(), 1);
    assert_refusal(&replies[0], "store-failed");
    assert!(replies[0].board.is_none());
    // The move did not happen: it is still White's turn with the same moves.
    assert_eq!(legal(&h, CH, "alice")[0], mv);
    store.fail.store(false, Ordering::SeqCst);
    let replies = say(&h, CH, "alice", &format!("/m {mv}"));
    assert!(!replies[0].error);
    assert!(legal(&h, CH, "alice").is_empty());
}

/// A timer whose change cannot be saved is tried again by the next tick; meanwhile the table
/// stays as stored — a command in the channel never acts on a table that is not there.
#[test]
fn a_timer_that_cannot_be_saved_is_retried_and_the_table_stays() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Arc::new(Watched::new(SledStore::open(dir.path()).expect("sled")));
    let h = setup().seed(1).start(0).on(store.clone());
    say(&h, CH, "alice", "/join dvonn time=1m");
    say(&h, CH, "bob", "/join");
    say(&h, CH, "alice", "/start");
    h.clock.advance(Duration::from_secs(61));
    store.fail.store(true, Ordering::SeqCst);
    assert!(h.tick("").is_empty(), "nothing is announced unless stored");
    let join = say(&h, CH, "carol", "/join dvonn");
    assert!(join.iter().all(|r| r.error), "{join:?}");
    assert!(
        join.iter().any(|r| r.refusal == Some("join-running")),
        "the running game is still the channel's table: {join:?}"
    );
    h.clock.advance(Duration::from_secs(3600));
    h.release_idle();
    assert!(
        h.next_timer().is_some_and(|at| at <= h.now()),
        "the timer stays due for the retry"
    );
    store.fail.store(false, Ordering::SeqCst);
    let ticked = ticked(&h);
    assert!(
        ticked
            .iter()
            .any(|(_, r)| r.text.contains("has run out of time")),
        "{ticked:?}"
    );
    let status = say(&h, CH, "x", "/status");
    assert!(status[0].text.contains("Game over"), "{}", status[0].text);
}

#[test]
fn rules_help_and_games_need_no_table() {
    let h = Harness::fresh();
    assert!(one(ok(&h, CH, "x", "/help")).text.contains("/join"));
    assert!(one(ok(&h, CH, "x", "/games")).text.contains("Dvonn"));
    assert!(
        one(ok(&h, CH, "x", "/rules dvonn"))
            .text
            .contains("exactly as many fields")
    );
    assert!(
        one(ok(&h, CH, "x", "!rules"))
            .text
            .contains("/rules <game>")
    );
    assert_eq!(refused(&h, CH, "x", "/rules chess"), "join-unknown-game");
    one(ok(&h, CH, "alice", "/join dvonn"));
    assert!(
        one(ok(&h, CH, "x", "/rules")).text.contains("DVONN"),
        "the table's game by default"
    );
}

#[test]
fn lobby_replies_offer_join_and_start_buttons_for_their_table() {
    let h = Harness::fresh();
    let open = one(ok(&h, CH, "alice", "/join dvonn"));
    let labels: Vec<&str> = open.choices.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels, ["Join"], "one seated: join only");
    let table = open.choices[0].table;
    let sat = one(ok(&h, CH, "bob", &open.choices[0].command));
    let labels: Vec<&str> = sat.choices.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels, ["Start"], "full: start only");
    // A button carries its table: pressed for this table it works.
    let start = say_with(&h, CH, "alice", "/start", |press| {
        press.expect_table = Some(table)
    });
    assert!(!start[0].error, "{}", start[0].text);
    let hint = start[0]
        .thread
        .as_ref()
        .expect("a start says where a thread could go");
    assert_eq!(hint.name, "Dvonn: alice vs bob");
    assert!(!hint.requested);
    // A stale button from an earlier table is refused without touching the current one.
    one(ok(&h, CH, "alice", "/resign"));
    one(ok(&h, CH, "carol", "/join dvonn"));
    let before = export(&h);
    let refused = say_with(&h, CH, "dave", "/join", |stale| {
        stale.expect_table = Some(table)
    });
    assert_refusal(&refused[0], "button-stale");
    assert_eq!(before, export(&h));
}

#[test]
fn a_table_can_move_to_a_thread_and_survives_a_restart_there() {
    let h = setup().start(0).fresh();
    {
        one(ok(&h, CH, "alice", "/join dvonn thread"));
        one(ok(&h, CH, "bob", "/join"));
        let start = one(ok(&h, CH, "alice", "/start"));
        assert!(start.thread.as_ref().is_some_and(|t| t.requested));
        h.relocate(CH, "#t-thread").expect("moves");
        let moved = say(&h, CH, "alice", "/status");
        assert!(moved[0].text.contains("No table here"), "{}", moved[0].text);
        assert!(
            h.relocate(CH, "#elsewhere").is_err(),
            "nothing left to move"
        );
    }
    let h = h.restart();
    let there = say(&h, "#t-thread", "x", "/status");
    assert!(
        there[0].text.contains("alice (White) to move"),
        "{}",
        there[0].text
    );
    let mv = h.legal_moves("#t-thread", &User::named("alice"));
    assert!(!mv.is_empty(), "the game goes on in the thread");
    assert!(
        say(&h, CH, "x", "/status")[0]
            .text
            .contains("No table here")
    );
}

#[test]
fn a_secret_choice_stays_secret_until_the_reveal() {
    let h = Harness::fresh();
    one(ok(&h, CH, "ann", "/join burg log"));
    one(ok(&h, CH, "ben", "/join"));
    one(ok(&h, CH, "cy", "/join"));
    let start = one(ok(&h, CH, "ann", "/start"));
    assert!(
        start.text.contains("chooses a card privately"),
        "{}",
        start.text
    );
    // Sent in public, a choice is refused and not played.
    let public = refusal(&h, CH, "ann", "/move choose mason");
    assert_refusal(&public, "play-secret-in-public");
    assert!(!public.text.contains("Maurer"), "{}", public.text);
    // Sent privately it is played: the public only learns that ann has chosen.
    let replies = say_with(&h, CH, "ann", "/move choose mason", privately);
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
    assert!(!say(&h, CH, "ben", "/status")[0].text.contains("Maurer"));
    let export = serde_json::to_string(&export(&h)).expect("json");
    assert!(
        !export.contains("mason") && export.contains("(secret)"),
        "{export}"
    );
    assert!(!say(&h, CH, "ben", "/log")[0].text.contains("mason"));
    // ann may change her mind; the public hears only that she did.
    let changed = say_with(&h, CH, "ann", "/move choose messenger", privately);
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
    say_with(&h, CH, "ben", "/move choose trader", privately);
    let reveal = say_with(&h, CH, "cy", "/move choose worker1", privately);
    assert!(
        reveal.iter().any(|r| r.to.is_none()
            && r.text.contains("Cards revealed")
            && r.text.contains("Bote"))
    );
}

/// A read leaves nothing behind: memory follows the open tables, not every channel ever seen.
#[test]
fn reads_and_closed_tables_leave_no_memory_behind() {
    let h = Harness::fresh();
    for i in 0..3000 {
        let channel = format!("#empty{i}");
        for verb in ["/status", "/board", "/rules", "/export"] {
            say(&h, &channel, "x", verb);
        }
    }
    assert_eq!(h.loaded_tables(), 0, "reads leave nothing");
    for i in 0..200 {
        let channel = format!("#short{i}");
        say(&h, &channel, "a", "/join dvonn");
        say(&h, &channel, "a", "/abort");
    }
    assert_eq!(h.loaded_tables(), 0, "closed tables leave memory");
    // The closed tables are still there when asked for.
    let status = say(&h, "#short7", "x", "/status");
    assert!(status[0].text.contains("Aborted"), "{}", status[0].text);
}

/// An open table without a timer leaves memory after a while unused and comes back on demand.
#[test]
fn idle_tables_leave_memory_and_load_again_when_used() {
    let h = Harness::fresh();
    for i in 0..50 {
        let channel = format!("#lobby{i}");
        say(&h, &channel, "a", "/join dvonn");
    }
    start(&h, "time=1h");
    assert_eq!(h.loaded_tables(), 51, "recently used tables stay");
    let clock_ends = h.now() + 3600 * 1000;
    h.clock.advance(Duration::from_secs(11 * 60));
    h.tick("");
    assert_eq!(
        h.loaded_tables(),
        0,
        "even the game whose clock runs leaves memory: {}",
        h.loaded_tables()
    );
    assert_eq!(
        h.next_timer(),
        Some(clock_ends),
        "its timer is kept, to load it again when due"
    );
    let joined = say(&h, "#lobby3", "b", "/join");
    assert!(!joined[0].error, "{}", joined[0].text);
    assert!(joined[0].text.contains("b sits down"), "{}", joined[0].text);
}

/// Channel keys and user ids have a length limit; display names are cut.
#[test]
fn overlong_names_are_refused_or_cut() {
    let h = Harness::fresh();
    let long_channel = format!("#{}", "c".repeat(60_000));
    let refused = say(&h, &long_channel, "a", "/join dvonn");
    assert_refusal(&refused[0], "command-key-too-long");
    assert_eq!(h.loaded_tables(), 0);
    let long_id = User {
        id: "u".repeat(10_000),
        name: "a".into(),
    };
    let refused = h.handle(&Command::new(CH, long_id, "/join dvonn"));
    assert_refusal(&refused[0], "command-key-too-long");
    let long_name = User {
        id: "someone".into(),
        name: "n".repeat(5_000),
    };
    let opened = h.handle(&Command::new(CH, long_name, "/join dvonn"));
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
    let h = Harness::fresh();
    // Burg: everybody chooses cards; `build house` is not secret, it is not allowed now.
    one(ok(&h, CH, "alice", "/join burg casual"));
    one(ok(&h, CH, "bob", "/join"));
    let started = say(&h, CH, "alice", "/start");
    assert!(started.iter().all(|r| !r.error));
    for text in ["/move build house", "/move done"] {
        let replies = say(&h, CH, "alice", text);
        assert_eq!(replies.len(), 1, "{replies:?}");
        assert_refusal(&replies[0], "play-illegal");
        assert!(replies[0].hint.is_none(), "{replies:?}");
        // The game's reason says what is wrong now.
        assert!(
            replies[0].text.contains("everybody is choosing cards now"),
            "{}",
            replies[0].text
        );
        assert!(!replies[0].text.contains("secret"), "{}", replies[0].text);
    }
    // A legal choice typed in public is secret: not played, and the player told where to send it.
    let choice = legal(&h, CH, "alice")[0].clone();
    let replies = say(&h, CH, "alice", &format!("/move {choice}"));
    assert_refusal(&replies[0], "play-secret-in-public");
    assert!(replies[0].hint.is_some(), "{replies:?}");
    one(ok(&h, CH, "alice", "/abort"));

    // DonQuixote: who has placed hears why they wait, not "not your turn".
    one(ok(&h, CH, "alice", "/join donquixote casual"));
    one(ok(&h, CH, "bob", "/join"));
    assert!(say(&h, CH, "alice", "/start").iter().all(|r| !r.error));
    let tile = legal(&h, CH, "alice")[0].clone();
    assert!(
        say_with(&h, CH, "alice", &format!("/move {tile}"), privately)
            .iter()
            .all(|r| !r.error)
    );
    let again = say_with(&h, CH, "alice", &format!("/move {tile}"), privately);
    assert_refusal(&again[0], "play-illegal");
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
    one(ok(&h, CH, "alice", "/abort"));

    // `/join dvonn` at a Dvonn table opened with `log` sits down; other options are refused
    // with the table's and the typed ones.
    one(ok(&h, CH, "alice", "/join dvonn log"));
    let other = refusal(&h, CH, "bob", "/join dvonn profi");
    assert_refusal(&other, "join-other-options");
    assert!(
        other.text.contains("log") && other.text.contains("`profi`"),
        "{}",
        other.text
    );

    let sat = one(ok(&h, CH, "bob", "/join dvonn"));
    assert!(sat.text.contains("bob sits down"), "{}", sat.text);
}

/// Over the image limit `/hand` still answers: in words, with its buttons and the legal moves
/// listed, and says when the image comes again.
#[test]
fn the_hand_over_the_image_limit_keeps_its_buttons() {
    let limits = Limits {
        images_per_minute: 2,
        ..Limits::unmetered()
    };
    let h = setup().limits(limits).fresh();
    let ask =
        |user: &str, text: &str| say_with(&h, CH, user, text, |cmd| cmd.private = text == "/hand");
    ask("alice", "/join dvonn");
    ask("bob", "/join");
    ask("alice", "/start");
    let mut hands = Vec::new();
    for _ in 0..4 {
        hands.push(ask("alice", "/hand").remove(0));
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
