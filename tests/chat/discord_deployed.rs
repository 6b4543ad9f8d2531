//! Discord as deployed in a real server, against the fake Discord with Discord's strictness
//! (`tests/support/fake_discord/README.md`): the bot with exactly the invite link's permissions and
//! then without each of them, turn pings that ring, only documented interaction flows, global
//! registration next to an Activity's Entry Point command, a board uploaded slower than the
//! deadline, rate-limit buckets, and the gateway's reconnects, invalid sessions, closes and
//! the identify budget.

use std::time::Duration;

use crate::support::discord::*;
use crate::support::fake_discord::{FakeDiscord, FakeUser, perms};
use serde_json::json;

/// A Dvonn game of `who` against a computer player in [`CHANNEL`], started.
async fn against_the_computer(fake: &FakeDiscord, who: &FakeUser) {
    public(
        fake,
        &fake.slash(who, CHANNEL, "join", join_dvonn("")).await,
    )
    .await;
    public(fake, &fake.slash(who, CHANNEL, "bot", json!([])).await).await;
    public(fake, &fake.slash(who, CHANNEL, "start", json!([])).await).await;
}

/// Denies `bits` to the bot's role in `channel`.
fn deny_bot(fake: &FakeDiscord, channel: u64, bits: u64) {
    fake.set_overwrite(channel, fake.bot_role_id(), false, 0, bits);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_missing_permission_is_named_where_it_is_missing() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await);
    // The bot's role holds what the invite link (docs/operating.md) asks for, and no more.
    assert_eq!(
        fake.permissions_of(FakeDiscord::BOT_ID, CHANNEL) & perms::MANAGE_THREADS,
        0
    );
    let ann = user(4001, "ann");
    let table = [
        (perms::VIEW_CHANNEL, "View Channel"),
        (perms::SEND_MESSAGES, "Send Messages"),
        (perms::READ_MESSAGE_HISTORY, "Read Message History"),
        (perms::ATTACH_FILES, "Attach Files"),
        (perms::EMBED_LINKS, "Embed Links"),
    ];
    for (bit, name) in table {
        deny_bot(&fake, CHANNEL, bit);
        let refused = private(
            &fake,
            &fake.slash(&ann, CHANNEL, "join", join_dvonn("")).await,
        )
        .await;
        assert!(
            text(&refused).contains(name) && text(&refused).contains(&format!("<#{CHANNEL}>")),
            "{name}: {}",
            text(&refused)
        );
    }
    // A table that will move into a thread needs the rights to open one and post in it.
    fake.clear_overwrite(CHANNEL, fake.bot_role_id());
    for (bit, name) in [
        (perms::CREATE_PUBLIC_THREADS, "Create Public Threads"),
        (perms::SEND_MESSAGES_IN_THREADS, "Send Messages in Threads"),
    ] {
        deny_bot(&fake, CHANNEL, bit);
        let refused = private(
            &fake,
            &fake
                .slash(&ann, CHANNEL, "join", join_dvonn("thread"))
                .await,
        )
        .await;
        assert!(text(&refused).contains(name), "{name}: {}", text(&refused));
    }
    // A duplicate tournament plays in private threads.
    deny_bot(&fake, CHANNEL, perms::CREATE_PRIVATE_THREADS);
    let create = json!([
        { "name": "action", "value": action("create") },
        { "name": "game", "value": DVONN },
        { "name": "details", "value": "swiss rounds=2 name=cup" }
    ]);
    let refused = private(
        &fake,
        &fake.slash(&ann, CHANNEL, "tournament", create).await,
    )
    .await;
    assert!(
        text(&refused).contains("Create Private Threads"),
        "{}",
        text(&refused)
    );
    // Nothing was opened, and the bot never tried what Discord would refuse.
    fake.clear_overwrite(CHANNEL, fake.bot_role_id());
    let opened = public(
        &fake,
        &fake.slash(&ann, CHANNEL, "join", join_dvonn("")).await,
    )
    .await;
    assert!(
        text(&opened).contains("opens a table for Dvonn"),
        "{}",
        text(&opened)
    );
    assert_eq!(fake.invalid_requests(), 0, "{:?}", fake.requests().last());

    // `!` commands are answered in the channel: without the right to post there, the author
    // hears why by direct message, once per command, and the command is not run.
    let ben = user(4002, "ben");
    deny_bot(&fake, CHANNEL, perms::SEND_MESSAGES);
    fake.message(&ben, CHANNEL, "!join").await;
    let dm = fake.wait_notified(ben.id, 1).await;
    assert_eq!(dm[0].why, "direct message");
    assert!(
        dm[0].content.contains("Send Messages") && dm[0].content.contains(&format!("<#{CHANNEL}>")),
        "{dm:?}"
    );
    fake.clear_overwrite(CHANNEL, fake.bot_role_id());
    let status = public(&fake, &fake.slash(&ben, CHANNEL, "status", json!([])).await).await;
    assert!(
        text(&status).contains("ann") && !text(&status).contains("ben"),
        "ben did not sit down: {}",
        text(&status)
    );
    assert_eq!(fake.invalid_requests(), 0);
    assert!(fake.unexpected_requests().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_that_takes_the_rights_away_mid_game_pauses_its_table_and_says_so_once() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await);
    let ann = user(4101, "ann");
    against_the_computer(&fake, &ann).await;
    // ann plays White: her move first.
    let moves = legal_moves(&fake, &ann, CHANNEL, "").await;
    assert!(!moves.is_empty(), "ann is to move");
    let posted_before = fake.channel_messages(CHANNEL, 0).await.len();

    // The channel's moderators take Send Messages from the bot; ann's move is still answered
    // (an interaction's answer needs no channel right), the computer's reply cannot be posted.
    deny_bot(&fake, CHANNEL, perms::SEND_MESSAGES);
    public(&fake, &play(&fake, &ann, CHANNEL, &moves[0]).await).await;
    let dm = fake.wait_notified(ann.id, 1).await;
    assert_eq!(dm[0].why, "direct message");
    assert!(
        dm[0].content.contains("can no longer post") && dm[0].content.contains("paused"),
        "{dm:?}"
    );
    // Paused: the timer loop leaves the channel alone (no refusal after refusal toward
    // Discord's ban of 10,000 invalid requests).
    let refused = fake.invalid_requests();
    assert_eq!(refused, 1, "one refused post");
    // A few of the timer loop's ticks (once a second) later: still one.
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(fake.invalid_requests(), refused);
    assert_eq!(fake.notifications_of(ann.id).len(), 1, "told once");

    // The right comes back: a command in the channel resumes the game where it stood.
    fake.clear_overwrite(CHANNEL, fake.bot_role_id());
    let status = public(&fake, &fake.slash(&ann, CHANNEL, "status", json!([])).await).await;
    assert!(
        text(&status).contains("ann (White) to move"),
        "{}",
        text(&status)
    );
    assert_eq!(fake.invalid_requests(), refused);
    assert_eq!(fake.channel_messages(CHANNEL, 0).await.len(), posted_before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_without_embed_links_is_noticed_and_its_table_pauses() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await);
    let ann = user(4201, "ann");
    against_the_computer(&fake, &ann).await;
    let moves = legal_moves(&fake, &ann, CHANNEL, "").await;
    // Discord takes a message without Embed Links and drops its embed: the board's text
    // would be lost without a word.
    deny_bot(&fake, CHANNEL, perms::EMBED_LINKS);
    public(&fake, &play(&fake, &ann, CHANNEL, &moves[0]).await).await;
    let dm = fake.wait_notified(ann.id, 2).await;
    let dm = dm
        .iter()
        .find(|n| n.why == "direct message")
        .expect("a direct message");
    assert!(
        dm.content.contains("Embed Links") && dm.content.contains("paused"),
        "{dm:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registered_globally_the_entry_point_command_is_kept() {
    let fake = FakeDiscord::start(TOKEN).await;
    fake.enable_activities();
    let dir = tempfile::tempdir().expect("temp dir");
    // As deployed: no guild, the global bulk overwrite.
    let bot = start_bot(&fake, dir.path(), &[("SPIELTISCH_DISCORD__GUILD", "0")]);
    assert!(fake.wait_ready().await);
    let put = fake
        .wait_requests("the global registration", 1, |r| r.route == "put_commands")
        .await;
    assert!(put[0].ok(), "{} {}", put[0].status, put[0].response);
    let held = fake.commands();
    let entry: Vec<_> = held.iter().filter(|c| c["type"] == 4).collect();
    assert_eq!(entry.len(), 1, "the Entry Point command stays: {held:?}");
    assert_eq!(entry[0]["name"], "launch");
    assert_eq!(entry[0]["handler"], 2);
    assert!(held.iter().any(|c| c["name"] == "join" && c["type"] == 1));
    assert!(
        fake.requests()
            .iter()
            .all(|r| r.route != "put_guild_commands"),
        "nothing per guild"
    );
    // The bot runs on and answers.
    wait_logged(&bot, "Entry Point command is kept", 1).await;
    let ann = user(4301, "ann");
    public(&fake, &fake.slash(&ann, CHANNEL, "games", json!([])).await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_slower_to_upload_than_the_deadline_still_answers_in_time_and_pings_ring() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await);
    let (ann, ben) = (user(4401, "ann"), user(4402, "ben"));
    public(
        &fake,
        &fake.slash(&ann, CHANNEL, "join", join_dvonn("")).await,
    )
    .await;
    public(&fake, &fake.slash(&ben, CHANNEL, "join", json!([])).await).await;
    public(&fake, &fake.slash(&ann, CHANNEL, "start", json!([])).await).await;
    let started = public(&fake, &fake.slash(&ann, CHANNEL, "board", json!([])).await).await;
    let size = started
        .files
        .iter()
        .map(|(_, bytes)| bytes.len() as u64)
        .sum::<u64>();
    let moves = legal_moves(&fake, &ann, CHANNEL, "").await;
    // A slow link: the board takes five seconds to upload, longer than Discord's three.
    fake.throttle_uploads(size / 5);
    let ix = play(&fake, &ann, CHANNEL, &moves[0]).await;
    let first = ix.callback(&fake).await;
    assert!(first.ok(), "in time: {} {}", first.status, first.response);
    assert!(first.files.is_empty(), "no upload in the first response");
    if first.callback_type() == 4 {
        assert!(
            text(&first).contains("ben (Black) to move"),
            "{}",
            text(&first)
        );
    }
    // ben's ping rang with a new message (the first response, or a follow-up after a
    // deferral); nobody else was pinged.
    let rung = fake.wait_notified(ben.id, 1).await;
    assert_eq!(rung[0].why, "mention");
    assert!(fake.notifications().iter().all(|n| n.user == ben.id));
    // The image follows by an edit of `@original`, which the deadline does not bind.
    let drawn = public(&fake, &ix).await;
    assert_eq!(board(&drawn), (1000, 600));
    assert!(text(&drawn).contains("ben (Black) to move"));
    fake.throttle_uploads(0);
    let failed: Vec<_> = fake
        .requests()
        .into_iter()
        .filter(|r| matches!(r.error_code(), Some(10062 | 10015)))
        .collect();
    assert!(failed.is_empty(), "{failed:?}");
    // The edit rang nobody: ben was notified once.
    assert_eq!(fake.notifications_of(ben.id).len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferred_answer_is_completed_by_editing_and_its_ping_rings_as_a_new_message() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(
        &fake,
        dir.path(),
        &[("SPIELTISCH_DISCORD__DEFER_AFTER_MS", "0")],
    );
    assert!(fake.wait_ready().await);
    let (ann, ben) = (user(4501, "ann"), user(4502, "ben"));
    answer(
        &fake,
        &fake.slash(&ann, CHANNEL, "join", join_dvonn("")).await,
    )
    .await;
    answer(&fake, &fake.slash(&ben, CHANNEL, "join", json!([])).await).await;
    answer(&fake, &fake.slash(&ann, CHANNEL, "start", json!([])).await).await;
    let moves = legal_moves(&fake, &ann, CHANNEL, "").await;
    let ix = play(&fake, &ann, CHANNEL, &moves[0]).await;
    assert_eq!(ix.callback(&fake).await.callback_type(), 5, "deferred");
    let done = ix.followups(&fake, 2).await;
    // The deferral is completed by editing `@original` (a follow-up there is deprecated and
    // the fake refuses it), and the ping follows as a message of its own.
    assert_eq!(done[0].route, "edit_original");
    assert_eq!(board(&done[0]), (1000, 600));
    assert_eq!(done[1].route, "create_followup");
    let rung = fake.wait_notified(ben.id, 1).await;
    assert_eq!(rung[0].message, done[1].message_id.expect("a message"));
    assert!(fake.notifications().iter().all(|n| n.user == ben.id));
    // A refusal after a public deferral: the deferral says where the answer went, the answer
    // is an ephemeral follow-up; nothing is deleted.
    let refused = private(&fake, &play(&fake, &ann, CHANNEL, &moves[0]).await).await;
    assert!(
        text(&refused).contains("not your turn"),
        "{}",
        text(&refused)
    );
    let undocumented: Vec<_> = fake
        .requests()
        .into_iter()
        .filter(|r| r.route == "delete_original" || !r.ok())
        .collect();
    assert!(undocumented.is_empty(), "{undocumented:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_commands_stays_within_the_rate_limit_buckets() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await);
    // Eight people type `!games` at once: the channel's bucket takes five messages in five
    // seconds; serenity reads the headers every answer carries and waits instead of being
    // refused.
    let people: Vec<FakeUser> = (0..8).map(|i| user(4600 + i, &format!("p{i}"))).collect();
    for p in &people {
        fake.message(p, CHANNEL, "!games").await;
    }
    let replies = fake.channel_messages(CHANNEL, 8).await;
    assert!(replies.len() >= 8);
    assert!(
        fake.rate_limited_requests().is_empty(),
        "{:?}",
        fake.rate_limited_requests()
    );
    let stats = fake.route_stats();
    let messages = &stats["create_message"];
    assert!(
        messages.requests >= 8 && messages.rate_limited == 0 && messages.peak_per_second <= 5,
        "{stats:?}"
    );
    // Every answer carried its bucket.
    let answered = fake
        .requests()
        .into_iter()
        .filter(|r| r.route == "create_message")
        .all(|r| {
            r.header("x-ratelimit-bucket").is_some() && r.header("x-ratelimit-remaining").is_some()
        });
    assert!(answered);
    assert_eq!(fake.invalid_requests(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnects_and_invalid_sessions_keep_the_bot_answering() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let _bot = start_bot(&fake, dir.path(), &[]);
    assert!(fake.wait_ready().await);
    let ann = user(4701, "ann");
    assert_eq!(fake.sessions(), (1, 0));
    // op 7: reconnect and resume the session.
    fake.request_reconnect();
    until("the session resumed", || fake.sessions().1 == 1).await;
    public(&fake, &fake.slash(&ann, CHANNEL, "games", json!([])).await).await;
    // op 9, resumable: resume again.
    fake.invalidate_session(true);
    until("the session resumed again", || fake.sessions().1 == 2).await;
    public(&fake, &fake.slash(&ann, CHANNEL, "games", json!([])).await).await;
    // op 9, not resumable: identify anew.
    fake.invalidate_session(false);
    until("a new session", || fake.sessions().0 == 2).await;
    public(&fake, &fake.slash(&ann, CHANNEL, "games", json!([])).await).await;
    // A close Discord lets a client resume from (4000, unknown error).
    fake.close_gateway(4000, "Unknown error");
    until("resumed after the close", || fake.sessions().1 == 3).await;
    public(&fake, &fake.slash(&ann, CHANNEL, "games", json!([])).await).await;
    assert_eq!(fake.identifies().len(), 2, "no identify wasted");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_disallowed_intent_stops_the_bot_with_one_clear_line() {
    let fake = FakeDiscord::start(TOKEN).await;
    // Message Content is privileged: not switched on in the developer portal.
    fake.disallow_intents(1 << 15);
    let dir = tempfile::tempdir().expect("temp dir");
    let mut bot = start_bot(&fake, dir.path(), &[]);
    let status = bot.exited("the bot stops").await;
    assert!(!status.success());
    assert_eq!(fake.gateway_closes(), [4014]);
    assert_eq!(fake.identifies().len(), 1, "no second try");
    let log = std::fs::read_to_string(&bot.1).expect("the log");
    assert!(log.contains("Message Content Intent"), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_loop_backs_off_before_identifying_again() {
    let fake = FakeDiscord::start(TOKEN).await;
    let dir = tempfile::tempdir().expect("temp dir");
    // A bot that dies soon after connecting, restarted at once by its supervisor.
    for n in 1..=3 {
        let bot = start_bot(&fake, dir.path(), &[]);
        until("connected", || fake.sessions().0 == n).await;
        drop(bot);
    }
    assert_eq!(fake.identifies().len(), 3);
    // The fourth start waits before it connects, and says why.
    let bot = start_bot(&fake, dir.path(), &[]);
    wait_logged(&bot, "before connecting to Discord", 1).await;
    let log = std::fs::read_to_string(&bot.1).expect("the log");
    assert!(log.contains("waiting 5 s"), "{log}");
    assert_eq!(fake.identifies().len(), 3, "not yet");
    // It connects once the wait is over.
    until("connected after the wait", || fake.sessions().0 == 4).await;
    drop(bot);
}
