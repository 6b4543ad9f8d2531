//! Tournaments whose games are played at the bot's own tables: the stored record, the formats,
//! the pairings and the standings. Pure: no store, no clock, no chat — the service
//! ([`TournamentService`], `service/`) reads and commits the record and opens the tables.
//!
//! A tournament lives in one channel. Entrants join while it is open for entry; `start` closes
//! the entry and pairs the first round; each pairing becomes a [`Game`] that the service seats
//! at a table of its own (its *venue*). A game's end records its [`Outcome`] here in the same
//! commit as the table's end, and the round that it completes is followed by the next one's
//! pairing.

pub mod format;
mod matching;
pub mod pairing;
mod refused;
mod service;
mod settings;
pub mod spec;
pub mod standings;

use serde::{Deserialize, Serialize};

pub use format::{Format, Pairing};
pub use refused::{Only, TournamentRefused};
pub use service::{
    ANNOUNCEMENT_MENTIONS, ANNOUNCEMENT_TEXT, Departure, FollowUp, PAIRINGS_PAGE,
    TournamentService, take_out,
};
pub use settings::{Creators, TournamentSettings};
pub use spec::Spec;
pub use standings::{Standing, standings};

use crate::games::GameKind;
use crate::table::clock::Millis;
use crate::table::command::User;

/// Where a tournament stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    /// Open for entry.
    Entry,
    /// Rounds are being played.
    Running,
    /// Every round was played; the final standings are out.
    Finished,
    /// The organizer cancelled it.
    Cancelled,
}

impl Stage {
    /// Entry or running.
    pub fn is_open(self) -> bool {
        matches!(self, Stage::Entry | Stage::Running)
    }
}

/// One entrant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    /// Who (a computer player's id starts with `bot:`).
    pub user: User,
    /// Their rating when the entry closed (seeds the first round and breaks the last ties).
    pub rating: f64,
    /// Withdrew or was removed: never paired again.
    pub out: bool,
}

/// One game of a round: who plays in which seat, where, and how it ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// Its number in the round, from 1.
    pub board: u32,
    /// The entrants in seat order (seat 1 moves first: White in a two-player game).
    pub seats: Vec<usize>,
    /// The table it is played at (its id), 0 before it is opened.
    pub table: u64,
    /// The channel of that table.
    pub channel: String,
    /// How it ended; `None` while it runs.
    pub result: Option<Outcome>,
}

/// How a tournament game ended, for the standings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// Tournament points per seat: one for each opponent ranked below, a half for each ranked
    /// level (1, ½, 0 in a two-player game).
    pub points: Vec<f64>,
    /// The game's own scores per seat, where it has them.
    pub scores: Vec<Option<i64>>,
    /// Decided by the organizer (`result`) or by closing the round (`next`), not by play.
    pub adjudicated: bool,
}

impl Outcome {
    /// The outcome of ranks (1 = best, ties share) and scores, per seat.
    pub fn of_ranks(ranks: &[u8], scores: Vec<Option<i64>>, adjudicated: bool) -> Outcome {
        let points = ranks
            .iter()
            .enumerate()
            .map(|(i, r)| {
                ranks
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, other)| match other.cmp(r) {
                        std::cmp::Ordering::Greater => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Less => 0.0,
                    })
                    .sum()
            })
            .collect();
        Outcome {
            points,
            scores,
            adjudicated,
        }
    }

    /// The seat that won alone, if one did.
    pub fn winner(&self) -> Option<usize> {
        let best = self.points.iter().cloned().fold(f64::MIN, f64::max);
        let mut top = self.points.iter().enumerate().filter(|(_, p)| **p == best);
        match (top.next(), top.next()) {
            (Some((seat, _)), None) => Some(seat),
            _ => None,
        }
    }
}

/// One round: its games and who sat it out.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Round {
    /// Its number, from 1.
    pub number: u32,
    /// When it was paired (table time).
    pub started: Millis,
    /// The games.
    pub games: Vec<Game>,
    /// Entrants with a bye this round (they score [`Tournament::bye_points`]).
    pub byes: Vec<usize>,
    /// A knockout round's entrants in bracket order (neighbours meet).
    #[serde(default)]
    pub order: Vec<usize>,
}

impl Round {
    /// Every game has its outcome and no drawn knockout game waits to be played again.
    pub fn is_complete(&self) -> bool {
        self.games.iter().all(|g| g.result.is_some())
            && (self.order.is_empty() || pairing::replays_due(self).is_empty())
    }
}

/// A tournament, as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    /// Unique id (a table id from the same counter).
    pub id: u64,
    /// Its short name: the venues are named after it (`cup-r1-1`).
    pub name: String,
    /// The channel it was created in: where it is announced.
    pub channel: String,
    /// The community of that channel.
    pub community: Option<String>,
    /// Who created it.
    pub organizer: User,
    /// The game.
    pub kind: GameKind,
    /// The option words every game's table is opened with.
    pub options: Vec<String>,
    /// How it is paired.
    pub format: Format,
    /// How a two-player Swiss pairs its rounds (tournaments stored before the choice: Dutch).
    #[serde(default)]
    pub pairing: Pairing,
    /// Rounds to play (fixed at the start when not given).
    pub rounds: u32,
    /// Players per game.
    pub pod: usize,
    /// Whether computer players may enter.
    pub bots: bool,
    /// How long a round may take before the organizer may close it with `next` (ms).
    pub deadline: Millis,
    /// Where it stands.
    pub stage: Stage,
    /// The entrants, in the order they joined.
    pub entrants: Vec<Entrant>,
    /// The rounds paired so far.
    pub played: Vec<Round>,
    /// The seed of every random choice it makes (duplicate games' shared deals).
    pub seed: u64,
    /// When it was created.
    pub created: Millis,
}

impl Tournament {
    /// A running Swiss of two-player games named `name`, entered by `p0`, `p1`, … with
    /// `ratings`, three rounds, nothing played: for tests and benchmarks, which change what
    /// they need with `Tournament { rounds, ..Tournament::running_swiss(…) }`.
    pub fn running_swiss(
        name: &str,
        kind: GameKind,
        ratings: impl IntoIterator<Item = f64>,
    ) -> Tournament {
        Tournament {
            id: 1,
            name: name.into(),
            channel: format!("#{name}"),
            community: None,
            organizer: User::named("organizer"),
            kind,
            options: Vec::new(),
            format: Format::Swiss,
            pairing: Pairing::default(),
            rounds: 3,
            pod: 2,
            bots: false,
            deadline: 0,
            stage: Stage::Running,
            entrants: ratings
                .into_iter()
                .enumerate()
                .map(|(i, rating)| Entrant {
                    user: User::named(&format!("p{i}")),
                    rating,
                    out: false,
                })
                .collect(),
            played: Vec::new(),
            seed: 1,
            created: 0,
        }
    }

    /// The entrant `user` is, if any.
    pub fn entrant_of(&self, user: &User) -> Option<usize> {
        self.entrants.iter().position(|e| e.user.id == user.id)
    }

    /// The round being played (the last paired).
    pub fn current(&self) -> Option<&Round> {
        self.played.last()
    }

    /// The entrants still paired, in join order.
    pub fn active(&self) -> Vec<usize> {
        (0..self.entrants.len())
            .filter(|i| !self.entrants[*i].out)
            .collect()
    }

    /// How its rounds are paired, in a two-player Swiss (the only format that chooses).
    pub fn swiss_pairing(&self) -> Option<Pairing> {
        (self.format == Format::Swiss && self.pod == 2).then_some(self.pairing)
    }

    /// Points for a bye: a win in a two-player game, half the points of a game otherwise.
    pub fn bye_points(&self) -> f64 {
        (self.pod.max(2) - 1) as f64 / if self.pod <= 2 { 1.0 } else { 2.0 }
    }

    /// The game played at table `table`: (round index, game index).
    pub fn game_at(&self, table: u64) -> Option<(usize, usize)> {
        self.played.iter().enumerate().find_map(|(r, round)| {
            round
                .games
                .iter()
                .position(|g| g.table == table && table != 0)
                .map(|g| (r, g))
        })
    }

    /// Records how the game at `table` ended. `false` when no game of the tournament is
    /// played there or it already has its outcome.
    pub fn record(&mut self, table: u64, outcome: Outcome) -> bool {
        let Some((r, g)) = self.game_at(table) else {
            return false;
        };
        let game = &mut self.played[r].games[g];
        if game.result.is_some() || outcome.points.len() != game.seats.len() {
            return false;
        }
        game.result = Some(outcome);
        true
    }

    /// Whether the last paired round is complete and more are due (a knockout goes on while
    /// more than one entrant is left).
    pub fn wants_next_round(&self) -> bool {
        self.stage == Stage::Running
            && self.current().is_some_and(Round::is_complete)
            && !self.is_over()
    }

    /// Every round is played (or, in a knockout, one entrant is left).
    pub fn is_over(&self) -> bool {
        if !self.current().is_some_and(Round::is_complete) {
            return false;
        }
        match self.format {
            Format::Knockout => pairing::knockout_alive(self).len() <= 1,
            _ => self.played.len() as u32 >= self.rounds,
        }
    }

    /// The round whose games nobody but their own players may look into yet: a duplicate's
    /// round while any of its games runs. Every entrant plays the same deal, so a finished
    /// game's board, record or score would tell the others what is still to come for them.
    pub fn sealed_round(&self) -> Option<u32> {
        if self.format != Format::Duplicate || self.stage != Stage::Running {
            return None;
        }
        self.current()
            .filter(|r| !r.is_complete())
            .map(|r| r.number)
    }

    /// The tournament as everybody may see it now: the results of the [sealed
    /// round](Self::sealed_round) left out (its games are only known to have ended).
    pub fn public(&self) -> std::borrow::Cow<'_, Tournament> {
        let Some(sealed) = self.sealed_round() else {
            return std::borrow::Cow::Borrowed(self);
        };
        let mut open = self.clone();
        for round in open.played.iter_mut().filter(|r| r.number == sealed) {
            for game in &mut round.games {
                game.result = None;
            }
        }
        std::borrow::Cow::Owned(open)
    }

    /// The venue's name of a game: `<name>-r<round>-<board>`.
    pub fn venue_name(&self, round: u32, board: u32) -> String {
        format!("{}-r{round}-{board}", self.name)
    }

    /// Pairs the next round at `now`: its games (without tables yet) and byes. `None` when no
    /// game can be paired (fewer than a game's players left).
    pub fn pair_next(&self, now: Millis) -> Option<Round> {
        let number = self.played.len() as u32 + 1;
        let (groups, byes) = pairing::pair(self, number)?;
        let games = groups
            .into_iter()
            .enumerate()
            .map(|(i, seats)| Game {
                board: i as u32 + 1,
                seats,
                table: 0,
                channel: String::new(),
                result: None,
            })
            .collect();
        let order = match self.format {
            Format::Knockout => pairing::knockout_order(self, number)
                .into_iter()
                .flatten()
                .collect(),
            _ => Vec::new(),
        };
        Some(Round {
            number,
            started: now,
            games,
            byes,
            order,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn duplicate(results: &[Option<i64>]) -> Tournament {
        let entrant = |i: usize| Entrant {
            user: User::named(&format!("p{i}")),
            rating: 1500.0,
            out: false,
        };
        Tournament {
            id: 1,
            name: "dup".into(),
            channel: "#dup".into(),
            community: None,
            organizer: User::named("org"),
            // A game that can be played alone.
            kind: GameKind::ALL
                .iter()
                .copied()
                .find(|k| k.info().min_players == 1)
                .expect("a game for one"),
            options: Vec::new(),
            format: Format::Duplicate,
            pairing: Pairing::default(),
            rounds: 2,
            pod: 1,
            bots: false,
            deadline: 0,
            stage: Stage::Running,
            entrants: (0..results.len()).map(entrant).collect(),
            played: vec![Round {
                number: 1,
                games: results
                    .iter()
                    .enumerate()
                    .map(|(i, r)| Game {
                        board: i as u32 + 1,
                        seats: vec![i],
                        table: i as u64 + 10,
                        channel: format!("#dup-r1-{}", i + 1),
                        result: r.map(|s| Outcome::of_ranks(&[1], vec![Some(s)], false)),
                    })
                    .collect(),
                ..Round::default()
            }],
            seed: 7,
            created: 0,
        }
    }

    #[test]
    fn a_duplicate_round_is_sealed_until_its_last_game_ends() {
        let running = duplicate(&[Some(40), None, Some(55)]);
        assert_eq!(running.sealed_round(), Some(1));
        let public = running.public();
        assert!(public.played[0].games.iter().all(|g| g.result.is_none()));
        let over = duplicate(&[Some(40), Some(61), Some(55)]);
        assert_eq!(over.sealed_round(), None);
        assert_eq!(*over.public(), over);
        let mut swiss = duplicate(&[Some(40), None]);
        swiss.format = Format::Swiss;
        assert_eq!(
            swiss.sealed_round(),
            None,
            "only a duplicate deals the same to all"
        );
    }

    /// A tournament stored before the choice of pairing existed (no `pairing` in its record)
    /// reads as paired by the Dutch system; a chosen pairing is written and read back.
    #[test]
    fn a_record_without_a_pairing_reads_as_dutch() {
        let mut t = duplicate(&[Some(1)]);
        t.pairing = Pairing::Simple;
        let mut record = serde_json::to_value(&t).expect("encoded");
        assert_eq!(record["pairing"], "simple");
        let back: Tournament = serde_json::from_value(record.clone()).expect("decoded");
        assert_eq!(back, t);
        record.as_object_mut().expect("an object").remove("pairing");
        let old: Tournament = serde_json::from_value(record).expect("decoded");
        assert_eq!(old.pairing, Pairing::Dutch);
    }

    #[test]
    fn points_follow_the_ranks() {
        let two = Outcome::of_ranks(&[1, 2], vec![None, None], false);
        assert_eq!(two.points, vec![1.0, 0.0]);
        assert_eq!(two.winner(), Some(0));
        let draw = Outcome::of_ranks(&[1, 1], vec![None, None], false);
        assert_eq!(draw.points, vec![0.5, 0.5]);
        assert_eq!(draw.winner(), None);
        let four = Outcome::of_ranks(&[2, 1, 2, 4], vec![None; 4], false);
        assert_eq!(four.points, vec![1.5, 3.0, 1.5, 0.0]);
    }
}
