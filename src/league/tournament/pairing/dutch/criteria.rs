//! A bracket's quality criteria (C.04.3 C.5–C.19) as one integer weight per pair, each
//! criterion a field of its own that outweighs every field below it summed over the bracket
//! — the encoding bbpPairings introduced: a maximum-weight matching over the bracket's players
//! (and the next score group, for C.7) is then a best candidate, and small additions in the
//! lowest bits pick among the best the one the rules generate first (see `bracket.rs`).

use std::collections::BTreeMap;

use super::super::super::matching::Scalar;
use super::colours::Strength;
use super::player::{Float, Player};

/// A player's part in the bracket being paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Moved down from a higher bracket.
    Mdp,
    /// Of the bracket's own score group.
    Resident,
    /// Of the next score group (seen only for C.7).
    Lower,
}

/// One bracket: its players (indices into the round's players, best first) and what sizes its
/// weights' fields.
#[derive(Debug, Clone)]
pub struct Bracket {
    pub mdps: Vec<usize>,
    pub residents: Vec<usize>,
    pub lower: Vec<usize>,
    /// At least one round, two rounds played.
    pub one_round: bool,
    pub two_rounds: bool,
    /// The penultimate pairing bracket (or the collapsed one after it).
    pub ppb: bool,
    /// The last pairing bracket.
    pub lpb: bool,
    /// The lowest resident's points.
    pub min_score: i64,
    /// Bits to count the residents, the next group.
    pub bits: u32,
    pub low_bits: u32,
    /// Bits for all the score differences, and where each difference's count starts.
    pub sd_total: u32,
    pub sd_at: BTreeMap<i64, u32>,
}

/// Bits to hold `x`.
pub fn bit_length(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

/// One point, in half points: the artificial score a downfloater's difference is taken to
/// (A.8) lies one point below the bracket's lowest.
const POINT: i64 = 2;

impl Bracket {
    /// The bracket of `mdps` and `residents` with the next group `lower`, in round
    /// `played + 1`; `collapsed`: the penultimate or the collapsed last bracket.
    pub fn new(
        players: &[Player],
        mdps: Vec<usize>,
        residents: Vec<usize>,
        lower: Vec<usize>,
        played: usize,
        collapsed: bool,
    ) -> Bracket {
        let min_score = residents.last().map(|r| players[*r].points).unwrap_or(0);
        let mut differences: Vec<i64> = mdps
            .iter()
            .chain(&residents)
            .map(|p| players[*p].points - min_score + POINT)
            .collect();
        for m in &mdps {
            let set: std::collections::BTreeSet<i64> = residents
                .iter()
                .map(|r| players[*m].points - players[*r].points)
                .collect();
            differences.extend(set);
        }
        for (i, r) in residents.iter().enumerate() {
            let set: std::collections::BTreeSet<i64> = residents[i + 1..]
                .iter()
                .map(|l| players[*r].points - players[*l].points)
                .collect();
            differences.extend(set);
        }
        let mut counts: BTreeMap<i64, usize> = BTreeMap::new();
        for d in differences {
            *counts.entry(d).or_default() += 1;
        }
        let mut sd_at = BTreeMap::new();
        let mut sd_total = 0;
        for (d, count) in counts {
            sd_at.insert(d, sd_total);
            sd_total += bit_length(count);
        }
        Bracket {
            bits: bit_length(residents.len()),
            low_bits: bit_length(lower.len()),
            one_round: played >= 1,
            two_rounds: played >= 2,
            ppb: collapsed,
            lpb: lower.is_empty(),
            min_score,
            sd_total,
            sd_at,
            mdps,
            residents,
            lower,
        }
    }

    /// The fields' widths, C.5 to C.19 in order.
    fn shifts(&self) -> [u32; 15] {
        let (b, sd) = (self.bits, self.sd_total);
        let once = |x: u32| if self.one_round { x } else { 0 };
        let twice = |x: u32| if self.two_rounds { x } else { 0 };
        let c7 = if self.ppb || self.lpb {
            0
        } else {
            self.low_bits + sd
        };
        [
            b,
            sd,
            c7,
            b,
            b,
            b,
            b,
            once(b),
            twice(b),
            once(b),
            twice(b),
            once(sd),
            once(sd),
            twice(sd),
            twice(sd),
        ]
    }

    /// Bits below the criteria, for the order of generation.
    pub fn low(&self) -> u32 {
        3 * self.bits + 1
    }

    /// Bits of the heaviest weight (finalized pairs get all of them set).
    pub fn width(&self) -> u32 {
        2 + self.shifts().iter().sum::<u32>() + self.low() + 2
    }

    /// Where the count of score difference `d` starts (the lowest field when none counted).
    fn at(&self, d: i64) -> u32 {
        self.sd_at.get(&d).copied().unwrap_or(0)
    }

    /// The weight of pairing `a` with `b` (`a` first in the bracket's list), 0 when they may
    /// not meet. `allowed`: C.1 and C.3 hold.
    pub fn weight<W: Scalar>(&self, a: (&Player, Role), b: (&Player, Role), allowed: bool) -> W {
        if !allowed {
            return W::ZERO;
        }
        let ((p, rp), (q, rq)) = (a, b);
        let one = |bit: bool, at: u32| if bit { W::power(1, at) } else { W::ZERO };
        let mut w = if self.ppb || self.lpb {
            // The bye goes to someone without one: pair those who had one.
            W::power(1 + u64::from(p.bye) + u64::from(q.bye), 0)
        } else {
            W::ZERO
        };
        let inside = rq != Role::Lower;
        let d1 = p.points - self.min_score + POINT;
        let d2 = q.points - self.min_score + POINT;
        let d3 = p.points - q.points;
        let higher = p.points > q.points;
        let topscorer = p.topscorer || q.topscorer;
        let same_side = p.preference.white == q.preference.white;
        let clash = p.preference.clashes(&q.preference);
        let [f1p, f2p] = p.floats;
        let [f1q, f2q] = q.floats;
        let shifts = self.shifts();
        let fields: [W; 15] = [
            // C.5: pairs.
            one(inside, 0),
            // C.6: the PSD.
            if inside {
                one(true, self.at(d1)) + one(true, self.at(d2)) - one(true, self.at(d3))
            } else {
                W::ZERO
            },
            // C.7: pairs and the PSD of the next bracket.
            if self.ppb || self.lpb {
                W::ZERO
            } else {
                let mut v = one(rq == Role::Lower, 0).shl(self.sd_total);
                if rp != Role::Lower {
                    v += one(true, self.at(d1));
                }
                if rq != Role::Lower {
                    v += one(true, self.at(d2));
                }
                v
            },
            // C.8: topscorers' colour differences beyond ±2.
            one(
                inside
                    && !(topscorer
                        && p.difference.abs() > 1
                        && q.difference.abs() > 1
                        && same_side),
                0,
            ),
            // C.9: topscorers' same colour three times running.
            one(
                inside && !(topscorer && p.double && q.double && same_side),
                0,
            ),
            // C.10: colour preferences.
            one(inside && !clash, 0),
            // C.11: strong colour preferences.
            one(
                inside
                    && !(p.preference.strength >= Strength::Strong
                        && q.preference.strength >= Strength::Strong
                        && clash),
                0,
            ),
            // C.12: the same downfloat as the last round.
            if inside && self.one_round {
                W::power(
                    u64::from(f1p == Float::Down && !higher) + u64::from(f1q == Float::Down),
                    0,
                )
            } else {
                W::ZERO
            },
            // C.13: the same upfloat as the last round.
            one(
                inside && self.two_rounds && !(f1q == Float::Up && higher),
                0,
            ),
            // C.14: the same downfloat as two rounds before.
            if inside && self.one_round {
                W::power(
                    u64::from(f2p == Float::Down && !higher) + u64::from(f2q == Float::Down),
                    0,
                )
            } else {
                W::ZERO
            },
            // C.15: the same upfloat as two rounds before.
            one(
                inside && self.two_rounds && !(f2q == Float::Up && higher),
                0,
            ),
            // C.16–C.19: the score differences of those floats.
            self.repeat_down(inside && self.one_round, f1p, f1q, higher, d1, d2, d3),
            if inside && self.one_round {
                W::ZERO - one(f1q == Float::Up && higher, self.at(d1))
            } else {
                W::ZERO
            },
            self.repeat_down(inside && self.two_rounds, f2p, f2q, higher, d1, d2, d3),
            if inside && self.two_rounds {
                W::ZERO - one(f2q == Float::Up && higher, self.at(d1))
            } else {
                W::ZERO
            },
        ];
        for (field, shift) in fields.into_iter().zip(shifts) {
            w = w.shl(shift) + field;
        }
        w.shl(self.low())
    }

    /// C.16 / C.18: the score differences of repeated downfloats avoided, less the one paired.
    #[allow(clippy::too_many_arguments)]
    fn repeat_down<W: Scalar>(
        &self,
        counted: bool,
        fp: Float,
        fq: Float,
        higher: bool,
        d1: i64,
        d2: i64,
        d3: i64,
    ) -> W {
        if !counted {
            return W::ZERO;
        }
        let one = |bit: bool, at: u32| if bit { W::power(1, at) } else { W::ZERO };
        let mut v = one(fp == Float::Down, self.at(d1)) + one(fq == Float::Down, self.at(d2));
        if fp == Float::Down && higher {
            v -= one(true, self.at(d3));
        }
        v
    }
}
