//! Pairing one bracket (C.04.3 B and D): a maximum-weight matching over its players and the
//! next score group whose weights encode the quality criteria (`criteria.rs`); then, one
//! decision at a time, small additions in the weights' lowest bits steer the matching to the
//! candidate the rules generate first among the best — which MDPs go into S1 (D.3), whom each
//! MDP meets (D.1), the exchanges between S1 and S2 of the homogeneous part (D.2) and the
//! transpositions of S2 (D.1) — each decision fixed before the next. The same procedure as
//! bbpPairings' (and py4swiss's, which follows it).

use integer_blossom::max_weight_matching;

use super::super::super::matching::Scalar;
use super::criteria::{Bracket, Role};
use super::player::Player;
use super::player::a_gets_white;
use super::validity::{Validity, allowed};

/// The bracket's graph: its MDPs, residents and the next group (in this order, best first).
struct Matcher<W> {
    n: usize,
    /// Round-player indices.
    list: Vec<usize>,
    role: Vec<Role>,
    /// `n × n`, the upper triangle used.
    weight: Vec<W>,
    /// The weight of a fixed pair.
    max: W,
    /// Each vertex's partner (itself when unmatched).
    mate: Vec<usize>,
    /// Paired for good.
    fixed: Vec<bool>,
}

impl<W: Scalar> Matcher<W> {
    fn new(b: &Bracket, players: &[Player]) -> Matcher<W> {
        let mut list = Vec::new();
        let mut role = Vec::new();
        for (group, r) in [
            (&b.mdps, Role::Mdp),
            (&b.residents, Role::Resident),
            (&b.lower, Role::Lower),
        ] {
            list.extend(group);
            role.extend(std::iter::repeat_n(r, group.len()));
        }
        let n = list.len();
        let mut weight = vec![W::ZERO; n * n];
        for i in 0..n {
            for j in i + 1..n {
                let (p, q) = (&players[list[i]], &players[list[j]]);
                weight[i * n + j] = b.weight((p, role[i]), (q, role[j]), allowed(p, q));
            }
        }
        let mut m = Matcher {
            n,
            list,
            role,
            weight,
            max: W::power(1, b.width()) - W::ONE,
            mate: (0..n).collect(),
            fixed: vec![false; n],
        };
        m.update();
        m
    }

    fn at(&self, i: usize, j: usize) -> usize {
        i.min(j) * self.n + i.max(j)
    }

    /// Adds `value` to the edges from `i` to `others` (in order, `value` growing by one each
    /// time when `increment`); absent edges stay absent.
    fn add(&mut self, i: usize, others: &[usize], mut value: i64, increment: bool) {
        for j in others {
            let at = self.at(i, *j);
            if self.weight[at] != W::ZERO {
                let step = W::power(value.unsigned_abs(), 0);
                if value > 0 {
                    self.weight[at] += step;
                } else {
                    self.weight[at] -= step;
                }
            }
            value += i64::from(increment);
        }
    }

    /// Removes the edges from `i` to `others`.
    fn remove(&mut self, i: usize, others: &[usize]) {
        for j in others {
            let at = self.at(i, *j);
            self.weight[at] = W::ZERO;
        }
    }

    /// Fixes the pair `i`, `j`: their only edge is to each other.
    fn fix(&mut self, i: usize, j: usize) {
        self.fixed[i] = true;
        self.fixed[j] = true;
        self.mate[i] = j;
        self.mate[j] = i;
        let all: Vec<usize> = (0..self.n).filter(|k| *k != i && *k != j).collect();
        self.remove(i, &all);
        self.remove(j, &all);
        let at = self.at(i, j);
        self.weight[at] = self.max;
    }

    /// The best matching for the weights now. Fixed pairs keep their partners; the matching
    /// runs over the others only (its time grows with the cube of their count).
    fn update(&mut self) {
        let free: Vec<usize> = (0..self.n).filter(|i| !self.fixed[*i]).collect();
        let k = free.len();
        let mut weight = vec![W::ZERO; k * k];
        for a in 0..k {
            for b in a + 1..k {
                weight[a * k + b] = self.weight[self.at(free[a], free[b])];
            }
        }
        let mate = max_weight_matching(&weight, k);
        for (a, m) in mate.iter().enumerate() {
            self.mate[free[a]] = m.map_or(free[a], |b| free[b]);
        }
    }

    fn partner_role(&self, p: usize) -> Role {
        self.role[self.mate[p]]
    }

    fn has_resident(&self, p: usize) -> bool {
        self.partner_role(p) == Role::Resident
    }

    fn in_s1(&self, p: usize) -> bool {
        p < self.mate[p] && self.partner_role(p) == Role::Resident
    }

    fn in_s2(&self, p: usize) -> bool {
        p >= self.mate[p] || self.partner_role(p) == Role::Lower
    }
}

/// A pairing: the round-player indices of White and Black, or of the player with the bye.
pub type Pairs = Vec<(usize, Option<usize>)>;

/// Pairs bracket `b` with weights of type `W`; `None` when the downfloaters it leaves do not
/// let the round be completed (C.4: the bracket is then the penultimate one).
pub fn pair<W: Scalar>(b: &Bracket, players: &[Player], validity: &mut Validity) -> Option<Pairs> {
    if let Some(pairs) = perfect(b, players, validity) {
        return pairs;
    }
    let mut m: Matcher<W> = Matcher::new(b, players);
    let n = m.n as i64;
    let mdps: Vec<usize> = (0..b.mdps.len()).collect();
    let residents: Vec<usize> = (b.mdps.len()..b.mdps.len() + b.residents.len()).collect();
    let lower: Vec<usize> = (mdps.len() + residents.len()..m.n).collect();
    let reversed: Vec<usize> = residents.iter().rev().copied().collect();
    // D.3: the MDPs in S1, the best first, as many as the criteria allow.
    let mut s1 = Vec::new();
    for mdp in &mdps {
        if !m.has_resident(*mdp) {
            m.add(*mdp, &residents, 1, false);
            m.update();
        }
        if m.has_resident(*mdp) {
            s1.push(*mdp);
            m.add(*mdp, &residents, n, false);
        }
    }
    // D.1: each MDP of S1 against the best resident the criteria allow.
    let mut taken = Vec::new();
    for mdp in s1 {
        m.add(mdp, &reversed, 0, true);
        m.update();
        let partner = m.mate[mdp];
        if partner != mdp {
            taken.push(partner);
            m.fix(mdp, partner);
            validity.fix(m.list[mdp], m.list[partner]);
        }
    }
    // D.2: the homogeneous remainder's S1 and S2, with the fewest and smallest exchanges.
    let remainder: Vec<usize> = residents
        .iter()
        .copied()
        .filter(|r| !taken.contains(r))
        .collect();
    let pairs = remainder.iter().filter(|r| m.has_resident(**r)).count() / 2;
    let (mut hs1, mut hs2) = (remainder[..pairs].to_vec(), remainder[pairs..].to_vec());
    for (i, r) in remainder.iter().enumerate() {
        let value = ((i64::from(i < pairs) << (2 * b.bits)) - i as i64) << 1;
        m.add(*r, &remainder[i + 1..], value, false);
    }
    m.update();
    let exchanges = hs1.iter().filter(|r| m.in_s2(**r)).count();
    // D.2.c: the highest different BSN moved from S1 to S2.
    let mut left = exchanges;
    for i in (0..hs1.len()).rev() {
        if left == 0 {
            break;
        }
        let r = hs1[i];
        let below: Vec<usize> = hs1[i + 1..].iter().chain(&hs2).copied().collect();
        let was = m.in_s2(r);
        if !was {
            m.add(r, &below, -1, false);
            m.update();
        }
        if m.in_s2(r) {
            left -= 1;
            m.remove(r, &below);
        }
        if !was {
            m.add(r, &below, 1, false);
        }
    }
    // D.2.d: the lowest different BSN moved from S2 to S1.
    let mut left = exchanges;
    for i in 0..hs2.len() {
        if left == 0 {
            break;
        }
        let r = hs2[i];
        let above: Vec<usize> = hs1.iter().chain(&hs2[..i]).copied().collect();
        let was = m.in_s1(r);
        if !was {
            m.add(r, &above, -1, false);
            m.update();
        }
        if !m.in_s2(r) {
            left -= 1;
            let gone: Vec<usize> = above.iter().chain(&lower).copied().collect();
            m.remove(r, &gone);
        }
        if !was {
            m.add(r, &above, 1, false);
        }
    }
    let both: Vec<usize> = hs1.iter().chain(&hs2).copied().collect();
    hs1 = both.iter().copied().filter(|r| m.in_s1(*r)).collect();
    hs2 = both.iter().copied().filter(|r| m.in_s2(*r)).collect();
    for i in 0..hs1.len() {
        let rest = hs1[i + 1..].to_vec();
        m.remove(hs1[i], &rest);
    }
    for i in 0..hs2.len() {
        let rest = hs2[i + 1..].to_vec();
        m.remove(hs2[i], &rest);
    }
    // D.1: S1 in order against the best of S2 the criteria allow.
    let s2_reversed: Vec<usize> = hs2.iter().rev().copied().collect();
    for r in &hs1 {
        m.add(*r, &s2_reversed, 0, true);
        m.update();
        let partner = m.mate[*r];
        if partner != *r {
            m.fix(*r, partner);
            validity.fix(m.list[*r], m.list[partner]);
        }
    }
    // C.4: the downfloaters must let the round be completed.
    if !(b.ppb || b.lpb || validity.completes()) {
        return None;
    }
    let mut out = Vec::new();
    for p in 0..m.n {
        let q = m.mate[p];
        if m.role[p] == Role::Lower || m.role[q] == Role::Lower {
            continue;
        }
        if p < q {
            out.push(seated(players, m.list[p], m.list[q]));
        } else if p == q && b.lpb {
            out.push((m.list[p], None));
        }
    }
    Some(out)
}

/// `a` (the higher-ranked) and `c` in their seats.
fn seated(players: &[Player], a: usize, c: usize) -> (usize, Option<usize>) {
    if a_gets_white(&players[a], &players[c]) {
        (a, Some(c))
    } else {
        (c, Some(a))
    }
}

/// A homogeneous bracket of an even count whose first candidate (S1 against S2 in order) is
/// perfect — everybody paired, nobody's colour preference denied, all of one score so the
/// floats cannot differ — is paired so without a matching (B.5: the first perfect candidate is
/// taken): `Some(None)` when it leaves the round uncompletable, `None` when not so simple.
fn perfect(b: &Bracket, players: &[Player], validity: &mut Validity) -> Option<Option<Pairs>> {
    let r = &b.residents;
    let half = r.len() / 2;
    let simple = b.mdps.is_empty()
        && !b.ppb
        && r.len().is_multiple_of(2)
        && (0..half).all(|i| {
            let (p, q) = (&players[r[i]], &players[r[half + i]]);
            allowed(p, q) && !p.preference.clashes(&q.preference) && p.points == q.points
        });
    if !simple {
        return None;
    }
    for i in 0..half {
        validity.fix(r[i], r[half + i]);
    }
    if !(b.lpb || validity.completes()) {
        return Some(None);
    }
    Some(Some(
        (0..half)
            .map(|i| seated(players, r[i], r[half + i]))
            .collect(),
    ))
}
