//! DonQuixote's computer player.
//!
//! A principality never depends on another's (§5), so every seat plays its own solitaire: the
//! bot looks at its own board, its hand and the fields still to come, and nothing else (what
//! the others placed in the step under way is hidden from its view anyway, §4.3). It never
//! knows the order of the position cards; it plays by expectation over them:
//!
//! - **one ply** (`easy`, the greedy player): the placement whose board would score most if the
//!   round's scoring came now;
//! - **search** (`normal`, `hard`): every legal placement is followed by the same sampled
//!   orders of the remaining cards (common random numbers), each played out to the end by the
//!   greedy player, and the placement with the best mean final total wins. More time, more
//!   samples.
//!
//! The play-outs use a compact board ([`Solo`]) and a scorer of their own ([`Solo::score`]),
//! pinned to the rules' scorer by a test.

use std::sync::OnceLock;
use std::time::Instant;

use rand::RngCore;

use super::board::{COLUMNS, Field};
use super::state::{ROUND_ENDS, STEPS, round_at};
use super::tiles::{LAST, Placement, Symbol, TILE_COUNT, round_tiles};
use super::view::DonQuixoteView;
use super::{DonQuixote, Move};
use crate::games::{Effort, Seen, Think};

const N: u8 = 1;
const E: u8 = 2;
const S: u8 = 4;
const W: u8 = 8;

/// One half of a placed tile, packed: arms as bits, the symbol, a knight's strength.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Cell {
    arms: u8,
    church: bool,
    windmill: bool,
    knight: u8,
}

/// Both halves of every tile in both orientations, indexed by [`code`].
fn halves() -> &'static [[Cell; 2]; 2 * TILE_COUNT as usize] {
    static TABLE: OnceLock<[[Cell; 2]; 2 * TILE_COUNT as usize]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [[Cell::default(); 2]; 2 * TILE_COUNT as usize];
        for id in 1..=TILE_COUNT {
            for turned in [false, true] {
                let (top, bottom) = Placement::new(id, turned).halves();
                let cell = |h: super::tiles::Half| Cell {
                    arms: (u8::from(h.arms.n) * N)
                        | (u8::from(h.arms.e) * E)
                        | (u8::from(h.arms.s) * S)
                        | (u8::from(h.arms.w) * W),
                    church: h.symbol == Some(Symbol::Church),
                    windmill: h.symbol == Some(Symbol::Windmill),
                    knight: h.knight(),
                };
                table[code(id, turned)] = [cell(top), cell(bottom)];
            }
        }
        table
    })
}

/// The index of tile `id` in an orientation.
fn code(id: u8, turned: bool) -> usize {
    2 * usize::from(id.saturating_sub(1)) + usize::from(turned)
}

/// One principality, compact: per field the tile code + 1 (0: empty or a castle).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Solo {
    fields: [u8; 24],
    /// The castles' fields (index) and values.
    castles: [(usize, i64); 2],
}

impl Solo {
    /// A board with these castles and tiles.
    pub(super) fn new(
        castles: [(Field, u8); 2],
        tiles: impl IntoIterator<Item = (Field, Placement)>,
    ) -> Solo {
        let mut solo = Solo {
            fields: [0; 24],
            castles: castles.map(|(f, v)| (f.index(), i64::from(v))),
        };
        for (field, p) in tiles {
            solo.place(field.index(), p.tile, p.turned);
        }
        solo
    }

    fn place(&mut self, field: usize, id: u8, turned: bool) {
        if let Some(f) = self.fields.get_mut(field) {
            *f = code(id, turned) as u8 + 1;
        }
    }

    fn has(&self, field: usize) -> bool {
        self.fields[field] != 0
    }

    /// The half on half-cell `h` (`half_row * 8 + col`), if a tile lies there.
    fn cell(&self, h: usize) -> Option<Cell> {
        let cols = usize::from(COLUMNS);
        let (half_row, col) = (h / cols, h % cols);
        let field = (half_row / 2) * cols + col;
        let code = usize::from(self.fields[field].checked_sub(1)?);
        Some(halves()[code][half_row % 2])
    }

    /// Scoring `k` of this board (§5), the total only.
    pub(super) fn score(&self, k: u8) -> i64 {
        const HALVES: usize = 48;
        let cols = usize::from(COLUMNS);
        let cells: [Option<Cell>; HALVES] = std::array::from_fn(|h| self.cell(h));
        let mut parent: [u8; HALVES] = std::array::from_fn(|i| i as u8);
        fn find(parent: &mut [u8; 48], mut x: usize) -> usize {
            while usize::from(parent[x]) != x {
                let up = usize::from(parent[usize::from(parent[x])]);
                parent[x] = up as u8;
                x = up;
            }
            x
        }
        let mut union = |a: usize, b: usize| {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            if ra != rb {
                parent[ra.max(rb)] = ra.min(rb) as u8;
            }
        };
        for h in 0..HALVES {
            let Some(c) = cells[h] else { continue };
            let (half_row, col) = (h / cols, h % cols);
            // The inner link, or down across a field boundary.
            if c.arms & S != 0 && half_row < 5 && cells[h + cols].is_some_and(|d| d.arms & N != 0) {
                union(h, h + cols);
            }
            if c.arms & E != 0 && col + 1 < cols && cells[h + 1].is_some_and(|d| d.arms & W != 0) {
                union(h, h + 1);
            }
        }
        let mut churches = [0u8; HALVES];
        let mut windmills = [0u8; HALVES];
        let mut knights = [0u8; HALVES];
        let mut strength = [0i64; HALVES];
        let mut land = 0u32;
        for (h, cell) in cells.iter().enumerate() {
            let Some(c) = *cell else { continue };
            let g = find(&mut parent, h);
            churches[g] += u8::from(c.church);
            windmills[g] += u8::from(c.windmill);
            if c.knight > 0 {
                knights[g] += 1;
                strength[g] += i64::from(c.knight);
                let (half_row, col) = (h / cols, h % cols);
                let defends = (half_row == 0 && c.arms & N != 0)
                    || (half_row == 5 && c.arms & S != 0)
                    || (col == 0 && c.arms & W != 0)
                    || (col == cols - 1 && c.arms & E != 0);
                if defends {
                    land += u32::from(c.knight);
                }
            }
        }
        let points = |n: u8| match n {
            0 | 1 => 0,
            2 => 2,
            n => 2 * i64::from(n),
        };
        let mut total: i64 = (0..HALVES)
            .map(|g| points(churches[g]) + points(windmills[g]))
            .sum();
        for (field, value) in self.castles {
            let (row, col) = (field / cols, field % cols);
            let top = |c: usize| 2 * row * cols + c;
            let west = (col > 0)
                .then(|| top(col - 1))
                .filter(|h| cells[*h].is_some_and(|c| c.arms & E != 0))
                .map(|h| find(&mut parent, h));
            let east = (col + 1 < cols)
                .then(|| top(col + 1))
                .filter(|h| cells[*h].is_some_and(|c| c.arms & W != 0))
                .map(|h| find(&mut parent, h));
            let mut count = west.map_or(0, |g| knights[g]);
            if let Some(g) = east
                && Some(g) != west
            {
                count += knights[g];
            }
            if count >= k {
                total += value;
            }
        }
        if land >= 4 * u32::from(k) {
            total += 5;
        }
        if k == 3 {
            total += strength.iter().copied().max().unwrap_or(0);
        }
        total
    }
}

/// Where one seat stands: its board, the total scored so far, the step, the revealed field and
/// the fields whose cards are still to come.
#[derive(Debug, Clone)]
struct Position {
    solo: Solo,
    total: i64,
    /// Steps completed.
    step: usize,
    current: usize,
    rest: Vec<usize>,
}

impl Position {
    fn of(view: &DonQuixoteView, seat: usize) -> Option<Position> {
        let me = view.players.get(seat)?;
        let current = view.current?;
        let castles = view.castles.map(|c| (c.field, c.value));
        let solo = Solo::new(
            castles,
            me.tiles
                .iter()
                .map(|t| (t.field, Placement::new(t.tile, t.turned))),
        );
        let castle_fields = castles.map(|(f, _)| f.index());
        let rest = Field::all()
            .map(Field::index)
            .filter(|f| !castle_fields.contains(f) && !solo.has(*f) && *f != current.index())
            .collect();
        Some(Position {
            solo,
            total: me.total,
            step: view.step,
            current: current.index(),
            rest,
        })
    }

    /// The placements open at step `step` (completed steps) on `solo`.
    fn choices(solo: &Solo, step: usize, out: &mut Vec<(u8, bool)>) {
        out.clear();
        let placed: Vec<u8> = solo
            .fields
            .iter()
            .filter(|c| **c != 0)
            .map(|c| (*c - 1) / 2 + 1)
            .collect();
        for id in round_tiles(round_at(step)) {
            if placed.contains(&id) || (id == LAST && step + 1 < STEPS) {
                continue;
            }
            out.push((id, false));
            out.push((id, true));
        }
    }

    /// The greedy placement on `field` at step `step`: the best board for this round's scoring
    /// now; ties go to the first after a random start.
    fn greedy(
        solo: &Solo,
        field: usize,
        step: usize,
        choices: &[(u8, bool)],
        rng: &mut dyn RngCore,
    ) -> Option<(u8, bool)> {
        if choices.is_empty() {
            return None;
        }
        let k = round_at(step);
        let start = (rng.next_u64() % choices.len() as u64) as usize;
        let mut best: Option<(i64, (u8, bool))> = None;
        for i in 0..choices.len() {
            let (id, turned) = choices[(start + i) % choices.len()];
            let mut next = *solo;
            next.place(field, id, turned);
            let value = next.score(k);
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, (id, turned)));
            }
        }
        best.map(|(_, c)| c)
    }

    /// The final total when `first` goes on the revealed field and the cards come in `order`,
    /// the greedy player placing the rest; and the boards looked at.
    fn play_out(
        &self,
        first: (u8, bool),
        order: &[usize],
        rng: &mut dyn RngCore,
        buf: &mut Vec<(u8, bool)>,
    ) -> (i64, u64) {
        let mut solo = self.solo;
        let mut total = self.total;
        let mut looked = 0u64;
        solo.place(self.current, first.0, first.1);
        let mut step = self.step;
        let mut next = order.iter();
        loop {
            step += 1;
            if ROUND_ENDS.contains(&step) {
                total += solo.score(round_at(step - 1));
            }
            if step >= STEPS {
                break;
            }
            let Some(field) = next.next().copied() else {
                break;
            };
            Position::choices(&solo, step, buf);
            looked += buf.len() as u64;
            let Some((id, turned)) = Position::greedy(&solo, field, step, buf, rng) else {
                break;
            };
            solo.place(field, id, turned);
        }
        (total, looked)
    }
}

/// The one-ply greedy placement.
fn greedy(position: &Position, rng: &mut dyn RngCore) -> Option<(u8, bool)> {
    let mut choices = Vec::new();
    Position::choices(&position.solo, position.step, &mut choices);
    Position::greedy(
        &position.solo,
        position.current,
        position.step,
        &choices,
        rng,
    )
}

/// The placement with the best mean final total over sampled card orders within `effort`.
fn search(position: &Position, effort: Effort, rng: &mut dyn RngCore) -> Option<((u8, bool), u64)> {
    let mut choices = Vec::new();
    Position::choices(&position.solo, position.step, &mut choices);
    match choices.as_slice() {
        [] => return None,
        [only] => return Some((*only, 0)),
        _ => {}
    }
    let deadline = Instant::now() + effort.budget;
    let mut sums = vec![0i64; choices.len()];
    let mut order = position.rest.clone();
    let mut buf = Vec::new();
    let mut looked = 0u64;
    let mut samples = 0u32;
    while samples < 4 || Instant::now() < deadline {
        samples += 1;
        // Fisher–Yates: one order of the cards to come, shared by every choice.
        for i in (1..order.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        for (i, choice) in choices.iter().enumerate() {
            let (total, n) = position.play_out(*choice, &order, rng, &mut buf);
            sums[i] += total;
            looked += n + 1;
        }
        if samples >= 4096 {
            break;
        }
    }
    let best = (0..choices.len()).max_by_key(|i| sums[*i])?;
    Some((choices[best], looked))
}

impl Think for DonQuixote {
    fn think(seen: &Seen<Self>, effort: Effort, rng: &mut dyn RngCore) -> Option<(Move, u64)> {
        let position = Position::of(seen.view(), seen.seat())?;
        let ((id, turned), looked) = if effort.max_depth <= 1 {
            (greedy(&position, rng)?, 0)
        } else {
            search(&position, effort, rng)?
        };
        let mv = Move::Place(Placement::new(id, turned));
        seen.legal().contains(&mv).then_some((mv, looked))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::games::donquixote::board::{Board, Castle};
    use crate::games::donquixote::scoring::score;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The compact scorer agrees with the rules' scorer on every board of many random games,
    /// in every scoring.
    #[test]
    fn the_compact_scorer_agrees_with_the_rules() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..60 {
            let mut game =
                DonQuixote::new(1, &Default::default(), rng.next_u64()).expect("sets up");
            while game.outcome().is_none() {
                let moves = game.legal_moves(0);
                let mv = &moves[(rng.next_u64() % moves.len() as u64) as usize];
                game.apply(0, mv).expect("legal");
                let view = game.view(Some(0));
                let castles = view.castles;
                let tiles: Vec<(Field, Placement)> = view.players[0]
                    .tiles
                    .iter()
                    .map(|t| (t.field, Placement::new(t.tile, t.turned)))
                    .collect();
                let solo = Solo::new(castles.map(|c: Castle| (c.field, c.value)), tiles.clone());
                let board = Board::with(tiles);
                for k in 1..=3 {
                    assert_eq!(
                        solo.score(k),
                        score(&board, &castles, k).total,
                        "k={k} {board:?}"
                    );
                }
            }
        }
    }
}
