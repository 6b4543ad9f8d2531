//! Tournament games' rooms. A tournament's game waits at a key under the tournament's room
//! (`matrix:<room>/<name>`) until the bot first posts there: then the bot opens a room named
//! after the game (`<room name> · cup-r1-2`), invites its players, moves the table into it (its
//! clocks start then) and posts there from then on. Rooms are created one at a time, so a
//! round's rooms follow Synapse's `rc_room_creation` and `rc_invites` (matrix-sdk waits out a
//! 429 for the time the homeserver names), and each waits as long after the one before as that
//! one took (at most 2 s): a homeserver working through a round's rooms keeps half its time for
//! everybody else, a person's command in another room among them. A room that cannot be opened
//! is told to its players in the tournament's room, with a mention; the game waits, its clock
//! stopped, and `!tournament pairings` tries again. Once a game's result is posted the bot
//! leaves its room (remembered in the store, so also after a restart): its joined rooms do not
//! grow with every round.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use matrix_sdk::room::Room;
use matrix_sdk::ruma::api::client::room::create_room;
use matrix_sdk::ruma::api::client::room::create_room::v3::RoomPreset;
use matrix_sdk::ruma::{OwnedRoomId, OwnedUserId, RoomId, UserId};

use super::{Bot, deliver, direct};
use crate::chat::{ChatStore, Outgoing, chain};
use crate::table::{Reply, StoreError, User};

/// The store keys of the game rooms the bot has not left yet.
const PREFIX: &str = "matrix:game-room:";
/// The longest pause after a room's creation (a homeserver that took longer was waiting out
/// its own limits, not working).
const MAX_PAUSE: Duration = Duration::from_secs(2);
/// How often the tournament's room is told again that a game's room cannot be opened.
const REFUSAL_NOTE_EVERY: Duration = Duration::from_secs(600);

/// The rooms the bot opened for tournament games and has not left, and when the tournament's
/// room was last told that a game's room could not be opened.
pub struct GameRooms {
    store: Arc<dyn ChatStore>,
    open: Mutex<HashSet<OwnedRoomId>>,
    refused: Mutex<HashMap<String, Instant>>,
}

impl GameRooms {
    /// Read back from `store`. Blocking.
    pub fn open(store: Arc<dyn ChatStore>) -> Result<GameRooms, StoreError> {
        let open = store
            .chat_records(PREFIX)?
            .into_iter()
            .filter_map(|(key, _)| RoomId::parse(&key[PREFIX.len()..]).ok())
            .collect();
        Ok(GameRooms {
            store,
            open: Mutex::new(open),
            refused: Mutex::default(),
        })
    }

    fn is_game_room(&self, room: &RoomId) -> bool {
        self.open
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .contains(room)
    }

    /// Notes (`true`) or forgets a game room, durably.
    async fn note(&self, room: &RoomId, open: bool) {
        {
            let mut rooms = self.open.lock().unwrap_or_else(PoisonError::into_inner);
            if open {
                rooms.insert(room.to_owned());
            } else {
                rooms.remove(room);
            }
        }
        let (store, key) = (self.store.clone(), format!("{PREFIX}{room}"));
        let written = tokio::task::spawn_blocking(move || {
            store.set_chat_record(&key, open.then_some("open"))
        })
        .await;
        if !matches!(written, Ok(Ok(()))) {
            tracing::warn!(%room, "a game room's state not stored");
        }
    }

    /// Whether the tournament's room is to be told (again) about `key`'s refused room.
    fn refusal_due(&self, key: &str) -> bool {
        let now = Instant::now();
        let mut refused = self.refused.lock().unwrap_or_else(PoisonError::into_inner);
        let due = refused
            .get(key)
            .is_none_or(|at| now.duration_since(*at) >= REFUSAL_NOTE_EVERY);
        if due {
            refused.insert(key.to_string(), now);
        }
        due
    }
}

/// After a post in `room`: a game room whose table is over (its result was just posted) is
/// left.
pub async fn leave_if_over(bot: &Bot, room: &Room) {
    if !bot.game_rooms.is_game_room(room.room_id()) {
        return;
    }
    let (service, key) = (bot.service.clone(), super::channel_key(room.room_id()));
    let open = tokio::task::spawn_blocking(move || service.has_open_table(&key))
        .await
        .unwrap_or(true);
    if open {
        return;
    }
    match room.leave().await {
        Ok(()) => {
            bot.game_rooms.note(room.room_id(), false).await;
            tracing::info!(room = %room.room_id(), "a finished game's room left");
        }
        Err(e) => {
            tracing::warn!(room = %room.room_id(), error = %chain(&e), "a finished game's room not left")
        }
    }
}

/// The tournament's room and the game's name of a pending key, if it is one.
/// (A duplicate's `…/private/<name>`: every game room is invite-only anyway.)
pub fn pending(key: &str) -> Option<(OwnedRoomId, &str)> {
    let (parent, name) = key.strip_prefix("matrix:")?.split_once('/')?;
    let name = name.strip_prefix("private/").unwrap_or(name);
    Some((RoomId::parse(parent).ok()?, name))
}

/// The room of the game waiting at `key`: the one opened before, or a new one.
pub async fn room(bot: &Arc<Bot>, key: &str) -> Option<Room> {
    let known = bot
        .venues
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .get(key)
        .cloned();
    if let Some(id) = known {
        return bot.client.get_room(&id);
    }
    let (parent, name) = pending(key)?;
    let (service, seats_key) = (bot.service.clone(), key.to_string());
    let members = tokio::task::spawn_blocking(move || service.seat_ids(&seats_key))
        .await
        .unwrap_or_default();
    let invite: Vec<OwnedUserId> = members
        .iter()
        .filter_map(|m| m.strip_prefix("matrix:"))
        .filter_map(|m| UserId::parse(m).ok())
        .filter(|u| *u != bot.me)
        .collect();
    let title = format!(
        "{} · {name}",
        direct::room_name(&bot.client, &format!("matrix:{parent}"))
    );
    let request = || {
        let mut request = create_room::v3::Request::new();
        request.name = Some(title.clone());
        request.invite = invite.clone();
        request.preset = Some(RoomPreset::PrivateChat);
        request
    };
    let created = {
        let mut next = bot.room_creation.lock().await;
        if let Some(at) = *next {
            tokio::time::sleep_until(at).await;
        }
        let began = tokio::time::Instant::now();
        let created = deliver::retrying(None, "opening a tournament game's room", || {
            bot.client.create_room(request())
        })
        .await;
        // The homeserver gets as much time for everybody else as this room took it.
        let took = began.elapsed().min(MAX_PAUSE);
        *next = Some(tokio::time::Instant::now() + took);
        created
    };
    let room = match created {
        Ok(room) => room,
        Err(e) => {
            tracing::warn!(error = %chain(&e), key, "no room for a tournament game");
            if bot.game_rooms.refusal_due(key) {
                refused_note(bot, &parent, name, &invite, &chain(&e)).await;
            }
            return None;
        }
    };
    bot.game_rooms.note(room.room_id(), true).await;
    let to = format!("matrix:{}", room.room_id());
    let (service, from, target) = (bot.service.clone(), key.to_string(), to.clone());
    match tokio::task::spawn_blocking(move || service.relocate(&from, &target)).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => tracing::warn!(error = %e, key, "the tournament game stays where it waits"),
        Err(e) => tracing::warn!(error = %e, key, "the tournament game stays where it waits"),
    }
    tracing::info!(room = %room.room_id(), key, "a tournament game's room opened");
    bot.venues
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .insert(key.to_string(), room.room_id().to_owned());
    Some(room)
}

/// Tells the tournament's room `parent`, mentioning the game's players, that the room of its
/// game `name` could not be opened, and what happens now.
async fn refused_note(bot: &Bot, parent: &RoomId, name: &str, players: &[OwnedUserId], why: &str) {
    let Some(room) = bot.client.get_room(parent) else {
        return;
    };
    let mentions: Vec<User> = players
        .iter()
        .map(|p| User {
            id: super::user_key(p),
            name: p.localpart().to_string(),
        })
        .collect();
    let why: String = why.chars().take(200).collect();
    let note = Outgoing {
        reply: Reply {
            mentions,
            ..crate::i18n::scope(bot.room_lang(&room), || {
                Reply::public(crate::t!("matrix-room-refused", name = name, why = why))
            })
        },
        png: None,
    };
    deliver::post(&room, &note).await;
}
