//! The Matrix adapter, on matrix-sdk 0.18.
//!
//! - Rooms key the tables (`matrix:<room id>`); users are `matrix:@user:server`.
//! - Commands start with `!` (Element keeps `/join` for itself); the bot reads plain text
//!   messages in rooms it was invited to (joining only when the inviter is allowed).
//! - Private replies go to a direct room with the player, which the bot opens when needed;
//!   commands sent there (secret moves) apply to the table the player sits at.
//! - Encrypted rooms work through matrix-sdk's end-to-end encryption, its store in the data
//!   directory; a message that cannot be decrypted is logged and the room is told once.
//! - The session and the sync token are kept in the data directory: a restart neither logs in
//!   again nor answers old history; a homeserver that goes away is retried until it is back.

mod deliver;

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::config::SyncSettings;
use matrix_sdk::room::Room;
use matrix_sdk::ruma::events::room::encrypted::OriginalSyncRoomEncryptedEvent;
use matrix_sdk::ruma::events::room::member::{MembershipState, StrippedRoomMemberEvent};
use matrix_sdk::ruma::events::room::message::{
    MessageType, OriginalSyncRoomMessageEvent, Relation,
};
use matrix_sdk::ruma::{OwnedRoomId, OwnedUserId, UserId};
use matrix_sdk::{Client, RoomState, SessionMeta, SessionTokens};

use crate::chat::{Chat, Outgoing, chain};
use crate::config::Secret;
use crate::render::Renderer;
use crate::table::command::{self, Parsed};
use crate::table::{Command, Hint, TableService, User};

/// The bot-specific command that makes the bot leave a room (room moderators only).
pub const LEAVE_ROOM: &str = "!leaveroom";

/// How to run the bot.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The homeserver's URL.
    pub homeserver: String,
    /// The bot's user id.
    pub user: String,
    /// Its password (first login).
    pub password: Option<Secret>,
    /// Or an access token.
    pub token: Option<Secret>,
    /// Who may invite the bot: server names or user ids; empty for anybody.
    pub allow: Vec<String>,
    /// The bot's device name.
    pub device_name: String,
    /// Where the session, the sync token and the encryption store live.
    pub dir: PathBuf,
}

/// Why the bot could not run.
#[derive(Debug, thiserror::Error)]
pub enum MatrixError {
    /// Missing or malformed settings.
    #[error("Matrix configuration: {0}")]
    Config(String),
    /// The homeserver refused the login.
    #[error("the Matrix homeserver refused the login: {0}")]
    Login(String),
    /// No connection.
    #[error("cannot reach the Matrix homeserver {0}")]
    Unreachable(String),
    /// Anything else.
    #[error("Matrix: {0}")]
    Other(String),
}

/// Matrix's words for the service's hints.
pub fn hint_words(hint: Hint) -> &'static str {
    match hint {
        Hint::SendPrivately => "Send it in your direct room with me (`!hand` opens it).",
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The channel key of a room.
pub fn channel_key(room: &matrix_sdk::ruma::RoomId) -> String {
    format!("matrix:{room}")
}

/// The user key of a Matrix user.
pub fn user_key(user: &UserId) -> String {
    format!("matrix:{user}")
}

/// What every handler shares.
struct Bot {
    client: Client,
    service: Arc<TableService>,
    renderer: Arc<Renderer>,
    allow: Vec<String>,
    /// Rooms already told that a message could not be decrypted.
    told_undecryptable: Mutex<HashSet<OwnedRoomId>>,
    /// The table each player last got a private reply about (for commands in the direct room).
    private_table: Mutex<HashMap<OwnedUserId, String>>,
}

impl Bot {
    fn may_invite(&self, inviter: &UserId) -> bool {
        self.allow.is_empty()
            || self
                .allow
                .iter()
                .any(|a| a == inviter.as_str() || a == inviter.server_name().as_str())
    }

    /// The table a command in `user`'s direct room is about.
    fn table_for_direct(&self, user: &UserId) -> Option<String> {
        let key = User {
            id: user_key(user),
            name: String::new(),
        };
        let seated = self.service.seated(&key, "matrix:");
        let remembered = lock(&self.private_table).get(user).cloned();
        match (remembered, seated.as_slice()) {
            (Some(t), _) if seated.contains(&t) => Some(t),
            (_, [first, ..]) => Some(first.clone()),
            (remembered, []) => remembered,
        }
    }
}

fn session_file(dir: &std::path::Path) -> PathBuf {
    dir.join("session.json")
}

/// Logs in (password or token) or restores the saved session; returns whether it was restored.
async fn sign_in(client: &Client, settings: &Settings) -> Result<bool, MatrixError> {
    let file = session_file(&settings.dir);
    if let Ok(bytes) = std::fs::read(&file) {
        let session: MatrixSession = serde_json::from_slice(&bytes)
            .map_err(|e| MatrixError::Other(format!("{} is unreadable: {e}", file.display())))?;
        client
            .restore_session(session)
            .await
            .map_err(|e| MatrixError::Other(chain(&e)))?;
        match client.whoami().await {
            Ok(_) => return Ok(true),
            Err(e)
                if e.as_client_api_error()
                    .is_some_and(|c| c.status_code.as_u16() == 401) =>
            {
                tracing::warn!("the saved Matrix session is no longer valid; logging in again");
                let _ = std::fs::remove_file(&file);
                return Err(MatrixError::Login(
                    "the saved session was rejected; start again to log in anew".into(),
                ));
            }
            Err(e) => {
                return Err(MatrixError::Unreachable(format!(
                    "{}: {}",
                    settings.homeserver,
                    chain(&e)
                )));
            }
        }
    }
    let auth = client.matrix_auth();
    if let Some(token) = &settings.token {
        let user = UserId::parse(&settings.user)
            .map_err(|e| MatrixError::Config(format!("user = {:?}: {e}", settings.user)))?;
        // Ask the homeserver which device the token belongs to.
        let probe = Client::builder()
            .homeserver_url(&settings.homeserver)
            .build()
            .await
            .map_err(|e| {
                MatrixError::Unreachable(format!("{}: {}", settings.homeserver, chain(&e)))
            })?;
        probe
            .restore_session(MatrixSession {
                meta: SessionMeta {
                    user_id: user.clone(),
                    device_id: "PROBE".into(),
                },
                tokens: SessionTokens {
                    access_token: token.expose().to_string(),
                    refresh_token: None,
                },
            })
            .await
            .map_err(|e| MatrixError::Other(chain(&e)))?;
        let me = probe
            .whoami()
            .await
            .map_err(|e| classify_login(&settings.homeserver, &e))?;
        let device_id = me
            .device_id
            .ok_or_else(|| MatrixError::Login("the access token belongs to no device".into()))?;
        client
            .restore_session(MatrixSession {
                meta: SessionMeta {
                    user_id: me.user_id,
                    device_id,
                },
                tokens: SessionTokens {
                    access_token: token.expose().to_string(),
                    refresh_token: None,
                },
            })
            .await
            .map_err(|e| MatrixError::Other(chain(&e)))?;
    } else if let Some(password) = &settings.password {
        auth.login_username(&settings.user, password.expose())
            .initial_device_display_name(&settings.device_name)
            .send()
            .await
            .map_err(|e| match e.as_client_api_error() {
                Some(api) => MatrixError::Login(api.to_string()),
                None => MatrixError::Unreachable(format!("{}: {}", settings.homeserver, chain(&e))),
            })?;
    } else {
        return Err(MatrixError::Config(
            "set SPIELTISCH_MATRIX_PASSWORD or SPIELTISCH_MATRIX_TOKEN".into(),
        ));
    }
    if let Some(session) = auth.session() {
        let json = serde_json::to_vec(&session).map_err(|e| MatrixError::Other(e.to_string()))?;
        write_private(&file, &json)
            .map_err(|e| MatrixError::Other(format!("{}: {e}", file.display())))?;
    }
    Ok(false)
}

fn classify_login(homeserver: &str, e: &matrix_sdk::HttpError) -> MatrixError {
    match e.as_client_api_error() {
        Some(api) => MatrixError::Login(api.to_string()),
        None => MatrixError::Unreachable(format!("{homeserver}: {}", chain(e))),
    }
}

/// Writes a file only its owner may read (it holds an access token).
fn write_private(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)?.write_all(bytes)
}

/// Runs the bot until the process is stopped.
pub async fn run(
    settings: Settings,
    service: Arc<TableService>,
    renderer: Arc<Renderer>,
) -> Result<(), MatrixError> {
    if settings.homeserver.trim().is_empty() || settings.user.trim().is_empty() {
        return Err(MatrixError::Config(
            "set homeserver and user in the [matrix] section".into(),
        ));
    }
    std::fs::create_dir_all(&settings.dir)
        .map_err(|e| MatrixError::Other(format!("{}: {e}", settings.dir.display())))?;
    let client = Client::builder()
        .homeserver_url(&settings.homeserver)
        .sqlite_store(settings.dir.join("store"), None)
        .build()
        .await
        .map_err(|e| MatrixError::Unreachable(format!("{}: {}", settings.homeserver, chain(&e))))?;
    let restored = sign_in(&client, &settings).await?;
    tracing::info!(user = %settings.user, restored, "signed in to Matrix");
    if !restored {
        // The first sync brings the rooms' history: take it in without answering it.
        client
            .sync_once(SyncSettings::default())
            .await
            .map_err(|e| {
                MatrixError::Unreachable(format!("{}: {}", settings.homeserver, chain(&e)))
            })?;
    }
    let bot = Arc::new(Bot {
        client: client.clone(),
        service,
        renderer,
        allow: settings.allow.clone(),
        told_undecryptable: Mutex::new(HashSet::new()),
        private_table: Mutex::new(HashMap::new()),
    });
    register_handlers(&bot);
    tokio::spawn(crate::chat::tick_loop(
        bot.clone(),
        bot.service.clone(),
        bot.renderer.clone(),
    ));
    sync_forever(&client, &settings.homeserver).await;
    Ok(())
}

/// Syncs until the process ends; a homeserver that goes away is retried with growing pauses.
async fn sync_forever(client: &Client, homeserver: &str) {
    let mut pause = Duration::from_secs(1);
    loop {
        match client
            .sync_once(SyncSettings::default().timeout(Duration::from_secs(30)))
            .await
        {
            Ok(_) => pause = Duration::from_secs(1),
            Err(e) => {
                tracing::warn!(error = %chain(&e), homeserver, retry_in = ?pause, "Matrix sync failed");
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(60));
            }
        }
    }
}

fn register_handlers(bot: &Arc<Bot>) {
    let b = bot.clone();
    bot.client
        .add_event_handler(move |ev: StrippedRoomMemberEvent, room: Room| {
            let bot = b.clone();
            async move { on_invite(&bot, ev, room).await }
        });
    let b = bot.clone();
    bot.client
        .add_event_handler(move |ev: OriginalSyncRoomMessageEvent, room: Room| {
            let bot = b.clone();
            async move { on_message(&bot, ev, room).await }
        });
    let b = bot.clone();
    bot.client
        .add_event_handler(move |ev: OriginalSyncRoomEncryptedEvent, room: Room| {
            let bot = b.clone();
            async move { on_undecryptable(&bot, ev, room).await }
        });
}

async fn on_invite(bot: &Bot, ev: StrippedRoomMemberEvent, room: Room) {
    let Some(me) = bot.client.user_id() else {
        return;
    };
    if ev.state_key != me || ev.content.membership != MembershipState::Invite {
        return;
    }
    if !bot.may_invite(&ev.sender) {
        tracing::info!(room = %room.room_id(), inviter = %ev.sender, "invite declined (not allowed)");
        let _ = room.leave().await;
        return;
    }
    // The homeserver may not have the room ready the instant it sends the invite: retry.
    let mut pause = Duration::from_millis(500);
    for _ in 0..8 {
        match room.join().await {
            Ok(()) => {
                tracing::info!(room = %room.room_id(), inviter = %ev.sender, "joined");
                return;
            }
            Err(e) => {
                tracing::warn!(room = %room.room_id(), error = %chain(&e), "join failed; retrying");
                tokio::time::sleep(pause).await;
                pause *= 2;
            }
        }
    }
}

async fn display_name(room: &Room, user: &UserId) -> String {
    match room.get_member(user).await {
        Ok(Some(member)) => member.name().to_string(),
        _ => user.localpart().to_string(),
    }
}

async fn is_moderator(room: &Room, user: &UserId) -> bool {
    use matrix_sdk::ruma::events::room::power_levels::UserPowerLevel;
    match room.get_member(user).await {
        Ok(Some(member)) => match member.normalized_power_level() {
            UserPowerLevel::Infinite => true,
            UserPowerLevel::Int(level) => i64::from(level) >= 50,
            _ => false,
        },
        _ => false,
    }
}

async fn on_message(bot: &Bot, ev: OriginalSyncRoomMessageEvent, room: Room) {
    if room.state() != RoomState::Joined || Some(ev.sender.as_ref()) == bot.client.user_id() {
        return;
    }
    if matches!(ev.content.relates_to, Some(Relation::Replacement(_))) {
        return; // edits are not commands
    }
    let MessageType::Text(text) = &ev.content.msgtype else {
        return;
    };
    let body = text.body.trim();
    if body.eq_ignore_ascii_case(LEAVE_ROOM) {
        leave_room(bot, &room, &ev.sender).await;
        return;
    }
    if !body.starts_with('!')
        || !matches!(command::parse(body), Parsed::Verb(..) | Parsed::TooLong(_))
    {
        return;
    }
    let direct = room.is_direct().await.unwrap_or(false);
    let channel = if direct {
        match bot.table_for_direct(&ev.sender) {
            Some(channel) => channel,
            None => {
                let note = "You are not seated at any table. Join one in its room with `!join`.";
                deliver::text(&room, note).await;
                return;
            }
        }
    } else {
        channel_key(room.room_id())
    };
    let cmd = Command {
        private: direct,
        moderator: !direct && is_moderator(&room, &ev.sender).await,
        ..Command::new(
            &channel,
            User {
                id: user_key(&ev.sender),
                name: display_name(&room, &ev.sender).await,
            },
            body,
        )
    };
    let (service, renderer) = (bot.service.clone(), bot.renderer.clone());
    let outgoing = match tokio::task::spawn_blocking(move || {
        crate::chat::prepare(&service, &renderer, &cmd, hint_words)
    })
    .await
    {
        Ok(out) => out,
        Err(e) => {
            tracing::error!(error = %e, "command failed");
            return;
        }
    };
    crate::chat::deliver(bot, &channel, &outgoing).await;
}

/// Sends a private reply to the player's direct room, opening it when needed.
async fn deliver_private(bot: &Bot, user: &User, table: &str, out: &Outgoing) {
    let Some(id) = user
        .id
        .strip_prefix("matrix:")
        .and_then(|u| UserId::parse(u).ok())
    else {
        tracing::warn!("private reply for a user who is not on Matrix; dropped");
        return;
    };
    lock(&bot.private_table).insert(id.clone(), table.to_string());
    let room = match bot.client.get_dm_room(&id) {
        Some(room) => room,
        None => {
            match deliver::retrying(None, "opening a direct room", || bot.client.create_dm(&id))
                .await
            {
                Ok(room) => room,
                Err(e) => {
                    tracing::warn!(user = %id, error = %chain(&e), "no direct room; private reply dropped");
                    return;
                }
            }
        }
    };
    deliver::post(&room, out).await;
}

async fn leave_room(bot: &Bot, room: &Room, asker: &UserId) {
    if room.is_direct().await.unwrap_or(false) || is_moderator(room, asker).await {
        deliver::text(
            room,
            "Goodbye — the tables of this room stay saved; invite me again to go on.",
        )
        .await;
        if let Err(e) = room.leave().await {
            tracing::warn!(room = %room.room_id(), error = %chain(&e), "could not leave");
        }
        tracing::info!(room = %room.room_id(), by = %asker, "left the room on request");
    } else {
        let _ = bot;
        deliver::text(room, "Only a room moderator can send me away.").await;
    }
}

async fn on_undecryptable(bot: &Bot, ev: OriginalSyncRoomEncryptedEvent, room: Room) {
    tracing::warn!(room = %room.room_id(), sender = %ev.sender, event = %ev.event_id, "a message could not be decrypted");
    let first = lock(&bot.told_undecryptable).insert(room.room_id().to_owned());
    if first {
        deliver::text(
            &room,
            "I could not decrypt a message in this room (my keys for it are missing). If it was a command, please send it again.",
        )
        .await;
    }
}

impl Chat for Bot {
    fn prefix(&self) -> &'static str {
        "matrix:"
    }

    async fn post(&self, channel: &str, out: &Outgoing) {
        let room = channel
            .strip_prefix("matrix:")
            .and_then(|r| matrix_sdk::ruma::RoomId::parse(r).ok())
            .and_then(|id| self.client.get_room(&id));
        match room {
            Some(room) => deliver::post(&room, out).await,
            None => tracing::warn!(channel, "announcement for a room the bot is not in"),
        }
    }

    async fn whisper(&self, user: &User, channel: &str, out: &Outgoing) {
        deliver_private(self, user, channel, out).await;
    }
}
