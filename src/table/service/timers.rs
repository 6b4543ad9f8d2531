//! What happens by time alone: the ticks that run the clocks and the waits for answers,
//! through the same path as a typed move.

use super::*;

impl TableService {
    /// Runs the timers that are due (clocks running out, waits for answers ending) in the
    /// channels whose key starts with `channels` (each chat adapter ticks its own key prefix;
    /// `""` for all); returns the replies per channel. Call this about
    /// once a second; it also records that the service is alive and lets idle tables go.
    pub fn tick(&self, channels: &str) -> Vec<(String, Vec<Reply>)> {
        if let Err(e) = self.store.set_heartbeat(self.time.now()) {
            tracing::warn!(error = %e, "heartbeat not written");
        }
        let now = self.now();
        let keys: Vec<String> = lock(&self.slots)
            .keys()
            .filter(|k| k.starts_with(channels))
            .cloned()
            .collect();
        lock(&self.rates).prune(now);
        let mut out = self.expire_lobbies(channels, now);
        for key in keys {
            let replies = self.with_loaded_slot(&key, |slot| {
                let mut replies = self.run_timers(slot, &key, now);
                replies.extend(self.run_bots(slot, &key, now));
                let channel = slot.table.as_ref().map(|t| t.channel.clone());
                (channel, replies)
            });
            if let Some((Some(channel), replies)) = replies
                && !replies.is_empty()
            {
                out.push((channel, replies));
            }
        }
        out
    }

    /// Whatever is due by time alone, through the one path: every clock that ran out (several
    /// seats' at once, when they think at the same time) and the wait for answers.
    pub(super) fn run_timers(&self, slot: &mut Slot, channel: &str, now: Millis) -> Vec<Reply> {
        let mut replies = Vec::new();
        // Each round settles at least one timer or stops; a table has a clock per seat and one
        // wait, so this ends.
        for _ in 0..16 {
            let due = slot
                .table
                .as_ref()
                .and_then(next_deadline)
                .is_some_and(|at| at <= now);
            if !due {
                break;
            }
            let before = replies.len();
            replies.extend(self.act(
                slot,
                channel,
                &Actor::Table,
                &Action::ClockRanOut,
                None,
                now,
            ));
            replies.extend(self.act(
                slot,
                channel,
                &Actor::Table,
                &Action::CloseWindow,
                None,
                now,
            ));
            if replies.len() == before {
                break;
            }
        }
        replies
    }
}
