//! The service's fixed texts and the text forms of a table (status, result, turn).

use std::time::Duration;

use super::clock::{Millis, format_clock, format_span};
use super::command::Verb;
use super::options::TableOptions;
use super::record::{Status, Table};
use super::timing::Limit;
use crate::games::GameKind;
use crate::t;

/// Upper-cases the first letter and ends the text with a full stop if it has no final mark.
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => return String::new(),
    };
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// `/help`.
pub fn help() -> String {
    let mut out = t!("help-intro");
    for (_, word) in Verb::ALL {
        out.push('\n');
        out.push_str(&Verb::help_line(word));
    }
    out.push('\n');
    out.push_str(&t!("help-outro"));
    out
}

/// `/games`.
pub fn games() -> String {
    let mut out = t!("games-intro");
    for kind in GameKind::ALL {
        let info = kind.info();
        out.push('\n');
        out.push_str(&t!(
            "games-line",
            name = info.name,
            id = info.id,
            tagline = kind.tagline(),
            options = super::options::valid(*kind)
        ));
    }
    out
}

/// The names of every game's `/join` word, for hints.
pub fn game_words() -> String {
    GameKind::ALL
        .iter()
        .map(|k| k.info().id)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The option words of a table, or "none".
pub fn options_text(options: &TableOptions) -> String {
    let words = options.words();
    if words.is_empty() {
        t!("options-none")
    } else {
        words.join(" ")
    }
}

/// `Alice, Bob` with seat numbers when useful.
pub fn seated(table: &Table) -> String {
    if table.seats.is_empty() {
        return t!("seated-nobody");
    }
    (0..table.seats.len())
        .map(|s| table.player(s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// "Bob (Black) to move." or "Waiting for Alice, Bob." or "".
pub fn turn_line(table: &Table) -> String {
    let Some(game) = &table.game else {
        return String::new();
    };
    if table.status != Status::Running {
        return String::new();
    }
    let seats = game.to_act().seats();
    match seats.as_slice() {
        [] => String::new(),
        [one] => t!("turn-one", player = table.player(*one)),
        many => t!(
            "turn-many",
            players = many
                .iter()
                .map(|s| table.player(*s))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The game's prompt (if any) and the turn line, for `/board` and the like.
pub fn situation(table: &Table) -> String {
    let prompt = table.game.as_ref().and_then(|g| g.prompt());
    prompt
        .into_iter()
        .chain(Some(turn_line(table)))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The result line of a finished game.
pub fn result_line(table: &Table) -> String {
    let Some(outcome) = table.game.as_ref().and_then(|g| g.outcome()) else {
        return String::new();
    };
    // The same words as the image and its description say (`Outcome::verdict`).
    t!(
        "result-over",
        verdict = outcome.verdict(|s| table.player(s))
    )
}

/// What `/status` adds to a seat's line: on vacation, waiting (at a table without a clock, and
/// whether a `/claim` may take the seat), or playing for a person who left.
fn seat_notes(table: &Table, seat: usize, now: Millis) -> String {
    let mut notes = Vec::new();
    if let Some(until) = table.away.get(&seat).filter(|until| **until > now) {
        notes.push(t!(
            "status-on-vacation",
            span = format_span(Duration::from_millis(until - now))
        ));
    }
    // A wait of an hour or more is worth a note.
    if let Some(budget) = table.budget(seat, now).filter(|b| b.limit == Limit::Idle) {
        let waited = now.saturating_sub(budget.ends.saturating_sub(budget.length));
        let span = format_span(Duration::from_millis(waited));
        if budget.ends <= now {
            notes.push(t!("status-claimable", span = span));
        } else if waited >= 3_600_000 {
            notes.push(t!("status-waiting", span = span));
        }
    }
    for r in table.replaced.iter().filter(|r| r.seat == seat) {
        notes.push(t!(
            "status-playing-for",
            name = super::markup::name(&r.user.name)
        ));
    }
    if notes.is_empty() {
        String::new()
    } else {
        format!(" — {}", notes.join(", "))
    }
}

/// `/status`.
pub fn status(table: &Table, now: Millis) -> String {
    let info = table.kind.info();
    let words = table.options.words();
    let options = if words.is_empty() {
        String::new()
    } else {
        format!(" ({})", words.join(" "))
    };
    let mut lines = vec![t!(
        "status-head",
        game = info.name,
        options = options,
        table = table.id
    )];
    match table.status {
        Status::Lobby => {
            lines.push(t!(
                "status-lobby",
                players = seated(table),
                seated = table.seats.len(),
                max = info.max_players,
                min = info.min_players
            ));
        }
        Status::Aborted => lines.push(t!("status-aborted")),
        Status::Running | Status::Finished => {
            let situation = situation(table);
            if !situation.is_empty() {
                lines.push(situation);
            }
            if let Some(game) = &table.game {
                let scores = game.scores();
                for (seat, score) in scores.iter().enumerate() {
                    let clock = table
                        .clock
                        .as_ref()
                        .map(|c| {
                            let left = format_clock(c.remaining(seat, now));
                            if c.is_running(seat) {
                                t!("status-clock-running", left = left)
                            } else {
                                t!("status-clock", left = left)
                            }
                        })
                        .unwrap_or_default();
                    let notes = seat_notes(table, seat, now);
                    lines.push(format!("{}: {score}{clock}{notes}", table.player(seat)));
                }
            }
            if table.status == Status::Finished {
                lines.push(result_line(table));
            }
        }
    }
    lines.join("\n")
}
