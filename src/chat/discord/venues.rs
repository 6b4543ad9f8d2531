//! Tournament games' threads, opened by a task of their own. A round's start posts to each
//! game's pending key (`discord:<channel>/<name>`); the timer loop hands those posts here and
//! goes on, so a 500-game round never holds up anybody's clock or reminder. The task opens
//! each game's thread with its first post — one request after another, each waiting out the
//! rate limits serenity reads from Discord's headers — moves the table into it (its clocks
//! start then, see `Table::wait_for_venue`), adds the players and posts there.
//!
//! **Budget.** Discord allows 1,000 active threads per server; the bot keeps its game threads
//! under `[discord] thread_budget` (900). A game whose thread would pass it waits, parked with
//! every later post to it, until a finished game's thread is archived, then opens in turn:
//! the round plays its games as threads free up. A thread Discord refuses is tried again a
//! minute later (the tournament's channel was told why); posts to one game stay in order.
//!
//! **Direct messages.** A duplicate's game (`discord:<channel>/private/<name>`, one player)
//! that would pass the budget does not wait: it is played in its player's direct messages.
//! Its start is posted there first, then the table moves there (its clocks start then, once
//! the player was shown the game); from then on the DM channel is the table's channel, where
//! the player's commands and buttons reach it, and its result reaches the tournament as a
//! thread's does. It takes no place under the budget and nothing is archived at its end. Only
//! the player sees it — fine for a game with nobody else in it. A player whose DMs are closed
//! (Discord answers 50007 to the start; not tried again for a while) waits for a thread like
//! the others, the game's clocks stopped. Commands registered in one guild (`[discord] guild`,
//! for development) are not offered in direct messages: such a bot parks these games too.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::mpsc::UnboundedReceiver;
use tokio::time::Instant;

use super::deliver::{self, Outgoing};
use super::reach::{self, lock};
use super::{DiscordChat, threads};
use crate::table::Reply;

/// How long a game that could not get its thread waits before it is tried again (also when
/// no archive was heard meanwhile).
const RETRY: Duration = Duration::from_secs(60);

/// The venue task: serves `jobs` (posts to pending keys) until the sender goes.
pub async fn run(chat: Arc<DiscordChat>, mut jobs: UnboundedReceiver<(String, Outgoing)>) {
    // Posts that wait (for a place under the budget, or to try a refused thread again), in
    // the order they came.
    let mut parked: VecDeque<(String, Outgoing)> = VecDeque::new();
    let mut retry_at: Option<Instant> = None;
    loop {
        let retry = async {
            match retry_at {
                Some(at) => tokio::time::sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            job = jobs.recv() => {
                let Some((key, out)) = job else { return };
                if parked.iter().any(|(k, _)| *k == key) {
                    // A game with posts waiting keeps its order: this one goes behind them
                    // (unless it is one of them again: a start announced again, say by
                    // `/tournament pairings`, is posted once), and the game is tried again now.
                    if !parked.iter().any(|(k, o)| *k == key && o.reply == out.reply) {
                        parked.push_back((key.clone(), out));
                    }
                    retry_game(&chat, &mut parked, &key).await;
                } else if !chat.deliver_venue(&key, &out).await {
                    parked.push_back((key, out));
                    retry_at.get_or_insert_with(|| Instant::now() + RETRY);
                }
            }
            () = chat.reach.thread_freed(), if !parked.is_empty() => {
                retry_at = retry_parked(&chat, &mut parked).await;
            }
            () = retry => {
                retry_at = retry_parked(&chat, &mut parked).await;
            }
        }
    }
}

/// Tries the parked posts again, in order; answers when to try what still waits.
async fn retry_parked(
    chat: &DiscordChat,
    parked: &mut VecDeque<(String, Outgoing)>,
) -> Option<Instant> {
    let mut still = VecDeque::new();
    while let Some((key, out)) = parked.pop_front() {
        if still.iter().any(|(k, _)| *k == key) || !chat.deliver_venue(&key, &out).await {
            still.push_back((key, out));
        }
    }
    *parked = still;
    (!parked.is_empty()).then(|| Instant::now() + RETRY)
}

/// Tries the parked posts of the game at `key` again, in order, until one must still wait.
async fn retry_game(chat: &DiscordChat, parked: &mut VecDeque<(String, Outgoing)>, key: &str) {
    while let Some(i) = parked.iter().position(|(k, _)| k == key) {
        let Some((_, out)) = parked.get(i) else {
            return;
        };
        if !chat.deliver_venue(key, out).await {
            return;
        }
        parked.remove(i);
    }
}

impl DiscordChat {
    /// Posts `out` in the thread of the tournament game at the pending key `key`, opening the
    /// thread first when there is none (past the budget, a duplicate's game goes to its
    /// player's direct messages instead). False when the post must wait: the thread budget is
    /// used up, or Discord refused the thread.
    async fn deliver_venue(&self, key: &str, out: &Outgoing) -> bool {
        let Some((parent, name, private)) = threads::pending_venue(key) else {
            return true;
        };
        let known = lock(&self.venues).get(key).copied();
        let thread = match known {
            Some(thread) => thread,
            None if self.reach.active_game_threads() >= self.thread_budget => {
                if private && self.direct_venues && self.direct_venue(key, out).await {
                    return true;
                }
                tracing::info!(
                    key,
                    budget = self.thread_budget,
                    "a game waits for a thread to free up"
                );
                return false;
            }
            None => match self.venue(key, parent, name, private).await {
                Some(thread) => thread,
                None => return false,
            },
        };
        let channel = deliver::channel_key(thread);
        reach::post_or_close(&self.http, &self.service, &self.reach, &channel, out).await;
        threads::archive_if_over(&self.service, &self.http, &self.reach, thread).await;
        true
    }

    /// Plays the one-player game waiting at `key` (a duplicate's) in its player's direct
    /// messages: `start`, its first post, is posted there, then the table moves there (its
    /// clocks start now, after the player was shown the game). False when the game must wait
    /// for a thread after all: it has not one player on Discord, the player's DMs are closed,
    /// or their DM channel holds another open table.
    async fn direct_venue(&self, key: &str, start: &Outgoing) -> bool {
        let (service, pending) = (self.service.clone(), key.to_string());
        let people = tokio::task::spawn_blocking(move || service.seated_people(&pending))
            .await
            .unwrap_or_default();
        let [(person, _)] = people.as_slice() else {
            return false;
        };
        let Some(user) = deliver::user_of(person) else {
            return false;
        };
        if self.reach.dms_closed(user) {
            return false;
        }
        let dm = match self.reach.dm_channel(&self.http, user).await {
            Ok(dm) => dm,
            Err(e) => {
                tracing::warn!(error = %e, key, "no direct messages for a tournament game");
                return false;
            }
        };
        let (service, dm_key) = (self.service.clone(), deliver::channel_key(dm));
        let taken = {
            let dm_key = dm_key.clone();
            tokio::task::spawn_blocking(move || service.has_open_table(&dm_key))
                .await
                .unwrap_or(true)
        };
        if taken {
            return false;
        }
        // A start shown before, whose table could not move then, is not shown again.
        let shown = lock(&self.direct_started).contains(key);
        if !shown && !self.reach.post_direct(&self.http, user, dm, start).await {
            return false;
        }
        lock(&self.direct_started).insert(key.to_string());
        if let Err(e) = threads::relocate(&self.service, key, &dm_key).await {
            // The game waits, clocks stopped; the next try moves it without a second start.
            tracing::error!(error = %e, key, "a tournament game did not move into direct messages");
            return false;
        }
        lock(&self.direct_started).remove(key);
        lock(&self.venues).insert(key.to_string(), dm);
        tracing::info!(key, %dm, "a tournament game is played in its player's direct messages");
        true
    }

    /// Opens the thread of the tournament game waiting at `key`. When Discord refuses, the
    /// game waits (it is tried again) and the parent channel hears why and what to do — at
    /// most every [`threads::REFUSAL_NOTE_EVERY`].
    async fn venue(
        &self,
        key: &str,
        parent: serenity::ChannelId,
        name: &str,
        private: bool,
    ) -> Option<serenity::ChannelId> {
        match threads::open_venue(&self.service, &self.http, key, parent, name, private).await {
            Ok(thread) => {
                lock(&self.venues).insert(key.to_string(), thread);
                self.reach.game_thread(thread).await;
                Some(thread)
            }
            Err(e) => {
                tracing::warn!(error = %e, key, "no thread for a tournament game");
                let now = std::time::Instant::now();
                let due = lock(&self.refused)
                    .get(key)
                    .is_none_or(|at| now.duration_since(*at) >= threads::REFUSAL_NOTE_EVERY);
                if due {
                    lock(&self.refused).insert(key.to_string(), now);
                    let lang = self.service.spoken_in(&deliver::channel_key(parent));
                    // The server full of active threads is no permission to grant.
                    let full = e
                        .downcast_ref::<serenity::Error>()
                        .and_then(reach::error_code)
                        == Some(reach::code::MAX_ACTIVE_THREADS);
                    let note = Outgoing {
                        reply: crate::i18n::scope(lang, || {
                            Reply::public(if full {
                                crate::t!("discord-thread-refused-full", name = name)
                            } else {
                                threads::refusal_note(name, private, &e.to_string())
                            })
                        }),
                        png: None,
                    };
                    reach::post_or_close(
                        &self.http,
                        &self.service,
                        &self.reach,
                        &deliver::channel_key(parent),
                        &note,
                    )
                    .await;
                }
                None
            }
        }
    }
}
