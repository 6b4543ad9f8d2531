//! The Swiss matching's weights: one maximum-weight matching whose weights rank the aims
//! lexicographically, level by level, each level outweighing every level below it together.
//!
//! The levels, from the top: being paired; no rematch (nor a second bye); no third or fourth
//! meeting; then one level per boundary between two score groups, the top boundary first (a
//! pair *crosses* each boundary between its two players' groups, the bye being a group below
//! the lowest): so the matching first keeps as many of the top group's players as it can
//! inside it, then as many of the top two groups' players as it can inside those two, and so
//! on down — the Dutch system's brackets, where a player floats down only when their group
//! cannot be paired within itself (with the floaters from above); then the squared point
//! differences; then both players due the same colour absolutely; then the colour wishes;
//! last, the order inside a group (its top half meets its bottom half).
//!
//! Each level gets as many bits as the most its count can add up to over one matching (a
//! boundary: the fewer of the players above it and below it), so the weights need about
//! 8 bits per boundary in a window of 256 players: `i128` when they fit (a field of 64 over
//! six rounds), else a fixed-width integer of 256, 512 or 1,024 bits ([`Wide`]), which the
//! blossom's `O(n³)` loop handles a little slower but without allocating.

use std::ops::{Add, AddAssign, Sub, SubAssign};

use integer_blossom::{Weight, max_weight_matching};

/// What pairing two entrants (or one and the bye) costs, level by level.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cost {
    /// They met before (or the entrant had a bye before): 0 or 1.
    pub rematch: u64,
    /// Meetings beyond the second: 0 to 2.
    pub repeat: u64,
    /// Their score groups (0 the top; the bye below the lowest): the pair crosses the boundaries
    /// `groups.0..groups.1`.
    pub groups: (usize, usize),
    /// The squared difference in half points (at most 4,096).
    pub points: u64,
    /// Both due the same colour absolutely: 0 or 1.
    pub absolute: u64,
    /// How strongly they are due the same colour otherwise (0 to 3).
    pub colour: u64,
    /// Their order inside their group, and the bye's place in the ranking.
    pub fold: u64,
}

/// Bits above the heaviest weight left free for the blossom's dual variables (its `inf` is a
/// quarter of the type's range; the duals stay within a few times the heaviest weight).
const HEADROOM: u32 = 10;

/// The widest weights built: beyond, the lowest boundaries share one level.
const WIDEST: u32 = 1024;

/// Where each level's unit sits (its shift in bits).
#[derive(Debug, Clone, PartialEq)]
struct Scale {
    paired: u32,
    rematch: u32,
    repeat: u32,
    /// One per boundary, the top first (the lowest may share one).
    boundaries: Vec<u32>,
    points: u32,
    absolute: u32,
    colour: u32,
    fold: u32,
}

/// Bits to hold `x`: `2^bits > x`.
fn bits(x: u64) -> u32 {
    u64::BITS - x.leading_zeros()
}

impl Scale {
    /// The levels for `pairs` pairs whose costs stay within `max` per pair, and boundaries with
    /// `above[k]` vertices above boundary `k` out of `size`. The lowest boundaries from `keep`
    /// on share one level.
    fn new(size: usize, above: &[usize], max: &Cost, keep: usize) -> Scale {
        let pairs = (size / 2) as u64;
        let mut shift = 0;
        let mut level = |bound: u64| {
            let unit = shift;
            shift += bits(bound);
            unit
        };
        let fold = level(max.fold * pairs);
        let colour = level(max.colour * pairs);
        let absolute = level(max.absolute * pairs);
        let points = level(max.points * pairs);
        // A boundary is crossed at most as often as the smaller side has players.
        let crossings = |k: usize| above[k].min(size - above[k]) as u64;
        let keep = keep.min(above.len());
        let shared = level((keep..above.len()).map(crossings).sum());
        let mut boundaries = vec![shared; above.len()];
        for k in (0..keep).rev() {
            boundaries[k] = level(crossings(k));
        }
        let repeat = level(max.repeat * pairs);
        let rematch = level(max.rematch * pairs);
        Scale {
            paired: shift,
            rematch,
            repeat,
            boundaries,
            points,
            absolute,
            colour,
            fold,
        }
    }

    /// The bits the heaviest weight and the blossom's duals need.
    fn width(&self) -> u32 {
        self.paired + 1 + HEADROOM
    }
}

/// A maximum-weight perfect matching of `size` vertices (even) in which every pair's weight
/// ranks its [`Cost`] lexicographically; `max` bounds each level's cost per pair, `above[k]`
/// counts the vertices above boundary `k` (the groups `0..=k`), `cost(i, j)` for `i < j`.
pub fn best(
    size: usize,
    above: &[usize],
    max: &Cost,
    cost: impl Fn(usize, usize) -> Cost,
) -> Vec<Option<usize>> {
    // As many boundaries on their own level as the widest weights allow (all of them for
    // anything thirty rounds can make).
    let scale = (0..=above.len())
        .rev()
        .map(|keep| Scale::new(size, above, max, keep))
        .find(|s| s.width() <= WIDEST)
        .unwrap_or_else(|| Scale::new(size, above, max, 0));
    let cost = |i: usize, j: usize| {
        let c = cost(i, j);
        debug_assert!(
            c.rematch <= max.rematch
                && c.repeat <= max.repeat
                && c.groups.0 <= c.groups.1
                && c.groups.1 <= above.len()
                && c.points <= max.points
                && c.absolute <= max.absolute
                && c.colour <= max.colour
                && c.fold <= max.fold,
            "{c:?} beyond {max:?}"
        );
        c
    };
    match scale.width() {
        w if w <= i128::BITS => solve::<i128>(size, &scale, &cost),
        w if w <= 256 => solve::<Wide<4>>(size, &scale, &cost),
        w if w <= 512 => solve::<Wide<8>>(size, &scale, &cost),
        _ => solve::<Wide<16>>(size, &scale, &cost),
    }
}

/// The matching with weights of type `W`.
fn solve<W: Scalar>(
    size: usize,
    scale: &Scale,
    cost: &impl Fn(usize, usize) -> Cost,
) -> Vec<Option<usize>> {
    let paired = W::power(1, scale.paired);
    // Crossing the boundaries `a..b` costs `sum[b] - sum[a]`.
    let mut sum = vec![W::ZERO];
    for unit in &scale.boundaries {
        let last = *sum.last().unwrap_or(&W::ZERO);
        sum.push(last + W::power(1, *unit));
    }
    let mut weight = vec![W::ZERO; size * size];
    for i in 0..size {
        for j in i + 1..size {
            let c = cost(i, j);
            let (high, low) = c.groups;
            let penalty = W::power(c.rematch, scale.rematch)
                + W::power(c.repeat, scale.repeat)
                + (sum[low.max(high)] - sum[high.min(low)])
                + W::power(c.points, scale.points)
                + W::power(c.absolute, scale.absolute)
                + W::power(c.colour, scale.colour)
                + W::power(c.fold, scale.fold);
            weight[i * size + j] = paired - penalty;
        }
    }
    max_weight_matching(&weight, size)
}

/// A weight the levels can be built in (the Dutch system's brackets build theirs too).
pub(super) trait Scalar: Weight {
    /// `count · 2^shift` (which must fit).
    fn power(count: u64, shift: u32) -> Self;
    /// `self · 2^shift` (which must fit).
    fn shl(self, shift: u32) -> Self;
}

impl Scalar for i128 {
    fn power(count: u64, shift: u32) -> Self {
        i128::from(count) << shift
    }

    fn shl(self, shift: u32) -> Self {
        self << shift
    }
}

/// A signed integer of `N` words of 64 bits (`bnum`'s), as integer-blossom's weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Wide<const N: usize>(pub bnum::BInt<N>);

impl<const N: usize> Add for Wide<N> {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        Wide(self.0 + other.0)
    }
}

impl<const N: usize> Sub for Wide<N> {
    type Output = Self;
    fn sub(self, other: Self) -> Self {
        Wide(self.0 - other.0)
    }
}

impl<const N: usize> AddAssign for Wide<N> {
    fn add_assign(&mut self, other: Self) {
        self.0 += other.0;
    }
}

impl<const N: usize> SubAssign for Wide<N> {
    fn sub_assign(&mut self, other: Self) {
        self.0 -= other.0;
    }
}

impl<const N: usize> Weight for Wide<N> {
    const ZERO: Self = Wide(bnum::BInt::ZERO);
    const ONE: Self = Wide(bnum::BInt::ONE);

    /// A quarter of the largest value, as for the primitive integers.
    fn inf() -> Self {
        Wide(bnum::BInt::MAX >> 2u32)
    }

    fn double(self) -> Self {
        self + self
    }

    /// Halves toward zero, as `/ 2` does.
    fn half(self) -> Self {
        Wide(self.0 / bnum::BInt::from(2u8))
    }
}

impl<const N: usize> Scalar for Wide<N> {
    fn power(count: u64, shift: u32) -> Self {
        Wide(bnum::BInt::from(count) << shift)
    }

    fn shl(self, shift: u32) -> Self {
        Wide(self.0 << shift)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    fn wide(x: i128) -> Wide<2> {
        Wide(bnum::BInt::from(x))
    }

    /// Two words behave exactly as `i128` in what the matching asks of a weight: sums,
    /// differences, order, doubling, halving toward zero, the infinity, the levels' powers.
    #[test]
    fn wide_integers_calculate_as_i128_does() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        for _ in 0..20_000 {
            // (Weights never overflow: the levels are sized to fit.)
            let shift = rng.random_range(2..120);
            let a = rng.random::<i128>() >> shift;
            let b = rng.random::<i128>() >> rng.random_range(2..120);
            assert_eq!(wide(a) + wide(b), wide(a + b));
            assert_eq!(wide(a) - wide(b), wide(a - b));
            assert_eq!(wide(a).cmp(&wide(b)), a.cmp(&b), "{a} {b}");
            assert_eq!(wide(a).half(), wide(a / 2), "{a}");
            assert_eq!(wide(a >> 2).double(), wide((a >> 2) * 2));
        }
        assert_eq!(Wide::<2>::inf(), wide(i128::inf()));
        assert_eq!(Wide::<2>::ONE, wide(1));
        assert_eq!(Wide::<2>::power(0xffff, 70), wide(0xffff << 70));
        assert_eq!(Wide::<2>::power(3, 63), wide(3 << 63));
    }

    /// The same matching comes out in every width, and each level outweighs all below it.
    #[test]
    fn every_width_finds_the_same_best_matching() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for round in 0..30 {
            let size = 2 * rng.random_range(2..20);
            let groups = rng.random_range(1..6).min(size);
            let mut above: Vec<usize> = (1..groups).map(|k| k * size / groups).collect();
            above.dedup();
            let group = |i: usize| above.iter().filter(|a| **a <= i).count();
            let costs: Vec<Cost> = (0..size * size)
                .map(|x| {
                    let (i, j) = (x / size, x % size);
                    Cost {
                        rematch: u64::from(rng.random_range(0..8) == 0),
                        repeat: 0,
                        groups: (group(i.min(j)), group(i.max(j))),
                        points: rng.random_range(0..=4096),
                        absolute: rng.random_range(0..=1),
                        colour: rng.random_range(0..=3),
                        fold: rng.random_range(0..=50),
                    }
                })
                .collect();
            let max = Cost {
                rematch: 1,
                repeat: 2,
                groups: (0, 0),
                points: 4096,
                absolute: 1,
                colour: 3,
                fold: 50,
            };
            let cost = |i: usize, j: usize| costs[i * size + j];
            let scale = Scale::new(size, &above, &max, above.len());
            let narrow = solve::<i128>(size, &scale, &cost);
            assert_eq!(solve::<Wide<4>>(size, &scale, &cost), narrow, "{round}");
            assert_eq!(solve::<Wide<16>>(size, &scale, &cost), narrow, "{round}");
            assert!(narrow.iter().all(Option::is_some), "perfect");
        }
    }

    #[test]
    fn each_level_has_the_bits_its_count_can_reach() {
        let max = Cost {
            rematch: 1,
            repeat: 2,
            groups: (0, 0),
            points: 4096,
            absolute: 1,
            colour: 3,
            fold: 1000,
        };
        // 8 vertices (4 pairs): groups of 1, 3 and 4 vertices.
        let s = Scale::new(8, &[1, 4], &max, 2);
        assert_eq!(s.fold, 0);
        assert_eq!(s.colour, 12, "4 × 1,000 takes 12 bits");
        assert_eq!(s.absolute, 16, "4 × 3 takes 4");
        assert_eq!(s.points, 19, "4 takes 3");
        // 4 × 4,096 takes 15 bits; the lower boundary is crossed at most 4 times (3 bits),
        // the upper once (1 bit).
        assert_eq!(s.boundaries, vec![37, 34]);
        assert_eq!((s.repeat, s.rematch, s.paired), (38, 42, 45));
        // Sharing: both boundaries on one level, crossed at most 1 + 4 times.
        let shared = Scale::new(8, &[1, 4], &max, 0);
        assert_eq!(shared.boundaries, vec![34, 34]);
        assert_eq!(shared.repeat, 37);
    }
}
