//! Information-set Monte Carlo tree search (single observer: Cowling, Powley & Whitehouse,
//! "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012), for every game that can
//! draw a whole game from a seat's view ([`Think::determinize`]).
//!
//! Each iteration draws a new determinization, walks the one tree from the root with the moves
//! that are legal in that drawing (UCB1 with availability counts, so a move that is rarely
//! possible is not starved), adds one node, plays on at random for a few plies and scores the
//! end with [`Think::evaluate`] (or the result, when the game ended). The tree's nodes are the
//! move sequences; a node's reward belongs to the seat that made its move, so every seat in the
//! tree plays for itself.
//!
//! Where several seats act at once (secret choices), the searching seat moves first at the
//! root; deeper, the seats move in seat order. The others' choices are never seen by the root's
//! choice, since they come after it.
//!
//! Before searching, the root's moves are ranked by their one-ply value (the greedy player's
//! judgement, over a few determinizations) and only the best [`ROOT_WIDTH`] are searched: where
//! a seat has hundreds of moves (every play with every place for a camp), the time goes to the
//! plausible ones. Play-outs use the game's own quick policy ([`Think::playout`]) where it has
//! one.

use std::time::Instant;

use rand::RngCore;

use crate::games::{Effort, Game, Seat, Seen, Think};

/// Plies played at random after the tree, before the game is scored.
const ROLLOUT_PLIES: usize = 24;
/// The exploration constant of UCB1 (rewards lie in 0..1).
const EXPLORE: f64 = 0.7;
/// The tree stops growing at this many nodes (the search goes on sampling it).
const MAX_NODES: usize = 400_000;
/// Root moves searched: the best by one-ply value.
const ROOT_WIDTH: usize = 12;
/// Determinizations the one-ply value averages over.
const DRAWS: usize = 3;

/// One node: the move that led here and what it brought the seat that made it.
struct Node<M> {
    /// The seat that moved, and its move (`None` at the root).
    step: Option<(Seat, M)>,
    children: Vec<usize>,
    visits: u32,
    /// Times this node's move was legal when its parent was visited.
    available: u32,
    /// Sum of the rewards of the seat that moved.
    reward: f64,
}

impl<M> Node<M> {
    fn new(step: Option<(Seat, M)>) -> Node<M> {
        Node {
            step,
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: 0.0,
        }
    }
}

/// The best move for the seat of `seen` within `effort`, and the positions visited; `None` when
/// the game draws no determinizations or the seat has no legal move.
pub fn search<G: Think>(
    seen: &Seen<G>,
    effort: Effort,
    rng: &mut dyn RngCore,
) -> Option<(G::Move, u64)> {
    let deadline = Instant::now() + effort.budget;
    let (ranked, mut positions) = match ranked(seen, rng)? {
        Ranked::Only(mv) => return Some((mv, 0)),
        Ranked::Moves(moves, positions) => (moves, positions),
    };
    let root: Vec<G::Move> = ranked
        .into_iter()
        .take(ROOT_WIDTH)
        .map(|(m, _)| m)
        .collect();
    if let [only] = root.as_slice() {
        return Some((only.clone(), positions));
    }
    let root_seat = seen.seat();
    let mut tree: Vec<Node<G::Move>> = vec![Node::new(None)];
    let mut path = Vec::with_capacity(64);
    let mut iterations = 0u32;
    // At least a few iterations, whatever the budget, so that the answer is a searched one.
    while iterations < 8 || Instant::now() < deadline {
        iterations += 1;
        let mut game = G::determinize(seen, rng)?;
        path.clear();
        let mut node = 0usize;
        // Selection and expansion.
        while let Some(seat) = actor(&mut game, (node == 0).then_some(root_seat)) {
            // At the root, the ranked moves, best first (every drawing offers the seat the
            // moves of its view).
            let at_root = node == 0 && seat == root_seat;
            let moves = if at_root {
                root.clone()
            } else {
                game.legal_moves(seat)
            };
            if moves.is_empty() {
                break;
            }
            let mut untried = Vec::new();
            let mut best: Option<(f64, usize, usize)> = None;
            for (i, mv) in moves.iter().enumerate() {
                let child = tree[node]
                    .children
                    .iter()
                    .copied()
                    .find(|c| matches!(&tree[*c].step, Some((s, m)) if *s == seat && m == mv));
                match child {
                    None => untried.push(i),
                    Some(c) => {
                        tree[c].available += 1;
                        let n = &tree[c];
                        let visits = f64::from(n.visits.max(1));
                        let ucb = n.reward / visits
                            + EXPLORE * (f64::from(n.available.max(1)).ln() / visits).sqrt();
                        if best.is_none_or(|(b, _, _)| ucb > b) {
                            best = Some((ucb, c, i));
                        }
                    }
                }
            }
            let grow = !untried.is_empty() && tree.len() < MAX_NODES;
            let (child, index) = if grow {
                // The root tries its moves in rank order, so a short search ends no worse than
                // the ranking; deeper, an untried move is drawn at random.
                let i = if at_root {
                    untried[0]
                } else {
                    untried[(rng.next_u64() % untried.len() as u64) as usize]
                };
                tree.push(Node::new(Some((seat, moves[i].clone()))));
                let c = tree.len() - 1;
                tree[c].available = 1;
                tree[node].children.push(c);
                (c, i)
            } else if let Some((_, c, i)) = best {
                (c, i)
            } else {
                break;
            };
            if game.apply(seat, &moves[index]).is_err() {
                break;
            }
            positions += 1;
            path.push(child);
            node = child;
            if grow {
                break;
            }
        }
        // Play out.
        for _ in 0..ROLLOUT_PLIES {
            let Some(seat) = actor(&mut game, None) else {
                break;
            };
            let mv = match game.playout(seat, rng) {
                Some(mv) => mv,
                None => {
                    let moves = game.legal_moves(seat);
                    if moves.is_empty() {
                        break;
                    }
                    moves[(rng.next_u64() % moves.len() as u64) as usize].clone()
                }
            };
            if game.apply(seat, &mv).is_err() {
                break;
            }
            positions += 1;
        }
        let rewards = rewards(&game);
        for n in &path {
            let node = &mut tree[*n];
            node.visits += 1;
            if let Some((seat, _)) = &node.step {
                node.reward += rewards.get(*seat).copied().unwrap_or(0.0);
            }
        }
    }
    // The most visited root move; among equally visited ones, the better ranked.
    let mut best: Option<(u32, &G::Move)> = None;
    for m in &root {
        let visits = tree[0]
            .children
            .iter()
            .find_map(|c| match &tree[*c].step {
                Some((s, mv)) if *s == root_seat && mv == m => Some(tree[*c].visits),
                _ => None,
            })
            .unwrap_or(0);
        if best.is_none_or(|(b, _)| visits > b) {
            best = Some((visits, m));
        }
    }
    let best = best.map(|(_, m)| m.clone())?;
    Some((best, positions.max(1)))
}

/// The seat to move next in a drawn game: `first` if it may act, else the first seat in seat
/// order that may. A wait for answers that nobody gives is settled as its time running out.
fn actor<G: Game>(game: &mut G, first: Option<Seat>) -> Option<Seat> {
    for _ in 0..2 {
        if game.outcome().is_some() {
            return None;
        }
        if let Some(seat) = first.filter(|s| game.may_act(*s)) {
            return Some(seat);
        }
        if let Some(seat) = game.to_act().seats().into_iter().find(|s| game.may_act(*s)) {
            return Some(seat);
        }
        game.window()?;
        game.close_window();
    }
    None
}

/// Each seat's reward in 0..1 for a game where the search stopped: for a finished game mostly
/// its share of the win, else how far its value leads the best other seat's.
pub fn rewards<G: Think>(game: &G) -> Vec<f64> {
    let n = game.scores().len();
    let values: Vec<f64> = match game.outcome() {
        Some(outcome) => outcome.scores.iter().map(|s| *s as f64).collect(),
        None => (0..n).map(|s| game.evaluate(s)).collect(),
    };
    let lead = |s: usize| {
        let best_other = (0..n)
            .filter(|o| *o != s)
            .map(|o| values[o])
            .fold(f64::NEG_INFINITY, f64::max);
        let diff = if best_other.is_finite() {
            values[s] - best_other
        } else {
            values[s]
        };
        0.5 + 0.5 * (diff / G::SCALE).tanh()
    };
    match game.outcome() {
        Some(outcome) => {
            let winners = outcome.ranks.iter().filter(|r| **r == 1).count().max(1);
            (0..n)
                .map(|s| {
                    let share = if outcome.ranks.get(s) == Some(&1) {
                        1.0 / winners as f64
                    } else {
                        0.0
                    };
                    0.75 * share + 0.25 * lead(s)
                })
                .collect()
        }
        None => (0..n).map(lead).collect(),
    }
}

/// The root's moves as [`ranked`] gives them.
enum Ranked<M> {
    /// The seat's one legal move (nothing was weighed).
    Only(M),
    /// Every legal move with its one-ply value, best first, and the positions visited.
    Moves(Vec<(M, f64)>, u64),
}

/// The legal moves of the seat of `seen` ranked by the value of the game right after them
/// (the score once the game has ended, else [`Think::evaluate`]), summed over [`DRAWS`]
/// determinizations; among equal values the order starts at a random move. `None` when the
/// seat has no legal move or the game draws no determinizations.
fn ranked<G: Think>(seen: &Seen<G>, rng: &mut dyn RngCore) -> Option<Ranked<G::Move>> {
    let legal = seen.legal();
    match legal {
        [] => return None,
        [only] => return Some(Ranked::Only(only.clone())),
        _ => {}
    }
    let seat = seen.seat();
    let draws: Vec<G> = (0..DRAWS)
        .map(|_| G::determinize(seen, rng))
        .collect::<Option<_>>()?;
    let start = (rng.next_u64() % legal.len() as u64) as usize;
    let mut positions = 0u64;
    let mut moves: Vec<(G::Move, f64)> = (0..legal.len())
        .map(|k| {
            let mv = &legal[(start + k) % legal.len()];
            let mut total = 0.0;
            for draw in &draws {
                let mut game = draw.clone();
                if game.apply(seat, mv).is_err() {
                    total = f64::NEG_INFINITY;
                    break;
                }
                positions += 1;
                total += match game.outcome() {
                    Some(o) => o.scores.get(seat).copied().unwrap_or(0) as f64,
                    None => game.evaluate(seat),
                };
            }
            (mv.clone(), total)
        })
        .collect();
    // Stable: equal values keep the order from the random start.
    moves.sort_by(|a, b| b.1.total_cmp(&a.1));
    Some(Ranked::Moves(moves, positions))
}

/// The one-ply greedy player: the legal move after which [`Think::evaluate`] is best for the
/// seat, averaged over a few determinizations; ties go to the first such move after a random
/// start. `None` when the game draws no determinizations.
pub fn greedy<G: Think>(seen: &Seen<G>, rng: &mut dyn RngCore) -> Option<(G::Move, u64)> {
    match ranked(seen, rng)? {
        Ranked::Only(mv) => Some((mv, 0)),
        Ranked::Moves(moves, positions) => moves.into_iter().next().map(|(m, _)| (m, positions)),
    }
}
