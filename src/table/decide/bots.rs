//! `/bot`: computer players sit down and stand up in the lobby, at a seated person's request.
//! A table keeps at least one person: a lobby of bots only closes.

use super::{Decided, Decision, Refusal};
use crate::bots::Level;
use crate::t;
use crate::table::command::User;
use crate::table::event::TableEvent;
use crate::table::record::{Entry, Status, Table};

fn lobby<'a>(current: Option<&'a Table>, user: &User) -> Result<&'a Table, Refusal> {
    let t = match current {
        Some(t) if t.status == Status::Lobby => t,
        Some(t) if t.status == Status::Running => {
            return Err(Refusal::new(t!("bot-running")));
        }
        _ => {
            return Err(Refusal::new(t!("bot-no-lobby")));
        }
    };
    if t.seat_of(user).is_none() {
        return Err(Refusal::new(t!("bot-not-seated")));
    }
    Ok(t)
}

/// `/bot [level]`: a computer player of `level` (default `normal`) takes the next seat.
pub(super) fn add(current: Option<&Table>, user: &User, args: &str) -> Decided {
    let t = lobby(current, user)?;
    let word = args.split_whitespace().next().unwrap_or("normal");
    let Some(level) = Level::from_word(word) else {
        return Err(Refusal::new(t!(
            "bot-unknown-level",
            word = crate::table::markup::code(word),
            levels = Level::words()
        )));
    };
    let info = t.kind.info();
    if t.seats.len() >= info.max_players {
        return Err(Refusal::new(t!(
            "bot-table-full",
            game = info.name,
            seated = t.seats.len(),
            max = info.max_players
        )));
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
        return Err(Refusal::new(t!("bot-none-seated")));
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
