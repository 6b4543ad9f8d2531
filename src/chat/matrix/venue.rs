//! Tournament games' rooms. A tournament's game waits at a key under the tournament's room
//! (`matrix:<room>/<name>`) until the bot first posts there: then the bot opens a room named
//! after the game (`<room name> · cup-r1-2`), invites its players, moves the table into it and
//! posts there from then on.

use std::sync::Arc;

use matrix_sdk::room::Room;
use matrix_sdk::ruma::api::client::room::create_room;
use matrix_sdk::ruma::api::client::room::create_room::v3::RoomPreset;
use matrix_sdk::ruma::{OwnedRoomId, OwnedUserId, RoomId, UserId};

use super::{Bot, deliver, direct};
use crate::chat::chain;

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
    let room = match deliver::retrying(None, "opening a tournament game's room", || {
        bot.client.create_room(request())
    })
    .await
    {
        Ok(room) => room,
        Err(e) => {
            tracing::warn!(error = %chain(&e), key, "no room for a tournament game");
            return None;
        }
    };
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
