//! Time: the source of "now" and the per-player chess clock.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::games::Seat;

/// Milliseconds since the Unix epoch.
pub type Millis = u64;

/// Where the service reads the time from.
pub trait TimeSource: Send + Sync {
    /// Now, in milliseconds since the Unix epoch.
    fn now(&self) -> Millis;
}

/// The system clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemTimeSource;

impl TimeSource for SystemTimeSource {
    fn now(&self) -> Millis {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as Millis)
            .unwrap_or(0)
    }
}

/// A clock that only moves when told to (tests, replays).
#[derive(Debug, Default)]
pub struct ManualTimeSource(AtomicU64);

impl ManualTimeSource {
    /// Starts at `start`.
    pub fn new(start: Millis) -> Self {
        ManualTimeSource(AtomicU64::new(start))
    }

    /// Moves the time forward.
    pub fn advance(&self, by: Duration) {
        self.0.fetch_add(by.as_millis() as u64, Ordering::SeqCst);
    }
}

impl TimeSource for ManualTimeSource {
    fn now(&self) -> Millis {
        self.0.load(Ordering::SeqCst)
    }
}

/// A chess clock: thinking time per seat, counted only while that seat is to act.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChessClock {
    /// Each seat's remaining time at `since`, in milliseconds.
    remaining: Vec<Millis>,
    /// The seats whose time is running.
    running: Vec<Seat>,
    /// When the running seats' time started to count.
    since: Millis,
}

impl ChessClock {
    /// A clock giving every one of `seats` the same `limit`, nobody's time running yet.
    pub fn new(seats: usize, limit: Duration, now: Millis) -> Self {
        ChessClock {
            remaining: vec![limit.as_millis() as Millis; seats],
            running: Vec::new(),
            since: now,
        }
    }

    /// Time left for `seat` at `now`.
    pub fn remaining(&self, seat: Seat, now: Millis) -> Duration {
        let stored = self.remaining.get(seat).copied().unwrap_or(0);
        let left = if self.running.contains(&seat) {
            stored.saturating_sub(now.saturating_sub(self.since))
        } else {
            stored
        };
        Duration::from_millis(left)
    }

    /// Whether `seat`'s time is running.
    pub fn is_running(&self, seat: Seat) -> bool {
        self.running.contains(&seat)
    }

    /// Charges the running seats up to `now` and runs the time of `seats` from now on.
    pub fn switch_to(&mut self, seats: &[Seat], now: Millis) {
        self.charge(now);
        self.running = seats.to_vec();
    }

    /// Stops every clock (game over), charging time up to `now`.
    pub fn stop(&mut self, now: Millis) {
        self.switch_to(&[], now);
    }

    /// The first running seat whose time is used up at `now`.
    pub fn expired(&self, now: Millis) -> Option<Seat> {
        self.running
            .iter()
            .copied()
            .find(|s| self.remaining(*s, now).is_zero())
    }

    /// When the first running seat's time is used up; `None` when no time runs.
    pub fn next_expiry(&self) -> Option<Millis> {
        self.running
            .iter()
            .filter_map(|s| self.remaining.get(*s))
            .min()
            .map(|left| self.since.saturating_add(*left))
    }

    fn charge(&mut self, now: Millis) {
        let elapsed = now.saturating_sub(self.since);
        for seat in &self.running {
            if let Some(r) = self.remaining.get_mut(*seat) {
                *r = r.saturating_sub(elapsed);
            }
        }
        self.since = now.max(self.since);
    }
}

/// Formats a duration as `1:05:09`, `12:07` or `0:42`.
pub fn format_clock(d: Duration) -> String {
    let s = d.as_secs();
    let (h, m, s) = (s / 3600, (s / 60) % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: u64 = 60_000;

    #[test]
    fn only_the_running_seat_is_charged() {
        let mut c = ChessClock::new(2, Duration::from_secs(600), 0);
        c.switch_to(&[0], 0);
        assert_eq!(c.remaining(0, 3 * MIN), Duration::from_secs(420));
        assert_eq!(c.remaining(1, 3 * MIN), Duration::from_secs(600));
        c.switch_to(&[1], 3 * MIN);
        assert_eq!(c.remaining(0, 5 * MIN), Duration::from_secs(420));
        assert_eq!(c.remaining(1, 5 * MIN), Duration::from_secs(480));
        assert_eq!(c.expired(5 * MIN), None);
        assert_eq!(c.expired(13 * MIN - 1), None);
        assert_eq!(c.expired(13 * MIN), Some(1));
    }

    #[test]
    fn the_next_expiry_is_the_first_running_seat_to_reach_zero() {
        let mut c = ChessClock::new(3, Duration::from_secs(600), 0);
        assert_eq!(c.next_expiry(), None);
        c.switch_to(&[0], 0);
        c.switch_to(&[1, 2], 2 * MIN);
        assert_eq!(c.next_expiry(), Some(12 * MIN));
        c.switch_to(&[0], 4 * MIN);
        assert_eq!(c.next_expiry(), Some(12 * MIN));
        assert_eq!(c.expired(12 * MIN - 1), None);
        assert_eq!(c.expired(12 * MIN), Some(0));
    }

    #[test]
    fn stopped_clock_stays() {
        let mut c = ChessClock::new(2, Duration::from_secs(60), 0);
        c.switch_to(&[0], 0);
        c.stop(10_000);
        assert_eq!(c.remaining(0, 1_000_000), Duration::from_secs(50));
        assert_eq!(c.expired(1_000_000), None);
    }

    #[test]
    fn formats() {
        assert_eq!(format_clock(Duration::from_secs(42)), "0:42");
        assert_eq!(format_clock(Duration::from_secs(727)), "12:07");
        assert_eq!(format_clock(Duration::from_secs(3909)), "1:05:09");
    }
}
