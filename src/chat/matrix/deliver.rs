//! From the service's replies to Matrix messages: text (Markdown), board images as `m.image`
//! uploads with size and dimensions and a short caption saying whose turn it is, files for
//! `/log` and `/export`. Encrypted rooms get encrypted uploads (matrix-sdk does that).

use matrix_sdk::attachment::{AttachmentConfig, AttachmentInfo, BaseFileInfo, BaseImageInfo};
use matrix_sdk::room::Room;
use matrix_sdk::ruma::UInt;
use matrix_sdk::ruma::events::room::message::{RoomMessageEventContent, TextMessageEventContent};

use crate::chat::Outgoing;

/// Sends a text message (Markdown), logging failures (a room the bot was kicked from, a
/// homeserver that is away): a failed reply must not take the bot down.
pub async fn text(room: &Room, text: &str) {
    if let Err(e) = room
        .send(RoomMessageEventContent::text_markdown(text))
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
        let info = BaseImageInfo {
            width: Some(UInt::from(png.width)),
            height: Some(UInt::from(png.height)),
            size: UInt::new(png.bytes.len() as u64),
            ..Default::default()
        };
        let config = AttachmentConfig::new()
            .info(AttachmentInfo::Image(info))
            .caption(Some(TextMessageEventContent::markdown(last)));
        if let Err(e) = room
            .send_attachment("board.png", &mime::IMAGE_PNG, png.bytes.clone(), config)
            .await
        {
            tracing::warn!(room = %room.room_id(), error = %e, "board image not sent");
            text(room, &reply.text).await;
        }
    } else if let Some(file) = &reply.attachment {
        let mime = if file.filename.ends_with(".json") {
            mime::APPLICATION_JSON
        } else {
            mime::TEXT_PLAIN_UTF_8
        };
        let info = BaseFileInfo {
            size: UInt::new(file.content.len() as u64),
        };
        let config = AttachmentConfig::new()
            .info(AttachmentInfo::File(info))
            .caption(Some(TextMessageEventContent::plain(file.caption.clone())));
        let bytes = file.content.as_bytes().to_vec();
        if let Err(e) = room
            .send_attachment(file.filename.clone(), &mime, bytes, config)
            .await
        {
            tracing::warn!(room = %room.room_id(), error = %e, "file not sent");
        }
    } else {
        text(room, &reply.text).await;
    }
}
