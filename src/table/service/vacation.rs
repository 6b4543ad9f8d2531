//! `/vacation`: a user away from a community's games for a while. Stored with their settings;
//! every open table of theirs in the community says so and, at correspondence time, stops
//! their clock (`Action::Away`, through the one path); tables they sit down at meanwhile too.
//! Each table's own timer brings them back when it ends; `/vacation off` ends it early.

use super::*;
use crate::table::clock::format_span;
use crate::table::vacation::{ALLOWANCE, VacationError, WINDOW};

/// The shortest vacation.
const SHORTEST: Duration = Duration::from_secs(3600);

impl TableService {
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
                return refuse("Sorry — your settings could not be read. Please try again.".into());
            }
        };
        let now = self.now();
        let args = args.trim();
        let allowance = format!("{} in any {}", format_span(ALLOWANCE), format_span(WINDOW));
        if args.is_empty() {
            let text = match prefs.vacations.away_until(now) {
                Some(until) => format!(
                    "You are on vacation for {} more. `/vacation off` ends it now.",
                    format_span(Duration::from_millis(until - now))
                ),
                None => format!(
                    "You are not on vacation. `/vacation <duration>` (e.g. `/vacation 3d`) pauses your correspondence clocks; you may take {} now ({allowance}).",
                    format_span(prefs.vacations.left(now))
                ),
            };
            return Reply::private(user, text);
        }
        let until = if args.eq_ignore_ascii_case("off") {
            if let Err(VacationError::NotAway) = prefs.vacations.end(now) {
                return refuse("You are not on vacation.".into());
            }
            None
        } else {
            let Some(length) = parse_length(args) else {
                return refuse(format!(
                    "{} is not a duration: `/vacation 3d`, `/vacation 36h`, or `/vacation off`.",
                    markup::code(&args.chars().take(30).collect::<String>())
                ));
            };
            if length < SHORTEST {
                return refuse(format!(
                    "A vacation lasts at least {}.",
                    format_span(SHORTEST)
                ));
            }
            match prefs.vacations.start(now, length) {
                Ok(until) => Some(until),
                Err(VacationError::TooLong { left }) => {
                    return refuse(format!(
                        "That is more than your allowance: {allowance}; you may take {} now.",
                        format_span(left)
                    ));
                }
                Err(VacationError::NotAway) => return refuse("You are not on vacation.".into()),
            }
        };
        if let Err(e) = self.store.set_prefs(&community, &user.id, &prefs) {
            tracing::error!(error = %e, "prefs not saved");
            return refuse("Sorry — your vacation could not be saved, so nothing changed.".into());
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
            Some(until) => format!(
                "You are on vacation for {}: your correspondence clocks stand still, nobody may claim your seats as idle, and no reminders come. {tables} `/vacation off` ends it early; {} of your allowance ({allowance}) is left after it.",
                format_span(Duration::from_millis(until - now)),
                format_span(prefs.vacations.left(until)),
            ),
            None => format!("Welcome back: your vacation is over. {tables}"),
        };
        Reply::private(user, text)
    }

    /// Marks `user` away until `until` (or back, for `None`) at each of their open tables in
    /// `community`, through the one path; the tables' announcements wait in the outbox for the
    /// next tick. Says how many tables it touched.
    fn apply_vacation(&self, community: &str, user: &User, until: Option<Millis>) -> String {
        let channels = self.channels_of(&user.id);
        let mut touched = 0;
        for channel in channels {
            let done = self.with_slot(&channel, |slot| {
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
                self.act(slot, &channel, &Actor::Table, &action, None, now)
            });
            match done {
                Ok(replies) if !replies.is_empty() => {
                    touched += 1;
                    lock(&self.outbox).push((channel, replies));
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(channel, error = %e, "vacation not applied to a table"),
            }
        }
        match touched {
            0 => "None of your tables here is affected.".into(),
            1 => "Your table here says so.".into(),
            n => format!("Your {n} tables here say so."),
        }
    }

    /// Until when `user` is on vacation in `community` (from memory: the stored vacations are
    /// loaded at the start).
    pub(super) fn away_until(&self, community: &str, user: &str, now: Millis) -> Option<Millis> {
        lock(&self.away)
            .get(&(community.to_string(), user.to_string()))
            .copied()
            .filter(|until| *until > now)
    }

    /// After a change: every person seated at the open table who is on vacation in its
    /// community and not yet marked away here is marked (a table opened, joined or started
    /// while they are away).
    pub(super) fn mark_away(&self, slot: &mut Slot, channel: &str, now: Millis) -> Vec<Reply> {
        let Some(table) = slot.table.as_ref().filter(|t| t.status.is_open()) else {
            return Vec::new();
        };
        let community = table
            .community
            .clone()
            .unwrap_or_else(|| channel.to_string());
        let due: Vec<(String, Millis)> = table
            .seats
            .iter()
            .enumerate()
            .filter(|(_, u)| !u.is_bot())
            .filter_map(|(seat, u)| {
                let until = self.away_until(&community, &u.id, now)?;
                (table.away.get(&seat) != Some(&until)).then(|| (u.id.clone(), until))
            })
            .collect();
        let mut replies = Vec::new();
        for (user, until) in due {
            let action = Action::Away { user, until };
            replies.extend(self.act(slot, channel, &Actor::Table, &action, None, now));
        }
        replies
    }
}

/// A vacation's length: `3d`, `36h`, `1w`, or a bare number of days.
fn parse_length(text: &str) -> Option<Duration> {
    match text.parse::<u64>() {
        Ok(days) => Some(Duration::from_secs(days.checked_mul(86_400)?)),
        Err(_) => humantime::parse_duration(text).ok(),
    }
}
