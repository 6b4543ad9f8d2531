//! Who Discord notifies when the bot creates a message (a channel message, an interaction's
//! message response, a follow-up): the users mentioned as `<@id>` / `<@!id>` that
//! `allowed_mentions` lets through (all of them when it is absent), the author of the message
//! replied to (by default when `allowed_mentions` is absent, else only with `replied_user`),
//! and the other person of a DM. Nobody who cannot see the channel; nobody for an ephemeral
//! message (only its user sees it) or a deferral's "thinking…"; nobody for an edit, which
//! Discord never notifies for (completing a deferral with PATCH `@original` included).

use serde_json::Value;

use super::checks::{EPHEMERAL, LOADING, SUPPRESS_NOTIFICATIONS};
use super::shapes::id_of;
use super::{FakeDiscord, State, perms};

/// Someone Discord notified of a new message by the bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notification {
    pub user: u64,
    pub message: u64,
    pub channel: u64,
    /// The message's content when it was created.
    pub content: String,
    /// `"mention"`, `"reply"` or `"direct message"`.
    pub why: &'static str,
    /// Sent with SUPPRESS_NOTIFICATIONS (`@silent`): the mention counts, no push or sound.
    pub silent: bool,
}

/// Records whom the bot's new message `msg` (as stored) notifies; `body` is what the bot sent.
pub(crate) fn new_message(st: &mut State, msg: &Value, body: &Value) {
    let flags = msg["flags"].as_u64().unwrap_or(0);
    if flags & (EPHEMERAL | LOADING) != 0 {
        return;
    }
    let channel = id_of(&msg["channel_id"]);
    let message = id_of(&msg["id"]);
    let mut whom: Vec<(u64, &'static str)> = Vec::new();
    // `mentions` holds the users the content mentions as far as `allowed_mentions` permits.
    for u in msg["mentions"].as_array().into_iter().flatten() {
        whom.push((id_of(&u["id"]), "mention"));
    }
    let allowed = &body["allowed_mentions"];
    if msg["referenced_message"].is_object()
        && (allowed.is_null() || allowed["replied_user"] == true)
    {
        whom.push((id_of(&msg["referenced_message"]["author"]["id"]), "reply"));
    }
    if let Some(recipient) = st.chan(channel).and_then(|c| c.recipient) {
        whom.push((recipient, "direct message"));
    }
    let content = msg["content"].as_str().unwrap_or_default().to_owned();
    let mut seen = Vec::new();
    for (user, why) in whom {
        if user == FakeDiscord::BOT_ID || seen.contains(&user) {
            continue;
        }
        seen.push(user);
        if !perms::can_view(st, user, channel) {
            continue;
        }
        st.notifications.push(Notification {
            user,
            message,
            channel,
            content: content.clone(),
            why,
            silent: flags & SUPPRESS_NOTIFICATIONS != 0,
        });
    }
}
