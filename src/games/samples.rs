//! Seeded random games: every position of a game played out with random legal moves. The
//! benchmark draws them, and each game's fixed image palette is learned from them.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{AnyGame, GameKind};

/// Every position of a game of `kind` for `players` with its default options, played with
/// random legal moves drawn from `seed` until it ends: the start first. Empty when the game
/// does not seat that many.
pub fn positions(kind: GameKind, players: usize, seed: u64) -> Vec<AnyGame> {
    let Ok(mut game) = AnyGame::new(&kind.default_options(), players, seed) else {
        return Vec::new();
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = vec![game.clone()];
    while let Some(&seat) = game.to_act().seats().first() {
        let moves = game.legal_moves(seat);
        if moves.is_empty() {
            break;
        }
        let pick = &moves[rng.random_range(0..moves.len())];
        if game.play(seat, pick).is_err() {
            break;
        }
        out.push(game.clone());
    }
    out
}
