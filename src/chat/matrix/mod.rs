//! The Matrix adapter, on matrix-sdk 0.18.
//!
//! - Rooms key the tables (`matrix:<room id>`); users are `matrix:@user:server`.
//! - Commands start with `!` (Element keeps `/join` for itself); the bot reads plain text
//!   messages in rooms it was invited to (joining only when the inviter is allowed: by default
//!   users of the bot's own homeserver).
//! - Nothing waits inside matrix-sdk's sync loop: each room's events go into that room's queue
//!   (`queue`, `events`), replies into the queue of the room they go to, invites into tasks of
//!   their own. A slow room, a join that keeps failing or a rate-limit wait holds up nobody else.
//! - Private replies go to the player's direct room (`direct`): exactly the bot and the player;
//!   commands sent there (secret moves) apply to the table the player sits at, and a player at
//!   several tables is asked which one.
//! - Encrypted rooms work through matrix-sdk's end-to-end encryption, its store in the data
//!   directory; the bot's device is cross-signed and recovery is on (`crypto`); a message that
//!   cannot be decrypted is logged and the room is told once.
//! - The session and the sync token are kept in the data directory (owner-only, `session`): a
//!   restart neither logs in again nor answers old history, but it answers every command sent
//!   while the bot was down (back-filled, `events`), unless it is older than
//!   `catch_up_max_age`; a homeserver that goes away is retried until it is back.

mod crypto;
mod declined;
mod deliver;
mod direct;
mod events;
mod queue;
mod session;
mod venue;

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use matrix_sdk::Client;
use matrix_sdk::config::SyncSettings;
use matrix_sdk::encryption::{BackupDownloadStrategy, EncryptionSettings};
use matrix_sdk::room::Room;
use matrix_sdk::ruma::api::client::filter::{FilterDefinition, RoomEventFilter, RoomFilter};
use matrix_sdk::ruma::api::client::sync::sync_events::v3::Filter;
use matrix_sdk::ruma::{OwnedRoomId, OwnedUserId, UInt, UserId};
use matrix_sdk::store::StateStoreDataKey;

use crate::app::App;
use crate::chat::{Chat, Outgoing, chain};
use crate::config::Secret;
use crate::render::Renderer;
use crate::table::{Hint, User};

pub use crypto::RECOVERY_KEY_FILE;
pub use queue::Queues;

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
    /// Who may invite the bot: server names or user ids; `None` for the bot's own homeserver,
    /// empty for anybody.
    pub allow: Option<Vec<String>>,
    /// Who may set what holds for the whole homeserver (user ids).
    pub admins: Vec<String>,
    /// Commands older than this when the bot sees them (it was down) are not applied; their
    /// sender gets a note.
    pub catch_up_max_age: Duration,
    /// The bot's device name.
    pub device_name: String,
    /// Where the session, the sync token and the encryption store live.
    pub dir: PathBuf,
    /// Told of every sync answer (readiness).
    pub health: Arc<crate::ops::Health>,
    /// The clean stop: no sync once it is requested; the queued work is finished.
    pub shutdown: Arc<crate::ops::Shutdown>,
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
pub fn hint_words(hint: Hint) -> String {
    match hint {
        Hint::SendPrivately => crate::t!("matrix-send-privately"),
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The channel key of a room.
pub fn channel_key(room: &matrix_sdk::ruma::RoomId) -> String {
    format!("matrix:{room}")
}

/// A link to the room of a channel key (a matrix.to link, which every client opens).
fn room_link(key: &str) -> Option<String> {
    // A tournament game whose room is not open yet: the room's name to come.
    if let Some((_, name)) = venue::pending(key) {
        return Some(crate::t!("matrix-pending-room", name = name));
    }
    let room = matrix_sdk::ruma::RoomId::parse(key.strip_prefix("matrix:")?).ok()?;
    Some(format!("[{room}]({})", room.matrix_to_uri()))
}

/// The user key of a Matrix user.
pub fn user_key(user: &UserId) -> String {
    format!("matrix:{user}")
}

/// The queue of a room's outgoing messages.
fn room_queue(room: &matrix_sdk::ruma::RoomId) -> String {
    format!("room:{room}")
}

/// The queue of a player's private replies (and of the bot's notes in their direct room).
fn private_queue(user: &UserId) -> String {
    format!("dm:{user}")
}

/// What every task shares.
struct Bot {
    client: Client,
    health: Arc<crate::ops::Health>,
    shutdown: Arc<crate::ops::Shutdown>,
    me: OwnedUserId,
    service: Arc<App>,
    renderer: Arc<Renderer>,
    /// Who may invite the bot (empty: anybody).
    allow: Vec<String>,
    /// Who may set what holds for the whole homeserver.
    admins: Vec<String>,
    catch_up_max_age: Duration,
    /// Incoming events, one queue per room.
    inbound: Queues,
    /// Outgoing messages, one queue per room (`room:`) and per player's direct room (`dm:`).
    outbound: Queues,
    /// Rooms already told that a message could not be decrypted.
    told_undecryptable: Mutex<HashSet<OwnedRoomId>>,
    /// Invites being answered.
    joining: Mutex<HashSet<OwnedRoomId>>,
    /// Upgraded rooms already followed.
    followed: Mutex<HashSet<OwnedRoomId>>,
    /// Replacement rooms that took their predecessor's table.
    adopted: Mutex<HashSet<OwnedRoomId>>,
    /// Commands from direct rooms waiting for their table to be chosen.
    held: direct::HeldCommands,
    /// Tournament games' rooms opened, by their pending keys (`matrix:<room>/<name>`).
    venues: Mutex<std::collections::HashMap<String, OwnedRoomId>>,
    /// Players who turned the bot's direct room down, and their kept private replies.
    declined: Arc<declined::Declined>,
    /// Game rooms are created one at a time (Synapse's `rc_room_creation` and `rc_invites`;
    /// matrix-sdk waits out a 429 with the time the homeserver names), each after a pause as
    /// long as the one before took (`venue::room`): this holds when the next may start.
    room_creation: tokio::sync::Mutex<Option<tokio::time::Instant>>,
    /// The rooms the bot opened for tournament games and has not left yet.
    game_rooms: venue::GameRooms,
}

impl Bot {
    fn may_invite(&self, inviter: &UserId) -> bool {
        may_invite(&self.allow, inviter)
    }

    fn told_undecryptable_lock(&self) -> std::sync::MutexGuard<'_, HashSet<OwnedRoomId>> {
        lock(&self.told_undecryptable)
    }

    fn joining_lock(&self) -> std::sync::MutexGuard<'_, HashSet<OwnedRoomId>> {
        lock(&self.joining)
    }

    fn adopted_lock(&self) -> std::sync::MutexGuard<'_, HashSet<OwnedRoomId>> {
        lock(&self.adopted)
    }

    fn followed_lock(&self) -> std::sync::MutexGuard<'_, HashSet<OwnedRoomId>> {
        lock(&self.followed)
    }

    /// The language `room` speaks (its own setting, else its community's).
    fn room_lang(&self, room: &Room) -> crate::i18n::Lang {
        let channel = channel_key(room.room_id());
        let community = events::community_of(&channel, &self.me);
        self.service
            .channel_language(&channel, community.as_deref())
    }

    /// `make`'s words in the language `room` speaks.
    fn words(&self, room: &Room, make: impl FnOnce() -> String) -> String {
        crate::i18n::scope(self.room_lang(room), make)
    }

    /// Queues a note for `room`.
    fn say(&self, room: &Room, text: &str) {
        self.say_in(&room_queue(room.room_id()), room, text);
    }

    /// Queues a note for `room` in the queue `queue`.
    fn say_in(&self, queue: &str, room: &Room, text: &str) {
        let (room, text) = (room.clone(), text.to_string());
        self.outbound.push(queue, async move {
            deliver::text(&room, &text).await;
        });
    }
}

/// Whether `inviter` is on the `allow` list (by user id or homeserver); an empty list allows
/// anybody.
fn may_invite(allow: &[String], inviter: &UserId) -> bool {
    allow.is_empty()
        || allow
            .iter()
            .any(|a| a == inviter.as_str() || a == inviter.server_name().as_str())
}

/// Who may invite the bot: the configured list, or its own homeserver when none is configured.
fn allowed(allow: Option<&Vec<String>>, me: &UserId) -> Vec<String> {
    match allow {
        None => vec![me.server_name().to_string()],
        Some(list) => {
            if list.is_empty() {
                tracing::warn!(
                    "[matrix] allow = []: anybody on any homeserver may invite the bot into a room"
                );
            }
            list.clone()
        }
    }
}

/// The sync filter: enough timeline events per room that a short absence needs no back-fill.
fn sync_settings() -> SyncSettings {
    let mut timeline = RoomEventFilter::default();
    timeline.limit = Some(UInt::from(events::TIMELINE_LIMIT));
    let mut room = RoomFilter::default();
    room.timeline = timeline;
    let mut filter = FilterDefinition::default();
    filter.room = room;
    SyncSettings::default()
        .filter(Filter::FilterDefinition(filter))
        .timeout(Duration::from_secs(30))
}

/// Runs the bot until the stop is requested (and what it read is answered).
pub async fn run(
    settings: Settings,
    service: Arc<App>,
    renderer: Arc<Renderer>,
) -> Result<(), MatrixError> {
    if settings.homeserver.trim().is_empty() || settings.user.trim().is_empty() {
        return Err(MatrixError::Config(
            "set homeserver and user in the [matrix] section".into(),
        ));
    }
    session::private_dir(&settings.dir)
        .map_err(|e| MatrixError::Other(format!("{}: {e}", settings.dir.display())))?;
    service.add_channel_links(Arc::new(room_link));
    let encryption = EncryptionSettings {
        auto_enable_cross_signing: false,
        backup_download_strategy: BackupDownloadStrategy::AfterDecryptionFailure,
        auto_enable_backups: true,
    };
    let client = Client::builder()
        .homeserver_url(&settings.homeserver)
        .sqlite_store(settings.dir.join("store"), None)
        .with_encryption_settings(encryption)
        .build()
        .await
        .map_err(|e| MatrixError::Unreachable(format!("{}: {}", settings.homeserver, chain(&e))))?;
    session::restrict(&settings.dir);
    let restored = session::sign_in(&client, &settings).await?;
    tracing::info!(user = %settings.user, restored, "signed in to Matrix");
    let me = client
        .user_id()
        .ok_or_else(|| MatrixError::Login("no user after the login".into()))?
        .to_owned();
    crypto::secure(&client, &settings).await;
    session::restrict(&settings.dir);
    if !restored {
        // The first sync brings the rooms' history: take it in without answering it.
        client
            .sync_once(SyncSettings::default())
            .await
            .map_err(|e| {
                MatrixError::Unreachable(format!("{}: {}", settings.homeserver, chain(&e)))
            })?;
        session::restrict(&settings.dir);
    }
    let declined = {
        let store = service.chat_store();
        tokio::task::spawn_blocking(move || declined::Declined::open(store))
            .await
            .map_err(|e| MatrixError::Other(e.to_string()))?
            .map_err(|e| MatrixError::Other(e.to_string()))?
    };
    let game_rooms = {
        let store = service.chat_store();
        tokio::task::spawn_blocking(move || venue::GameRooms::open(store))
            .await
            .map_err(|e| MatrixError::Other(e.to_string()))?
            .map_err(|e| MatrixError::Other(e.to_string()))?
    };
    let bot = Arc::new(Bot {
        client: client.clone(),
        health: settings.health.clone(),
        shutdown: settings.shutdown.clone(),
        allow: allowed(settings.allow.as_ref(), &me),
        admins: settings.admins.clone(),
        me,
        service,
        renderer,
        catch_up_max_age: settings.catch_up_max_age,
        inbound: Queues::default().finished_before(settings.shutdown.clone()),
        outbound: Queues::default().finished_before(settings.shutdown.clone()),
        told_undecryptable: Mutex::new(HashSet::new()),
        joining: Mutex::new(HashSet::new()),
        followed: Mutex::new(HashSet::new()),
        adopted: Mutex::new(HashSet::new()),
        held: direct::HeldCommands::default(),
        venues: Mutex::default(),
        declined: Arc::new(declined),
        room_creation: tokio::sync::Mutex::new(None),
        game_rooms,
    });
    // Invites that came while the bot was not running (or before its first start).
    for room in client.invited_rooms() {
        events::spawn_invite(&bot, room.room_id().to_owned());
    }
    tokio::spawn(crate::chat::tick_loop(
        Arc::new(bot.clone()),
        bot.service.clone(),
        bot.renderer.clone(),
        bot.shutdown.clone(),
    ));
    sync_forever(&bot, &settings.homeserver).await;
    // Stopping: what was read is handled and answered before the process ends.
    bot.shutdown.drained().await;
    Ok(())
}

/// The sync token the next sync starts from.
async fn stored_token(client: &Client) -> Option<String> {
    match client
        .state_store()
        .get_kv_data(StateStoreDataKey::SyncToken)
        .await
    {
        Ok(value) => value.and_then(|v| v.into_sync_token()),
        Err(e) => {
            tracing::warn!(error = %chain(&e), "the sync token is unreadable");
            None
        }
    }
}

/// Syncs until the process ends, handing each sync's events out to the rooms' queues; a
/// homeserver that goes away is retried with growing pauses.
async fn sync_forever(bot: &Arc<Bot>, homeserver: &str) {
    // A sync under way is never cut (matrix-sdk keeps its token before the events reach us):
    // its long poll ends within half the stop's grace, so a stop waits for it.
    let poll = (bot.shutdown.grace() / 2).clamp(Duration::from_secs(1), Duration::from_secs(30));
    let settings = sync_settings().timeout(poll);
    let mut since = stored_token(&bot.client).await;
    let mut pause = Duration::from_secs(1);
    loop {
        // Once the stop is requested nothing more is read: what the homeserver holds after
        // the last token taken is read by the next start.
        if bot.shutdown.is_requested() {
            return;
        }
        // The sync, and handing out what it brought, is work in flight for the stop.
        let working = bot.shutdown.working();
        match bot.client.sync_once(settings.clone()).await {
            Ok(response) => {
                bot.health.alive("matrix");
                pause = Duration::from_secs(1);
                let next = response.next_batch.clone();
                events::dispatch(bot, since.as_deref(), response);
                since = Some(next);
                drop(working);
            }
            Err(e) => {
                drop(working);
                bot.health
                    .disconnected("matrix", format!("sync failed: {}", chain(&e)));
                tracing::warn!(error = %chain(&e), homeserver, retry_in = ?pause, "Matrix sync failed");
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(60));
            }
        }
    }
}

/// Sends a private reply to the player's direct room (opening one when needed), naming its
/// table.
async fn deliver_private(bot: &Bot, id: &UserId, table: &str, out: &Outgoing) {
    let (service, client, key) = (bot.service.clone(), bot.client.clone(), table.to_string());
    // The label is added to the reply: in the reply's language.
    let lang = out.reply.lang;
    let label = tokio::task::spawn_blocking(move || {
        crate::i18n::scope(lang, || direct::table_label(&service, &client, &key))
    })
    .await
    .unwrap_or_default();
    let mut out = out.clone();
    out.reply.text = format!("{label} {}", out.reply.text);
    if bot.declined.has(id) {
        declined::reply(bot, id, table, out).await;
        return;
    }
    let Some(room) = direct::direct_room(&bot.client, id).await else {
        tracing::warn!(user = %id, "private reply dropped");
        return;
    };
    deliver::post(&room, &out).await;
}

impl Chat for Arc<Bot> {
    fn prefix(&self) -> &'static str {
        "matrix:"
    }

    async fn post(&self, channel: &str, out: &Outgoing) {
        // A tournament game's first post opens its room; the next ones wait for it in order.
        if venue::pending(channel).is_some() {
            let (bot, key, out) = (self.clone(), channel.to_string(), out.clone());
            self.outbound.push(&format!("venue:{channel}"), async move {
                match venue::room(&bot, &key).await {
                    Some(room) => deliver::post(&room, &out).await,
                    None => {
                        tracing::warn!(channel = %key, "a tournament game's announcement dropped")
                    }
                }
            });
            return;
        }
        let room = channel
            .strip_prefix("matrix:")
            .and_then(|r| matrix_sdk::ruma::RoomId::parse(r).ok())
            .and_then(|id| self.client.get_room(&id));
        match room {
            Some(room) => {
                let (bot, out) = (self.clone(), out.clone());
                self.outbound.push(&room_queue(room.room_id()), async move {
                    deliver::post(&room, &out).await;
                    venue::leave_if_over(&bot, &room).await;
                });
            }
            None => tracing::warn!(channel, "announcement for a room the bot is not in"),
        }
    }

    async fn whisper(&self, user: &User, channel: &str, out: &Outgoing) {
        let Some(id) = user
            .id
            .strip_prefix("matrix:")
            .and_then(|u| UserId::parse(u).ok())
        else {
            tracing::warn!("private reply for a user who is not on Matrix; dropped");
            return;
        };
        let queue = private_queue(&id);
        let (bot, channel, out) = (self.clone(), channel.to_string(), out.clone());
        self.outbound.push(&queue, async move {
            deliver_private(&bot, &id, &channel, &out).await;
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bot_s_own_homeserver_may_invite_unless_configured_otherwise() {
        let me = UserId::parse("@bot:example.org").expect("id");
        let alice = UserId::parse("@alice:example.org").expect("id");
        let mallory = UserId::parse("@mallory:elsewhere.net").expect("id");
        let default = allowed(None, &me);
        assert_eq!(default, ["example.org"]);
        assert!(may_invite(&default, &alice));
        assert!(!may_invite(&default, &mallory));
        let anybody = allowed(Some(&Vec::new()), &me);
        assert!(may_invite(&anybody, &mallory));
        let one = allowed(Some(&vec!["@mallory:elsewhere.net".to_string()]), &me);
        assert!(may_invite(&one, &mallory));
        assert!(!may_invite(&one, &alice));
    }
}
