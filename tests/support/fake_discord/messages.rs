//! The bot's messages: creating (channel messages, interaction responses, follow-ups), storing,
//! editing, echoing them on the gateway, and the permissions Discord checks on the channel
//! routes (SEND_MESSAGES or SEND_MESSAGES_IN_THREADS, ATTACH_FILES, READ_MESSAGE_HISTORY for
//! replies and reads, EMBED_LINKS for embeds).

use std::collections::HashSet;

use serde_json::{Value, json};

use super::checks::{self as shapes_checks, EPHEMERAL, LOADING, Reject};
use super::rest::{Incoming, Meta, Reply, Upload, ok};
use super::shapes::{self, id_of};
use super::{Chan, FakeDiscord, Ix, State, StoredMessage, intents, notify, perms};

pub(crate) fn check_uploads(uploads: &[Upload]) -> Result<(), Reject> {
    if uploads.len() > 10 {
        return Err(Reject::form(
            &["files".to_owned()],
            "BASE_TYPE_MAX_LENGTH",
            "Must be 10 or fewer in length.",
        ));
    }
    if uploads
        .iter()
        .any(|u| u.data.len() as u64 > FakeDiscord::ATTACHMENT_SIZE_LIMIT)
    {
        return Err(Reject::new(413, 40005, "Request entity too large"));
    }
    Ok(())
}

pub(crate) fn is_empty_message(msg: &Value) -> bool {
    let empty = |k: &str| msg[k].as_array().is_none_or(|a| a.is_empty());
    msg["content"].as_str().unwrap_or_default().is_empty()
        && empty("embeds")
        && empty("components")
        && empty("attachments")
        && empty("sticker_items")
        && msg["poll"].is_null()
}

/// Applies content / embeds / components / attachments of a create or edit body to `msg`.
fn apply_body(
    st: &mut State,
    stored: &mut StoredMessage,
    body: &Value,
    uploads: &[Upload],
    creating: bool,
) -> Result<(), Reject> {
    let msg = &mut stored.json;
    let channel = id_of(&msg["channel_id"]);
    if let Some(c) = body.get("content") {
        let content = c.as_str().unwrap_or_default();
        msg["content"] = json!(content);
        // Who the message pings: its mentions as far as `allowed_mentions` lets them through.
        let (users, everyone) = shapes::pinged(st, content, &body["allowed_mentions"]);
        msg["mentions"] = Value::Array(users);
        msg["mention_everyone"] = json!(everyone);
    }
    for key in ["embeds", "components"] {
        if let Some(v) = body.get(key) {
            msg[key] = if v.is_null() { json!([]) } else { v.clone() };
        }
    }
    if let Some(poll) = body.get("poll").filter(|p| !p.is_null()) {
        msg["poll"] = poll.clone();
    }
    let old_atts = msg["attachments"].as_array().cloned().unwrap_or_default();
    let old_files = std::mem::take(&mut stored.files);
    let mut atts = Vec::new();
    let mut files = Vec::new();
    let mut used = HashSet::new();
    let add_upload = |st: &mut State,
                      atts: &mut Vec<Value>,
                      files: &mut Vec<(String, Vec<u8>)>,
                      u: &Upload,
                      meta: &Value| {
        let filename = meta["filename"].as_str().unwrap_or(&u.filename).to_owned();
        let id = st.next_id();
        atts.push(shapes::attachment_json(
            id,
            channel,
            &filename,
            &u.data,
            &meta["description"],
            stored.ephemeral,
        ));
        files.push((filename, u.data.clone()));
    };
    match body.get("attachments").and_then(Value::as_array) {
        Some(list) => {
            for (i, a) in list.iter().enumerate() {
                let part = format!("files[{}]", id_of(&a["id"]));
                if let Some(k) = uploads
                    .iter()
                    .position(|u| u.part == part)
                    .filter(|k| !used.contains(k))
                {
                    used.insert(k);
                    add_upload(st, &mut atts, &mut files, &uploads[k], a);
                } else if let Some(pos) = old_atts
                    .iter()
                    .position(|o| o["id"] == json!(id_of(&a["id"]).to_string()))
                {
                    atts.push(old_atts[pos].clone());
                    files.push(old_files.get(pos).cloned().unwrap_or_default());
                } else {
                    return Err(Reject::form(
                        &["attachments".to_owned(), i.to_string(), "id".to_owned()],
                        "ATTACHMENT_NOT_FOUND",
                        "Unknown attachment: no file part files[id] and no existing attachment with that id",
                    ));
                }
            }
        }
        None if !creating => {
            atts = old_atts;
            files = old_files;
        }
        None => {}
    }
    for (k, u) in uploads.iter().enumerate() {
        if !used.contains(&k) {
            add_upload(st, &mut atts, &mut files, u, &Value::Null);
        }
    }
    msg["attachments"] = Value::Array(atts);
    stored.files = files;
    shapes::resolve_embed_attachments(msg);
    Ok(())
}

/// Who a bot message comes from.
pub(crate) enum Origin<'a> {
    Channel,
    Interaction(&'a Ix),
}

/// Creates, stores and announces (MESSAGE_CREATE) a message by the bot.
pub(crate) fn create_bot_message(
    st: &mut State,
    channel: u64,
    body: &Value,
    uploads: &[Upload],
    origin: Origin<'_>,
    flags: u64,
) -> Result<Value, Reject> {
    let id = st.next_id();
    let ephemeral = flags & EPHEMERAL != 0;
    let kind = match origin {
        Origin::Channel if body["message_reference"].is_object() => 19,
        Origin::Channel => 0,
        Origin::Interaction(ix) if ix.kind == 2 => 20,
        Origin::Interaction(_) => 0,
    };
    let mut json = shapes::new_message(id, channel, shapes::bot_user_json(), kind);
    if let Origin::Interaction(ix) = origin {
        json["webhook_id"] = json!(FakeDiscord::APP_ID.to_string());
        json["application_id"] = json!(FakeDiscord::APP_ID.to_string());
        json["interaction_metadata"] = interaction_metadata(ix, st.chan(channel));
        if ix.kind == 2 {
            json["interaction"] = json!({
                "id": ix.id.to_string(),
                "type": 2,
                "name": ix.command_name.clone().unwrap_or_default(),
                "user": shapes::user_json(&ix.user),
            });
        }
    }
    if let Origin::Channel = origin
        && let Some(r) = body["message_reference"].as_object()
    {
        let target = id_of(r.get("message_id").unwrap_or(&Value::Null));
        let r_channel = r.get("channel_id").map(id_of).unwrap_or(channel);
        match st.messages.get(&target).filter(|m| !m.ephemeral) {
            Some(m) => {
                json["message_reference"] = json!({
                    "type": 0,
                    "message_id": target.to_string(),
                    "channel_id": r_channel.to_string(),
                    "guild_id": FakeDiscord::GUILD_ID.to_string(),
                });
                json["referenced_message"] = m.json.clone();
            }
            None if r.get("fail_if_not_exists") != Some(&json!(false)) => {
                return Err(Reject::form(
                    &["message_reference".to_owned()],
                    "MESSAGE_REFERENCE_UNKNOWN_MESSAGE",
                    "Unknown message",
                ));
            }
            None => json["type"] = json!(0),
        }
    }
    json["flags"] = json!(flags);
    let mut stored = StoredMessage {
        json,
        files: Vec::new(),
        ephemeral,
        interaction_id: None,
    };
    if let Origin::Interaction(ix) = origin {
        stored.interaction_id = Some(ix.id);
    }
    apply_body(st, &mut stored, body, uploads, true)?;
    if flags & LOADING == 0 && is_empty_message(&stored.json) {
        return Err(Reject::new(400, 50006, "Cannot send an empty message"));
    }
    let json = stored.json.clone();
    st.messages.insert(id, stored);
    if !ephemeral {
        announce(st, channel, id, &json);
    }
    notify::new_message(st, &json, body);
    Ok(json)
}

/// MESSAGE_CREATE for a message by the bot, as Discord echoes it on the gateway.
fn announce(st: &mut State, channel: u64, id: u64, msg: &Value) {
    let Some(chan) = st.channels.get_mut(&channel) else {
        return;
    };
    chan.last_message_id = Some(id);
    let in_guild = chan.in_guild();
    let needed = if in_guild {
        intents::GUILD_MESSAGES
    } else {
        intents::DIRECT_MESSAGES
    };
    if !st.subscribed(needed) {
        return;
    }
    let mut event = msg.clone();
    if in_guild {
        event["guild_id"] = json!(FakeDiscord::GUILD_ID.to_string());
        let mut member = shapes::bot_member_json();
        member.as_object_mut().expect("object").remove("user");
        event["member"] = member;
    }
    st.dispatch("MESSAGE_CREATE", event);
}

fn interaction_metadata(ix: &Ix, chan: Option<&Chan>) -> Value {
    let owners = if chan.is_some_and(Chan::in_guild) {
        json!({"0": FakeDiscord::GUILD_ID.to_string()})
    } else {
        json!({"0": "0"})
    };
    let mut m = json!({
        "id": ix.id.to_string(),
        "type": ix.kind,
        "user": shapes::user_json(&ix.user),
        "authorizing_integration_owners": owners,
    });
    if let Some(original) = ix.original {
        m["original_response_message_id"] = json!(original.to_string());
    }
    match ix.kind {
        2 => m["name"] = json!(ix.command_name.clone().unwrap_or_default()),
        3 => {
            m["interacted_message_id"] = json!(ix.component_message.unwrap_or_default().to_string())
        }
        _ => {}
    }
    m
}

/// Edits a stored message. `flags` in the body may only toggle SUPPRESS_EMBEDS.
pub(crate) fn edit_stored(
    st: &mut State,
    mid: u64,
    body: &Value,
    uploads: &[Upload],
) -> Result<Value, Reject> {
    let mut stored = st
        .messages
        .get(&mid)
        .cloned()
        .ok_or_else(|| Reject::unknown("Message", 10008))?;
    let was_loading = stored.json["flags"].as_u64().unwrap_or(0) & LOADING != 0;
    apply_body(st, &mut stored, body, uploads, false)?;
    let mut flags = stored.json["flags"].as_u64().unwrap_or(0) & !LOADING;
    if let Some(f) = body["flags"].as_u64() {
        flags = (flags & !4) | (f & 4);
    }
    stored.json["flags"] = json!(flags);
    if !was_loading {
        stored.json["edited_timestamp"] = json!(shapes::iso_now());
    }
    if is_empty_message(&stored.json) {
        return Err(Reject::new(400, 50006, "Cannot send an empty message"));
    }
    let json = stored.json.clone();
    st.messages.insert(mid, stored);
    Ok(json)
}

/// `POST /channels/{id}/messages`.
pub(crate) fn create_channel_message(
    st: &mut State,
    req: &Incoming,
    meta: &mut Meta,
    channel: u64,
) -> Reply {
    let chan = st
        .chan(channel)
        .cloned()
        .ok_or_else(|| Reject::unknown("Channel", 10003))?;
    if chan.kind == 4 {
        return Err(Reject::new(
            400,
            50008,
            "Cannot send messages in a non-text channel",
        ));
    }
    shapes_checks::check_message_body(&req.json, &[], false)?;
    check_uploads(&req.uploads)?;
    let p = perms::require(st, channel, perms::send_bit(st, channel))?;
    if !req.uploads.is_empty() && p & perms::ATTACH_FILES == 0 {
        return Err(perms::missing_permissions());
    }
    if req.json["message_reference"].is_object() && p & perms::READ_MESSAGE_HISTORY == 0 {
        return Err(Reject::new(
            403,
            160002,
            "Cannot reply without permission to read message history",
        ));
    }
    if chan.locked && p & perms::MANAGE_THREADS == 0 {
        return Err(Reject::new(400, 160005, "Thread is locked"));
    }
    let body = without_embeds(&req.json, &req.uploads, p, true)?;
    // Sending a message unarchives the thread (a locked one only for MANAGE_THREADS).
    if chan.archived {
        unarchive(st, channel);
    }
    let flags = body["flags"].as_u64().unwrap_or(0);
    let msg = create_bot_message(st, channel, &body, &req.uploads, Origin::Channel, flags)?;
    meta.message_id = Some(id_of(&msg["id"]));
    ok(msg)
}

/// Without EMBED_LINKS Discord drops a bot's embeds from the message it creates or edits; a new
/// message left with nothing else is refused (403, 50013), an edit comes out empty (400, 50006).
fn without_embeds(
    body: &Value,
    uploads: &[Upload],
    p: u64,
    creating: bool,
) -> Result<Value, Reject> {
    let has_embeds = body["embeds"].as_array().is_some_and(|e| !e.is_empty());
    if !has_embeds || p & perms::EMBED_LINKS != 0 {
        return Ok(body.clone());
    }
    let mut body = body.clone();
    body["embeds"] = json!([]);
    let mut probe = body.clone();
    if !uploads.is_empty() {
        probe["attachments"] = json!([{}]);
    }
    if creating && is_empty_message(&probe) {
        return Err(perms::missing_permissions());
    }
    Ok(body)
}

/// Unarchives a thread and tells the gateway (THREAD_UPDATE).
pub(crate) fn unarchive(st: &mut State, thread: u64) {
    let Some(c) = st.channels.get_mut(&thread) else {
        return;
    };
    c.archived = false;
    let chan = c.clone();
    if st.subscribed(intents::GUILDS) {
        let json = shapes::channel_json(st, &chan);
        st.dispatch("THREAD_UPDATE", json);
    }
}

/// 400 with 50083: Discord refuses most actions in an archived thread.
pub(crate) fn archived_thread() -> Reject {
    Reject::new(400, 50083, "Thread is archived")
}

/// A message visible through the channel routes (not ephemeral, in that channel).
pub(crate) fn visible_message(
    st: &State,
    channel: u64,
    mid: u64,
) -> Result<&StoredMessage, Reject> {
    st.chan(channel)
        .ok_or_else(|| Reject::unknown("Channel", 10003))?;
    st.messages
        .get(&mid)
        .filter(|m| !m.ephemeral && id_of(&m.json["channel_id"]) == channel)
        .ok_or_else(|| Reject::unknown("Message", 10008))
}

/// GET (VIEW_CHANNEL and READ_MESSAGE_HISTORY), PATCH (the bot's own messages, not in an
/// archived thread) and DELETE (the bot's own, others' with MANAGE_MESSAGES) of a message.
pub(crate) fn channel_message(st: &mut State, req: &Incoming, channel: u64, mid: u64) -> Reply {
    st.chan(channel)
        .ok_or_else(|| Reject::unknown("Channel", 10003))?;
    let p = perms::require(st, channel, 0)?;
    let archived = st.chan(channel).is_some_and(|c| c.archived);
    let msg = visible_message(st, channel, mid)?;
    let own = id_of(&msg.json["author"]["id"]) == FakeDiscord::BOT_ID;
    match req.method.as_str() {
        "GET" => {
            if p & perms::READ_MESSAGE_HISTORY == 0 {
                return Err(perms::missing_permissions());
            }
            ok(msg.json.clone())
        }
        "PATCH" => {
            if !own {
                return Err(Reject::new(
                    403,
                    50005,
                    "Cannot edit a message authored by another user",
                ));
            }
            shapes_checks::check_message_body(&req.json, &[], true)?;
            check_uploads(&req.uploads)?;
            if archived {
                return Err(archived_thread());
            }
            if !req.uploads.is_empty() && p & perms::ATTACH_FILES == 0 {
                return Err(perms::missing_permissions());
            }
            let body = without_embeds(&req.json, &req.uploads, p, false)?;
            ok(edit_stored(st, mid, &body, &req.uploads)?)
        }
        _ => {
            if !own && p & perms::MANAGE_MESSAGES == 0 {
                return Err(perms::missing_permissions());
            }
            st.messages.remove(&mid);
            Ok(super::rest::Resp::Empty)
        }
    }
}
