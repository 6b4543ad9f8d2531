//! The result of a finished game: what a community remembers of it — the game, who played,
//! ranks and scores, how it ended, when, and whether (and how) it moved the ratings. Written in
//! the same atomic commit as the action that ended the game.

use serde::{Deserialize, Serialize};

use crate::games::{EndReason, Forfeit, GameKind, Seat};
use crate::i18n::Localized;
use crate::t;
use crate::table::clock::Millis;
use crate::table::markup;
use crate::table::record::{Status, Table};

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "how", rename_all = "lowercase")]
pub enum Ending {
    /// The rules ended it.
    Normal,
    /// A player resigned.
    Resigned {
        /// Their seat.
        seat: Seat,
    },
    /// A player's time ran out.
    TimedOut {
        /// Their seat.
        seat: Seat,
    },
    /// An idle player's game was claimed.
    Abandoned {
        /// Their seat.
        seat: Seat,
    },
    /// Ended without a result (`/abort`, or its channel is gone).
    Aborted,
    /// Every person had left: the computer players stopped, the game ended as it stood (not
    /// rated for the computer players).
    Stopped,
}

impl Ending {
    /// In words, for `/history`.
    pub fn words(self) -> String {
        match self {
            Ending::Normal => t!("result-ending-normal"),
            Ending::Resigned { .. } => t!("result-ending-resigned"),
            Ending::TimedOut { .. } => t!("result-ending-timed-out"),
            Ending::Abandoned { .. } => t!("result-ending-abandoned"),
            Ending::Aborted => t!("result-ending-aborted"),
            Ending::Stopped => t!("result-ending-stopped"),
        }
    }
}

/// One player of a finished game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Participant {
    /// The platform-qualified user id (a computer player's seat id).
    pub id: String,
    /// The display name at the time.
    pub name: String,
    /// Their seat.
    pub seat: Seat,
    /// Their rank, 1 = best (ties share); for an aborted game 0.
    pub rank: u8,
    /// Their final score, if the game has one.
    pub score: Option<i64>,
    /// A computer player.
    pub bot: bool,
    /// A computer player that took over the seat of a person who left: it plays on, but its
    /// result is not rated (the person it replaced is, ranked last).
    #[serde(default)]
    pub stand_in: bool,
}

/// How one rating moved with a game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The rating's player key (a user id; `bot:<level>` for computer players).
    pub player: String,
    /// Their name.
    pub name: String,
    /// The rating before.
    pub before: f64,
    /// The rating after.
    pub after: f64,
    /// Still provisional after the game.
    pub provisional: bool,
}

/// How a game's end moved the ratings, in words and in every language (said after the
/// result, e.g. "Ratings: ann 1500 → 1562? (+62), bob …").
pub fn ratings_line(changes: &[RatingChange]) -> Localized {
    Localized::render(|| {
        let moves: Vec<String> = changes
            .iter()
            .map(|c| {
                let delta = c.after.round() - c.before.round();
                format!(
                    "{} {:.0} → {:.0}{} ({}{delta:.0})",
                    markup::name(&c.name),
                    c.before,
                    c.after,
                    if c.provisional { "?" } else { "" },
                    if delta >= 0.0 { "+" } else { "−" },
                    delta = delta.abs(),
                )
            })
            .collect();
        t!("ratings", moves = moves.join(", "))
    })
}

/// The record of a finished (or aborted) game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// Its place in the order of results (given by the store).
    pub seq: u64,
    /// The table's id (`/export <id>` shows it).
    pub table: u64,
    /// The community it was played in.
    pub community: String,
    /// The channel.
    pub channel: String,
    /// The game.
    pub game: GameKind,
    /// The table's option words.
    pub options: Vec<String>,
    /// Everybody who played, in seat order, then the people whose seats computer players took
    /// over (ranked last).
    pub players: Vec<Participant>,
    /// How it ended.
    pub ending: Ending,
    /// Moves played.
    pub moves: u64,
    /// When the game started.
    pub started: Millis,
    /// When it ended.
    pub ended: Millis,
    /// Whether it moved the ratings.
    pub rated: bool,
    /// A solitaire (one seat): unrated, but its score counts for the personal bests.
    pub solo: bool,
    /// How the ratings moved.
    pub changes: Vec<RatingChange>,
}

impl GameResult {
    /// The result of `table`, whose game has just ended (finished, or aborted after its
    /// start); `None` when there was no game.
    pub fn of(table: &Table, community: &str, now: Millis) -> Option<GameResult> {
        let game = table.game.as_ref()?;
        if !matches!(table.status, Status::Finished | Status::Aborted) {
            return None;
        }
        let outcome = game.outcome().filter(|_| table.status == Status::Finished);
        let scores = game.scores();
        let stand_ins: Vec<Seat> = table.replaced.iter().map(|r| r.seat).collect();
        let mut players: Vec<Participant> = table
            .seats
            .iter()
            .enumerate()
            .map(|(seat, u)| Participant {
                id: u.id.clone(),
                name: u.name.clone(),
                seat,
                rank: outcome.as_ref().map_or(0, |o| o.ranks[seat]),
                score: scores.get(seat).copied(),
                bot: u.is_bot(),
                stand_in: u.is_bot() && stand_ins.contains(&seat),
            })
            .collect();
        // The people who left a seat to a computer player rank below everybody who stayed, in
        // the order they left (the first to leave last).
        let last = players.iter().map(|p| p.rank).max().unwrap_or(0);
        let left = table.replaced.len() as u8;
        for (i, r) in table.replaced.iter().enumerate() {
            players.push(Participant {
                id: r.user.id.clone(),
                name: r.user.name.clone(),
                seat: r.seat,
                rank: if outcome.is_some() {
                    last + left - i as u8
                } else {
                    0
                },
                score: None,
                bot: false,
                stand_in: false,
            });
        }
        let ending = match outcome.map(|o| o.reason) {
            None => Ending::Aborted,
            Some(EndReason::Normal) => Ending::Normal,
            Some(EndReason::Forfeit(seat, Forfeit::Resigned)) => Ending::Resigned { seat },
            Some(EndReason::Forfeit(seat, Forfeit::TimedOut)) => Ending::TimedOut { seat },
            Some(EndReason::Forfeit(seat, Forfeit::Abandoned)) => Ending::Abandoned { seat },
            Some(EndReason::Forfeit(_, Forfeit::Stopped)) => Ending::Stopped,
        };
        // A private game (a duplicate tournament's) counts in its tournament: a personal best
        // would tell its score while the others still play the same deal.
        let solo = table.seats.len() == 1 && !table.private;
        let people = players.iter().filter(|p| !p.bot).count();
        let mut result = GameResult {
            seq: 0,
            table: table.id,
            community: community.to_string(),
            channel: table.channel.clone(),
            game: table.kind,
            options: table.options.words(),
            players,
            ending,
            moves: table.moves,
            started: table.started.unwrap_or(table.created),
            ended: now,
            rated: false,
            solo,
            changes: Vec::new(),
        };
        result.rated = ending != Ending::Aborted
            && !solo
            && !table.options.casual
            && people >= 1
            && result.rated_players().len() >= 2;
        Some(result)
    }

    /// The players whose ratings the game moves, with their ranks: everybody but the stand-ins
    /// (and but the computer players of a game they only finished because every person had
    /// left).
    pub fn rated_players(&self) -> Vec<&Participant> {
        let stopped = self.ending == Ending::Stopped;
        self.players
            .iter()
            .filter(|p| !(p.stand_in || stopped && p.bot))
            .collect()
    }
}
