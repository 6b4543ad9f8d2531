//! Limits against abuse and the chat's own housekeeping, through the table service as every
//! chat uses it: open tables per user and per community, lobbies that expire, commands and
//! board images per minute, names that cannot put markup into the bot's voice or be confused,
//! and tables whose channel is gone (closed) or out of reach (paused, then resumed).

use std::time::Duration;

use spieltisch::league::Limits;
use spieltisch::table::{Command, Status, User};

use crate::support::console::run_as_typed;
use crate::support::{
    Harness, assert_refusal, in_community, legal, ok, refusal, refused, say, say_with, setup,
};

/// The service with `limits`; commands come from the community `guild`.
fn open(limits: Limits) -> Harness {
    setup().limits(limits).community("guild").fresh()
}

/// The status of the table in `channel`, if there is one.
fn status_of(h: &Harness, channel: &str) -> Option<Status> {
    h.store
        .current_table(channel)
        .expect("store reads")
        .map(|t| t.status)
}

fn limits() -> Limits {
    Limits {
        tables_per_user: 3,
        tables_per_community: 4,
        lobby_expiry: Duration::from_secs(24 * 3600),
        images_per_minute: 3,
        commands_per_minute: 1000,
    }
}

#[test]
fn one_user_cannot_open_tables_without_end() {
    let h = open(limits());
    for ch in ["#a", "#b", "#c"] {
        ok(&h, ch, "al", "/join dvonn");
    }
    let full = refusal(&h, "#d", "al", "/join dvonn");
    assert_refusal(&full, "limit-tables-per-user");
    assert!(full.text.contains('3'), "the limit: {}", full.text);
    assert_eq!(status_of(&h, "#d"), None, "nothing opened");
    // Sitting down at somebody else's table counts too.
    ok(&h, "#d", "bo", "/join dvonn");
    assert_eq!(refused(&h, "#d", "al", "/join"), "limit-tables-per-user");
    // Standing up from one makes room again.
    ok(&h, "#a", "al", "/leave");
    ok(&h, "#d", "al", "/join");
}

#[test]
fn a_community_has_a_ceiling_of_open_tables_and_others_are_not_affected() {
    let h = open(limits());
    for (i, ch) in ["#a", "#b", "#c", "#d"].iter().enumerate() {
        ok(&h, ch, &format!("user{i}"), "/join dvonn");
    }
    let ceiling = refusal(&h, "#e", "zed", "/join dvonn");
    assert_refusal(&ceiling, "limit-tables-per-community");
    assert!(ceiling.text.contains('4'), "the limit: {}", ceiling.text);
    // Joining an open table of the community is still fine, and so is another community.
    ok(&h, "#a", "zed", "/join");
    let elsewhere = say_with(&h, "#x", "zed", "/join dvonn", in_community("other"));
    assert!(!elsewhere[0].error, "{}", elsewhere[0].text);
    // A table that ends makes room.
    ok(&h, "#b", "user1", "/leave");
    ok(&h, "#e", "amy", "/join dvonn");
}

#[test]
fn a_lobby_nobody_starts_expires_but_a_running_game_does_not() {
    let h = open(limits());
    ok(&h, "#lobby", "al", "/join dvonn");
    ok(&h, "#game", "al", "/join dvonn");
    ok(&h, "#game", "bo", "/join");
    ok(&h, "#game", "al", "/start");
    h.clock.advance(Duration::from_secs(23 * 3600));
    assert!(h.tick("").is_empty(), "not yet");
    h.clock.advance(Duration::from_secs(3600));
    let ticks = h.tick("");
    assert_eq!(ticks.len(), 1, "{ticks:?}");
    assert_eq!(ticks[0].0, "#lobby");
    assert!(
        ticks[0].1[0]
            .text
            .contains("Nobody started the Dvonn table"),
        "{}",
        ticks[0].1[0].text
    );
    assert_eq!(status_of(&h, "#lobby"), Some(Status::Aborted));
    assert_eq!(status_of(&h, "#game"), Some(Status::Running));
    assert!(h.tick("").is_empty(), "closed once");
    // The channel is free again.
    ok(&h, "#lobby", "bo", "/join dvonn");
}

#[test]
fn lobby_expiry_survives_a_restart() {
    let h = open(limits());
    ok(&h, "#lobby", "al", "/join dvonn");
    let h = h.restart();
    h.clock.advance(Duration::from_secs(25 * 3600));
    let ticks = h.tick("");
    assert_eq!(ticks.len(), 1, "{ticks:?}");
    assert_eq!(status_of(&h, "#lobby"), Some(Status::Aborted));
}

#[test]
fn a_command_flood_gets_one_polite_refusal_then_silence() {
    let h = open(Limits {
        commands_per_minute: 5,
        ..limits()
    });
    for _ in 0..5 {
        ok(&h, "#a", "al", "/help");
    }
    let flood = refusal(&h, "#a", "al", "/help");
    assert_refusal(&flood, "rate-commands");
    assert!(flood.text.contains('5'), "the limit: {}", flood.text);
    for _ in 0..50 {
        assert!(say(&h, "#a", "al", "/join dvonn").is_empty(), "silence");
    }
    assert_eq!(status_of(&h, "#a"), None, "nothing done meanwhile");
    assert!(!say(&h, "#a", "bo", "/help")[0].error, "others are served");
    h.clock.advance(Duration::from_secs(61));
    ok(&h, "#a", "al", "/join dvonn");
}

#[test]
fn a_stranger_cannot_make_the_bot_draw_without_end() {
    let h = open(limits());
    ok(&h, "#g", "al", "/join dvonn");
    ok(&h, "#g", "bo", "/join");
    ok(&h, "#g", "al", "/start");
    for _ in 0..3 {
        let board = say(&h, "#g", "eve", "/board");
        assert!(board[0].board.is_some(), "{board:?}");
    }
    let images = refusal(&h, "#g", "eve", "/board");
    assert_refusal(&images, "rate-boards");
    assert!(images.text.contains('3'), "the limit: {}", images.text);
    for _ in 0..300 {
        assert!(say(&h, "#g", "eve", "/board").is_empty());
    }
    // `/status` still answers, in text; and players' moves still get their board.
    assert!(!say(&h, "#g", "eve", "/status")[0].error);
    let moves = legal(&h, "#g", "al");
    let played = ok(&h, "#g", "al", &format!("/move {}", moves[0])).remove(0);
    assert!(played.board.is_some(), "a move always shows the board");
    h.clock.advance(Duration::from_secs(60));
    assert!(say(&h, "#g", "eve", "/board")[0].board.is_some());
}

#[test]
fn names_cannot_put_markup_into_the_bot_s_voice_or_turn_a_line_around() {
    let h = open(limits());
    let evil = User {
        id: "evil".into(),
        name: "[free nitro](https://evil.example) <img src=x>\u{202E}reversed".into(),
    };
    let opened = h.handle(&Command::new("#n", evil, "/join dvonn"));
    let text = &opened[0].text;
    assert!(
        text.contains("\\[free nitro\\]\\(https\\://evil.example\\)"),
        "{text}"
    );
    assert!(text.contains("\\<img src\\=x\\>"), "{text}");
    assert!(!text.contains('\u{202E}'), "no override survives: {text:?}");
    let table = h.store.current_table("#n").unwrap().unwrap();
    assert!(!table.seats[0].name.contains('\u{202E}'));
    assert!(table.seats[0].name.ends_with("reversed"));
}

#[test]
fn two_players_with_one_name_are_told_apart() {
    let h = open(limits());
    let al = |id: &str| User {
        id: id.into(),
        name: "Al".into(),
    };
    h.handle(&Command::new("#t", al("discord:1"), "/join dvonn"));
    let sat = h.handle(&Command::new("#t", al("discord:2"), "/join"));
    assert!(
        sat[0].text.starts_with("Al \\(2\\) sits down"),
        "{}",
        sat[0].text
    );
    let started = h.handle(&Command::new("#t", al("discord:2"), "/start"));
    assert!(
        started[0].text.contains("Al (White) vs Al \\(2\\) (Black)"),
        "{}",
        started[0].text
    );
}

#[test]
fn a_move_with_markup_is_refused_in_plain_text() {
    let h = open(limits());
    ok(&h, "#g", "al", "/join dvonn");
    ok(&h, "#g", "bo", "/join");
    ok(&h, "#g", "al", "/start");
    let markup = refusal(&h, "#g", "al", "/move [x](https://evil.example)");
    assert_refusal(&markup, "move-unreadable");
    assert!(!markup.text.contains("](https://"), "{}", markup.text);
    let unknown = refusal(&h, "#g", "al", "/fly`<b>`");
    assert_refusal(&unknown, "command-unknown");
    assert!(unknown.text.contains("`fly<b>`"), "{}", unknown.text);
}

#[test]
fn a_gone_channel_closes_its_table_and_a_paused_one_resumes_with_its_clock() {
    let h = open(limits());
    for ch in ["#gone", "#away"] {
        ok(&h, ch, "al", "/join dvonn time=10m");
        ok(&h, ch, "bo", "/join");
        ok(&h, ch, "al", "/start");
    }
    assert_eq!(h.loaded_tables(), 2, "timed tables are in memory");

    assert!(h.close_gone("#gone"));
    assert!(!h.close_gone("#gone"), "once");
    assert_eq!(
        status_of(&h, "#gone"),
        Some(Status::Aborted),
        "kept in the store"
    );

    assert!(h.suspend("#away"));
    assert_eq!(h.loaded_tables(), 0, "out of memory and the timer loop");
    h.clock.advance(Duration::from_secs(3600));
    assert!(h.tick("").is_empty(), "no clock runs while paused");
    let status = say(&h, "#away", "bo", "/status");
    assert!(
        status[0].text.contains("back after a pause of 1h"),
        "{status:?}"
    );
    assert!(
        status.iter().any(|r| r.text.contains("10:00")),
        "White's clock kept its time: {status:?}"
    );
    assert_eq!(status_of(&h, "#away"), Some(Status::Running));
    h.clock.advance(Duration::from_secs(601));
    let ticks = h.tick("");
    assert_eq!(ticks.len(), 1, "the clock runs again after the pause");
}

#[test]
fn a_server_that_removed_the_bot_closes_all_its_tables() {
    let h = open(limits());
    say_with(&h, "#1", "al", "/join dvonn", in_community("guild:1"));
    say_with(&h, "#2", "bo", "/join burg", in_community("guild:1"));
    say_with(&h, "#3", "cy", "/join dvonn", in_community("guild:2"));
    assert_eq!(h.open_channels("guild:1").len(), 2);
    assert_eq!(h.close_community("guild:1"), 2);
    assert_eq!(status_of(&h, "#1"), Some(Status::Aborted));
    assert_eq!(status_of(&h, "#2"), Some(Status::Aborted));
    assert_eq!(status_of(&h, "#3"), Some(Status::Lobby));
    assert!(h.open_channels("guild:1").is_empty());
}

/// The console is one person at one keyboard: the per-minute limits that stop a chat user's
/// flood (tested through the service above) do not stop a script or a pasted game there.
#[test]
fn the_console_does_not_limit_its_one_person() {
    let dir = tempfile::tempdir().unwrap();
    let mut input = String::from("al: /join dvonn\nbo: /join\nal: /start\n");
    for _ in 0..40 {
        input.push_str("eve: /board\n");
    }
    input.push_str("bo: /status\n");
    let (_, out, _) = run_as_typed(
        dir.path(),
        &["local", "--data", "data", "--out", "out"],
        input.as_bytes(),
    );
    let images = out.lines().filter(|l| l.contains(" image: ")).count();
    // The start's board and every one of the forty asked for: no refusal.
    assert_eq!(images, 1 + 40, "{out}");
    let refusals = out.lines().filter(|l| l.contains("a minute")).count();
    assert_eq!(refusals, 0, "{out}");
    assert!(
        out.lines().last().is_some_and(|l| l.contains("to move")),
        "{out}"
    );
}
