//! A protocol-faithful fake Discord (API v10 + gateway) on loopback, for tests.
//!
//! Use it as `crate::support::fake_discord`. It knows nothing about serenity: it speaks
//! Discord's JSON, shaped so that serenity 0.12.5's strict model deserialization accepts it (see
//! `tests/chat/fake_discord.rs`, which checks every payload with the real client).
//! `tests/support/fake_discord/README.md` lists what it models, with Discord's codes, and what
//! it does not.
//!
//! * REST on `http://127.0.0.1:<port>/api/v10/...`: point serenity at it with
//!   `HttpBuilder::new(token).proxy(fake.proxy_url()).ratelimiter_disabled(true)`; and the
//!   same API over TLS as `discord.com` ([`FakeDiscord::api_address`], [`FakeDiscord::ca_file`]),
//!   for a client that keeps serenity's rate limiter on.
//! * Gateway on `ws://127.0.0.1:<port2>`: plain-text JSON frames, HELLO / IDENTIFY / READY /
//!   GUILD_CREATE, heartbeats, RESUME, RECONNECT, INVALID_SESSION, close codes.
//! * One guild ([`FakeDiscord::GUILD_ID`]) with a category, two text channels and three roles
//!   (`@everyone`, a moderator role carrying MANAGE_MESSAGES, the bot's managed role), whose
//!   permissions and channel overwrites are computed and enforced as Discord does
//!   ([`perms`], [`FakeDiscord::set_overwrite`], [`FakeDiscord::permissions_of`]).
//!
//! Every request is recorded ([`Recorded`]); routes the fake does not know answer 404 with a
//! Discord-style error and show up in [`FakeDiscord::unexpected_requests`]. Things Discord
//! rejects (second interaction response, 26 autocomplete choices, 6 buttons in a row, a 2001
//! character message, an empty message, a message without SEND_MESSAGES, a late first
//! response, a request over its rate limit, ...) are rejected the same way, with Discord's
//! codes. Every wait is bounded by [`WAIT`] and panics with a summary of what the fake saw.

mod admin;
mod channels;
mod checks;
mod command_checks;
mod commands;
mod driving;
mod faults;
mod gateway;
mod interactions;
mod messages;
mod notify;
mod observe;
mod options;
pub mod perms;
mod ratelimit;
mod rest;
mod shapes;
mod state;
mod tls;

pub use faults::Fault;
pub use notify::Notification;
pub use ratelimit::RouteStats;
pub use state::IdentifyAttempt;

use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::Value;

pub(crate) use state::{Chan, Ix, Out, State};

/// Upper bound for every wait in this module.
pub const WAIT: Duration = Duration::from_secs(10);

/// Gateway intent bits the fake honours (Discord's values).
pub mod intents {
    pub const GUILDS: u64 = 1 << 0;
    /// Privileged (Server Members).
    pub const GUILD_MEMBERS: u64 = 1 << 1;
    pub const GUILD_MESSAGES: u64 = 1 << 9;
    pub const DIRECT_MESSAGES: u64 = 1 << 12;
    /// Privileged (Message Content).
    pub const MESSAGE_CONTENT: u64 = 1 << 15;
}

/// A Discord user as the tests see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeUser {
    pub id: u64,
    pub name: String,
    /// Member of the moderator role, which grants MANAGE_MESSAGES.
    pub manage_messages: bool,
    /// Member of the event organizers' role, which grants MANAGE_EVENTS.
    pub manage_events: bool,
    /// The client's language, sent with every interaction (`en-US`, `de`, `nl`, …).
    pub locale: String,
}

impl FakeUser {
    pub fn new(id: u64, name: &str) -> FakeUser {
        FakeUser {
            id,
            name: name.to_owned(),
            manage_messages: false,
            manage_events: false,
            locale: shapes::LOCALE.to_owned(),
        }
    }

    /// The same user with a client in `locale`.
    pub fn speaking(mut self, locale: &str) -> FakeUser {
        self.locale = locale.to_owned();
        self
    }

    /// A member of the moderator role ([`FakeDiscord::MOD_ROLE_ID`]).
    pub fn moderator(id: u64, name: &str) -> FakeUser {
        FakeUser {
            manage_messages: true,
            ..FakeUser::new(id, name)
        }
    }

    /// A member of the event organizers' role ([`FakeDiscord::EVENTS_ROLE_ID`]).
    pub fn organizer(id: u64, name: &str) -> FakeUser {
        FakeUser {
            manage_events: true,
            ..FakeUser::new(id, name)
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
    /// Status the fake answered (204 for interaction callbacks, 401, 403, 404, 429, 400 ...).
    pub status: u16,
    /// The JSON the fake answered (`Null` for 204).
    pub response: Value,
    /// Headers the fake added to its answer (the `x-ratelimit-*` family, `retry-after`).
    pub headers: Vec<(&'static str, String)>,
    /// The fake's name for the route, e.g. `create_message`, `interaction_callback`,
    /// `edit_original`, `create_followup`, `put_commands`; `unknown` for routes it doesn't know.
    pub route: &'static str,
    /// Channel the request concerned (for webhooks: the interaction's channel).
    pub channel_id: Option<u64>,
    /// Message created or edited by this request.
    pub message_id: Option<u64>,
    /// Interaction this request answered (callbacks, webhook calls with its token).
    pub interaction_id: Option<u64>,
    /// For interaction requests: time from the INTERACTION_CREATE dispatch until the request's
    /// body was fully received. A first response later than 3 s fails with 10062.
    pub since_dispatch: Option<Duration>,
    /// When the request's body was fully received.
    pub at: Instant,
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

    /// Discord's error code of a refusal (`response["code"]`), if any.
    pub fn error_code(&self) -> Option<i64> {
        (!self.ok())
            .then(|| self.response["code"].as_i64())
            .flatten()
    }

    /// A header the fake sent with its answer.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
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
    rest_addr: std::net::SocketAddr,
    tls_addr: std::net::SocketAddr,
    tls: tls::Tls,
    gateway_addr: std::net::SocketAddr,
    /// Bytes per second at which request bodies are read; 0 = as fast as they come.
    upload_rate: AtomicU64,
    state: Mutex<State>,
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
    pub const EVENTS_ROLE_ID: u64 = 1_100_000_000_000_000_303;
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
                upload_rate: AtomicU64::new(0),
                state: Mutex::new(State::new()),
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

    pub(crate) async fn ensure_ready(&self) {
        self.wait_for(
            || "the bot to identify on the gateway".into(),
            |st| st.gw.session_id.as_ref().map(|_| ()),
        )
        .await;
    }
}
