//! Matrix end to end against a real Synapse on loopback (`.ci/synapse.sh start DIR` starts one
//! and registers `spieltisch`, `alice`, `bob` and `carol`; `.ci/run` does this). The real
//! `spieltisch` binary plays the bot; the players are matrix-sdk clients.
//!
//! Without a homeserver the test is skipped with a message — unless
//! `SPIELTISCH_TEST_SYNAPSE_REQUIRED` is set (CI), then it fails.

#![recursion_limit = "256"]

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::task::JoinHandle;

use matrix_sdk::config::SyncSettings;
use matrix_sdk::media::{MediaFormat, MediaRequestParameters};
use matrix_sdk::room::Room;
use matrix_sdk::ruma::api::client::room::create_room::v3::Request as CreateRoom;
use matrix_sdk::ruma::events::MessageLikeEventContent;
use matrix_sdk::ruma::events::reaction::ReactionEventContent;
use matrix_sdk::ruma::events::relation::Annotation;
use matrix_sdk::ruma::events::room::member::{MembershipState, StrippedRoomMemberEvent};
use matrix_sdk::ruma::events::room::message::{
    EmoteMessageEventContent, MessageType, OriginalSyncRoomMessageEvent, ReplacementMetadata,
    RoomMessageEventContent,
};
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId, OwnedUserId, RoomId, UserId};
use matrix_sdk::{Client, RoomMemberships};

const WAIT: Duration = Duration::from_secs(40);

/// One bot process at a time: every bot signs in as `@spieltisch:localhost` and would answer in
/// the other test's rooms too.
static ONE_BOT: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Skips (or, in CI, fails) when there is no homeserver.
async fn homeserver_or_skip() -> Option<String> {
    let url = homeserver();
    if synapse_is_running(&url).await {
        return Some(url);
    }
    assert!(
        std::env::var_os("SPIELTISCH_TEST_SYNAPSE_REQUIRED").is_none(),
        "no Synapse at {url}, but SPIELTISCH_TEST_SYNAPSE_REQUIRED is set"
    );
    eprintln!(
        "SKIPPED: no Synapse homeserver at {url} (start one with `.ci/synapse.sh start DIR`)"
    );
    None
}

fn homeserver() -> String {
    std::env::var("SPIELTISCH_TEST_SYNAPSE").unwrap_or_else(|_| "http://127.0.0.1:8008".into())
}

async fn synapse_is_running(url: &str) -> bool {
    let client = matrix_sdk::reqwest::Client::new();
    client
        .get(format!("{url}/_matrix/client/versions"))
        .timeout(Duration::from_secs(3))
        .send()
        .await
        .is_ok_and(|r| r.status().is_success())
}

/// A message the bot sent, as a player's client saw it.
#[derive(Debug, Clone)]
struct Seen {
    room: OwnedRoomId,
    sender: OwnedUserId,
    msg: MessageType,
}

impl Seen {
    fn text(&self) -> String {
        match &self.msg {
            MessageType::Text(t) => t.body.clone(),
            MessageType::Notice(t) => t.body.clone(),
            MessageType::Image(i) => i.caption().unwrap_or_default().to_string(),
            MessageType::File(f) => f.caption().unwrap_or_default().to_string(),
            _ => String::new(),
        }
    }
}

/// A player: a matrix-sdk client syncing in the background, joining every invite.
struct Player {
    client: Client,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl Player {
    async fn login(url: &str, name: &str, dir: &Path) -> Player {
        let client = Client::builder()
            .homeserver_url(url)
            .sqlite_store(dir.join(name), None)
            .build()
            .await
            .expect("client");
        client
            .matrix_auth()
            .login_username(name, &format!("test-{name}"))
            .send()
            .await
            .expect("the test users are registered (.ci/synapse.sh)");
        client
            .sync_once(SyncSettings::default())
            .await
            .expect("first sync");
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = seen.clone();
        client.add_event_handler(move |ev: OriginalSyncRoomMessageEvent, room: Room| {
            let log = log.clone();
            async move {
                log.lock().unwrap().push(Seen {
                    room: room.room_id().to_owned(),
                    sender: ev.sender,
                    msg: ev.content.msgtype,
                });
            }
        });
        let me = client.user_id().expect("logged in").to_owned();
        client.add_event_handler(move |ev: StrippedRoomMemberEvent, room: Room| {
            let me = me.clone();
            async move {
                if ev.state_key == me && ev.content.membership == MembershipState::Invite {
                    for _ in 0..10 {
                        if room.join().await.is_ok() {
                            break;
                        }
                        tokio::time::sleep(Duration::from_millis(300)).await;
                    }
                }
            }
        });
        let syncing = client.clone();
        tokio::spawn(async move {
            loop {
                let _ = syncing.sync(SyncSettings::default()).await;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        });
        Player { client, seen }
    }

    async fn say(&self, room: &RoomId, text: &str) -> OwnedEventId {
        self.send(room, RoomMessageEventContent::text_plain(text))
            .await
    }

    async fn send(&self, room: &RoomId, content: impl MessageLikeEventContent) -> OwnedEventId {
        let room = self.client.get_room(room).expect("in the room");
        room.send(content).await.expect("sent").response.event_id
    }

    /// Waits for a message from `bot` matching `pred` after the first `from` messages seen.
    async fn wait(
        &self,
        from: usize,
        bot: &UserId,
        what: &str,
        pred: impl Fn(&Seen) -> bool,
    ) -> Seen {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let found = self.seen.lock().unwrap()[from..]
                .iter()
                .find(|s| s.sender == bot && pred(s))
                .cloned();
            if let Some(s) = found {
                return s;
            }
            if tokio::time::Instant::now() > deadline {
                let seen: Vec<String> =
                    self.seen.lock().unwrap().iter().map(|s| s.text()).collect();
                panic!("timed out waiting for {what}; seen: {seen:#?}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Creates a room named `name`, inviting `invite`.
    async fn open_room(&self, name: &str, invite: Vec<OwnedUserId>) -> OwnedRoomId {
        let mut request = CreateRoom::new();
        request.name = Some(name.into());
        request.invite = invite;
        let room = self.client.create_room(request).await.expect("room");
        room.room_id().to_owned()
    }

    fn mark(&self) -> usize {
        self.seen.lock().unwrap().len()
    }

    /// Downloads an image through the (authenticated) media API and decodes it as a PNG.
    async fn png_size(&self, seen: &Seen) -> (u32, u32) {
        let MessageType::Image(image) = &seen.msg else {
            panic!("not an image: {:?}", seen.msg);
        };
        let info = image.info.as_ref().expect("image info");
        let (w, h, size) = (info.width, info.height, info.size);
        let bytes = self
            .client
            .media()
            .get_media_content(
                &MediaRequestParameters {
                    source: image.source.clone(),
                    format: MediaFormat::File,
                },
                false,
            )
            .await
            .expect("the image downloads");
        assert_eq!(size.map(u64::from), Some(bytes.len() as u64), "size is set");
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes.as_slice()));
        let reader = decoder.read_info().expect("a PNG");
        let (pw, ph) = (reader.info().width, reader.info().height);
        assert_eq!(
            (w.map(u64::from), h.map(u64::from)),
            (Some(u64::from(pw)), Some(u64::from(ph))),
            "dimensions are set"
        );
        (pw, ph)
    }
}

/// A TCP relay between the bot and Synapse that the test can cut: [`Relay::down`] closes every
/// connection and refuses new ones until [`Relay::up`]; [`Relay::arm`] makes it cut itself (for
/// [`TRIP`]) when the bot next sends a message, to check that the reply still arrives.
struct Relay {
    addr: Mutex<Option<SocketAddr>>,
    target: SocketAddr,
    tasks: Arc<Mutex<Vec<JoinHandle<()>>>>,
    accepted: Arc<AtomicUsize>,
    armed: Arc<AtomicBool>,
    tripped: Arc<AtomicUsize>,
}

/// How long a tripped relay stays down.
const TRIP: Duration = Duration::from_secs(3);

impl Relay {
    async fn start(target: &str) -> Arc<Relay> {
        let target = target
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .expect("the homeserver is http://host:port");
        let relay = Arc::new(Relay {
            addr: Mutex::new(None),
            target,
            tasks: Arc::new(Mutex::new(Vec::new())),
            accepted: Arc::new(AtomicUsize::new(0)),
            armed: Arc::new(AtomicBool::new(false)),
            tripped: Arc::new(AtomicUsize::new(0)),
        });
        relay.up();
        relay
    }

    fn url(&self) -> String {
        format!("http://{}", self.addr.lock().unwrap().expect("bound"))
    }

    /// Listens again (on the same port after the first time).
    fn up(self: &Arc<Self>) {
        let mut addr = self.addr.lock().unwrap();
        let socket = TcpSocket::new_v4().expect("socket");
        socket.set_reuseaddr(true).expect("reuseaddr");
        socket
            .bind(addr.unwrap_or_else(|| "127.0.0.1:0".parse().expect("addr")))
            .expect("the relay's port is free again");
        let listener = socket.listen(64).expect("listen");
        *addr = Some(listener.local_addr().expect("addr"));
        let relay = self.clone();
        let accept = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                relay.accepted.fetch_add(1, Ordering::SeqCst);
                let r = relay.clone();
                let task = tokio::spawn(async move { r.pipe(client).await });
                relay.tasks.lock().unwrap().push(task);
            }
        });
        self.tasks.lock().unwrap().push(accept);
    }

    /// Closes every connection and the listener.
    fn down(&self) {
        for task in self.tasks.lock().unwrap().drain(..) {
            task.abort();
        }
    }

    fn arm(&self) {
        self.armed.store(true, Ordering::SeqCst);
    }

    async fn pipe(self: Arc<Self>, client: TcpStream) {
        let Ok(server) = TcpStream::connect(self.target).await else {
            return;
        };
        let (mut client_read, mut client_write) = client.into_split();
        let (mut server_read, mut server_write) = server.into_split();
        let back = tokio::spawn(async move {
            let _ = tokio::io::copy(&mut server_read, &mut client_write).await;
        });
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let n = match client_read.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let sending = buf[..n].windows(6).any(|w| w == b"/send/");
            if sending && self.armed.swap(false, Ordering::SeqCst) {
                self.tripped.fetch_add(1, Ordering::SeqCst);
                back.abort();
                let relay = self.clone();
                tokio::spawn(async move {
                    relay.down();
                    tokio::time::sleep(TRIP).await;
                    relay.up();
                });
                return;
            }
            if server_write.write_all(&buf[..n]).await.is_err() {
                break;
            }
        }
        back.abort();
    }
}

/// The bot process; killed when dropped; its log printed when a test fails.
struct Bot(Child, std::path::PathBuf);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
        if std::thread::panicking() {
            eprintln!(
                "--- bot log ---\n{}",
                std::fs::read_to_string(&self.1).unwrap_or_default()
            );
        }
    }
}

fn start_bot(url: &str, dir: &Path, run: usize) -> Bot {
    start_bot_with(url, dir, run, &[])
}

/// The bot with command-line arguments (e.g. `run --seed 7`).
fn start_bot_with(url: &str, dir: &Path, run: usize, args: &[&str]) -> Bot {
    let log = dir.join(format!("bot-{run}.log"));
    let child = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .args(args)
        .current_dir(dir)
        .env("SPIELTISCH_DATA_DIR", dir.join("data"))
        .env("SPIELTISCH_MATRIX__HOMESERVER", url)
        .env("SPIELTISCH_MATRIX__USER", "@spieltisch:localhost")
        .env("SPIELTISCH_MATRIX_PASSWORD", "test-spieltisch")
        .env_remove("SPIELTISCH_DISCORD_TOKEN")
        .env("RUST_LOG", "spieltisch=debug,warn")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).expect("log"))
        .spawn()
        .expect("the bot starts");
    Bot(child, log)
}

async fn wait_member(client: &Client, room: &RoomId, user: &UserId) {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        if let Some(room) = client.get_room(room)
            && let Ok(members) = room.members(RoomMemberships::JOIN).await
            && members.iter().any(|m| m.user_id() == user)
        {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{user} never joined"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// `player` asks for an example move and plays it (after arming `relay`, if given); `watcher`
/// sees the board arrive in `room`, downloads and decodes it; returns the board's caption.
async fn play_example_move(
    player: &Player,
    watcher: &Player,
    room: &RoomId,
    bot: &UserId,
    relay: Option<&Relay>,
) -> String {
    let m = player.mark();
    player.say(room, "!move").await;
    let hint = player
        .wait(m, bot, "the example move", |s| {
            s.text().contains("Which move")
        })
        .await;
    if let Some(relay) = relay {
        relay.arm();
    }
    let m = watcher.mark();
    player
        .say(room, &format!("!move {}", example_move(&hint.text())))
        .await;
    let moved = watcher
        .wait(m, bot, "the move's board", |s| {
            s.room == room && matches!(s.msg, MessageType::Image(_))
        })
        .await;
    assert!(moved.text().contains("to move"), "{}", moved.text());
    watcher.png_size(&moved).await;
    moved.text()
}

/// The bot's answer to `!status` said by `player` in `room` (as `player` sees it).
async fn status(player: &Player, room: &RoomId, bot: &UserId) -> String {
    let m = player.mark();
    player.say(room, "!status").await;
    player
        .wait(m, bot, "the status", |s| s.text().contains("Dvonn"))
        .await
        .text()
}

/// The example move the bot offers for an empty `!move`.
fn example_move(text: &str) -> String {
    let after = text.split("e.g. `/move ").nth(1).expect("an example move");
    after.split('`').next().expect("closed").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_short_dvonn_game_in_a_matrix_room() {
    let Some(url) = homeserver_or_skip().await else {
        return;
    };
    let _one = ONE_BOT.lock().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let bot_id = UserId::parse("@spieltisch:localhost").expect("id");
    let relay = Relay::start(&url).await;
    let mut bot = start_bot(&relay.url(), dir.path(), 1);
    let alice = Player::login(&url, "alice", dir.path()).await;
    let bob = Player::login(&url, "bob", dir.path()).await;
    let carol = Player::login(&url, "carol", dir.path()).await;

    // Alice opens a room and invites the bot and the others; the bot joins by itself.
    let invite = vec![
        bot_id.clone(),
        bob.client.user_id().expect("bob").to_owned(),
        carol.client.user_id().expect("carol").to_owned(),
    ];
    let room = alice.open_room("Spieltisch test", invite).await;
    wait_member(&alice.client, &room, &bot_id).await;
    wait_member(&alice.client, &room, bob.client.user_id().expect("bob")).await;

    let m = alice.mark();
    alice.say(&room, "!join dvonn").await;
    alice
        .wait(m, &bot_id, "the table", |s| {
            s.text().contains("opens a Dvonn table")
        })
        .await;
    bob.say(&room, "!join").await;
    alice
        .wait(m, &bot_id, "bob sits down", |s| {
            s.text().contains("bob sits down")
        })
        .await;
    let m = alice.mark();
    alice.say(&room, "!start").await;
    let board = alice
        .wait(m, &bot_id, "the board", |s| {
            matches!(s.msg, MessageType::Image(_)) && s.room == room
        })
        .await;
    assert!(
        board.text().contains("to move"),
        "the caption says whose turn: {}",
        board.text()
    );
    assert_eq!(alice.png_size(&board).await, (1000, 600));

    // Four moves, each asked for with an empty `!move` (the example comes privately) and
    // answered by a board image that downloads and decodes.
    for turn in 0..4 {
        let player = [&alice, &bob][turn % 2];
        play_example_move(player, &alice, &room, &bot_id, None).await;
    }
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
    relay.down();
    let before = relay.accepted.load(Ordering::SeqCst);
    tokio::time::sleep(Duration::from_secs(1)).await;
    let m = alice.mark();
    alice.say(&room, "!status").await;
    tokio::time::sleep(Duration::from_secs(3)).await;
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

    // Restart: the session is reused (no new login) and the game goes on.
    drop(bot);
    bot = start_bot(&relay.url(), dir.path(), 2);
    tokio::time::sleep(Duration::from_secs(2)).await;
    let now = status(&bob, &room, &bot_id).await;
    assert!(now.contains("bob (Black) to move"), "{now}");
    let log = std::fs::read_to_string(&bot.1).unwrap_or_default();
    assert!(
        log.contains("restored=true"),
        "the saved session was used: {log}"
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
        "cannot reach the Matrix homeserver",
    )];
    if reachable {
        cases.push((url, "refused the login"));
    }
    for (server, expected) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
            .current_dir(dir.path())
            .env("SPIELTISCH_DATA_DIR", dir.path().join("data"))
            .env("SPIELTISCH_MATRIX__HOMESERVER", &server)
            .env("SPIELTISCH_MATRIX__USER", "@spieltisch:localhost")
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
    use spieltisch::store::SledStore;
    use spieltisch::table::{Command as Cmd, ManualTimeSource, Seeding, TableService, User};
    let dir = tempfile::tempdir().expect("temp dir");
    let time = Arc::new(ManualTimeSource::new(1_000_000));
    let store = Arc::new(SledStore::open(dir.path()).expect("sled"));
    let service = TableService::open(store, time.clone(), Seeding::Fixed(13)).expect("service");
    let names = ["alice", "bob", "carol"];
    let say = |seat: usize, text: &str| {
        let replies = service.handle(&Cmd::new("#k", User::named(names[seat]), text));
        assert!(replies.iter().all(|r| !r.error), "{text}: {replies:?}");
    };
    say(0, "/join komarn challenge=10s");
    say(1, "/join");
    say(2, "/join");
    say(0, "/start");
    let mut moves = Vec::new();
    for _ in 0..400 {
        for (seat, name) in names.iter().enumerate() {
            let legal = service.legal_moves("#k", &User::named(name));
            if legal.iter().any(|m| m == "morlock none") {
                say(seat, "/move morlock none");
                time.advance(Duration::from_secs(11));
                let private: Vec<String> = service
                    .tick("")
                    .into_iter()
                    .flat_map(|(_, replies)| replies)
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
    let _one = ONE_BOT.lock().await;
    let (moves, drawer, expected) = komarn_until_a_claim();
    assert!(!expected.is_empty(), "the drawer draws after the window");
    let dir = tempfile::tempdir().expect("temp dir");
    let bot_id = UserId::parse("@spieltisch:localhost").expect("id");
    let _bot = start_bot_with(&url, dir.path(), 1, &["run", "--seed", "13"]);
    let players = [
        Player::login(&url, "alice", dir.path()).await,
        Player::login(&url, "bob", dir.path()).await,
        Player::login(&url, "carol", dir.path()).await,
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
            s.text().contains("opens a Banner von Komarn")
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
    watcher
        .wait(marks[0], &bot_id, "the closing", |s| {
            s.room == room && s.text().contains("The time for answers is up")
        })
        .await;
    for text in &expected {
        let got = players[drawer]
            .wait(marks[drawer], &bot_id, "the drawer's private draw", |s| {
                s.room != room && s.text() == *text
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
                    !expected.contains(&s.text()),
                    "seat {seat} saw the drawer's draw: {}",
                    s.text()
                );
            }
        }
    }
}
