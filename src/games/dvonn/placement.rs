//! The search for the placement phase (`profi`): flat Monte Carlo with UCB1 over the free
//! fields. Each sample puts the piece on one candidate, fills the rest of the board at random
//! in the rules' order (the remaining DVONN pieces first, then White and Black in turn) and
//! scores the position the movement phase would start from with the static value of
//! [`super::position`] (pieces controlled, stacks near DVONN pieces, mobility). The candidate
//! with the best mean wins. (Random play-outs of the movement phase instead of the static value
//! proved no better than the placement heuristic: 5 of 10 games against the greedy player,
//! against 8 of 10.)
//! Nothing is hidden in Dvonn, so the samples are drawn from the seat's view alone.

use std::time::Instant;

use rand::RngCore;

use super::board::{FIELD_COUNT, Field};
use super::position::{BLACK, Position, RED, WHITE};
use super::rules::{Phase, placement_piece, placer};
use super::view::DvonnView;
use super::{Color, Piece};
use crate::games::Effort;

const N: usize = FIELD_COUNT;
/// The exploration constant of UCB1 (results lie in 0..1).
const EXPLORE: f64 = 0.5;
/// Points of the static value that make a clear lead.
const SCALE: f64 = 40.0;

fn code(piece: Piece) -> u8 {
    match piece {
        Piece::White => WHITE,
        Piece::Black => BLACK,
        Piece::Dvonn => RED,
    }
}

/// The field to place on, and the positions played through; `None` outside the placement
/// phase or when the board is full.
pub(super) fn search(
    view: &DvonnView,
    effort: Effort,
    rng: &mut dyn RngCore,
) -> Option<(Field, u64)> {
    if view.phase != Phase::Placement {
        return None;
    }
    let me = view.to_move?;
    let mut pieces = [0u8; N];
    for fv in &view.fields {
        if let Some(piece) = fv.stack.last() {
            pieces[fv.field.index()] = code(*piece);
        }
    }
    let placed = pieces.iter().filter(|p| **p != 0).count();
    let free: Vec<usize> = (0..N).filter(|i| pieces[*i] == 0).collect();
    match free.as_slice() {
        [] => return None,
        [only] => return Field::from_index(*only).map(|f| (f, 0)),
        _ => {}
    }
    let deadline = Instant::now() + effort.budget;
    let mut visits = vec![0u32; free.len()];
    let mut wins = vec![0.0f64; free.len()];
    let mut positions = 0u64;
    let mut total = 0u32;
    let mut rest = Vec::with_capacity(N);
    while total < 4 * free.len() as u32 || Instant::now() < deadline {
        let c = if (total as usize) < free.len() {
            total as usize
        } else {
            let ln = f64::from(total).ln();
            (0..free.len())
                .max_by(|a, b| {
                    let ucb = |i: usize| {
                        wins[i] / f64::from(visits[i])
                            + EXPLORE * (ln / f64::from(visits[i])).sqrt()
                    };
                    ucb(*a).total_cmp(&ucb(*b))
                })
                .unwrap_or(0)
        };
        total += 1;
        let mut board = pieces;
        board[free[c]] = code(placement_piece(placed, me));
        rest.clear();
        rest.extend(free.iter().copied().filter(|f| *f != free[c]));
        for (k, n) in (placed + 1..N).enumerate() {
            let left = rest.len() - k;
            let j = k + (rng.next_u64() % left as u64) as usize;
            rest.swap(k, j);
            board[rest[k]] = code(placement_piece(n, placer(n)));
        }
        let white_lead = Position::after_placement(&board).white_value();
        positions += rest.len() as u64 + 1;
        let lead = match me {
            Color::White => white_lead,
            Color::Black => -white_lead,
        };
        visits[c] += 1;
        wins[c] += 0.5 + 0.5 * (f64::from(lead) / SCALE).tanh();
        if total >= 1_000_000 {
            break;
        }
    }
    let best = (0..free.len()).max_by(|a, b| {
        (wins[*a] / f64::from(visits[*a].max(1)))
            .total_cmp(&(wins[*b] / f64::from(visits[*b].max(1))))
    })?;
    Field::from_index(free[best]).map(|f| (f, positions))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::games::dvonn::{Dvonn, DvonnOptions, Move};
    use crate::games::options::GameOptions;
    use rand::SeedableRng;
    use std::time::Duration;

    /// Through a whole `profi` placement phase, every searched placement is legal, and it
    /// searched.
    #[test]
    fn the_placement_search_plays_a_legal_profi_setup() {
        let mut options = DvonnOptions::default();
        options.set("profi").expect("an option");
        let mut game = Dvonn::new(2, &options, 3).expect("sets up");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let effort = Effort {
            budget: Duration::from_millis(1),
            max_depth: 8,
        };
        let mut searched = 0;
        while game.view(None).phase == Phase::Placement {
            let seat = game.to_act().seats()[0];
            let (field, nodes) = search(&game.view(Some(seat)), effort, &mut rng).expect("a field");
            if nodes > 0 {
                searched += 1;
            }
            game.apply(seat, &Move::Place(field)).expect("legal");
        }
        assert!(searched >= 40, "{searched}");
    }
}
