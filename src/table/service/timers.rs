//! What happens at the tables by time alone: the clocks running out, the waits for answers,
//! the ends of vacations, the reminders, lobbies expiring and computer players moving — each
//! through the same path as a typed move.
//!
//! **Spread.** A tick sends at most a budget of messages (the caller's, shared with what else
//! it fires); what is due beyond that waits for the next ticks, soonest first.

use super::*;

impl TableService {
    /// Runs the timers that are due in the channels whose key starts with `channels` (each chat
    /// adapter ticks its own key prefix; `""` for all) and lets the computer players to move
    /// think or move; returns the replies per channel, with what commands left for other
    /// channels. Call this about once a second; it also records that the service is alive and
    /// lets idle tables go.
    pub fn tick(
        &self,
        channels: &str,
        now: Millis,
        budget: &mut usize,
        seams: &dyn Seams,
    ) -> Vec<(String, Vec<Reply>)> {
        if let Err(e) = self.store.set_heartbeat(self.time.now()) {
            tracing::warn!(error = %e, "heartbeat not written");
        }
        let mut out = self.take_outbox(channels);
        out.extend(self.expire_lobbies(channels, now, seams));
        // The tables whose timer is due, soonest first, then those in memory (a computer
        // player may be to move there).
        let mut keys = lock(&self.timers).due(channels, now);
        // With a store other processes write too, the store knows every table's next timer:
        // this process fires those it claims, and no other process fires them meanwhile.
        let shared = self.store.shared();
        let mut claimed = Vec::new();
        if shared {
            keys = match self
                .store
                .claim_due_tables(channels, now, self.time.now(), TIMER_LEASE)
            {
                Ok(due) => due,
                Err(e) => {
                    tracing::warn!(error = %e, "due timers not claimed");
                    Vec::new()
                }
            };
            claimed.clone_from(&keys);
        }
        metrics::gauge!(
            crate::telemetry::TIMERS_DUE,
            "chat" => crate::telemetry::chat_of(channels)
        )
        .set(keys.len() as f64);
        // (With a shared store, visiting reads the table again: only where a computer player
        // was to move when this process last saw it.)
        let loaded: Vec<String> = lock(&self.slots)
            .iter()
            .filter(|(k, slot)| {
                k.starts_with(channels)
                    && (!shared
                        || slot.try_lock().is_ok_and(|s| {
                            s.table.as_ref().is_some_and(|t| t.bot_to_act().is_some())
                        }))
            })
            .map(|(k, _)| k.clone())
            .collect();
        for key in loaded {
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
        for key in keys {
            let replies = self.visit_slot(&key, |slot| {
                let mut replies = self.run_timers(slot, &key, now, budget, seams);
                replies.extend(self.run_bots(slot, &key, now, seams));
                if let Some(table) = slot.table.as_ref().filter(|_| claimed.contains(&key))
                    && let Err(e) = self.store.reschedule(table, now)
                {
                    tracing::warn!(error = %e, channel = %key, "timer not handed back");
                }
                let channel = slot.table.as_ref().map(|t| t.channel.clone());
                (channel, replies)
            });
            match replies {
                Ok((Some(channel), replies)) if !replies.is_empty() => out.push((channel, replies)),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, channel = %key, "table not loaded"),
            }
        }
        out
    }

    /// When the next timer of any table or digest is due (table time): for simulations that
    /// jump from one moment to the next.
    pub fn next_timer(&self) -> Option<Millis> {
        lock(&self.timers).next()
    }

    /// Whatever is due at the table by time alone, through the one path: every clock that ran
    /// out (several seats' at once, when they think at the same time), the wait for answers,
    /// the vacations that are over and the reminders — while `budget` lasts (each message
    /// counts one off; what is left stays due for the next tick).
    pub fn run_timers(
        &self,
        slot: &mut Slot,
        channel: &str,
        now: Millis,
        budget: &mut usize,
        seams: &dyn Seams,
    ) -> Vec<Reply> {
        let mut replies = Vec::new();
        // Each round settles at least one timer or stops; a table has a clock and reminders
        // per seat, one wait and a few vacations, so this ends.
        for _ in 0..32 {
            let Some(at) = slot
                .table
                .as_ref()
                .and_then(|t| next_deadline(t, now))
                .filter(|at| *at <= now)
            else {
                break;
            };
            let before = slot.table.as_ref().map(|t| t.log_len);
            for action in [
                Action::ClockRanOut,
                Action::CloseWindow,
                Action::Back { user: None },
                Action::Remind,
            ] {
                if *budget == 0 {
                    metrics::counter!(crate::telemetry::MESSAGES_HELD).increment(1);
                    return replies;
                }
                let acted = self.act(slot, channel, &Actor::Table, &action, None, now, seams);
                *budget = budget.saturating_sub(acted.len());
                replies.extend(acted);
            }
            if slot.table.as_ref().map(|t| t.log_len) == before {
                break;
            }
            metrics::counter!(crate::telemetry::TIMERS_FIRED).increment(1);
            crate::telemetry::seconds(
                crate::telemetry::TIMER_LATENESS_SECONDS,
                &[],
                std::time::Duration::from_millis(self.now().saturating_sub(at)),
            );
        }
        replies
    }
}

/// How long a process holds the timers it claimed from a shared store (wall clock, ms): long
/// enough to fire them, short enough that another process takes over soon after a crash.
const TIMER_LEASE: u64 = 30_000;
