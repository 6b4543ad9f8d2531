//! `/vacation`: a user away from a community's games for a while. Stored with their settings;
//! every open table of theirs in the community says so and, at correspondence time, stops
//! their clock (`Action::Away`, through the one path); tables they sit down at meanwhile too.
//! Each table's own timer brings them back when it ends; `/vacation off` ends it early.

use super::*;
use crate::league::vacation::{ALLOWANCE, VacationError, WINDOW};
use crate::t;
use crate::table::clock::format_span;

/// The shortest vacation.
const SHORTEST: Duration = Duration::from_secs(3600);

impl App {
    /// `/vacation [<duration>|off]`. Always answered privately; the tables' announcements go
    /// to their channels with the next tick.
    pub(super) fn vacation(&self, cmd: &Command, user: &User, args: &str) -> Reply {
        let community = self.community_of(cmd);
        let refuse = |text: String| Reply {
            error: true,
            ..Reply::private(user, text)
        };
        let mut prefs = match self.store.prefs(&community, &user.id) {
            Ok(prefs) => prefs.unwrap_or_default(),
            Err(e) => {
                tracing::error!(error = %e, "prefs unreadable");
                return refuse(t!("vacation-unreadable"));
            }
        };
        let now = self.now();
        let args = args.trim();
        let allowance = t!(
            "vacation-allowance",
            most = format_span(ALLOWANCE),
            window = format_span(WINDOW)
        );
        if args.is_empty() {
            let text = match prefs.vacations.away_until(now) {
                Some(until) => t!(
                    "vacation-away",
                    left = format_span(Duration::from_millis(until - now))
                ),
                None => t!(
                    "vacation-home",
                    left = format_span(prefs.vacations.left(now)),
                    allowance = &allowance
                ),
            };
            return Reply::private(user, text);
        }
        let until = if args.eq_ignore_ascii_case("off") {
            if let Err(VacationError::NotAway) = prefs.vacations.end(now) {
                return refuse(t!("vacation-not-away"));
            }
            None
        } else {
            let Some(length) = parse_length(args) else {
                return refuse(t!(
                    "vacation-not-a-duration",
                    word = markup::code(&args.chars().take(30).collect::<String>())
                ));
            };
            if length < SHORTEST {
                return refuse(t!("vacation-too-short", shortest = format_span(SHORTEST)));
            }
            match prefs.vacations.start(now, length) {
                Ok(until) => Some(until),
                Err(VacationError::TooLong { left }) => {
                    return refuse(t!(
                        "vacation-too-long",
                        allowance = &allowance,
                        left = format_span(left)
                    ));
                }
                Err(VacationError::NotAway) => return refuse(t!("vacation-not-away")),
            }
        };
        if let Err(e) = self.store.set_prefs(&community, &user.id, &prefs) {
            tracing::error!(error = %e, "prefs not saved");
            return refuse(t!("vacation-not-saved"));
        }
        {
            let mut away = lock(&self.away);
            let key = (community.clone(), user.id.clone());
            match until {
                Some(until) => away.insert(key, until),
                None => away.remove(&key),
            };
        }
        let tables = self.apply_vacation(&community, user, until);
        let text = match until {
            Some(until) => t!(
                "vacation-started",
                span = format_span(Duration::from_millis(until - now)),
                tables = &tables,
                left = format_span(prefs.vacations.left(until)),
                allowance = &allowance
            ),
            None => t!("vacation-over", tables = &tables),
        };
        Reply::private(user, text)
    }

    /// Marks `user` away until `until` (or back, for `None`) at each of their open tables in
    /// `community`, through the one path; the tables' announcements wait in the outbox for the
    /// next tick. Says how many tables it touched.
    fn apply_vacation(&self, community: &str, user: &User, until: Option<Millis>) -> String {
        let channels = self.core.channels_of(&user.id);
        let mut touched: usize = 0;
        for channel in channels {
            let done = self.core.with_slot(&channel, |slot| {
                let in_community = slot.table.as_ref().is_some_and(|t| {
                    t.status.is_open() && t.community.as_deref().unwrap_or(&t.channel) == community
                });
                if !in_community {
                    return Vec::new();
                }
                let now = self.now();
                let action = match until {
                    Some(until) => Action::Away {
                        user: user.id.clone(),
                        until,
                    },
                    None => Action::Back {
                        user: Some(user.id.clone()),
                    },
                };
                self.core
                    .act(slot, &channel, &Actor::Table, &action, None, now, self)
            });
            match done {
                Ok(replies) if !replies.is_empty() => {
                    touched += 1;
                    self.core.post(channel, replies);
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(channel, error = %e, "vacation not applied to a table"),
            }
        }
        t!("vacation-tables", tables = touched)
    }

    /// Until when `user` is on vacation in `community` (from memory: the stored vacations are
    /// loaded at the start).
    pub(super) fn away_until(&self, community: &str, user: &str, now: Millis) -> Option<Millis> {
        lock(&self.away)
            .get(&(community.to_string(), user.to_string()))
            .copied()
            .filter(|until| *until > now)
    }
}

/// A vacation's length: `3d`, `36h`, `1w`, or a bare number of days.
fn parse_length(text: &str) -> Option<Duration> {
    match text.parse::<u64>() {
        Ok(days) => Some(Duration::from_secs(days.checked_mul(86_400)?)),
        Err(_) => humantime::parse_duration(text).ok(),
    }
}
