//! Scoring *k* (spec section 5): road groups over half-cells, churches, windmills, castles,
//! land defence and (scoring 3 only) the largest knight group, with a full breakdown.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{Board, COLUMNS, Castle, Field, HALF_COUNT, HalfCell};
use super::tiles::{Half, Symbol};

/// The result of one scoring of one board, category by category.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoring {
    /// Which scoring: 1, 2 or 3.
    pub k: u8,
    /// Church points: per road group 2 for exactly two churches, 2n for n ≥ 3.
    pub churches: i64,
    /// Windmill points, the same way.
    pub windmills: i64,
    /// Castle points: a castle with at least k connected knights scores its value.
    pub castles: i64,
    /// Land defence: 5 when the defending knights' strength is at least 4k.
    pub land: i64,
    /// Scoring 3 only: the strength of the strongest road group of knights.
    pub knight_group: i64,
    /// The sum of the categories.
    pub total: i64,
    /// Half-cells of the groups that scored churches or windmills, and of the largest knight
    /// group in scoring 3 (sorted, each once).
    pub scoring_halves: Vec<HalfCell>,
    /// The defending knights' half-cells.
    pub defenders: Vec<HalfCell>,
    /// The castles that scored.
    pub castles_scored: Vec<Field>,
    /// Distinct knights connected to each castle, in the order of the castles (6 first).
    pub castle_knights: Vec<u8>,
    /// L: the total strength of the defending knights.
    pub land_strength: u8,
}

impl fmt::Display for Scoring {
    /// `churches 0, windmills 2, castles 4, land 0 = 6` (plus `knight group 13` in scoring 3).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "churches {}, windmills {}, castles {}, land {}",
            self.churches, self.windmills, self.castles, self.land
        )?;
        if self.k == 3 {
            write!(f, ", knight group {}", self.knight_group)?;
        }
        write!(f, " = {}", self.total)
    }
}

/// Points for a road group with `n` churches (or windmills): 0, 0, 2, then 2n.
pub fn symbol_points(n: usize) -> i64 {
    match n {
        0 | 1 => 0,
        2 => 2,
        n => 2 * n as i64,
    }
}

/// The road groups of a board (spec 2.4): connected components over the half-cells of path
/// tiles. Castle fields are never nodes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Groups {
    /// Group number per half-cell index (`None` where there is no path tile).
    pub of: Vec<Option<usize>>,
    /// The half-cells of each group, in index order.
    pub members: Vec<Vec<HalfCell>>,
}

impl Groups {
    /// The group of a half-cell.
    pub fn group(&self, cell: HalfCell) -> Option<usize> {
        self.of.get(cell.index()).copied().flatten()
    }
}

fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

fn union(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra.max(rb)] = ra.min(rb);
    }
}

/// The effective half on `cell`, unless the field holds no path tile or a castle.
fn node(board: &Board, castles: &[Castle; 2], cell: HalfCell) -> Option<Half> {
    if castles.iter().any(|c| c.field == cell.field) {
        return None;
    }
    board.half(cell)
}

/// Computes the road groups (union-find over the direct connections of spec 2.3).
pub fn road_groups(board: &Board, castles: &[Castle; 2]) -> Groups {
    let halves: Vec<Option<Half>> = HalfCell::all()
        .map(|cell| node(board, castles, cell))
        .collect();
    let mut parent: Vec<usize> = (0..HALF_COUNT).collect();
    let cols = usize::from(COLUMNS);
    for cell in HalfCell::all() {
        let i = cell.index();
        let Some(here) = halves[i] else { continue };
        // Horizontal: same half-row, E arm meets the W arm of column c + 1.
        if usize::from(cell.field.col()) + 1 < cols
            && let Some(east) = halves[i + 1]
            && here.arms.e
            && east.arms.w
        {
            union(&mut parent, i, i + 1);
        }
        // Vertically (inner link within a field, or bottom half to the top half below): the
        // S arm meets the N arm of the next half-row.
        if i + cols < HALF_COUNT
            && let Some(south) = halves[i + cols]
            && here.arms.s
            && south.arms.n
        {
            union(&mut parent, i, i + cols);
        }
    }
    let mut of = vec![None; HALF_COUNT];
    let mut members: Vec<Vec<HalfCell>> = Vec::new();
    let mut number_of_root = vec![None; HALF_COUNT];
    for cell in HalfCell::all() {
        let i = cell.index();
        if halves[i].is_none() {
            continue;
        }
        let root = find(&mut parent, i);
        let number = *number_of_root[root].get_or_insert_with(|| {
            members.push(Vec::new());
            members.len() - 1
        });
        of[i] = Some(number);
        members[number].push(cell);
    }
    Groups { of, members }
}

/// The road groups attached to a castle (spec 2.5): through the E arm of the top half west of
/// it and the W arm of the top half east of it. Sorted, each once.
pub fn attached_groups(board: &Board, castles: &[Castle; 2], castle: Castle) -> Vec<usize> {
    let groups = road_groups(board, castles);
    attached_in(&groups, board, castles, castle)
}

fn attached_in(
    groups: &Groups,
    board: &Board,
    castles: &[Castle; 2],
    castle: Castle,
) -> Vec<usize> {
    let mut out = Vec::new();
    for (dc, needs_east) in [(-1, true), (1, false)] {
        let Some(field) = castle.field.offset(dc, 0) else {
            continue;
        };
        let cell = field.top();
        let Some(half) = node(board, castles, cell) else {
            continue;
        };
        let arm = if needs_east { half.arms.e } else { half.arms.w };
        if arm && let Some(g) = groups.group(cell) {
            out.push(g);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether a knight on `cell` with these arms defends (spec 5.4): an arm of its own half
/// crosses the outer edge of the board.
pub fn defends(cell: HalfCell, half: Half) -> bool {
    let field = cell.field;
    (!cell.bottom && field.row() == 0 && half.arms.n)
        || (cell.bottom && field.row() == 2 && half.arms.s)
        || (field.col() == 0 && half.arms.w)
        || (field.col() == COLUMNS - 1 && half.arms.e)
}

/// Scoring `k` (1, 2 or 3) of a board with these castles (spec section 5).
pub fn score(board: &Board, castles: &[Castle; 2], k: u8) -> Scoring {
    let groups = road_groups(board, castles);
    let symbols = |cells: &[HalfCell], want: fn(Symbol) -> bool| {
        cells
            .iter()
            .filter(|c| {
                node(board, castles, **c)
                    .and_then(|h| h.symbol)
                    .is_some_and(want)
            })
            .count()
    };
    let knights = |cells: &[HalfCell]| -> (usize, i64) {
        cells
            .iter()
            .filter_map(|c| node(board, castles, *c).map(Half::knight))
            .filter(|s| *s > 0)
            .fold((0, 0), |(n, sum), s| (n + 1, sum + i64::from(s)))
    };

    let mut scoring_halves: Vec<HalfCell> = Vec::new();
    let mut churches = 0;
    let mut windmills = 0;
    for cells in &groups.members {
        let c = symbol_points(symbols(cells, |s| s == Symbol::Church));
        let w = symbol_points(symbols(cells, |s| s == Symbol::Windmill));
        churches += c;
        windmills += w;
        if c + w > 0 {
            scoring_halves.extend(cells);
        }
    }

    let mut castle_points = 0;
    let mut castles_scored = Vec::new();
    let mut castle_knights = Vec::new();
    for castle in castles {
        let attached = attached_in(&groups, board, castles, *castle);
        let count: usize = attached
            .iter()
            .map(|g| knights(&groups.members[*g]).0)
            .sum();
        castle_knights.push(u8::try_from(count).unwrap_or(u8::MAX));
        if count >= usize::from(k) {
            castle_points += i64::from(castle.value);
            castles_scored.push(castle.field);
        }
    }

    let defenders: Vec<HalfCell> = HalfCell::all()
        .filter(|cell| {
            node(board, castles, *cell).is_some_and(|h| h.knight() > 0 && defends(*cell, h))
        })
        .collect();
    let land_strength: u8 = defenders
        .iter()
        .filter_map(|c| node(board, castles, *c))
        .map(Half::knight)
        .sum();
    let land = if u32::from(land_strength) >= 4 * u32::from(k) {
        5
    } else {
        0
    };

    let mut knight_group = 0;
    if k == 3 {
        let best = groups
            .members
            .iter()
            .map(|cells| knights(cells).1)
            .enumerate()
            .max_by_key(|(i, sum)| (*sum, std::cmp::Reverse(*i)));
        if let Some((g, sum)) = best
            && sum > 0
        {
            knight_group = sum;
            scoring_halves.extend(&groups.members[g]);
        }
    }
    scoring_halves.sort_unstable_by_key(|c| c.index());
    scoring_halves.dedup();

    Scoring {
        k,
        churches,
        windmills,
        castles: castle_points,
        land,
        knight_group,
        total: churches + windmills + castle_points + land + knight_group,
        scoring_halves,
        defenders,
        castles_scored,
        castle_knights,
        land_strength,
    }
}
