//! Dvonn's compact position for the computer players, built from what a seat sees
//! ([`DvonnView`]: Dvonn hides nothing), with the same rules as [`super::rules`]: a stack moves
//! exactly its height in a straight line onto an occupied field, unless surrounded on all six
//! sides; stacks cut off from every DVONN piece leave the board; a player without a move
//! passes; nobody moving ends the game, scored by the pieces in the stacks each colour
//! controls. A test checks both agree on every move and every score. Also the position's static
//! value, which the search ([`super::engine`]) and the placement search ([`super::placement`])
//! score positions by.

use std::sync::OnceLock;

use super::board::{DIRECTIONS, FIELD_COUNT, Field};
use super::rules::Phase;
use super::view::DvonnView;
use super::{Color, Piece};

pub(super) const N: usize = FIELD_COUNT;
const NONE: u8 = 0;
pub(super) const WHITE: u8 = 1;
pub(super) const BLACK: u8 = 2;
pub(super) const RED: u8 = 3;

/// Geometry, computed once: each field's neighbours and the field `n` steps away per direction.
struct Geometry {
    neighbours: [Vec<u8>; N],
    /// `ray[from][dir]`: the fields 1, 2, … steps away, while on the board.
    ray: [[Vec<u8>; 6]; N],
    /// Zobrist keys per field, top colour and height (heights up to 49).
    keys: Vec<u64>,
    side_key: u64,
}

fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(|| {
        let mut neighbours: [Vec<u8>; N] = std::array::from_fn(|_| Vec::new());
        let mut ray: [[Vec<u8>; 6]; N] =
            std::array::from_fn(|_| std::array::from_fn(|_| Vec::new()));
        for f in Field::all() {
            let i = f.index();
            neighbours[i] = f.neighbours().map(|n| n.index() as u8).collect();
            for (d, dir) in DIRECTIONS.iter().enumerate() {
                let mut k = 1;
                while let Some(to) = f.step(*dir, k) {
                    ray[i][d].push(to.index() as u8);
                    k += 1;
                }
            }
        }
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let keys = (0..N * 4 * 50).map(|_| next()).collect();
        Geometry {
            neighbours,
            ray,
            keys,
            side_key: next(),
        }
    })
}

/// A movement-phase position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    /// The height of the stack on each field (0: empty).
    pub(super) height: [u8; N],
    /// The colour on top of each stack (`WHITE`, `BLACK`, `RED`; `NONE` when empty).
    pub(super) top: [u8; N],
    /// Stacks holding a DVONN piece.
    red: u64,
    /// The side to move.
    pub(super) side: u8,
}

/// A move on a [`Position`]: from and to field indices.
pub(super) type Step = (u8, u8);

impl Position {
    /// The position a seat sees, in the movement phase.
    pub fn from_view(view: &DvonnView) -> Option<Position> {
        if view.phase != Phase::Movement {
            return None;
        }
        let mut p = Position {
            height: [0; N],
            top: [NONE; N],
            red: 0,
            side: match view.to_move? {
                Color::White => WHITE,
                Color::Black => BLACK,
            },
        };
        for fv in &view.fields {
            let i = fv.field.index();
            p.height[i] = fv.stack.len() as u8;
            p.top[i] = match fv.stack.last() {
                None => NONE,
                Some(Piece::White) => WHITE,
                Some(Piece::Black) => BLACK,
                Some(Piece::Dvonn) => RED,
            };
            if fv.stack.contains(&Piece::Dvonn) {
                p.red |= 1 << i;
            }
        }
        Some(p)
    }

    /// The position when the placement phase ends with `pieces` (per field `WHITE`, `BLACK`
    /// or `RED`): one piece per field, White to move.
    pub(super) fn after_placement(pieces: &[u8; N]) -> Position {
        let mut p = Position {
            height: [1; N],
            top: *pieces,
            red: 0,
            side: WHITE,
        };
        for (i, piece) in pieces.iter().enumerate() {
            if *piece == RED {
                p.red |= 1 << i;
            }
        }
        if !p.has_moves(WHITE) {
            p.side = BLACK;
        }
        p
    }

    /// The static value of the position for White.
    pub(super) fn white_value(&self) -> i32 {
        let value = self.evaluate();
        if self.side == WHITE { value } else { -value }
    }

    fn surrounded(&self, i: usize) -> bool {
        let g = geometry();
        g.neighbours[i].len() == 6 && g.neighbours[i].iter().all(|n| self.height[*n as usize] > 0)
    }

    /// The moves of `color`.
    pub(super) fn moves(&self, color: u8, out: &mut Vec<Step>) {
        out.clear();
        let g = geometry();
        for i in 0..N {
            if self.top[i] != color || self.surrounded(i) {
                continue;
            }
            let h = self.height[i] as usize;
            for d in 0..6 {
                if let Some(&to) = g.ray[i][d].get(h - 1)
                    && self.height[to as usize] > 0
                {
                    out.push((i as u8, to));
                }
            }
        }
    }

    fn has_moves(&self, color: u8) -> bool {
        let mut moves = Vec::new();
        self.moves(color, &mut moves);
        !moves.is_empty()
    }

    /// Plays a move of the side to move: the stack lands, cut-off stacks leave, and the turn
    /// passes (automatically past a player without a move). Returns whether the game goes on.
    pub(super) fn play(&mut self, (from, to): Step) -> bool {
        let (f, t) = (from as usize, to as usize);
        self.height[t] += self.height[f];
        self.top[t] = self.top[f];
        if self.red & (1 << f) != 0 {
            self.red |= 1 << t;
        }
        self.height[f] = 0;
        self.top[f] = NONE;
        self.red &= !(1 << f);
        self.remove_cut_off();
        let next = 3 - self.side;
        if self.has_moves(next) {
            self.side = next;
            true
        } else {
            self.has_moves(self.side)
        }
    }

    fn remove_cut_off(&mut self) {
        let g = geometry();
        let mut alive = self.red;
        let mut frontier = self.red;
        while frontier != 0 {
            let i = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            for &n in &g.neighbours[i] {
                let bit = 1u64 << n;
                if alive & bit == 0 && self.height[n as usize] > 0 {
                    alive |= bit;
                    frontier |= bit;
                }
            }
        }
        for i in 0..N {
            if alive & (1 << i) == 0 {
                self.height[i] = 0;
                self.top[i] = NONE;
            }
        }
    }

    /// Pieces in the stacks `color` controls.
    pub fn score(&self, color: u8) -> i32 {
        (0..N)
            .filter(|i| self.top[*i] == color)
            .map(|i| self.height[i] as i32)
            .sum()
    }

    /// The Zobrist hash of the position (for the search's transposition table).
    pub(super) fn hash(&self) -> u64 {
        let g = geometry();
        let mut h = if self.side == WHITE { g.side_key } else { 0 };
        for i in 0..N {
            if self.height[i] > 0 {
                h ^= g.keys[(i * 4 + self.top[i] as usize) * 50 + self.height[i] as usize];
            }
        }
        h
    }

    /// The side to move's view of the position: controlled pieces, and stacks that can still
    /// move (a stack that cannot move keeps its pieces only if nobody takes it).
    pub(super) fn evaluate(&self) -> i32 {
        let me = self.side;
        let other = 3 - me;
        let mut value = 0;
        for i in 0..N {
            let h = self.height[i] as i32;
            if h == 0 {
                continue;
            }
            let sign = if self.top[i] == me {
                1
            } else if self.top[i] == other {
                -1
            } else {
                continue;
            };
            let near_red = self.red & (1 << i) != 0
                || geometry().neighbours[i]
                    .iter()
                    .any(|n| self.red & (1 << n) != 0);
            value += sign * (8 * h + if near_red { 3 } else { 0 });
        }
        let mut moves = Vec::new();
        self.moves(me, &mut moves);
        let mine = moves.len() as i32;
        self.moves(other, &mut moves);
        value + 2 * (mine - moves.len() as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::games::dvonn::{Dvonn, Move};
    use rand::{RngCore, SeedableRng};

    /// The engine's rules are the game's: the same moves in every position of random games,
    /// and the same scores after each.
    #[test]
    fn the_engine_agrees_with_the_rules_on_every_move_and_score() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for seed in 0..20 {
            let mut game = Dvonn::new(2, &Default::default(), seed).expect("setup");
            while game.outcome().is_none() {
                let seat = game.side_to_move().seat();
                let view = game.view(Some(seat));
                let p = Position::from_view(&view).expect("movement phase");
                let mut mine = Vec::new();
                p.moves(p.side, &mut mine);
                let mut engine: Vec<String> = mine
                    .iter()
                    .map(|&(f, t)| {
                        Move::Step {
                            from: Field::from_index(f as usize).unwrap(),
                            to: Field::from_index(t as usize).unwrap(),
                        }
                        .to_string()
                    })
                    .collect();
                let mut rules: Vec<String> = game
                    .legal_moves(seat)
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
                engine.sort();
                rules.sort();
                assert_eq!(engine, rules, "seed {seed}");
                let pick = (rng.next_u32() as usize) % mine.len();
                let mut next = p;
                let goes_on = next.play(mine[pick]);
                let mv: Move = engine_move(mine[pick]);
                game.apply(seat, &mv).expect("legal");
                assert_eq!(goes_on, game.outcome().is_none(), "seed {seed}");
                assert_eq!(
                    [next.score(WHITE) as i64, next.score(BLACK) as i64],
                    [game.controlled(Color::White), game.controlled(Color::Black)]
                );
                if goes_on {
                    let again = Position::from_view(&game.view(None)).expect("movement");
                    assert_eq!(again, next, "seed {seed}: the same position after {mv}");
                }
            }
        }
    }

    fn engine_move((f, t): Step) -> Move {
        Move::Step {
            from: Field::from_index(f as usize).unwrap(),
            to: Field::from_index(t as usize).unwrap(),
        }
    }
}
