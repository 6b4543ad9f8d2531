//! Who and where the bot can reach on a real server: direct messages (cached channels, closed
//! DMs kept for the player's next interaction), and channels, threads and servers that are
//! gone (their tables close without a result).
//!
//! Discord bans a bot's IP for a while after 10,000 refused requests in 10 minutes, and
//! posting to a deleted channel or a user with closed DMs counts: so a channel found gone stops
//! being posted to (its table closes), and a user with closed DMs is not tried again for a
//! while.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, GuildId, Http, UserId};

use super::deliver::{self, Outgoing, channel_key, channel_of};
use crate::app::App;
use crate::chat::ChatStore;
use crate::chat::kept::Kept;
use crate::t;
use crate::table::{Reply, StoreError, markup};

/// The store keys of the replies kept for players whose direct messages are closed.
const KEPT_PREFIX: &str = "discord:kept:";
/// The store keys of the game threads that are active.
const THREAD_PREFIX: &str = "discord:thread:";

/// Discord's error codes the adapter acts on.
pub mod code {
    /// Unknown Channel: deleted, or never existed.
    pub const UNKNOWN_CHANNEL: isize = 10003;
    /// Cannot send messages to this user (DMs closed, or no shared server).
    pub const CANNOT_DM: isize = 50007;
    /// Missing Access: the bot may not see the channel.
    pub const MISSING_ACCESS: isize = 50001;
    /// Missing Permissions: the bot may see the channel but not do what it asked.
    pub const MISSING_PERMISSIONS: isize = 50013;
    /// The server holds the most active threads Discord allows (1,000).
    pub const MAX_ACTIVE_THREADS: isize = 160006;
}

/// Whether Discord refused a request for want of a permission (50001, 50013).
pub fn refused_for_rights(e: &serenity::Error) -> bool {
    matches!(
        error_code(e),
        Some(code::MISSING_ACCESS | code::MISSING_PERMISSIONS)
    )
}

/// A user with closed DMs is not tried again for this long.
const CLOSED_FOR: Duration = Duration::from_secs(10 * 60);

/// The Discord error code of a failed request, if Discord answered one.
pub fn error_code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => Some(r.error.code),
        _ => None,
    }
}

/// The community key of a Discord server (for the per-community limits).
pub fn community_key(guild: GuildId) -> String {
    format!("discord:guild:{guild}")
}

/// The guard of `m`, also after a panic elsewhere poisoned it.
pub(super) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What the adapter remembers about reaching people.
pub struct Reach {
    /// DM channel per user (opening them too fast is refused with 40003).
    dm_channels: Mutex<HashMap<UserId, ChannelId>>,
    /// Users whose DMs are closed, since when.
    closed: Mutex<HashMap<UserId, Instant>>,
    /// Private replies that could not be delivered, per user key, oldest first (also in the
    /// store: a restart loses none).
    kept: Arc<Kept>,
    /// The threads the bot opened for games (a table's own, a tournament game's) and that are
    /// not archived for their game's end yet (also in the store: the budget of active threads
    /// counts them after a restart too).
    game_threads: Mutex<std::collections::HashSet<ChannelId>>,
    /// Told when a game's thread is archived (a place frees up under the budget).
    freed: tokio::sync::Notify,
    store: Arc<dyn ChatStore>,
}

impl Reach {
    /// The memory, with the replies kept in `store` read back. Blocking.
    pub fn open(store: Arc<dyn ChatStore>) -> Result<Arc<Reach>, StoreError> {
        let game_threads = store
            .chat_records(THREAD_PREFIX)?
            .into_iter()
            .filter_map(|(key, _)| key[THREAD_PREFIX.len()..].parse::<u64>().ok())
            .filter(|id| *id != 0)
            .map(ChannelId::new)
            .collect();
        Ok(Arc::new(Reach {
            dm_channels: Mutex::default(),
            closed: Mutex::default(),
            kept: Arc::new(Kept::open(store.clone(), KEPT_PREFIX)?),
            game_threads: Mutex::new(game_threads),
            freed: tokio::sync::Notify::new(),
            store,
        }))
    }

    /// `thread` was opened for a game (written to the store before this returns).
    pub async fn game_thread(&self, thread: ChannelId) {
        lock(&self.game_threads).insert(thread);
        self.remember_thread(thread, true).await;
    }

    /// How many game threads are active.
    pub fn active_game_threads(&self) -> usize {
        lock(&self.game_threads).len()
    }

    /// Waits until a game's thread is archived.
    pub async fn thread_freed(&self) {
        self.freed.notified().await;
    }

    async fn remember_thread(&self, thread: ChannelId, active: bool) {
        let store = self.store.clone();
        let key = format!("{THREAD_PREFIX}{thread}");
        let written = tokio::task::spawn_blocking(move || {
            store.set_chat_record(&key, active.then_some("active"))
        })
        .await;
        if !matches!(written, Ok(Ok(()))) {
            tracing::warn!(%thread, "a game thread's state not stored");
        }
    }

    /// Whether `channel` is a game's thread not yet archived for its end.
    pub fn is_game_thread(&self, channel: ChannelId) -> bool {
        lock(&self.game_threads).contains(&channel)
    }

    /// `thread` was archived for its game's end: a place under the budget frees up.
    pub async fn game_thread_done(&self, thread: ChannelId) {
        lock(&self.game_threads).remove(&thread);
        self.remember_thread(thread, false).await;
        self.freed.notify_one();
    }

    /// The private replies kept for `user` (a user key), oldest first; they stay kept until
    /// [`Reach::kept_shown`].
    pub fn kept_for(&self, user: &str) -> Vec<Outgoing> {
        self.kept.waiting_for(user)
    }

    /// The first `count` kept replies of `user` were shown: they go (durably).
    pub async fn kept_shown(&self, user: &str, count: usize) {
        if count == 0 {
            return;
        }
        let (kept, user) = (self.kept.clone(), user.to_string());
        let done = tokio::task::spawn_blocking(move || kept.shown(&user, count)).await;
        if matches!(done, Ok(Ok(()))) {
            tracing::info!(count, "kept replies shown and forgotten");
        } else {
            tracing::error!("shown kept replies not removed; they may be shown again");
        }
    }

    /// Keeps `out` for `user`, durably; false when the store failed (logged).
    async fn keep(&self, user: &str, out: &Outgoing) -> bool {
        let (kept, user, out) = (self.kept.clone(), user.to_string(), out.clone());
        match tokio::task::spawn_blocking(move || kept.keep(&user, &out)).await {
            Ok(Ok(())) => true,
            Ok(Err(e)) => {
                tracing::error!(error = %e, "a private reply could not be kept");
                false
            }
            Err(e) => {
                tracing::error!(error = %e, "a private reply could not be kept");
                false
            }
        }
    }

    /// Sends a private reply as a direct message. When the player's DMs are closed, the reply
    /// is kept for their next interaction (where it is shown only to them) and the table's
    /// `channel` gets one public line asking them to use `/hand`.
    pub async fn direct(
        &self,
        http: &Http,
        service: &App,
        channel: Option<ChannelId>,
        out: &Outgoing,
    ) {
        let Some(user) = out.reply.to.as_ref() else {
            return;
        };
        let Some(id) = deliver::user_of(&user.id) else {
            tracing::warn!("private reply for a user who is not on Discord; dropped");
            return;
        };
        let recently_closed = self.dms_closed(id);
        let sent = if recently_closed {
            Err(None)
        } else {
            self.send_direct(http, id, out).await.map_err(Some)
        };
        match sent {
            Ok(()) => {}
            Err(e) if e.is_none() || e.as_ref().and_then(error_code) == Some(code::CANNOT_DM) => {
                let first = !recently_closed;
                lock(&self.closed).insert(id, Instant::now());
                if !self.keep(&user.id, out).await {
                    return;
                }
                tracing::info!(user = %id, "direct messages closed; the reply waits for the player");
                if let (true, Some(channel)) = (first, channel) {
                    // Said in the channel: in its language, not the player's.
                    let lang = service.spoken_in(&channel_key(channel));
                    let line = Outgoing {
                        reply: crate::i18n::scope(lang, || {
                            Reply::public(t!("discord-dm-closed", name = markup::name(&user.name)))
                        }),
                        png: None,
                    };
                    if let Err(e) = deliver::post(http, channel, &line).await {
                        tracing::warn!(error = %e, "note about closed direct messages not posted");
                    }
                }
            }
            Err(Some(e)) => tracing::warn!(error = %e, "direct message not delivered"),
            Err(None) => {}
        }
    }

    /// Sends `out` to `user`'s direct messages.
    async fn send_direct(&self, http: &Http, user: UserId, out: &Outgoing) -> serenity::Result<()> {
        let dm = self.dm_channel(http, user).await?;
        deliver::send(http, dm, deliver::parts(out).message()).await?;
        lock(&self.closed).remove(&user);
        Ok(())
    }

    /// The DM channel with `user`, opened the first time (opening one posts nothing: closed
    /// DMs show only when something is posted there).
    pub async fn dm_channel(&self, http: &Http, user: UserId) -> serenity::Result<ChannelId> {
        let cached = lock(&self.dm_channels).get(&user).copied();
        if let Some(dm) = cached {
            return Ok(dm);
        }
        let dm = super::deliver::counted("dm_open", user.create_dm_channel(http).await)?.id;
        lock(&self.dm_channels).insert(user, dm);
        Ok(dm)
    }

    /// Whether `user`'s direct messages were found closed less than [`CLOSED_FOR`] ago (they
    /// are not tried again meanwhile).
    pub fn dms_closed(&self, user: UserId) -> bool {
        lock(&self.closed)
            .get(&user)
            .is_some_and(|since| since.elapsed() < CLOSED_FOR)
    }

    /// Posts a game's start in `dm`, `user`'s DM channel, where the game is to be played.
    /// False when it was not posted (closed DMs, 50007, are remembered as such).
    pub async fn post_direct(
        &self,
        http: &Http,
        user: UserId,
        dm: ChannelId,
        start: &Outgoing,
    ) -> bool {
        match deliver::post(http, dm, start).await {
            Ok(_) => {
                lock(&self.closed).remove(&user);
                true
            }
            Err(e) => {
                if error_code(&e) == Some(code::CANNOT_DM) {
                    lock(&self.closed).insert(user, Instant::now());
                }
                tracing::info!(%user, error = %e, "a game's start not posted by direct message");
                false
            }
        }
    }
}

/// Closes the table of a channel or thread that is gone (deleted); it stays in the store.
pub async fn channel_gone(service: &Arc<App>, reach: &Reach, channel: ChannelId) {
    // A deleted game thread no longer counts against the thread budget.
    if reach.is_game_thread(channel) {
        reach.game_thread_done(channel).await;
    }
    let service = service.clone();
    let key = channel_key(channel);
    let closed = tokio::task::spawn_blocking(move || service.close_gone(&key))
        .await
        .unwrap_or(false);
    if closed {
        tracing::info!(%channel, "channel gone; its table is closed without a result");
    }
}

/// Closes every table of a server that removed the bot.
pub async fn guild_gone(service: &Arc<App>, guild: GuildId) {
    let service = service.clone();
    let community = community_key(guild);
    let closed = tokio::task::spawn_blocking(move || service.close_community(&community))
        .await
        .unwrap_or(0);
    tracing::info!(%guild, closed, "removed from a server; its tables are closed without a result");
}

/// Posts a public reply to a table's channel; a channel Discord reports unknown (deleted) has
/// its table closed instead of being posted to again, and one where the bot lost the right to
/// post has its table paused (no timer posts there again; each refusal counts toward
/// Discord's ban of busy refusers) — its players hear once, by direct message, why and what
/// to do.
pub async fn post_or_close(
    http: &Http,
    service: &Arc<App>,
    reach: &Reach,
    channel: &str,
    out: &Outgoing,
) {
    let Some(id) = channel_of(channel) else {
        tracing::warn!(channel, "announcement for a channel that is not Discord's");
        return;
    };
    match deliver::post(http, id, out).await {
        // Without Embed Links Discord takes the message and drops its embed: the board's
        // text never reached the players.
        Ok(posted) if posted.embeds.is_empty() && deliver::parts(out).has_embed() => {
            let why = crate::i18n::scope(out.reply.lang, || t!("discord-embeds-dropped"));
            rights_lost(http, service, reach, id, why).await;
        }
        Ok(_) => {}
        Err(e) if error_code(&e) == Some(code::UNKNOWN_CHANNEL) => {
            channel_gone(service, reach, id).await
        }
        Err(e) if refused_for_rights(&e) => {
            rights_lost(http, service, reach, id, crate::chat::chain(&e)).await;
        }
        // A game played in a player's direct messages, which they closed to the bot: its
        // clocks stop (nobody could see them run, nor hear of it) until their next command
        // there, and no timer posts there again meanwhile.
        Err(e) if error_code(&e) == Some(code::CANNOT_DM) => {
            tracing::warn!(%id, "direct messages closed under a game; its table pauses");
            let (svc, key) = (service.clone(), channel_key(id));
            let _ = tokio::task::spawn_blocking(move || svc.suspend(&key)).await;
        }
        Err(e) => tracing::warn!(error = %e, "announcement not delivered"),
    }
}

/// The bot lost a right it needs in channel `id`: its table pauses (no timer posts there
/// again; each refusal counts toward Discord's ban of busy refusers) and its players hear
/// once, by direct message, why and what to do.
async fn rights_lost(http: &Http, service: &Arc<App>, reach: &Reach, id: ChannelId, why: String) {
    tracing::warn!(%id, why, "the bot may not post there; its table pauses");
    let key = channel_key(id);
    let (svc, k) = (service.clone(), key.clone());
    let paused = tokio::task::spawn_blocking(move || svc.suspend(&k))
        .await
        .unwrap_or(false);
    if !paused {
        return;
    }
    for (seat, lang) in service.seated_people(&key) {
        let user = crate::table::User {
            id: seat,
            name: String::new(),
        };
        let note = Outgoing {
            reply: crate::i18n::scope(lang, || {
                Reply::private(
                    &user,
                    t!(
                        "discord-cannot-post",
                        channel = format!("<#{id}>"),
                        why = why.clone()
                    ),
                )
            }),
            png: None,
        };
        reach.direct(http, service, None, &note).await;
    }
}
