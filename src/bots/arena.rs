//! The arena: seeded games between computer players, headless, with the figures that say how
//! strong a level is — wins (a shared win counts as a fraction), mean scores with 95%
//! confidence intervals, and the time a move takes.
//!
//! Seats rotate from game to game, so no player keeps the first move.

use std::fmt::Write;
use std::time::{Duration, Instant};

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Player, choose_with};
use crate::games::{AnyGame, AnyOptions, Effort, GameKind};

/// What an arena run measured, per player (in the order they were named).
#[derive(Debug, Clone)]
pub struct Arena {
    /// The game.
    pub kind: GameKind,
    /// The players.
    pub players: Vec<Player>,
    /// Games played.
    pub games: usize,
    /// Wins per player; a win shared by k players counts 1/k to each.
    pub wins: Vec<f64>,
    /// Every game's final score per player.
    pub scores: Vec<Vec<i64>>,
    /// Moves the bots made, and the time they took to choose them.
    pub moves: usize,
    /// Time spent choosing moves.
    pub thinking: Duration,
    /// Positions searched, and the time the searching moves took.
    pub nodes: u64,
    /// Time of the moves that searched.
    pub searching: Duration,
}

/// Plays `games` seeded games of `kind` with `options` between `players`; `budget` overrides
/// the levels' time per move.
pub fn run(
    kind: GameKind,
    options: &AnyOptions,
    players: &[Player],
    games: usize,
    seed: u64,
    budget: Option<Duration>,
) -> Result<Arena, String> {
    let info = kind.info();
    let n = players.len();
    if !(info.min_players..=info.max_players).contains(&n) {
        return Err(format!(
            "{} is for {}–{} players, not {n}",
            info.name, info.min_players, info.max_players
        ));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut arena = Arena {
        kind,
        players: players.to_vec(),
        games,
        wins: vec![0.0; n],
        scores: vec![Vec::new(); n],
        moves: 0,
        thinking: Duration::ZERO,
        nodes: 0,
        searching: Duration::ZERO,
    };
    let efforts: Vec<Option<Effort>> = players
        .iter()
        .map(|l| {
            l.effort().map(|e| match budget {
                Some(b) if e.max_depth > 1 => Effort { budget: b, ..e },
                _ => e,
            })
        })
        .collect();
    for g in 0..games {
        // Player p sits in seat (p + g) mod n.
        let seat_of = |p: usize| (p + g) % n;
        let mut game = AnyGame::new(options, n, rng.next_u64()).map_err(|e| e.to_string())?;
        let mut plies = 0usize;
        while game.outcome().is_none() {
            let mut moved = false;
            for seat in game.to_act().seats() {
                if !game.may_act(seat) {
                    continue;
                }
                let player = (0..n).find(|p| seat_of(*p) == seat).unwrap_or(0);
                let started = Instant::now();
                let effort = efforts[player];
                let picked = choose_with(&game.seen(seat), effort, rng.next_u64())
                    .ok_or_else(|| format!("{}: seat {seat} is to act without a move", info.id))?;
                arena.thinking += started.elapsed();
                arena.moves += 1;
                arena.nodes += picked.nodes;
                if picked.nodes > 0 {
                    arena.searching += started.elapsed();
                }
                let choice = picked.text;
                game.play(seat, &choice)
                    .map_err(|e| format!("{}: a bot's move {choice} was illegal: {e}", info.id))?;
                moved = true;
            }
            plies += 1;
            if !moved || plies > 100_000 {
                return Err(format!("{}: game {g} does not end", info.id));
            }
        }
        let Some(outcome) = game.outcome() else {
            return Err(format!("{}: game {g} has no result", info.id));
        };
        let winners: Vec<usize> = (0..n)
            .filter(|p| outcome.ranks.get(seat_of(*p)) == Some(&1))
            .collect();
        for p in &winners {
            arena.wins[*p] += 1.0 / winners.len() as f64;
        }
        let scores = game.scores();
        for p in 0..n {
            arena.scores[p].push(scores.get(seat_of(p)).copied().unwrap_or(0));
        }
    }
    Ok(arena)
}

/// Mean and the half-width of its 95% confidence interval (normal approximation).
pub fn mean_ci(values: &[i64]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<i64>() as f64 / n;
    if values.len() < 2 {
        return (mean, 0.0);
    }
    let var = values
        .iter()
        .map(|v| (*v as f64 - mean).powi(2))
        .sum::<f64>()
        / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

impl Arena {
    /// The figures as the arena command prints them.
    pub fn report(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{}: {} games, {} players, seats rotating",
            self.kind.info().name,
            self.games,
            self.players.len()
        );
        for (p, level) in self.players.iter().enumerate() {
            let (mean, ci) = mean_ci(&self.scores[p]);
            let _ = writeln!(
                out,
                "  player {} ({}): wins {:.1} ({:.1}%), mean score {mean:.1} ± {ci:.1} (95%)",
                p + 1,
                level.word(),
                self.wins[p],
                100.0 * self.wins[p] / self.games.max(1) as f64
            );
        }
        let per_move = self.thinking.as_secs_f64() * 1000.0 / self.moves.max(1) as f64;
        let _ = writeln!(
            out,
            "  {} moves chosen, {per_move:.3} ms a move on average",
            self.moves
        );
        if self.nodes > 0 {
            let _ = writeln!(
                out,
                "  positions searched: {}, {:.0} per second while searching (one core)",
                self.nodes,
                self.nodes as f64 / self.searching.as_secs_f64().max(1e-9)
            );
        } else {
            let _ = writeln!(out, "  positions searched: none (no engine searched)");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_is_that_of_the_mean() {
        let (mean, ci) = mean_ci(&[10, 20, 30, 40]);
        assert!((mean - 25.0).abs() < 1e-9);
        // sd = 12.91, se = 6.455, ×1.96 = 12.65
        assert!((ci - 12.65).abs() < 0.01, "{ci}");
        assert_eq!(mean_ci(&[]), (0.0, 0.0));
        assert_eq!(mean_ci(&[7]), (7.0, 0.0));
    }

    #[test]
    fn an_arena_plays_every_game_to_the_end_with_rotating_seats() {
        for kind in GameKind::ALL {
            let info = kind.info();
            let players = vec![Player::Random; info.min_players.max(2)];
            let arena = run(*kind, &kind.default_options(), &players, 4, 7, None).expect("runs");
            let total: f64 = arena.wins.iter().sum();
            assert!((total - 4.0).abs() < 1e-9, "{}: one win per game", info.id);
            assert!(arena.scores.iter().all(|s| s.len() == 4));
            assert!(arena.report().contains("mean score"));
        }
        let too_many = vec![Player::Random; 9];
        assert!(
            run(
                GameKind::ALL[0],
                &GameKind::ALL[0].default_options(),
                &too_many,
                1,
                1,
                None
            )
            .is_err()
        );
    }
}
