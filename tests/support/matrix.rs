//! What the Matrix tests share: the homeserver check, each test's own accounts, players
//! (matrix-sdk clients), a relay between the bot and Synapse that the test can cut or hold, and
//! the bot process.

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::task::JoinHandle;

use matrix_sdk::config::SyncSettings;
use matrix_sdk::media::{MediaFormat, MediaRequestParameters};
use matrix_sdk::room::Room;
use matrix_sdk::ruma::api::client::room::create_room::v3::Request as CreateRoom;
use matrix_sdk::ruma::events::room::member::{MembershipState, StrippedRoomMemberEvent};
use matrix_sdk::ruma::events::room::message::{
    MessageType, OriginalSyncRoomMessageEvent, RoomMessageEventContent,
};
use matrix_sdk::ruma::events::{Mentions, MessageLikeEventContent};
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId, OwnedUserId, RoomId, UserId};
use matrix_sdk::{Client, RoomMemberships};

pub const WAIT: Duration = Duration::from_secs(40);

/// Skips (or, in CI, fails) when there is no homeserver.
pub async fn homeserver_or_skip() -> Option<String> {
    running_or_skip(homeserver(), "Synapse homeserver").await
}

/// `url` if a homeserver (`what`) answers there, or `None`: the test is skipped with a message
/// — unless `SPIELTISCH_TEST_SYNAPSE_REQUIRED` is set (CI), then it fails.
pub async fn running_or_skip(url: String, what: &str) -> Option<String> {
    if synapse_is_running(&url).await {
        return Some(url);
    }
    assert!(
        std::env::var_os("SPIELTISCH_TEST_SYNAPSE_REQUIRED").is_none(),
        "no {what} at {url}, but SPIELTISCH_TEST_SYNAPSE_REQUIRED is set"
    );
    eprintln!("SKIPPED: no {what} at {url} (start one with `.ci/synapse.sh start DIR`)");
    None
}

pub fn homeserver() -> String {
    std::env::var("SPIELTISCH_TEST_SYNAPSE").unwrap_or_else(|_| "http://127.0.0.1:8008".into())
}

pub async fn synapse_is_running(url: &str) -> bool {
    let client = matrix_sdk::reqwest::Client::new();
    client
        .get(format!("{url}/_matrix/client/versions"))
        .timeout(Duration::from_secs(3))
        .send()
        .await
        .is_ok_and(|r| r.status().is_success())
}

/// One test's own accounts on a homeserver: its bot and its players, made for that test alone
/// (through Synapse's admin API, as the `admin` that `.ci/synapse.sh` registers). Tests run side
/// by side: no other test's bot answers in their rooms, no other test's rooms or invites reach
/// their players, and no account brings rooms or devices along from an earlier run.
pub struct Accounts {
    url: String,
    /// What makes this test's user names its own (`alice-<tag>`).
    tag: String,
    /// The homeserver's name, the part of a user id after the colon.
    server: String,
    /// Plain HTTP (the admin API, [`HttpPlayer`]s): one connection pool.
    http: matrix_sdk::reqwest::Client,
}

/// The bot's name (its account's display name).
const BOT: &str = "spieltisch";

/// The admin's access token on each homeserver this process has used.
static ADMINS: Mutex<Vec<(String, Admin)>> = Mutex::new(Vec::new());

#[derive(Clone)]
struct Admin {
    token: String,
    server: String,
}

/// The admin's session on `url` (logged in once per process).
async fn admin(url: &str) -> Admin {
    let known = ADMINS
        .lock()
        .unwrap()
        .iter()
        .find(|(u, _)| u == url)
        .map(|(_, a)| a.clone());
    if let Some(admin) = known {
        return admin;
    }
    let (token, user) = password_login(
        &matrix_sdk::reqwest::Client::new(),
        url,
        "admin",
        "test-admin",
    )
    .await;
    let server = user
        .split_once(':')
        .map(|(_, s)| s.to_string())
        .expect("a user id has a server name");
    let admin = Admin { token, server };
    ADMINS
        .lock()
        .unwrap()
        .push((url.to_string(), admin.clone()));
    admin
}

/// Logs `user` in with `password` over plain HTTP: their access token and user id.
async fn password_login(
    http: &matrix_sdk::reqwest::Client,
    url: &str,
    user: &str,
    password: &str,
) -> (String, String) {
    let login = serde_json::json!({
        "type": "m.login.password",
        "identifier": {"type": "m.id.user", "user": user},
        "password": password,
    });
    let (_, reply) = synapse_call(
        http.post(format!("{url}/_matrix/client/v3/login")),
        Some(&login),
    )
    .await;
    let field = |name: &str| {
        reply[name]
            .as_str()
            .unwrap_or_else(|| {
                panic!("{user} logs in (the admin: .ci/synapse.sh registers it): {reply}")
            })
            .to_string()
    };
    (field("access_token"), field("user_id"))
}

/// A user id as a segment of a URL's path.
fn user_path(user: &UserId) -> String {
    user.as_str().replace('@', "%40").replace(':', "%3A")
}

/// Sends `request` with `body` (JSON), if any, and returns the answer's status and JSON; panics
/// on an error status.
async fn synapse_call(
    request: matrix_sdk::reqwest::RequestBuilder,
    body: Option<&serde_json::Value>,
) -> (u16, serde_json::Value) {
    let request = match body {
        Some(body) => request
            .header("content-type", "application/json")
            .body(body.to_string()),
        None => request,
    };
    let response = request
        .timeout(WAIT)
        .send()
        .await
        .expect("the homeserver answers");
    let status = response.status();
    let text = response.text().await.unwrap_or_default();
    assert!(status.is_success(), "{status}: {text}");
    let json = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (status.as_u16(), json)
}

impl Accounts {
    /// Makes the bot's account on the homeserver `url` (not a relay in front of it).
    pub async fn new(url: &str) -> Accounts {
        // The time, the process and a count: new names on a homeserver that keeps every
        // earlier run's accounts.
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let since = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .expect("after 1970");
        let tag = format!(
            "{:x}-{}-{}",
            since.as_millis(),
            std::process::id(),
            NEXT.fetch_add(1, Ordering::SeqCst)
        );
        let server = admin(url).await.server;
        let accounts = Accounts {
            url: url.to_string(),
            tag,
            server,
            http: matrix_sdk::reqwest::Client::new(),
        };
        accounts.make(BOT).await;
        accounts
    }

    /// The bot's user id.
    pub fn bot(&self) -> OwnedUserId {
        self.user(BOT)
    }

    /// The user id of this test's `name` (`alice`: `@alice-<tag>:localhost`).
    pub fn user(&self, name: &str) -> OwnedUserId {
        UserId::parse(format!("@{}:{}", self.localpart(name), self.server)).expect("a user id")
    }

    fn localpart(&self, name: &str) -> String {
        format!("{name}-{}", self.tag)
    }

    /// The password of this test's `name`.
    pub fn password(&self, name: &str) -> String {
        format!("test-{}", self.localpart(name))
    }

    /// Makes the account of this test's `name`, shown as `name` (its display name).
    pub async fn make(&self, name: &str) {
        let admin = admin(&self.url).await;
        let user = self.user(name);
        let path = user_path(&user);
        let account = serde_json::json!({
            "password": self.password(name),
            "displayname": name,
            "admin": false,
        });
        let (status, _) = synapse_call(
            self.http
                .put(format!("{}/_synapse/admin/v2/users/{path}", self.url))
                .bearer_auth(&admin.token),
            Some(&account),
        )
        .await;
        assert_eq!(status, 201, "{user} is a new account");
    }

    /// Makes the player `name` (shown as `name`) and logs in: a matrix-sdk client syncing in
    /// the background, its store in `dir`.
    pub async fn player(&self, name: &str, dir: &Path) -> Player {
        self.make(name).await;
        let user = self.localpart(name);
        Player::login(&self.url, name, &user, &self.password(name), dir, false).await
    }

    /// Like [`Accounts::player`], but the player turns down every invite to a direct room
    /// (and joins other rooms as usual).
    pub async fn player_declining_direct(&self, name: &str, dir: &Path) -> Player {
        self.make(name).await;
        let user = self.localpart(name);
        Player::login(&self.url, name, &user, &self.password(name), dir, true).await
    }
}

impl Accounts {
    /// Exempts `user` from Synapse's rate limits as docs/operating.md tells operators to exempt
    /// the bot: `override_ratelimit` with 0 messages a second and a burst of 0 (Synapse's
    /// requester-based limiters — messages, room creation, invites, joins — then let them by).
    pub async fn exempt_from_rate_limits(&self, user: &UserId) {
        let body = serde_json::json!({"messages_per_second": 0, "burst_count": 0});
        let path = format!(
            "/_synapse/admin/v1/users/{}/override_ratelimit",
            user_path(user)
        );
        self.as_admin(self.http.post(format!("{}{path}", self.url)), Some(&body))
            .await;
    }

    /// Joins `user` to the public room `room` through the admin API, which no join rate limit
    /// meters: for a benchmark's setting, hundreds of players in one room (Synapse's default
    /// `rc_joins_per_room` lets one a second in).
    pub async fn admin_join(&self, room: &RoomId, user: &UserId) {
        let body = serde_json::json!({"user_id": user.as_str()});
        let url = format!("{}/_synapse/admin/v1/join/{room}", self.url);
        self.as_admin(self.http.post(url), Some(&body)).await;
    }

    /// What the admin API answers to GET `path` (with its query).
    pub async fn admin_get(&self, path: &str) -> serde_json::Value {
        let url = format!("{}{path}", self.url);
        self.as_admin(self.http.get(url), None).await
    }

    async fn as_admin(
        &self,
        request: matrix_sdk::reqwest::RequestBuilder,
        body: Option<&serde_json::Value>,
    ) -> serde_json::Value {
        let admin = admin(&self.url).await;
        synapse_call(request.bearer_auth(&admin.token), body)
            .await
            .1
    }

    /// Makes the player `name` (shown as `name`) and logs them in over plain HTTP.
    pub async fn http_player(&self, name: &str) -> HttpPlayer {
        self.make(name).await;
        let (token, id) = password_login(
            &self.http,
            &self.url,
            &self.localpart(name),
            &self.password(name),
        )
        .await;
        HttpPlayer {
            name: name.to_string(),
            id: UserId::parse(id).expect("a user id"),
            url: self.url.clone(),
            token,
            http: self.http.clone(),
        }
    }
}

/// A player without a matrix-sdk client — an access token and plain HTTP — for benchmarks
/// with hundreds of players, who only speak (what the bot does is read through the admin API).
pub struct HttpPlayer {
    /// Their display name.
    pub name: String,
    pub id: OwnedUserId,
    url: String,
    token: String,
    http: matrix_sdk::reqwest::Client,
}

impl HttpPlayer {
    /// Sends `text` into `room` (a plain text message).
    pub async fn say(&self, room: &RoomId, text: &str) {
        static TXN: AtomicUsize = AtomicUsize::new(0);
        let txn = TXN.fetch_add(1, Ordering::SeqCst);
        let body = serde_json::json!({"msgtype": "m.text", "body": text});
        let url = format!(
            "{}/_matrix/client/v3/rooms/{room}/send/m.room.message/bench-{txn}",
            self.url
        );
        synapse_call(self.http.put(url).bearer_auth(&self.token), Some(&body)).await;
    }
}

/// A message the bot sent, as a player's client saw it.
#[derive(Debug, Clone)]
pub struct Seen {
    pub room: OwnedRoomId,
    pub sender: OwnedUserId,
    pub msg: MessageType,
    /// The event's `m.mentions`, if it had one.
    pub mentions: Option<Mentions>,
}

impl Seen {
    pub fn text(&self) -> String {
        match &self.msg {
            MessageType::Text(t) => t.body.clone(),
            MessageType::Notice(t) => t.body.clone(),
            MessageType::Image(i) => i.caption().unwrap_or_default().to_string(),
            MessageType::File(f) => f.caption().unwrap_or_default().to_string(),
            _ => String::new(),
        }
    }
}

/// Sync settings that see up to 200 events per room and sync: a burst of messages (a bot
/// answering many commands at once) is not cut to the default 10.
pub fn wide_sync() -> SyncSettings {
    use matrix_sdk::ruma::api::client::filter::FilterDefinition;
    use matrix_sdk::ruma::api::client::sync::sync_events::v3::Filter;
    let mut filter = FilterDefinition::default();
    filter.room.timeline.limit = Some(200u32.into());
    SyncSettings::default().filter(Filter::FilterDefinition(filter))
}

/// A player: a matrix-sdk client syncing in the background, joining every invite (or, made
/// so, turning down the direct ones).
pub struct Player {
    /// The name the bot calls them by (their display name).
    pub name: String,
    pub client: Client,
    pub seen: Arc<Mutex<Vec<Seen>>>,
    /// Invites to direct rooms received.
    pub direct_invites: Arc<std::sync::atomic::AtomicUsize>,
}

impl Player {
    /// Logs in as `user`, shown as `name` (a fresh account: [`Accounts::player`]), and syncs in
    /// the background, its store in `dir`.
    async fn login(
        url: &str,
        name: &str,
        user: &str,
        password: &str,
        dir: &Path,
        decline_direct: bool,
    ) -> Player {
        let client = Client::builder()
            .homeserver_url(url)
            .sqlite_store(dir.join(user), None)
            .build()
            .await
            .expect("client");
        client
            .matrix_auth()
            .login_username(user, password)
            .send()
            .await
            .expect("the account was just made");
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = seen.clone();
        client.add_event_handler(move |ev: OriginalSyncRoomMessageEvent, room: Room| {
            let log = log.clone();
            async move {
                log.lock().unwrap().push(Seen {
                    room: room.room_id().to_owned(),
                    sender: ev.sender,
                    msg: ev.content.msgtype,
                    mentions: ev.content.mentions,
                });
            }
        });
        let me = client.user_id().expect("logged in").to_owned();
        let direct_invites = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counted = direct_invites.clone();
        client.add_event_handler(move |ev: StrippedRoomMemberEvent, room: Room| {
            let (me, counted) = (me.clone(), counted.clone());
            async move {
                if ev.state_key == me && ev.content.membership == MembershipState::Invite {
                    let direct = ev.content.is_direct == Some(true);
                    if direct {
                        counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    }
                    for _ in 0..10 {
                        let answered = if direct && decline_direct {
                            room.leave().await.is_ok()
                        } else {
                            room.join().await.is_ok()
                        };
                        if answered {
                            break;
                        }
                        tokio::time::sleep(Duration::from_millis(300)).await;
                    }
                }
            }
        });
        client
            .sync_once(SyncSettings::default())
            .await
            .expect("first sync");
        // One long-polling sync after the other, as the bot syncs: matrix-sdk's own sync loop
        // waits a second after every sync that returned within a second (one per message the
        // test waits for).
        let syncing = client.clone();
        tokio::spawn(async move {
            let mut settings = wide_sync();
            loop {
                match syncing.sync_once(settings.clone()).await {
                    Ok(response) => settings = settings.token(response.next_batch),
                    Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
                }
            }
        });
        Player {
            name: name.to_string(),
            client,
            seen,
            direct_invites,
        }
    }

    pub async fn say(&self, room: &RoomId, text: &str) -> OwnedEventId {
        self.send(room, RoomMessageEventContent::text_plain(text))
            .await
    }

    pub async fn send(&self, room: &RoomId, content: impl MessageLikeEventContent) -> OwnedEventId {
        let room = self.client.get_room(room).expect("in the room");
        room.send(content).await.expect("sent").response.event_id
    }

    /// Waits for a message from `bot` matching `pred` after the first `from` messages seen.
    pub async fn wait(
        &self,
        from: usize,
        bot: &UserId,
        what: &str,
        pred: impl Fn(&Seen) -> bool,
    ) -> Seen {
        self.wait_up_to(WAIT, from, bot, what, pred).await
    }

    /// [`Player::wait`] with its own patience.
    pub async fn wait_up_to(
        &self,
        patience: Duration,
        from: usize,
        bot: &UserId,
        what: &str,
        pred: impl Fn(&Seen) -> bool,
    ) -> Seen {
        let deadline = tokio::time::Instant::now() + patience;
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
    pub async fn open_room(&self, name: &str, invite: Vec<OwnedUserId>) -> OwnedRoomId {
        let mut request = CreateRoom::new();
        request.name = Some(name.into());
        request.invite = invite;
        let room = self.client.create_room(request).await.expect("room");
        room.room_id().to_owned()
    }

    pub fn mark(&self) -> usize {
        self.seen.lock().unwrap().len()
    }

    /// Downloads an image through the (authenticated) media API and decodes it as a PNG.
    pub async fn png_size(&self, seen: &Seen) -> (u32, u32) {
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
pub struct Relay {
    addr: Mutex<Option<SocketAddr>>,
    target: SocketAddr,
    tasks: Arc<Mutex<Vec<JoinHandle<()>>>>,
    pub accepted: Arc<AtomicUsize>,
    armed: Arc<AtomicBool>,
    pub tripped: Arc<AtomicUsize>,
    /// While set: requests that send into the room whose id contains this are held.
    hold: Arc<Mutex<Option<String>>>,
    /// How many requests are held right now.
    pub held: Arc<AtomicUsize>,
}

/// How long a tripped relay stays down.
pub const TRIP: Duration = Duration::from_secs(1);

impl Relay {
    pub async fn start(target: &str) -> Arc<Relay> {
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
            hold: Arc::new(Mutex::new(None)),
            held: Arc::new(AtomicUsize::new(0)),
        });
        relay.up();
        relay
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr.lock().unwrap().expect("bound"))
    }

    /// Listens again (on the same port after the first time).
    pub fn up(self: &Arc<Self>) {
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
    pub fn down(&self) {
        for task in self.tasks.lock().unwrap().drain(..) {
            task.abort();
        }
    }

    /// Holds every message the bot sends into `room` until [`Relay::release`].
    pub fn hold(&self, room: &RoomId) {
        let id = room.as_str().trim_start_matches('!');
        let opaque = id.split(':').next().unwrap_or(id).to_string();
        *self.hold.lock().unwrap() = Some(opaque);
    }

    /// Lets the held messages go.
    pub fn release(&self) {
        *self.hold.lock().unwrap() = None;
    }

    pub fn arm(&self) {
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
            let held = {
                let hold = self.hold.lock().unwrap().clone();
                hold.is_some_and(|h| {
                    sending && buf[..n].windows(h.len()).any(|w| w == h.as_bytes())
                })
            };
            if held {
                self.held.fetch_add(1, Ordering::SeqCst);
                while self.hold.lock().unwrap().is_some() {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                self.held.fetch_sub(1, Ordering::SeqCst);
            }
            if server_write.write_all(&buf[..n]).await.is_err() {
                break;
            }
        }
        back.abort();
    }
}

/// The bot process; killed when dropped; its log printed when a test fails.
pub struct Bot(pub Child, pub std::path::PathBuf);

impl Bot {
    /// What the bot has logged so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.1).unwrap_or_default()
    }

    /// Waits until the bot's log says `what` (once more than `before` times).
    pub async fn wait_log(&self, what: &str, before: usize) {
        let deadline = tokio::time::Instant::now() + WAIT;
        while self.log().matches(what).count() <= before {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the bot never logged {what:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

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

/// `accounts`'s bot, talking to the homeserver at `url` (the homeserver or a relay), its data
/// in `dir`, its log `bot-<run>.log`.
pub fn start_bot(accounts: &Accounts, url: &str, dir: &Path, run: usize) -> Bot {
    start_bot_with(accounts, url, dir, run, &[])
}

/// The bot with command-line arguments (e.g. `run --seed 7`).
pub fn start_bot_with(
    accounts: &Accounts,
    url: &str,
    dir: &Path,
    run: usize,
    args: &[&str],
) -> Bot {
    start_bot_env(accounts, url, dir, run, args, &[])
}

/// The bot with command-line arguments and more environment variables.
pub fn start_bot_env(
    accounts: &Accounts,
    url: &str,
    dir: &Path,
    run: usize,
    args: &[&str],
    env: &[(&str, &str)],
) -> Bot {
    let log = dir.join(format!("bot-{run}.log"));
    let child = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .args(args)
        .envs(env.iter().copied())
        .current_dir(dir)
        .env("SPIELTISCH_DATA_DIR", dir.join("data"))
        .env("SPIELTISCH_MATRIX__HOMESERVER", url)
        .env("SPIELTISCH_MATRIX__USER", accounts.bot().as_str())
        .env("SPIELTISCH_MATRIX_PASSWORD", accounts.password(BOT))
        .env_remove("SPIELTISCH_DISCORD_TOKEN")
        .env("RUST_LOG", "spieltisch=debug,warn")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).expect("log"))
        .spawn()
        .expect("the bot starts");
    Bot(child, log)
}

/// A player's user id.
pub fn id(p: &Player) -> OwnedUserId {
    p.client.user_id().expect("logged in").to_owned()
}

/// `first` opens a table in `room` with `join` (`!join dvonn …`), `second` sits down and
/// `starter` (one of the two) starts it; the board `bot` sent, as `first` sees it.
pub async fn open_game(
    bot: &UserId,
    room: &RoomId,
    join: &str,
    first: &Player,
    second: &Player,
    starter: &Player,
) -> Seen {
    let m = first.mark();
    first.say(room, join).await;
    first
        .wait(m, bot, "the table", |s| {
            s.text().contains("opens a table for")
        })
        .await;
    second.say(room, "!join").await;
    let sits = format!("{} sits down", second.name);
    first
        .wait(m, bot, &sits, |s| s.text().contains(&sits))
        .await;
    let m = first.mark();
    starter.say(room, "!start").await;
    first
        .wait(m, bot, "the board", |s| {
            s.room == room && matches!(s.msg, MessageType::Image(_))
        })
        .await
}

pub async fn wait_member(client: &Client, room: &RoomId, user: &UserId) {
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

/// Waits until `user` has left `room` (as `client` sees it).
pub async fn wait_gone(client: &Client, room: &RoomId, user: &UserId) {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        if let Some(room) = client.get_room(room)
            && let Ok(members) = room.members(RoomMemberships::LEAVE).await
            && members.iter().any(|m| m.user_id() == user)
        {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{user} never left {room}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// `player` asks for an example move and plays it (after arming `relay`, if given); `watcher`
/// sees the board arrive in `room`, downloads and decodes it; returns the board's caption.
pub async fn play_example_move(
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

/// `organizer` creates a Dvonn tournament in `room` with `create` (`!tournament create dvonn
/// …`) and sees `bot` announce it; the organizer's mark from before.
pub async fn create_tournament(
    organizer: &Player,
    room: &RoomId,
    bot: &UserId,
    create: &str,
) -> usize {
    let m = organizer.mark();
    organizer.say(room, create).await;
    organizer
        .wait(m, bot, "the tournament", |s| {
            s.text().contains("creates the Dvonn tournament")
        })
        .await;
    m
}

/// The bot's answer to `!status` said by `player` in `room` (as `player` sees it).
pub async fn status(player: &Player, room: &RoomId, bot: &UserId) -> String {
    let m = player.mark();
    player.say(room, "!status").await;
    player
        .wait(m, bot, "the status", |s| s.text().contains("Dvonn"))
        .await
        .text()
}

/// The example move the bot offers for an empty `!move`.
pub fn example_move(text: &str) -> String {
    let after = text.split("e.g. `/move ").nth(1).expect("an example move");
    after.split('`').next().expect("closed").to_string()
}
