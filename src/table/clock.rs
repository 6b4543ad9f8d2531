//! Time: the source of "now" and the per-player clock — a chess clock (one budget for the
//! game) or a time per move (every turn starts with the same budget).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::games::Seat;
use crate::t;

/// Milliseconds since the Unix epoch.
pub type Millis = u64;

/// Milliseconds of a duration (saturating).
pub fn millis(d: Duration) -> Millis {
    Millis::try_from(d.as_millis()).unwrap_or(Millis::MAX)
}

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
        self.0.fetch_add(millis(by), Ordering::SeqCst);
    }
}

impl TimeSource for ManualTimeSource {
    fn now(&self) -> Millis {
        self.0.load(Ordering::SeqCst)
    }
}

/// The time a file holds, in milliseconds since the epoch, read at every look (the file is
/// rewritten by whoever drives the time: tests of timers across a restart, demos). An
/// unreadable file reads as the system clock.
#[derive(Debug, Clone)]
pub struct FileTimeSource(pub std::path::PathBuf);

impl TimeSource for FileTimeSource {
    fn now(&self) -> Millis {
        std::fs::read_to_string(&self.0)
            .ok()
            .and_then(|text| text.trim().parse().ok())
            .unwrap_or_else(|| SystemTimeSource.now())
    }
}

/// A player clock: thinking time per seat, counted only while that seat is to act and not
/// paused. With a time per move, every turn starts with the full budget; else (a chess clock)
/// the budget is for the whole game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChessClock {
    /// Each seat's remaining time at `since`, in milliseconds.
    remaining: Vec<Millis>,
    /// The seats whose time is running.
    running: Vec<Seat>,
    /// When the running seats' time started to count.
    since: Millis,
    /// The budget: per move, or for the game (0 for clocks stored before it was recorded).
    #[serde(default)]
    limit: Millis,
    /// Every turn starts with the whole `limit`.
    #[serde(default)]
    per_move: bool,
    /// The seats whose turn it is, their time running or paused.
    #[serde(default)]
    turn: Vec<Seat>,
}

impl ChessClock {
    /// A chess clock giving every one of `seats` the same `limit` for the game, nobody's time
    /// running yet.
    pub fn new(seats: usize, limit: Duration, now: Millis) -> Self {
        ChessClock {
            remaining: vec![millis(limit); seats],
            running: Vec::new(),
            since: now,
            limit: millis(limit),
            per_move: false,
            turn: Vec::new(),
        }
    }

    /// A clock giving every turn of every seat `limit`.
    pub fn per_move(seats: usize, limit: Duration, now: Millis) -> Self {
        ChessClock {
            per_move: true,
            ..ChessClock::new(seats, limit, now)
        }
    }

    /// Whether every turn starts with the whole budget.
    pub fn is_per_move(&self) -> bool {
        self.per_move
    }

    /// The budget a turn (per move) or the game (chess clock) starts with; zero when unknown.
    pub fn limit(&self) -> Duration {
        Duration::from_millis(self.limit)
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

    /// When `seat`'s time runs out if nothing changes; `None` while it is not running.
    pub fn runs_out(&self, seat: Seat) -> Option<Millis> {
        if !self.is_running(seat) {
            return None;
        }
        let left = self.remaining.get(seat)?;
        Some(self.since.saturating_add(*left))
    }

    /// Charges the running seats up to `now`; then it is the turn of `to_act`, and the time of
    /// those of them not `paused` runs. With a time per move, a seat whose turn begins now
    /// starts with the whole budget (a seat that was only paused keeps what it had).
    pub fn switch_to(&mut self, to_act: &[Seat], paused: &[Seat], now: Millis) {
        self.charge(now);
        if self.per_move {
            for seat in to_act.iter().filter(|s| !self.turn.contains(s)) {
                if let Some(r) = self.remaining.get_mut(*seat) {
                    *r = self.limit;
                }
            }
        }
        self.turn = to_act.to_vec();
        self.running = to_act
            .iter()
            .copied()
            .filter(|s| !paused.contains(s))
            .collect();
    }

    /// Stops every clock (game over, table paused), charging time up to `now`.
    pub fn stop(&mut self, now: Millis) {
        self.charge(now);
        self.running.clear();
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
        self.running.iter().filter_map(|s| self.runs_out(*s)).min()
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

/// Formats a duration as `1:05:09`, `12:07` or `0:42`; a day or more as `2d 3h`.
pub fn format_clock(d: Duration) -> String {
    let s = d.as_secs();
    let (days, h, m, s) = (s / 86_400, (s / 3600) % 24, (s / 60) % 60, s % 60);
    if days > 0 {
        format!("{} {}", t!("span-d", n = days), t!("span-h", n = h))
    } else if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A duration in words for notices, to the minute: `2d 3h`, `5h 20m`, `12m`, `less than a
/// minute`.
pub fn format_span(d: Duration) -> String {
    let m = d.as_secs() / 60;
    let (days, h, m) = (m / 1440, (m / 60) % 24, m % 60);
    let part = |key: &str, n: u64| (n > 0).then(|| t!(key, n = n));
    let parts: Vec<String> = if days > 0 {
        [part("span-d", days), part("span-h", h)]
            .into_iter()
            .flatten()
            .collect()
    } else {
        [part("span-h", h), part("span-m", m)]
            .into_iter()
            .flatten()
            .collect()
    };
    if parts.is_empty() {
        t!("span-under-a-minute")
    } else {
        parts.join(" ")
    }
}

/// A duration as an option word writes it: `1d`, `1h30m`, `20m`, `45s` (read back by
/// `humantime`).
pub fn format_compact(d: Duration) -> String {
    let s = d.as_secs();
    let parts = [
        (s / 86_400, "d"),
        ((s / 3600) % 24, "h"),
        ((s / 60) % 60, "m"),
        (s % 60, "s"),
    ];
    let text: String = parts
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, unit)| format!("{n}{unit}"))
        .collect();
    if text.is_empty() { "0s".into() } else { text }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: u64 = 60_000;

    #[test]
    fn only_the_running_seat_is_charged() {
        let mut c = ChessClock::new(2, Duration::from_secs(600), 0);
        c.switch_to(&[0], &[], 0);
        assert_eq!(c.remaining(0, 3 * MIN), Duration::from_secs(420));
        assert_eq!(c.remaining(1, 3 * MIN), Duration::from_secs(600));
        c.switch_to(&[1], &[], 3 * MIN);
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
        c.switch_to(&[0], &[], 0);
        c.switch_to(&[1, 2], &[], 2 * MIN);
        assert_eq!(c.next_expiry(), Some(12 * MIN));
        c.switch_to(&[0], &[], 4 * MIN);
        assert_eq!(c.next_expiry(), Some(12 * MIN));
        assert_eq!(c.expired(12 * MIN - 1), None);
        assert_eq!(c.expired(12 * MIN), Some(0));
    }

    #[test]
    fn stopped_clock_stays() {
        let mut c = ChessClock::new(2, Duration::from_secs(60), 0);
        c.switch_to(&[0], &[], 0);
        c.stop(10_000);
        assert_eq!(c.remaining(0, 1_000_000), Duration::from_secs(50));
        assert_eq!(c.expired(1_000_000), None);
    }

    #[test]
    fn every_turn_of_a_time_per_move_starts_full() {
        let mut c = ChessClock::per_move(2, Duration::from_secs(600), 0);
        assert!(c.is_per_move());
        c.switch_to(&[0], &[], 0);
        assert_eq!(c.remaining(0, 4 * MIN), Duration::from_secs(360));
        c.switch_to(&[1], &[], 4 * MIN);
        c.switch_to(&[0], &[], 5 * MIN);
        assert_eq!(
            c.remaining(0, 5 * MIN),
            Duration::from_secs(600),
            "a new turn"
        );
        assert_eq!(c.runs_out(0), Some(15 * MIN));
        assert_eq!(c.runs_out(1), None);
    }

    #[test]
    fn a_paused_seat_keeps_its_time_and_its_turn() {
        let mut c = ChessClock::per_move(2, Duration::from_secs(600), 0);
        c.switch_to(&[0], &[], 0);
        // Paused after 2 minutes, for an hour: nothing is charged meanwhile.
        c.switch_to(&[0], &[0], 2 * MIN);
        assert!(!c.is_running(0));
        assert_eq!(c.next_expiry(), None);
        c.switch_to(&[0], &[], 62 * MIN);
        assert_eq!(
            c.remaining(0, 62 * MIN),
            Duration::from_secs(480),
            "not a new turn"
        );
        assert_eq!(c.next_expiry(), Some(70 * MIN));
    }

    #[test]
    fn formats() {
        assert_eq!(format_clock(Duration::from_secs(42)), "0:42");
        assert_eq!(format_clock(Duration::from_secs(727)), "12:07");
        assert_eq!(format_clock(Duration::from_secs(3909)), "1:05:09");
        assert_eq!(
            format_clock(Duration::from_secs(2 * 86_400 + 3 * 3600)),
            "2d 3h"
        );
        assert_eq!(format_span(Duration::from_secs(30)), "less than a minute");
        assert_eq!(format_span(Duration::from_secs(12 * 60)), "12m");
        assert_eq!(
            format_span(Duration::from_secs(5 * 3600 + 20 * 60)),
            "5h 20m"
        );
        assert_eq!(format_span(Duration::from_secs(86_400 + 7 * 3600)), "1d 7h");
        assert_eq!(format_compact(Duration::from_secs(86_400)), "1d");
        assert_eq!(format_compact(Duration::from_secs(5400)), "1h30m");
        assert_eq!(format_compact(Duration::from_secs(1200)), "20m");
        assert_eq!(
            format_compact(Duration::from_secs(3 * 86_400 + 45)),
            "3d45s"
        );
    }
}
