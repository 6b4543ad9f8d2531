//! Dvonn's computer player: alpha-beta (negamax) with iterative deepening, a transposition
//! table keyed by Zobrist hashes, and move ordering (the table's best move first, then moves
//! that take the tallest stacks).
//!
//! It searches the compact position of [`super::position`] (the rules again, checked against
//! them). The placement phase (`profi`) is searched by [`super::placement`]; the one-ply player
//! places by a heuristic.

use std::time::{Duration, Instant};

use rand::RngCore;

use super::Dvonn;
use super::board::Field;
use super::notation::Move;
use super::position::{N, Position, RED, Step};
use super::rules::Phase;
use super::view::DvonnView;
use crate::games::{Effort, Seen, Think};

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
