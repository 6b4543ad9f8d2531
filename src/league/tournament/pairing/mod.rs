//! Pairing a round: who plays whom, in which seats, and who has a bye.
//!
//! - **Swiss, two players**, `pairing=dutch` (the default): the FIDE Dutch system, C.04.3
//!   (`dutch/`): score brackets paired from the top, each by a maximum-weight matching whose
//!   weights rank the quality criteria C.5–C.19, then the rules' order of generation (S1 v S2
//!   in order, transpositions of S2, exchanges between S1 and S2, which MDPs go into S1) picked
//!   by small steering weights — bbpPairings' method; the absolute criteria (no rematch, no
//!   second bye, no same absolute colour preference but for last-round topscorers) always
//!   kept, a bracket whose downfloaters would leave the round unpairable paired again as the
//!   penultimate one; colours by E.1–E.5 (the top seed White in round 1). Over 30 random
//!   tournaments of 20–60 players its boards were identical to py4swiss's (which gives the same
//!   as bbpPairings) in every round from the second on (`bench --pairing`). Beyond 128
//!   entrants each window of about 128 consecutive places (cut where the points change) is
//!   paired on its own. When no pairing keeps the absolute criteria, the simple one is used.
//! - **Swiss, two players**, `pairing=simple` (`simple.rs`): one maximum-weight matching
//!   (Edmonds' blossom algorithm, from the `integer-blossom` crate) over every pair of
//!   entrants, whose weights rank the aims lexicographically — each outweighs all the later
//!   ones together (`matching.rs`):
//!   1. everybody paired (one bye when the count is odd);
//!   2. no rematch and no second bye (then no third meeting);
//!   3. the score groups kept together from the top: as many players of the top group paired
//!      inside it as a pairing without rematches allows, then as many of the top two groups
//!      inside those two, and so on down;
//!   4. the smallest differences in points (squared, so one big float costs more than two
//!      small ones);
//!   5. colours: no two players due the same colour absolutely (the last two alike, or two more
//!      of one), then the colour wishes; last the order inside a group (1 v 4, 2 v 5, 3 v 6).
//!
//!   The matching is optimal, so no backtracking is needed. Beyond 256 entrants each window of
//!   about 256 consecutive places in the ranking (cut where the points change) gets its own
//!   matching.
//! - **Swiss, pods**: entrants by points; each pod takes the best left and adds, from the next
//!   few, those it has met least.
//! - **Round robin**: the circle method for two players; pods chosen for the fewest repeat
//!   meetings (points ignored) for more.
//! - **Knockout**: a bracket seeded by rating (1 v 16, 8 v 9, …), byes for the best seeds.
//! - **Duplicate**: everybody alone.

use std::collections::HashMap;

use super::{Format, Pairing, Tournament};

mod dutch;
mod simple;

pub use dutch::{Preference, Strength, pairing_numbers, preference};
pub use simple::swiss_two;

/// What the pairing knows of an entrant's past rounds.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct History {
    /// Points so far (byes included).
    pub points: f64,
    /// Opponents met, with how often.
    pub met: HashMap<usize, u32>,
    /// Seats taken in two-player games, in order: 0 first (White), 1 second.
    pub colours: Vec<u8>,
    /// Byes had.
    pub byes: u32,
    /// Times in the first seat of a game of more than two.
    pub firsts: u32,
}

impl History {
    /// Whites minus blacks.
    pub(super) fn balance(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| if *c == 0 { 1 } else { -1 })
            .sum()
    }

    /// Which seat this entrant is due (0 White, 1 Black) and how strongly (0 none, 1 mild, 2
    /// strong: the balance is two off, or the last two were alike).
    pub(super) fn due(&self) -> (u8, u8) {
        let balance = self.balance();
        let last_two = match self.colours.as_slice() {
            [.., a, b] if a == b => Some(*a),
            _ => None,
        };
        if balance <= -2 || last_two == Some(1) {
            (0, 2)
        } else if balance >= 2 || last_two == Some(0) {
            (1, 2)
        } else if balance != 0 {
            (if balance < 0 { 0 } else { 1 }, 1)
        } else {
            match self.colours.last() {
                Some(c) => (1 - c, 1),
                None => (0, 0),
            }
        }
    }
}

/// Every entrant's history over the rounds played.
pub fn histories(t: &Tournament) -> Vec<History> {
    let mut h = vec![History::default(); t.entrants.len()];
    let bye = t.bye_points();
    for round in &t.played {
        for e in &round.byes {
            h[*e].points += bye;
            h[*e].byes += 1;
        }
        for game in &round.games {
            for (seat, e) in game.seats.iter().enumerate() {
                for other in game.seats.iter().filter(|o| *o != e) {
                    *h[*e].met.entry(*other).or_default() += 1;
                }
                if game.seats.len() == 2 {
                    h[*e].colours.push(seat as u8);
                } else if seat == 0 && game.seats.len() > 2 {
                    h[*e].firsts += 1;
                }
                if let Some(result) = &game.result {
                    h[*e].points += result.points[seat];
                }
            }
        }
    }
    h
}

/// The active entrants, best first: by points, then rating, then join order.
pub fn ranked(t: &Tournament, h: &[History]) -> Vec<usize> {
    let mut order = t.active();
    order.sort_by(|a, b| {
        h[*b]
            .points
            .total_cmp(&h[*a].points)
            .then(t.entrants[*b].rating.total_cmp(&t.entrants[*a].rating))
            .then(a.cmp(b))
    });
    order
}

/// Pairs round `number` of `t`: the games (entrants in seat order) and the byes. `None` when
/// no game can be played.
pub fn pair(t: &Tournament, number: u32) -> Option<(Vec<Vec<usize>>, Vec<usize>)> {
    let h = histories(t);
    let order = ranked(t, &h);
    let (games, byes) = match (t.format, t.pod) {
        (Format::Duplicate, _) => (order.iter().map(|e| vec![*e]).collect(), Vec::new()),
        (Format::Swiss, 2) => match t.pairing {
            Pairing::Dutch => dutch::pair(t, &order).unwrap_or_else(|| {
                // No pairing keeps every absolute criterion: the plain matching repeats as
                // little as it must.
                tracing::info!(
                    tournament = t.id,
                    round = number,
                    "Dutch pairing impossible"
                );
                swiss_two(&order, &h)
            }),
            Pairing::Simple => swiss_two(&order, &h),
        },
        (Format::Swiss, pod) => pods(&order, &h, pod, sizes_of(t), true),
        (Format::RoundRobin, 2) => circle(t, number),
        (Format::RoundRobin, pod) => pods(&order, &h, pod, sizes_of(t), false),
        (Format::Knockout, _) => knockout_round(&knockout_order(t, number)),
    };
    (!games.is_empty()).then_some((games, byes))
}

/// The fewest and most players a game of `t` may have.
fn sizes_of(t: &Tournament) -> (usize, usize) {
    let info = t.kind.info();
    (info.min_players.max(2), info.max_players)
}

/// Pod sizes for `n` entrants: as many of `pod` as possible, the rest spread by one more or one
/// fewer where the game allows, else byes. Returns (sizes, byes).
pub fn pod_sizes(n: usize, pod: usize, min: usize, max: usize) -> (Vec<usize>, usize) {
    if n < min {
        return (Vec::new(), n);
    }
    let full = n / pod;
    let rest = n % pod;
    if rest == 0 {
        return (vec![pod; full], 0);
    }
    // One more pod, `pod - rest` of them one short.
    if pod > min && pod - rest <= full + 1 {
        let short = pod - rest;
        let mut sizes = vec![pod; full + 1 - short];
        sizes.extend(std::iter::repeat_n(pod - 1, short));
        return (sizes, 0);
    }
    // The rest join pods one larger.
    if pod < max && rest <= full {
        let mut sizes = vec![pod + 1; rest];
        sizes.extend(std::iter::repeat_n(pod, full - rest));
        return (sizes, 0);
    }
    (vec![pod; full], rest)
}

/// Pods: each takes the best entrant left, then from the next few those it has met least
/// (`by_points`: the next few in the ranking; else any, the fewest meetings first). The seats
/// go to those who sat first least often first. The byes are the lowest-ranked.
fn pods(
    order: &[usize],
    h: &[History],
    pod: usize,
    (min, max): (usize, usize),
    by_points: bool,
) -> (Vec<Vec<usize>>, Vec<usize>) {
    let (sizes, bye_count) = pod_sizes(order.len(), pod, min, max);
    let mut left: Vec<usize> = order.to_vec();
    // The byes: the lowest-ranked with the fewest byes.
    let mut byes = Vec::new();
    for _ in 0..bye_count {
        let pick = (0..left.len())
            .rev()
            .min_by_key(|i| h[left[*i]].byes)
            .unwrap_or(left.len() - 1);
        byes.push(left.remove(pick));
    }
    let mut games = Vec::new();
    for size in sizes {
        let mut group = vec![left.remove(0)];
        while group.len() < size && !left.is_empty() {
            let window = if by_points {
                (2 * size).min(left.len())
            } else {
                left.len()
            };
            let pick = (0..window)
                .min_by_key(|i| {
                    let met: u32 = group
                        .iter()
                        .map(|g| h[left[*i]].met.get(g).copied().unwrap_or(0))
                        .sum();
                    (met, *i)
                })
                .unwrap_or(0);
            group.push(left.remove(pick));
        }
        group.sort_by_key(|e| h[*e].firsts);
        games.push(group);
    }
    (games, byes)
}

/// Round `number` of a two-player round robin by the circle method over every entrant (the
/// schedule stays fixed when somebody withdraws: their opponent has a bye).
fn circle(t: &Tournament, number: u32) -> (Vec<Vec<usize>>, Vec<usize>) {
    let mut ring: Vec<Option<usize>> = (0..t.entrants.len()).map(Some).collect();
    if ring.len() % 2 == 1 {
        ring.push(None);
    }
    let n = ring.len();
    if n < 2 {
        return (Vec::new(), Vec::new());
    }
    let r = (number as usize).saturating_sub(1) % (n - 1);
    // Entrant 0 stays; the others turn r steps.
    let mut turned = vec![ring[0]];
    turned.extend((0..n - 1).map(|k| ring[1 + (k + n - 1 - r) % (n - 1)]));
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for i in 0..n / 2 {
        let (a, b) = (turned[i], turned[n - 1 - i]);
        let active = |e: Option<usize>| e.filter(|e| !t.entrants[*e].out);
        match (active(a), active(b)) {
            (Some(a), Some(b)) => {
                // Alternate colours by round, and by board away from the fixed entrant.
                let a_white = if i == 0 {
                    r.is_multiple_of(2)
                } else {
                    i % 2 == 1
                };
                games.push(if a_white { vec![a, b] } else { vec![b, a] });
            }
            (Some(a), None) | (None, Some(a)) => byes.push(a),
            (None, None) => {}
        }
    }
    (games, byes)
}

/// A knockout round's entrants in bracket order (`None`: a bye in the first round).
pub fn knockout_order(t: &Tournament, number: u32) -> Vec<Option<usize>> {
    if number == 1 {
        bracket(t)
    } else {
        knockout_alive(t).into_iter().map(Some).collect()
    }
}

/// The first round's bracket: seeds by rating (then join order) in bracket order, `None` for a
/// bye, the size a power of two.
fn bracket(t: &Tournament) -> Vec<Option<usize>> {
    let mut seeds = t.active();
    seeds.sort_by(|a, b| {
        t.entrants[*b]
            .rating
            .total_cmp(&t.entrants[*a].rating)
            .then(a.cmp(b))
    });
    let size = seeds.len().next_power_of_two().max(2);
    // 1 v size, then each half mirrored: [1, 4, 2, 3] for four.
    let mut order = vec![1usize];
    while order.len() < size {
        let m = order.len() * 2;
        order = order.iter().flat_map(|s| [*s, m + 1 - s]).collect();
    }
    order.iter().map(|s| seeds.get(s - 1).copied()).collect()
}

/// Pairs a knockout round from its entrants in bracket order (neighbours meet; a lone entrant
/// has a bye). The better seed (first) takes White.
fn knockout_round(order: &[Option<usize>]) -> (Vec<Vec<usize>>, Vec<usize>) {
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for pair in order.chunks(2) {
        match pair {
            [Some(a), Some(b)] => games.push(vec![*a, *b]),
            [Some(a), None] | [None, Some(a)] | [Some(a)] => byes.push(*a),
            _ => {}
        }
    }
    (games, byes)
}

/// The entrants still in a knockout after its last round, in bracket order: each pair's
/// winner (of the last game between them), the byes, withdrawn entrants left out.
pub fn knockout_alive(t: &Tournament) -> Vec<usize> {
    let Some(round) = t.current() else {
        return t.active();
    };
    let mut alive = Vec::new();
    // The round's entrants in bracket order: games and byes were paired from neighbours, so
    // walk the games in board order and put each bye back at its place.
    for slot in knockout_slots(round) {
        match slot.as_slice() {
            [a] => alive.push(*a),
            [a, b] => {
                if let Some(w) = pair_winner(round, *a, *b) {
                    alive.push(w)
                } else if t.entrants[*a].out != t.entrants[*b].out {
                    alive.push(if t.entrants[*a].out { *b } else { *a });
                }
            }
            _ => {}
        }
    }
    alive.retain(|e| !t.entrants[*e].out);
    alive
}

/// The round's pairs and byes in bracket order (stored in `Round::order` at pairing).
fn knockout_slots(round: &super::Round) -> Vec<Vec<usize>> {
    let mut slots: Vec<Vec<usize>> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for e in &round.order {
        if seen.contains(e) {
            continue;
        }
        let partner = round
            .games
            .iter()
            .find(|g| g.seats.contains(e))
            .and_then(|g| g.seats.iter().find(|s| *s != e).copied());
        seen.insert(*e);
        match partner {
            Some(p) => {
                seen.insert(p);
                slots.push(vec![*e, p]);
            }
            None => slots.push(vec![*e]),
        }
    }
    slots
}

/// The winner between `a` and `b` in `round`: the last game between them, if it has a winner.
pub fn pair_winner(round: &super::Round, a: usize, b: usize) -> Option<usize> {
    let last = round
        .games
        .iter()
        .rev()
        .find(|g| g.seats.contains(&a) && g.seats.contains(&b))?;
    let seat = last.result.as_ref()?.winner()?;
    last.seats.get(seat).copied()
}

/// The knockout games of the round drawn and not replayed yet: the pairs to play again (with
/// the colours swapped).
pub fn replays_due(round: &super::Round) -> Vec<Vec<usize>> {
    let mut due = Vec::new();
    for (i, game) in round.games.iter().enumerate() {
        let Some(result) = &game.result else { continue };
        let later = round.games[i + 1..]
            .iter()
            .any(|g| g.seats.iter().all(|s| game.seats.contains(s)));
        if result.winner().is_none() && !later && game.seats.len() == 2 {
            due.push(vec![game.seats[1], game.seats[0]]);
        }
    }
    due
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pod_sizes_cover_everybody_where_the_game_allows() {
        assert_eq!(pod_sizes(9, 3, 3, 4), (vec![3, 3, 3], 0));
        assert_eq!(pod_sizes(7, 3, 3, 4), (vec![4, 3], 0));
        assert_eq!(pod_sizes(8, 3, 3, 4), (vec![4, 4], 0));
        assert_eq!(pod_sizes(5, 3, 3, 4), (vec![3], 2));
        assert_eq!(pod_sizes(7, 4, 3, 4), (vec![4, 3], 0));
        assert_eq!(pod_sizes(2, 3, 3, 4), (vec![], 2));
    }
}
