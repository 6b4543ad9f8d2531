//! The service's fixed texts and the text forms of a table (status, result, turn).

use std::time::Duration;

use super::clock::{Millis, format_clock, format_span};
use super::command::Verb;
use super::options::TableOptions;
use super::record::{Status, Table};
use super::timing::Limit;
use crate::games::{EndReason, Forfeit, GameKind};

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
    let mut out =
        String::from("**spieltisch** — board games at this table. Commands (`/` or `!`):");
    for (_, usage, about) in Verb::ALL {
        out.push_str(&format!("\n`{usage}` — {about}"));
    }
    out.push_str("\nStart with `/games`, then `/join <game>`.");
    out
}

/// `/games`.
pub fn games() -> String {
    let mut out = String::from("Games:");
    for kind in GameKind::ALL {
        let info = kind.info();
        out.push_str(&format!(
            "\n**{}** (`/join {}`) — {}. Options: {}",
            info.name,
            info.id,
            info.tagline,
            super::options::valid(*kind)
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
        "none".into()
    } else {
        words.join(" ")
    }
}

/// `Alice, Bob` with seat numbers when useful.
pub fn seated(table: &Table) -> String {
    if table.seats.is_empty() {
        return "nobody".into();
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
        [one] => format!("{} to move.", table.player(*one)),
        many => format!(
            "Waiting for {}.",
            many.iter()
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
    let scores: Vec<String> = outcome
        .scores
        .iter()
        .enumerate()
        .map(|(s, score)| format!("{} {score}", table.player(s)))
        .collect();
    let verdict = match (outcome.reason, outcome.winner()) {
        (_, Some(w)) => format!("{} wins!", table.player(w)),
        _ if outcome.is_draw() => "A draw.".to_string(),
        _ => {
            let best: Vec<String> = (0..outcome.ranks.len())
                .filter(|s| outcome.ranks[*s] == 1)
                .map(|s| table.player(s))
                .collect();
            format!("Shared first place: {}.", best.join(", "))
        }
    };
    let why = match outcome.reason {
        EndReason::Normal => String::new(),
        EndReason::Forfeit(s, Forfeit::Resigned) => format!(" ({} resigned)", table.player(s)),
        EndReason::Forfeit(s, Forfeit::TimedOut) => {
            format!(" ({} ran out of time)", table.player(s))
        }
        EndReason::Forfeit(s, Forfeit::Abandoned) => {
            format!(" ({} abandoned the game)", table.player(s))
        }
    };
    format!("Game over{why}. {} — {verdict}", scores.join(", "))
}

/// What `/status` adds to a seat's line: on vacation, waiting (at a table without a clock, and
/// whether a `/claim` may take the seat), or playing for a person who left.
fn seat_notes(table: &Table, seat: usize, now: Millis) -> String {
    let mut notes = Vec::new();
    if let Some(until) = table.away.get(&seat).filter(|until| **until > now) {
        notes.push(format!(
            "on vacation for {} more",
            format_span(Duration::from_millis(until - now))
        ));
    }
    // A wait of an hour or more is worth a note.
    if let Some(budget) = table.budget(seat, now).filter(|b| b.limit == Limit::Idle) {
        let waited = now.saturating_sub(budget.ends.saturating_sub(budget.length));
        let span = format_span(Duration::from_millis(waited));
        if budget.ends <= now {
            notes.push(format!("waiting for {span}, may be claimed (`/claim`)"));
        } else if waited >= 3_600_000 {
            notes.push(format!("waiting for {span}"));
        }
    }
    for r in table.replaced.iter().filter(|r| r.seat == seat) {
        notes.push(format!("for {}", super::markup::name(&r.user.name)));
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
    let mut lines = vec![format!("**{}**{options} — table {}", info.name, table.id)];
    match table.status {
        Status::Lobby => {
            lines.push(format!(
                "Lobby: {} seated ({}/{}); {} needed to /start.",
                seated(table),
                table.seats.len(),
                info.max_players,
                info.min_players
            ));
        }
        Status::Aborted => lines.push("Aborted: no result.".into()),
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
                            let running = if c.is_running(seat) {
                                ", clock running"
                            } else {
                                ""
                            };
                            format!(" — {} left{running}", format_clock(c.remaining(seat, now)))
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
