//! Interaction responses (the callback), follow-ups and the `@original` message, with the
//! rules Discord documents: one response, within 3 s of the INTERACTION_CREATE (the request's
//! body fully received); a deferral is completed by PATCH `@original`. Interaction responses and
//! their follow-ups are not subject to the channel's permissions.

use std::time::Duration;

use serde_json::json;

use super::checks::{self, EPHEMERAL, LOADING, Reject};
use super::messages::{Origin, check_uploads, create_bot_message, edit_stored};
use super::rest::{Incoming, Meta, Reply, Resp, ok, snowflake};
use super::shapes::id_of;
use super::state::between;
use super::{FakeDiscord, Ix, State};

/// Discord's deadline for an interaction's first response.
pub(crate) const RESPONSE_DEADLINE: Duration = Duration::from_secs(3);

/// The code of the fake's refusal of a follow-up before a deferral was completed (Discord has
/// none: it still accepts this deprecated flow).
pub(crate) const DEPRECATED_FOLLOWUP: i64 = 0;

pub(crate) fn callback(
    st: &mut State,
    req: &Incoming,
    meta: &mut Meta,
    id: &str,
    token: &str,
) -> Reply {
    let id = snowflake(id, "interaction_id")?;
    let ix = st
        .interactions
        .get(&id)
        .filter(|ix| ix.token == token)
        .cloned()
        .ok_or_else(|| Reject::unknown("interaction", 10062))?;
    meta.interaction_id = Some(id);
    meta.channel_id = Some(ix.channel_id);
    let since = between(ix.dispatched, req.received);
    meta.since = Some(since);
    if ix.callback.is_some() {
        return Err(Reject::new(
            400,
            40060,
            "Interaction has already been acknowledged.",
        ));
    }
    // Discord invalidates the token of an interaction not answered within 3 seconds: the
    // response counts when its body has arrived (a slow upload makes it late).
    if since > RESPONSE_DEADLINE {
        return Err(Reject::unknown("interaction", 10062));
    }
    let Some(t) = req.json["type"].as_u64() else {
        return Err(Reject::form(
            &["type".to_owned()],
            "BASE_TYPE_REQUIRED",
            "This field is required",
        ));
    };
    let allowed = matches!((ix.kind, t), (2, 4 | 5 | 9) | (3, 4..=7 | 9) | (4, 8));
    if !allowed {
        return Err(Reject::form(
            &["type".to_owned()],
            "INTERACTION_RESPONSE_TYPE_INVALID",
            &format!(
                "Interaction response type {t} is invalid for interaction type {}",
                ix.kind
            ),
        ));
    }
    let data = &req.json["data"];
    let mut original = None;
    match t {
        4 => {
            checks::check_message_body(data, &["data"], true)?;
            check_uploads(&req.uploads)?;
            let flags = data["flags"].as_u64().unwrap_or(0);
            let msg = create_bot_message(
                st,
                ix.channel_id,
                data,
                &req.uploads,
                Origin::Interaction(&ix),
                flags,
            )?;
            original = Some(id_of(&msg["id"]));
        }
        5 => {
            let flags = (data["flags"].as_u64().unwrap_or(0) & EPHEMERAL) | LOADING;
            let msg = create_bot_message(
                st,
                ix.channel_id,
                &json!({}),
                &[],
                Origin::Interaction(&ix),
                flags,
            )?;
            original = Some(id_of(&msg["id"]));
        }
        6 => original = ix.component_message,
        7 => {
            checks::check_message_body(data, &["data"], true)?;
            check_uploads(&req.uploads)?;
            let mid = ix.component_message.expect("component interaction");
            edit_stored(st, mid, data, &req.uploads)?;
            original = Some(mid);
        }
        8 => checks::check_choices(data)?,
        _ => {
            for key in ["custom_id", "title", "components"] {
                if data[key].is_null() {
                    return Err(Reject::form(
                        &["data".to_owned(), key.to_owned()],
                        "BASE_TYPE_REQUIRED",
                        "This field is required",
                    ));
                }
            }
        }
    }
    meta.message_id = original;
    if let Some(ix) = st.interactions.get_mut(&id) {
        ix.callback = Some(t as u8);
        ix.original = original;
    }
    Ok(Resp::Empty)
}

/// The interaction a webhook token belongs to; it must have been acknowledged with a message
/// (types 4–7) — before that, or for autocomplete, Discord answers "Unknown Webhook".
pub(crate) fn webhook_ix(
    st: &State,
    meta: &mut Meta,
    app: &str,
    token: &str,
) -> Result<Ix, Reject> {
    let unknown = || Reject::unknown("Webhook", 10015);
    if app.parse::<u64>().ok() != Some(FakeDiscord::APP_ID) {
        return Err(unknown());
    }
    let ix = st
        .interactions
        .values()
        .find(|ix| ix.token == token)
        .cloned()
        .ok_or_else(unknown)?;
    meta.interaction_id = Some(ix.id);
    meta.channel_id = Some(ix.channel_id);
    meta.since = Some(between(ix.dispatched, std::time::Instant::now()));
    if !matches!(ix.callback, Some(4..=7)) {
        return Err(unknown());
    }
    Ok(ix)
}

pub(crate) fn create_followup(
    st: &mut State,
    req: &Incoming,
    meta: &mut Meta,
    app: &str,
    token: &str,
) -> Reply {
    let ix = webhook_ix(st, meta, app, token)?;
    checks::check_message_body(&req.json, &[], true)?;
    check_uploads(&req.uploads)?;
    // Discord still lets the first follow-up after a deferral (type 5) complete the loading
    // message, but documents that as deprecated: the fake refuses it, so a bot that relies on
    // it fails its tests.
    if still_loading(st, &ix) {
        return Err(Reject::new(
            400,
            DEPRECATED_FOLLOWUP,
            "fake Discord: a follow-up (POST /webhooks/{app}/{token}) before the deferred response \
             was completed; complete a deferral with PATCH /webhooks/{app}/{token}/messages/@original \
             (Discord documents the follow-up way as deprecated)",
        ));
    }
    let flags = req.json["flags"].as_u64().unwrap_or(0);
    let msg = create_bot_message(
        st,
        ix.channel_id,
        &req.json,
        &req.uploads,
        Origin::Interaction(&ix),
        flags,
    )?;
    meta.message_id = Some(id_of(&msg["id"]));
    ok(msg)
}

/// Whether the interaction's `@original` is still a deferral's "thinking…".
fn still_loading(st: &State, ix: &Ix) -> bool {
    ix.original
        .and_then(|m| st.messages.get(&m))
        .is_some_and(|m| m.json["flags"].as_u64().unwrap_or(0) & LOADING != 0)
}

pub(crate) fn webhook_message(
    st: &mut State,
    req: &Incoming,
    meta: &mut Meta,
    app: &str,
    token: &str,
    which: &str,
) -> Reply {
    let ix = webhook_ix(st, meta, app, token)?;
    let unknown = || Reject::unknown("Message", 10008);
    let mid = if which == "@original" {
        ix.original.ok_or_else(unknown)?
    } else {
        let mid = snowflake(which, "message_id")?;
        st.messages
            .get(&mid)
            .filter(|m| m.interaction_id == Some(ix.id))
            .ok_or_else(unknown)?;
        mid
    };
    meta.message_id = Some(mid);
    let msg = st.messages.get(&mid).ok_or_else(unknown)?;
    match req.method.as_str() {
        "GET" => ok(msg.json.clone()),
        "PATCH" => {
            checks::check_message_body(&req.json, &[], true)?;
            check_uploads(&req.uploads)?;
            ok(edit_stored(st, mid, &req.json, &req.uploads)?)
        }
        _ => {
            // Deleting a deferral's "thinking…" is undocumented; Discord is reported to answer
            // Unknown Message.
            if which == "@original" && still_loading(st, &ix) {
                return Err(unknown());
            }
            st.messages.remove(&mid);
            Ok(Resp::Empty)
        }
    }
}
