//! What a server admin, Discord itself or the test's setup does to the fake: deleting channels,
//! archiving and locking threads, removing members and the bot, roles and channel overwrites,
//! Activities, slow uploads, rate-limit enforcement.

use std::sync::atomic::Ordering;

use serde_json::json;

use super::perms::Overwrite;
use super::{FakeDiscord, FakeUser, commands, intents, perms, shapes};

impl FakeDiscord {
    /// Deletes a channel or thread as a server admin would: it is gone for every route, and
    /// CHANNEL_DELETE (THREAD_DELETE for a thread) is dispatched.
    pub fn delete_channel(&self, id: u64) {
        let mut st = self.lock();
        let Some(chan) = st.channels.remove(&id) else {
            return;
        };
        if chan.is_thread() {
            st.dispatch(
                "THREAD_DELETE",
                json!({
                    "id": id.to_string(),
                    "guild_id": Self::GUILD_ID.to_string(),
                    "parent_id": chan.parent_id.map(|p| p.to_string()),
                    "type": chan.kind,
                }),
            );
        } else {
            let json = shapes::channel_json(&st, &chan);
            st.dispatch("CHANNEL_DELETE", json);
        }
    }

    /// Archives a thread (as Discord does after its archive duration without a message) and
    /// dispatches THREAD_UPDATE.
    pub fn archive_thread(&self, id: u64) {
        self.set_thread(id, true, None);
    }

    /// A moderator locks and archives a thread (THREAD_UPDATE): only MANAGE_THREADS may
    /// unarchive it or post in it.
    pub fn lock_thread(&self, id: u64) {
        self.set_thread(id, true, Some(true));
    }

    fn set_thread(&self, id: u64, archived: bool, locked: Option<bool>) {
        let mut st = self.lock();
        let Some(chan) = st.channels.get_mut(&id) else {
            return;
        };
        chan.archived = archived;
        if let Some(locked) = locked {
            chan.locked = locked;
        }
        let chan = chan.clone();
        let json = shapes::channel_json(&st, &chan);
        st.dispatch("THREAD_UPDATE", json);
    }

    /// Other users open `n` active public threads under `parent` (a busy server near its
    /// active-thread cap); returns their ids.
    pub fn open_threads(&self, parent: u64, n: usize) -> Vec<u64> {
        let mut st = self.lock();
        (0..n)
            .map(|i| {
                let id = st.next_id();
                let thread = super::state::Chan::new(id, 11, &format!("busy-{i}"), Some(parent), 0);
                st.channels.insert(id, thread);
                id
            })
            .collect()
    }

    /// Whether a thread is archived now.
    pub fn is_archived(&self, id: u64) -> bool {
        self.lock().chan(id).is_some_and(|c| c.archived)
    }

    /// The users added to a thread (the bot, which joined its threads by creating them, left
    /// out).
    pub fn thread_members(&self, id: u64) -> Vec<u64> {
        self.lock()
            .chan(id)
            .map(|c| {
                c.members
                    .iter()
                    .copied()
                    .filter(|u| *u != Self::BOT_ID)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The guild removes the bot: GUILD_DELETE without `unavailable`, and its channels are
    /// gone for the bot.
    pub fn remove_bot_from_guild(&self) {
        let mut st = self.lock();
        st.channels.retain(|_, c| !c.in_guild());
        st.dispatch(
            "GUILD_DELETE",
            json!({"id": Self::GUILD_ID.to_string(), "unavailable": false}),
        );
    }

    /// `user` leaves the guild: they are gone from its threads, and GUILD_MEMBER_REMOVE is
    /// dispatched — as Discord does only to a session that asked for the GUILD_MEMBERS intent.
    pub fn remove_member(&self, user: &FakeUser) {
        let mut st = self.lock();
        st.users.remove(&user.id);
        for chan in st.channels.values_mut() {
            chan.members.remove(&user.id);
        }
        if st.gw.intents & intents::GUILD_MEMBERS != 0 {
            let json = json!({
                "guild_id": Self::GUILD_ID.to_string(),
                "user": shapes::user_json(user),
            });
            st.dispatch("GUILD_MEMBER_REMOVE", json);
        }
    }

    /// The threads that exist now (id, parent, name).
    pub fn threads(&self) -> Vec<(u64, u64, String)> {
        self.lock()
            .channels
            .values()
            .filter(|c| c.is_thread())
            .map(|c| (c.id, c.parent_id.unwrap_or(0), c.name.clone()))
            .collect()
    }

    // -----------------------------------------------------------------------------------------
    // permissions

    /// The bot's managed role (by default exactly [`perms::BOT`]).
    pub fn bot_role_id(&self) -> u64 {
        Self::BOT_ROLE_ID
    }

    /// Sets a role's permissions (`@everyone` is [`FakeDiscord::EVERYONE_ROLE_ID`]) and
    /// dispatches GUILD_ROLE_UPDATE, from which serenity's cache learns them.
    pub fn set_role_permissions(&self, role_id: u64, bits: u64) {
        let mut st = self.lock();
        let Some(role) = st.roles.get_mut(&role_id) else {
            panic!("fake Discord: no role {role_id}");
        };
        role.permissions = bits;
        let role = shapes::role_json(role);
        if st.subscribed(intents::GUILDS) {
            let event = json!({"guild_id": Self::GUILD_ID.to_string(), "role": role});
            st.dispatch("GUILD_ROLE_UPDATE", event);
        }
    }

    /// Sets the overwrite of a role (`is_member` false) or a member on a channel and dispatches
    /// CHANNEL_UPDATE. Threads have no overwrites of their own: they take their parent's.
    pub fn set_overwrite(
        &self,
        channel_id: u64,
        target_id: u64,
        is_member: bool,
        allow: u64,
        deny: u64,
    ) {
        self.change_overwrites(channel_id, |list| {
            list.retain(|o| o.id != target_id);
            list.push(Overwrite {
                id: target_id,
                member: is_member,
                allow,
                deny,
            });
        });
    }

    /// Removes the overwrite for `target_id` from a channel and dispatches CHANNEL_UPDATE.
    pub fn clear_overwrite(&self, channel_id: u64, target_id: u64) {
        self.change_overwrites(channel_id, |list| list.retain(|o| o.id != target_id));
    }

    fn change_overwrites(&self, channel_id: u64, change: impl FnOnce(&mut Vec<Overwrite>)) {
        let mut st = self.lock();
        let Some(chan) = st.channels.get_mut(&channel_id) else {
            panic!("fake Discord: no channel {channel_id}");
        };
        assert!(
            chan.in_guild() && !chan.is_thread(),
            "fake Discord: channel {channel_id} takes no overwrites (a DM or a thread, which takes its parent's)"
        );
        change(&mut chan.overwrites);
        let chan = chan.clone();
        if st.subscribed(intents::GUILDS) {
            let json = shapes::channel_json(&st, &chan);
            st.dispatch("CHANNEL_UPDATE", json);
        }
    }

    /// What `user_id` may do in `channel_id`, as Discord computes and enforces it (0 when they
    /// cannot see it). [`FakeDiscord::BOT_ID`] for the bot.
    pub fn permissions_of(&self, user_id: u64, channel_id: u64) -> u64 {
        perms::in_channel(&self.lock(), user_id, channel_id)
    }

    // -----------------------------------------------------------------------------------------
    // the application, uploads, limits

    /// Enables Activities for the application: Discord then creates its Entry Point command
    /// (type 4, "launch", handled by Discord), which a global bulk overwrite must keep.
    pub fn enable_activities(&self) {
        commands::add_entry_point(&mut self.lock());
    }

    /// Reads every request body at `bytes_per_second` (0: as fast as it comes), so that a large
    /// upload takes its time; an interaction's first response counts when its body is in.
    pub fn throttle_uploads(&self, bytes_per_second: u64) {
        self.inner
            .upload_rate
            .store(bytes_per_second, Ordering::Relaxed);
    }

    /// Whether requests over a rate limit are answered 429 (the default) or served anyway;
    /// the `x-ratelimit-*` headers are sent either way.
    pub fn enforce_rate_limits(&self, enforce: bool) {
        self.lock().limits.enforce = enforce;
    }
}
