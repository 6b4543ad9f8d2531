//! `/vacation` and who is away. Stored with the users' settings; every open table of the user
//! in the community says so and, at correspondence time, stops their clock (`Action::Away`,
//! through the table core's one path); tables they sit down at meanwhile too (the core asks
//! [`VacationService::away_until`] through its seams). Each table's own timer brings them back
//! when it ends; `/vacation off` ends it early.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::VacationError;
use super::refused::{VacationRefused, allowance};
use crate::league::PrefsStore;
use crate::t;
use crate::table::clock::{Millis, format_span};
use crate::table::service::lock;
use crate::table::{Action, Actor, Reply, Seams, TableService, User};

/// The shortest vacation.
const SHORTEST: Duration = Duration::from_secs(3600);

/// Who is away, and `/vacation`.
pub struct VacationService {
    store: Arc<dyn PrefsStore>,
    /// (community, user id) → until when (table time).
    away: Mutex<HashMap<(String, String), Millis>>,
}

impl VacationService {
    /// The service on `store`, nobody away until [`VacationService::index`] says so.
    pub fn new(store: Arc<dyn PrefsStore>) -> VacationService {
        VacationService {
            store,
            away: Mutex::new(HashMap::new()),
        }
    }

    /// Replaces who is away (from the stored settings: they are the truth).
    pub fn index(&self, away: HashMap<(String, String), Millis>) {
        *lock(&self.away) = away;
    }

    /// `/vacation [<duration>|off]` by `user` in `community`. Always answered privately; the
    /// tables' announcements wait in the core's outbox for the next tick.
    pub fn command(
        &self,
        core: &TableService,
        seams: &dyn Seams,
        community: &str,
        user: &User,
        args: &str,
    ) -> Reply {
        match self.decide(core, seams, community, user, args) {
            Ok(text) => Reply::private(user, text),
            Err(why) => Reply::private_refusal(user, why),
        }
    }

    fn decide(
        &self,
        core: &TableService,
        seams: &dyn Seams,
        community: &str,
        user: &User,
        args: &str,
    ) -> Result<String, VacationRefused> {
        let mut prefs = match self.store.prefs(community, &user.id) {
            Ok(prefs) => prefs.unwrap_or_default(),
            Err(e) => {
                tracing::error!(error = %e, "prefs unreadable");
                return Err(VacationRefused::Unreadable);
            }
        };
        let now = core.now();
        let args = args.trim();
        if args.is_empty() {
            return Ok(match prefs.vacations.away_until(now) {
                Some(until) => t!(
                    "vacation-away",
                    left = format_span(Duration::from_millis(until - now))
                ),
                None => t!(
                    "vacation-home",
                    left = format_span(prefs.vacations.left(now)),
                    allowance = allowance()
                ),
            });
        }
        let until = if args.eq_ignore_ascii_case("off") {
            if let Err(VacationError::NotAway) = prefs.vacations.end(now) {
                return Err(VacationRefused::NotAway);
            }
            None
        } else {
            let Some(length) = parse_length(args) else {
                return Err(VacationRefused::NotADuration {
                    word: args.chars().take(30).collect(),
                });
            };
            if length < SHORTEST {
                return Err(VacationRefused::TooShort { shortest: SHORTEST });
            }
            match prefs.vacations.start(now, length) {
                Ok(until) => Some(until),
                Err(VacationError::TooLong { left }) => {
                    return Err(VacationRefused::TooLong { left });
                }
                Err(VacationError::NotAway) => return Err(VacationRefused::NotAway),
            }
        };
        if let Err(e) = self.store.set_prefs(community, &user.id, &prefs) {
            tracing::error!(error = %e, "prefs not saved");
            return Err(VacationRefused::NotSaved);
        }
        {
            let mut away = lock(&self.away);
            let key = (community.to_string(), user.id.clone());
            match until {
                Some(until) => away.insert(key, until),
                None => away.remove(&key),
            };
        }
        let tables = apply(core, seams, community, user, until);
        Ok(match until {
            Some(until) => t!(
                "vacation-started",
                span = format_span(Duration::from_millis(until - now)),
                tables = &tables,
                left = format_span(prefs.vacations.left(until)),
                allowance = allowance()
            ),
            None => t!("vacation-over", tables = &tables),
        })
    }

    /// Until when `user` is on vacation in `community` (from memory: the stored vacations are
    /// indexed at the start and read again from a shared store).
    pub fn away_until(&self, community: &str, user: &str, now: Millis) -> Option<Millis> {
        lock(&self.away)
            .get(&(community.to_string(), user.to_string()))
            .copied()
            .filter(|until| *until > now)
    }
}

/// Marks `user` away until `until` (or back, for `None`) at each of their open tables in
/// `community`, through the one path; the tables' announcements wait in the outbox for the
/// next tick. Says how many tables it touched.
fn apply(
    core: &TableService,
    seams: &dyn Seams,
    community: &str,
    user: &User,
    until: Option<Millis>,
) -> String {
    let mut touched: usize = 0;
    for channel in core.channels_of(&user.id) {
        let done = core.with_slot(&channel, |slot| {
            let in_community = slot.table.as_ref().is_some_and(|t| {
                t.status.is_open() && t.community.as_deref().unwrap_or(&t.channel) == community
            });
            if !in_community {
                return Vec::new();
            }
            let action = match until {
                Some(until) => Action::Away {
                    user: user.id.clone(),
                    until,
                },
                None => Action::Back {
                    user: Some(user.id.clone()),
                },
            };
            core.act(
                slot,
                &channel,
                &Actor::Table,
                &action,
                None,
                core.now(),
                seams,
            )
        });
        match done {
            Ok(replies) if !replies.is_empty() => {
                touched += 1;
                core.post(channel, replies);
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(channel, error = %e, "vacation not applied to a table"),
        }
    }
    t!("vacation-tables", tables = touched)
}

/// A vacation's length: `3d`, `36h`, `1w`, or a bare number of days.
fn parse_length(text: &str) -> Option<Duration> {
    match text.parse::<u64>() {
        Ok(days) => Some(Duration::from_secs(days.checked_mul(86_400)?)),
        Err(_) => humantime::parse_duration(text).ok(),
    }
}
