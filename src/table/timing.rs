//! A table's timers in one place: when each seat's time runs out (its clock, or the idle limit
//! of a table without one), when its reminders are due, when a vacation ends, and so the next
//! moment anything is due. Everything here is read from the stored table, so every timer
//! survives a restart and fires once: what fired is recorded by the commit of its action.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::clock::{Millis, millis};
use super::duration::human;
use super::record::{Policy, Status, Table};
use crate::games::Seat;

/// How the service treats time (`[time]` in the configuration). Each table keeps the
/// [`Policy`] it was opened with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timing {
    /// Reminders when these shares (percent) of a player's time have gone.
    pub reminders: Vec<u8>,
    /// Time controls whose budget (per move, or for the game) is at least this long are
    /// correspondence time: reminders, vacations pause them, several at once make a digest.
    #[serde(with = "human")]
    pub correspondence: Duration,
    /// At a table without a clock, the others may `/claim` a seat to act for this long.
    #[serde(with = "human")]
    pub idle_after: Duration,
    /// A person to move at several correspondence tables gets a digest at most this often.
    #[serde(with = "human")]
    pub digest_every: Duration,
    /// Messages the timer loop sends per second at most, per chat (reminders, digests, clocks
    /// running out, waits and vacations ending); the rest wait their turn, soonest first.
    pub messages_per_second: u32,
    /// Reminders come up to this much early, spread by table and seat.
    #[serde(with = "human")]
    pub spread: Duration,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            reminders: vec![50, 90],
            correspondence: Duration::from_secs(12 * 3600),
            idle_after: Duration::from_secs(3 * 24 * 3600),
            digest_every: Duration::from_secs(24 * 3600),
            messages_per_second: 20,
            spread: Duration::from_secs(600),
        }
    }
}

impl Timing {
    /// The policy a table opened now keeps.
    pub fn policy(&self) -> Policy {
        let mut reminders: Vec<u8> = self
            .reminders
            .iter()
            .copied()
            .filter(|p| (1..100).contains(p))
            .collect();
        reminders.sort_unstable();
        reminders.dedup();
        Policy {
            reminders,
            long_from: millis(self.correspondence),
            idle_after: millis(self.idle_after),
            spread: millis(self.spread),
        }
    }
}

/// What limits a seat's turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Its clock: the time per move, or what is left of a chess clock.
    Clock,
    /// The idle limit of a table without a clock: after it the others may `/claim`.
    Idle,
}

/// A seat's current budget: when it ends, how long it was in all, and what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// When it runs out if the seat does not act.
    pub ends: Millis,
    /// Its whole length (the time per move or for the game, or the idle limit).
    pub length: Millis,
    /// What it is.
    pub limit: Limit,
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl Table {
    /// Whether the table's clock is correspondence time: its budget (per move, or for the
    /// game) is at least the table's threshold. Vacations pause such clocks, and turn pings
    /// of a player to move at several such tables come as a digest.
    pub fn is_correspondence(&self) -> bool {
        self.clock
            .as_ref()
            .is_some_and(|c| !c.limit().is_zero() && millis(c.limit()) >= self.policy.long_from)
    }

    /// Whether the person in `seat` is on vacation at `now`.
    pub fn is_away(&self, seat: Seat, now: Millis) -> bool {
        self.away.get(&seat).is_some_and(|until| *until > now)
    }

    /// The seats to act now, as the game says (running tables only).
    pub fn to_act(&self) -> Vec<Seat> {
        match (&self.game, self.status) {
            (Some(game), Status::Running) => game.to_act().seats(),
            _ => Vec::new(),
        }
    }

    /// The budget of the person in `seat`, while their turn runs: none for computer players,
    /// people away, a paused table or a finished game.
    pub fn budget(&self, seat: Seat, now: Millis) -> Option<Budget> {
        if self.suspended.is_some()
            || self.seats.get(seat).is_none_or(|u| u.is_bot())
            || self.is_away(seat, now)
            || !self.to_act().contains(&seat)
        {
            return None;
        }
        match &self.clock {
            Some(clock) => Some(Budget {
                ends: clock.runs_out(seat)?,
                length: millis(clock.limit()),
                limit: Limit::Clock,
            }),
            None => Some(Budget {
                ends: self
                    .acting_since
                    .get(&seat)?
                    .saturating_add(self.policy.idle_after),
                length: self.policy.idle_after,
                limit: Limit::Idle,
            }),
        }
    }

    /// When reminder `point` (its index in the policy) of `seat`'s `budget` is due: that share
    /// of the budget gone, moved earlier by the table's spread (a fixed amount per table and
    /// seat, at most a twentieth of the budget) so that tables started together do not all
    /// remind at one moment.
    fn reminder_at(&self, seat: Seat, budget: Budget, point: usize) -> Option<Millis> {
        let percent = Millis::from(*self.policy.reminders.get(point)?);
        if budget.length < self.policy.long_from || budget.length == 0 {
            return None;
        }
        let before_end = budget.length / 100 * (100 - percent.min(100));
        let spread = self.policy.spread.min(budget.length / 20);
        let early = splitmix(self.id.rotate_left(8) ^ seat as u64) % spread.saturating_add(1);
        Some(budget.ends.saturating_sub(before_end).saturating_sub(early))
    }

    /// The next reminder due at this table: when, and for which seat.
    pub fn next_reminder(&self, now: Millis) -> Option<(Millis, Seat)> {
        self.to_act()
            .into_iter()
            .filter_map(|seat| {
                let budget = self.budget(seat, now)?;
                let done = self.reminded.get(&seat).copied().unwrap_or(0);
                Some((self.reminder_at(seat, budget, usize::from(done))?, seat))
            })
            .min()
    }

    /// Records that `seat`'s reminders up to `now` are sent (one message says the latest).
    pub fn mark_reminded(&mut self, seat: Seat, now: Millis) {
        let passed = self.reminders_passed(seat, now);
        self.reminded.insert(seat, passed);
    }

    /// How many of `seat`'s reminder points have passed at `now` in its current budget.
    fn reminders_passed(&self, seat: Seat, now: Millis) -> u8 {
        let Some(budget) = self.budget(seat, now) else {
            return 0;
        };
        let passed = (0..self.policy.reminders.len())
            .take_while(|p| {
                self.reminder_at(seat, budget, *p)
                    .is_some_and(|at| at <= now)
            })
            .count();
        u8::try_from(passed).unwrap_or(u8::MAX)
    }

    /// Keeps the turn bookkeeping after a change: a seat whose turn begins now is waiting since
    /// now (its idle time starts) and owes no reminder for a point already passed (a chess
    /// clock's share used in earlier turns); a seat no longer to act has neither.
    pub fn begin_turns(&mut self, now: Millis) {
        let to_act = self.to_act();
        self.acting_since.retain(|s, _| to_act.contains(s));
        self.reminded.retain(|s, _| to_act.contains(s));
        for seat in to_act {
            if let std::collections::btree_map::Entry::Vacant(e) = self.acting_since.entry(seat) {
                e.insert(now);
                let passed = self.reminders_passed(seat, now);
                self.reminded.insert(seat, passed);
            }
        }
    }

    /// The seats a `/claim` may take over at `now`: people to act at a table without a clock,
    /// not away, waiting for at least the idle limit.
    pub fn idle_seats(&self, now: Millis) -> Vec<Seat> {
        self.to_act()
            .into_iter()
            .filter(|s| {
                self.budget(*s, now)
                    .is_some_and(|b| b.limit == Limit::Idle && b.ends <= now)
            })
            .collect()
    }

    /// When the first vacation at the table ends.
    pub fn vacation_ends(&self) -> Option<Millis> {
        self.away.values().copied().min()
    }
}

/// When the table's next timer is due (a clock running out, a wait for answers ending, a
/// reminder, a vacation ending), in table time; `None` when nothing is timed. `now` only
/// decides who is away.
pub fn next_deadline(table: &Table, now: Millis) -> Option<Millis> {
    if table.status != Status::Running || table.suspended.is_some() {
        return None;
    }
    let clock = table.clock.as_ref().and_then(|c| c.next_expiry());
    let window = match (table.window, table.game.as_ref().and_then(|g| g.window())) {
        (Some((id, since)), Some(w)) if w.id == id => Some(since.saturating_add(millis(w.length))),
        _ => None,
    };
    let reminder = table.next_reminder(now).map(|(at, _)| at);
    [clock, window, reminder, table.vacation_ends()]
        .into_iter()
        .flatten()
        .min()
}
