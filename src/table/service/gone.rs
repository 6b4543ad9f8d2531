//! Tables whose channel the chat cannot reach: paused while the bot is out of the room,
//! closed without a result when the channel, thread or server is gone for good; and lobbies
//! nobody started, closed after the configured time. Each through the one path, and the
//! table leaves memory and the timer loop at once (it stays in the store).

use super::*;
use crate::table::action::Closing;

impl TableService {
    /// Pauses the open table of `channel` (the bot left or lost the room): its clocks stop,
    /// it leaves memory and the timer loop; the next command in the channel resumes it.
    /// Returns whether a table paused.
    pub fn suspend(&self, channel: &str, seams: &dyn Seams) -> bool {
        self.by_table(channel, Action::Suspend, seams)
    }

    /// Closes the open table of `channel` without a result because the channel is gone
    /// (deleted, or the bot was removed from its server). Returns whether a table closed.
    pub fn close_gone(&self, channel: &str, seams: &dyn Seams) -> bool {
        self.by_table(channel, Action::Close(Closing::ChannelGone), seams)
    }

    /// Closes every open table of `community` (a server that removed the bot); returns how
    /// many closed.
    pub fn close_community(&self, community: &str, seams: &dyn Seams) -> usize {
        let channels: Vec<String> = lock(&self.communities)
            .get(community)
            .map(|set| set.iter().cloned().collect())
            .unwrap_or_default();
        channels
            .iter()
            .filter(|c| self.close_gone(c, seams))
            .count()
    }

    /// Whether `channel` has an open table (in the lobby or running, paused or not).
    pub fn has_open_table(&self, channel: &str) -> bool {
        self.with_slot(channel, |slot| {
            slot.table.as_ref().is_some_and(|t| t.status.is_open())
        })
        .unwrap_or(false)
    }

    /// The user ids seated at the open table of `channel` (to add to its thread).
    pub fn seat_ids(&self, channel: &str) -> Vec<String> {
        self.with_slot(channel, |slot| {
            slot.table
                .as_ref()
                .filter(|t| t.status.is_open())
                .map(|t| t.seats.iter().map(|u| u.id.clone()).collect())
                .unwrap_or_default()
        })
        .unwrap_or_default()
    }

    /// Acts for the table itself on `channel`, then lets the slot go from memory.
    fn by_table(&self, channel: &str, action: Action, seams: &dyn Seams) -> bool {
        let now = self.now();
        let acted = self.with_slot(channel, |slot| {
            let before = slot.table.as_ref().map(|t| (t.status, t.suspended));
            self.act(slot, channel, &Actor::Table, &action, None, now, seams);
            let after = slot.table.as_ref().map(|t| (t.status, t.suspended));
            before != after
        });
        // A paused or closed table leaves memory now (a timed one loads again when due).
        let mut slots = lock(&self.slots);
        if slots
            .get(channel)
            .is_some_and(|slot| Arc::strong_count(slot) == 1)
        {
            slots.remove(channel);
        }
        drop(slots);
        match acted {
            Ok(done) => {
                if done {
                    tracing::info!(channel, ?action, "table closed or paused by the chat");
                }
                done
            }
            Err(e) => {
                tracing::warn!(channel, error = %e, "table not reached");
                false
            }
        }
    }

    /// Closes the lobbies among `channels` (a key prefix) that nobody started in time; their
    /// replies per channel.
    pub(super) fn expire_lobbies(
        &self,
        channels: &str,
        now: Millis,
        seams: &dyn Seams,
    ) -> Vec<(String, Vec<Reply>)> {
        let after = self.lobby_expiry;
        let due_at = Millis::try_from(after.as_millis()).unwrap_or(Millis::MAX);
        let due: Vec<String> = lock(&self.lobbies)
            .iter()
            .filter(|(c, opened)| c.starts_with(channels) && now >= opened.saturating_add(due_at))
            .map(|(c, _)| c.clone())
            .collect();
        let mut out = Vec::new();
        for channel in due {
            let action = Action::Close(Closing::LobbyExpired { after });
            let result = self.with_slot(&channel, |slot| {
                let replies = self.act(slot, &channel, &Actor::Table, &action, None, now, seams);
                let lobby = slot
                    .table
                    .as_ref()
                    .is_some_and(|t| t.status == Status::Lobby);
                (replies, lobby)
            });
            match result {
                Ok((replies, _)) if !replies.is_empty() => out.push((channel, replies)),
                // No longer a lobby: the index was behind. (A lobby whose close could not be
                // saved stays indexed, and the next tick tries again.)
                Ok((_, false)) => {
                    lock(&self.lobbies).remove(&channel);
                }
                Ok((_, true)) => {}
                Err(e) => tracing::warn!(channel, error = %e, "lobby not expired"),
            }
        }
        out
    }
}
