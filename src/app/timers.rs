//! What happens by time alone: the ticks that run the clocks, the waits for answers, the
//! reminders, the ends of vacations and the digests — the tables' timers through the same path
//! as a typed move.
//!
//! **Spread and batched.** A tick sends at most `messages_per_second` messages of timers per
//! chat (reminders, digests, clocks running out, waits and vacations ending); what is due beyond
//! that waits for the next ticks, soonest first. Reminders come a little early, spread by table
//! (the policy's `spread`), and the notices going to one user in one tick are one message.

use super::digest::merge_notices;
use super::*;

impl TableService {
    /// Runs the timers that are due in the channels whose key starts with `channels` (each chat
    /// adapter ticks its own key prefix; `""` for all) and lets the computer players to move
    /// think or move; returns the replies per channel, with what commands left for other
    /// channels. Call this about once a second; it also records that the service is alive and
    /// lets idle tables go.
    pub fn tick(&self, channels: &str) -> Vec<(String, Vec<Reply>)> {
        if let Err(e) = self.store.set_heartbeat(self.time.now()) {
            tracing::warn!(error = %e, "heartbeat not written");
        }
        self.refresh_shared();
        let now = self.now();
        lock(&self.rates).prune(now);
        let mut out = self.take_outbox(channels);
        out.extend(self.expire_lobbies(channels, now));
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
        let mut budget = usize::try_from(self.timing.messages_per_second).unwrap_or(usize::MAX);
        for key in keys {
            let replies = self.visit_slot(&key, |slot| {
                let mut replies = self.run_timers(slot, &key, now, &mut budget);
                replies.extend(self.run_bots(slot, &key, now));
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
        out.extend(self.fire_digests(channels, now, &mut budget));
        merge_notices(&mut out);
        out
    }

    /// When the next timer of any table or digest is due (table time): for simulations that
    /// jump from one moment to the next.
    pub fn next_timer(&self) -> Option<Millis> {
        let table = lock(&self.timers).next();
        let digest = lock(&self.digests).first().map(|(at, _, _)| *at);
        table.into_iter().chain(digest).min()
    }

    /// Whatever is due at the table by time alone, through the one path: every clock that ran
    /// out (several seats' at once, when they think at the same time), the wait for answers,
    /// the vacations that are over and the reminders — while `budget` lasts (each message
    /// counts one off; what is left stays due for the next tick).
    pub(super) fn run_timers(
        &self,
        slot: &mut Slot,
        channel: &str,
        now: Millis,
        budget: &mut usize,
    ) -> Vec<Reply> {
        let mut replies = Vec::new();
        // Each round settles at least one timer or stops; a table has a clock and reminders
        // per seat, one wait and a few vacations, so this ends.
        for _ in 0..32 {
            let due = slot
                .table
                .as_ref()
                .and_then(|t| next_deadline(t, now))
                .is_some_and(|at| at <= now);
            if !due {
                break;
            }
            let before = slot.table.as_ref().map(|t| t.log_len);
            for action in [
                Action::ClockRanOut,
                Action::CloseWindow,
                Action::Back { user: None },
                Action::Remind,
            ] {
                if *budget == 0 {
                    return replies;
                }
                let acted = self.act(slot, channel, &Actor::Table, &action, None, now);
                *budget = budget.saturating_sub(acted.len());
                replies.extend(acted);
            }
            if slot.table.as_ref().map(|t| t.log_len) == before {
                break;
            }
        }
        replies
    }

    /// The replies a command made for other channels than its own (a tournament round's
    /// games, a vacation's notes at each table), for channels starting with `prefix`, taken out:
    /// a chat may send them right after the command's own replies (the timer loop sends what is
    /// left).
    pub fn take_outbox(&self, prefix: &str) -> Vec<(String, Vec<Reply>)> {
        let mut outbox = lock(&self.outbox);
        let (mine, rest): (Vec<_>, Vec<_>) = outbox
            .drain(..)
            .partition(|(channel, _)| channel.starts_with(prefix));
        *outbox = rest;
        mine
    }
}

/// How long a process holds the timers it claimed from a shared store (wall clock, ms): long
/// enough to fire them, short enough that another process takes over soon after a crash.
const TIMER_LEASE: u64 = 30_000;
