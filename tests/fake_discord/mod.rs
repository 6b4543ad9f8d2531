//! A protocol-faithful fake Discord (API v10 + gateway) on loopback, for tests.
//!
//! Include it from a test file with `mod fake_discord;`. It knows nothing about serenity: it
//! speaks Discord's JSON, shaped so that serenity 0.12.5's strict model deserialization accepts
//! it (see `tests/fake_discord_selftest.rs`, which checks every payload with the real client).
//!
//! * REST on `http://127.0.0.1:<port>/api/v10/...`: point serenity at it with
//!   `HttpBuilder::new(token).proxy(fake.proxy_url()).ratelimiter_disabled(true)`; and the
//!   same API over TLS as `discord.com` ([`FakeDiscord::api_address`], [`FakeDiscord::ca_file`]),
//!   for a client that keeps serenity's rate limiter on.
//! * Gateway on `ws://127.0.0.1:<port2>`: plain-text JSON frames, HELLO / IDENTIFY / READY /
//!   GUILD_CREATE, heartbeats, RESUME, RECONNECT.
//! * One guild ([`FakeDiscord::GUILD_ID`]) with a category, two text channels and three roles
//!   (`@everyone`, a moderator role carrying MANAGE_MESSAGES, the bot's managed role).
//!
//! Every request is recorded ([`Recorded`]); routes the fake does not know answer 404 with a
//! Discord-style error and show up in [`FakeDiscord::unexpected_requests`]. Things Discord
//! rejects (second interaction response, 26 autocomplete choices, 6 buttons in a row, a 2001
//! character message, an empty message, ...) are rejected the same way, with Discord's codes.
//! Every wait is bounded by [`WAIT`] and panics with a summary of what the fake saw.

#![allow(dead_code)]

mod faults;
mod gateway;
mod rest;
mod shapes;
mod tls;

pub use faults::Fault;

use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};
use tokio::sync::mpsc::UnboundedSender;

/// Upper bound for every wait in this module.
pub const WAIT: Duration = Duration::from_secs(10);

/// Gateway intent bits the fake honours (Discord's values).
pub mod intents {
    pub const GUILDS: u64 = 1 << 0;
    /// Privileged (Server Members).
    pub const GUILD_MEMBERS: u64 = 1 << 1;
    pub const GUILD_MESSAGES: u64 = 1 << 9;
    pub const DIRECT_MESSAGES: u64 = 1 << 12;
    pub const MESSAGE_CONTENT: u64 = 1 << 15;
}

/// Permission bits used by the fake (Discord's values).
pub mod perms {
    pub const CREATE_INSTANT_INVITE: u64 = 1 << 0;
    pub const ADD_REACTIONS: u64 = 1 << 6;
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const MANAGE_MESSAGES: u64 = 1 << 13;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const USE_EXTERNAL_EMOJIS: u64 = 1 << 18;
    pub const CHANGE_NICKNAME: u64 = 1 << 26;
    pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
    pub const MANAGE_THREADS: u64 = 1 << 34;
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    pub const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

    /// Every permission bit Discord defines (up to bit 50).
    pub const ALL: u64 = (1 << 51) - 1;
    /// What `@everyone` may do in the fake guild.
    pub const EVERYONE: u64 = CREATE_INSTANT_INVITE
        | ADD_REACTIONS
        | VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | USE_EXTERNAL_EMOJIS
        | CHANGE_NICKNAME
        | USE_APPLICATION_COMMANDS
        | CREATE_PUBLIC_THREADS
        | SEND_MESSAGES_IN_THREADS;
    /// The moderator role adds this.
    pub const MODERATOR: u64 = MANAGE_MESSAGES;
    /// The bot's managed role adds this.
    pub const BOT: u64 = MANAGE_MESSAGES | MANAGE_THREADS | CREATE_PRIVATE_THREADS;
}

/// A Discord user as the tests see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeUser {
    pub id: u64,
    pub name: String,
    /// Member of the moderator role, which grants MANAGE_MESSAGES.
    pub manage_messages: bool,
    /// The client's language, sent with every interaction (`en-US`, `de`, `nl`, …).
    pub locale: String,
}

impl FakeUser {
    pub fn new(id: u64, name: &str) -> FakeUser {
        FakeUser {
            id,
            name: name.to_owned(),
            manage_messages: false,
            locale: shapes::LOCALE.to_owned(),
        }
    }

    /// The same user with a client in `locale`.
    pub fn speaking(mut self, locale: &str) -> FakeUser {
        self.locale = locale.to_owned();
        self
    }

    pub fn moderator(id: u64, name: &str) -> FakeUser {
        FakeUser {
            id,
            name: name.to_owned(),
            manage_messages: true,
            locale: shapes::LOCALE.to_owned(),
        }
    }

    /// Permissions of this member in the fake guild's channels, as Discord computes them.
    pub fn permissions(&self) -> u64 {
        if self.id == FakeDiscord::OWNER_ID {
            return perms::ALL; // the owner has every permission
        }
        perms::EVERYONE
            | if self.manage_messages {
                perms::MODERATOR
            } else {
                0
            }
    }
}

/// One HTTP request the bot made, with the fake's answer.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub method: String,
    /// Full path, e.g. `/api/v10/channels/123/messages`.
    pub path: String,
    /// Query string without `?` (serenity writes e.g. `&wait=true`).
    pub query: String,
    /// The JSON body, or the `payload_json` part of a multipart body; `Null` when there was none.
    pub json: Value,
    /// Uploaded files as (file name, bytes), in part order (`files[0]`, `files[1]`, ...).
    pub files: Vec<(String, Vec<u8>)>,
    /// Status the fake answered (204 for interaction callbacks, 401, 404, 400 ...).
    pub status: u16,
    /// The JSON the fake answered (`Null` for 204).
    pub response: Value,
    /// The fake's name for the route, e.g. `create_message`, `interaction_callback`,
    /// `edit_original`, `create_followup`, `put_commands`; `unknown` for routes it doesn't know,
    /// `unauthorized` for a wrong token.
    pub route: &'static str,
    /// Channel the request concerned (for webhooks: the interaction's channel).
    pub channel_id: Option<u64>,
    /// Message created or edited by this request.
    pub message_id: Option<u64>,
    /// Interaction this request answered (callbacks, webhook calls with its token).
    pub interaction_id: Option<u64>,
    /// For interaction requests: time since the interaction was dispatched. Discord wants the
    /// callback within 3 s; the fake records but doesn't enforce that.
    pub since_dispatch: Option<Duration>,
}

impl Recorded {
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// Flag 64 in `json["data"]["flags"]` (callbacks) or `json["flags"]` (webhooks).
    pub fn ephemeral(&self) -> bool {
        let flags = self.json["data"]["flags"]
            .as_u64()
            .or_else(|| self.json["flags"].as_u64());
        flags.unwrap_or(0) & 64 != 0
    }

    /// Interaction callback type (`json["type"]`), 0 if none.
    pub fn callback_type(&self) -> u64 {
        self.json["type"].as_u64().unwrap_or(0)
    }
}

/// A message as Discord stores it now (after edits).
#[derive(Clone, Debug)]
pub struct StoredMessage {
    /// Discord's message object.
    pub json: Value,
    /// Attachment files, parallel to `json["attachments"]`.
    pub files: Vec<(String, Vec<u8>)>,
    pub ephemeral: bool,
    /// The interaction whose response or follow-up this message is.
    pub interaction_id: Option<u64>,
}

/// An interaction the fake dispatched.
#[derive(Clone, Debug)]
pub struct Interaction {
    pub id: u64,
    pub token: String,
    /// 2 command, 3 component, 4 autocomplete.
    pub kind: u8,
    pub channel_id: u64,
    /// For components: the message the component belongs to.
    pub message_id: Option<u64>,
}

impl Interaction {
    /// Waits for the bot's successful interaction callback (callback type in `json["type"]`:
    /// 4, 5, 6, 7, 8 or 9).
    /// Panics at once if Discord would have rejected the bot's only callback.
    pub async fn callback(&self, fake: &FakeDiscord) -> Recorded {
        let id = self.id;
        let found = fake
            .wait_for(
                || format!("the callback for interaction {id}"),
                |st| {
                    let mine = || {
                        st.requests.iter().filter(|r| {
                            r.route == "interaction_callback" && r.interaction_id == Some(id)
                        })
                    };
                    mine().find(|r| r.ok()).or_else(|| mine().next()).cloned()
                },
            )
            .await;
        assert!(
            found.ok(),
            "fake Discord rejected the bot's callback for interaction {id}: {} {}\nrequest: {}",
            found.status,
            found.response,
            found.json
        );
        found
    }

    /// Waits until at least `at_least` successful webhook messages for this interaction arrived
    /// (follow-up POSTs, `@original` PATCHes, follow-up PATCHes), in order.
    pub async fn followups(&self, fake: &FakeDiscord, at_least: usize) -> Vec<Recorded> {
        let id = self.id;
        fake.wait_for(
            || format!("{at_least} follow-up(s) / @original edit(s) for interaction {id}"),
            |st| {
                let found: Vec<Recorded> = st
                    .requests
                    .iter()
                    .filter(|r| {
                        r.interaction_id == Some(id)
                            && r.ok()
                            && matches!(
                                r.route,
                                "create_followup" | "edit_original" | "edit_followup"
                            )
                    })
                    .cloned()
                    .collect();
                (found.len() >= at_least).then_some(found)
            },
        )
        .await
    }

    /// Flags & 64 in `json["data"]["flags"]` or `json["flags"]`.
    pub fn ephemeral(r: &Recorded) -> bool {
        r.ephemeral()
    }
}

/// The fake Discord. Cheap to clone; all clones share one server.
#[derive(Clone)]
pub struct FakeDiscord {
    inner: Arc<Inner>,
}

pub(crate) struct Inner {
    token: String,
    rest_addr: SocketAddr,
    tls_addr: SocketAddr,
    tls: tls::Tls,
    gateway_addr: SocketAddr,
    state: Mutex<State>,
}

/// A channel the fake knows.
#[derive(Clone, Debug)]
pub(crate) struct Chan {
    id: u64,
    /// 0 text, 1 DM, 4 category, 11 public thread, 12 private thread.
    kind: u8,
    name: String,
    parent_id: Option<u64>,
    position: u16,
    /// DM channels: the other user.
    recipient: Option<u64>,
    /// Threads: creator and metadata.
    owner_id: Option<u64>,
    auto_archive: u64,
    created: String,
    last_message_id: Option<u64>,
    /// Threads: archived (no commands until a message unarchives it).
    archived: bool,
    /// Threads: users added as members.
    members: std::collections::BTreeSet<u64>,
}

impl Chan {
    fn in_guild(&self) -> bool {
        self.kind != 1
    }

    fn is_thread(&self) -> bool {
        matches!(self.kind, 10..=12)
    }
}

/// What the fake remembers about an interaction it dispatched.
#[derive(Clone, Debug)]
pub(crate) struct Ix {
    id: u64,
    token: String,
    kind: u8,
    channel_id: u64,
    user: FakeUser,
    command_name: Option<String>,
    command_type: u8,
    component_message: Option<u64>,
    callback: Option<u8>,
    original: Option<u64>,
    dispatched: Instant,
}

/// Frames for one gateway connection.
pub(crate) enum Out {
    Text(String),
    Close(u16, &'static str),
}

#[derive(Default)]
pub(crate) struct Gw {
    identify: Option<Value>,
    intents: u64,
    session_id: Option<String>,
    seq: u64,
    /// Dispatches of the current session, for RESUME.
    log: Vec<(u64, String)>,
    /// The connection currently attached to the session.
    live: Option<(u64, UnboundedSender<Out>)>,
    received: Vec<Value>,
    sent: Vec<Value>,
    connections: u64,
    identifies: u64,
    resumes: u64,
}

pub(crate) struct State {
    last_id: u64,
    requests: Vec<Recorded>,
    channels: BTreeMap<u64, Chan>,
    messages: HashMap<u64, StoredMessage>,
    users: HashMap<u64, FakeUser>,
    /// Created commands (Discord's command objects, global and guild).
    commands: Vec<Value>,
    /// Body of the latest successful bulk overwrite.
    last_commands_put: Option<Vec<Value>>,
    interactions: HashMap<u64, Ix>,
    gw: Gw,
    /// Armed faults, first match wins.
    faults: Vec<faults::Armed>,
}

const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

impl State {
    /// A fresh snowflake: current time, strictly increasing.
    fn next_id(&mut self) -> u64 {
        let ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0);
        let now = ms.saturating_sub(DISCORD_EPOCH_MS) << 22;
        self.last_id = now.max(self.last_id + 1);
        self.last_id
    }

    fn chan(&self, id: u64) -> Option<&Chan> {
        self.channels.get(&id)
    }

    /// Sends a dispatch (op 0) on the session; kept in the log for RESUME.
    fn dispatch(&mut self, t: &str, d: Value) -> u64 {
        self.gw.seq += 1;
        let s = self.gw.seq;
        let frame = json!({"op": 0, "t": t, "s": s, "d": d});
        let text = frame.to_string();
        self.gw.sent.push(frame);
        self.gw.log.push((s, text.clone()));
        if let Some((_, tx)) = &self.gw.live {
            let _ = tx.send(Out::Text(text));
        }
        s
    }

    /// Sends a non-dispatch frame on one connection.
    fn send_frame(&mut self, tx: &UnboundedSender<Out>, frame: Value) {
        let text = frame.to_string();
        self.gw.sent.push(frame);
        let _ = tx.send(Out::Text(text));
    }

    fn user(&self, id: u64) -> Option<FakeUser> {
        if id == FakeDiscord::OWNER_ID {
            return Some(FakeUser::new(id, "Besitzerin"));
        }
        self.users.get(&id).cloned()
    }

    /// The registered command a user would see under `name` in `channel`.
    fn find_command(&self, name: &str, kind: u8, channel: &Chan) -> Option<Value> {
        let matches = |c: &&Value| c["name"] == name && c["type"].as_u64() == Some(kind as u64);
        let context = if channel.in_guild() { 0 } else { 1 };
        let allowed = |c: &Value| match c["contexts"].as_array() {
            Some(list) => list.iter().any(|x| x.as_u64() == Some(context)),
            None => context == 0 || c["dm_permission"] != false,
        };
        let guild_cmd = channel
            .in_guild()
            .then(|| {
                self.commands
                    .iter()
                    .filter(matches)
                    .find(|c| c["guild_id"].as_str() == Some(&FakeDiscord::GUILD_ID.to_string()))
            })
            .flatten();
        guild_cmd
            .or_else(|| {
                self.commands
                    .iter()
                    .filter(matches)
                    .find(|c| c["guild_id"].is_null())
            })
            .filter(|c| allowed(c))
            .cloned()
    }

    fn summary(&self) -> String {
        let mut s = String::new();
        let gw = &self.gw;
        s.push_str(&format!(
            "gateway: {} connection(s), {} identify, {} resume, session {}, live {}, intents {:#x}, seq {}\n",
            gw.connections,
            gw.identifies,
            gw.resumes,
            gw.session_id.as_deref().unwrap_or("-"),
            gw.live.is_some(),
            gw.intents,
            gw.seq
        ));
        let skip = self.requests.len().saturating_sub(25);
        s.push_str(&format!(
            "last {} of {} REST requests:\n",
            self.requests.len() - skip,
            self.requests.len()
        ));
        for r in &self.requests[skip..] {
            let mut line = format!("  {} {} -> {} ({})", r.method, r.path, r.status, r.route);
            if !r.ok() && !r.response.is_null() {
                line.push_str(&format!(" {}", r.response));
            }
            s.push_str(&line);
            s.push('\n');
        }
        s
    }
}

impl FakeDiscord {
    /// The application id; equal to the bot's user id, as for every current Discord bot.
    pub const APP_ID: u64 = 1_100_000_000_000_000_001;
    pub const BOT_ID: u64 = Self::APP_ID;
    pub const GUILD_ID: u64 = 1_100_000_000_000_000_100;
    pub const CATEGORY_ID: u64 = 1_100_000_000_000_000_200;
    /// Text channel `#spiele` in the guild.
    pub const CHANNEL_ID: u64 = 1_100_000_000_000_000_201;
    /// Text channel `#allgemein` in the guild.
    pub const OTHER_CHANNEL_ID: u64 = 1_100_000_000_000_000_202;
    /// `@everyone` has the guild's id, as on Discord.
    pub const EVERYONE_ROLE_ID: u64 = Self::GUILD_ID;
    pub const MOD_ROLE_ID: u64 = 1_100_000_000_000_000_301;
    pub const BOT_ROLE_ID: u64 = 1_100_000_000_000_000_302;
    /// Owns the guild and the application (poise's `owners`).
    pub const OWNER_ID: u64 = 1_100_000_000_000_000_400;
    /// Upload limit per file (8 MiB, an unboosted guild), also sent as `attachment_size_limit`.
    pub const ATTACHMENT_SIZE_LIMIT: u64 = 8 * 1024 * 1024;
    pub const HEARTBEAT_INTERVAL_MS: u64 = 45_000;

    /// Starts REST and gateway on ephemeral loopback ports. `token` may carry a `Bot ` prefix.
    pub async fn start(token: &str) -> FakeDiscord {
        let token = token
            .trim()
            .strip_prefix("Bot ")
            .unwrap_or(token.trim())
            .to_owned();
        let rest = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind REST port");
        let gw = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway port");
        let created = shapes::iso_now();
        let chan = |id, kind, name: &str, parent_id, position| Chan {
            id,
            kind,
            name: name.to_owned(),
            parent_id,
            position,
            recipient: None,
            owner_id: None,
            auto_archive: 1440,
            created: created.clone(),
            last_message_id: None,
            archived: false,
            members: Default::default(),
        };
        let channels = [
            chan(Self::CATEGORY_ID, 4, "Brettspiele", None, 0),
            chan(Self::CHANNEL_ID, 0, "spiele", Some(Self::CATEGORY_ID), 0),
            chan(
                Self::OTHER_CHANNEL_ID,
                0,
                "allgemein",
                Some(Self::CATEGORY_ID),
                1,
            ),
        ];
        let state = State {
            last_id: 0,
            requests: Vec::new(),
            channels: channels.into_iter().map(|c| (c.id, c)).collect(),
            messages: HashMap::new(),
            users: HashMap::new(),
            commands: Vec::new(),
            last_commands_put: None,
            interactions: HashMap::new(),
            gw: Gw::default(),
            faults: Vec::new(),
        };
        let tls_listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind TLS port");
        let fake = FakeDiscord {
            inner: Arc::new(Inner {
                token,
                rest_addr: rest.local_addr().expect("REST addr"),
                tls_addr: tls_listener.local_addr().expect("TLS addr"),
                tls: tls::Tls::new(),
                gateway_addr: gw.local_addr().expect("gateway addr"),
                state: Mutex::new(state),
            }),
        };
        tokio::spawn(rest::serve(fake.clone(), rest));
        tokio::spawn(tls::Tls::serve(
            fake.inner.tls.config(),
            tls_listener,
            rest::app(fake.clone()),
        ));
        tokio::spawn(gateway::serve(fake.clone(), gw));
        fake
    }

    /// Arms `fault` for the next `times` requests with this method whose path contains
    /// `path` (e.g. `"/threads"`, `"/commands"`, `format!("/channels/{id}/messages")`).
    pub fn fail(&self, method: &'static str, path: impl Into<String>, times: usize, fault: Fault) {
        self.lock().faults.push(faults::Armed {
            method,
            path: path.into(),
            times,
            fault,
        });
    }

    /// Takes one firing of the first armed fault matching the request.
    pub(crate) fn take_fault(&self, method: &str, path: &str) -> Option<Fault> {
        let mut st = self.lock();
        let armed = st.faults.iter_mut().find(|f| f.matches(method, path))?;
        armed.times -= 1;
        Some(armed.fault.clone())
    }

    /// Deletes a channel or thread as a server admin would: it is gone for every route, and
    /// CHANNEL_DELETE (THREAD_DELETE for a thread) is dispatched.
    pub fn delete_channel(&self, id: u64) {
        let mut st = self.lock();
        let Some(chan) = st.channels.remove(&id) else {
            return;
        };
        if chan.is_thread() {
            st.dispatch(
                "THREAD_DELETE",
                json!({
                    "id": id.to_string(),
                    "guild_id": Self::GUILD_ID.to_string(),
                    "parent_id": chan.parent_id.map(|p| p.to_string()),
                    "type": chan.kind,
                }),
            );
        } else {
            let json = shapes::channel_json(&st, &chan);
            st.dispatch("CHANNEL_DELETE", json);
        }
    }

    /// Archives a thread (as Discord does after its archive duration without a message) and
    /// dispatches THREAD_UPDATE.
    pub fn archive_thread(&self, id: u64) {
        let mut st = self.lock();
        let Some(chan) = st.channels.get_mut(&id) else {
            return;
        };
        chan.archived = true;
        let chan = chan.clone();
        let json = shapes::channel_json(&st, &chan);
        st.dispatch("THREAD_UPDATE", json);
    }

    /// Whether a thread is archived now.
    pub fn is_archived(&self, id: u64) -> bool {
        self.lock().chan(id).is_some_and(|c| c.archived)
    }

    /// The users added to a thread.
    pub fn thread_members(&self, id: u64) -> Vec<u64> {
        self.lock()
            .chan(id)
            .map(|c| c.members.iter().copied().collect())
            .unwrap_or_default()
    }

    /// The guild removes the bot: GUILD_DELETE without `unavailable`, and its channels are
    /// gone for the bot.
    pub fn remove_bot_from_guild(&self) {
        let mut st = self.lock();
        st.channels.retain(|_, c| !c.in_guild());
        st.dispatch(
            "GUILD_DELETE",
            json!({"id": Self::GUILD_ID.to_string(), "unavailable": false}),
        );
    }

    /// `user` leaves the guild: they are gone from its threads, and GUILD_MEMBER_REMOVE is
    /// dispatched — as Discord does only to a session that asked for the GUILD_MEMBERS intent.
    pub fn remove_member(&self, user: &FakeUser) {
        let mut st = self.lock();
        st.users.remove(&user.id);
        for chan in st.channels.values_mut() {
            chan.members.remove(&user.id);
        }
        if st.gw.intents & intents::GUILD_MEMBERS != 0 {
            let json = json!({
                "guild_id": Self::GUILD_ID.to_string(),
                "user": shapes::user_json(user),
            });
            st.dispatch("GUILD_MEMBER_REMOVE", json);
        }
    }

    /// The threads that exist now (id, parent, name).
    pub fn threads(&self) -> Vec<(u64, u64, String)> {
        self.lock()
            .channels
            .values()
            .filter(|c| c.is_thread())
            .map(|c| (c.id, c.parent_id.unwrap_or(0), c.name.clone()))
            .collect()
    }

    /// For serenity's `HttpBuilder::proxy`.
    pub fn proxy_url(&self) -> String {
        format!("http://{}", self.inner.rest_addr)
    }

    /// The address to resolve discord.com to: the REST API over TLS, with a certificate for
    /// discord.com signed by [`FakeDiscord::ca_file`]. The bot talks to it as to Discord,
    /// serenity's rate limiter included.
    pub fn api_address(&self) -> String {
        tls::address(self.inner.tls_addr)
    }

    /// The PEM file of the certificate authority the fake's TLS certificate is signed by.
    pub fn ca_file(&self) -> std::path::PathBuf {
        self.inner.tls.ca_path()
    }

    /// What `GET /gateway` answers.
    pub fn gateway_url(&self) -> String {
        format!("ws://{}", self.inner.gateway_addr)
    }

    pub fn token(&self) -> &str {
        &self.inner.token
    }

    pub(crate) fn lock(&self) -> MutexGuard<'_, State> {
        self.inner.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Polls `f` until it yields, at most [`WAIT`]; panics with a summary otherwise.
    pub(crate) async fn wait_for<T>(
        &self,
        what: impl Fn() -> String,
        mut f: impl FnMut(&State) -> Option<T>,
    ) -> T {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(v) = f(&self.lock()) {
                return v;
            }
            if Instant::now() >= deadline {
                let summary = self.lock().summary();
                panic!(
                    "fake Discord: timed out after {WAIT:?} waiting for {}\n{summary}",
                    what()
                );
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// True once the bot identified and its connection is attached (at most [`WAIT`]).
    pub async fn wait_ready(&self) -> bool {
        let deadline = Instant::now() + WAIT;
        loop {
            {
                let st = self.lock();
                if st.gw.session_id.is_some() && st.gw.live.is_some() {
                    return true;
                }
            }
            if Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    async fn ensure_ready(&self) {
        self.wait_for(
            || "the bot to identify on the gateway".into(),
            |st| st.gw.session_id.as_ref().map(|_| ()),
        )
        .await;
    }

    /// The `d` of the latest IDENTIFY (token included).
    pub fn identify_payload(&self) -> Option<Value> {
        self.lock().gw.identify.clone()
    }

    /// Intents of the latest IDENTIFY.
    pub fn intents(&self) -> Option<u64> {
        let st = self.lock();
        st.gw.identify.as_ref().map(|_| st.gw.intents)
    }

    /// Every frame the bot sent on the gateway (all connections), in order.
    pub fn gateway_received(&self) -> Vec<Value> {
        self.lock().gw.received.clone()
    }

    /// Every frame the fake sent on the gateway (all connections), in order.
    pub fn gateway_sent(&self) -> Vec<Value> {
        self.lock().gw.sent.clone()
    }

    /// Sends op 7 RECONNECT; the bot should reconnect and RESUME. Events dispatched meanwhile are
    /// replayed on resume.
    pub fn request_reconnect(&self) {
        let mut st = self.lock();
        if let Some((_, tx)) = st.gw.live.clone() {
            st.send_frame(&tx, json!({"op": 7, "d": null}));
        }
    }

    /// Number of IDENTIFYs and successful RESUMEs so far.
    pub fn sessions(&self) -> (u64, u64) {
        let st = self.lock();
        (st.gw.identifies, st.gw.resumes)
    }

    /// Waits for a bulk overwrite (`PUT .../commands`, global or guild) and returns the body of
    /// the latest one.
    pub async fn registered_commands(&self) -> Vec<Value> {
        self.wait_for(
            || "PUT /applications/{app}/commands".into(),
            |st| st.last_commands_put.clone(),
        )
        .await
    }

    /// The command objects Discord holds now (with ids, global and guild).
    pub fn commands(&self) -> Vec<Value> {
        self.lock().commands.clone()
    }

    /// Makes a user known (for `GET /guilds/{id}/members/{user}` and `resolved` data) without
    /// sending anything. Users passed to `slash`, `message` ... are remembered automatically.
    pub fn add_user(&self, user: &FakeUser) {
        self.lock().users.insert(user.id, user.clone());
    }

    /// The DM channel between the bot and `user` (created if needed, same as
    /// `POST /users/@me/channels` would).
    pub fn dm_channel(&self, user: &FakeUser) -> u64 {
        let mut st = self.lock();
        st.users.insert(user.id, user.clone());
        rest::dm_channel_for(&mut st, user.id)
    }

    /// Dispatches an application command (interaction type 2) as Discord would for `user` typing
    /// `/name` in `channel`. `options` is Discord's option array (`[{"name", "type", "value"}]`,
    /// subcommands as `{"name", "type": 1, "options": [...]}`); `type` may be omitted and is then
    /// taken from the registered command. Waits (bounded) for the command to be registered and
    /// panics if the options don't fit its schema, like Discord's client would not send them.
    pub async fn slash(
        &self,
        user: &FakeUser,
        channel: u64,
        name: &str,
        options: Value,
    ) -> Interaction {
        assert!(
            !self.is_archived(channel),
            "Discord's clients offer no application commands in an archived thread ({channel})"
        );
        self.command_interaction(user, channel, name, options, 2)
            .await
    }

    /// Dispatches an autocomplete interaction (type 4) for `/name`. Mark the option being typed
    /// with `"focused": true` (else the last option is focused); its value is sent as a string as
    /// Discord does. Waits for the type-8 callback and returns its `choices`.
    pub async fn autocomplete(
        &self,
        user: &FakeUser,
        channel: u64,
        name: &str,
        options: Value,
    ) -> Vec<Value> {
        let ix = self
            .command_interaction(user, channel, name, options, 4)
            .await;
        let cb = ix.callback(self).await;
        assert_eq!(
            cb.callback_type(),
            8,
            "autocomplete answered with callback type {}",
            cb.json["type"]
        );
        cb.json["data"]["choices"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    async fn command_interaction(
        &self,
        user: &FakeUser,
        channel: u64,
        name: &str,
        options: Value,
        kind: u8,
    ) -> Interaction {
        self.ensure_ready().await;
        let chan = self
            .lock()
            .chan(channel)
            .cloned()
            .unwrap_or_else(|| panic!("fake Discord: unknown channel {channel}"));
        let command = self
            .wait_for(
                || format!("command /{name} to be registered (visible in channel {channel})"),
                |st| st.find_command(name, 1, &chan),
            )
            .await;
        let mut st = self.lock();
        st.users.insert(user.id, user.clone());
        let options = shapes::check_options(&st, &command, options, kind == 4)
            .unwrap_or_else(|e| panic!("fake Discord: /{name} {e}"));
        let id = st.next_id();
        let token = format!("fake-interaction-token-{id}");
        let mut payload = shapes::interaction_base(&st, kind, id, &token, user, &chan);
        payload["data"] = shapes::command_data(&st, &command, options);
        st.interactions.insert(
            id,
            Ix {
                id,
                token: token.clone(),
                kind,
                channel_id: channel,
                user: user.clone(),
                command_name: Some(name.to_owned()),
                command_type: 1,
                component_message: None,
                callback: None,
                original: None,
                dispatched: Instant::now(),
            },
        );
        st.dispatch("INTERACTION_CREATE", payload);
        Interaction {
            id,
            token,
            kind,
            channel_id: channel,
            message_id: None,
        }
    }

    /// Dispatches a button click (interaction type 3) on a message the fake remembers. Panics if
    /// the message has no enabled button with that `custom_id`.
    pub async fn click(
        &self,
        user: &FakeUser,
        channel: u64,
        message_id: u64,
        custom_id: &str,
    ) -> Interaction {
        self.component_interaction(user, channel, message_id, custom_id, None)
            .await
    }

    /// Dispatches a string-select choice (interaction type 3, component type 3).
    pub async fn select(
        &self,
        user: &FakeUser,
        channel: u64,
        message_id: u64,
        custom_id: &str,
        values: &[&str],
    ) -> Interaction {
        let values = values.iter().map(|v| v.to_string()).collect();
        self.component_interaction(user, channel, message_id, custom_id, Some(values))
            .await
    }

    async fn component_interaction(
        &self,
        user: &FakeUser,
        channel: u64,
        message_id: u64,
        custom_id: &str,
        values: Option<Vec<String>>,
    ) -> Interaction {
        self.ensure_ready().await;
        let mut st = self.lock();
        st.users.insert(user.id, user.clone());
        let msg = st.messages.get(&message_id).cloned().unwrap_or_else(|| {
            panic!("fake Discord: message {message_id} is not known to the fake")
        });
        let msg_channel = shapes::id_of(&msg.json["channel_id"]);
        assert_eq!(
            msg_channel, channel,
            "fake Discord: message {message_id} is in channel {msg_channel}, not {channel}"
        );
        let chan = st
            .chan(channel)
            .cloned()
            .expect("channel of a stored message");
        let data =
            shapes::component_data(&msg.json, custom_id, values.as_deref()).unwrap_or_else(|e| {
                panic!(
                    "fake Discord: cannot use component {custom_id:?} on message {message_id}: {e}"
                )
            });
        let id = st.next_id();
        let token = format!("fake-interaction-token-{id}");
        let mut payload = shapes::interaction_base(&st, 3, id, &token, user, &chan);
        payload["data"] = data;
        payload["message"] = msg.json.clone();
        st.interactions.insert(
            id,
            Ix {
                id,
                token: token.clone(),
                kind: 3,
                channel_id: channel,
                user: user.clone(),
                command_name: None,
                command_type: 0,
                component_message: Some(message_id),
                callback: None,
                original: None,
                dispatched: Instant::now(),
            },
        );
        st.dispatch("INTERACTION_CREATE", payload);
        Interaction {
            id,
            token,
            kind: 3,
            channel_id: channel,
            message_id: Some(message_id),
        }
    }

    /// `user` writes `content` in `channel` (MESSAGE_CREATE). Returns the message id. Panics if
    /// the bot did not ask for the intent Discord requires to deliver it (GUILD_MESSAGES, or
    /// DIRECT_MESSAGES in a DM); without MESSAGE_CONTENT the bot gets an empty `content` unless
    /// it is mentioned or it's a DM, as on Discord.
    pub async fn message(&self, user: &FakeUser, channel: u64, content: &str) -> u64 {
        self.ensure_ready().await;
        let mut st = self.lock();
        st.users.insert(user.id, user.clone());
        let chan = st
            .chan(channel)
            .cloned()
            .unwrap_or_else(|| panic!("fake Discord: unknown channel {channel}"));
        let needed = if chan.in_guild() {
            intents::GUILD_MESSAGES
        } else {
            intents::DIRECT_MESSAGES
        };
        assert!(
            st.gw.intents & needed != 0,
            "fake Discord: the bot identified with intents {:#x}, without {needed:#x}; Discord would not deliver this message",
            st.gw.intents
        );
        let id = st.next_id();
        let mut msg = shapes::new_message(id, channel, shapes::user_json(user), 0);
        msg["content"] = json!(content);
        let mentions = shapes::mentions(&st, content);
        let mentions_bot = mentions
            .iter()
            .any(|u| shapes::id_of(&u["id"]) == Self::BOT_ID);
        msg["mentions"] = Value::Array(mentions);
        st.messages.insert(
            id,
            StoredMessage {
                json: msg.clone(),
                files: vec![],
                ephemeral: false,
                interaction_id: None,
            },
        );
        if let Some(c) = st.channels.get_mut(&channel) {
            c.last_message_id = Some(id);
        }
        let mut event = msg;
        if chan.in_guild() && !mentions_bot && st.gw.intents & intents::MESSAGE_CONTENT == 0 {
            event["content"] = json!("");
        }
        if chan.in_guild() {
            event["guild_id"] = json!(Self::GUILD_ID.to_string());
            event["member"] = shapes::partial_member_json(user);
        }
        st.dispatch("MESSAGE_CREATE", event);
        id
    }

    /// Waits until at least `at_least` messages were successfully POSTed to `channel`.
    pub async fn channel_messages(&self, channel: u64, at_least: usize) -> Vec<Recorded> {
        self.wait_requests(
            &format!("{at_least} message(s) posted to channel {channel}"),
            at_least,
            |r| r.route == "create_message" && r.channel_id == Some(channel) && r.ok(),
        )
        .await
    }

    /// Waits until at least `at_least` recorded requests match `pred`; returns all that match.
    pub async fn wait_requests(
        &self,
        what: &str,
        at_least: usize,
        pred: impl Fn(&Recorded) -> bool,
    ) -> Vec<Recorded> {
        self.wait_for(
            || what.to_owned(),
            |st| {
                let found: Vec<Recorded> =
                    st.requests.iter().filter(|r| pred(r)).cloned().collect();
                (found.len() >= at_least).then_some(found)
            },
        )
        .await
    }

    /// Everything the bot asked over REST, in order.
    pub fn requests(&self) -> Vec<Recorded> {
        self.lock().requests.clone()
    }

    /// Requests to routes the fake doesn't know (answered 404).
    pub fn unexpected_requests(&self) -> Vec<Recorded> {
        self.lock()
            .requests
            .iter()
            .filter(|r| r.route == "unknown")
            .cloned()
            .collect()
    }

    /// A message as Discord holds it now (after edits); `None` if unknown or deleted.
    pub fn stored_message(&self, id: u64) -> Option<StoredMessage> {
        self.lock().messages.get(&id).cloned()
    }

    /// A channel object as `GET /channels/{id}` would answer it.
    pub fn channel_json(&self, id: u64) -> Option<Value> {
        let st = self.lock();
        st.chan(id).map(|c| shapes::channel_json(&st, c))
    }
}
