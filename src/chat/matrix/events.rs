//! What a sync brings, handled outside the sync loop: each room's new events go into that
//! room's queue (commands are applied in the order they were sent); invites are answered in
//! tasks of their own; rooms the bot left pause their tables.
//!
//! Catch-up: the sync asks for up to [`TIMELINE_LIMIT`] events per room. When a room had more
//! since the last sync (the bot was down, or busy), the timeline comes `limited` and the gap is
//! back-filled from `/messages`, from the timeline's start back to the previous sync token, so
//! every command is answered, oldest first. Commands older than the configured
//! `catch_up_max_age` are not applied: their sender gets a note instead.

use std::sync::Arc;
use std::time::Duration;

use matrix_sdk::deserialized_responses::{TimelineEvent, TimelineEventKind};
use matrix_sdk::room::{MessagesOptions, Room};
use matrix_sdk::ruma::api::Direction;
use matrix_sdk::ruma::events::room::message::{
    MessageType, OriginalSyncRoomMessageEvent, Relation,
};
use matrix_sdk::ruma::events::{
    AnySyncMessageLikeEvent, AnySyncTimelineEvent, SyncMessageLikeEvent,
};
use matrix_sdk::ruma::{MilliSecondsSinceUnixEpoch, OwnedRoomId, RoomId, UInt, UserId};
use matrix_sdk::sync::SyncResponse;
use matrix_sdk::{RoomState, ServerName};

use super::direct::{self, Held};
use super::{Bot, LEAVE_ROOM, channel_key, deliver, hint_words};
use crate::chat::{Outgoing, chain};
use crate::t;
use crate::table::Command;
use crate::table::command::{self, Parsed};

/// At most this many timeline events per room and sync; more make the timeline `limited`.
pub const TIMELINE_LIMIT: u32 = 50;

/// At most this many `/messages` pages (of 100 events) are read to fill one room's gap.
const BACKFILL_PAGES: usize = 20;

/// How often an invite is tried before the bot gives up on it (a join the homeserver refuses
/// for good is not retried).
const JOIN_TRIES: u32 = 5;

/// How long one join may take (matrix-sdk itself retries a rate-limited join).
const JOIN_TIMEOUT: Duration = Duration::from_secs(60);

/// One room's part of a sync.
pub(super) struct Batch {
    /// More events came than the sync returned.
    pub limited: bool,
    /// Where the sync's timeline starts (for back-filling).
    pub prev_batch: Option<String>,
    /// The token of the sync before (where the gap ends).
    pub since: Option<String>,
    /// The events, oldest first.
    pub events: Vec<TimelineEvent>,
}

/// Hands out one sync's work: nothing here waits for the network.
pub(super) fn dispatch(bot: &Arc<Bot>, since: Option<&str>, response: SyncResponse) {
    for room_id in response.rooms.invited.keys() {
        spawn_invite(bot, room_id.clone());
    }
    for room_id in response.rooms.left.keys() {
        let (b, id) = (bot.clone(), room_id.clone());
        bot.inbound.push(room_id.as_str(), async move {
            pause_tables(&b, &id).await;
        });
    }
    for (room_id, update) in response.rooms.joined {
        let timeline = update.timeline;
        if timeline.events.is_empty() && !timeline.limited {
            continue;
        }
        let Some(room) = bot.client.get_room(&room_id) else {
            continue;
        };
        let batch = Batch {
            limited: timeline.limited,
            prev_batch: timeline.prev_batch,
            since: since.map(str::to_string),
            events: timeline.events,
        };
        let b = bot.clone();
        bot.inbound.push(room_id.as_str(), async move {
            process(&b, &room, batch).await;
        });
    }
}

/// Answers the invite to `room_id` in a task of its own (once at a time per room).
pub(super) fn spawn_invite(bot: &Arc<Bot>, room_id: OwnedRoomId) {
    if !bot.joining_lock().insert(room_id.clone()) {
        return;
    }
    let bot = bot.clone();
    tokio::spawn(async move {
        if let Some(room) = bot.client.get_room(&room_id) {
            on_invite(&bot, &room).await;
        }
        bot.joining_lock().remove(&room_id);
    });
}

async fn on_invite(bot: &Arc<Bot>, room: &Room) {
    if room.state() != RoomState::Invited {
        return;
    }
    let inviter = match room.invite_details().await {
        Ok(invite) => invite.inviter_id,
        Err(e) => {
            tracing::warn!(room = %room.room_id(), error = %chain(&e), "invite unreadable");
            return;
        }
    };
    if !bot.may_invite(&inviter) {
        tracing::info!(room = %room.room_id(), %inviter, "invite declined (not allowed)");
        if let Err(e) = room.leave().await {
            tracing::warn!(room = %room.room_id(), error = %chain(&e), "could not decline");
        }
        return;
    }
    // Whether the invite is to a direct chat: known from the invite (after the join, only once
    // the account data marking it has come back with a sync).
    let direct = room.is_direct().await.unwrap_or(false);
    // The homeserver may not have the room ready the instant it sends the invite: retry a few
    // times, then give up (a new invite starts again).
    let mut pause = Duration::from_secs(1);
    for attempt in 1..=JOIN_TRIES {
        let error = match tokio::time::timeout(JOIN_TIMEOUT, room.join()).await {
            Ok(Ok(())) => {
                tracing::info!(room = %room.room_id(), %inviter, "joined");
                adopt_predecessor(bot, room).await;
                if direct {
                    super::declined::on_joined(bot, room, &inviter).await;
                }
                return;
            }
            Ok(Err(e)) => chain(&e),
            Err(_) => "timed out".to_string(),
        };
        tracing::warn!(room = %room.room_id(), attempt, error, "join failed");
        if attempt < JOIN_TRIES {
            tokio::time::sleep(pause).await;
            pause *= 2;
        }
    }
    tracing::warn!(room = %room.room_id(), %inviter, "invite given up");
}

/// A room the bot left or was removed from: its tables pause (their clocks stop) until a
/// command comes there again.
async fn pause_tables(bot: &Bot, room_id: &RoomId) {
    let service = bot.service.clone();
    let key = channel_key(room_id);
    let paused = tokio::task::spawn_blocking(move || service.suspend(&key)).await;
    if matches!(paused, Ok(true)) {
        tracing::info!(room = %room_id, "left the room; its table is paused");
    }
}

/// A room that replaces an older one (a room upgrade) takes over the older room's table, once
/// the bot knows the room's predecessor (from the invite or the first sync after joining).
async fn adopt_predecessor(bot: &Bot, room: &Room) {
    let Some(old) = room.predecessor_room() else {
        return;
    };
    if bot.adopted_lock().insert(room.room_id().to_owned()) {
        adopt(bot, room, &old.room_id).await;
    }
}

/// Moves the table of `old` to `room`.
async fn adopt(bot: &Bot, room: &Room, old: &RoomId) {
    let (from, to) = (channel_key(old), channel_key(room.room_id()));
    let service = bot.service.clone();
    let (f, t) = (from.clone(), to.clone());
    match tokio::task::spawn_blocking(move || service.relocate(&f, &t)).await {
        Ok(Ok(())) => {
            tracing::info!(from, to, "room upgraded; the table moved along");
            bot.say(room, &bot.words(room, || t!("matrix-room-replaced")));
        }
        Ok(Err(e)) => tracing::debug!(from, to, error = %e, "no table moved with the upgrade"),
        Err(e) => tracing::error!(error = %e, "relocation failed"),
    }
}

/// A room that was upgraded (`m.room.tombstone`): the bot joins the new room and moves the
/// table there; if it cannot join, it asks to be invited (and moves the table when it is).
async fn follow_upgrade(bot: &Bot, room: &Room) {
    let Some(next) = room.successor_room() else {
        return;
    };
    if !bot.followed_lock().insert(room.room_id().to_owned()) {
        return;
    }
    if let Some(new) = bot.client.get_room(&next.room_id)
        && new.state() == RoomState::Joined
    {
        if bot.adopted_lock().insert(new.room_id().to_owned()) {
            adopt(bot, &new, room.room_id()).await;
        }
        return;
    }
    let mut via: Vec<_> = next
        .room_id
        .server_name()
        .map(ServerName::to_owned)
        .into_iter()
        .collect();
    if let Some(me) = bot.client.user_id() {
        via.push(me.server_name().to_owned());
    }
    let joined = tokio::time::timeout(
        JOIN_TIMEOUT,
        bot.client
            .join_room_by_id_or_alias((&*next.room_id).into(), &via),
    )
    .await;
    match joined {
        Ok(Ok(new)) => {
            tracing::info!(old = %room.room_id(), new = %next.room_id, "followed the room upgrade");
            if bot.adopted_lock().insert(new.room_id().to_owned()) {
                adopt(bot, &new, room.room_id()).await;
            }
        }
        Ok(Err(e)) => {
            tracing::warn!(room = %next.room_id, error = %chain(&e), "cannot join the upgraded room");
            bot.say(room, &bot.words(room, || t!("matrix-upgrade-not-joined")));
        }
        Err(_) => tracing::warn!(room = %next.room_id, "joining the upgraded room timed out"),
    }
}

/// One room's events, in order: the back-filled gap first, then the sync's timeline.
async fn process(bot: &Arc<Bot>, room: &Room, batch: Batch) {
    let mut events = Vec::new();
    // A room the bot joined in this timeline (one it just created, say) has no gap worth
    // filling: what was said before the join is dropped below.
    let joined_here = batch.events.iter().any(|e| is_own_join(e, &bot.me));
    if batch.limited
        && !joined_here
        && let (Some(from), Some(to)) = (&batch.prev_batch, &batch.since)
    {
        events = backfill(room, from, to).await;
        if !events.is_empty() {
            tracing::info!(room = %room.room_id(), events = events.len(), "filled the gap in the timeline");
        }
    }
    events.extend(batch.events);
    // A room the bot just joined: what was said before it came is not for it.
    if let Some(joined) = events.iter().rposition(|e| is_own_join(e, &bot.me)) {
        events.drain(..=joined);
    }
    adopt_predecessor(bot, room).await;
    for event in events {
        on_event(bot, room, event).await;
    }
    follow_upgrade(bot, room).await;
}

/// A membership event's user, their membership now and before it (if they had one).
struct MemberChange {
    user: String,
    now: String,
    before: Option<String>,
}

/// The membership change `event` is, if it is one.
fn member_change(event: &TimelineEvent) -> Option<MemberChange> {
    let raw = event.raw();
    let field = |name: &str| raw.get_field::<serde_json::Value>(name).ok().flatten();
    let membership = |content: Option<&serde_json::Value>| {
        content
            .and_then(|c| c.get("membership"))
            .and_then(|m| m.as_str())
            .map(str::to_string)
    };
    if field("type")?.as_str()? != "m.room.member" {
        return None;
    }
    let unsigned = field("unsigned");
    Some(MemberChange {
        user: field("state_key")?.as_str()?.to_string(),
        now: membership(field("content").as_ref())?,
        before: membership(unsigned.as_ref().and_then(|u| u.get("prev_content"))),
    })
}

/// Whether `event` is `me` joining the room (not a profile change, which is a `join` too).
fn is_own_join(event: &TimelineEvent, me: &UserId) -> bool {
    member_change(event).is_some_and(|c| {
        c.user == me.as_str() && c.now == "join" && c.before.as_deref() != Some("join")
    })
}

/// The user key of somebody other than `me` whom `event` takes out of the room (they left,
/// were kicked or banned) after they had joined it.
fn departed_member(event: &TimelineEvent, me: &UserId) -> Option<String> {
    let c = member_change(event)?;
    let user = UserId::parse(c.user.as_str()).ok()?;
    (user != me && matches!(c.now.as_str(), "leave" | "ban") && c.before.as_deref() == Some("join"))
        .then(|| super::user_key(&user))
}

/// The events between the sync token `to` and `from` (a timeline's start), oldest first.
async fn backfill(room: &Room, from: &str, to: &str) -> Vec<TimelineEvent> {
    let mut pages = Vec::new();
    let mut token = from.to_string();
    for _ in 0..BACKFILL_PAGES {
        let options = || {
            let mut options = MessagesOptions::new(Direction::Backward);
            options.from = Some(token.clone());
            options.to = Some(to.to_string());
            options.limit = UInt::from(100u32);
            options
        };
        match deliver::retrying(Some(room), "back-fill", || room.messages(options())).await {
            Ok(page) => {
                let done = page.chunk.is_empty() || page.end.is_none();
                pages.extend(page.chunk);
                match page.end {
                    Some(end) if !done => token = end,
                    _ => break,
                }
            }
            Err(e) => {
                tracing::warn!(room = %room.room_id(), error = %chain(&e), "back-fill failed; some commands may go unanswered");
                break;
            }
        }
    }
    pages.reverse();
    pages
}

async fn on_event(bot: &Arc<Bot>, room: &Room, event: TimelineEvent) {
    if let Some(user) = super::declined::declined_invite(&event, &bot.me) {
        // A player turned the bot's direct room down.
        if room.is_direct().await.unwrap_or(false) {
            super::declined::on_declined(bot, room, &user).await;
        }
        return;
    }
    if let Some(user) = departed_member(&event, &bot.me) {
        // A tournament player who leaves its room (or their game's) loses that game.
        let (service, key) = (bot.service.clone(), channel_key(room.room_id()));
        let left = tokio::task::spawn_blocking(move || {
            service.member_left(crate::app::Departure::Channel(&key), &user)
        })
        .await;
        if let Err(e) = left {
            tracing::error!(error = %e, "a departure could not be handled");
        }
        return;
    }
    if let TimelineEventKind::UnableToDecrypt { .. } = &event.kind {
        on_undecryptable(bot, room, &event).await;
        return;
    }
    let Ok(AnySyncTimelineEvent::MessageLike(AnySyncMessageLikeEvent::RoomMessage(
        SyncMessageLikeEvent::Original(message),
    ))) = event.raw().deserialize()
    else {
        return;
    };
    on_message(bot, room, message).await;
}

async fn on_undecryptable(bot: &Bot, room: &Room, event: &TimelineEvent) {
    let sender = event.raw().get_field::<String>("sender").ok().flatten();
    if sender.as_deref() == bot.client.user_id().map(|u| u.as_str()) {
        return;
    }
    tracing::warn!(room = %room.room_id(), sender, event = ?event.event_id(), "a message could not be decrypted");
    let first = bot
        .told_undecryptable_lock()
        .insert(room.room_id().to_owned());
    if first {
        bot.say(room, &bot.words(room, || t!("matrix-undecryptable")));
    }
}

/// How long ago `ts` was.
fn age(ts: MilliSecondsSinceUnixEpoch) -> Duration {
    let now = MilliSecondsSinceUnixEpoch::now().get();
    Duration::from_millis(u64::from(now.saturating_sub(ts.get())))
}

async fn on_message(bot: &Arc<Bot>, room: &Room, ev: OriginalSyncRoomMessageEvent) {
    if room.state() != RoomState::Joined || Some(ev.sender.as_ref()) == bot.client.user_id() {
        return;
    }
    if matches!(ev.content.relates_to, Some(Relation::Replacement(_))) {
        return; // edits are not commands
    }
    let MessageType::Text(text) = &ev.content.msgtype else {
        return;
    };
    let body = text.body.trim();
    let choice = direct::table_choice(body);
    let is_command = body.eq_ignore_ascii_case(LEAVE_ROOM)
        || choice.is_some()
        || (body.starts_with('!')
            && matches!(command::parse(body), Parsed::Verb(..) | Parsed::TooLong(_)));
    if !is_command {
        return;
    }
    let late = age(ev.origin_server_ts);
    if late > bot.catch_up_max_age {
        tracing::info!(room = %room.room_id(), sender = %ev.sender, ?late, "a command too old to apply");
        let text = bot.words(room, || {
            t!(
                "matrix-command-too-old",
                sender = ev.sender.as_str(),
                command = body
                    .chars()
                    .take(80)
                    .filter(|c| *c != '`')
                    .collect::<String>(),
                ago = crate::table::clock::format_span(Duration::from_secs(late.as_secs())),
            )
        });
        bot.say(room, &text);
        return;
    }
    if body.eq_ignore_ascii_case(LEAVE_ROOM) {
        leave_room(bot, room, &ev.sender).await;
        return;
    }
    let me = bot.me.clone();
    let direct = direct::is_direct_with(room, &me, &ev.sender).await;
    let name = display_name(room, &ev.sender).await;
    let user = direct::user_of(&ev.sender, name);
    if !direct {
        if choice.is_some() {
            return; // `!2` in a group room is nobody's business
        }
        let cmd = Command {
            moderator: is_moderator(room, &ev.sender).await,
            community_admin: bot.admins.iter().any(|a| a == ev.sender.as_str()),
            ..Command::new(&channel_key(room.room_id()), user, body)
        };
        run_command(bot, cmd).await;
        return;
    }
    // The direct room: which table is this for? (Its notes share the queue of the player's
    // private replies, so they keep their order.)
    // In the person's own language (their `!language me`), else the room's.
    let lang = {
        let channel = channel_key(room.room_id());
        let community = community_of(&channel, &bot.me).unwrap_or_else(|| channel.clone());
        let room_lang = bot.room_lang(room);
        bot.service
            .user_language(&community, user.id.as_str(), None, room_lang)
    };
    let say = |make: &dyn Fn() -> String| {
        let text = crate::i18n::scope(lang, make);
        bot.say_in(&super::private_queue(&ev.sender), room, &text)
    };
    let (text, channel) = match choice {
        Some(n) => match bot.held.take(&ev.sender) {
            Some(held) => match held.tables.get(n - 1) {
                Some(table) => (held.text, table.clone()),
                None => {
                    let count = held.tables.len();
                    bot.held.hold(&ev.sender, held);
                    say(&|| t!("matrix-choose-number", count = count));
                    return;
                }
            },
            None => {
                say(&|| t!("matrix-nothing-held"));
                return;
            }
        },
        None => {
            let seated = bot.service.seated(&user, "matrix:");
            match seated.as_slice() {
                [] => {
                    say(&|| t!("matrix-not-seated"));
                    return;
                }
                [one] => (body.to_string(), one.clone()),
                several => {
                    let (service, client, tables) =
                        (bot.service.clone(), bot.client.clone(), several.to_vec());
                    let question = tokio::task::spawn_blocking(move || {
                        crate::i18n::scope(lang, || direct::which_table(&service, &client, &tables))
                    })
                    .await
                    .unwrap_or_default();
                    bot.held.hold(
                        &ev.sender,
                        Held {
                            text: body.to_string(),
                            tables: several.to_vec(),
                            at: std::time::Instant::now(),
                        },
                    );
                    bot.say_in(&super::private_queue(&ev.sender), room, &question);
                    return;
                }
            }
        }
    };
    let cmd = Command {
        private: true,
        ..Command::new(&channel, user, &text)
    };
    run_command(bot, cmd).await;
}

/// The community of a room (its limits, its language, its ratings): the homeserver its id
/// names, or — for a room whose id names none (room version 12 and later) — `me`'s homeserver,
/// the one the bot serves.
pub(super) fn community_of(channel: &str, me: &matrix_sdk::ruma::UserId) -> Option<String> {
    let room = channel.strip_prefix("matrix:")?;
    let room = matrix_sdk::ruma::RoomId::parse(room).ok()?;
    let server = room.server_name().unwrap_or(me.server_name()).to_owned();
    Some(format!("matrix:server:{server}"))
}

/// Applies `cmd` (off the async runtime) and queues its replies for sending.
async fn run_command(bot: &Arc<Bot>, cmd: Command) {
    let cmd = Command {
        community: community_of(&cmd.channel, &bot.me),
        ..cmd
    };
    let (service, renderer) = (bot.service.clone(), bot.renderer.clone());
    let channel = cmd.channel.clone();
    let outgoing: Vec<Outgoing> = match tokio::task::spawn_blocking(move || {
        crate::chat::prepare(&service, &renderer, &cmd, hint_words)
    })
    .await
    {
        Ok(out) => out,
        Err(e) => {
            tracing::error!(error = %e, "command failed");
            return;
        }
    };
    crate::chat::deliver(bot, &channel, &outgoing).await;
}

async fn display_name(room: &Room, user: &UserId) -> String {
    match room.get_member(user).await {
        Ok(Some(member)) => member.name().to_string(),
        _ => user.localpart().to_string(),
    }
}

/// Whether `user` moderates `room`: their power level reaches the room's own `redact`
/// threshold (who may remove other people's messages — Discord's Manage Messages). This
/// decides `!abort` and `!leaveroom`.
async fn is_moderator(room: &Room, user: &UserId) -> bool {
    match room.power_levels().await {
        Ok(levels) => levels.user_can_redact_event_of_other(user),
        Err(e) => {
            tracing::warn!(room = %room.room_id(), error = %chain(&e), "power levels unknown");
            false
        }
    }
}

async fn leave_room(bot: &Bot, room: &Room, asker: &UserId) {
    if direct::is_direct_with(room, &bot.me, asker).await || is_moderator(room, asker).await {
        // Through the room's queue, so the goodbye goes out before the bot leaves.
        let goodbye = bot.words(room, || t!("matrix-goodbye"));
        let (r, by) = (room.clone(), asker.to_owned());
        bot.outbound
            .push(&format!("room:{}", room.room_id()), async move {
                deliver::text(&r, &goodbye).await;
                if let Err(e) = r.leave().await {
                    tracing::warn!(room = %r.room_id(), error = %chain(&e), "could not leave");
                }
                tracing::info!(room = %r.room_id(), %by, "left the room on request");
            });
    } else {
        bot.say(room, &bot.words(room, || t!("matrix-only-moderator")));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use matrix_sdk::ruma::serde::Raw;

    fn member(state_key: &str, membership: &str, before: Option<&str>) -> TimelineEvent {
        let unsigned = before.map_or_else(
            || serde_json::json!({}),
            |b| serde_json::json!({"prev_content": {"membership": b}}),
        );
        let json = serde_json::json!({
            "type": "m.room.member", "state_key": state_key, "sender": state_key,
            "event_id": "$e", "origin_server_ts": 1,
            "content": {"membership": membership}, "unsigned": unsigned,
        });
        TimelineEvent::from_plaintext(Raw::from_json(
            serde_json::value::to_raw_value(&json).expect("json"),
        ))
    }

    #[test]
    fn only_the_bot_s_own_join_marks_where_its_history_starts() {
        let me = UserId::parse("@bot:example.org").expect("id");
        assert!(is_own_join(&member("@bot:example.org", "join", None), &me));
        assert!(is_own_join(
            &member("@bot:example.org", "join", Some("invite")),
            &me
        ));
        assert!(
            !is_own_join(&member("@bot:example.org", "join", Some("join")), &me),
            "a new display name is not a join"
        );
        assert!(!is_own_join(
            &member("@alice:example.org", "join", None),
            &me
        ));
        assert!(!is_own_join(
            &member("@bot:example.org", "leave", None),
            &me
        ));
    }

    #[test]
    fn a_member_who_had_joined_and_leaves_or_is_banned_departs() {
        let me = UserId::parse("@bot:example.org").expect("id");
        // Somebody else leaving after they had joined; not the bot, not a refused invite.
        assert_eq!(
            departed_member(&member("@alice:example.org", "leave", Some("join")), &me).as_deref(),
            Some("matrix:@alice:example.org")
        );
        assert!(departed_member(&member("@alice:example.org", "ban", Some("join")), &me).is_some());
        assert!(
            departed_member(&member("@alice:example.org", "leave", Some("invite")), &me).is_none()
        );
        assert!(
            departed_member(&member("@alice:example.org", "join", Some("join")), &me).is_none()
        );
        assert!(departed_member(&member("@bot:example.org", "leave", Some("join")), &me).is_none());
    }
}
