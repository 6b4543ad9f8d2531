//! Discord as busy, real servers behave, against the fake Discord: slow answers on every path
//! of a command (the 3-second deadline holds), command registration that fails, threads that
//! archive, channels and servers that go away, players whose direct messages are closed, and
//! 429 rate limits per route and global.

use std::process::Stdio;
use std::time::Duration;

use crate::support::discord::*;
use crate::support::fake_discord::{FakeDiscord, FakeUser, Fault, Interaction, Recorded};
use serde_json::{Value, json};
use spieltisch::league::ChatStore;
use spieltisch::store::SledStore;
use spieltisch::table::Status;
use spieltisch::table::TableStore;

fn thread_of(fake: &FakeDiscord) -> u64 {
    fake.threads().first().map(|t| t.0).expect("a thread")
}

/// Opens a Dvonn table with `options` for alice and bob and starts it.
async fn start_dvonn(fake: &FakeDiscord, options: &str) -> (FakeUser, FakeUser, Interaction) {
    let (alice, bob) = (user(2101, "alice"), user(2102, "bob"));
    let join = fake
        .slash(&alice, CHANNEL, "join", join_dvonn(options))
        .await;
    public(fake, &join).await;
    public(fake, &fake.slash(&bob, CHANNEL, "join", json!([])).await).await;
    let start = fake.slash(&alice, CHANNEL, "start", json!([])).await;
    (alice, bob, start)
}

/// The table stored for a channel, read after the bot has stopped.
fn stored_status(dir: &std::path::Path, channel: u64) -> Option<Status> {
    let store = SledStore::open(&dir.join("data")).expect("the store opens");
    store
        .current_table(&format!("discord:{channel}"))
        .expect("readable")
        .map(|t| t.status)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_path_answers_within_the_deadline_when_discord_is_slow() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    // The default deferral (1.5 s), so answers that come fast are not deferred at all.
    let _bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await);
    // Everything after the service is slow: the thread, adding its members, posting in it.
    let slow = Fault::Delay(Duration::from_millis(3500));
    fake.fail("POST", "/threads", 1, slow.clone());
    fake.fail("PUT", "/thread-members/", 1, slow.clone());
    let (alice, _bob, start) = start_dvonn(&fake, "thread").await;
    // The fake refuses a first response later than 3 s with 10062, as Discord does.
    let callback = start.callback(&fake).await;
    assert_eq!(
        callback.callback_type(),
        5,
        "acknowledged before the slow work"
    );
    let note = start.followups(&fake, 1).await.remove(0);
    assert!(
        text(&note).contains("continues in the thread"),
        "{}",
        text(&note)
    );
    let thread = thread_of(&fake);
    let moves = legal_moves(&fake, &alice, thread, "").await;
    assert!(!moves.is_empty(), "the game lives in the thread");

    // Slow direct messages: a private reply to another player waits for the answer.
    fake.fail("POST", "/users/@me/channels", 1, slow);
    let status = fake.slash(&alice, thread, "status", json!([])).await;
    public(&fake, &status).await;
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_thread_stays_usable_and_a_failed_thread_leaves_the_game_where_it_was() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await);
    let (alice, bob, start) = start_dvonn(&fake, "thread").await;
    public(&fake, &start).await;
    let thread = thread_of(&fake);
    let created = fake
        .wait_requests("the thread", 1, |r| r.route == "create_thread" && r.ok())
        .await;
    assert_eq!(
        created[0].json["auto_archive_duration"], 10080,
        "the longest archive duration"
    );
    let mut members = fake.thread_members(thread);
    members.sort();
    assert_eq!(
        members,
        vec![alice.id, bob.id],
        "the players are in the thread"
    );
    // Discord archives the thread; the bot unarchives it while the game runs.
    fake.archive_thread(thread);
    fake.wait_requests("the unarchiving", 1, |r| {
        r.route == "edit_channel" && r.channel_id == Some(thread) && r.json["archived"] == false
    })
    .await;
    assert!(!fake.is_archived(thread));
    let moves = legal_moves(&fake, &alice, thread, "").await;
    public(&fake, &play(&fake, &alice, thread, &moves[0]).await).await;

    // Another table whose start cannot be posted in its new thread stays in the channel.
    let (carol, dan) = (user(2103, "carol"), user(2104, "dan"));
    let join = join_dvonn("thread");
    public(&fake, &fake.slash(&carol, OTHER, "join", join).await).await;
    public(&fake, &fake.slash(&dan, OTHER, "join", json!([])).await).await;
    fake.fail(
        "POST",
        "/messages",
        1,
        Fault::Error {
            status: 403,
            code: 50013,
            message: "Missing Permissions",
        },
    );
    let start = fake.slash(&carol, OTHER, "start", json!([])).await;
    // The players hear why there is no thread, then the game starts here.
    let said = start.followups(&fake, 2).await;
    assert!(
        text(&said[0]).contains("No thread for this game")
            && text(&said[0]).contains("Missing Permissions"),
        "{}",
        text(&said[0])
    );
    let started = fake
        .wait_requests("the start in the channel", 1, |r| {
            r.interaction_id == Some(start.id) && text(r).contains("carol (White) to move")
        })
        .await;
    assert!(!started[0].ephemeral());
    let here = legal_moves(&fake, &carol, OTHER, "").await;
    assert!(!here.is_empty(), "the game went back to the channel");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deleted_channels_and_a_server_that_removed_the_bot_close_their_tables() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await);
    let (_alice, _bob, start) = start_dvonn(&fake, "time=30m thread").await;
    public(&fake, &start).await;
    let thread = thread_of(&fake);
    let carol = user(2105, "carol");
    open_dvonn(&fake, &carol, OTHER).await;
    fake.delete_channel(thread);
    wait_logged(&bot, "channel gone; its table is closed", 1).await;
    fake.remove_bot_from_guild();
    wait_logged(&bot, "removed from a server", 1).await;
    let _ = bot.0.kill();
    let _ = bot.0.wait();
    assert_eq!(stored_status(dir.path(), thread), Some(Status::Aborted));
    assert_eq!(stored_status(dir.path(), OTHER), Some(Status::Aborted));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_with_closed_direct_messages_gets_the_reply_at_the_next_command() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let bot = start_bot_with(&fake, dir.path(), &[], &["run", "--seed", "13"]);
    assert!(fake.wait_ready().await);
    let players = [user(6101, "alice"), user(6102, "bob"), user(6103, "carol")];
    let drawer = &players[komarn_until_a_morlock(&fake, &players).await];
    // The drawer's direct messages are closed.
    let dm = fake.dm_channel(drawer);
    fake.fail(
        "POST",
        format!("/channels/{dm}/messages"),
        100,
        Fault::Error {
            status: 403,
            code: 50007,
            message: "Cannot send messages to this user",
        },
    );
    public(&fake, &play(&fake, drawer, CHANNEL, "morlock none").await).await;
    // Nobody answers: after 10 seconds the table's timer closes the window, and the private
    // draw cannot be sent.
    tokio::time::sleep(Duration::from_secs(9)).await;
    let note = fake
        .wait_requests("the note about closed direct messages", 1, |r| {
            r.route == "create_message"
                && r.channel_id == Some(CHANNEL)
                && text(r).contains("cannot send you direct messages")
        })
        .await;
    assert!(
        text(&note[0]).starts_with(&drawer.name),
        "{}",
        text(&note[0])
    );
    assert!(
        !text(&note[0]).contains("You draw"),
        "nothing private in public"
    );
    // The bot is killed (SIGKILL) and started again: the kept reply was stored before the
    // note was posted, so it survives.
    drop(bot);
    let bot = start_bot_with(&fake, dir.path(), &[], &["run", "--seed", "13"]);
    fake.wait_requests("registration after the restart", 2, |r| {
        r.route == "put_guild_commands"
    })
    .await;
    // The next command would bring the kept reply, but Discord fails that follow-up: the
    // player is told, as a follow-up of the already answered interaction, and the reply waits.
    fake.fail(
        "POST",
        "/webhooks/",
        1,
        Fault::Error {
            status: 500,
            code: 0,
            message: "Internal Server Error",
        },
    );
    let status = fake.slash(drawer, CHANNEL, "status", json!([])).await;
    public(&fake, &status).await;
    let note = status.followups(&fake, 1).await.remove(0);
    assert!(
        text(&note).contains("could not be delivered") && Interaction::ephemeral(&note),
        "{}",
        text(&note)
    );
    // The command after that brings the kept reply, for the drawer's eyes only.
    let status = fake.slash(drawer, CHANNEL, "status", json!([])).await;
    public(&fake, &status).await;
    let kept = status.followups(&fake, 1).await;
    let draw = kept
        .iter()
        .find(|r| text(r).starts_with("You draw"))
        .expect("the kept draw");
    assert!(Interaction::ephemeral(draw));
    // Shown, it is forgotten, durably: the store keeps nothing for the drawer any more.
    wait_logged(&bot, "kept replies shown", 1).await;
    drop(bot);
    let store = SledStore::open(&dir.path().join("data")).expect("the store opens");
    assert!(
        store
            .chat_records("discord:kept:")
            .expect("readable")
            .is_empty(),
        "a shown reply is not kept"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_are_waited_out_and_every_reply_arrives_in_order() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await);
    let route = format!("/channels/{CHANNEL}/messages");
    fake.fail(
        "POST",
        route.clone(),
        2,
        Fault::RateLimited {
            retry_after: 0.4,
            global: false,
        },
    );
    let (alice, bob) = (user(2201, "alice"), user(2202, "bob"));
    let script = [
        (&alice, "!join dvonn", "opens a table for Dvonn"),
        (&bob, "!join", "sits down"),
        (&alice, "!start", "The game of Dvonn begins"),
        (&bob, "!status", "to move"),
        (&alice, "!board", "to move"),
    ];
    for (i, (who, line, expected)) in script.iter().enumerate() {
        if i == 3 {
            fake.fail(
                "POST",
                route.clone(),
                1,
                Fault::RateLimited {
                    retry_after: 0.3,
                    global: true,
                },
            );
        }
        fake.message(who, CHANNEL, line).await;
        let replies = fake
            .wait_requests("the reply", i + 1, |r| {
                r.route == "create_message" && r.channel_id == Some(CHANNEL) && r.ok()
            })
            .await;
        assert!(
            text(&replies[i]).contains(expected),
            "reply {i} to {line}: {}",
            text(&replies[i])
        );
    }
    let to_route: Vec<_> = fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.path.ends_with(&route))
        .collect();
    let limited = to_route.iter().filter(|r| r.status == 429).count();
    assert_eq!(limited, 3, "every armed 429 was met");
    assert_eq!(
        to_route.len(),
        script.len() + limited,
        "each limited request was tried once more, after its wait — no hammering"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registration_is_retried_and_a_bot_that_cannot_register_says_so_and_exits() {
    // A passing failure (a 5xx): tried again until Discord takes it.
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    fake.fail(
        "PUT",
        "/commands",
        2,
        Fault::Error {
            status: 502,
            code: 0,
            message: "Bad Gateway",
        },
    );
    let _bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await);
    let games = fake
        .slash(&user(2301, "al"), CHANNEL, "games", json!([]))
        .await;
    assert!(text(&public(&fake, &games).await).contains("Games:"));
    let puts = fake
        .requests()
        .iter()
        .filter(|r| r.method == "PUT" && r.path.ends_with("/commands"))
        .count();
    assert_eq!(puts, 3, "two failures, then registered");

    // A lasting refusal (the bot is not in that guild): one clear line, and the process ends.
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    fake.fail(
        "PUT",
        "/commands",
        100,
        Fault::Error {
            status: 403,
            code: 50001,
            message: "Missing Access",
        },
    );
    let mut bot = start_bot(&fake, dir.path(), &[]);
    let status = bot
        .exited("the bot stops rather than run without commands")
        .await;
    assert!(!status.success());
    let log = std::fs::read_to_string(&bot.1).expect("log");
    let last = log.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("spieltisch: cannot register the slash commands in guild")
            && last.contains("Missing Access"),
        "{last}"
    );

    // A deferral setting that cannot meet the deadline is refused before anything starts.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .current_dir(dir.path())
        .env("SPIELTISCH_DISCORD_TOKEN", TOKEN)
        .env("SPIELTISCH_DISCORD__API_PROXY", fake.proxy_url())
        .env("SPIELTISCH_DISCORD__DEFER_AFTER_MS", "2800")
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("defer_after_ms = 2800 cannot meet"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_service_slower_than_the_deferral_is_deferred_late_and_then_answered() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    // Drawing a board takes longer than a millisecond: the late deferral runs.
    let _bot = start_bot(
        &fake,
        dir.path(),
        &[("SPIELTISCH_DISCORD__DEFER_AFTER_MS", "1")],
    );
    assert!(fake.wait_ready().await);
    let (alice, _bob, start) = start_dvonn(&fake, "").await;
    let deferred = start.callback(&fake).await;
    assert_eq!(
        deferred.callback_type(),
        5,
        "deferred while the board was drawn"
    );
    assert!(
        !Interaction::ephemeral(&deferred),
        "a public deferral for a public answer"
    );
    let answer = start.followups(&fake, 1).await.remove(0);
    assert_eq!(board(&answer), (1000, 600));
    // A refusal after a public deferral is withdrawn and answered privately.
    let moves = legal_moves(&fake, &alice, CHANNEL, "").await;
    public(&fake, &play(&fake, &alice, CHANNEL, &moves[0]).await).await;
    let refused = private(&fake, &play(&fake, &alice, CHANNEL, &moves[0]).await).await;
    assert!(
        text(&refused).contains("not your turn"),
        "{}",
        text(&refused)
    );
}

/// A tournament round that needs more game threads than `[discord] thread_budget` plays the
/// rest of its games as threads free up: with a budget of one, the second game's thread is
/// opened only after the first game's is archived at its end, and then it is played there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_past_the_thread_budget_opens_its_games_as_threads_free_up() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(
        &fake,
        dir.path(),
        &[("SPIELTISCH_DISCORD__THREAD_BUDGET", "1")],
    );
    assert!(fake.wait_ready().await);
    second_game_waits_for_the_first(&fake, false).await;
}

/// A server at Discord's 1,000 active threads (others' threads this time): the game that gets
/// no thread (160006) waits, the tournament's channel hears why — no permission to grant — and
/// the game opens once the first game's thread is archived.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_full_of_threads_is_told_and_its_games_open_as_threads_free_up() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await);
    fake.open_threads(CHANNEL, 999);
    second_game_waits_for_the_first(&fake, true).await;
    // The channel hears why (waited for: the note may follow the refusal by a moment).
    fake.wait_requests("the channel hears why", 1, |r| {
        r.route == "create_message"
            && r.channel_id == Some(CHANNEL)
            && r.ok()
            && text(r).contains("as many active threads as Discord allows")
    })
    .await;
}

/// `org` creates a tournament of `game` (the index of its choice) with `details` in the
/// channel, `players` enter it, and `org` starts it.
async fn start_tournament(
    fake: &FakeDiscord,
    org: &FakeUser,
    players: &[FakeUser],
    game: u64,
    details: &str,
) {
    let tournament = |what: &str, rest: Value| {
        let mut options = vec![json!({ "name": "action", "value": action(what) })];
        if let Value::Array(more) = rest {
            options.extend(more);
        }
        Value::Array(options)
    };
    let create = tournament(
        "create",
        json!([{ "name": "game", "value": game }, { "name": "details", "value": details }]),
    );
    public(fake, &fake.slash(org, CHANNEL, "tournament", create).await).await;
    for p in players {
        let join = tournament("join", json!([]));
        public(fake, &fake.slash(p, CHANNEL, "tournament", join).await).await;
    }
    let start = tournament("start", json!([]));
    public(fake, &fake.slash(org, CHANNEL, "tournament", start).await).await;
}

/// A Swiss of four, one round: two games. The first gets a thread; the second's is opened only
/// after the first game ends and its thread is archived, and the second game starts there.
/// `refused`: Discord refuses the second's thread first (a server full of threads).
async fn second_game_waits_for_the_first(fake: &FakeDiscord, refused: bool) {
    let org = FakeUser {
        manage_events: true,
        ..user(2401, "olga")
    };
    let players = [
        user(2402, "ann"),
        user(2403, "ben"),
        user(2404, "cid"),
        user(2405, "dot"),
    ];
    start_tournament(fake, &org, &players, DVONN, "swiss rounds=1 name=cup").await;
    // One thread: the budget is used up.
    let first = fake
        .wait_requests("the first game's thread", 1, |r| {
            r.route == "create_thread" && r.ok()
        })
        .await;
    let thread = first[0].response["id"]
        .as_str()
        .and_then(|id| id.parse::<u64>().ok())
        .expect("a thread id");
    let shown = fake.channel_messages(thread, 1).await;
    let said = text(&shown[0]);
    let loser = players
        .iter()
        .find(|p| said.contains(&format!("{} (Black)", p.name)))
        .expect("the second seat is a player");
    if refused {
        // Discord refuses the second game's thread before the first game ends (else the
        // first could end before the second was tried, and nothing would be refused).
        fake.wait_requests("the second game's thread refused", 1, |r| {
            r.route == "create_thread" && r.error_code() == Some(160006)
        })
        .await;
    }
    // The first game ends: its thread is archived, and only then the second game's opens.
    let resigned = public(fake, &fake.slash(loser, thread, "resign", json!([])).await).await;
    assert!(text(&resigned).contains("resigns"), "{}", text(&resigned));
    let both = fake
        .wait_requests("the second game's thread", 2, |r| {
            r.route == "create_thread" && r.ok()
        })
        .await;
    let second = both[1].response["id"]
        .as_str()
        .and_then(|id| id.parse::<u64>().ok())
        .expect("a thread id");
    let requests = fake.requests();
    let at = |pred: &dyn Fn(&Recorded) -> bool| requests.iter().position(pred).expect("made");
    let archived = at(&|r| {
        r.route == "edit_channel" && r.channel_id == Some(thread) && r.json["archived"] == true
    });
    let opened = at(&|r| {
        r.route == "create_thread" && r.response["id"].as_str() == Some(second.to_string().as_str())
    });
    assert!(
        archived < opened,
        "the second thread waited for the first to be archived"
    );
    // The second game starts in its thread, where its players find it.
    let shown = fake.channel_messages(second, 1).await;
    assert!(
        text(&shown[0]).contains("Tournament `cup`, round 1"),
        "{}",
        text(&shown[0])
    );
}

/// Past the thread budget a duplicate's game does not wait: with a budget of one, the first
/// game gets its private thread and the next player's game starts in their direct messages at
/// once, is played there and counts for the tournament; a player whose direct messages are
/// closed waits for a thread like the others. Commands registered globally, as deployed:
/// Discord offers them in direct messages.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_thread_budget_a_duplicate_s_games_are_played_in_direct_messages() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(
        &fake,
        dir.path(),
        &[
            ("SPIELTISCH_DISCORD__THREAD_BUDGET", "1"),
            ("SPIELTISCH_DISCORD__GUILD", "0"),
        ],
    );
    assert!(fake.wait_ready().await);
    let org = FakeUser {
        manage_events: true,
        ..user(2501, "olga")
    };
    let players = [user(2502, "ann"), user(2503, "ben"), user(2504, "cid")];
    let [ann, ben, cid] = &players;
    // cid's direct messages are closed.
    let cid_dm = fake.dm_channel(cid);
    fake.fail(
        "POST",
        format!("/channels/{cid_dm}/messages"),
        100,
        Fault::Error {
            status: 403,
            code: 50007,
            message: "Cannot send messages to this user",
        },
    );
    start_tournament(&fake, &org, &players, 1, "duplicate name=dup").await;
    // The first game (ann's, board 1) gets the one thread the budget allows.
    let thread = nth_game_thread(&fake, 1, ann).await;
    // ben's starts in his direct messages without waiting: nothing was archived, no second
    // thread opened.
    let ben_dm = fake.dm_channel(ben);
    shows_the_start(&fake, ben_dm).await;
    // cid's start was refused in his direct messages (50007): his game waits.
    fake.wait_requests("cid's start refused", 1, |r| {
        r.path.ends_with(&format!("/channels/{cid_dm}/messages")) && r.error_code() == Some(50007)
    })
    .await;
    let opened = |fake: &FakeDiscord| {
        fake.requests()
            .iter()
            .filter(|r| r.route == "create_thread" && r.ok())
            .count()
    };
    let archived = |fake: &FakeDiscord| {
        fake.requests()
            .iter()
            .filter(|r| r.route == "edit_channel" && r.json["archived"] == true)
            .count()
    };
    assert_eq!((opened(&fake), archived(&fake)), (1, 0));
    // ben plays there: his resignation ends his game, and the tournament's channel hears it.
    let resigned = public(&fake, &fake.slash(ben, ben_dm, "resign", json!([])).await).await;
    assert!(text(&resigned).contains("resigns"), "{}", text(&resigned));
    fake.wait_requests("ben's game's end in the tournament's channel", 1, |r| {
        r.route == "create_message"
            && r.channel_id == Some(CHANNEL)
            && text(r).contains("ben has finished")
    })
    .await;
    // A game in direct messages took no place under the budget, and nothing was archived at
    // its end: cid still waits for ann's thread.
    assert_eq!((opened(&fake), archived(&fake)), (1, 0));
    // Nothing of a game went anywhere but to its player.
    for r in fake.requests().iter().filter(|r| {
        r.route == "create_message" && r.ok() && text(r).contains("Tournament `dup`, round 1")
    }) {
        assert!(
            [thread, ben_dm].contains(&r.channel_id.unwrap_or_default()),
            "a game's post in {:?}: {}",
            r.channel_id,
            text(r)
        );
    }
    // ann's game ends: its thread is archived, and cid's game opens in a thread of its own.
    let resigned = public(&fake, &fake.slash(ann, thread, "resign", json!([])).await).await;
    assert!(text(&resigned).contains("resigns"), "{}", text(&resigned));
    nth_game_thread(&fake, 2, cid).await;
}

/// The `n`-th game thread opened (from 1), once `player` was added to it and the game's start
/// shown there.
async fn nth_game_thread(fake: &FakeDiscord, n: usize, player: &FakeUser) -> u64 {
    let opened = fake
        .wait_requests("a game's thread", n, |r| {
            r.route == "create_thread" && r.ok()
        })
        .await;
    let thread = opened[n - 1].response["id"]
        .as_str()
        .and_then(|id| id.parse::<u64>().ok())
        .expect("a thread id");
    fake.wait_requests("its player added", 1, |r| {
        r.route == "add_thread_member" && r.channel_id == Some(thread) && r.ok()
    })
    .await;
    assert!(fake.thread_members(thread).contains(&player.id));
    shows_the_start(fake, thread).await;
    thread
}

/// `channel` shows the start of a game of round 1 of the tournament `dup`.
async fn shows_the_start(fake: &FakeDiscord, channel: u64) {
    let shown = fake.channel_messages(channel, 1).await;
    assert!(
        text(&shown[0]).contains("Tournament `dup`, round 1"),
        "{}",
        text(&shown[0])
    );
}
