//! Matrix against a real Synapse, as real servers behave: queues that keep rooms apart and in
//! order, catch-up after downtime, direct rooms that stay private, room power levels and
//! upgrades, encryption with a cross-signed bot, and Synapse's default message rate limit.
//! Needs `.ci/synapse.sh start DIR` (skipped without it unless
//! `SPIELTISCH_TEST_SYNAPSE_REQUIRED` is set).

use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Duration;

use matrix_sdk::ruma::api::client::room::upgrade_room::v3::Request as UpgradeRoom;
use matrix_sdk::ruma::events::room::message::MessageType;
use matrix_sdk::ruma::events::room::power_levels::RoomPowerLevelsEventContent;
use matrix_sdk::ruma::{Int, RoomId, RoomVersionId, UserId};

use crate::support::matrix::*;

/// The messages of `bot` in `room` seen by `p` since `from`.
fn bot_said(p: &Player, bot: &UserId, from: usize, room: &RoomId) -> Vec<String> {
    p.seen.lock().unwrap()[from..]
        .iter()
        .filter(|s| s.sender == bot && s.room == room)
        .map(Seen::text)
        .collect()
}

/// Waits until `p` has seen `n` messages of `bot` in `room` since `from`; returns them.
async fn bot_says(
    p: &Player,
    bot: &UserId,
    from: usize,
    room: &RoomId,
    n: usize,
    patience: Duration,
) -> Vec<String> {
    let deadline = tokio::time::Instant::now() + patience;
    loop {
        let said = bot_said(p, bot, from, room);
        if said.len() >= n {
            return said;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "expected {n} replies, got {said:#?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The commands of the order tests, each with a word only its own reply has.
const IN_ORDER: [(&str, &str); 6] = [
    ("!rules dvonn", "Dvonn"),
    ("!status", "No table here yet"),
    ("!rules komarn", "Komarn"),
    ("!help", "/games"),
    ("!rules burg", "Burg"),
    ("!rules donquixote", "DonQuixote"),
];

/// Whether `replies` answer [`IN_ORDER`], one by one.
fn answered_in_order(replies: &[String]) {
    assert_eq!(replies.len(), IN_ORDER.len(), "{replies:#?}");
    for (reply, (command, word)) in replies.iter().zip(IN_ORDER) {
        assert!(reply.contains(word), "{command} answered by {reply}");
    }
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .expect("exists")
        .permissions()
        .mode()
        & 0o777
}

/// Every file under `dir` is 0600, every directory 0700.
#[cfg(unix)]
fn owner_only(dir: &Path) {
    assert_eq!(mode(dir), 0o700, "{}", dir.display());
    for entry in std::fs::read_dir(dir).expect("readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            owner_only(&path);
        } else {
            assert_eq!(mode(&path), 0o600, "{}", path.display());
        }
    }
}

/// Replies are notices that mention nobody; the store is its owner's alone; a room whose
/// messages are held up does not hold up another; one room's commands are answered in order.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn rooms_wait_for_nobody_and_answer_in_order() {
    let Some(url) = homeserver_or_skip().await else {
        return;
    };
    let accounts = Accounts::new(&url).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let bot = accounts.bot();
    let relay = Relay::start(&url).await;
    // Anybody may invite it (explicitly): the bot warns about that.
    let anybody = [("SPIELTISCH_MATRIX__ALLOW", "[]")];
    let bot_process = start_bot_env(&accounts, &relay.url(), dir.path(), 1, &[], &anybody);
    let alice = accounts.player("alice", dir.path()).await;
    let bob = accounts.player("bob", dir.path()).await;
    let a = alice.open_room("Room A", vec![bot.clone()]).await;
    let b = bob.open_room("Room B", vec![bot.clone()]).await;
    wait_member(&alice.client, &a, &bot).await;
    wait_member(&bob.client, &b, &bot).await;

    let m = alice.mark();
    alice.say(&a, "!games").await;
    let games = alice
        .wait(m, &bot, "the games", |s| s.text().contains("Dvonn"))
        .await;
    assert!(
        matches!(games.msg, MessageType::Notice(_)),
        "{:?}",
        games.msg
    );
    let mentions = games.mentions.as_ref().expect("m.mentions is set");
    assert!(
        mentions.user_ids.is_empty() && !mentions.room,
        "nobody is mentioned: {mentions:?}"
    );
    #[cfg(unix)]
    owner_only(&dir.path().join("data").join("matrix"));
    let log = bot_process.log();
    assert!(log.contains("anybody on any homeserver"), "{log}");

    // Room A's replies are held up on their way; room B is answered meanwhile.
    relay.hold(&a);
    let m = alice.mark();
    alice.say(&a, "!rules dvonn").await;
    for _ in 0..400 {
        if relay.held.load(Ordering::SeqCst) > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        relay.held.load(Ordering::SeqCst) > 0,
        "room A's reply is held"
    );
    let mb = bob.mark();
    bob.say(&b, "!games").await;
    bob.wait(mb, &bot, "room B's answer", |s| s.room == b).await;
    assert!(
        bot_said(&alice, &bot, m, &a).is_empty(),
        "room A's reply is still held"
    );
    relay.release();
    alice
        .wait(m, &bot, "room A's answer", |s| {
            s.room == a && s.text().contains("Dvonn")
        })
        .await;

    // Six commands at once, answered in the order they were sent.
    let m = alice.mark();
    for (command, _) in IN_ORDER {
        alice.say(&a, command).await;
    }
    answered_in_order(&bot_says(&alice, &bot, m, &a, IN_ORDER.len(), WAIT).await);
}

/// Commands sent while the bot was down are answered in order when it is back, more of them
/// than one sync returns; one older than `catch_up_max_age` gets a note instead; an invite
/// sent meanwhile is accepted.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn commands_sent_while_the_bot_was_down_are_answered_in_order() {
    let Some(url) = homeserver_or_skip().await else {
        return;
    };
    let accounts = Accounts::new(&url).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let bot = accounts.bot();
    let max_age = [("SPIELTISCH_MATRIX__CATCH_UP_MAX_AGE", "20s")];
    let first = start_bot_env(&accounts, &url, dir.path(), 1, &[], &max_age);
    let alice = accounts.player("alice", dir.path()).await;
    let room = alice.open_room("Catch-up", vec![bot.clone()]).await;
    wait_member(&alice.client, &room, &bot).await;
    let m = alice.mark();
    alice.say(&room, "!games").await;
    alice
        .wait(m, &bot, "the games", |s| s.text().contains("Dvonn"))
        .await;
    drop(first);

    let m = alice.mark();
    alice.say(&room, "!rules komarn").await;
    // Older than the 20 s the bot is told to catch up on (the commands below must be younger
    // than that when the bot, started again, reads them).
    tokio::time::sleep(Duration::from_secs(21)).await;
    let invited = alice
        .open_room("Invited meanwhile", vec![bot.clone()])
        .await;
    // More than a sync's timeline (50 events), commands among the chatter.
    let mut commands = IN_ORDER.iter();
    for i in 0..60 {
        if i % 10 == 5
            && let Some((command, _)) = commands.next()
        {
            alice.say(&room, command).await;
        } else {
            alice.say(&room, &format!("chatter {i}")).await;
        }
    }
    assert!(commands.next().is_none());
    let second = start_bot_env(&accounts, &url, dir.path(), 2, &[], &max_age);
    let said = bot_says(&alice, &bot, m, &room, IN_ORDER.len() + 1, WAIT * 2).await;
    assert!(
        said[0].contains("I was away") && said[0].contains("!rules komarn"),
        "the old command gets a note: {said:#?}"
    );
    answered_in_order(&said[1..]);
    let log = second.log();
    assert!(
        log.contains("filled the gap"),
        "the history was read back: {log}"
    );
    wait_member(&alice.client, &invited, &bot).await;
}

/// Sets the room's `redact` threshold and `user`'s power level.
async fn power(p: &Player, room: &RoomId, redact: i64, user: &UserId, level: i64) {
    let room = p.client.get_room(room).expect("room");
    let levels = room.power_levels().await.expect("power levels");
    let mut content = RoomPowerLevelsEventContent::try_from(levels).expect("content");
    content.redact = Int::from(i32::try_from(redact).expect("small"));
    content.users.insert(
        user.to_owned(),
        Int::from(i32::try_from(level).expect("small")),
    );
    room.send_state_event(content)
        .await
        .expect("power levels set");
}

/// Private replies go to a room with exactly the bot and the player and name their table; a
/// player at two tables is asked which one; the room's power levels decide `!abort`; a room
/// upgrade takes the table along; a room the bot is removed from pauses its table.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn direct_rooms_power_levels_and_upgrades() {
    let Some(url) = homeserver_or_skip().await else {
        return;
    };
    let accounts = Accounts::new(&url).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let bot = accounts.bot();
    let bot_process = start_bot(&accounts, &url, dir.path(), 1);
    let alice = accounts.player("alice", dir.path()).await;
    let bob = accounts.player("bob", dir.path()).await;
    let carol = accounts.player("carol", dir.path()).await;
    let invite = vec![bot.clone(), id(&bob), id(&carol)];
    let first = alice.open_room("First table", invite.clone()).await;
    let second = alice.open_room("Second table", invite).await;
    for room in [&first, &second] {
        wait_member(&alice.client, room, &bot).await;
        wait_member(&alice.client, room, &id(&bob)).await;
        wait_member(&alice.client, room, &id(&carol)).await;
        open_game(&bot, room, "!join dvonn", &alice, &bob, &alice).await;
    }

    // The private view names its table.
    let m = alice.mark();
    alice.say(&first, "!hand").await;
    let hand = alice
        .wait(m, &bot, "the private view", |s| {
            s.room != first && s.room != second
        })
        .await;
    let direct = hand.room.clone();
    assert!(
        hand.text().starts_with("[Dvonn in #First table]"),
        "{}",
        hand.text()
    );

    // In the direct room, a player at two tables is asked which one.
    let m = alice.mark();
    alice.say(&direct, "!hand").await;
    let question = alice
        .wait(m, &bot, "the question", |s| {
            s.room == direct && s.text().contains("Which one")
        })
        .await
        .text();
    let line = question
        .lines()
        .find(|l| l.contains("Second table"))
        .expect("the second table is listed");
    assert!(line.contains("Dvonn"), "{question}");
    assert!(question.contains("First table"), "{question}");
    let number = line.split('.').next().expect("numbered").trim().to_string();
    let m = alice.mark();
    alice.say(&direct, &format!("!table {number}")).await;
    let chosen = alice
        .wait(m, &bot, "the second table's view", |s| s.room == direct)
        .await;
    assert!(
        chosen.text().starts_with("[Dvonn in #Second table]"),
        "{}",
        chosen.text()
    );

    // A third member makes the direct room public: the bot opens another one.
    let direct_room = alice.client.get_room(&direct).expect("room");
    direct_room
        .invite_user_by_id(&id(&carol))
        .await
        .expect("invited");
    wait_member(&alice.client, &direct, &id(&carol)).await;
    let (m, mc) = (alice.mark(), carol.mark());
    alice.say(&first, "!hand").await;
    let again = alice
        .wait(m, &bot, "the private view again", |s| s.room != first)
        .await;
    assert_ne!(again.room, direct, "not in the room carol joined");
    assert!(
        bot_said(&carol, &bot, mc, &direct).is_empty(),
        "carol sees nothing private"
    );

    // `!abort`: the room's own redact threshold (80 here), not a fixed 50.
    power(&alice, &first, 80, &id(&carol), 60).await;
    let m = alice.mark();
    carol.say(&first, "!abort").await;
    alice
        .wait(m, &bot, "the refusal", |s| {
            s.room == first && s.text().contains("Only the table's creator")
        })
        .await;
    power(&alice, &first, 80, &id(&carol), 90).await;
    let m = alice.mark();
    carol.say(&first, "!abort").await;
    alice
        .wait(m, &bot, "the abort", |s| {
            s.room == first && s.text().contains("abort")
        })
        .await;
    assert!(status(&alice, &first, &bot).await.contains("Aborted"));

    // The second room is upgraded: the table follows into the new room.
    let version = alice
        .client
        .get_room(&second)
        .and_then(|r| r.version())
        .unwrap_or(RoomVersionId::V10);
    let upgraded = alice
        .client
        .send(UpgradeRoom::new(second.clone(), version))
        .await
        .expect("upgraded")
        .replacement_room;
    for user in [&bot, &id(&bob)] {
        let new = alice.client.get_room(&upgraded);
        if let Some(new) = new {
            let _ = new.invite_user_by_id(user).await;
        }
    }
    wait_member(&alice.client, &upgraded, &bot).await;
    let now = status(&alice, &upgraded, &bot).await;
    assert!(
        now.contains("to move"),
        "the game goes on in the new room: {now}"
    );

    // Removed from the room: the table pauses; invited again, it goes on.
    let new_room = alice.client.get_room(&upgraded).expect("room");
    new_room
        .kick_user(&bot, Some("testing"))
        .await
        .expect("kicked");
    bot_process.wait_log("its table is paused", 0).await;
    new_room.invite_user_by_id(&bot).await.expect("invited");
    wait_member(&alice.client, &upgraded, &bot).await;
    let now = status(&alice, &upgraded, &bot).await;
    assert!(now.contains("to move"), "{now}");
}

/// The same Burg game the bot plays with `--seed 7`: alice's first secret choice, and the
/// last lines of what the room and alice hear when she makes it.
fn burg_choice() -> (String, Vec<String>, Vec<String>) {
    use crate::support::{legal, privately, say, say_with, setup};
    let service = setup().seed(7).fresh();
    say(&service, "#b", "alice", "/join burg");
    say(&service, "#b", "bob", "/join");
    say(&service, "#b", "alice", "/start");
    let choice = legal(&service, "#b", "alice")
        .into_iter()
        .find(|m| m.starts_with("choose"))
        .expect("a card to choose");
    let replies = say_with(
        &service,
        "#b",
        "alice",
        &format!("/move {choice}"),
        privately,
    );
    assert!(replies.iter().all(|r| !r.error), "{replies:?}");
    let last = |private: bool| {
        replies
            .iter()
            .filter(|r| r.to.is_some() == private)
            .filter_map(|r| r.text.lines().last().map(str::to_string))
            .collect::<Vec<_>>()
    };
    (choice, last(false), last(true))
}

/// The bot's device id, from its saved session.
fn bot_device(dir: &Path) -> String {
    let json = std::fs::read_to_string(dir.join("data/matrix/session.json")).expect("session");
    let value: serde_json::Value = serde_json::from_str(&json).expect("json");
    fn find(v: &serde_json::Value) -> Option<String> {
        match v {
            serde_json::Value::Object(map) => map
                .get("device_id")
                .and_then(|d| d.as_str().map(str::to_string))
                .or_else(|| map.values().find_map(find)),
            _ => None,
        }
    }
    find(&value).expect("a device id")
}

/// A secret move through an encrypted direct room; the bot's device is cross-signed by its
/// owner (clients that exclude unverified devices still talk to it) and recovery is on.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_secret_move_through_an_encrypted_direct_room() {
    let Some(url) = homeserver_or_skip().await else {
        return;
    };
    let accounts = Accounts::new(&url).await;
    let (choice, public, private) = burg_choice();
    let dir = tempfile::tempdir().expect("temp dir");
    let bot = accounts.bot();
    let _bot = start_bot_with(&accounts, &url, dir.path(), 1, &["run", "--seed", "7"]);
    let alice = accounts.player("alice", dir.path()).await;
    let bob = accounts.player("bob", dir.path()).await;
    let room = alice.open_room("Burg", vec![bot.clone(), id(&bob)]).await;
    wait_member(&alice.client, &room, &bot).await;
    wait_member(&alice.client, &room, &id(&bob)).await;
    open_game(&bot, &room, "!join burg", &alice, &bob, &alice).await;

    // The hand opens the encrypted direct room; the choice goes there.
    let m = alice.mark();
    alice.say(&room, "!hand").await;
    let hand = alice.wait(m, &bot, "the hand", |s| s.room != room).await;
    let direct = alice.client.get_room(&hand.room).expect("the direct room");
    assert!(
        direct
            .latest_encryption_state()
            .await
            .expect("state")
            .is_encrypted(),
        "the direct room is encrypted"
    );
    let (m, mb) = (alice.mark(), bob.mark());
    alice.say(&hand.room, &format!("!move {choice}")).await;
    for line in &private {
        alice
            .wait(m, &bot, "the private answer", |s| {
                s.room == hand.room && s.text().ends_with(line.as_str())
            })
            .await;
    }
    for line in &public {
        bob.wait(mb, &bot, "the public answer", |s| {
            s.room == room && s.text().contains(line.as_str())
        })
        .await;
    }
    let card = choice.trim_start_matches("choose").trim().to_string();
    for s in &bob.seen.lock().unwrap()[mb..] {
        assert!(
            !s.text().contains(&card) || card.is_empty(),
            "public: {}",
            s.text()
        );
    }

    // The bot's device is signed by its own cross-signing identity.
    let device_id = bot_device(dir.path());
    let encryption = alice.client.encryption();
    encryption
        .request_user_identity(&bot)
        .await
        .expect("identity");
    let device = encryption
        .get_device(&bot, device_id.as_str().into())
        .await
        .expect("store")
        .expect("the bot's device is known");
    assert!(
        device.is_cross_signed_by_owner(),
        "the bot's device is cross-signed"
    );
    let key = dir.path().join("data/matrix/recovery-key");
    assert!(key.is_file(), "recovery is on and its key kept");
    #[cfg(unix)]
    assert_eq!(mode(&key), 0o600);
}

/// The homeserver with Synapse's default message rate limit (`.ci/synapse.sh` starts it on
/// port 8009), or `None` (the test is skipped — unless `SPIELTISCH_TEST_SYNAPSE_REQUIRED`).
async fn rate_limited_homeserver() -> Option<String> {
    let url = std::env::var("SPIELTISCH_TEST_SYNAPSE_DEFAULT_LIMITS")
        .unwrap_or_else(|_| "http://127.0.0.1:8009".into());
    running_or_skip(url, "Synapse with default rate limits").await
}

/// Under Synapse's default message rate limit (0.2 messages a second after a burst of 10) the
/// bot is told to wait (429 with `retry_after_ms`) and still delivers every reply, in order.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn default_rate_limits_lose_no_reply() {
    let Some(url) = rate_limited_homeserver().await else {
        return;
    };
    let accounts = Accounts::new(&url).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let bot = accounts.bot();
    let bot_process = start_bot(&accounts, &url, dir.path(), 1);
    let alice = accounts.player("alice", dir.path()).await;
    let bob = accounts.player("bob", dir.path()).await;
    let room = alice
        .open_room("Rate limited", vec![bot.clone(), id(&bob)])
        .await;
    wait_member(&alice.client, &room, &bot).await;
    wait_member(&alice.client, &room, &id(&bob)).await;
    // Twice the burst, from two players (each is limited too): the bot must wait for the
    // homeserver's permission for the later replies.
    let m = alice.mark();
    for round in 0..2 {
        for (i, (command, _)) in IN_ORDER.iter().enumerate() {
            let player = [&alice, &bob][(round + i) % 2];
            player.say(&room, command).await;
        }
    }
    let said = bot_says(
        &alice,
        &bot,
        m,
        &room,
        2 * IN_ORDER.len(),
        Duration::from_secs(240),
    )
    .await;
    answered_in_order(&said[..IN_ORDER.len()]);
    answered_in_order(&said[IN_ORDER.len()..]);
    let log = bot_process.log();
    assert!(!log.contains("not sent"), "every reply went out: {log}");
}

/// A player who turns the bot's direct room down is remembered: the next private replies are
/// kept, not sent with a new invite each, and the table's room tells them once, with a mention,
/// how to get them; nothing private shows in the room. When the player starts a direct chat
/// with the bot, what waited arrives there.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_declined_direct_room_is_remembered_and_answered_in_the_tables_room() {
    let Some(url) = homeserver_or_skip().await else {
        return;
    };
    let accounts = Accounts::new(&url).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let bot_id = accounts.bot();
    let bot = start_bot(&accounts, &url, dir.path(), 1);
    let alice = accounts.player("alice", dir.path()).await;
    let bob = accounts.player_declining_direct("bob", dir.path()).await;
    let room = alice
        .open_room("Declined", vec![bot_id.clone(), id(&bob)])
        .await;
    wait_member(&alice.client, &room, &bot_id).await;
    wait_member(&alice.client, &room, &id(&bob)).await;
    open_game(&bot_id, &room, "!join dvonn", &alice, &bob, &alice).await;
    // bob asks for his view: the bot opens a direct room, and bob turns it down.
    bob.say(&room, "!hand").await;
    bot.wait_log("the direct room was declined", 0).await;
    assert_eq!(bob.direct_invites.load(Ordering::SeqCst), 1);
    // Asked again, twice: no new invite; the room hears it once, mentioning bob.
    let m = bob.mark();
    bob.say(&room, "!hand").await;
    bot.wait_log("private reply kept", 0).await;
    bob.say(&room, "!hand").await;
    bot.wait_log("private reply kept", 1).await;
    let note = bob
        .wait(m, &bot_id, "the note in the room", |s| {
            s.room == room && s.text().contains("turned down my direct room")
        })
        .await;
    let mentioned: Vec<_> = note
        .mentions
        .as_ref()
        .map(|m| m.user_ids.iter().cloned().collect())
        .unwrap_or_default();
    assert_eq!(mentioned, [id(&bob)]);
    assert_eq!(
        bot_said(&bob, &bot_id, m, &room),
        [note.text()],
        "one note, nothing private in the room"
    );
    assert_eq!(
        bob.direct_invites.load(Ordering::SeqCst),
        1,
        "no new invite"
    );
    // bob starts a direct chat with the bot: both kept views arrive there.
    let dm = bob
        .client
        .create_dm(&bot_id)
        .await
        .expect("a direct room")
        .room_id()
        .to_owned();
    let views = bot_says(&bob, &bot_id, m, &dm, 2, Duration::from_secs(30)).await;
    assert_eq!(views.len(), 2, "{views:?}");
    bot.wait_log("a player who had declined opened a direct room", 0)
        .await;
    // From now on his private replies go to that room.
    let before = bob.mark();
    bob.say(&room, "!hand").await;
    bob.wait(before, &bot_id, "a view in the direct room", |s| {
        s.room == dm && matches!(s.msg, MessageType::Image(_))
    })
    .await;
    assert_eq!(bob.direct_invites.load(Ordering::SeqCst), 1);
}
