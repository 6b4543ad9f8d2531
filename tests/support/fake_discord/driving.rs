//! What users do: slash commands, autocomplete, button clicks, select menus, messages. Each is
//! dispatched on the gateway as Discord would, after the checks Discord's client would make.

use std::time::Instant;

use serde_json::{Value, json};

use super::channels::dm_channel_for;
use super::shapes::{self, id_of};
use super::{FakeDiscord, FakeUser, Interaction, Ix, StoredMessage, intents, options, perms};

impl FakeDiscord {
    /// Makes a user known (for `GET /guilds/{id}/members/{user}` and `resolved` data) without
    /// sending anything. Users passed to `slash`, `message` ... are remembered automatically.
    pub fn add_user(&self, user: &FakeUser) {
        self.lock().users.insert(user.id, user.clone());
    }

    /// The DM channel between the bot and `user` (created if needed, same as
    /// `POST /users/@me/channels` would).
    pub fn dm_channel(&self, user: &FakeUser) -> u64 {
        let mut st = self.lock();
        st.users.insert(user.id, user.clone());
        dm_channel_for(&mut st, user.id)
    }

    /// Dispatches an application command (interaction type 2) as Discord would for `user` typing
    /// `/name` in `channel`. `options` is Discord's option array (`[{"name", "type", "value"}]`,
    /// subcommands as `{"name", "type": 1, "options": [...]}`); `type` may be omitted and is then
    /// taken from the registered command. Waits (bounded) for the command to be registered and
    /// panics if the options don't fit its schema, like Discord's client would not send them.
    pub async fn slash(
        &self,
        user: &FakeUser,
        channel: u64,
        name: &str,
        options: Value,
    ) -> Interaction {
        assert!(
            !self.is_archived(channel),
            "Discord's clients offer no application commands in an archived thread ({channel})"
        );
        self.command_interaction(user, channel, name, options, 2)
            .await
    }

    /// Dispatches an autocomplete interaction (type 4) for `/name`. Mark the option being typed
    /// with `"focused": true` (else the last option is focused); its value is sent as a string as
    /// Discord does. Waits for the type-8 callback and returns its `choices`.
    pub async fn autocomplete(
        &self,
        user: &FakeUser,
        channel: u64,
        name: &str,
        options: Value,
    ) -> Vec<Value> {
        let ix = self
            .command_interaction(user, channel, name, options, 4)
            .await;
        let cb = ix.callback(self).await;
        assert_eq!(
            cb.callback_type(),
            8,
            "autocomplete answered with callback type {}",
            cb.json["type"]
        );
        cb.json["data"]["choices"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    async fn command_interaction(
        &self,
        user: &FakeUser,
        channel: u64,
        name: &str,
        options: Value,
        kind: u8,
    ) -> Interaction {
        self.ensure_ready().await;
        let chan = self
            .lock()
            .chan(channel)
            .cloned()
            .unwrap_or_else(|| panic!("fake Discord: unknown channel {channel}"));
        let command = self
            .wait_for(
                || format!("command /{name} to be registered (visible in channel {channel})"),
                |st| st.find_command(name, 1, &chan),
            )
            .await;
        let mut st = self.lock();
        st.users.insert(user.id, user.clone());
        let allowed = perms::in_channel(&st, user.id, channel);
        assert!(
            chan.kind == 1 || allowed & perms::VIEW_CHANNEL != 0,
            "fake Discord: {} cannot see channel {channel}; Discord's client offers them no command there",
            user.name
        );
        let options = options::check_options(&st, &command, options, kind == 4)
            .unwrap_or_else(|e| panic!("fake Discord: /{name} {e}"));
        let id = st.next_id();
        let token = format!("fake-interaction-token-{id}");
        let mut payload = shapes::interaction_base(&st, kind, id, &token, user, &chan);
        payload["data"] = shapes::command_data(&st, &command, options, user.id, channel);
        st.interactions.insert(
            id,
            Ix {
                id,
                token: token.clone(),
                kind,
                channel_id: channel,
                user: user.clone(),
                command_name: Some(name.to_owned()),
                command_type: 1,
                component_message: None,
                callback: None,
                original: None,
                dispatched: Instant::now(),
            },
        );
        st.dispatch("INTERACTION_CREATE", payload);
        Interaction {
            id,
            token,
            kind,
            channel_id: channel,
            message_id: None,
        }
    }

    /// Dispatches a button click (interaction type 3) on a message the fake remembers. Panics if
    /// the message has no enabled button with that `custom_id`.
    pub async fn click(
        &self,
        user: &FakeUser,
        channel: u64,
        message_id: u64,
        custom_id: &str,
    ) -> Interaction {
        self.component_interaction(user, channel, message_id, custom_id, None)
            .await
    }

    /// Dispatches a string-select choice (interaction type 3, component type 3).
    pub async fn select(
        &self,
        user: &FakeUser,
        channel: u64,
        message_id: u64,
        custom_id: &str,
        values: &[&str],
    ) -> Interaction {
        let values = values.iter().map(|v| v.to_string()).collect();
        self.component_interaction(user, channel, message_id, custom_id, Some(values))
            .await
    }

    async fn component_interaction(
        &self,
        user: &FakeUser,
        channel: u64,
        message_id: u64,
        custom_id: &str,
        values: Option<Vec<String>>,
    ) -> Interaction {
        self.ensure_ready().await;
        let mut st = self.lock();
        st.users.insert(user.id, user.clone());
        let msg = st.messages.get(&message_id).cloned().unwrap_or_else(|| {
            panic!("fake Discord: message {message_id} is not known to the fake")
        });
        let msg_channel = id_of(&msg.json["channel_id"]);
        assert_eq!(
            msg_channel, channel,
            "fake Discord: message {message_id} is in channel {msg_channel}, not {channel}"
        );
        let chan = st
            .chan(channel)
            .cloned()
            .expect("channel of a stored message");
        let data =
            options::component_data(&msg.json, custom_id, values.as_deref()).unwrap_or_else(|e| {
                panic!(
                    "fake Discord: cannot use component {custom_id:?} on message {message_id}: {e}"
                )
            });
        let id = st.next_id();
        let token = format!("fake-interaction-token-{id}");
        let mut payload = shapes::interaction_base(&st, 3, id, &token, user, &chan);
        payload["data"] = data;
        payload["message"] = msg.json.clone();
        st.interactions.insert(
            id,
            Ix {
                id,
                token: token.clone(),
                kind: 3,
                channel_id: channel,
                user: user.clone(),
                command_name: None,
                command_type: 0,
                component_message: Some(message_id),
                callback: None,
                original: None,
                dispatched: Instant::now(),
            },
        );
        st.dispatch("INTERACTION_CREATE", payload);
        Interaction {
            id,
            token,
            kind: 3,
            channel_id: channel,
            message_id: Some(message_id),
        }
    }

    /// `user` writes `content` in `channel` (MESSAGE_CREATE). Returns the message id. Panics if
    /// the bot did not ask for the intent Discord requires to deliver it (GUILD_MESSAGES, or
    /// DIRECT_MESSAGES in a DM); without MESSAGE_CONTENT the bot gets an empty `content` unless
    /// it is mentioned or it's a DM, as on Discord. Nothing is dispatched in a channel the bot
    /// cannot see.
    pub async fn message(&self, user: &FakeUser, channel: u64, content: &str) -> u64 {
        self.ensure_ready().await;
        let mut st = self.lock();
        st.users.insert(user.id, user.clone());
        let chan = st
            .chan(channel)
            .cloned()
            .unwrap_or_else(|| panic!("fake Discord: unknown channel {channel}"));
        let needed = if chan.in_guild() {
            intents::GUILD_MESSAGES
        } else {
            intents::DIRECT_MESSAGES
        };
        assert!(
            st.gw.intents & needed != 0,
            "fake Discord: the bot identified with intents {:#x}, without {needed:#x}; Discord would not deliver this message",
            st.gw.intents
        );
        let send = perms::send_bit(&st, channel);
        assert!(
            perms::in_channel(&st, user.id, channel) & send != 0,
            "fake Discord: {} may not send messages in channel {channel}",
            user.name
        );
        let id = st.next_id();
        let mut msg = shapes::new_message(id, channel, shapes::user_json(user), 0);
        msg["content"] = json!(content);
        let mentions = shapes::mentions(&st, content);
        let mentions_bot = mentions.iter().any(|u| id_of(&u["id"]) == Self::BOT_ID);
        msg["mentions"] = Value::Array(mentions);
        st.messages.insert(
            id,
            StoredMessage {
                json: msg.clone(),
                files: vec![],
                ephemeral: false,
                interaction_id: None,
            },
        );
        if let Some(c) = st.channels.get_mut(&channel) {
            c.last_message_id = Some(id);
        }
        let mut event = msg;
        if chan.in_guild() && !mentions_bot && st.gw.intents & intents::MESSAGE_CONTENT == 0 {
            event["content"] = json!("");
        }
        if chan.in_guild() {
            event["guild_id"] = json!(Self::GUILD_ID.to_string());
            event["member"] = shapes::partial_member_json(&st, user);
        }
        if perms::can_view(&st, Self::BOT_ID, channel) {
            st.dispatch("MESSAGE_CREATE", event);
        }
        id
    }
}
