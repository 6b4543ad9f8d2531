//! Channels and threads: DMs, starting threads (CREATE_PUBLIC_THREADS / CREATE_PRIVATE_THREADS;
//! at most [`MAX_ACTIVE_THREADS`] active in the server, as Discord allows), editing them
//! (archiving, unarchiving, locking, as Discord's thread rules allow) and adding members (the
//! permission to send in the thread; not in an archived one).

use serde_json::{Value, json};

use super::checks::Reject;
use super::messages::{archived_thread, visible_message};
use super::rest::{Reply, Resp, ok};
use super::state::Chan;
use super::{FakeDiscord, State, intents, perms, shapes};

/// The DM channel with `user`, created on first use.
pub(crate) fn dm_channel_for(st: &mut State, user: u64) -> u64 {
    if let Some(c) = st
        .channels
        .values()
        .find(|c| c.kind == 1 && c.recipient == Some(user))
    {
        return c.id;
    }
    let id = st.next_id();
    let mut chan = Chan::new(id, 1, "", None, 0);
    chan.recipient = Some(user);
    chan.auto_archive = 0;
    st.channels.insert(id, chan);
    id
}

/// Active (unarchived) threads a server may hold; archived ones do not count.
pub const MAX_ACTIVE_THREADS: usize = 1000;

/// Discord's answer when a new or unarchived thread would pass [`MAX_ACTIVE_THREADS`].
fn too_many_threads(st: &State) -> Result<(), Reject> {
    let active = st
        .channels
        .values()
        .filter(|c| c.is_thread() && !c.archived)
        .count();
    if active >= MAX_ACTIVE_THREADS {
        return Err(Reject::new(
            400,
            160006,
            "Maximum number of active threads reached",
        ));
    }
    Ok(())
}

/// `POST /channels/{id}/threads` and `POST /channels/{id}/messages/{id}/threads`.
pub(crate) fn create_thread(
    st: &mut State,
    body: &Value,
    parent: u64,
    from_message: Option<u64>,
) -> Reply {
    let chan = st
        .chan(parent)
        .ok_or_else(|| Reject::unknown("Channel", 10003))?;
    if chan.kind != 0 {
        return Err(Reject::new(
            400,
            50024,
            "Cannot execute action on this channel type",
        ));
    }
    let name = body["name"].as_str().unwrap_or_default().to_owned();
    let n = name.chars().count();
    if !(1..=100).contains(&n) {
        return Err(Reject::form(
            &["name".to_owned()],
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 100 in length.",
        ));
    }
    // Without a message, Discord's v10 default thread type is PRIVATE_THREAD (12).
    let kind = match from_message {
        Some(_) => 11,
        None => body["type"].as_u64().unwrap_or(12),
    };
    if !matches!(kind, 11 | 12) {
        return Err(Reject::form(
            &["type".to_owned()],
            "BASE_TYPE_CHOICES",
            "Value must be one of {10, 11, 12}.",
        ));
    }
    let needed = if kind == 11 {
        perms::CREATE_PUBLIC_THREADS
    } else {
        perms::CREATE_PRIVATE_THREADS
    };
    perms::require(st, parent, needed)?;
    too_many_threads(st)?;
    let auto_archive = body["auto_archive_duration"].as_u64().unwrap_or(1440);
    if !matches!(auto_archive, 60 | 1440 | 4320 | 10080) {
        return Err(Reject::form(
            &["auto_archive_duration".to_owned()],
            "BASE_TYPE_CHOICES",
            "Value must be one of {60, 1440, 4320, 10080}.",
        ));
    }
    let id = match from_message {
        Some(mid) => {
            let msg = visible_message(st, parent, mid)?;
            if msg.json.get("thread").is_some() {
                return Err(Reject::new(
                    400,
                    160004,
                    "A thread has already been created for this message",
                ));
            }
            mid // a thread started from a message has the message's id
        }
        None => st.next_id(),
    };
    let mut thread = Chan::new(id, kind as u8, &name, Some(parent), 0);
    thread.owner_id = Some(FakeDiscord::BOT_ID);
    thread.auto_archive = auto_archive;
    // The creator joins the thread.
    thread.members.insert(FakeDiscord::BOT_ID);
    st.channels.insert(id, thread.clone());
    let json = shapes::channel_json(st, &thread);
    if let Some(mid) = from_message
        && let Some(m) = st.messages.get_mut(&mid)
    {
        m.json["thread"] = json.clone();
        let flags = m.json["flags"].as_u64().unwrap_or(0) | (1 << 5);
        m.json["flags"] = json!(flags);
    }
    if st.subscribed(intents::GUILDS) {
        let mut event = json.clone();
        event["newly_created"] = json!(true);
        st.dispatch("THREAD_CREATE", event);
    }
    Ok(Resp::Json(201, json))
}

/// `GET /channels/{id}`: a channel the bot can see.
pub(crate) fn get_channel(st: &State, id: u64) -> Reply {
    let chan = st
        .chan(id)
        .ok_or_else(|| Reject::unknown("Channel", 10003))?;
    perms::require(st, id, 0)?;
    ok(shapes::channel_json(st, chan))
}

/// `PATCH /channels/{id}` on a thread (`archived`, `locked`, `auto_archive_duration`, `name`), as
/// Discord's thread rules allow it: unarchiving needs only the permission to send in the
/// thread (MANAGE_THREADS if it is locked); archiving, renaming and the archive duration need
/// MANAGE_THREADS or having created the thread; `locked` and `rate_limit_per_user` need
/// MANAGE_THREADS. An archived thread takes no other change (400, 50083). Other channels need
/// MANAGE_CHANNELS.
pub(crate) fn edit_channel(st: &mut State, body: &Value, id: u64) -> Reply {
    let chan = st
        .chan(id)
        .cloned()
        .ok_or_else(|| Reject::unknown("Channel", 10003))?;
    if !chan.is_thread() {
        if body.get("archived").is_some() {
            return Err(Reject::form(
                &["archived".to_owned()],
                "BASE_TYPE_BAD",
                "Not a thread.",
            ));
        }
        perms::require(st, id, perms::MANAGE_CHANNELS)?;
    }
    let p = perms::require(st, id, 0)?;
    let manage = p & perms::MANAGE_THREADS != 0;
    let creator = chan.owner_id == Some(FakeDiscord::BOT_ID);
    let unarchiving = body["archived"] == false;
    if chan.is_thread() {
        if chan.archived && !unarchiving {
            return Err(archived_thread());
        }
        let moderating = body.get("locked").is_some() || body.get("rate_limit_per_user").is_some();
        let owning = body["archived"] == true
            || body.get("name").is_some()
            || body.get("auto_archive_duration").is_some();
        let refused = (moderating && !manage)
            || (owning && !manage && !creator)
            || (unarchiving && chan.archived && chan.locked && !manage)
            || (unarchiving && p & perms::SEND_MESSAGES_IN_THREADS == 0 && !manage);
        if refused {
            return Err(perms::missing_permissions());
        }
        if unarchiving && chan.archived {
            too_many_threads(st)?;
        }
    }
    if let Some(minutes) = body["auto_archive_duration"].as_u64()
        && !matches!(minutes, 60 | 1440 | 4320 | 10080)
    {
        return Err(Reject::form(
            &["auto_archive_duration".to_owned()],
            "BASE_TYPE_CHOICES",
            "Value must be one of {60, 1440, 4320, 10080}.",
        ));
    }
    let Some(c) = st.channels.get_mut(&id) else {
        return Err(Reject::unknown("Channel", 10003));
    };
    if let Some(archived) = body["archived"].as_bool() {
        c.archived = archived;
    }
    if let Some(locked) = body["locked"].as_bool() {
        c.locked = locked;
    }
    if let Some(minutes) = body["auto_archive_duration"].as_u64() {
        c.auto_archive = minutes;
    }
    if let Some(name) = body["name"].as_str() {
        c.name = name.to_owned();
    }
    let chan = c.clone();
    let json = shapes::channel_json(st, &chan);
    if st.subscribed(intents::GUILDS) {
        let event = if chan.is_thread() {
            "THREAD_UPDATE"
        } else {
            "CHANNEL_UPDATE"
        };
        st.dispatch(event, json.clone());
    }
    ok(json)
}

/// `PUT /channels/{id}/thread-members/{user}`: needs the permission to send in the thread, and
/// the thread must not be archived.
pub(crate) fn add_thread_member(st: &mut State, thread: u64, user: u64) -> Reply {
    let chan = st
        .chan(thread)
        .cloned()
        .ok_or_else(|| Reject::unknown("Channel", 10003))?;
    if !chan.is_thread() {
        return Err(Reject::new(
            400,
            50024,
            "Cannot execute action on this channel type",
        ));
    }
    perms::require(st, thread, perms::SEND_MESSAGES_IN_THREADS)?;
    if chan.archived {
        return Err(archived_thread());
    }
    if st.user(user).is_none() {
        return Err(Reject::unknown("User", 10013));
    }
    if let Some(c) = st.channels.get_mut(&thread) {
        c.members.insert(user);
    }
    Ok(Resp::Empty)
}
