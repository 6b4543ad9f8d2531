//! From the service's replies to Matrix messages: text (Markdown, sent as `m.notice` — the
//! msgtype for automated senders, which other bots ignore — with `m.mentions` set explicitly,
//! so that no name in the text pings anybody through the legacy push rules), board images as `m.image`
//! uploads with size and dimensions and a short caption saying whose turn it is, files for
//! `/log` and `/export`. Encrypted rooms get encrypted uploads (matrix-sdk does that).
//!
//! Every reply is already saved when it gets here; a homeserver that is away for a moment must
//! not swallow it, so a send that fails on the network is tried again with growing pauses for
//! about two minutes ([`RETRY_PAUSES`]). Refusals by the homeserver (a room the bot was kicked
//! from) are not retried. A homeserver's rate limit (429 with `retry_after_ms`) is honoured by
//! matrix-sdk itself, which waits as told and sends again; that wait holds up only the queue of
//! the room it is for (see `queue`).

use matrix_sdk::HttpError;
use matrix_sdk::attachment::{AttachmentConfig, AttachmentInfo, BaseFileInfo, BaseImageInfo};
use matrix_sdk::room::Room;
use matrix_sdk::ruma::events::Mentions;
use matrix_sdk::ruma::events::room::message::{
    FormattedBody, RoomMessageEventContent, TextMessageEventContent,
};
use matrix_sdk::ruma::{OwnedUserId, UInt, UserId};

use std::future::Future;
use std::time::Duration;

use crate::chat::Outgoing;

/// The pauses between tries of a send that failed on the network (2 minutes in all).
pub const RETRY_PAUSES: [Duration; 7] = [
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(4),
    Duration::from_secs(8),
    Duration::from_secs(16),
    Duration::from_secs(30),
    Duration::from_secs(60),
];

/// Whether `e` is the network failing (the homeserver away), not the homeserver refusing.
fn is_network(e: &matrix_sdk::Error) -> bool {
    matches!(e, matrix_sdk::Error::Http(http) if matches!(**http, HttpError::Reqwest(_)))
}

/// Runs `send`, trying again after each of [`RETRY_PAUSES`] while the network fails.
pub(super) async fn retrying<T, F, Fut>(
    room: Option<&Room>,
    what: &str,
    mut send: F,
) -> matrix_sdk::Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = matrix_sdk::Result<T>>,
{
    let mut pauses = RETRY_PAUSES.iter();
    loop {
        match send().await {
            Err(e) if is_network(&e) => match pauses.next() {
                Some(pause) => {
                    let room = room.map(|r| r.room_id().to_string()).unwrap_or_default();
                    tracing::warn!(room, error = %e, retry_in = ?pause, "{what} failed; trying again");
                    tokio::time::sleep(*pause).await;
                }
                None => return Err(e),
            },
            result => return result,
        }
    }
}

/// The content of a text reply: an `m.notice` (Markdown) that mentions nobody.
pub fn notice(text: &str) -> RoomMessageEventContent {
    RoomMessageEventContent::notice_markdown(text).add_mentions(Mentions::new())
}

/// Sends a text message (Markdown), logging failures (a room the bot was kicked from, a
/// homeserver that stays away): a failed reply must not take the bot down.
pub async fn text(room: &Room, text: &str) {
    send(room, notice(text)).await;
}

/// Sends a message, logging a failure.
async fn send(room: &Room, content: RoomMessageEventContent) {
    if let Err(e) = retrying(Some(room), "message", || {
        room.send(content.clone()).into_future()
    })
    .await
    {
        tracing::warn!(room = %room.room_id(), error = %e, "message not sent");
        metrics::counter!(crate::telemetry::MATRIX_SEND_FAILURES, "kind" => "message").increment(1);
    }
}

/// The Matrix users a reply pings, with their display names (other chats' users are skipped).
fn pinged(out: &Outgoing) -> Vec<(OwnedUserId, String)> {
    out.reply
        .mentions
        .iter()
        .filter_map(|u| {
            let id = UserId::parse(u.id.strip_prefix("matrix:")?).ok()?;
            Some((id, u.name.clone()))
        })
        .collect()
}

/// `text` (Markdown) with a mention pill for each of `users` after it, as the plain body and
/// the HTML body of one message.
fn with_pills(text: &str, users: &[(OwnedUserId, String)]) -> (String, String) {
    let names: Vec<&str> = users.iter().map(|(_, n)| n.as_str()).collect();
    let pills: Vec<String> = users
        .iter()
        .map(|(id, name)| format!("<a href=\"{}\">{}</a>", id.matrix_to_uri(), escape(name)))
        .collect();
    if text.trim().is_empty() {
        return (names.join(", "), pills.join(" "));
    }
    let html = FormattedBody::markdown(text).map_or_else(|| escape(text), |f| f.body);
    (
        format!("{text}\n{}", names.join(", ")),
        format!("{html}<br>{}", pills.join(" ")),
    )
}

/// Text made safe inside HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The `m.mentions` of a message that pings exactly `users`.
fn mentions_of(users: &[(OwnedUserId, String)]) -> Mentions {
    Mentions::with_user_ids(users.iter().map(|(id, _)| id.clone()))
}

/// Sends a text message (Markdown) that pings `users` with pills and `m.mentions`.
async fn text_pinging(room: &Room, text: &str, users: &[(OwnedUserId, String)]) {
    let (body, html) = with_pills(text, users);
    send(
        room,
        RoomMessageEventContent::notice_html(body, html).add_mentions(mentions_of(users)),
    )
    .await;
}

/// Sends one reply: its text, then its board image or its file. The users it pings are
/// mentioned in its text, or in the image's caption.
pub async fn post(room: &Room, out: &Outgoing) {
    let reply = &out.reply;
    let pings = pinged(out);
    if let Some(png) = &out.png {
        // The announcement, then the image captioned with its last line (whose turn).
        let (rest, last) = match reply.text.rsplit_once('\n') {
            Some((rest, last)) => (Some(rest), last),
            None => (None, reply.text.as_str()),
        };
        if let Some(rest) = rest.filter(|r| !r.trim().is_empty()) {
            text(room, rest).await;
        }
        let config = || {
            let info = BaseImageInfo {
                width: Some(UInt::from(png.width)),
                height: Some(UInt::from(png.height)),
                size: UInt::new(png.bytes.len() as u64),
                ..Default::default()
            };
            // The caption is the image's `body`: what a screen reader or a text-only client
            // gives instead of the picture, so it says what the picture shows.
            let said = if png.description.is_empty() {
                last.to_string()
            } else {
                format!("{last}\n{}", png.description)
            };
            let caption = if pings.is_empty() {
                TextMessageEventContent::markdown(said)
            } else {
                let (body, html) = with_pills(&said, &pings);
                TextMessageEventContent::html(body, html)
            };
            AttachmentConfig::new()
                .info(AttachmentInfo::Image(info))
                .caption(Some(caption))
                .mentions(Some(mentions_of(&pings)))
        };
        let media = if png.is_gif() {
            mime::IMAGE_GIF
        } else {
            mime::IMAGE_PNG
        };
        let sent = retrying(Some(room), "board image", || {
            room.send_attachment(png.file_name(), &media, png.bytes.clone(), config())
                .into_future()
        })
        .await;
        if let Err(e) = sent {
            tracing::warn!(room = %room.room_id(), error = %e, "board image not sent");
            metrics::counter!(crate::telemetry::MATRIX_SEND_FAILURES, "kind" => "image")
                .increment(1);
            text_pinging(room, &reply.text, &pings).await;
        }
    } else if let Some(file) = &reply.attachment {
        let mime = if file.filename.ends_with(".json") {
            mime::APPLICATION_JSON
        } else {
            mime::TEXT_PLAIN_UTF_8
        };
        let config = || {
            let info = BaseFileInfo {
                size: UInt::new(file.content.len() as u64),
            };
            AttachmentConfig::new()
                .info(AttachmentInfo::File(info))
                .caption(Some(TextMessageEventContent::plain(file.caption.clone())))
                .mentions(Some(Mentions::new()))
        };
        let bytes = file.content.as_bytes().to_vec();
        let sent = retrying(Some(room), "file", || {
            room.send_attachment(file.filename.clone(), &mime, bytes.clone(), config())
                .into_future()
        })
        .await;
        if let Err(e) = sent {
            tracing::warn!(room = %room.room_id(), error = %e, "file not sent");
            metrics::counter!(crate::telemetry::MATRIX_SEND_FAILURES, "kind" => "other")
                .increment(1);
        }
    } else if pings.is_empty() {
        text(room, &reply.text).await;
    } else {
        text_pinging(room, &reply.text, &pings).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pills_follow_the_text_and_names_are_escaped() {
        let users = vec![
            (
                UserId::parse("@bob:example.org").unwrap(),
                "bob".to_string(),
            ),
            (
                UserId::parse("@eve:example.org").unwrap(),
                "<b>eve</b>".to_string(),
            ),
        ];
        let (body, html) = with_pills("**bob** to move.", &users);
        assert_eq!(body, "**bob** to move.\nbob, <b>eve</b>");
        assert!(html.starts_with("<strong>bob</strong> to move."), "{html}");
        assert!(
            html.ends_with(
                "<br><a href=\"https://matrix.to/#/@bob:example.org\">bob</a> \
                 <a href=\"https://matrix.to/#/@eve:example.org\">&lt;b&gt;eve&lt;/b&gt;</a>"
            ),
            "{html}"
        );
        let (body, html) = with_pills("", &users[..1]);
        assert_eq!(body, "bob");
        assert_eq!(
            html,
            "<a href=\"https://matrix.to/#/@bob:example.org\">bob</a>"
        );
        let ids: Vec<OwnedUserId> = mentions_of(&users).user_ids.into_iter().collect();
        assert_eq!(ids.len(), 2);
    }

    #[test]
    fn only_matrix_users_are_pinged() {
        let mut reply = crate::table::Reply::public("x");
        reply.mentions = vec![
            crate::table::User {
                id: "matrix:@bob:example.org".into(),
                name: "bob".into(),
            },
            crate::table::User::named("alice"),
        ];
        let out = Outgoing { reply, png: None };
        let pings = pinged(&out);
        assert_eq!(pings.len(), 1);
        assert_eq!(pings[0].0.as_str(), "@bob:example.org");
    }
}
