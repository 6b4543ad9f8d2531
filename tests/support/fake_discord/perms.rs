//! Discord's permission model for the fake guild: permission bits, roles, channel overwrites,
//! and the computation Discord documents (Permissions topic, "Permission Overwrites",
//! "Implicit Permissions", "Inherited Permissions (Threads)").
//!
//! 1. base = `@everyone`'s permissions | the member's roles' permissions; the guild owner and
//!    ADMINISTRATOR get everything (overwrites included);
//! 2. the channel's `@everyone` overwrite (deny, then allow), all of the member's role
//!    overwrites combined (deny, then allow), the member's own overwrite (deny, then allow);
//! 3. without VIEW_CHANNEL nothing else counts; without the permission to send
//!    (SEND_MESSAGES, in a thread SEND_MESSAGES_IN_THREADS) MENTION_EVERYONE, SEND_TTS_MESSAGES,
//!    ATTACH_FILES and EMBED_LINKS do not count either;
//! 4. a thread takes its parent channel's overwrites; a private thread is visible only to its
//!    members and to those with MANAGE_THREADS.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::checks::Reject;
use super::{FakeDiscord, State};

pub const CREATE_INSTANT_INVITE: u64 = 1 << 0;
pub const ADMINISTRATOR: u64 = 1 << 3;
pub const MANAGE_CHANNELS: u64 = 1 << 4;
pub const MANAGE_GUILD: u64 = 1 << 5;
pub const ADD_REACTIONS: u64 = 1 << 6;
pub const VIEW_CHANNEL: u64 = 1 << 10;
pub const SEND_MESSAGES: u64 = 1 << 11;
pub const SEND_TTS_MESSAGES: u64 = 1 << 12;
pub const MANAGE_MESSAGES: u64 = 1 << 13;
pub const EMBED_LINKS: u64 = 1 << 14;
pub const ATTACH_FILES: u64 = 1 << 15;
pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
pub const MENTION_EVERYONE: u64 = 1 << 17;
pub const USE_EXTERNAL_EMOJIS: u64 = 1 << 18;
pub const CHANGE_NICKNAME: u64 = 1 << 26;
pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
pub const MANAGE_THREADS: u64 = 1 << 34;
pub const MANAGE_EVENTS: u64 = 1 << 33;
pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
pub const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

/// Every permission bit Discord defines (up to bit 50).
pub const ALL: u64 = (1 << 51) - 1;
/// What `@everyone` may do in the fake guild.
pub const EVERYONE: u64 = CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS;
/// The moderator role adds this.
pub const MODERATOR: u64 = MANAGE_MESSAGES;
/// The event organizers' role adds this.
pub const ORGANIZER: u64 = MANAGE_EVENTS;
/// The bot's managed role: what the bot asks for when it is invited — no MANAGE_THREADS (it
/// archives, unarchives and adds members to the threads it creates without it).
pub const BOT: u64 = VIEW_CHANNEL
    | SEND_MESSAGES
    | SEND_MESSAGES_IN_THREADS
    | READ_MESSAGE_HISTORY
    | ATTACH_FILES
    | EMBED_LINKS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS;
/// What the two people in a DM may do there.
pub const DM: u64 = VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS;
/// What a member may not use without the permission to send messages.
const NEEDS_SEND: u64 = MENTION_EVERYONE | SEND_TTS_MESSAGES | ATTACH_FILES | EMBED_LINKS;

/// A role as the fake keeps it.
#[derive(Clone, Debug)]
pub(crate) struct Role {
    pub id: u64,
    pub name: String,
    pub permissions: u64,
    pub position: u64,
    /// The bot's integration role.
    pub managed: bool,
}

/// A channel's permission overwrite for a role or a member.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Overwrite {
    pub id: u64,
    pub member: bool,
    pub allow: u64,
    pub deny: u64,
}

impl Overwrite {
    /// Discord's overwrite object (`type` 0 role, 1 member; bit sets as strings).
    pub fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "type": u8::from(self.member),
            "allow": self.allow.to_string(),
            "deny": self.deny.to_string(),
        })
    }
}

pub(crate) fn default_roles() -> BTreeMap<u64, Role> {
    let role = |id, name: &str, permissions, position, managed| Role {
        id,
        name: name.to_owned(),
        permissions,
        position,
        managed,
    };
    [
        role(
            FakeDiscord::EVERYONE_ROLE_ID,
            "@everyone",
            EVERYONE,
            0,
            false,
        ),
        role(
            FakeDiscord::MOD_ROLE_ID,
            "Spielleitung",
            MODERATOR,
            1,
            false,
        ),
        role(FakeDiscord::BOT_ROLE_ID, "Spieltisch", BOT, 2, true),
        role(
            FakeDiscord::EVENTS_ROLE_ID,
            "Turnierleitung",
            ORGANIZER,
            1,
            false,
        ),
    ]
    .into_iter()
    .map(|r| (r.id, r))
    .collect()
}

/// The roles a guild member has besides `@everyone`.
pub(crate) fn member_roles(st: &State, user: u64) -> Vec<u64> {
    if user == FakeDiscord::BOT_ID {
        vec![FakeDiscord::BOT_ROLE_ID]
    } else {
        let user = st.users.get(&user);
        let mut roles = Vec::new();
        if user.is_some_and(|u| u.manage_messages) {
            roles.push(FakeDiscord::MOD_ROLE_ID);
        }
        if user.is_some_and(|u| u.manage_events) {
            roles.push(FakeDiscord::EVENTS_ROLE_ID);
        }
        roles
    }
}

/// Guild-level permissions: `@everyone` | the member's roles; everything for the owner and
/// for ADMINISTRATOR.
pub(crate) fn base(st: &State, user: u64) -> u64 {
    if user == FakeDiscord::OWNER_ID {
        return ALL;
    }
    let role = |id| st.roles.get(&id).map_or(0, |r| r.permissions);
    let mut p = role(FakeDiscord::EVERYONE_ROLE_ID);
    for r in member_roles(st, user) {
        p |= role(r);
    }
    if p & ADMINISTRATOR != 0 { ALL } else { p }
}

/// What `user` may do in `channel`, as Discord enforces it; 0 for a channel they cannot see.
pub(crate) fn in_channel(st: &State, user: u64, channel: u64) -> u64 {
    let Some(chan) = st.chan(channel) else {
        return 0;
    };
    if !chan.in_guild() {
        let party = user == FakeDiscord::BOT_ID || chan.recipient == Some(user);
        return if party { DM } else { 0 };
    }
    let base = base(st, user);
    if base == ALL {
        return ALL;
    }
    // A thread takes its parent channel's overwrites.
    let source = if chan.is_thread() {
        chan.parent_id.and_then(|p| st.chan(p)).unwrap_or(chan)
    } else {
        chan
    };
    let mut p = base;
    let overwrites = &source.overwrites;
    if let Some(o) = overwrites
        .iter()
        .find(|o| !o.member && o.id == FakeDiscord::EVERYONE_ROLE_ID)
    {
        p = (p & !o.deny) | o.allow;
    }
    let roles = member_roles(st, user);
    let (mut allow, mut deny) = (0, 0);
    for o in overwrites
        .iter()
        .filter(|o| !o.member && roles.contains(&o.id))
    {
        allow |= o.allow;
        deny |= o.deny;
    }
    p = (p & !deny) | allow;
    if let Some(o) = overwrites.iter().find(|o| o.member && o.id == user) {
        p = (p & !o.deny) | o.allow;
    }
    if p & VIEW_CHANNEL == 0 {
        return 0;
    }
    if chan.kind == 12
        && !chan.members.contains(&user)
        && chan.owner_id != Some(user)
        && p & MANAGE_THREADS == 0
    {
        return 0;
    }
    let send = if chan.is_thread() {
        SEND_MESSAGES_IN_THREADS
    } else {
        SEND_MESSAGES
    };
    if p & send == 0 {
        p &= !NEEDS_SEND;
    }
    p
}

/// The bot's permissions in `channel` if it has `needed` there: 403 with 50001 "Missing Access"
/// when it cannot see the channel, 403 with 50013 "Missing Permissions" when it lacks another.
pub(crate) fn require(st: &State, channel: u64, needed: u64) -> Result<u64, Reject> {
    let p = in_channel(st, FakeDiscord::BOT_ID, channel);
    if p & VIEW_CHANNEL == 0 {
        return Err(missing_access());
    }
    if p & needed != needed {
        return Err(missing_permissions());
    }
    Ok(p)
}

pub(crate) fn missing_access() -> Reject {
    Reject::new(403, 50001, "Missing Access")
}

pub(crate) fn missing_permissions() -> Reject {
    Reject::new(403, 50013, "Missing Permissions")
}

/// The permission to send in `channel`: SEND_MESSAGES_IN_THREADS in a thread.
pub(crate) fn send_bit(st: &State, channel: u64) -> u64 {
    if st.chan(channel).is_some_and(|c| c.is_thread()) {
        SEND_MESSAGES_IN_THREADS
    } else {
        SEND_MESSAGES
    }
}

/// Whether `user` can see `channel` (and so be notified by a message in it).
pub(crate) fn can_view(st: &State, user: u64, channel: u64) -> bool {
    in_channel(st, user, channel) & VIEW_CHANNEL != 0
}
