//! Replaying a game from its record: every position from the start to the end, for `/replay`
//! and `spieltisch render`.
//!
//! A game replays exactly from its options, its seed and its moves (the game contract). The
//! record is a table's log (in the store) or the `/export` document of a finished table
//! (which holds the seed only once the game is over). Only finished games are replayed: their
//! secret moves are in the record, and what the rules reveal at the end may be shown.

use super::options::TableOptions;
use super::record::{Entry, LogEntry, Table};
use crate::games::{AnyGame, Forfeit, GameKind, Seat};
use crate::t;

/// One step of a game's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A move by a seat, in the game's notation.
    Move {
        /// The seats that may have made it (one, unless names repeat in an export).
        seats: Vec<Seat>,
        /// The move text.
        text: String,
    },
    /// A seat forfeited (resigned, ran out of time, was claimed).
    Forfeit {
        /// The seat; `None` in older records of a timeout: then the first seat to act.
        seat: Option<Seat>,
        /// How.
        reason: Forfeit,
    },
    /// The time for answers ran out.
    WindowClosed,
}

/// Why a record does not replay (in words in the current language: `/replay` shows it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    /// The game is not over: its record is not public yet.
    NotFinished,
    /// The game never started.
    NotStarted,
    /// The document is not an export of a finished game (what is wrong with it, in English:
    /// only `spieltisch render` reads exports).
    Format(String),
    /// The game could not be set up from the record.
    Setup(String),
    /// A move of the record is not legal where it stands.
    Move {
        /// The move's number, from 1.
        number: usize,
        /// Its text.
        text: String,
        /// Why.
        reason: String,
    },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            ReplayError::NotFinished => t!("replay-error-not-finished"),
            ReplayError::NotStarted => t!("replay-error-not-started"),
            ReplayError::Format(why) => t!("replay-error-format", why = why),
            ReplayError::Setup(why) => t!("replay-error-setup", why = why),
            ReplayError::Move {
                number,
                text,
                reason,
            } => t!(
                "replay-error-move",
                number = number,
                text = text,
                reason = reason
            ),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for ReplayError {}

/// A game replayed: its positions, the start first, and what led to each one after it.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The game.
    pub kind: GameKind,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// Every position: the start, then one after each step.
    pub positions: Vec<AnyGame>,
    /// For each position after the start, the step that made it ("Ann: c3-d4").
    pub steps: Vec<String>,
}

/// Replays `steps` of a game of `options` for `players` from `seed`.
pub fn replay(
    options: &TableOptions,
    players: Vec<String>,
    seed: u64,
    steps: &[Step],
) -> Result<Replayed, ReplayError> {
    let kind = options.game.kind();
    let mut game = AnyGame::new(&options.game, players.len(), seed)
        .map_err(|e| ReplayError::Setup(e.to_string()))?;
    let mut positions = vec![game.clone()];
    let mut said = Vec::new();
    let name = |seat: Seat| players.get(seat).cloned().unwrap_or_default();
    for (i, step) in steps.iter().enumerate() {
        let line = match step {
            Step::Move { seats, text } => {
                let mut last = None;
                let mut played = None;
                for seat in seats {
                    match game.play(*seat, text) {
                        Ok(_) => {
                            played = Some(*seat);
                            break;
                        }
                        Err(e) => last = Some(e.to_string()),
                    }
                }
                let Some(seat) = played else {
                    return Err(ReplayError::Move {
                        number: i + 1,
                        text: text.chars().take(60).collect(),
                        reason: last.unwrap_or_else(|| t!("replay-error-nobody-plays")),
                    });
                };
                format!("{}: {text}", name(seat))
            }
            Step::Forfeit { seat, reason } => {
                let Some(seat) = seat.or_else(|| game.to_act().seats().first().copied()) else {
                    return Err(ReplayError::Move {
                        number: i + 1,
                        text: t!("replay-error-forfeit"),
                        reason: t!("replay-error-nobody-to-act"),
                    });
                };
                game.forfeit(seat, *reason);
                let player = name(seat);
                match reason {
                    Forfeit::Resigned => t!("replay-step-resigned", player = player),
                    Forfeit::TimedOut => t!("replay-step-timed-out", player = player),
                    Forfeit::Abandoned => t!("replay-step-idle", player = player),
                }
            }
            Step::WindowClosed => {
                game.close_window();
                t!("replay-step-window-closed")
            }
        };
        positions.push(game.clone());
        said.push(line);
    }
    Ok(Replayed {
        kind,
        players,
        positions,
        steps: said,
    })
}

/// The step a log entry records, if it is one.
fn step_of(e: &LogEntry) -> Option<Step> {
    let forfeit = |reason| {
        Some(Step::Forfeit {
            seat: e.seat,
            reason,
        })
    };
    match &e.entry {
        Entry::Move { text, .. } => Some(Step::Move {
            seats: vec![e.seat?],
            text: text.clone(),
        }),
        Entry::Resign => forfeit(Forfeit::Resigned),
        Entry::Timeout => forfeit(Forfeit::TimedOut),
        Entry::Claim => forfeit(Forfeit::Abandoned),
        Entry::WindowClosed => Some(Step::WindowClosed),
        _ => None,
    }
}

/// Replays a finished table from its log.
pub fn of_table(t: &Table, log: &[LogEntry]) -> Result<Replayed, ReplayError> {
    if t.status.is_open() {
        return Err(ReplayError::NotFinished);
    }
    if t.game.is_none() {
        return Err(ReplayError::NotStarted);
    }
    let steps: Vec<Step> = log.iter().filter_map(step_of).collect();
    replay(&t.options, t.names(), t.seed, &steps)
}

/// Replays the `/export` document of a finished table.
pub fn of_export(doc: &serde_json::Value) -> Result<Replayed, ReplayError> {
    let field = |name: &str| {
        doc.get(name)
            .ok_or_else(|| ReplayError::Format(format!("it has no `{name}`")))
    };
    let game = field("game")?
        .as_str()
        .ok_or_else(|| ReplayError::Format("`game` is not a word".into()))?;
    let kind = GameKind::from_word(game)
        .ok_or_else(|| ReplayError::Format(format!("no game is called {game:?}")))?;
    let words: Vec<String> = field("options")?
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|w| w.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    let options = TableOptions::parse(kind, words.iter().map(String::as_str))
        .map_err(|e| ReplayError::Format(e.to_string()))?;
    let Some(seed) = field("seed")?.as_u64() else {
        return Err(ReplayError::NotFinished);
    };
    let players: Vec<String> = field("players")?
        .as_array()
        .ok_or_else(|| ReplayError::Format("`players` is not a list".into()))?
        .iter()
        .map(|p| p.as_str().unwrap_or_default().to_string())
        .collect();
    let moves = field("moves")?
        .as_array()
        .ok_or_else(|| ReplayError::Format("`moves` is not a list".into()))?;
    let mut steps = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let text = m.get("text").and_then(|t| t.as_str()).unwrap_or_default();
        let player = m.get("player").and_then(|p| p.as_str()).unwrap_or_default();
        let seats: Vec<Seat> = (0..players.len())
            .filter(|s| players[*s] == player)
            .collect();
        let forfeit = match text {
            "resign" => Some(Forfeit::Resigned),
            "timeout" => Some(Forfeit::TimedOut),
            "claimed" => Some(Forfeit::Abandoned),
            _ => None,
        };
        steps.push(match (text, forfeit, seats.first()) {
            ("time for answers up", ..) => Step::WindowClosed,
            (_, Some(reason), seat) => Step::Forfeit {
                seat: seat.copied(),
                reason,
            },
            ("(secret)", ..) => return Err(ReplayError::NotFinished),
            (_, None, Some(_)) => Step::Move {
                seats,
                text: text.to_string(),
            },
            (_, _, None) => {
                return Err(ReplayError::Format(format!(
                    "move {} is by {player:?}, who is not among the players",
                    i + 1
                )));
            }
        });
    }
    replay(&options, players, seed, &steps)
}
