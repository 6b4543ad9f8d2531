//! Matrix end to end against a real Synapse on loopback (`.ci/synapse.sh start DIR` starts one
//! and registers the `admin` that makes each test's own accounts; `.ci/run` does this). The real
//! `spieltisch` binary plays the bot; the players are matrix-sdk clients. Each test has its own
//! bot and players ([`Accounts`]), so the tests run side by side.
//!
//! Without a homeserver the test is skipped with a message — unless
//! `SPIELTISCH_TEST_SYNAPSE_REQUIRED` is set (CI), then it fails.

use std::process::Command;
use std::sync::atomic::Ordering;
use std::time::Duration;

use matrix_sdk::ruma::OwnedUserId;
use matrix_sdk::ruma::events::reaction::ReactionEventContent;
use matrix_sdk::ruma::events::relation::Annotation;
use matrix_sdk::ruma::events::room::message::{
    EmoteMessageEventContent, MessageType, ReplacementMetadata, RoomMessageEventContent,
};

use crate::support::clock::{ClockFile, HOUR, T0};
use crate::support::matrix::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_short_dvonn_game_in_a_matrix_room() {
    let Some(url) = homeserver_or_skip().await else {
        return;
    };
    let accounts = Accounts::new(&url).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let bot_id = accounts.bot();
    let relay = Relay::start(&url).await;
    let mut bot = start_bot(&accounts, &relay.url(), dir.path(), 1);
    let alice = accounts.player("alice", dir.path()).await;
    let bob = accounts.player("bob", dir.path()).await;
    let carol = accounts.player("carol", dir.path()).await;

    // Alice opens a room and invites the bot and the others; the bot joins by itself.
    let invite = vec![
        bot_id.clone(),
        bob.client.user_id().expect("bob").to_owned(),
        carol.client.user_id().expect("carol").to_owned(),
    ];
    let room = alice.open_room("Spieltisch test", invite).await;
    wait_member(&alice.client, &room, &bot_id).await;
    wait_member(&alice.client, &room, bob.client.user_id().expect("bob")).await;

    let board = open_game(&bot_id, &room, "!join dvonn", &alice, &bob, &alice).await;
    assert!(
        board.text().contains("to move"),
        "the caption says whose turn: {}",
        board.text()
    );
    assert_eq!(alice.png_size(&board).await, (1000, 600));
    // The image's body says in words what the picture shows (for a screen reader or a
    // text-only client): whose turn and what is on the board.
    assert!(
        board
            .text()
            .contains("Dvonn: White (alice) to move. White controls 23 stacks (23 pieces)")
            && board.text().contains("3 DVONN pieces"),
        "the board is described: {}",
        board.text()
    );

    // Four moves, each asked for with an empty `!move` (the example comes privately) and
    // answered by a board image that downloads and decodes.
    for turn in 0..4 {
        let player = [&alice, &bob][turn % 2];
        play_example_move(player, &alice, &room, &bot_id, None).await;
    }
    // Each move pings the player now to move, and only them: `m.mentions` on the board's
    // caption (with a pill in it).
    let pings: Vec<Vec<OwnedUserId>> = alice
        .seen
        .lock()
        .unwrap()
        .iter()
        .filter(|s| s.sender == bot_id && s.room == room)
        .filter(|s| matches!(s.msg, MessageType::Image(_)))
        .filter_map(|s| s.mentions.as_ref())
        .map(|m| m.user_ids.iter().cloned().collect())
        .filter(|ids: &Vec<OwnedUserId>| !ids.is_empty())
        .collect();
    let (alice_id, bob_id) = (
        alice.client.user_id().expect("alice").to_owned(),
        bob.client.user_id().expect("bob").to_owned(),
    );
    assert_eq!(
        pings,
        [&bob_id, &alice_id, &bob_id, &alice_id].map(|id| vec![id.clone()]),
        "each move pings the next player"
    );
    // `!mygames` links the room with a matrix.to link.
    let m = alice.mark();
    bob.say(&room, "!mygames").await;
    let mine = alice
        .wait(m, &bot_id, "bob's tables", |s| {
            s.text().contains("Your tables")
        })
        .await;
    assert!(
        mine.text()
            .contains(&format!("Dvonn in [{room}](https://matrix.to/#/{room})")),
        "{}",
        mine.text()
    );
    // A stranger's move is refused.
    let m = alice.mark();
    carol.say(&room, "!move A1B1").await;
    alice
        .wait(m, &bot_id, "the refusal", |s| {
            s.text().contains("Only the players")
        })
        .await;

    // bob's private view arrives in a direct room the bot opens (encrypted, as Element does).
    let m = bob.mark();
    bob.say(&room, "!hand").await;
    let hand = bob
        .wait(m, &bot_id, "the private board", |s| {
            s.room != room && matches!(s.msg, MessageType::Image(_))
        })
        .await;
    let direct = bob.client.get_room(&hand.room).expect("the direct room");
    assert!(
        direct
            .latest_encryption_state()
            .await
            .expect("state")
            .is_encrypted(),
        "the direct room is encrypted"
    );
    assert_eq!(bob.png_size(&hand).await, (1000, 600));
    assert!(
        hand.text().contains("Dvonn: ") && hand.text().contains("Last move:"),
        "the private view is described too: {}",
        hand.text()
    );
    assert!(
        !alice
            .seen
            .lock()
            .unwrap()
            .iter()
            .any(|s| s.room == hand.room),
        "nobody else sees the private view"
    );

    // What is not a command is ignored: an edit, an emote, a notice, a reaction, a redaction —
    // each saying `!abort`, which would end the game if the bot took it from alice.
    let said = alice.say(&room, "hello").await;
    let edit = RoomMessageEventContent::text_plain("!abort")
        .make_replacement(ReplacementMetadata::new(said.clone(), None));
    alice.send(&room, edit).await;
    let emote = EmoteMessageEventContent::plain("!abort");
    alice
        .send(
            &room,
            RoomMessageEventContent::new(MessageType::Emote(emote)),
        )
        .await;
    alice
        .send(&room, RoomMessageEventContent::notice_plain("!abort"))
        .await;
    let reaction = Annotation::new(said.clone(), "!abort".into());
    alice.send(&room, ReactionEventContent::new(reaction)).await;
    let own = alice.client.get_room(&room).expect("room");
    own.redact(&said, Some("test"), None)
        .await
        .expect("redacted");

    // A room the bot was kicked from: what is said there goes unanswered, nothing breaks.
    let kicked = alice.open_room("Kicked", vec![bot_id.clone()]).await;
    wait_member(&alice.client, &kicked, &bot_id).await;
    let kicked_room = alice.client.get_room(&kicked).expect("room");
    kicked_room
        .kick_user(&bot_id, Some("testing"))
        .await
        .expect("kicked");
    alice.say(&kicked, "!join dvonn").await;

    let now = status(&alice, &room, &bot_id).await;
    assert!(
        now.contains("alice (White) to move"),
        "the game goes on: {now}"
    );
    assert!(bot.0.try_wait().expect("status").is_none(), "the bot runs");

    // The homeserver goes away: what is said meanwhile is answered once it is back.
    const FAILED: &str = "Matrix sync failed";
    let failures = bot.log().matches(FAILED).count();
    relay.down();
    let before = relay.accepted.load(Ordering::SeqCst);
    bot.wait_log(FAILED, failures).await;
    let m = alice.mark();
    alice.say(&room, "!status").await;
    relay.up();
    let answer = alice
        .wait(m, &bot_id, "the status after the outage", |s| {
            s.text().contains("Dvonn")
        })
        .await;
    assert!(
        answer.text().contains("alice (White) to move"),
        "{}",
        answer.text()
    );
    assert!(
        relay.accepted.load(Ordering::SeqCst) > before,
        "the bot came back through the relay"
    );

    // The homeserver goes away just as the bot answers a move: the board still arrives.
    let caption = play_example_move(&alice, &alice, &room, &bot_id, Some(&relay)).await;
    assert_eq!(relay.tripped.load(Ordering::SeqCst), 1, "the relay was cut");
    assert!(caption.contains("bob (Black) to move"), "{caption}");

    // Restart: the session is reused (no new login) and the game goes on; the recovery key
    // the first start wrote stays the same.
    let key_file = dir.path().join("data/matrix/recovery-key");
    let key = std::fs::read_to_string(&key_file).expect("the recovery key is kept");
    drop(bot);
    bot = start_bot(&accounts, &relay.url(), dir.path(), 2);
    let now = status(&bob, &room, &bot_id).await;
    assert!(now.contains("bob (Black) to move"), "{now}");
    let log = bot.log();
    assert!(
        log.contains("restored=true"),
        "the saved session was used: {log}"
    );
    assert_eq!(
        std::fs::read_to_string(&key_file).expect("still there"),
        key,
        "a restart keeps the recovery key"
    );

    // Sending the bot away: not by a member, yes by a moderator (alice created the room).
    let m = alice.mark();
    carol.say(&room, "!leaveroom").await;
    alice
        .wait(m, &bot_id, "the refusal", |s| {
            s.text().contains("Only a room moderator")
        })
        .await;
    alice.say(&room, "!leaveroom").await;
    alice
        .wait(m, &bot_id, "the goodbye", |s| s.text().contains("Goodbye"))
        .await;
    drop(bot);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_password_or_an_unreachable_homeserver_is_one_clear_line() {
    let url = homeserver();
    let reachable = synapse_is_running(&url).await;
    assert!(
        reachable || std::env::var_os("SPIELTISCH_TEST_SYNAPSE_REQUIRED").is_none(),
        "no Synapse at {url}, but SPIELTISCH_TEST_SYNAPSE_REQUIRED is set"
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let mut cases = vec![(
        "http://127.0.0.1:9".to_string(),
        "@spieltisch:localhost".to_string(),
        "cannot reach the Matrix homeserver",
    )];
    if reachable {
        // The bot's own account, with another password.
        let bot = Accounts::new(&url).await.bot();
        cases.push((url, bot.to_string(), "refused the login"));
    }
    for (server, user, expected) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
            .current_dir(dir.path())
            .env("SPIELTISCH_DATA_DIR", dir.path().join("data"))
            .env("SPIELTISCH_MATRIX__HOMESERVER", &server)
            .env("SPIELTISCH_MATRIX__USER", &user)
            .env("SPIELTISCH_MATRIX_PASSWORD", "not-the-password")
            .env_remove("RUST_LOG")
            .env_remove("SPIELTISCH_DISCORD_TOKEN")
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{server}: {stderr}");
        assert_eq!(
            stderr.trim().lines().count(),
            1,
            "{server}: one line: {stderr}"
        );
        assert!(stderr.contains(expected), "{server}: {stderr}");
        assert!(
            !stderr.contains("not-the-password"),
            "the password is never printed"
        );
    }
}

/// The same Komarn game the bot will play with `--seed 13` (a Morlock comes early), played first by the library: the
/// moves of whoever is to act (the first without a camp) until somebody draws a Morlock; that
/// seat; and what the drawer privately hears when the claim's window closes in silence.
fn komarn_until_a_claim() -> (Vec<(usize, String)>, usize, Vec<String>) {
    use crate::support::{legal, ok, setup, ticked};
    let service = setup().seed(13).fresh();
    let names = ["alice", "bob", "carol"];
    let say = |seat: usize, text: &str| {
        ok(&service, "#k", names[seat], text);
    };
    say(0, "/join komarn challenge=10s");
    say(1, "/join");
    say(2, "/join");
    say(0, "/start");
    let mut moves = Vec::new();
    for _ in 0..400 {
        for (seat, name) in names.iter().enumerate() {
            let legal = legal(&service, "#k", name);
            if legal.iter().any(|m| m == "morlock none") {
                say(seat, "/move morlock none");
                service.clock.advance(Duration::from_secs(11));
                let private: Vec<String> = ticked(&service)
                    .into_iter()
                    .map(|(_, r)| r)
                    .filter(|r| r.to.as_ref().is_some_and(|u| u.name == *name))
                    .map(|r| r.text)
                    .collect();
                return (moves, seat, private);
            }
            if let Some(mv) = legal.iter().find(|m| !m.contains("camp")) {
                say(seat, &format!("/move {mv}"));
                moves.push((seat, mv.clone()));
                break;
            }
        }
    }
    panic!("no Morlock drawn");
}

/// A private reply made by the table's timer reaches its owner only: when a Komarn claim's
/// window closes in silence, the drawer's next draw arrives in the drawer's direct room, and
/// the table's room gets only the announcement.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_timer_s_private_reply_reaches_its_owner_only() {
    let Some(url) = homeserver_or_skip().await else {
        return;
    };
    let accounts = Accounts::new(&url).await;
    let (moves, drawer, expected) = komarn_until_a_claim();
    assert!(!expected.is_empty(), "the drawer draws after the window");
    let dir = tempfile::tempdir().expect("temp dir");
    let bot_id = accounts.bot();
    // The bot's clock stands still until the test moves it past the claim's window.
    let clock = ClockFile::new(dir.path(), T0);
    let _bot = start_bot_with(
        &accounts,
        &url,
        dir.path(),
        1,
        &["--clock-file", &clock.arg(), "run", "--seed", "13"],
    );
    let players = [
        accounts.player("alice", dir.path()).await,
        accounts.player("bob", dir.path()).await,
        accounts.player("carol", dir.path()).await,
    ];
    let invite = vec![
        bot_id.clone(),
        players[1].client.user_id().expect("bob").to_owned(),
        players[2].client.user_id().expect("carol").to_owned(),
    ];
    let room = players[0].open_room("Komarn timer test", invite).await;
    for p in &players[1..] {
        wait_member(&players[0].client, &room, p.client.user_id().expect("id")).await;
    }
    wait_member(&players[0].client, &room, &bot_id).await;
    let watcher = &players[0];
    let m = watcher.mark();
    watcher.say(&room, "!join komarn challenge=10s").await;
    watcher
        .wait(m, &bot_id, "the table", |s| {
            s.text().contains("opens a table for Banner von Komarn")
        })
        .await;
    for (p, name) in players[1..].iter().zip(["bob", "carol"]) {
        let m = watcher.mark();
        p.say(&room, "!join").await;
        watcher
            .wait(m, &bot_id, "a player sits down", |s| {
                s.text().contains(&format!("{name} sits down"))
            })
            .await;
    }
    let board = |s: &Seen| s.room == room && matches!(s.msg, MessageType::Image(_));
    let m = watcher.mark();
    watcher.say(&room, "!start").await;
    watcher.wait(m, &bot_id, "the board", board).await;
    for (seat, mv) in &moves {
        let m = watcher.mark();
        players[*seat].say(&room, &format!("!move {mv}")).await;
        watcher.wait(m, &bot_id, "the move's board", board).await;
    }
    let m = watcher.mark();
    players[drawer].say(&room, "!move morlock none").await;
    watcher.wait(m, &bot_id, "the claim's board", board).await;
    let marks: Vec<usize> = players.iter().map(Player::mark).collect();
    // Nobody answers: the table's timer closes the window after 10 seconds.
    clock.set(T0 + 11_000);
    watcher
        .wait(marks[0], &bot_id, "the closing", |s| {
            s.room == room && s.text().contains("The time for answers is up")
        })
        .await;
    // Private replies name their table.
    let named = |text: &str| format!("[Banner von Komarn in #Komarn timer test] {text}");
    for text in &expected {
        let got = players[drawer]
            .wait(marks[drawer], &bot_id, "the drawer's private draw", |s| {
                s.room != room && s.text() == named(text)
            })
            .await;
        assert_ne!(got.room, room);
    }
    for (seat, p) in players.iter().enumerate() {
        let seen = p.seen.lock().unwrap();
        for s in &seen[..] {
            if s.room == room {
                assert!(!s.text().contains("You draw"), "public: {}", s.text());
            }
        }
        if seat != drawer {
            for s in &seen[marks[seat]..] {
                assert!(
                    !expected.iter().any(|e| s.text().ends_with(e.as_str())),
                    "seat {seat} saw the drawer's draw: {}",
                    s.text()
                );
            }
        }
    }
}

/// Correspondence time in a Matrix room, the bot's clock driven by a file (`--clock-file`):
/// the reminder at half a player's time pings that player alone, with a pill and `m.mentions`;
/// `!vacation` is announced in the room, and the player's clock stands still.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_reminder_pings_its_player_and_a_vacation_is_announced() {
    let Some(url) = homeserver_or_skip().await else {
        return;
    };
    let accounts = Accounts::new(&url).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let clock = ClockFile::new(dir.path(), T0);
    let bot_id = accounts.bot();
    let _bot = start_bot_env(
        &accounts,
        &url,
        dir.path(),
        1,
        &["--clock-file", &clock.arg()],
        &[("SPIELTISCH_TIME__SPREAD", "0s")],
    );
    let alice = accounts.player("alice", dir.path()).await;
    let bob = accounts.player("bob", dir.path()).await;
    let bob_id = bob.client.user_id().expect("bob").to_owned();
    let room = alice
        .open_room("Spieltisch reminders", vec![bot_id.clone(), bob_id.clone()])
        .await;
    wait_member(&alice.client, &room, &bot_id).await;
    wait_member(&alice.client, &room, &bob_id).await;
    open_game(
        &bot_id,
        &room,
        "!join dvonn time=1d/move",
        &alice,
        &bob,
        &bob,
    )
    .await;

    let m = alice.mark();
    clock.set(T0 + 12 * HOUR);
    let reminder = alice
        .wait(m, &bot_id, "alice's reminder", |s| {
            s.room == room && s.text().contains('⏳')
        })
        .await;
    assert!(reminder.text().contains("12h left"), "{}", reminder.text());
    let mentions = reminder.mentions.as_ref().expect("m.mentions is set");
    let alice_id = alice.client.user_id().expect("alice").to_owned();
    assert_eq!(
        mentions
            .user_ids
            .iter()
            .cloned()
            .collect::<Vec<OwnedUserId>>(),
        [alice_id],
        "the reminder pings alice alone"
    );
    assert!(!mentions.room);

    let m = alice.mark();
    bob.say(&room, "!vacation 2d").await;
    let note = alice
        .wait(m, &bot_id, "the table's note", |s| {
            s.room == room && s.text().contains("bob (Black) is on vacation for 2d")
        })
        .await;
    assert!(
        note.text().contains("clock stands still"),
        "{}",
        note.text()
    );
    let mentions = note.mentions.as_ref().expect("m.mentions is set");
    assert!(mentions.user_ids.is_empty(), "the note pings nobody");
}

/// A tournament in a Matrix room: its game is played in a room of its own that the bot opens
/// (named after the game, the players invited); a player who leaves that room loses the game,
/// which ends the tournament, whose final standings come to the tournament's room.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_tournament_game_gets_a_room_of_its_own() {
    let Some(url) = homeserver_or_skip().await else {
        return;
    };
    let accounts = Accounts::new(&url).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let bot_id = accounts.bot();
    let _bot = start_bot(&accounts, &url, dir.path(), 1);
    let alice = accounts.player("alice", dir.path()).await;
    let bob = accounts.player("bob", dir.path()).await;
    let bob_id = bob.client.user_id().expect("bob").to_owned();
    let room = alice
        .open_room("Spieltisch cup", vec![bot_id.clone(), bob_id.clone()])
        .await;
    wait_member(&alice.client, &room, &bot_id).await;
    wait_member(&alice.client, &room, &bob_id).await;
    let m = create_tournament(
        &alice,
        &room,
        &bot_id,
        "!tournament create dvonn swiss rounds=1 name=cup",
    )
    .await;
    alice.say(&room, "!tournament join").await;
    alice
        .wait(m, &bot_id, "alice enters", |s| {
            s.text().contains("alice enters")
        })
        .await;
    bob.say(&room, "!tournament join").await;
    alice
        .wait(m, &bot_id, "bob enters", |s| {
            s.text().contains("bob enters")
        })
        .await;
    let m = bob.mark();
    alice.say(&room, "!tournament start").await;
    // The game's room: not the tournament's, its start posted there.
    let start = bob
        .wait(m, &bot_id, "the game's room", |s| {
            s.room != room && s.text().contains("Tournament `cup`, round 1, board 1")
        })
        .await;
    let game_room = start.room.clone();
    let name = bob
        .client
        .get_room(&game_room)
        .and_then(|r| r.name())
        .unwrap_or_default();
    assert!(name.ends_with("cup-r1-1"), "{name}");
    let black = if start.text().contains("alice (Black)") {
        &alice
    } else {
        &bob
    };
    // Black leaves the game's room: that is a lost game, and the tournament (one round) ends.
    let m = alice.mark();
    let black_name = if std::ptr::eq(black, &alice) {
        "alice"
    } else {
        "bob"
    };
    black
        .client
        .get_room(&game_room)
        .expect("the game's room")
        .leave()
        .await
        .expect("black leaves");
    let left = alice
        .wait(m, &bot_id, "the departure", |s| {
            s.room == room && s.text().contains("not paired again")
        })
        .await;
    assert!(left.text().contains(black_name), "{}", left.text());
    let over = alice
        .wait(m, &bot_id, "the final standings", |s| {
            s.room == room && s.text().contains("is over")
        })
        .await;
    assert!(over.text().contains("Standings of cup"), "{}", over.text());
    // The game's result is posted: the bot leaves its room (its rooms do not pile up).
    let white = if std::ptr::eq(black, &alice) {
        &bob
    } else {
        &alice
    };
    wait_gone(&white.client, &game_room, &bot_id).await;
}

/// `!language de` by a room moderator: the room speaks German — the table's announcements and
/// the bot's own notes; a member who is no moderator is refused (in the room's language).
/// `!language server nl` sets the whole homeserver's: only for the configured `admins`.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_moderator_makes_the_room_speak_german() {
    use spieltisch::i18n::{Lang, scope};
    use spieltisch::t;
    let Some(url) = homeserver_or_skip().await else {
        return;
    };
    let accounts = Accounts::new(&url).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let bot_id = accounts.bot();
    let admins = format!("[\"{}\"]", accounts.user("alice"));
    let bot = start_bot_env(
        &accounts,
        &url,
        dir.path(),
        1,
        &[],
        &[("SPIELTISCH_MATRIX__ADMINS", &admins)],
    );
    let alice = accounts.player("alice", dir.path()).await;
    let carol = accounts.player("carol", dir.path()).await;
    let invite = vec![
        bot_id.clone(),
        carol.client.user_id().expect("carol").to_owned(),
    ];
    let room = alice.open_room("Sprachtest", invite).await;
    wait_member(&alice.client, &room, &bot_id).await;
    wait_member(&alice.client, &room, carol.client.user_id().expect("carol")).await;

    let m = alice.mark();
    carol.say(&room, "!language de").await;
    let refused = t!("language-not-moderator", code = "de");
    alice
        .wait(m, &bot_id, "the refusal", |s| s.text().contains(&refused))
        .await;
    alice.say(&room, "!language de").await;
    let set = scope(Lang::De, || t!("language-set-channel", lang = "Deutsch"));
    alice
        .wait(m, &bot_id, "the German announcement", |s| {
            s.text().contains(&set)
        })
        .await;
    let m = alice.mark();
    alice.say(&room, "!join dvonn").await;
    let opened = scope(Lang::De, || {
        let options = t!("options-none");
        t!(
            "opened",
            name = "alice",
            game = "Dvonn",
            options = options,
            max = 2,
            min = 2
        )
    });
    alice
        .wait(m, &bot_id, "the table, in German", |s| {
            s.text().contains(&opened)
        })
        .await;
    // The bot's own words follow the room too.
    carol.say(&room, "!leaveroom").await;
    let only = scope(Lang::De, || t!("matrix-only-moderator"));
    alice
        .wait(m, &bot_id, "the German refusal", |s| {
            s.text().contains(&only)
        })
        .await;
    // The homeserver's language: not for a member, for an admin.
    let m = alice.mark();
    carol.say(&room, "!language server nl").await;
    let not_admin = scope(Lang::De, || t!("language-not-admin", code = "nl"));
    alice
        .wait(m, &bot_id, "the refusal to a member", |s| {
            s.text().contains(&not_admin)
        })
        .await;
    alice.say(&room, "!language server nl").await;
    let server = scope(Lang::Nl, || {
        t!("language-set-community", lang = "Nederlands")
    });
    alice
        .wait(m, &bot_id, "the homeserver's language", |s| {
            s.text().contains(&server)
        })
        .await;
    drop(bot);
}
