//! `/bot`: computer players sit down and stand up in the lobby, at a seated person's request.
//! A table keeps at least one person: a lobby of bots only closes, and a running game whose
//! people have all left stops (its computer players do not play on by themselves).

use super::{Decided, Decision, Refusal, game_events, running, settle};
use crate::bots::Level;
use crate::games::{Forfeit, Seat};
use crate::table::clock::Millis;
use crate::table::command::User;
use crate::table::event::TableEvent;
use crate::table::record::{Entry, Status, Table};
use crate::table::refused::Refused;

fn lobby<'a>(current: Option<&'a Table>, user: &User) -> Result<&'a Table, Refusal> {
    let t = match current {
        Some(t) if t.status == Status::Lobby => t,
        Some(t) if t.status == Status::Running => {
            return Err(Refusal::new(Refused::BotRunning));
        }
        _ => {
            return Err(Refusal::new(Refused::BotNoLobby));
        }
    };
    if t.seat_of(user).is_none() {
        return Err(Refusal::new(Refused::BotNotSeated));
    }
    Ok(t)
}

/// `/bot [level]`: a computer player of `level` (default `normal`) takes the next seat.
pub(super) fn add(current: Option<&Table>, user: &User, args: &str) -> Decided {
    let t = lobby(current, user)?;
    let word = args.split_whitespace().next().unwrap_or("normal");
    let Some(level) = Level::from_word(word) else {
        return Err(Refusal::new(Refused::UnknownBotLevel {
            word: word.to_string(),
        }));
    };
    let info = t.kind.info();
    if t.seats.len() >= info.max_players {
        return Err(Refusal::new(Refused::BotTableFull {
            game: t.kind,
            seated: t.seats.len(),
        }));
    }
    let n = t.seats.iter().filter(|u| u.is_bot()).count() + 1;
    let bot = User::bot(level.word(), n);
    let mut table = t.clone();
    table.seats.push(bot.clone());
    Ok(Decision {
        events: vec![TableEvent::Sat {
            seat: table.seats.len() - 1,
        }],
        table,
        entry: Entry::Bot {
            id: bot.id,
            seated: true,
        },
        user: Some(user.clone()),
        opened: false,
    })
}

/// `/bot remove`: the computer player who sat down last stands up.
pub(super) fn remove(current: Option<&Table>, user: &User) -> Decided {
    let t = lobby(current, user)?;
    let Some(seat) = t.seats.iter().rposition(User::is_bot) else {
        return Err(Refusal::new(Refused::NoBotSeated));
    };
    let mut table = t.clone();
    let bot = table.seats.remove(seat);
    Ok(Decision {
        events: vec![TableEvent::Left {
            user: bot.clone(),
            new_host: None,
        }],
        table,
        entry: Entry::Bot {
            id: bot.id,
            seated: false,
        },
        user: Some(user.clone()),
        opened: false,
    })
}

/// Every person has left the running game (resigned, ran out of time, was claimed, left the
/// server): its computer players stop. They leave the game one by one, the lowest score first
/// (a later seat first among equals), so that the game ranks them as they stand, above the
/// people who left before them; the game ends, and the table with its result.
pub(super) fn stop(current: Option<&Table>, now: Millis) -> Decided {
    let t = running(current)?;
    if !t.deserted() {
        return Err(Refusal::idle());
    }
    let mut table = t.clone();
    let Some(game) = table.game.as_mut() else {
        return Err(Refusal::idle());
    };
    let scores = game.scores();
    let mut order: Vec<Seat> = (0..table.seats.len())
        .filter(|s| game.in_play(*s))
        .collect();
    order.sort_by_key(|s| (scores.get(*s).copied().unwrap_or(0), std::cmp::Reverse(*s)));
    let mut stopped = Vec::new();
    let mut announcements = Vec::new();
    for seat in order {
        if game.outcome().is_some() {
            break;
        }
        announcements.extend(game.forfeit(seat, Forfeit::Stopped));
        stopped.push(seat);
    }
    settle(&mut table, now);
    let mut events = vec![TableEvent::Stopped];
    events.extend(game_events(announcements));
    Ok(Decision {
        table,
        entry: Entry::Stopped { seats: stopped },
        user: None,
        opened: false,
        events,
    })
}
