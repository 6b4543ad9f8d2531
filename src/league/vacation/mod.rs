//! Vacations: a user away from a community's games for a while (`/vacation 3d`). Their
//! correspondence clocks pause, their seats cannot be claimed as idle and no reminders reach
//! them. The allowance: at most 14 days away in any 30.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::table::clock::Millis;

mod refused;
mod service;

pub use refused::VacationRefused;
pub use service::VacationService;

/// The most time away in any [`WINDOW`].
pub const ALLOWANCE: Duration = Duration::from_secs(14 * 24 * 3600);
/// The span the allowance counts over.
pub const WINDOW: Duration = Duration::from_secs(30 * 24 * 3600);

const MINUTE: Millis = 60_000;

fn ms(d: Duration) -> Millis {
    Millis::try_from(d.as_millis()).unwrap_or(Millis::MAX)
}

/// Why a vacation cannot be taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VacationError {
    /// Longer than the allowance left.
    #[error("that is more than the allowance left")]
    TooLong {
        /// The longest vacation that may start now.
        left: Duration,
    },
    /// Not away: nothing to end.
    #[error("not away")]
    NotAway,
}

/// A user's vacations in one community: those of the last [`WINDOW`], the current one included.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vacations {
    /// `(from, until)` in table time, oldest first; they never overlap.
    taken: Vec<(Millis, Millis)>,
}

impl Vacations {
    /// Until when the user is away at `now`, if they are.
    pub fn away_until(&self, now: Millis) -> Option<Millis> {
        self.taken
            .iter()
            .find(|(from, until)| *from <= now && now < *until)
            .map(|(_, until)| *until)
    }

    /// Whether any vacation is on record (current, coming or counted in the allowance).
    pub fn is_set(&self) -> bool {
        !self.taken.is_empty()
    }

    /// When the last vacation on record ends.
    pub fn last_end(&self) -> Option<Millis> {
        self.taken.last().map(|(_, until)| *until)
    }

    /// The longest vacation that may start at `now` (a current one would end at `now` first).
    pub fn left(&self, now: Millis) -> Duration {
        let past = self.ended_by(now);
        // The longest length, to the minute, that keeps every window within the allowance.
        let (mut lo, mut hi) = (0, ms(ALLOWANCE) / MINUTE);
        if !fits(&past, now, 0) {
            return Duration::ZERO;
        }
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if fits(&past, now, mid * MINUTE) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        Duration::from_millis(lo * MINUTE)
    }

    /// Starts a vacation of `length` at `now` (ending a current one first); returns its end.
    pub fn start(&mut self, now: Millis, length: Duration) -> Result<Millis, VacationError> {
        let left = self.left(now);
        if length > left {
            return Err(VacationError::TooLong { left });
        }
        self.taken = self.ended_by(now);
        let until = now.saturating_add(ms(length));
        self.taken.push((now, until));
        Ok(until)
    }

    /// Ends the current vacation at `now`.
    pub fn end(&mut self, now: Millis) -> Result<(), VacationError> {
        if self.away_until(now).is_none() {
            return Err(VacationError::NotAway);
        }
        self.taken = self.ended_by(now);
        Ok(())
    }

    /// The vacations as they stand if everything ends by `now`, without those that ended
    /// before the window that could still count them.
    fn ended_by(&self, now: Millis) -> Vec<(Millis, Millis)> {
        let horizon = now.saturating_sub(ms(WINDOW));
        self.taken
            .iter()
            .map(|(from, until)| (*from, (*until).min(now)))
            .filter(|(from, until)| from < until && *until > horizon)
            .collect()
    }
}

/// Whether adding `[now, now + length]` to `past` keeps every window of [`WINDOW`] within the
/// [`ALLOWANCE`]. The time away in a sliding window changes slope only where the window's start
/// or end meets an end of a vacation, so those windows are the ones to check.
fn fits(past: &[(Millis, Millis)], now: Millis, length: Millis) -> bool {
    let window = ms(WINDOW);
    let mut all = past.to_vec();
    all.push((now, now.saturating_add(length)));
    let ends = all.iter().flat_map(|(a, b)| [*a, *b]);
    ends.flat_map(|e| [e, e.saturating_add(window)]).all(|end| {
        let start = end.saturating_sub(window);
        let away: Millis = all
            .iter()
            .map(|(a, b)| (*b).min(end).saturating_sub((*a).max(start)))
            .sum();
        away <= ms(ALLOWANCE)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: Millis = 24 * 3600 * 1000;

    fn days(n: u64) -> Duration {
        Duration::from_secs(n * 24 * 3600)
    }

    #[test]
    fn fourteen_days_in_any_thirty() {
        let mut v = Vacations::default();
        let t0 = 100 * DAY;
        assert_eq!(v.left(t0), days(14));
        assert_eq!(v.start(t0, days(10)), Ok(t0 + 10 * DAY));
        assert_eq!(v.away_until(t0 + DAY), Some(t0 + 10 * DAY));
        assert_eq!(v.away_until(t0 + 10 * DAY), None);
        // Back after ten days: four are left until the first of them leaves the window.
        assert_eq!(v.left(t0 + 12 * DAY), days(4));
        assert_eq!(
            v.start(t0 + 12 * DAY, days(5)),
            Err(VacationError::TooLong { left: days(4) })
        );
        // Until the window that holds all ten days and the new ones has passed: on day 25 a
        // fifth day would make 15 in the window of days 0–30; on day 26 no window holds more
        // than 14.
        assert_eq!(v.left(t0 + 25 * DAY), days(4));
        assert_eq!(v.left(t0 + 26 * DAY), days(14));
        assert_eq!(v.left(t0 + 40 * DAY), days(14));
    }

    #[test]
    fn a_window_ahead_counts_the_new_vacation_with_the_old() {
        let mut v = Vacations::default();
        v.start(0, days(7)).unwrap();
        // 20 days later: the old week is still within a window that would end 10 days in.
        assert_eq!(v.left(20 * DAY), days(7));
        v.start(20 * DAY, days(7)).unwrap();
        assert_eq!(v.left(27 * DAY), Duration::ZERO);
        assert_eq!(v.left(29 * DAY), Duration::ZERO);
        assert_eq!(v.left(30 * DAY), days(7));
    }

    #[test]
    fn ending_early_gives_back_the_rest() {
        let mut v = Vacations::default();
        v.start(0, days(14)).unwrap();
        assert_eq!(
            v.left(DAY),
            days(13),
            "a new vacation replaces the current one"
        );
        assert_eq!(v.end(2 * DAY), Ok(()));
        assert_eq!(v.away_until(2 * DAY), None);
        assert_eq!(v.end(2 * DAY), Err(VacationError::NotAway));
        assert_eq!(v.left(2 * DAY), days(12));
    }

    #[test]
    fn replacing_a_vacation_counts_only_the_time_taken() {
        let mut v = Vacations::default();
        v.start(0, days(3)).unwrap();
        assert_eq!(v.start(DAY, days(5)), Ok(6 * DAY));
        assert_eq!(v.away_until(5 * DAY), Some(6 * DAY));
        assert_eq!(v.left(6 * DAY), days(8));
    }
}
