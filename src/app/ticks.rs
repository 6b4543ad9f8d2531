//! What happens by time alone: the tables' timers (the core's tick) and the league's — the
//! digests, the users' timed settings read again from a shared store.
//!
//! **Spread and batched.** A tick sends at most `messages_per_second` messages of timers per
//! chat (reminders, digests, clocks running out, waits and vacations ending); what is due beyond
//! that waits for the next ticks, soonest first. Reminders come a little early, spread by table
//! (the policy's `spread`), and the notices going to one user in one tick are one message.

use super::*;
use crate::league::notify::merge_notices;

impl App {
    /// Runs the timers that are due in the channels whose key starts with `channels` (each chat
    /// adapter ticks its own key prefix; `""` for all) and lets the computer players to move
    /// think or move; returns the replies per channel, with what commands left for other
    /// channels. Call this about once a second; it also records that the service is alive and
    /// lets idle tables go.
    pub fn tick(&self, channels: &str) -> Vec<(String, Vec<Reply>)> {
        self.refresh_shared();
        let now = self.now();
        lock(&self.rates).prune(now);
        let per_second = self.core.timing().messages_per_second;
        let mut budget = usize::try_from(per_second).unwrap_or(usize::MAX);
        let mut out = self.core.tick(channels, now, &mut budget, self);
        out.extend(
            self.notify
                .fire_digests(self.cx(), channels, now, &mut budget),
        );
        merge_notices(&mut out);
        out
    }

    /// When the next timer of any table or digest is due (table time): for simulations that
    /// jump from one moment to the next.
    pub fn next_timer(&self) -> Option<Millis> {
        let table = self.core.next_timer();
        let digest = self.notify.next_due();
        table.into_iter().chain(digest).min()
    }

    /// Takes the replies waiting for channels that start with `prefix` (what a command
    /// announced elsewhere), without waiting for the next tick.
    pub fn take_outbox(&self, prefix: &str) -> Vec<(String, Vec<Reply>)> {
        self.core.take_outbox(prefix)
    }

    /// What the computer players' pool of workers is doing (for benchmarks and tests).
    pub fn thinking(&self) -> crate::table::service::Thinking {
        self.core.thinking()
    }

    /// Lets every idle table go (the ticks do this for their own channels as they pass).
    pub fn release_idle(&self) {
        self.core.release_idle();
    }
}
