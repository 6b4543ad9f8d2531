//! What the chats tell the application about their channels: a channel the bot cannot reach
//! pauses its table, one gone for good closes it (through the one path, with the league's
//! seams), and what they ask of a channel's table to do so.

use super::*;

impl App {
    /// Pauses the open table of `channel` (the chat cannot reach it for now); whether it did.
    pub fn suspend(&self, channel: &str) -> bool {
        self.core.suspend(channel, self)
    }

    /// Closes the open table of `channel` without a result (its channel is gone for good);
    /// whether it did.
    pub fn close_gone(&self, channel: &str) -> bool {
        self.core.close_gone(channel, self)
    }

    /// Closes every open table of `community` (the bot left the server); how many.
    pub fn close_community(&self, community: &str) -> usize {
        self.core.close_community(community, self)
    }

    /// Whether `channel` has an open table.
    pub fn has_open_table(&self, channel: &str) -> bool {
        self.core.has_open_table(channel)
    }

    /// The user ids seated at the open table of `channel`.
    pub fn seat_ids(&self, channel: &str) -> Vec<String> {
        self.core.seat_ids(channel)
    }

    /// The people (no computer players) seated at the open table of `channel`, each with the
    /// language they read.
    pub fn seated_people(&self, channel: &str) -> Vec<(String, crate::i18n::Lang)> {
        self.core
            .with_slot(channel, |slot| {
                slot.table()
                    .filter(|t| t.status.is_open())
                    .map(|t| self.languages.table_languages(t).seats)
                    .unwrap_or_default()
            })
            .unwrap_or_default()
            .into_iter()
            .filter(|(id, _)| !id.starts_with(crate::table::command::BOT_PREFIX))
            .collect()
    }

    /// The channels of the open tables of `community`.
    pub fn open_channels(&self, community: &str) -> Vec<String> {
        self.core.open_channels(community)
    }
}
