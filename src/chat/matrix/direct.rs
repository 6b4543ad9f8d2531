//! Direct rooms: where private replies go and secret moves come from.
//!
//! - A room is a player's direct room only while its members (joined or invited) are exactly
//!   the bot and that player, and it is marked direct (`m.direct`). A room that once was one
//!   but got a third member, or that the player left, is not used for anything private; the
//!   bot opens a new direct room instead.
//! - A command sent in the direct room applies to the table the player sits at. A player seated
//!   at several tables is asked which one (a numbered list with the rooms' names); the answer
//!   `!2` or `!table 2` applies the held command to that table. The bot never guesses.
//! - Every private reply names its table: `[<game> in #room name] …`.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use matrix_sdk::room::Room;
use matrix_sdk::ruma::{OwnedUserId, RoomId, UserId};
use matrix_sdk::{Client, RoomMemberships};

use super::{deliver, user_key};
use crate::app::App;
use crate::chat::chain;
use crate::t;
use crate::table::User;

/// How long a command waits for its table to be chosen.
pub const HOLD_FOR: Duration = Duration::from_secs(600);

/// A command from a direct room waiting for the player to say which table it is for.
#[derive(Debug, Clone)]
pub struct Held {
    /// The command's text.
    pub text: String,
    /// The tables offered, in the order listed.
    pub tables: Vec<String>,
    /// When it was asked.
    pub at: Instant,
}

/// The held commands, by player.
#[derive(Debug, Default)]
pub struct HeldCommands(std::sync::Mutex<HashMap<OwnedUserId, Held>>);

impl HeldCommands {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<OwnedUserId, Held>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Holds `held` for `user` (replacing an older one).
    pub fn hold(&self, user: &UserId, held: Held) {
        self.lock().insert(user.to_owned(), held);
    }

    /// Takes the held command of `user`, if it is still fresh.
    pub fn take(&self, user: &UserId) -> Option<Held> {
        self.lock()
            .remove(user)
            .filter(|h| h.at.elapsed() < HOLD_FOR)
    }
}

/// The table number in an answer to "which table?": `!2`, `!table 2`.
pub fn table_choice(body: &str) -> Option<usize> {
    let rest = body.trim().strip_prefix('!')?.trim();
    let number = match rest.split_once(char::is_whitespace) {
        Some((word, n)) if word.eq_ignore_ascii_case("table") => n.trim(),
        Some(_) => return None,
        None => rest,
    };
    number.parse().ok().filter(|n| *n > 0)
}

/// Whether `room` is the direct room of `user` with the bot `me`: marked direct, and its
/// joined or invited members are exactly the two.
pub async fn is_direct_with(room: &Room, me: &UserId, user: &UserId) -> bool {
    if me == user || !room.is_direct().await.unwrap_or(false) {
        return false;
    }
    match room
        .members(RoomMemberships::JOIN | RoomMemberships::INVITE)
        .await
    {
        Ok(members) => {
            members.len() == 2
                && members.iter().any(|m| m.user_id() == me)
                && members.iter().any(|m| m.user_id() == user)
        }
        Err(e) => {
            tracing::warn!(room = %room.room_id(), error = %chain(&e), "members unknown; not treated as direct");
            false
        }
    }
}

/// The direct room with `user`, opened when there is none that is private.
pub async fn direct_room(client: &Client, user: &UserId) -> Option<Room> {
    let me = client.user_id()?.to_owned();
    for room in client.get_dm_rooms(user) {
        if is_direct_with(&room, &me, user).await {
            return Some(room);
        }
    }
    match deliver::retrying(None, "opening a direct room", || client.create_dm(user)).await {
        Ok(room) => {
            tracing::info!(user = %user, room = %room.room_id(), "opened a direct room");
            Some(room)
        }
        Err(e) => {
            tracing::warn!(user = %user, error = %chain(&e), "no direct room");
            None
        }
    }
}

/// The label that names the table of `channel` in private replies: `[<game> in #room name]`.
/// Blocking (asks the service).
pub fn table_label(service: &App, client: &Client, channel: &str) -> String {
    format!("[{}]", table_name(service, client, channel))
}

/// The name of the table of `channel`: `<game> in #room name` (a label without its brackets).
/// Blocking (asks the service).
fn table_name(service: &App, client: &Client, channel: &str) -> String {
    let game = service.game_name(channel);
    let room = room_name(client, channel);
    match game {
        Some(game) => t!("matrix-table-in-room", game = game, room = room),
        None => format!("#{room}"),
    }
}

/// A room's display name (its id when the bot does not know it).
pub fn room_name(client: &Client, channel: &str) -> String {
    let id = channel.strip_prefix("matrix:").unwrap_or(channel);
    RoomId::parse(id)
        .ok()
        .and_then(|id| client.get_room(&id))
        .and_then(|room| room.cached_display_name())
        .map(|name| name.to_string())
        .unwrap_or_else(|| id.to_string())
}

/// The question "which table?" for a player seated at `tables`.
pub fn which_table(service: &App, client: &Client, tables: &[String]) -> String {
    let list: Vec<String> = tables
        .iter()
        .enumerate()
        .map(|(i, table)| format!("{}. {}", i + 1, table_name(service, client, table)))
        .collect();
    t!("matrix-which-table", tables = list.join("\n"))
}

/// The key of a Matrix user in the service.
pub fn user_of(id: &UserId, name: String) -> User {
    User {
        id: user_key(id),
        name,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_to_which_table() {
        assert_eq!(table_choice("!1"), Some(1));
        assert_eq!(table_choice(" !table 2 "), Some(2));
        assert_eq!(table_choice("!TABLE  3"), Some(3));
        assert_eq!(table_choice("!0"), None);
        assert_eq!(table_choice("!move 2"), None);
        assert_eq!(table_choice("!x"), None);
        assert_eq!(table_choice("2"), None);
    }
}
