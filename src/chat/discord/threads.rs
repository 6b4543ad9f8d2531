//! Games in their own threads, kept usable for as long as the game runs.
//!
//! A thread archives after its archive duration without a message (sooner on a server near
//! its active-thread cap), and nobody can use application commands in an archived thread. So a
//! game's thread gets the longest duration (a week), its players are added as members, and a
//! thread that archives while its table is open is unarchived at once. If the start cannot be
//! posted in the new thread, the table moves back to the channel the players are in.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, ChannelType, CreateThread, EditThread, GuildChannel, Http};

use super::Error;
use super::deliver::{self, Outgoing, channel_key, user_of};
use super::reach::Reach;
use crate::app::App;
use crate::t;
use crate::table::{Reply, ThreadHint};

/// Opens a thread for a starting game, moves the table there, adds the players and posts the
/// start in it; returns the note for the channel. On failure the table is where it was.
pub async fn open(
    service: &Arc<App>,
    http: &Http,
    reach: &Reach,
    channel: ChannelId,
    hint: &ThreadHint,
    start: &Outgoing,
) -> Result<Outgoing, Error> {
    let name: String = hint.name.chars().take(100).collect();
    let thread = deliver::counted(
        "thread_create",
        channel
            .create_thread(
                http,
                CreateThread::new(name)
                    .kind(ChannelType::PublicThread)
                    .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
            )
            .await,
    )?;
    let (from, to) = (channel_key(channel), channel_key(thread.id));
    relocate(service, &from, &to).await?;
    for member in hint.members.iter().filter_map(|m| user_of(m)) {
        if let Err(e) = deliver::counted(
            "thread_member",
            thread.id.add_thread_member(http, member).await,
        ) {
            tracing::warn!(error = %e, "a player was not added to the game's thread");
        }
    }
    if let Err(e) = deliver::post(http, thread.id, start).await {
        // The players would find the game nowhere: it goes back where they are.
        relocate(service, &to, &from).await?;
        return Err(e.into());
    }
    reach.game_thread(thread.id).await;
    Ok(Outgoing {
        reply: crate::i18n::scope(start.reply.lang, || {
            Reply::public(t!(
                "discord-continues-in-thread",
                thread = format!("<#{}>", thread.id)
            ))
        }),
        png: None,
    })
}

pub(super) async fn relocate(service: &Arc<App>, from: &str, to: &str) -> Result<(), Error> {
    let service = service.clone();
    let (from, to) = (from.to_string(), to.to_string());
    tokio::task::spawn_blocking(move || service.relocate(&from, &to)).await??;
    Ok(())
}

/// A thread was updated: if it archived while its table is open, it is unarchived.
pub async fn updated(service: &Arc<App>, http: &Http, thread: &GuildChannel) {
    let archived = thread
        .thread_metadata
        .is_some_and(|m| m.archived && !m.locked);
    if !archived {
        return;
    }
    let service = service.clone();
    let key = channel_key(thread.id);
    let open = tokio::task::spawn_blocking(move || service.has_open_table(&key))
        .await
        .unwrap_or(false);
    if !open {
        return;
    }
    match deliver::counted(
        "channel",
        thread
            .id
            .edit_thread(http, EditThread::new().archived(false))
            .await,
    ) {
        Ok(_) => tracing::info!(thread = %thread.id, "a game's thread archived; unarchived"),
        Err(e) => tracing::warn!(thread = %thread.id, error = %e, "a game's thread stays archived"),
    }
}

/// Archives `thread`, a game's thread the bot opened, once its table is no longer open (its
/// result is posted): it no longer counts against the server's active threads. A thread that
/// archives this way stays archived: only a thread whose table is open is unarchived (see
/// [`updated`]). Any other channel is left alone.
pub async fn archive_if_over(service: &Arc<App>, http: &Http, reach: &Reach, thread: ChannelId) {
    if !reach.is_game_thread(thread) {
        return;
    }
    let service = service.clone();
    let key = channel_key(thread);
    let open = tokio::task::spawn_blocking(move || service.has_open_table(&key))
        .await
        .unwrap_or(true);
    if open {
        return;
    }
    match deliver::counted(
        "channel",
        thread
            .edit_thread(http, EditThread::new().archived(true))
            .await,
    ) {
        Ok(_) => {
            reach.game_thread_done(thread).await;
            tracing::info!(thread = %thread, "a finished game's thread archived");
        }
        Err(e) => {
            tracing::warn!(thread = %thread, error = %e, "a finished game's thread stays open")
        }
    }
}

/// How often the parent channel is told again that a game's thread cannot be opened.
pub const REFUSAL_NOTE_EVERY: std::time::Duration = std::time::Duration::from_secs(600);

/// What the tournament's channel hears when Discord refuses the thread of its game `name`.
pub fn refusal_note(name: &str, private: bool, why: &str) -> String {
    let why = why.chars().take(200).collect::<String>();
    if private {
        t!("discord-thread-refused-private", name = name, why = why)
    } else {
        t!("discord-thread-refused-public", name = name, why = why)
    }
}

/// Why a command cannot be used in a thread, if so: a tournament opens its games' threads
/// under its channel, and Discord has no threads in threads.
pub fn refused_in_thread(text: &str) -> bool {
    let mut words = text
        .trim_start()
        .trim_start_matches(['/', '!'])
        .split_whitespace()
        .map(str::to_ascii_lowercase);
    words.next().as_deref() == Some("tournament") && words.next().as_deref() == Some("create")
}

/// A tournament game's channel key before its thread exists: `discord:<channel>/<name>`, or
/// `discord:<channel>/private/<name>` for a thread only its players see (a duplicate's).
/// Returns the channel, the thread's name and whether it is private.
pub fn pending_venue(key: &str) -> Option<(ChannelId, &str, bool)> {
    let (parent, name) = key.split_once('/')?;
    let parent = super::deliver::channel_of(parent)?;
    Some(match name.strip_prefix("private/") {
        Some(name) => (parent, name, true),
        None => (parent, name, false),
    })
}

/// Opens the thread of a tournament game whose table waits at the pending key `key` under
/// `parent`: the thread is named after the game (`cup-r1-2`), the table moves into it, the
/// players are added. Returns the thread.
pub async fn open_venue(
    service: &Arc<App>,
    http: &Http,
    key: &str,
    parent: ChannelId,
    name: &str,
    private: bool,
) -> Result<ChannelId, Error> {
    let kind = if private {
        ChannelType::PrivateThread
    } else {
        ChannelType::PublicThread
    };
    let thread = deliver::counted(
        "thread_create",
        parent
            .create_thread(
                http,
                CreateThread::new(name.chars().take(100).collect::<String>())
                    .kind(kind)
                    .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
            )
            .await,
    )?;
    relocate(service, key, &channel_key(thread.id)).await?;
    let members = {
        let service = service.clone();
        let key = channel_key(thread.id);
        tokio::task::spawn_blocking(move || service.seat_ids(&key)).await?
    };
    for member in members.iter().filter_map(|m| user_of(m)) {
        if let Err(e) = deliver::counted(
            "thread_member",
            thread.id.add_thread_member(http, member).await,
        ) {
            tracing::warn!(error = %e, "a player was not added to the game's thread");
        }
    }
    tracing::info!(thread = %thread.id, key, "a tournament game's thread opened");
    Ok(thread.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tournament_is_not_created_in_a_thread() {
        assert!(refused_in_thread("/tournament create chess swiss"));
        assert!(refused_in_thread("!Tournament  CREATE chess swiss"));
        assert!(!refused_in_thread("/tournament join"));
        assert!(!refused_in_thread("/move a1b2"));
        assert!(!refused_in_thread(""));
    }

    #[test]
    fn the_refusal_note_says_what_permission_is_missing() {
        let note = refusal_note("cup-r1-2", true, "Missing Permissions");
        assert!(note.contains("`cup-r1-2`"));
        assert!(note.contains("Create Private Threads"));
        assert!(note.contains("Missing Permissions"));
        assert!(refusal_note("x", false, "e").contains("Create Public Threads"));
    }

    #[test]
    fn pending_keys_name_the_channel_and_the_thread() {
        let (parent, name, private) = pending_venue("discord:42/cup-r1-2").expect("pending");
        assert_eq!((parent.get(), name, private), (42, "cup-r1-2", false));
        let (_, name, private) = pending_venue("discord:42/private/cup-r1-3").expect("pending");
        assert_eq!((name, private), ("cup-r1-3", true));
        assert!(pending_venue("discord:42").is_none());
    }
}
