//! Vacations at a table: a seated person marked away until a moment (`/vacation`) — at a
//! correspondence table their clock stands still, nobody may claim their seat as idle, no
//! reminder reaches them — and back again when the vacation ends or they end it.

use super::{Decided, Decision, Refusal, settle};
use crate::games::Seat;
use crate::table::clock::Millis;
use crate::table::event::TableEvent;
use crate::table::record::{Entry, Status, Table};

fn open(current: Option<&Table>) -> Result<&Table, Refusal> {
    current
        .filter(|t| t.status.is_open())
        .ok_or_else(Refusal::idle)
}

/// The person `user` (an id) is away until `until`.
pub(super) fn away(current: Option<&Table>, user: &str, until: Millis, now: Millis) -> Decided {
    let t = open(current)?;
    let seat = t
        .seats
        .iter()
        .position(|u| u.id == user && !u.is_bot())
        .ok_or_else(Refusal::idle)?;
    if until <= now || t.away.get(&seat) == Some(&until) {
        return Err(Refusal::idle());
    }
    let mut table = t.clone();
    table.away.insert(seat, until);
    if table.status == Status::Running {
        settle(&mut table, now);
    }
    Ok(Decision {
        table,
        entry: Entry::Away { seat, until },
        user: None,
        opened: false,
        events: vec![TableEvent::Away {
            seat,
            length: until - now,
        }],
    })
}

/// The vacation of `user` ends now (they ended it early), or, for `None`, every vacation that
/// is over by `now` (the table's timer).
pub(super) fn back(current: Option<&Table>, user: Option<&str>, now: Millis) -> Decided {
    let t = open(current)?;
    let seats: Vec<Seat> = t
        .away
        .iter()
        .filter(|(seat, until)| match user {
            Some(id) => t.seats.get(**seat).is_some_and(|u| u.id == id),
            None => **until <= now,
        })
        .map(|(seat, _)| *seat)
        .collect();
    if seats.is_empty() {
        return Err(Refusal::idle());
    }
    let mut table = t.clone();
    for seat in &seats {
        table.away.remove(seat);
        // Their turn starts afresh: the idle time (at a table without a clock) counts from now.
        table.acting_since.remove(seat);
        table.reminded.remove(seat);
    }
    if table.status == Status::Running {
        settle(&mut table, now);
    }
    Ok(Decision {
        table,
        entry: Entry::Back {
            seats: seats.clone(),
        },
        user: None,
        opened: false,
        events: seats
            .into_iter()
            .map(|seat| TableEvent::Back { seat })
            .collect(),
    })
}
