//! Discord end to end: the real `spieltisch` binary, with its real serenity + poise client,
//! against the protocol-faithful fake Discord in `tests/support/fake_discord` on loopback. The tests
//! assert what Discord would have received.

use std::process::Command;
use std::time::Duration;

use crate::support::clock::{ClockFile, HOUR, T0};
use crate::support::discord::*;
use crate::support::fake_discord::{self, FakeDiscord, FakeUser, Interaction, Recorded};
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_dvonn_game_through_discord() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await, "the bot connects to the gateway");

    // Registration: every command, with a description, the game as a choice, autocomplete.
    let commands = fake.registered_commands().await;
    let names: Vec<&str> = commands.iter().filter_map(|c| c["name"].as_str()).collect();
    for name in [
        "games",
        "join",
        "leave",
        "start",
        "move",
        "board",
        "hand",
        "status",
        "resign",
        "abort",
        "log",
        "export",
        "rules",
        "notify",
        "mygames",
        "vacation",
        "claim",
        "rating",
        "leaderboard",
        "history",
        "help",
    ] {
        assert!(names.contains(&name), "/{name} is registered: {names:?}");
    }
    assert!(
        commands
            .iter()
            .all(|c| c["description"].as_str().is_some_and(|d| !d.is_empty()))
    );
    let join = commands.iter().find(|c| c["name"] == "join").expect("join");
    assert_eq!(join["options"][0]["name"], "game");
    assert_eq!(join["options"][0]["choices"][0]["name"], "Dvonn");
    let mv = commands.iter().find(|c| c["name"] == "move").expect("move");
    assert_eq!(mv["options"][0]["name"], "text");
    assert_eq!(mv["options"][0]["autocomplete"], true);

    let (alice, bob, carol) = (user(1001, "alice"), user(1002, "bob"), user(1003, "carol"));

    // Lobby by slash command and buttons.
    let opened = open_dvonn(&fake, &alice, CHANNEL).await;
    assert!(
        text(&opened).contains("alice opens a table for Dvonn"),
        "{}",
        text(&opened)
    );
    let lobby_message = opened.message_id.expect("the lobby message has an id");
    let sat = public(
        &fake,
        &fake
            .click(&bob, CHANNEL, lobby_message, &button(&opened, "Join"))
            .await,
    )
    .await;
    assert!(text(&sat).contains("bob sits down"), "{}", text(&sat));
    let start_button = button(&sat, "Start");
    let sat_message = sat.message_id.expect("id");
    let refused = private(
        &fake,
        &fake
            .click(&carol, CHANNEL, sat_message, &start_button)
            .await,
    )
    .await;
    assert!(
        text(&refused).contains("Only a seated player"),
        "{}",
        text(&refused)
    );
    let started = public(
        &fake,
        &fake
            .click(&alice, CHANNEL, sat_message, &start_button)
            .await,
    )
    .await;
    assert_eq!(board(&started), (1000, 600));
    assert!(
        text(&started).contains("alice (White) to move"),
        "{}",
        text(&started)
    );
    // alice started the game and moves first: she knows, nobody is pinged.
    assert!(
        fake.notifications().is_empty(),
        "{:?}",
        fake.notifications()
    );

    // Autocomplete offers the legal moves matching what was typed; nothing for the player
    // who is not to move.
    let all = legal_moves(&fake, &alice, CHANNEL, "").await;
    assert!(!all.is_empty() && all.len() <= 25, "{all:?}");
    let prefix = &all[0][..2];
    let narrowed = legal_moves(&fake, &alice, CHANNEL, &prefix.to_lowercase()).await;
    assert!(
        !narrowed.is_empty() && narrowed.iter().all(|m| m.starts_with(prefix)),
        "{narrowed:?}"
    );
    assert!(legal_moves(&fake, &bob, CHANNEL, "").await.is_empty());

    // A move: the board image in the answer, the turn passes.
    let moved = public(&fake, &play(&fake, &alice, CHANNEL, &all[0]).await).await;
    assert_eq!(board(&moved), (1000, 600));
    assert!(
        text(&moved).contains("bob (Black) to move"),
        "{}",
        text(&moved)
    );
    // bob is pinged, and only he: the answer reached Discord as a new message with his
    // mention in its content (an embed pings nobody, nor does an edit).
    let rung = fake.wait_notified(1002, 1).await;
    assert_eq!(rung.len(), 1, "{rung:?}");
    assert!(rung[0].content.starts_with("<@1002>"), "{rung:?}");
    assert!(
        fake.notifications().iter().all(|n| n.user == 1002),
        "{:?}",
        fake.notifications()
    );
    // bob's tables, privately, with a channel mention that jumps to this one.
    let mine = private(
        &fake,
        &fake.slash(&bob, CHANNEL, "mygames", json!([])).await,
    )
    .await;
    assert!(
        text(&mine).contains(&format!("Dvonn in <#{CHANNEL}> — **your turn**")),
        "{}",
        text(&mine)
    );
    // Refusals are ephemeral: garbage, a stranger, out of turn.
    let garbage = private(&fake, &play(&fake, &bob, CHANNEL, "hello").await).await;
    assert!(text(&garbage).contains("not a move"), "{}", text(&garbage));
    let stranger = private(&fake, &play(&fake, &carol, CHANNEL, "A1B1").await).await;
    assert!(
        text(&stranger).contains("Only the players"),
        "{}",
        text(&stranger)
    );
    let early = private(&fake, &play(&fake, &alice, CHANNEL, &all[0]).await).await;
    assert!(text(&early).contains("not your turn"), "{}", text(&early));
    // The private view is ephemeral and carries the board.
    let hand = private(&fake, &fake.slash(&bob, CHANNEL, "hand", json!([])).await).await;
    assert_eq!(board(&hand), (1000, 600));
    // `!` commands answer in the channel.
    fake.message(&carol, CHANNEL, "!status").await;
    let posted = fake
        .wait_requests("the !status reply", 1, |r| {
            r.route == "create_message"
                && r.channel_id == Some(CHANNEL)
                && text(r).contains("to move")
        })
        .await;
    assert!(
        text(&posted[0]).contains("bob (Black) to move"),
        "{}",
        text(&posted[0])
    );
    // Files: the export as JSON (public information only); no record without `log`.
    let export = public(
        &fake,
        &fake.slash(&carol, CHANNEL, "export", json!([])).await,
    )
    .await;
    let (name, bytes) = export.files.first().expect("the export is a file");
    assert!(name.ends_with(".json"), "{name}");
    let doc: Value = serde_json::from_slice(bytes).expect("JSON");
    assert_eq!(
        (doc["status"].clone(), doc["seed"].clone()),
        (json!("running"), Value::Null)
    );
    assert_eq!(doc["moves"].as_array().map(Vec::len), Some(1));
    let no_log = private(&fake, &fake.slash(&carol, CHANNEL, "log", json!([])).await).await;
    assert!(text(&no_log).contains("option `log`"), "{}", text(&no_log));

    // alice asks for her pings by direct message (choice 1 of channel, dm, off); it is
    // stored, so it holds after the restart.
    let notify = private(
        &fake,
        &fake
            .slash(
                &alice,
                CHANNEL,
                "notify",
                json!([{ "name": "mode", "value": 1 }]),
            )
            .await,
    )
    .await;
    assert!(
        text(&notify).contains("Turn pings: dm"),
        "{}",
        text(&notify)
    );

    // Restart: nothing is lost, the commands are registered again, the game goes on.
    drop(bot);
    bot = start_bot(&fake, dir.path(), &[]);
    fake.wait_requests("registration after the restart", 2, |r| {
        r.route == "put_guild_commands"
    })
    .await;
    let after = legal_moves(&fake, &bob, CHANNEL, "").await;
    assert!(!after.is_empty(), "bob is still to move after the restart");
    let moved = public(&fake, &play(&fake, &bob, CHANNEL, &after[0]).await).await;
    assert!(
        text(&moved).contains("alice (White) to move"),
        "{}",
        text(&moved)
    );
    // alice's ping comes by direct message, not in the channel.
    assert!(
        fake.notifications_of(1001)
            .iter()
            .all(|n| n.channel != CHANNEL),
        "{:?}",
        fake.notifications_of(1001)
    );
    let dm = fake.dm_channel(&alice);
    fake.wait_requests("alice's ping by direct message", 1, |r| {
        r.route == "create_message" && r.channel_id == Some(dm) && text(r).contains("Your turn")
    })
    .await;

    // The end: resign; autocomplete on a finished game offers nothing; moves are refused.
    let resigned = public(
        &fake,
        &fake.slash(&alice, CHANNEL, "resign", json!([])).await,
    )
    .await;
    assert!(
        text(&resigned).contains("bob (Black) wins"),
        "{}",
        text(&resigned)
    );
    assert!(legal_moves(&fake, &alice, CHANNEL, "").await.is_empty());
    let late = private(&fake, &play(&fake, &bob, CHANNEL, &after[0]).await).await;
    assert!(text(&late).contains("Game over"), "{}", text(&late));

    // A stale button from the old lobby does not act on a newer table.
    let dave = user(1004, "dave");
    open_dvonn(&fake, &dave, CHANNEL).await;
    let stale = private(
        &fake,
        &fake
            .click(&carol, CHANNEL, lobby_message, &button(&opened, "Join"))
            .await,
    )
    .await;
    assert!(text(&stale).contains("earlier table"), "{}", text(&stale));
    // Abort: not by a bystander; by a member who may manage messages.
    let no = private(
        &fake,
        &fake.slash(&carol, CHANNEL, "abort", json!([])).await,
    )
    .await;
    assert!(text(&no).contains("creator"), "{}", text(&no));
    let moderator = FakeUser::moderator(1005, "mod");
    let aborted = public(
        &fake,
        &fake.slash(&moderator, CHANNEL, "abort", json!([])).await,
    )
    .await;
    assert!(text(&aborted).contains("aborts"), "{}", text(&aborted));

    // The same by `!` message: the moderator's permission comes from the guild's roles.
    open_dvonn(&fake, &dave, CHANNEL).await;
    fake.message(&carol, CHANNEL, "!abort").await;
    fake.wait_requests("the refusal of carol's !abort", 1, |r| {
        r.route == "create_message" && text(r).contains("Only the table's creator (dave)")
    })
    .await;
    fake.message(&moderator, CHANNEL, "!abort").await;
    fake.wait_requests("the moderator's !abort", 1, |r| {
        r.route == "create_message" && text(r).contains("mod aborts the Dvonn table")
    })
    .await;

    // Unknown tables and overlong options: one clear ephemeral reply each.
    let nothing = private(&fake, &play(&fake, &alice, OTHER, "A1B1").await).await;
    assert!(
        text(&nothing).contains("No game is running here"),
        "{}",
        text(&nothing)
    );
    let long = "x".repeat(1500);
    let too_long = private(
        &fake,
        &fake.slash(&alice, OTHER, "join", join_dvonn(&long)).await,
    )
    .await;
    assert!(text(&too_long).contains("too long"), "{}", text(&too_long));

    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
    drop(bot);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_answers_are_deferred_and_a_game_can_get_its_own_thread() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    // Defer everything: the answer then completes the "thinking…" message.
    let _bot = start_bot(
        &fake,
        dir.path(),
        &[("SPIELTISCH_DISCORD__DEFER_AFTER_MS", "0")],
    );
    assert!(fake.wait_ready().await);
    let (alice, bob) = (user(2001, "alice"), user(2002, "bob"));
    let join = fake
        .slash(&alice, CHANNEL, "join", join_dvonn("thread"))
        .await;
    assert_eq!(
        join.callback(&fake).await.callback_type(),
        5,
        "deferred first"
    );
    assert!(
        text(&answer(&fake, &join).await).contains("opens a table for Dvonn (options: thread)")
    );
    public(&fake, &fake.slash(&bob, CHANNEL, "join", json!([])).await).await;
    let start = fake.slash(&alice, CHANNEL, "start", json!([])).await;
    let note = public(&fake, &start).await;
    assert!(
        text(&note).contains("continues in the thread"),
        "{}",
        text(&note)
    );
    let thread = fake
        .wait_requests("the thread", 1, |r| r.route == "create_thread" && r.ok())
        .await[0]
        .response["id"]
        .as_str()
        .and_then(|id| id.parse::<u64>().ok())
        .expect("a thread id");
    let in_thread = fake.channel_messages(thread, 1).await;
    assert_eq!(board(&in_thread[0]), (1000, 600));
    assert!(text(&in_thread[0]).contains("alice (White) to move"));
    // The game now lives in the thread.
    let moves = legal_moves(&fake, &alice, thread, "").await;
    assert!(!moves.is_empty());
    assert!(legal_moves(&fake, &alice, CHANNEL, "").await.is_empty());
    let moved = public(&fake, &play(&fake, &alice, thread, &moves[0]).await).await;
    assert!(text(&moved).contains("bob (Black) to move"));
    // A refusal after a deferral is still only for the one who caused it.
    let refused = private(&fake, &play(&fake, &alice, thread, &moves[0]).await).await;
    assert!(
        text(&refused).contains("not your turn"),
        "{}",
        text(&refused)
    );
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rejected_token_is_one_clear_error_and_a_failing_exit() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let output = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .current_dir(dir.path())
        .env("SPIELTISCH_DISCORD_TOKEN", "d3Jvbmc.wrong.token")
        .env("SPIELTISCH_DISCORD__API_PROXY", fake.proxy_url())
        .env("SPIELTISCH_DATA_DIR", dir.path().join("data"))
        .env_remove("RUST_LOG")
        .output()
        .expect("runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.trim().lines().count(), 1, "one line: {stderr}");
    assert!(stderr.contains("rejected the bot token"), "{stderr}");
    assert!(
        !stderr.contains("wrong.token"),
        "the token is never printed"
    );

    let missing = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .current_dir(dir.path())
        .env_remove("SPIELTISCH_DISCORD_TOKEN")
        .env("SPIELTISCH_DISCORD__ENABLED", "true")
        .env("SPIELTISCH_DATA_DIR", dir.path().join("data"))
        .output()
        .expect("runs");
    assert!(!missing.status.success());
    assert!(
        String::from_utf8_lossy(&missing.stderr).contains("SPIELTISCH_DISCORD_TOKEN is not set")
    );
}

/// Picks the first offered choice of a reply: a select menu's first option, or its first button.
async fn choose_first(
    fake: &FakeDiscord,
    who: &FakeUser,
    channel: u64,
    offer: &Recorded,
) -> Interaction {
    let data = if offer.json["data"].is_object() {
        &offer.json["data"]
    } else {
        &offer.json
    };
    let component = &data["components"][0]["components"][0];
    let message = offer.message_id.expect("the offer is a message");
    let custom_id = component["custom_id"].as_str().expect("a custom id");
    if component["type"] == 3 {
        let value = component["options"][0]["value"]
            .as_str()
            .expect("an option");
        fake.select(who, channel, message, custom_id, &[value])
            .await
    } else {
        fake.click(who, channel, message, custom_id).await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_donquixote_game_played_from_the_hand_menu() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await);
    let players = [user(3001, "ann"), user(3002, "ben"), user(3003, "cy")];
    let opened = public(
        &fake,
        &fake
            .slash(
                &players[0],
                CHANNEL,
                "join",
                json!([{ "name": "game", "value": 1 }]),
            )
            .await,
    )
    .await;
    assert!(
        text(&opened).contains("opens a table for DonQuixote"),
        "{}",
        text(&opened)
    );
    for p in &players[1..] {
        public(&fake, &fake.slash(p, CHANNEL, "join", json!([])).await).await;
    }
    let started = public(
        &fake,
        &fake.slash(&players[0], CHANNEL, "start", json!([])).await,
    )
    .await;
    assert!(
        text(&started).contains("Card 1 of 22"),
        "{}",
        text(&started)
    );
    board(&started);
    let mut last = started;
    for step in 0..22 {
        for p in &players {
            // The hand: an ephemeral image of the tiles with the choices (two clicks to place).
            let hand = private(&fake, &fake.slash(p, CHANNEL, "hand", json!([])).await).await;
            assert!(
                hand.files.iter().any(|(n, _)| n == "board.png"),
                "the hand is drawn"
            );
            let first = &payload(&hand)["components"][0]["components"][0];
            let choices = match first["options"].as_array() {
                Some(options) => options.len(),
                None => buttons(&hand).len(),
            };
            let expected = match step {
                0..9 => 2 * (9 - step),
                9..16 => 2 * (16 - step),
                21 => 2,
                _ => 2 * (21 - step),
            };
            assert_eq!(
                choices, expected,
                "step {step}: every tile of the round in both orientations"
            );
            last = public(&fake, &choose_first(&fake, p, CHANNEL, &hand).await).await;
        }
    }
    assert!(text(&last).contains("Game over"), "{}", text(&last));
    assert!(text(&last).contains("Scoring 3"), "{}", text(&last));
    board(&last);
    let status = public(
        &fake,
        &fake.slash(&players[1], CHANNEL, "status", json!([])).await,
    )
    .await;
    assert!(text(&status).contains("Game over"), "{}", text(&status));
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}

/// Plays a started game to its end: whoever has a legal move plays the first one autocomplete
/// offers (by `/move`, which is private, so secret choices work), or clicks it when the last
/// announcement offers it as a button. No public announcement may offer a move starting with
/// one of `secret` (moves drawn from a hidden hand or a secret choice). Returns the last public
/// answer.
async fn play_to_the_end(
    fake: &FakeDiscord,
    players: &[FakeUser],
    mut last: Recorded,
    expect_buttons: bool,
    secret: &[&str],
) -> Recorded {
    let mut clicked = 0;
    for _ in 0..2000 {
        for (label, _) in buttons(&last) {
            assert!(
                !secret.iter().any(|s| label.starts_with(s)),
                "a public announcement offers `{label}` to everybody"
            );
        }
        let mut mover = None;
        for p in players {
            let moves = legal_moves(fake, p, CHANNEL, "").await;
            if let Some(first) = moves.into_iter().next() {
                mover = Some((p, first));
                break;
            }
        }
        let Some((p, mv)) = mover else {
            assert!(
                clicked > 0 || !expect_buttons,
                "some moves were offered as buttons on the announcements"
            );
            return last;
        };
        let button = buttons(&last).into_iter().find(|(label, _)| *label == mv);
        let ix = match (button, last.message_id) {
            (Some((_, custom_id)), Some(message)) => {
                clicked += 1;
                fake.click(p, CHANNEL, message, &custom_id).await
            }
            _ => play(fake, p, CHANNEL, &mv).await,
        };
        // A secret choice answers with a public note and a private confirmation; every other
        // move with a public announcement.
        let cb = ix.callback(fake).await;
        assert!(
            !Interaction::ephemeral(&cb),
            "{mv} was refused: {}",
            cb.json
        );
        last = cb;
    }
    panic!("the game did not end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_burg_game_with_secret_choices_from_the_hand() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await);
    let players = [user(4001, "ann"), user(4002, "ben"), user(4003, "cy")];
    let game = json!([{ "name": "game", "value": 2 }, { "name": "options", "value": "winter" }]);
    public(&fake, &fake.slash(&players[0], CHANNEL, "join", game).await).await;
    for p in &players[1..] {
        public(&fake, &fake.slash(p, CHANNEL, "join", json!([])).await).await;
    }
    let started = public(
        &fake,
        &fake.slash(&players[0], CHANNEL, "start", json!([])).await,
    )
    .await;
    board(&started);
    // A choice typed in the channel is refused and not played.
    fake.message(&players[0], CHANNEL, "!move choose mason")
        .await;
    fake.wait_requests("the refusal of a public choice", 1, |r| {
        r.route == "create_message" && text(r).contains("secret and was not played")
    })
    .await;
    // Two clicks: /hand (only ann sees it), then a card from its menu.
    let hand = private(
        &fake,
        &fake.slash(&players[0], CHANNEL, "hand", json!([])).await,
    )
    .await;
    // The image says in words what it shows: the hand's cards (its alt text), by the names the
    // buttons use (`choose builder`).
    let alt = payload(&hand)["attachments"][0]["description"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        alt.contains("ann's hand:") && alt.contains("builder") && !alt.contains("Baumeister"),
        "the hand's image describes the hand: {alt:?}"
    );
    let menu = &payload(&hand)["components"][0]["components"][0];
    let options: Vec<String> = menu["options"]
        .as_array()
        .expect("the cards as a menu")
        .iter()
        .filter_map(|o| o["label"].as_str().map(str::to_string))
        .collect();
    assert!(
        options.iter().all(|o| o.starts_with("choose ")) && options.len() == 7,
        "{options:?}"
    );
    let pick = options
        .iter()
        .find(|o| o.contains("mason"))
        .expect("the mason");
    let ix = choose_option(&fake, &players[0], &hand, pick).await;
    let note = answer(&fake, &ix).await;
    assert!(
        text(&note).contains("has chosen (1 of 3)"),
        "{}",
        text(&note)
    );
    assert!(
        !text(&note).contains("Maurer"),
        "the public note names no card"
    );
    // After the public note (its text, then its image): the private confirmation.
    let confirm = ix
        .followups(&fake, 2)
        .await
        .into_iter()
        .find(|r| r.route == "create_followup")
        .expect("a follow-up");
    assert!(
        Interaction::ephemeral(&confirm) && text(&confirm).contains("You chose Maurer"),
        "{}",
        confirm.json
    );
    // The public status, export and images name no choice before the reveal.
    let status = public(
        &fake,
        &fake.slash(&players[1], CHANNEL, "status", json!([])).await,
    )
    .await;
    assert!(!text(&status).contains("Maurer"));
    let last = play_to_the_end(&fake, &players, status, false, &["choose"]).await;
    let end = public(
        &fake,
        &fake.slash(&players[1], CHANNEL, "status", json!([])).await,
    )
    .await;
    assert!(
        text(&end).contains("Game over"),
        "{} / {}",
        text(&last),
        text(&end)
    );
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}

/// Picks the option labelled `label` from a reply's select menu (or its button).
async fn choose_option(
    fake: &FakeDiscord,
    who: &FakeUser,
    offer: &Recorded,
    label: &str,
) -> Interaction {
    let data = if offer.json["data"].is_object() {
        &offer.json["data"]
    } else {
        &offer.json
    };
    let component = &data["components"][0]["components"][0];
    let message = offer.message_id.expect("a message");
    if component["type"] == 3 {
        let option = component["options"]
            .as_array()
            .and_then(|o| o.iter().find(|o| o["label"] == label))
            .expect("the option");
        let custom_id = component["custom_id"].as_str().expect("id");
        fake.select(
            who,
            CHANNEL,
            message,
            custom_id,
            &[option["value"].as_str().expect("value")],
        )
        .await
    } else {
        fake.click(who, CHANNEL, message, &button(offer, label))
            .await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_komarn_game_with_the_hand_in_two_clicks() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await);
    let players = [user(5001, "dora"), user(5002, "emil"), user(5003, "fritz")];
    public(
        &fake,
        &fake
            .slash(
                &players[0],
                CHANNEL,
                "join",
                json!([{ "name": "game", "value": 3 }]),
            )
            .await,
    )
    .await;
    for p in &players[1..] {
        public(&fake, &fake.slash(p, CHANNEL, "join", json!([])).await).await;
    }
    let started = public(
        &fake,
        &fake.slash(&players[0], CHANNEL, "start", json!([])).await,
    )
    .await;
    board(&started);
    // Whoever moves first: /hand offers the numbers, a number offers its fields.
    let mut first = None;
    for p in &players {
        if !legal_moves(&fake, p, CHANNEL, "").await.is_empty() {
            first = Some(p);
        }
    }
    let mover = first.expect("somebody is to move");
    let hand = private(&fake, &fake.slash(mover, CHANNEL, "hand", json!([])).await).await;
    let groups: Vec<String> = buttons(&hand).into_iter().map(|(l, _)| l).collect();
    let menu_labels: Vec<String> = payload(&hand)["components"][0]["components"][0]["options"]
        .as_array()
        .map(|o| {
            o.iter()
                .filter_map(|x| x["label"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    let offered = if groups.is_empty() {
        menu_labels
    } else {
        groups
    };
    let number = offered
        .iter()
        .find(|l| l.starts_with("play "))
        .expect("a number to play")
        .clone();
    let narrower = private(&fake, &choose_option(&fake, mover, &hand, &number).await).await;
    assert!(
        narrower.files.iter().any(|(n, _)| n == "board.png"),
        "the hand is drawn"
    );
    let fields: Vec<String> = buttons(&narrower).into_iter().map(|(l, _)| l).collect();
    let fields = if fields.is_empty() {
        payload(&narrower)["components"][0]["components"][0]["options"]
            .as_array()
            .map(|o| {
                o.iter()
                    .filter_map(|x| x["label"].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    } else {
        fields
    };
    let prefix = number.trim_end_matches(" …");
    assert!(
        !fields.is_empty() && fields.iter().all(|f| f.starts_with(prefix)),
        "{fields:?}"
    );
    let played = public(
        &fake,
        &choose_option(&fake, mover, &narrower, &fields[0]).await,
    )
    .await;
    board(&played);
    // Buttons appear only for public answers (a claim), which a game need not have.
    let last = play_to_the_end(&fake, &players, played, false, &["play ", "pass "]).await;
    let end = public(
        &fake,
        &fake.slash(&players[0], CHANNEL, "status", json!([])).await,
    )
    .await;
    assert!(
        text(&end).contains("Game over"),
        "{} / {}",
        text(&last),
        text(&end)
    );
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}

/// A private reply made by the table's timer reaches its owner only: when a Komarn claim's
/// window closes in silence, the drawer draws again — "You draw …" comes by direct message, and
/// the channel gets only the public announcement.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timer_s_private_reply_reaches_its_owner_only() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot_with(&fake, dir.path(), &[], &["run", "--seed", "13"]);
    assert!(fake.wait_ready().await);
    let players = [user(6001, "alice"), user(6002, "bob"), user(6003, "carol")];
    let drawer = &players[komarn_until_a_morlock(&fake, &players).await];
    let claim = public(&fake, &play(&fake, drawer, CHANNEL, "morlock none").await).await;
    assert!(text(&claim).contains("challenge"), "{}", text(&claim));
    let dm = fake.dm_channel(drawer);
    let before = fake
        .requests()
        .iter()
        .filter(|r| r.route == "create_message" && r.channel_id == Some(dm) && r.ok())
        .count();
    // Nobody answers: after 10 seconds the table's tick closes the window.
    tokio::time::sleep(Duration::from_secs(9)).await;
    let closed = fake.channel_messages(CHANNEL, 1).await;
    let announcement = closed
        .iter()
        .find(|m| text(m).contains("The time for answers is up"))
        .expect("the closing is announced in the channel");
    assert!(
        text(announcement).contains("claim stands"),
        "{}",
        text(announcement)
    );
    let draws = fake
        .wait_requests("the drawer's private draw", before + 1, |r| {
            r.route == "create_message" && r.channel_id == Some(dm) && r.ok()
        })
        .await;
    assert!(
        draws.iter().any(|m| text(m).starts_with("You draw")),
        "{:?}",
        draws.iter().map(text).collect::<Vec<_>>()
    );
    for p in &players {
        if p.id != drawer.id {
            let other = fake.dm_channel(p);
            assert!(
                !fake
                    .requests()
                    .iter()
                    .any(|r| r.channel_id == Some(other) && text(r).contains("You draw")),
                "another player got the drawer's draw"
            );
        }
    }
    // Nothing public in the channel says what anybody drew (a player's own draw after a move
    // is the ephemeral answer to their `/move`).
    for message in fake
        .requests()
        .iter()
        .filter(|r| r.channel_id == Some(CHANNEL) && !Interaction::ephemeral(r))
    {
        assert!(
            !text(message).contains("You draw"),
            "public: {}",
            text(message)
        );
    }
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}

/// Correspondence time on Discord, its clock driven by a file (`--clock-file`): a reminder
/// in the channel pings exactly its player (the content's mention, the allowed mentions); a
/// player who chose `dm` gets the turn ping and the reminder by direct message; `/vacation`
/// is answered privately and each table says so in its channel; a `/claim` that cannot be
/// made is refused privately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_vacations_and_claims_through_discord() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let clock = ClockFile::new(dir.path(), T0);
    let _bot = start_bot_with(
        &fake,
        dir.path(),
        &[("SPIELTISCH_TIME__SPREAD", "0s")],
        &["--clock-file", &clock.arg(), "run"],
    );
    assert!(fake.wait_ready().await);
    let commands = fake.registered_commands().await;
    for name in ["vacation", "claim"] {
        assert!(
            commands.iter().any(|c| c["name"] == name),
            "/{name} is registered"
        );
    }
    let (alice, bob) = (user(7001, "alice"), user(7002, "bob"));
    // bob hears by direct message (choice 1 of channel, dm, off).
    private(
        &fake,
        &fake
            .slash(
                &bob,
                CHANNEL,
                "notify",
                json!([{ "name": "mode", "value": 1 }]),
            )
            .await,
    )
    .await;
    // alice opens Dvonn with a day a move; bob sits down and starts: alice (White) to move.
    let options = join_dvonn("time=1d/move");
    public(&fake, &fake.slash(&alice, CHANNEL, "join", options).await).await;
    public(&fake, &fake.slash(&bob, CHANNEL, "join", json!([])).await).await;
    let started = public(&fake, &fake.slash(&bob, CHANNEL, "start", json!([])).await).await;
    assert!(
        text(&started).contains("Every move has 1d on the clock"),
        "{}",
        text(&started)
    );

    // Half her day: a reminder in the channel that pings alice and nobody else.
    clock.set(T0 + 12 * HOUR);
    let reminder = fake
        .wait_requests("alice's reminder", 1, |r| {
            r.route == "create_message" && r.channel_id == Some(CHANNEL) && text(r).contains('⏳')
        })
        .await
        .remove(0);
    assert_eq!(pinged(&reminder), ["7001"]);
    assert!(
        text(&reminder).starts_with("<@7001>") && text(&reminder).contains("12h left"),
        "{}",
        text(&reminder)
    );

    // alice moves: bob's turn ping comes by direct message, and so does his reminder.
    let moves = legal_moves(&fake, &alice, CHANNEL, "").await;
    public(&fake, &play(&fake, &alice, CHANNEL, &moves[0]).await).await;
    let dm = fake.dm_channel(&bob);
    let ping = fake
        .wait_requests("bob's turn ping", 1, |r| {
            r.route == "create_message" && r.channel_id == Some(dm) && r.ok()
        })
        .await;
    assert!(
        text(&ping[0]).contains("Your turn at the Dvonn table in <#"),
        "{}",
        text(&ping[0])
    );
    clock.set(T0 + 24 * HOUR);
    let reminded = fake
        .wait_requests("bob's reminder", 1, |r| {
            r.route == "create_message" && r.channel_id == Some(dm) && text(r).contains('⏳')
        })
        .await;
    assert!(
        text(&reminded[0]).contains("12h left"),
        "{}",
        text(&reminded[0])
    );
    assert!(
        pinged(&reminded[0]).is_empty(),
        "a direct message pings nobody else"
    );

    // bob goes on vacation: answered privately, and the table says so in the channel.
    let vacation = private(
        &fake,
        &fake
            .slash(
                &bob,
                CHANNEL,
                "vacation",
                json!([{ "name": "length", "value": "2d" }]),
            )
            .await,
    )
    .await;
    assert!(
        text(&vacation).contains("You are on vacation for 2d"),
        "{}",
        text(&vacation)
    );
    let told = fake
        .wait_requests("the table's note", 1, |r| {
            r.route == "create_message"
                && r.channel_id == Some(CHANNEL)
                && text(r).contains("bob (Black) is on vacation for 2d")
        })
        .await;
    assert!(
        text(&told[0]).contains("clock stands still"),
        "{}",
        text(&told[0])
    );
    // A claim at a table with a clock: refused, privately.
    let claim = private(
        &fake,
        &fake.slash(&alice, CHANNEL, "claim", json!([])).await,
    )
    .await;
    assert!(text(&claim).contains("has a clock"), "{}", text(&claim));
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}

/// A tournament through Discord: created and entered with `/tournament`, each game in a thread
/// of its own under the tournament's channel, its players added; a result in a thread moves
/// the standings, and the last game of the round pairs the next one in new threads.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_plays_each_game_in_a_thread_of_its_own() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(
        &fake,
        dir.path(),
        &[("SPIELTISCH_DISCORD__MEMBER_EVENTS", "true")],
    );
    assert!(fake.wait_ready().await);
    assert_ne!(
        fake.intents().unwrap_or(0) & fake_discord::intents::GUILD_MEMBERS,
        0,
        "member_events asks for the Server Members intent"
    );
    // alice may run the channel's events (Manage Events): she organizes.
    let players = [
        FakeUser {
            manage_events: true,
            ..user(2001, "alice")
        },
        user(2002, "bob"),
        user(2003, "carol"),
        user(2004, "dave"),
    ];
    let tournament = |who: &FakeUser, what: &str, rest: Value| {
        let mut options = vec![json!({ "name": "action", "value": action(what) })];
        if let Value::Array(more) = rest {
            options.extend(more);
        }
        (who.clone(), Value::Array(options))
    };
    let (who, options) = tournament(
        &players[0],
        "create",
        json!([{ "name": "game", "value": DVONN }, { "name": "details", "value": "swiss rounds=2 name=cup" }]),
    );
    let created = public(
        &fake,
        &fake.slash(&who, CHANNEL, "tournament", options).await,
    )
    .await;
    assert!(
        text(&created).contains("creates the Dvonn tournament `cup`"),
        "{}",
        text(&created)
    );
    for p in &players {
        let (who, options) = tournament(p, "join", json!([]));
        let joined = public(
            &fake,
            &fake.slash(&who, CHANNEL, "tournament", options).await,
        )
        .await;
        assert!(
            text(&joined).contains("enters the tournament"),
            "{}",
            text(&joined)
        );
    }
    // Somebody else may not start it.
    let (who, options) = tournament(&players[1], "start", json!([]));
    let refused = private(
        &fake,
        &fake.slash(&who, CHANNEL, "tournament", options).await,
    )
    .await;
    assert!(
        text(&refused).contains("Only the organizer"),
        "{}",
        text(&refused)
    );
    let (who, options) = tournament(&players[0], "start", json!([]));
    let started = public(
        &fake,
        &fake.slash(&who, CHANNEL, "tournament", options).await,
    )
    .await;
    assert!(
        text(&started).contains("starts: 4 entrants, 2 rounds"),
        "{}",
        text(&started)
    );

    // Two threads under the channel, named after the games, each with its two players.
    let created = fake
        .wait_requests("two game threads", 2, |r| {
            r.route == "create_thread" && r.ok()
        })
        .await;
    let mut threads = Vec::new();
    for r in &created {
        assert_eq!(r.channel_id, Some(CHANNEL));
        let id = r.response["id"]
            .as_str()
            .and_then(|id| id.parse::<u64>().ok())
            .expect("a thread id");
        threads.push((id, r.json["name"].as_str().unwrap_or_default().to_string()));
    }
    let mut names: Vec<&str> = threads.iter().map(|(_, n)| n.as_str()).collect();
    names.sort();
    assert_eq!(names, ["cup-r1-1", "cup-r1-2"]);
    for (thread, _) in &threads {
        let added = fake
            .wait_requests("the players added", 2, |r| {
                r.route == "add_thread_member" && r.channel_id == Some(*thread) && r.ok()
            })
            .await;
        assert_eq!(added.len(), 2);
    }
    // A thread cannot hold a tournament (its games' threads would have nowhere to go).
    let (who, options) = tournament(
        &players[2],
        "create",
        json!([{ "name": "game", "value": DVONN }, { "name": "details", "value": "swiss" }]),
    );
    let refused = private(
        &fake,
        &fake.slash(&who, threads[0].0, "tournament", options).await,
    )
    .await;
    assert!(
        text(&refused).contains("create it in a text channel"),
        "{}",
        text(&refused)
    );
    // Each thread shows its game; the second seat resigns there.
    for (thread, _) in &threads {
        let start = fake.channel_messages(*thread, 1).await;
        let said = text(&start[0]);
        assert!(said.contains("Tournament `cup`, round 1"), "{said}");
        let loser = players
            .iter()
            .find(|p| said.contains(&format!("{} (Black)", p.name)))
            .expect("the second seat is a player");
        let resigned = public(
            &fake,
            &fake.slash(loser, *thread, "resign", json!([])).await,
        )
        .await;
        assert!(text(&resigned).contains("resigns"), "{}", text(&resigned));
    }
    // The round is complete: round 2 is paired in two new threads.
    let all = fake
        .wait_requests("round 2's threads", 4, |r| {
            r.route == "create_thread" && r.ok()
        })
        .await;
    let mut names: Vec<String> = all
        .iter()
        .map(|r| r.json["name"].as_str().unwrap_or_default().to_string())
        .collect();
    names.sort();
    assert_eq!(names, ["cup-r1-1", "cup-r1-2", "cup-r2-1", "cup-r2-2"]);
    // The finished games' threads are archived once their results are posted; the new
    // round's are not.
    let archived = fake
        .wait_requests("round 1's threads archived", 2, |r| {
            r.route == "edit_channel" && r.json["archived"] == true && r.ok()
        })
        .await;
    let mut ids: Vec<u64> = archived.iter().filter_map(|r| r.channel_id).collect();
    ids.sort_unstable();
    let mut round1: Vec<u64> = threads.iter().map(|(id, _)| *id).collect();
    round1.sort_unstable();
    assert_eq!(ids, round1);
    for (thread, _) in &threads {
        assert!(fake.is_archived(*thread), "{thread}");
    }
    let (who, options) = tournament(&players[2], "standings", json!([]));
    let standings = public(
        &fake,
        &fake.slash(&who, CHANNEL, "tournament", options).await,
    )
    .await;
    assert!(
        text(&standings).contains("after 1 of 2 rounds"),
        "{}",
        text(&standings)
    );
    // A player of round 2 leaves the server: their game is lost, announced in the channel,
    // and its thread is told the game is over.
    let round2: Vec<u64> = all
        .iter()
        .filter(|r| {
            r.json["name"]
                .as_str()
                .is_some_and(|n| n.starts_with("cup-r2"))
        })
        .filter_map(|r| r.response["id"].as_str().and_then(|id| id.parse().ok()))
        .collect();
    let start = fake.channel_messages(round2[0], 1).await;
    let leaver = players
        .iter()
        .find(|p| text(&start[0]).contains(&format!("{} (White)", p.name)))
        .expect("a player of the game");
    fake.remove_member(leaver);
    let news = fake
        .wait_requests("the departure announced", 1, |r| {
            r.channel_id == Some(CHANNEL)
                && r.route == "create_message"
                && text(r).contains("not paired again")
        })
        .await;
    assert!(text(&news[0]).contains(&leaver.name), "{}", text(&news[0]));
    let closed = fake.channel_messages(round2[0], 2).await;
    assert!(
        closed.iter().skip(1).any(|m| !text(m).is_empty()),
        "the game's thread hears of its end"
    );
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}

/// A duplicate tournament on Discord: every entrant's game is a private thread with that
/// player alone, so nobody can watch another's game to learn the deal to come.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duplicate_tournament_plays_in_private_threads() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await);
    // alice may run the channel's events (Manage Events): she organizes.
    let alice = FakeUser {
        manage_events: true,
        ..user(2001, "alice")
    };
    let bob = user(2002, "bob");
    let slash = |what: &str, more: Vec<Value>| {
        let mut options = vec![json!({ "name": "action", "value": action(what) })];
        options.extend(more);
        Value::Array(options)
    };
    let created = public(
        &fake,
        &fake
            .slash(
                &alice,
                CHANNEL,
                "tournament",
                slash(
                    "create",
                    vec![
                        json!({ "name": "game", "value": 1 }),
                        json!({ "name": "details", "value": "duplicate name=dup" }),
                    ],
                ),
            )
            .await,
    )
    .await;
    assert!(text(&created).contains("duplicate"), "{}", text(&created));
    for p in [&alice, &bob] {
        public(
            &fake,
            &fake
                .slash(p, CHANNEL, "tournament", slash("join", vec![]))
                .await,
        )
        .await;
    }
    // Discord refuses the threads first (a permission missing): the channel hears why and
    // what to do; `/tournament pairings` then opens the games still waiting.
    fake.fail(
        "POST",
        "/threads",
        2,
        fake_discord::Fault::Error {
            status: 403,
            code: 50013,
            message: "Missing Permissions",
        },
    );
    public(
        &fake,
        &fake
            .slash(&alice, CHANNEL, "tournament", slash("start", vec![]))
            .await,
    )
    .await;
    let notes = fake
        .wait_requests("the refusal explained", 2, |r| {
            r.route == "create_message"
                && r.channel_id == Some(CHANNEL)
                && text(r).contains("could not open the thread")
        })
        .await;
    assert!(
        notes
            .iter()
            .all(|n| text(n).contains("Create Private Threads")),
        "{}",
        text(&notes[0])
    );
    public(
        &fake,
        &fake
            .slash(&bob, CHANNEL, "tournament", slash("pairings", vec![]))
            .await,
    )
    .await;
    let threads = fake
        .wait_requests("two private threads", 2, |r| {
            r.route == "create_thread" && r.ok()
        })
        .await;
    for r in &threads {
        assert_eq!(
            r.json["type"].as_u64(),
            Some(12),
            "a private thread: {}",
            r.json
        );
        let id = r.response["id"]
            .as_str()
            .and_then(|id| id.parse::<u64>().ok())
            .expect("a thread id");
        let added = fake
            .wait_requests("its player added", 1, |q| {
                q.route == "add_thread_member" && q.channel_id == Some(id) && q.ok()
            })
            .await;
        assert_eq!(added.len(), 1, "the player alone");
    }
    let pairings = public(
        &fake,
        &fake
            .slash(&bob, CHANNEL, "tournament", slash("pairings", vec![]))
            .await,
    )
    .await;
    let said = text(&pairings);
    assert!(
        said.contains("Board 1: ") && said.contains("Board 2: "),
        "{said}"
    );
}

/// The slash commands are registered with German and Dutch names and descriptions (Discord
/// checks each); a player whose client speaks German gets their ephemeral replies in German,
/// one whose client speaks English in English, in the same channel; a moderator's
/// `/language nl` makes the channel's announcements Dutch.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_client_hears_its_language_and_sees_localized_commands() {
    use spieltisch::i18n::{Lang, scope};
    use spieltisch::t;
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await);
    let commands = fake.registered_commands().await;
    let join = commands
        .iter()
        .find(|c| c["name"] == "join")
        .expect("/join");
    for code in ["de", "nl"] {
        let name = join["name_localizations"][code]
            .as_str()
            .unwrap_or_default();
        assert!(
            !name.is_empty() && name != "join",
            "{code}: {}",
            join["name_localizations"]
        );
        let about = join["description_localizations"][code]
            .as_str()
            .unwrap_or_default();
        assert!(
            !about.is_empty() && about != join["description"],
            "{code}: {about}"
        );
        let option = &join["options"][0];
        assert!(option["name_localizations"][code].is_string(), "{option}");
        assert!(
            option["description_localizations"][code].is_string(),
            "{option}"
        );
    }
    assert!(
        commands
            .iter()
            .all(|c| c["name_localizations"]["de"].is_string()),
        "every command has a German name"
    );

    let anna = user(7001, "anna").speaking("de");
    let bob = user(7002, "bob").speaking("en-US");
    let jan = user(7003, "jan").speaking("nl");
    let hand = private(&fake, &fake.slash(&anna, CHANNEL, "hand", json!([])).await).await;
    assert_eq!(text(&hand), scope(Lang::De, || t!("no-table")));
    let hand = private(&fake, &fake.slash(&bob, CHANNEL, "hand", json!([])).await).await;
    assert_eq!(text(&hand), scope(Lang::En, || t!("no-table")));
    let hand = private(&fake, &fake.slash(&jan, CHANNEL, "hand", json!([])).await).await;
    assert_eq!(text(&hand), scope(Lang::Nl, || t!("no-table")));

    // A moderator sets the channel's language: the table's announcements follow it, while the
    // German client's own refusals stay German.
    let moderator = FakeUser::moderator(7004, "mod");
    let set = fake
        .slash(
            &moderator,
            CHANNEL,
            "language",
            json!([{"name": "language", "value": 2}]),
        )
        .await;
    let set = public(&fake, &set).await;
    assert_eq!(
        text(&set),
        scope(Lang::Nl, || t!("language-set-channel", lang = "Nederlands"))
    );
    let opened = public(
        &fake,
        &fake.slash(&bob, CHANNEL, "join", join_dvonn("")).await,
    )
    .await;
    let dutch = scope(Lang::Nl, || {
        let options = t!("options-none");
        t!(
            "opened",
            name = "bob",
            game = "Dvonn",
            options = options,
            max = 2,
            min = 2
        )
    });
    assert!(text(&opened).starts_with(&dutch), "{}", text(&opened));
    let again = private(&fake, &fake.slash(&anna, CHANNEL, "start", json!([])).await).await;
    assert!(Interaction::ephemeral(&again));
    assert_eq!(
        text(&again),
        scope(Lang::De, || t!("start-not-seated", players = "bob"))
    );
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}

/// Who may create a tournament on a Discord server: not a plain member (told privately, nothing
/// created), but whoever may manage the channel's events — by a slash command or a `!` message,
/// the right read from the guild's roles either way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournaments_are_created_by_those_who_may_run_the_channel_s_events() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await, "the bot connects to the gateway");
    let create = |details: &str| {
        json!([
            { "name": "action", "value": 0 },
            { "name": "game", "value": DVONN },
            { "name": "details", "value": details },
        ])
    };
    let carol = user(1003, "carol");
    let no = private(
        &fake,
        &fake
            .slash(&carol, CHANNEL, "tournament", create("swiss name=cup"))
            .await,
    )
    .await;
    assert!(text(&no).contains("moderators"), "{}", text(&no));
    let organizer = FakeUser::organizer(1006, "orga");
    let created = public(
        &fake,
        &fake
            .slash(&organizer, CHANNEL, "tournament", create("swiss name=cup"))
            .await,
    )
    .await;
    assert!(text(&created).contains("`cup`"), "{}", text(&created));
    // By message in the other channel: carol refused, the organizer's role counts.
    fake.message(&carol, OTHER, "!tournament create dvonn swiss name=cup2")
        .await;
    fake.wait_requests("the refusal of carol's !tournament create", 1, |r| {
        r.route == "create_message" && text(r).contains("moderators")
    })
    .await;
    fake.message(
        &organizer,
        OTHER,
        "!tournament create dvonn swiss name=cup2",
    )
    .await;
    fake.wait_requests("the organizer's tournament", 1, |r| {
        r.route == "create_message" && text(r).contains("`cup2`")
    })
    .await;
}
