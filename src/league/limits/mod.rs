//! Limits against floods: how many open tables a user and a community may have, how long a
//! lobby waits, and how many commands and board images one user may ask for in a minute.
//!
//! A user over a rate limit gets one short refusal per minute and then silence until the
//! minute has passed, so a flood makes the bot neither draw nor talk.

use std::collections::{HashMap, VecDeque};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::table::duration::human;

use crate::table::clock::Millis;

/// The configurable limits (`[limits]` in the configuration).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// Open tables (lobby or running) one user may sit at.
    pub tables_per_user: usize,
    /// Open tables in one community.
    pub tables_per_community: usize,
    /// A lobby nobody started closes this long after its opening.
    #[serde(with = "human")]
    pub lobby_expiry: Duration,
    /// Board images one user may ask for per minute (views; moves always get their board).
    pub images_per_minute: u32,
    /// Commands one user may send per minute.
    pub commands_per_minute: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            tables_per_user: 20,
            tables_per_community: 500,
            lobby_expiry: Duration::from_secs(24 * 3600),
            images_per_minute: 10,
            commands_per_minute: 30,
        }
    }
}

impl Limits {
    /// No count or rate limits (the lobby expiry as by default): for scripts and tests that
    /// play whole games at machine speed, which the per-minute limits would take for a flood.
    pub fn unmetered() -> Limits {
        Limits {
            tables_per_user: usize::MAX,
            tables_per_community: usize::MAX,
            images_per_minute: u32::MAX,
            commands_per_minute: u32::MAX,
            ..Limits::default()
        }
    }

    /// The lobby expiry in table milliseconds.
    pub fn lobby_expiry_millis(&self) -> Millis {
        Millis::try_from(self.lobby_expiry.as_millis()).unwrap_or(Millis::MAX)
    }
}

/// What a rate limit says to one more request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Within the limit.
    Allowed,
    /// Over the limit: refuse, and say so (the first time in this minute).
    Refuse {
        /// Seconds until the oldest counted request leaves the window.
        wait_secs: u64,
    },
    /// Over the limit and already told: refuse silently.
    Silent,
}

const WINDOW: Millis = 60_000;

#[derive(Debug, Default)]
struct Window {
    hits: VecDeque<Millis>,
    told: bool,
}

/// Sliding one-minute windows per key (a user and what they ask for).
#[derive(Debug, Default)]
pub struct RateLimiter {
    windows: HashMap<String, Window>,
}

impl RateLimiter {
    /// Counts one request of `key` at `now` against `per_minute`.
    pub fn check(&mut self, key: &str, per_minute: u32, now: Millis) -> Verdict {
        let window = self.windows.entry(key.to_string()).or_default();
        while window
            .hits
            .front()
            .is_some_and(|t| now.saturating_sub(*t) >= WINDOW)
        {
            window.hits.pop_front();
        }
        if window.hits.len() < per_minute as usize {
            window.hits.push_back(now);
            window.told = false;
            return Verdict::Allowed;
        }
        if window.told {
            return Verdict::Silent;
        }
        window.told = true;
        let oldest = window.hits.front().copied().unwrap_or(now);
        let wait = WINDOW.saturating_sub(now.saturating_sub(oldest));
        Verdict::Refuse {
            wait_secs: wait.div_ceil(1000).max(1),
        }
    }

    /// Counts a request that is never refused (a move's board), so later views see it.
    pub fn count(&mut self, key: &str, now: Millis) {
        self.windows
            .entry(key.to_string())
            .or_default()
            .hits
            .push_back(now);
    }

    /// Forgets windows with nothing in the last minute (memory follows the active users).
    pub fn prune(&mut self, now: Millis) {
        self.windows.retain(|_, w| {
            w.hits
                .back()
                .is_some_and(|t| now.saturating_sub(*t) < WINDOW)
        });
    }

    /// Number of keys held (tests).
    pub fn len(&self) -> usize {
        self.windows.len()
    }

    /// Whether no key is held.
    pub fn is_empty(&self) -> bool {
        self.windows.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flood_is_refused_once_then_silently_until_the_minute_passes() {
        let mut limiter = RateLimiter::default();
        for i in 0..3 {
            assert_eq!(limiter.check("al", 3, i * 1000), Verdict::Allowed);
        }
        assert_eq!(
            limiter.check("al", 3, 10_000),
            Verdict::Refuse { wait_secs: 50 }
        );
        assert_eq!(limiter.check("al", 3, 11_000), Verdict::Silent);
        assert_eq!(limiter.check("bo", 3, 11_000), Verdict::Allowed, "per user");
        assert_eq!(limiter.check("al", 3, 60_000), Verdict::Allowed);
        assert_eq!(
            limiter.check("al", 3, 60_500),
            Verdict::Refuse { wait_secs: 1 }
        );
        limiter.prune(200_000);
        assert!(limiter.is_empty());
    }

    #[test]
    fn counted_requests_use_up_the_allowance() {
        let mut limiter = RateLimiter::default();
        limiter.count("al", 0);
        limiter.count("al", 0);
        assert!(matches!(limiter.check("al", 2, 1), Verdict::Refuse { .. }));
    }
}
