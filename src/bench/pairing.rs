//! Swiss pairings: each round of a two-player Swiss paired, then decided at random (ratings
//! make the better player likelier to win), round after round — the time per round for a
//! large field, and the rules' figures of the Dutch system beside the plain matching's over
//! many random tournaments, with the share of boards identical to an independent Dutch
//! implementation's when one is installed (`dutch_reference.rs`).

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::dutch_reference;
use crate::games::GameKind;
use crate::league::tournament::pairing::{Strength, histories, preference, ranked};
use crate::league::tournament::{Outcome, Pairing, Round, Tournament};

/// The figures of one field.
#[derive(Debug, Clone)]
pub struct PairingFigures {
    /// How it was paired.
    pub pairing: Pairing,
    /// Entrants.
    pub players: usize,
    /// Rounds paired.
    pub rounds: usize,
    /// The slowest round's pairing.
    pub slowest: Duration,
    /// The mean over the rounds.
    pub mean: Duration,
    /// The rules' figures.
    pub rules: RuleFigures,
}

/// How often a pairing broke or missed what the Dutch rules ask, over the games paired.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RuleFigures {
    /// Games paired.
    pub games: usize,
    /// Rematches.
    pub rematches: usize,
    /// Both players due the same colour absolutely (outside the last round's topscorers).
    pub absolute_clashes: usize,
    /// Players with a strong preference who did not get their colour.
    pub strong_missed: usize,
    /// Rounds whose best-ranked player met someone on fewer points though their score group
    /// had others.
    pub top_floated: usize,
    /// Second byes.
    pub second_byes: usize,
}

impl std::ops::AddAssign for RuleFigures {
    fn add_assign(&mut self, o: RuleFigures) {
        self.games += o.games;
        self.rematches += o.rematches;
        self.absolute_clashes += o.absolute_clashes;
        self.strong_missed += o.strong_missed;
        self.top_floated += o.top_floated;
        self.second_byes += o.second_byes;
    }
}

/// A running Swiss of `players` with ratings drawn from `rng`.
fn field(
    kind: GameKind,
    players: usize,
    rounds: usize,
    pairing: Pairing,
    rng: &mut ChaCha8Rng,
) -> Tournament {
    let ratings: Vec<f64> = (0..players)
        .map(|_| rng.random_range(1000.0f64..2200.0).round())
        .collect();
    Tournament {
        pairing,
        rounds: rounds as u32,
        ..Tournament::running_swiss("bench", kind, ratings)
    }
}

/// What `round` of `t` (not yet in `t.played`) broke or missed.
fn rules_of(t: &Tournament, round: &Round) -> RuleFigures {
    let h = histories(t);
    let last = t.played.len() as u32 + 1 == t.rounds;
    let topscorer = |e: usize| last && h[e].points > t.played.len() as f64 / 2.0;
    let mut f = RuleFigures {
        games: round.games.len(),
        second_byes: round.byes.iter().filter(|e| h[**e].byes > 0).count(),
        ..RuleFigures::default()
    };
    for game in &round.games {
        let (w, b) = (game.seats[0], game.seats[1]);
        f.rematches += usize::from(h[w].met.contains_key(&b));
        let (pw, pb) = (preference(&h[w]), preference(&h[b]));
        if pw.strength == Strength::Absolute
            && pb.strength == Strength::Absolute
            && pw.white == pb.white
            && !(topscorer(w) || topscorer(b))
        {
            f.absolute_clashes += 1;
        }
        f.strong_missed += usize::from(pw.strength == Strength::Strong && pw.white == Some(false));
        f.strong_missed += usize::from(pb.strength == Strength::Strong && pb.white == Some(true));
    }
    let order = ranked(t, &h);
    if let (Some(top), Some(second)) = (order.first(), order.get(1))
        && h[*top].points == h[*second].points
        && let Some(game) = round.games.iter().find(|g| g.seats.contains(top))
    {
        let other = game.seats[usize::from(game.seats[0] == *top)];
        f.top_floated += usize::from(h[other].points < h[*top].points);
    }
    f
}

/// Decides `round`'s games at random and adds it to `t`.
fn play(t: &mut Tournament, mut round: Round, rng: &mut ChaCha8Rng) {
    for (i, game) in round.games.iter_mut().enumerate() {
        let (a, b) = (game.seats[0], game.seats[1]);
        let edge = (t.entrants[a].rating - t.entrants[b].rating) / 400.0;
        let p_a = 1.0 / (1.0 + 10f64.powf(-edge));
        let ranks = if rng.random_bool(0.1) {
            [1, 1]
        } else if rng.random_bool(p_a) {
            [1, 2]
        } else {
            [2, 1]
        };
        game.table = (i + 1) as u64 + 1000 * t.played.len() as u64;
        game.result = Some(Outcome::of_ranks(&ranks, vec![None, None], false));
    }
    t.played.push(round);
}

/// Pairs `rounds` rounds of a Swiss of `players` with results drawn from `seed`.
pub fn swiss(
    kind: GameKind,
    players: usize,
    rounds: usize,
    seed: u64,
    pairing: Pairing,
) -> PairingFigures {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut t = field(kind, players, rounds, pairing, &mut rng);
    let mut times = Vec::new();
    let mut rules = RuleFigures::default();
    for _ in 0..rounds {
        let start = Instant::now();
        let Some(round) = t.pair_next(0) else {
            break;
        };
        times.push(start.elapsed());
        rules += rules_of(&t, &round);
        play(&mut t, round, &mut rng);
    }
    let total: Duration = times.iter().sum();
    PairingFigures {
        pairing,
        players,
        rounds: times.len(),
        slowest: times.iter().max().copied().unwrap_or_default(),
        mean: total / times.len().max(1) as u32,
        rules,
    }
}

/// The rules' figures over many random tournaments, and the comparison with the reference.
#[derive(Debug, Clone, Default)]
pub struct RuleComparison {
    /// Tournaments played.
    pub tournaments: usize,
    /// The Dutch system's figures and the plain matching's, over the same tournaments.
    pub dutch: RuleFigures,
    pub simple: RuleFigures,
    /// Boards from round 2 on compared with the reference, and how many were identical
    /// (the same White, the same Black); `None` without a reference installed.
    pub compared: Option<(usize, usize)>,
    /// Rounds the reference could not pair or read.
    pub reference_failures: usize,
}

/// `count` random tournaments of 20 to 60 players over 5 to 9 rounds: each round paired by
/// both systems from the Dutch system's history (the Dutch pairing is played on), and by the
/// reference when installed.
pub fn compare(kind: GameKind, count: usize, seed: u64) -> RuleComparison {
    let program = dutch_reference::program();
    let mut out = RuleComparison {
        tournaments: count,
        compared: program.as_ref().map(|_| (0, 0)),
        ..RuleComparison::default()
    };
    for k in 0..count as u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed + k);
        let players = rng.random_range(20..=60);
        let rounds = rng.random_range(5..=9);
        let mut t = field(kind, players, rounds, Pairing::Dutch, &mut rng);
        for number in 1..=rounds {
            let Some(round) = t.pair_next(0) else { break };
            out.dutch += rules_of(&t, &round);
            let mut simple = t.clone();
            simple.pairing = Pairing::Simple;
            if let Some(other) = simple.pair_next(0) {
                out.simple += rules_of(&t, &other);
            }
            if let (Some(program), Some((boards, same))) = (&program, &mut out.compared)
                && number >= 2
            {
                match dutch_reference::pairing(program, &t) {
                    Ok((games, _)) => {
                        *boards += round.games.len();
                        *same += round
                            .games
                            .iter()
                            .filter(|g| games.contains(&(g.seats[0], g.seats[1])))
                            .count();
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "the reference could not pair");
                        out.reference_failures += 1;
                    }
                }
            }
            play(&mut t, round, &mut rng);
        }
    }
    out
}

impl std::fmt::Display for RuleFigures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} games: rematches {}, absolute colour clashes {}, strong preferences missed {}, top seed floated down {}, second byes {}",
            self.games,
            self.rematches,
            self.absolute_clashes,
            self.strong_missed,
            self.top_floated,
            self.second_byes
        )
    }
}

impl std::fmt::Display for RuleComparison {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{} random Swiss tournaments of 20–60 players over 5–9 rounds:",
            self.tournaments
        )?;
        writeln!(f, "  dutch:  {}", self.dutch)?;
        writeln!(f, "  simple: {}", self.simple)?;
        match self.compared {
            Some((boards, same)) => write!(
                f,
                "  boards identical to py4swiss's Dutch pairing from round 2 on: {same} of {boards} ({:.1} %); rounds it could not pair: {}",
                same as f64 * 100.0 / boards.max(1) as f64,
                self.reference_failures
            ),
            None => write!(
                f,
                "  no independent Dutch implementation installed (py4swiss on the PATH or SPIELTISCH_DUTCH_REFERENCE): no comparison"
            ),
        }
    }
}

impl std::fmt::Display for PairingFigures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        write!(
            f,
            "Swiss pairing ({}) of {} players ({} rounds): slowest round {:.1} ms, mean {:.1} ms; {}",
            self.pairing.word(),
            self.players,
            self.rounds,
            ms(self.slowest),
            ms(self.mean),
            self.rules
        )
    }
}
