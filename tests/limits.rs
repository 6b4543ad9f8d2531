//! Limits against abuse and the chat's own housekeeping, through the table service as every
//! chat uses it: open tables per user and per community, lobbies that expire, commands and
//! board images per minute, names that cannot put markup into the bot's voice or be confused,
//! and tables whose channel is gone (closed) or out of reach (paused, then resumed).

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use spieltisch::app::App;
use spieltisch::league::Limits;
use spieltisch::store::SledStore;
use spieltisch::table::TableStore;
use spieltisch::table::{Command, ManualTimeSource, Reply, Seeding, Status, User};

struct Harness {
    service: App,
    store: Arc<SledStore>,
    time: Arc<ManualTimeSource>,
}

fn open(dir: &Path, limits: Limits) -> Harness {
    let store = Arc::new(SledStore::open(dir).expect("sled opens"));
    let time = Arc::new(ManualTimeSource::new(1_000_000));
    Harness {
        service: App::open(store.clone(), time.clone(), Seeding::Fixed(3))
            .expect("service opens")
            .with_limits(limits),
        store,
        time,
    }
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

impl Harness {
    fn say_in(&self, channel: &str, community: &str, user: &str, text: &str) -> Vec<Reply> {
        let cmd = Command {
            community: Some(community.into()),
            ..Command::new(channel, User::named(user), text)
        };
        self.service.handle(&cmd)
    }

    fn say(&self, channel: &str, user: &str, text: &str) -> Vec<Reply> {
        self.say_in(channel, "guild", user, text)
    }

    fn accepted(&self, channel: &str, user: &str, text: &str) -> Reply {
        let replies = self.say(channel, user, text);
        assert!(
            replies.iter().all(|r| !r.error),
            "{channel} {user} {text}: {replies:?}"
        );
        replies.into_iter().next().expect("a reply")
    }

    fn refused(&self, channel: &str, user: &str, text: &str) -> String {
        let replies = self.say(channel, user, text);
        assert_eq!(replies.len(), 1, "{text}: {replies:?}");
        assert!(replies[0].error, "{text} accepted: {}", replies[0].text);
        replies[0].text.clone()
    }

    fn status(&self, channel: &str) -> Option<Status> {
        self.store
            .current_table(channel)
            .expect("store reads")
            .map(|t| t.status)
    }
}

#[test]
fn one_user_cannot_open_tables_without_end() {
    let dir = tempfile::tempdir().unwrap();
    let h = open(dir.path(), limits());
    for ch in ["#a", "#b", "#c"] {
        h.accepted(ch, "al", "/join dvonn");
    }
    let refusal = h.refused("#d", "al", "/join dvonn");
    assert!(refusal.contains("3 open tables"), "{refusal}");
    assert_eq!(h.status("#d"), None, "nothing opened");
    // Sitting down at somebody else's table counts too.
    h.accepted("#d", "bo", "/join dvonn");
    h.refused("#d", "al", "/join");
    // Standing up from one makes room again.
    h.accepted("#a", "al", "/leave");
    h.accepted("#d", "al", "/join");
}

#[test]
fn a_community_has_a_ceiling_of_open_tables_and_others_are_not_affected() {
    let dir = tempfile::tempdir().unwrap();
    let h = open(dir.path(), limits());
    for (i, ch) in ["#a", "#b", "#c", "#d"].iter().enumerate() {
        h.accepted(ch, &format!("user{i}"), "/join dvonn");
    }
    let refusal = h.refused("#e", "zed", "/join dvonn");
    assert!(refusal.contains("4 open tables"), "{refusal}");
    // Joining an open table of the community is still fine, and so is another community.
    h.accepted("#a", "zed", "/join");
    let elsewhere = h.say_in("#x", "other", "zed", "/join dvonn");
    assert!(!elsewhere[0].error, "{}", elsewhere[0].text);
    // A table that ends makes room.
    h.accepted("#b", "user1", "/leave");
    h.accepted("#e", "amy", "/join dvonn");
}

#[test]
fn a_lobby_nobody_starts_expires_but_a_running_game_does_not() {
    let dir = tempfile::tempdir().unwrap();
    let h = open(dir.path(), limits());
    h.accepted("#lobby", "al", "/join dvonn");
    h.accepted("#game", "al", "/join dvonn");
    h.accepted("#game", "bo", "/join");
    h.accepted("#game", "al", "/start");
    h.time.advance(Duration::from_secs(23 * 3600));
    assert!(h.service.tick("").is_empty(), "not yet");
    h.time.advance(Duration::from_secs(3600));
    let ticks = h.service.tick("");
    assert_eq!(ticks.len(), 1, "{ticks:?}");
    assert_eq!(ticks[0].0, "#lobby");
    assert!(
        ticks[0].1[0]
            .text
            .contains("Nobody started the Dvonn table"),
        "{}",
        ticks[0].1[0].text
    );
    assert_eq!(h.status("#lobby"), Some(Status::Aborted));
    assert_eq!(h.status("#game"), Some(Status::Running));
    assert!(h.service.tick("").is_empty(), "closed once");
    // The channel is free again.
    h.accepted("#lobby", "bo", "/join dvonn");
}

#[test]
fn lobby_expiry_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    {
        let h = open(dir.path(), limits());
        h.accepted("#lobby", "al", "/join dvonn");
    }
    let h = open(dir.path(), limits());
    h.time.advance(Duration::from_secs(25 * 3600));
    let ticks = h.service.tick("");
    assert_eq!(ticks.len(), 1, "{ticks:?}");
    assert_eq!(h.status("#lobby"), Some(Status::Aborted));
}

#[test]
fn a_command_flood_gets_one_polite_refusal_then_silence() {
    let dir = tempfile::tempdir().unwrap();
    let h = open(
        dir.path(),
        Limits {
            commands_per_minute: 5,
            ..limits()
        },
    );
    for _ in 0..5 {
        h.accepted("#a", "al", "/help");
    }
    let refusal = h.refused("#a", "al", "/help");
    assert!(refusal.contains("faster than 5 a minute"), "{refusal}");
    for _ in 0..50 {
        assert!(h.say("#a", "al", "/join dvonn").is_empty(), "silence");
    }
    assert_eq!(h.status("#a"), None, "nothing done meanwhile");
    assert!(!h.say("#a", "bo", "/help")[0].error, "others are served");
    h.time.advance(Duration::from_secs(61));
    h.accepted("#a", "al", "/join dvonn");
}

#[test]
fn a_stranger_cannot_make_the_bot_draw_without_end() {
    let dir = tempfile::tempdir().unwrap();
    let h = open(dir.path(), limits());
    h.accepted("#g", "al", "/join dvonn");
    h.accepted("#g", "bo", "/join");
    h.accepted("#g", "al", "/start");
    for _ in 0..3 {
        let board = h.say("#g", "eve", "/board");
        assert!(board[0].board.is_some(), "{board:?}");
    }
    let refusal = h.refused("#g", "eve", "/board");
    assert!(refusal.contains("3 board images a minute"), "{refusal}");
    for _ in 0..300 {
        assert!(h.say("#g", "eve", "/board").is_empty());
    }
    // `/status` still answers, in text; and players' moves still get their board.
    assert!(!h.say("#g", "eve", "/status")[0].error);
    let moves = h.service.legal_moves("#g", &User::named("al"));
    let played = h.accepted("#g", "al", &format!("/move {}", moves[0]));
    assert!(played.board.is_some(), "a move always shows the board");
    h.time.advance(Duration::from_secs(60));
    assert!(h.say("#g", "eve", "/board")[0].board.is_some());
}

#[test]
fn names_cannot_put_markup_into_the_bot_s_voice_or_turn_a_line_around() {
    let dir = tempfile::tempdir().unwrap();
    let h = open(dir.path(), limits());
    let evil = User {
        id: "evil".into(),
        name: "[free nitro](https://evil.example) <img src=x>\u{202E}reversed".into(),
    };
    let opened = h.service.handle(&Command::new("#n", evil, "/join dvonn"));
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
    let dir = tempfile::tempdir().unwrap();
    let h = open(dir.path(), limits());
    let al = |id: &str| User {
        id: id.into(),
        name: "Al".into(),
    };
    h.service
        .handle(&Command::new("#t", al("discord:1"), "/join dvonn"));
    let sat = h
        .service
        .handle(&Command::new("#t", al("discord:2"), "/join"));
    assert!(
        sat[0].text.starts_with("Al \\(2\\) sits down"),
        "{}",
        sat[0].text
    );
    let started = h
        .service
        .handle(&Command::new("#t", al("discord:2"), "/start"));
    assert!(
        started[0].text.contains("Al (White) vs Al \\(2\\) (Black)"),
        "{}",
        started[0].text
    );
}

#[test]
fn a_move_with_markup_is_refused_in_plain_text() {
    let dir = tempfile::tempdir().unwrap();
    let h = open(dir.path(), limits());
    h.accepted("#g", "al", "/join dvonn");
    h.accepted("#g", "bo", "/join");
    h.accepted("#g", "al", "/start");
    let refusal = h.refused("#g", "al", "/move [x](https://evil.example)");
    assert!(!refusal.contains("](https://"), "{refusal}");
    let unknown = h.refused("#g", "al", "/fly`<b>`");
    assert!(unknown.contains("`fly<b>`"), "{unknown}");
}

#[test]
fn a_gone_channel_closes_its_table_and_a_paused_one_resumes_with_its_clock() {
    let dir = tempfile::tempdir().unwrap();
    let h = open(dir.path(), limits());
    for ch in ["#gone", "#away"] {
        h.accepted(ch, "al", "/join dvonn time=10m");
        h.accepted(ch, "bo", "/join");
        h.accepted(ch, "al", "/start");
    }
    assert_eq!(h.service.loaded_tables(), 2, "timed tables are in memory");

    assert!(h.service.close_gone("#gone"));
    assert!(!h.service.close_gone("#gone"), "once");
    assert_eq!(
        h.status("#gone"),
        Some(Status::Aborted),
        "kept in the store"
    );

    assert!(h.service.suspend("#away"));
    assert_eq!(
        h.service.loaded_tables(),
        0,
        "out of memory and the timer loop"
    );
    h.time.advance(Duration::from_secs(3600));
    assert!(h.service.tick("").is_empty(), "no clock runs while paused");
    let status = h.say("#away", "bo", "/status");
    assert!(
        status[0].text.contains("back after a pause of 1h"),
        "{status:?}"
    );
    assert!(
        status.iter().any(|r| r.text.contains("10:00")),
        "White's clock kept its time: {status:?}"
    );
    assert_eq!(h.status("#away"), Some(Status::Running));
    h.time.advance(Duration::from_secs(601));
    let ticks = h.service.tick("");
    assert_eq!(ticks.len(), 1, "the clock runs again after the pause");
}

#[test]
fn a_server_that_removed_the_bot_closes_all_its_tables() {
    let dir = tempfile::tempdir().unwrap();
    let h = open(dir.path(), limits());
    h.say_in("#1", "guild:1", "al", "/join dvonn");
    h.say_in("#2", "guild:1", "bo", "/join burg");
    h.say_in("#3", "guild:2", "cy", "/join dvonn");
    assert_eq!(h.service.open_channels("guild:1").len(), 2);
    assert_eq!(h.service.close_community("guild:1"), 2);
    assert_eq!(h.status("#1"), Some(Status::Aborted));
    assert_eq!(h.status("#2"), Some(Status::Aborted));
    assert_eq!(h.status("#3"), Some(Status::Lobby));
    assert!(h.service.open_channels("guild:1").is_empty());
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
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .args(["local", "--data", "data", "--out", "out"])
        .current_dir(dir.path())
        .env_remove("RUST_LOG")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary starts");
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), input.as_bytes())
        .expect("input written");
    let output = child.wait_with_output().expect("it ends");
    let out = String::from_utf8_lossy(&output.stdout);
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
