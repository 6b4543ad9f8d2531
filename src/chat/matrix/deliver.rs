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
use matrix_sdk::ruma::UInt;
use matrix_sdk::ruma::events::Mentions;
use matrix_sdk::ruma::events::room::message::{RoomMessageEventContent, TextMessageEventContent};

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
    let content = notice(text);
    if let Err(e) = retrying(Some(room), "message", || {
        room.send(content.clone()).into_future()
    })
    .await
    {
        tracing::warn!(room = %room.room_id(), error = %e, "message not sent");
    }
}

/// Sends one reply: its text, then its board image or its file.
pub async fn post(room: &Room, out: &Outgoing) {
    let reply = &out.reply;
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
            AttachmentConfig::new()
                .info(AttachmentInfo::Image(info))
                .caption(Some(TextMessageEventContent::markdown(last)))
                .mentions(Some(Mentions::new()))
        };
        let sent = retrying(Some(room), "board image", || {
            room.send_attachment("board.png", &mime::IMAGE_PNG, png.bytes.clone(), config())
                .into_future()
        })
        .await;
        if let Err(e) = sent {
            tracing::warn!(room = %room.room_id(), error = %e, "board image not sent");
            text(room, &reply.text).await;
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
        }
    } else {
        text(room, &reply.text).await;
    }
}
