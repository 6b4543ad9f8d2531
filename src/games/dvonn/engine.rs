//! Dvonn's computer player: alpha-beta (negamax) with iterative deepening, a transposition
//! table keyed by Zobrist hashes, and move ordering (the table's best move first, then moves
//! that take the tallest stacks).
//!
//! It works on its own compact position, built from what the seat sees ([`DvonnView`]: Dvonn
//! hides nothing), with the same rules as [`super::rules`]: a stack moves exactly its height in
//! a straight line onto an occupied field, unless surrounded on all six sides; stacks cut off
//! from every DVONN piece leave the board; a player without a move passes; nobody moving ends
//! the game, scored by the pieces in the stacks each colour controls. A test checks both agree
//! on every move and every score. The placement phase (`profi`) is searched by
//! [`super::placement`]; the one-ply player places by a heuristic.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use rand::RngCore;

use super::board::{DIRECTIONS, FIELD_COUNT, Field};
use super::notation::Move;
use super::rules::Phase;
use super::view::DvonnView;
use super::{Color, Dvonn, Piece};
use crate::games::{Effort, Seen, Think};

const N: usize = FIELD_COUNT;
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
    height: [u8; N],
    top: [u8; N],
    /// Stacks holding a DVONN piece.
    red: u64,
    side: u8,
}

/// A move on a [`Position`]: from and to field indices.
type Step = (u8, u8);

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
    fn moves(&self, color: u8, out: &mut Vec<Step>) {
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
    fn play(&mut self, (from, to): Step) -> bool {
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

    fn hash(&self) -> u64 {
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

const WIN: i32 = 1_000_000;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    depth: u8,
    value: i32,
    bound: u8, // 0 exact, 1 lower, 2 upper
    best: Option<Step>,
}

/// One search: the transposition table, the clock and the count of positions.
struct Search {
    table: Vec<Entry>,
    deadline: Instant,
    nodes: u64,
    stopped: bool,
}

impl Search {
    fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.table[(key as usize) & (self.table.len() - 1)];
        (e.key == key).then_some(e)
    }

    fn store(&mut self, entry: Entry) {
        let i = (entry.key as usize) & (self.table.len() - 1);
        self.table[i] = entry;
    }

    fn negamax(&mut self, p: &Position, depth: u8, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && Instant::now() >= self.deadline {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let key = p.hash();
        let entry = self.probe(key);
        if let Some(e) = entry
            && e.depth >= depth
        {
            match e.bound {
                0 => return e.value,
                1 if e.value >= beta => return e.value,
                2 if e.value <= alpha => return e.value,
                _ => {}
            }
        }
        let mut moves = Vec::with_capacity(32);
        p.moves(p.side, &mut moves);
        if moves.is_empty() {
            // Only reached at the root of a finished game.
            return final_value(p, ply);
        }
        if depth == 0 {
            return p.evaluate();
        }
        order(p, &mut moves, entry.and_then(|e| e.best));
        let original = alpha;
        let mut best = (-WIN * 2, None);
        for mv in moves {
            let mut child = *p;
            let goes_on = child.play(mv);
            let value = if !goes_on {
                // Scored from the mover's side: `child.side` may be either colour now.
                let mine = child.score(p.side) - child.score(3 - p.side);
                match mine.cmp(&0) {
                    std::cmp::Ordering::Greater => WIN - ply,
                    std::cmp::Ordering::Less => -WIN + ply,
                    std::cmp::Ordering::Equal => 0,
                }
            } else if child.side == p.side {
                // The opponent passed: the same side moves again.
                self.negamax(&child, depth - 1, alpha, beta, ply + 1)
            } else {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            };
            if self.stopped {
                return 0;
            }
            if value > best.0 {
                best = (value, Some(mv));
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best.0 <= original {
            2
        } else if best.0 >= beta {
            1
        } else {
            0
        };
        self.store(Entry {
            key,
            depth,
            value: best.0,
            bound,
            best: best.1,
        });
        best.0
    }
}

fn final_value(p: &Position, ply: i32) -> i32 {
    let diff = p.score(p.side) - p.score(3 - p.side);
    match diff.cmp(&0) {
        std::cmp::Ordering::Greater => WIN - ply,
        std::cmp::Ordering::Less => -WIN + ply,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The table's move first, then moves onto the tallest stacks, the opponent's first.
fn order(p: &Position, moves: &mut [Step], first: Option<Step>) {
    moves.sort_by_key(|&(_, to)| {
        let t = to as usize;
        let enemy = p.top[t] != p.side && p.top[t] != RED;
        -(p.height[t] as i32 * 2 + enemy as i32)
    });
    if let Some(best) = first
        && let Some(i) = moves.iter().position(|m| *m == best)
    {
        moves[..=i].rotate_right(1);
    }
}

/// The best move found within `effort`, and the positions searched.
pub fn best_move(p: &Position, effort: Effort) -> Option<(Step, u64)> {
    let mut moves = Vec::new();
    p.moves(p.side, &mut moves);
    let only = match moves.as_slice() {
        [] => return None,
        [one] => Some(*one),
        _ => None,
    };
    if let Some(one) = only {
        return Some((one, 0));
    }
    let mut search = Search {
        table: vec![Entry::default(); 1 << 18],
        deadline: Instant::now() + effort.budget,
        nodes: 0,
        stopped: false,
    };
    let mut best = moves[0];
    for depth in 1..=effort.max_depth.min(60) as u8 {
        let mut alpha = -WIN * 2;
        let mut chosen = None;
        let mut ordered = moves.clone();
        order(p, &mut ordered, Some(best));
        for mv in ordered {
            let mut child = *p;
            let value = if !child.play(mv) {
                let mine = child.score(p.side) - child.score(3 - p.side);
                mine.signum() * WIN
            } else if child.side == p.side {
                search.negamax(&child, depth - 1, alpha, WIN * 2, 1)
            } else {
                -search.negamax(&child, depth - 1, -WIN * 2, -alpha, 1)
            };
            if search.stopped {
                break;
            }
            if value > alpha || chosen.is_none() {
                alpha = value;
                chosen = Some(mv);
            }
        }
        if search.stopped {
            // A deeper iteration cut short: keep its best so far only if it started with the
            // previous best (searched first), else the previous iteration's choice.
            if let Some(mv) = chosen
                && mv == best
            {
                best = mv;
            }
            break;
        }
        if let Some(mv) = chosen {
            best = mv;
        }
        if alpha.abs() >= WIN - 100 {
            break; // a forced result is found
        }
    }
    Some((best, search.nodes))
}

/// A placement for the `profi` setup: next to as many occupied fields as possible (pieces
/// near others stay connected), near the middle; ties broken at random.
fn place(view: &DvonnView, rng: &mut dyn RngCore) -> Option<Move> {
    let occupied: Vec<bool> = {
        let mut o = vec![false; N];
        for fv in &view.fields {
            o[fv.field.index()] = !fv.stack.is_empty();
        }
        o
    };
    Field::all()
        .filter(|f| !occupied[f.index()])
        .max_by_key(|f| {
            let near = f.neighbours().filter(|n| occupied[n.index()]).count() as i64;
            let centre = -((f.col() as i64 - 5).abs() + (f.row() as i64 - 2).abs());
            near * 100 + centre * 10 + (rng.next_u32() % 10) as i64
        })
        .map(Move::Place)
}

impl Think for Dvonn {
    fn think(seen: &Seen<Self>, effort: Effort, rng: &mut dyn RngCore) -> Option<(Move, u64)> {
        let view = seen.view();
        if view.phase == Phase::Placement {
            let (mv, nodes) = if effort.max_depth <= 1 {
                (place(view, rng)?, 0)
            } else {
                let (field, nodes) = super::placement::search(view, effort, rng)?;
                (Move::Place(field), nodes)
            };
            return seen.legal().contains(&mv).then_some((mv, nodes));
        }
        let position = Position::from_view(view)?;
        let ((from, to), nodes) = best_move(&position, effort)?;
        let mv = Move::Step {
            from: Field::from_index(from as usize)?,
            to: Field::from_index(to as usize)?,
        };
        seen.legal().contains(&mv).then_some((mv, nodes))
    }
}

/// Positions searched per second by [`best_move`] from `position` for `budget` (benchmarks).
pub fn nodes_per_second(position: &Position, budget: Duration) -> f64 {
    let started = Instant::now();
    let nodes = best_move(
        position,
        Effort {
            budget,
            max_depth: 60,
        },
    )
    .map_or(0, |(_, n)| n);
    nodes as f64 / started.elapsed().as_secs_f64().max(1e-9)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use rand::SeedableRng;

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

    #[test]
    fn it_takes_a_won_ending_and_searches_within_its_budget() {
        let game = Dvonn::new(2, &Default::default(), 3).expect("setup");
        let p = Position::from_view(&game.view(Some(0))).expect("movement");
        let effort = Effort {
            budget: Duration::from_millis(200),
            max_depth: 4,
        };
        let (mv, nodes) = best_move(&p, effort).expect("a move");
        assert!(nodes > 0);
        let mut moves = Vec::new();
        p.moves(p.side, &mut moves);
        assert!(moves.contains(&mv));
    }
}
