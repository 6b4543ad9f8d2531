//! Swiss pairings of a large field: each round of a two-player Swiss paired (one maximum-weight
//! matching over every pair of entrants), then decided at random (ratings make the better
//! player likelier to win), round after round.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::games::GameKind;
use crate::league::tournament::{Entrant, Format, Outcome, Stage, Tournament};
use crate::table::User;

/// The figures of one field.
#[derive(Debug, Clone)]
pub struct PairingFigures {
    /// Entrants.
    pub players: usize,
    /// Rounds paired.
    pub rounds: usize,
    /// The slowest round's pairing.
    pub slowest: Duration,
    /// The mean over the rounds.
    pub mean: Duration,
    /// Rematches paired (0 when every round could avoid them).
    pub rematches: usize,
}

/// Pairs `rounds` rounds of a Swiss of `players` with results drawn from `seed`.
pub fn swiss(kind: GameKind, players: usize, rounds: usize, seed: u64) -> PairingFigures {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut t = Tournament {
        id: 1,
        name: "bench".into(),
        channel: "#bench".into(),
        community: None,
        organizer: User::named("organizer"),
        kind,
        options: Vec::new(),
        format: Format::Swiss,
        rounds: rounds as u32,
        pod: 2,
        bots: false,
        deadline: 0,
        stage: Stage::Running,
        entrants: (0..players)
            .map(|i| Entrant {
                user: User::named(&format!("p{i}")),
                rating: rng.random_range(1000.0..2200.0),
                out: false,
            })
            .collect(),
        played: Vec::new(),
        seed,
        created: 0,
    };
    let mut times = Vec::new();
    let mut met = std::collections::HashSet::new();
    let mut rematches = 0;
    for _ in 0..rounds {
        let start = Instant::now();
        let Some(mut round) = t.pair_next(0) else {
            break;
        };
        times.push(start.elapsed());
        for (i, game) in round.games.iter_mut().enumerate() {
            let (a, b) = (game.seats[0], game.seats[1]);
            if !met.insert((a.min(b), a.max(b))) {
                rematches += 1;
            }
            let edge = (t.entrants[a].rating - t.entrants[b].rating) / 400.0;
            let p_a = 1.0 / (1.0 + 10f64.powf(-edge));
            let draw = rng.random_bool(0.1);
            let ranks = if draw {
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
    let total: Duration = times.iter().sum();
    PairingFigures {
        players,
        rounds: times.len(),
        slowest: times.iter().max().copied().unwrap_or_default(),
        mean: total / times.len().max(1) as u32,
        rematches,
    }
}

impl std::fmt::Display for PairingFigures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        write!(
            f,
            "Swiss pairing of {} players ({} rounds, maximum-weight matchings in windows of 256): slowest round {:.1} ms, mean {:.1} ms; rematches {}",
            self.players,
            self.rounds,
            ms(self.slowest),
            ms(self.mean),
            self.rematches
        )
    }
}
