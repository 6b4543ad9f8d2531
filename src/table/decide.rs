//! The one step that changes a table: `decide(table, actor, action, now)` → the next table, its
//! log entry and the events that happened. Pure: no I/O, no clock, no random generator (a new
//! table's id and seed are filled in by the service before the commit).
//!
//! Every change goes through here — typed moves, clicks, `/resign`, `/abort`, `/leave`, a clock
//! running out, a wait for answers ending — and then through one commit
//! ([`TableService`](super::TableService)) and one projection into replies
//! ([`project`](super::project)).

use super::action::{Action, Actor};
use super::clock::{ChessClock, Millis};
use super::command::User;
use super::event::TableEvent;
use super::options::TableOptions;
use super::record::{Entry, Status, Table};
use super::refused::Refused;
use super::reply::Hint;
use crate::games::{AnyGame, Audience, Forfeit, GameKind, Seat};

mod away;
mod bots;
mod idle;
mod pause;
#[cfg(test)]
mod tests;

/// What an accepted action does.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The table after the action.
    pub table: Table,
    /// What the log records.
    pub entry: Entry,
    /// Who acted (`None` for the table's own timers); the log keeps their id.
    pub user: Option<User>,
    /// The table is new: the service gives it an id and a seed before the commit.
    pub opened: bool,
    /// What happened, in order.
    pub events: Vec<TableEvent>,
}

/// Why an action was refused; nothing changed.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// Why; worded where the reply is made ([`Refused::words`]).
    pub refused: Refused,
    /// Only the sender may read it (it would tell what only they may know).
    pub private: bool,
    /// A chat-specific hint the adapter adds in its own words.
    pub hint: Option<Hint>,
    /// A timer found nothing to do (not worth a reply).
    pub idle: bool,
}

impl Refusal {
    fn new(refused: Refused) -> Refusal {
        Refusal {
            refused,
            private: false,
            hint: None,
            idle: false,
        }
    }

    fn private(refused: Refused) -> Refusal {
        Refusal {
            private: true,
            ..Refusal::new(refused)
        }
    }

    fn idle() -> Refusal {
        Refusal {
            idle: true,
            ..Refusal::new(Refused::NothingDue)
        }
    }
}

type Decided = Result<Decision, Refusal>;

/// Decides what `action` by `actor` does to the table of `channel` (`current` is the channel's
/// newest table, open or not) at table time `now`.
pub fn decide(
    channel: &str,
    current: Option<&Table>,
    actor: &Actor,
    action: &Action,
    now: Millis,
) -> Decided {
    match (action, actor) {
        (Action::Join(args), Actor::Player { user, .. }) => join(channel, current, user, args, now),
        (Action::Leave, Actor::Player { user, .. }) => leave(current, user),
        (Action::Start, Actor::Player { user, .. }) => start(current, user, now),
        (Action::AddBot(args), Actor::Player { user, .. }) => bots::add(current, user, args),
        (Action::RemoveBot, Actor::Player { user, .. }) => bots::remove(current, user),
        (Action::Play(text), Actor::Player { user, private, .. }) => {
            play(current, user, *private, text, now)
        }
        (Action::Resign, Actor::Player { user, .. }) => resign(current, user, now),
        (
            Action::Abort,
            Actor::Player {
                user, moderator, ..
            },
        ) => abort(current, user, *moderator, now),
        (Action::Claim(args), Actor::Player { user, .. }) => idle::claim(current, user, args, now),
        (Action::ClockRanOut, Actor::Table) => idle::clock_ran_out(current, now),
        (Action::Remind, Actor::Table) => idle::remind(current, now),
        (Action::Away { user, until }, Actor::Table) => away::away(current, user, *until, now),
        (Action::Back { user }, Actor::Table) => away::back(current, user.as_deref(), now),
        (Action::CloseWindow, Actor::Table) => close_window(current, now),
        (Action::Relocate(to), Actor::Table) => relocate(current, to, now),
        (Action::Suspend, Actor::Table) => pause::suspend(current, now),
        (Action::Resume, Actor::Table) => pause::resume(current, now),
        (Action::Close(closing), Actor::Table) => pause::close(current, *closing, now),
        (Action::Stop, Actor::Table) => bots::stop(current, now),
        _ => Err(Refusal::idle()),
    }
}

/// After a change to a running game: stop the clock and mark the table finished when the game
/// is over, else run the clocks of whoever is to act (not of computer players, nor of people on
/// vacation at a correspondence table) and keep their turns' bookkeeping; start or forget the
/// wait for answers.
fn settle(table: &mut Table, now: Millis) {
    let Some(game) = &table.game else { return };
    let to_act = game.to_act().seats();
    let correspondence = table.is_correspondence();
    let paused: Vec<Seat> = to_act
        .iter()
        .copied()
        .filter(|s| {
            table.seats.get(*s).is_none_or(User::is_bot)
                || (correspondence && table.is_away(*s, now))
        })
        .collect();
    table.window = match (game.window(), table.window) {
        (Some(w), Some((id, since))) if w.id == id => Some((id, since)),
        (Some(w), _) => Some((w.id, now)),
        (None, _) => None,
    };
    let over = game.outcome().is_some();
    if let Some(clock) = table.clock.as_mut() {
        clock.switch_to(&to_act, &paused, now);
    }
    if over {
        table.status = Status::Finished;
    }
    table.begin_turns(now);
}

fn game_events(announcements: Vec<crate::games::Announcement>) -> Vec<TableEvent> {
    announcements.into_iter().map(TableEvent::Game).collect()
}

fn unknown_game(word: &str) -> Refusal {
    Refusal::new(Refused::UnknownGame {
        word: word.to_string(),
    })
}

fn join(channel: &str, current: Option<&Table>, user: &User, args: &str, now: Millis) -> Decided {
    let words: Vec<&str> = args.split_whitespace().collect();
    let named = words.first().and_then(|w| GameKind::from_word(w));
    let Some(t) = current.filter(|t| t.status.is_open()) else {
        let Some(kind) = named else {
            return Err(match words.first() {
                Some(w) => unknown_game(w),
                None => Refusal::new(Refused::WhichGame),
            });
        };
        let options = TableOptions::parse(kind, words[1..].iter().copied())
            .map_err(|e| Refusal::new(Refused::Options(e)))?;
        let table = Table::lobby(channel, kind, options, user, now);
        return Ok(Decision {
            table,
            entry: Entry::Join,
            user: Some(user.clone()),
            opened: true,
            events: vec![TableEvent::Opened],
        });
    };
    let info = t.kind.info();
    if t.status == Status::Running {
        return Err(Refusal::new(Refused::JoinRunning {
            table: Box::new(t.clone()),
        }));
    }
    if t.seat_of(user).is_some() {
        return Err(Refusal::new(Refused::AlreadySeated {
            game: t.kind,
            seated: t.seats.len(),
        }));
    }
    if let Some(first) = words.first() {
        match named {
            Some(kind) if kind != t.kind => {
                return Err(Refusal::new(Refused::OtherGame {
                    game: t.kind,
                    wanted: kind,
                }));
            }
            // `/join <game>` without options sits down at that game's table, whatever it was
            // opened with; options that differ from the table's are refused.
            Some(kind) if words.len() > 1 => {
                let same = TableOptions::parse(kind, words[1..].iter().copied())
                    .is_ok_and(|o| o == t.options);
                if !same {
                    return Err(Refusal::new(Refused::OtherOptions {
                        game: t.kind,
                        options: t.options.clone(),
                        wanted: words[1..].join(" "),
                    }));
                }
            }
            Some(_) => {}
            None => return Err(unknown_game(first)),
        }
    }
    if t.seats.len() >= info.max_players {
        return Err(Refusal::new(Refused::TableFull {
            table: Box::new(t.clone()),
        }));
    }
    let mut table = t.clone();
    table.seats.push(distinct_name(t, user));
    Ok(Decision {
        events: vec![TableEvent::Sat {
            seat: table.seats.len() - 1,
        }],
        table,
        entry: Entry::Join,
        user: Some(user.clone()),
        opened: false,
    })
}

/// `user` with a name no other seat has (case aside): a second "al" sits down as "al (2)", so
/// two players with one display name are told apart in every line and image.
fn distinct_name(t: &Table, user: &User) -> User {
    let taken = |name: &str| {
        t.seats
            .iter()
            .any(|u| u.id != user.id && u.name.to_lowercase() == name.to_lowercase())
    };
    let mut name = user.name.clone();
    let mut n = 2;
    while taken(&name) {
        name = format!("{} ({n})", user.name);
        n += 1;
    }
    User {
        id: user.id.clone(),
        name,
    }
}

fn leave(current: Option<&Table>, user: &User) -> Decided {
    let Some(t) = current.filter(|t| t.status.is_open()) else {
        return Err(Refusal::new(Refused::LeaveNoTable));
    };
    let Some(seat) = t.seat_of(user) else {
        return Err(Refusal::new(Refused::NotSeated));
    };
    if t.status == Status::Running {
        return Err(Refusal::new(Refused::LeaveRunning));
    }
    let mut table = t.clone();
    table.seats.remove(seat);
    let mut new_host = None;
    // A table keeps at least one person: computer players alone do not keep a lobby open.
    if table.seats.iter().all(User::is_bot) {
        table.status = Status::Aborted;
    } else if table.creator.id == user.id
        && let Some(person) = table.seats.iter().find(|u| !u.is_bot())
    {
        table.creator = person.clone();
        new_host = Some(table.creator.clone());
    }
    Ok(Decision {
        events: vec![TableEvent::Left {
            user: user.clone(),
            new_host,
        }],
        table,
        entry: Entry::Leave,
        user: Some(user.clone()),
        opened: false,
    })
}

fn start(current: Option<&Table>, user: &User, now: Millis) -> Decided {
    let t = match current {
        Some(t) if t.status == Status::Lobby => t,
        Some(t) if t.status == Status::Running => {
            return Err(Refusal::new(Refused::StartRunning));
        }
        _ => {
            return Err(Refusal::new(Refused::StartNoTable));
        }
    };
    let info = t.kind.info();
    if t.seat_of(user).is_none() {
        return Err(Refusal::new(Refused::StartNotSeated {
            table: Box::new(t.clone()),
        }));
    }
    if t.seats.len() < info.min_players {
        return Err(Refusal::new(Refused::TooFewPlayers {
            game: t.kind,
            seated: t.seats.len(),
        }));
    }
    let game = AnyGame::new(&t.options.game, t.seats.len(), t.seed)
        .map_err(|e| Refusal::new(Refused::Setup(e)))?;
    let mut table = t.clone();
    table.game = Some(game);
    table.status = Status::Running;
    let seats = table.seats.len();
    table.clock = table.options.time.map(|limit| {
        if table.options.per_move {
            ChessClock::per_move(seats, limit, now)
        } else {
            ChessClock::new(seats, limit, now)
        }
    });
    table.away.retain(|_, until| *until > now);
    table.started = Some(now);
    settle(&mut table, now);
    Ok(Decision {
        table,
        entry: Entry::Start,
        user: Some(user.clone()),
        opened: false,
        events: vec![TableEvent::Started],
    })
}

/// Starts a table whose seats a tournament filled (`lobby`: a lobby with its id, seed and
/// seats set) as its first seat's `/start` would.
pub fn start_seated(lobby: &Table, now: Millis) -> Decided {
    let first = lobby
        .seats
        .first()
        .cloned()
        .ok_or_else(|| Refusal::new(Refused::StartNobody))?;
    start(Some(lobby), &first, now)
}

/// The running table and the sender's seat, or the refusal explaining why not.
fn seated_in_running<'a>(
    current: Option<&'a Table>,
    user: &User,
) -> Result<(&'a Table, Seat), Refusal> {
    let t = match current {
        Some(t) if t.status == Status::Running => t,
        Some(t) if t.status == Status::Lobby => {
            return Err(Refusal::new(Refused::NotStarted));
        }
        Some(t) if t.status == Status::Finished => {
            return Err(Refusal::new(Refused::Finished {
                table: Box::new(t.clone()),
            }));
        }
        _ => {
            return Err(Refusal::new(Refused::NoGame));
        }
    };
    match t.seat_of(user) {
        Some(seat) => Ok((t, seat)),
        None => Err(Refusal::new(Refused::NotAPlayer {
            table: Box::new(t.clone()),
        })),
    }
}

fn play(current: Option<&Table>, user: &User, private: bool, args: &str, now: Millis) -> Decided {
    let (t, seat) = seated_in_running(current, user)?;
    let Some(game) = &t.game else {
        return Err(Refusal::new(Refused::NothingRunning));
    };
    if args.eq_ignore_ascii_case("resign") {
        return resign(current, user, now);
    }
    // What a refusal of this seat's move may tell: its options may show its hand.
    let secret_options = !game.options_audience(seat).is_public();
    let refuse = |refused: Refused| Refusal {
        private: secret_options,
        ..Refusal::new(refused)
    };
    if args.is_empty() {
        return Err(Refusal::private(Refused::WhichMove {
            example: game.legal_moves(seat).first().cloned(),
        }));
    }
    if !game.may_act(seat) {
        return Err(Refusal::new(Refused::NotYourTurn {
            table: Box::new(t.clone()),
        }));
    }
    let secret = game.choice_audience(seat) != Audience::Everyone;
    let mut table = t.clone();
    let Some(game) = table.game.as_mut() else {
        return Err(Refusal::new(Refused::NothingRunning));
    };
    // The rules first: a move that is not allowed now is refused with the game's reason, also
    // during a secret choice (`build house` while everybody chooses is not secret, it is not
    // allowed now).
    let played = match game.play(seat, args) {
        Ok(p) => p,
        // A move may name a player where the notation has their colour (`buy anna clay`).
        Err(e) => match with_seat_labels(t, args).map(|text| game.play(seat, &text)) {
            Some(Ok(p)) => p,
            _ => return Err(refuse(Refused::Move(e))),
        },
    };
    // A legal secret choice typed where everybody reads it is not played: the table's copy
    // that played it is dropped.
    if secret && !private {
        return Err(Refusal {
            hint: Some(Hint::SendPrivately),
            ..Refusal::new(Refused::SecretInPublic)
        });
    }
    table.moves += 1;
    settle(&mut table, now);
    Ok(Decision {
        table,
        entry: Entry::Move {
            text: played.text,
            secret,
        },
        user: Some(user.clone()),
        opened: false,
        events: game_events(played.announcements),
    })
}

fn resign(current: Option<&Table>, user: &User, now: Millis) -> Decided {
    let (t, seat) = seated_in_running(current, user)?;
    if t.game.as_ref().is_some_and(|g| !g.in_play(seat)) {
        return Err(Refusal::new(Refused::AlreadyLeft));
    }
    forfeit(t, seat, Forfeit::Resigned, now, Some(user.clone()))
}

/// A seat leaves the running game: the game's own forfeit events follow the table's line.
fn forfeit(t: &Table, seat: Seat, reason: Forfeit, now: Millis, user: Option<User>) -> Decided {
    let mut table = t.clone();
    let Some(game) = table.game.as_mut() else {
        return Err(Refusal::new(Refused::NothingRunning));
    };
    let announcements = game.forfeit(seat, reason);
    settle(&mut table, now);
    let (first, entry) = match reason {
        Forfeit::Resigned => (TableEvent::Resigned { seat }, Entry::Resign),
        Forfeit::TimedOut => (TableEvent::TimedOut { seat }, Entry::Timeout),
        Forfeit::Abandoned => (TableEvent::Abandoned { seat }, Entry::Claim),
        Forfeit::Stopped => (TableEvent::Stopped, Entry::Stopped { seats: vec![seat] }),
    };
    let mut events = vec![first];
    events.extend(game_events(announcements));
    Ok(Decision {
        table,
        entry,
        user,
        opened: false,
        events,
    })
}

fn abort(current: Option<&Table>, user: &User, moderator: bool, now: Millis) -> Decided {
    let Some(t) = current.filter(|t| t.status.is_open()) else {
        return Err(Refusal::new(Refused::AbortNoTable));
    };
    if t.creator.id != user.id && !moderator {
        return Err(Refusal::new(Refused::NotCreator {
            creator: t.creator.name.clone(),
        }));
    }
    // A tournament game ends with a result, or by its organizer's `/tournament result`.
    if t.fixture.is_some() && t.status == Status::Running && !moderator {
        return Err(Refusal::new(Refused::AbortTournament));
    }
    // Once a rated game has begun, it ends with a result: the players resign; only a
    // moderator may still end it without one.
    if t.status == Status::Running && t.moves > 0 && !t.options.casual && !moderator {
        return Err(Refusal::new(Refused::AbortRated));
    }
    let mut table = t.clone();
    table.status = Status::Aborted;
    table.window = None;
    if let Some(clock) = table.clock.as_mut() {
        clock.stop(now);
    }
    Ok(Decision {
        table,
        entry: Entry::Abort,
        user: Some(user.clone()),
        opened: false,
        events: vec![TableEvent::Aborted { by: user.clone() }],
    })
}

fn running(current: Option<&Table>) -> Result<&Table, Refusal> {
    current
        .filter(|t| t.status == Status::Running)
        .ok_or_else(Refusal::idle)
}

fn close_window(current: Option<&Table>, now: Millis) -> Decided {
    let t = running(current)?;
    let (Some((id, since)), Some(window)) = (t.window, t.game.as_ref().and_then(|g| g.window()))
    else {
        return Err(Refusal::idle());
    };
    if window.id != id || now < since.saturating_add(window.length.as_millis() as Millis) {
        return Err(Refusal::idle());
    }
    let mut table = t.clone();
    let Some(game) = table.game.as_mut() else {
        return Err(Refusal::idle());
    };
    let announcements = game.close_window();
    settle(&mut table, now);
    let mut events = vec![TableEvent::WindowClosed];
    events.extend(game_events(announcements));
    Ok(Decision {
        table,
        entry: Entry::WindowClosed,
        user: None,
        opened: false,
        events,
    })
}

/// The table moves to `to`; a tournament game that waited for its venue starts its clocks
/// there, now.
fn relocate(current: Option<&Table>, to: &str, now: Millis) -> Decided {
    let Some(t) = current.filter(|t| t.status.is_open()) else {
        return Err(Refusal::new(Refused::RelocateNoTable));
    };
    let mut table = t.clone();
    table.channel = to.to_string();
    if let (true, Some(since)) = (t.awaits_venue(), t.suspended) {
        pause::unpause(&mut table, since, now);
    }
    Ok(Decision {
        table,
        entry: Entry::Moved {
            from: t.channel.clone(),
        },
        user: None,
        opened: false,
        events: Vec::new(),
    })
}

/// `args` with every word that is a seated player's name replaced by their seat's label (their
/// colour), or `None` when no word names a player. Tried only after the move as typed failed,
/// so a move that is valid as typed never changes meaning.
fn with_seat_labels(table: &Table, args: &str) -> Option<String> {
    let game = table.game.as_ref()?;
    let mut named = false;
    let words: Vec<String> = args
        .split_whitespace()
        .map(|word| {
            let bare = word.trim_start_matches('@');
            match table
                .seats
                .iter()
                .position(|u| u.name.eq_ignore_ascii_case(bare))
            {
                Some(seat) => {
                    named = true;
                    // The notation's own word (the moves' words are read in English too).
                    crate::i18n::scope(crate::i18n::Lang::En, || game.seat_label(seat))
                }
                None => word.to_string(),
            }
        })
        .collect();
    named.then(|| words.join(" "))
}
