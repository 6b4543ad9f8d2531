//! Time at a running table: reminders before a budget runs out, a clock running out, and seats
//! whose player is gone — claimed as a win in a two-player game, taken over by a computer
//! player in a game of three or more, so that one absent player does not stop the others.

use super::{Decided, Decision, Refusal, forfeit, running, seated_in_running, settle};
use crate::bots::Level;
use crate::games::{Forfeit, Seat};
use crate::table::clock::Millis;
use crate::table::command::User;
use crate::table::event::TableEvent;
use crate::table::record::{Entry, Replaced, Table};
use crate::table::refused::Refused;
use crate::table::timing::Limit;

/// The level of a computer player that takes over a seat whose time ran out.
pub const STAND_IN: Level = Level::Normal;

/// The reminder that is due: its seat is told how much time is left (the service routes it as
/// the player chose with `/notify`); the table records it, so it is sent once.
pub(super) fn remind(current: Option<&Table>, now: Millis) -> Decided {
    let t = running(current)?;
    let (at, seat) = t.next_reminder(now).ok_or_else(Refusal::idle)?;
    if at > now {
        return Err(Refusal::idle());
    }
    let budget = t.budget(seat, now).ok_or_else(Refusal::idle)?;
    let mut table = t.clone();
    table.mark_reminded(seat, now);
    Ok(Decision {
        table,
        entry: Entry::Reminder { seat },
        user: None,
        opened: false,
        events: vec![TableEvent::Reminder {
            seat,
            left: budget.ends.saturating_sub(now),
            idle: budget.limit == Limit::Idle,
        }],
    })
}

/// A running clock reached zero: with two players (or alone) the seat forfeits as the rules
/// say; in a game of three or more a computer player takes the seat and the game goes on —
/// unless nobody else at the table is a person.
pub(super) fn clock_ran_out(current: Option<&Table>, now: Millis) -> Decided {
    let t = running(current)?;
    let seat = t
        .clock
        .as_ref()
        .and_then(|c| c.expired(now))
        .ok_or_else(Refusal::idle)?;
    if may_stand_in(t, &[seat]) {
        return replace(t, &[seat], Forfeit::TimedOut, STAND_IN, None, now);
    }
    let user = t.seats.get(seat).cloned();
    forfeit(t, seat, Forfeit::TimedOut, now, user)
}

/// Whether computer players may take over `seats`: a game of three or more, where a person
/// stays seated.
fn may_stand_in(t: &Table, seats: &[Seat]) -> bool {
    t.seats.len() >= 3
        && t.seats
            .iter()
            .enumerate()
            .any(|(s, u)| !u.is_bot() && !seats.contains(&s))
}

/// `/claim [level]`: at a table without a clock, a seated player claims the seats of people
/// who have not acted for the idle limit — the game itself with two players, else the seats
/// for computer players of `level` (default `normal`).
pub(super) fn claim(current: Option<&Table>, user: &User, args: &str, now: Millis) -> Decided {
    let (t, me) = seated_in_running(current, user)?;
    if t.clock.is_some() {
        return Err(Refusal::new(Refused::ClaimHasClock));
    }
    let word = args.split_whitespace().next().unwrap_or(STAND_IN.word());
    let Some(level) = Level::from_word(word) else {
        return Err(Refusal::new(Refused::UnknownClaimLevel {
            word: word.to_string(),
        }));
    };
    let idle: Vec<Seat> = t.idle_seats(now).into_iter().filter(|s| *s != me).collect();
    if idle.is_empty() {
        return Err(Refusal::new(nobody_idle(t, me, now)));
    }
    if may_stand_in(t, &idle) {
        return replace(t, &idle, Forfeit::Abandoned, level, Some(user.clone()), now);
    }
    forfeit(t, idle[0], Forfeit::Abandoned, now, Some(user.clone()))
}

/// Why nobody may be claimed yet: who is to act, and from when a claim works.
fn nobody_idle(t: &Table, me: Seat, now: Millis) -> Refused {
    let limit = t.policy.idle_after;
    let waiting: Vec<(Seat, Millis)> = t
        .to_act()
        .into_iter()
        .filter(|s| *s != me)
        .filter_map(|s| {
            let b = t.budget(s, now)?;
            Some((s, b.ends))
        })
        .collect();
    let soonest = waiting.iter().min_by_key(|(_, ends)| *ends);
    match soonest {
        Some((seat, ends)) => Refused::ClaimNotYet {
            table: Box::new(t.clone()),
            seat: *seat,
            limit,
            wait: ends.saturating_sub(now),
        },
        None if t.to_act().iter().any(|s| t.is_away(*s, now)) => Refused::ClaimOnVacation { limit },
        None => Refused::ClaimNobodyToAct,
    }
}

/// Computer players of `level` take over `seats` (their people ran out of time or were idle);
/// the game goes on.
fn replace(
    t: &Table,
    seats: &[Seat],
    why: Forfeit,
    level: Level,
    by: Option<User>,
    now: Millis,
) -> Decided {
    let mut table = t.clone();
    let mut events = Vec::new();
    for seat in seats {
        let n = table.seats.iter().filter(|u| u.is_bot()).count() + 1;
        let bot = User::bot(level.word(), n);
        let Some(person) = table
            .seats
            .get_mut(*seat)
            .map(|u| std::mem::replace(u, bot.clone()))
        else {
            return Err(Refusal::idle());
        };
        table.away.remove(seat);
        table.replaced.push(Replaced {
            seat: *seat,
            user: person.clone(),
            why,
        });
        events.push(TableEvent::Replaced {
            seat: *seat,
            user: person,
            why,
        });
    }
    settle(&mut table, now);
    Ok(Decision {
        table,
        entry: Entry::Replaced {
            seats: seats.to_vec(),
            level: level.word().into(),
        },
        user: by,
        opened: false,
        events,
    })
}
