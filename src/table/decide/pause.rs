//! What happens to a table when its channel goes away or nobody comes: it pauses while the
//! chat cannot reach its channel (and resumes with its clocks shifted by the pause), closes
//! without a result when the channel is gone for good, and a lobby nobody started expires.

use super::{Decided, Decision, Refusal, settle};
use crate::table::action::Closing;
use crate::table::clock::Millis;
use crate::table::event::TableEvent;
use crate::table::record::{Entry, Status, Table};

fn open(current: Option<&Table>) -> Result<&Table, Refusal> {
    current
        .filter(|t| t.status.is_open())
        .ok_or_else(Refusal::idle)
}

/// The table pauses: its clocks are charged up to now and stop; it has no deadline until it
/// resumes.
pub(super) fn suspend(current: Option<&Table>, now: Millis) -> Decided {
    let t = open(current)?;
    if t.suspended.is_some() {
        return Err(Refusal::idle());
    }
    let mut table = t.clone();
    table.suspended = Some(now);
    if let Some(clock) = table.clock.as_mut() {
        clock.stop(now);
    }
    Ok(Decision {
        table,
        entry: Entry::Suspended,
        user: None,
        opened: false,
        events: vec![TableEvent::Suspended],
    })
}

/// The paused table is back: the wait for answers keeps the time it had left, and the clocks
/// of whoever is to act run again from now.
pub(super) fn resume(current: Option<&Table>, now: Millis) -> Decided {
    let t = open(current)?;
    let Some(since) = t.suspended else {
        return Err(Refusal::idle());
    };
    let paused = now.saturating_sub(since);
    let mut table = t.clone();
    unpause(&mut table, since, now);
    Ok(Decision {
        table,
        entry: Entry::Resumed,
        user: None,
        opened: false,
        events: vec![TableEvent::Resumed { paused }],
    })
}

/// Ends the pause that began at `since`: the wait for answers keeps the time it had left, and
/// the clocks of whoever is to act run from `now`.
pub(super) fn unpause(table: &mut Table, since: Millis, now: Millis) {
    let paused = now.saturating_sub(since);
    table.suspended = None;
    if let Some((id, started)) = table.window {
        table.window = Some((id, started.saturating_add(paused)));
    }
    if table.status == Status::Running {
        settle(table, now);
    }
}

/// The table ends without a result: its channel is gone, or it is a lobby nobody started in
/// time.
pub(super) fn close(current: Option<&Table>, closing: Closing, now: Millis) -> Decided {
    let t = open(current)?;
    let reason = match closing {
        Closing::ChannelGone => "gone",
        Closing::Decided => "decided",
        Closing::LobbyExpired { after } => {
            let wait = Millis::try_from(after.as_millis()).unwrap_or(Millis::MAX);
            let due = t.created.saturating_add(wait);
            if t.status != Status::Lobby || now < due {
                return Err(Refusal::idle());
            }
            "expired"
        }
    };
    let mut table = t.clone();
    table.status = Status::Aborted;
    table.window = None;
    table.suspended = None;
    if let Some(clock) = table.clock.as_mut() {
        clock.stop(now);
    }
    Ok(Decision {
        table,
        entry: Entry::Closed {
            reason: reason.into(),
        },
        user: None,
        opened: false,
        events: vec![TableEvent::Closed(closing)],
    })
}
