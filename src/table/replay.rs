//! A game's record as everybody may know it: every position as everybody saw it, and every
//! step with what the rules have revealed of it — for `/replay`, `/export` and
//! `spieltisch render`.
//!
//! A game replays exactly from its options, its seed and its moves (the game contract), but the
//! seed never leaves the store: the service replays a table's log to learn what was public at
//! each position, and what leaves the service is that — the public view of every position (the
//! *frames*) and the steps with every secret move the rules never revealed masked (a Burg choice
//! of a round cut short, a placement of a step not everybody completed). A secret move is
//! revealed from the first position after it where its seat's holdings are public, unless the
//! seat made another secret move first ([`Shown::Holdings`](crate::games::Shown)).
//!
//! An export written by this version carries the frames and draws without replaying anything;
//! exports written before it carried the seed of a finished game, and still replay from it.

use super::options::TableOptions;
use super::record::{Entry, LogEntry, Table};
use crate::games::{AnyGame, AnyView, Forfeit, GameKind, Seat};
use crate::t;

/// One step of a game's record, as the log holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A move by a seat, in the game's notation.
    Move {
        /// The seats that may have made it (one, unless names repeat in an old export).
        seats: Vec<Seat>,
        /// The move text.
        text: String,
        /// A secret choice (sent privately): public only once the rules reveal it.
        secret: bool,
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

/// What a step was, as everybody may know it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Public {
    /// A move, in the game's notation.
    Move(String),
    /// A secret move the rules have not revealed (and, once the game is over, never will).
    Secret,
    /// A seat forfeited.
    Forfeit(Forfeit),
    /// The time for answers ran out.
    WindowClosed,
}

/// One step as everybody may know it: who made it (a name; none for the time for answers) and
/// what it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicStep {
    /// The player's name.
    pub player: Option<String>,
    /// What it was.
    pub what: Public,
}

/// The text of a masked secret move in an export.
pub const SECRET: &str = "(secret)";

impl PublicStep {
    /// The step's text in an export (English words: exports are read back).
    pub fn export_text(&self) -> String {
        match &self.what {
            Public::Move(text) => text.clone(),
            Public::Secret => SECRET.into(),
            Public::Forfeit(Forfeit::Resigned) => "resign".into(),
            Public::Forfeit(Forfeit::TimedOut) => "timeout".into(),
            Public::Forfeit(Forfeit::Abandoned) => "claimed".into(),
            Public::Forfeit(Forfeit::Stopped) => "stopped".into(),
            Public::WindowClosed => "time for answers up".into(),
        }
    }

    /// The step read back from an export's `{ "player", "text" }`.
    fn from_export(player: Option<String>, text: &str) -> PublicStep {
        let what = match text {
            SECRET => Public::Secret,
            "resign" => Public::Forfeit(Forfeit::Resigned),
            "timeout" => Public::Forfeit(Forfeit::TimedOut),
            "claimed" => Public::Forfeit(Forfeit::Abandoned),
            "stopped" => Public::Forfeit(Forfeit::Stopped),
            "time for answers up" => Public::WindowClosed,
            _ => Public::Move(text.to_string()),
        };
        PublicStep { player, what }
    }

    /// The step in words in the current language ("Ann: c3-d4", "Ann resigned").
    pub fn caption(&self) -> String {
        let player = self.player.clone().unwrap_or_default();
        match &self.what {
            Public::Move(text) => format!("{player}: {text}"),
            Public::Secret => t!("replay-step-secret", player = player),
            Public::Forfeit(Forfeit::Resigned) => t!("replay-step-resigned", player = player),
            Public::Forfeit(Forfeit::TimedOut) => t!("replay-step-timed-out", player = player),
            Public::Forfeit(Forfeit::Abandoned) => t!("replay-step-idle", player = player),
            Public::Forfeit(Forfeit::Stopped) => t!("replay-step-stopped", player = player),
            Public::WindowClosed => t!("replay-step-window-closed"),
        }
    }
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

/// A game's record as everybody may know it.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The game.
    pub kind: GameKind,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// Every position as everybody saw it: the start, then one after each step.
    pub frames: Vec<AnyView>,
    /// Every step, as everybody may know it now.
    pub steps: Vec<PublicStep>,
}

impl Replayed {
    /// The steps in words ("Ann: c3-d4").
    pub fn captions(&self) -> Vec<String> {
        self.steps.iter().map(PublicStep::caption).collect()
    }
}

/// Replays `steps` of a game of `options` for `players` from `seed`: every position, the start
/// first, and the seat that made each step.
fn positions(
    options: &TableOptions,
    players: usize,
    seed: u64,
    steps: &[Step],
) -> Result<(Vec<AnyGame>, Vec<Option<Seat>>), ReplayError> {
    let mut game = AnyGame::new(&options.game, players, seed)
        .map_err(|e| ReplayError::Setup(e.to_string()))?;
    let mut positions = vec![game.clone()];
    let mut by = Vec::with_capacity(steps.len());
    for (i, step) in steps.iter().enumerate() {
        match step {
            Step::Move { seats, text, .. } => {
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
                if played.is_none() {
                    return Err(ReplayError::Move {
                        number: i + 1,
                        text: text.chars().take(60).collect(),
                        reason: last.unwrap_or_else(|| t!("replay-error-nobody-plays")),
                    });
                }
                by.push(played);
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
                by.push(Some(seat));
            }
            Step::WindowClosed => {
                game.close_window();
                by.push(None);
            }
        }
        positions.push(game.clone());
    }
    Ok((positions, by))
}

/// Whether the secret move at step `i` by `seat` has been revealed by the last position: its
/// seat's holdings are public at some position after it, before the seat's next secret move.
fn revealed(positions: &[AnyGame], steps: &[Step], by: &[Option<Seat>], i: usize) -> bool {
    let Some(seat) = by[i] else {
        return false;
    };
    for (k, position) in positions.iter().enumerate().skip(i + 1) {
        if position.holdings_audience(seat).is_public() {
            return true;
        }
        let next_secret = matches!(steps.get(k), Some(Step::Move { secret: true, .. }))
            && by.get(k).copied().flatten() == Some(seat);
        if next_secret {
            return false;
        }
    }
    false
}

/// Replays `steps` from `seed` and keeps what everybody may know of them.
fn replay(
    options: &TableOptions,
    players: Vec<String>,
    seed: u64,
    steps: &[Step],
) -> Result<Replayed, ReplayError> {
    let (positions, by) = positions(options, players.len(), seed, steps)?;
    let name = |seat: Option<Seat>| seat.and_then(|s| players.get(s).cloned());
    let public = steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let what = match step {
                Step::Move { text, secret, .. } => {
                    if !secret || revealed(&positions, steps, &by, i) {
                        Public::Move(text.clone())
                    } else {
                        Public::Secret
                    }
                }
                Step::Forfeit { reason, .. } => Public::Forfeit(*reason),
                Step::WindowClosed => Public::WindowClosed,
            };
            PublicStep {
                player: name(by[i]),
                what,
            }
        })
        .collect();
    Ok(Replayed {
        kind: options.game.kind(),
        frames: positions.iter().map(|g| g.view(None)).collect(),
        players,
        steps: public,
    })
}

/// The steps a log entry records (none for an entry that is no step of the game).
fn steps_of(e: &LogEntry) -> Vec<Step> {
    let forfeit = |reason| {
        vec![Step::Forfeit {
            seat: e.seat,
            reason,
        }]
    };
    match &e.entry {
        Entry::Move { text, secret } => e
            .seat
            .map(|seat| Step::Move {
                seats: vec![seat],
                text: text.clone(),
                secret: *secret,
            })
            .into_iter()
            .collect(),
        Entry::Resign => forfeit(Forfeit::Resigned),
        Entry::Timeout => forfeit(Forfeit::TimedOut),
        Entry::Claim => forfeit(Forfeit::Abandoned),
        Entry::Stopped { seats } => seats
            .iter()
            .map(|seat| Step::Forfeit {
                seat: Some(*seat),
                reason: Forfeit::Stopped,
            })
            .collect(),
        Entry::WindowClosed => vec![Step::WindowClosed],
        _ => Vec::new(),
    }
}

/// The record of a started table as everybody may know it now, running or over (the service
/// holds the seed; nothing of it leaves).
pub fn record(t: &Table, log: &[LogEntry]) -> Result<Replayed, ReplayError> {
    if t.game.is_none() {
        return Err(ReplayError::NotStarted);
    }
    let steps: Vec<Step> = log.iter().flat_map(steps_of).collect();
    replay(&t.options, t.names(), t.seed, &steps)
}

/// The record of a finished table (`/replay`).
pub fn of_table(t: &Table, log: &[LogEntry]) -> Result<Replayed, ReplayError> {
    if t.status.is_open() {
        return Err(ReplayError::NotFinished);
    }
    record(t, log)
}

/// The record in the `/export` document of a finished table: its frames as they are, or — in
/// an export written before frames, which held the seed — replayed from the seed.
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
    let players: Vec<String> = field("players")?
        .as_array()
        .ok_or_else(|| ReplayError::Format("`players` is not a list".into()))?
        .iter()
        .map(|p| p.as_str().unwrap_or_default().to_string())
        .collect();
    let moves = field("moves")?
        .as_array()
        .ok_or_else(|| ReplayError::Format("`moves` is not a list".into()))?;
    let steps: Vec<PublicStep> = moves
        .iter()
        .map(|m| {
            let text = m.get("text").and_then(|t| t.as_str()).unwrap_or_default();
            let player = m.get("player").and_then(|p| p.as_str()).map(str::to_string);
            PublicStep::from_export(player, text)
        })
        .collect();
    if let Some(frames) = doc.get("frames") {
        let frames: Vec<AnyView> = serde_json::from_value(frames.clone())
            .map_err(|e| ReplayError::Format(format!("its `frames` do not read: {e}")))?;
        if frames.len() != steps.len() + 1 {
            return Err(ReplayError::Format(format!(
                "it has {} frames for {} moves (one more than the moves: the start)",
                frames.len(),
                steps.len()
            )));
        }
        if let Some(other) = frames.iter().find(|f| f.kind() != kind) {
            return Err(ReplayError::Format(format!(
                "a frame of {} in an export of {}",
                other.kind().info().name,
                kind.info().name
            )));
        }
        return Ok(Replayed {
            kind,
            players,
            frames,
            steps,
        });
    }
    // An export from before frames: a finished game's held its seed and its moves.
    let Some(seed) = doc.get("seed").and_then(serde_json::Value::as_u64) else {
        return Err(ReplayError::NotFinished);
    };
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
    let mut old = Vec::with_capacity(steps.len());
    for (i, step) in steps.iter().enumerate() {
        let name = step.player.clone().unwrap_or_default();
        let seats: Vec<Seat> = (0..players.len()).filter(|s| players[*s] == name).collect();
        old.push(match (&step.what, seats.first()) {
            (Public::WindowClosed, _) => Step::WindowClosed,
            (Public::Forfeit(reason), seat) => Step::Forfeit {
                seat: seat.copied(),
                reason: *reason,
            },
            (Public::Secret, _) => return Err(ReplayError::NotFinished),
            (Public::Move(text), Some(_)) => Step::Move {
                seats,
                text: text.clone(),
                secret: false,
            },
            (Public::Move(_), None) => {
                return Err(ReplayError::Format(format!(
                    "move {} is by {name:?}, who is not among the players",
                    i + 1
                )));
            }
        });
    }
    replay(&options, players, seed, &old)
}
