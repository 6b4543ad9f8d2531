//! The plain Swiss pairing (`pairing=simple`): one maximum-weight matching over every pair of
//! entrants, whose weights rank the aims lexicographically (`matching.rs`).

use super::super::matching::{self, Cost};
use super::History;

/// The most entrants one matching takes; a larger field is split (see [`windows`]).
const WINDOW: usize = 256;

/// Two-player Swiss: a maximum-weight perfect matching — over the whole field up to
/// [`WINDOW`] entrants, over consecutive windows of the ranking beyond (the matching's time
/// grows with the cube of its size: 1,000 players in one take about 1.5 s, in four about 0.1 s).
pub fn swiss_two(order: &[usize], h: &[History]) -> (Vec<Vec<usize>>, Vec<usize>) {
    swiss_windows(order, h, WINDOW)
}

/// [`swiss_two`] with windows of about `window` entrants.
fn swiss_windows(order: &[usize], h: &[History], window: usize) -> (Vec<Vec<usize>>, Vec<usize>) {
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for part in windows(order, h, window) {
        let (g, b) = match_all(&order[part], h);
        for pair in g {
            // Seats again with the board number the game gets in the whole round.
            games.push(colours(pair[0], pair[1], h, games.len()));
        }
        byes.extend(b);
    }
    (games, byes)
}

/// Splits the ranking into consecutive windows of even size (the last takes the odd one out,
/// so the bye stays at the bottom), each near `window` entrants. A cut goes where the points
/// change if there is such a place within an eighth of a window of the even target, so that
/// a group on equal points is kept whole where it can be; players either side of a cut differ
/// in points by the least the ranking allows there anyway.
fn windows(order: &[usize], h: &[History], window: usize) -> Vec<std::ops::Range<usize>> {
    let points: Vec<i64> = order
        .iter()
        .map(|e| (h[*e].points * 2.0).round() as i64)
        .collect();
    cut(&points, window)
}

/// [`windows`] of a ranking given by its `points` (in half points, best first).
pub(super) fn cut(points: &[i64], window: usize) -> Vec<std::ops::Range<usize>> {
    let n = points.len();
    let count = n.div_ceil(window.max(2)).max(1);
    if count == 1 {
        return std::iter::once(0..n).collect();
    }
    let half = |i: usize| points[i];
    let slack = (window / 8).max(1);
    let mut cuts = vec![0];
    for k in 1..count {
        let target = (n * k / count) & !1;
        let previous = *cuts.last().unwrap_or(&0);
        // Even cut points near the target where the points change, nearest first.
        let cut = (0..=slack)
            .step_by(2)
            .flat_map(|d| [target.saturating_sub(d), target + d])
            .find(|c| *c > previous + 1 && *c + 1 < n && half(*c - 1) != half(*c))
            .unwrap_or(target);
        if cut > previous && cut < n {
            cuts.push(cut);
        }
    }
    cuts.push(n);
    cuts.windows(2).map(|w| w[0]..w[1]).collect()
}

/// One maximum-weight matching over `order` (with a bye vertex when the count is odd): the
/// pairs, the higher-ranked first, and the bye. The costs of each pair, ranked by
/// [`matching::best`]: a rematch (or a second bye); a third or fourth meeting; the boundaries
/// between score groups crossed, the top one first; the squared difference in half points (up
/// to 64 apart); both due the same colour absolutely (the last two alike, or two more of one);
/// the colour wishes; last, within a group, the top half meeting the bottom half in order
/// (1 v 4, 2 v 5, 3 v 6), as the Dutch system does, and the bye to the lowest-ranked.
fn match_all(order: &[usize], h: &[History]) -> (Vec<Vec<usize>>, Vec<usize>) {
    let n = order.len();
    if n < 2 {
        return (Vec::new(), order.to_vec());
    }
    // An odd count gets a vertex for the bye.
    let size = n + n % 2;
    let half = |e: usize| (h[e].points * 2.0).round() as i64;
    let lowest = order.iter().map(|e| half(*e)).min().unwrap_or(0);
    // Each entrant's group on equal points (0 the top) and place in it: (first index, size);
    // the bye is a group below the lowest. `above[k]`: the vertices in the groups `0..=k`.
    let mut group = vec![0usize; size];
    let mut span = vec![(0usize, 0usize); n];
    let mut above = Vec::new();
    let mut start = 0;
    while start < n {
        let mut end = start + 1;
        while end < n && half(order[end]) == half(order[start]) {
            end += 1;
        }
        for i in start..end {
            group[i] = above.len();
            span[i] = (start, end - start);
        }
        above.push(end);
        start = end;
    }
    if size > n {
        group[n] = above.len();
    } else {
        // No group below the lowest: its boundary is no boundary.
        above.pop();
    }
    let cost = |i: usize, j: usize| {
        let a = order[i];
        if j == n {
            // The bye: to someone without one, the lower in points the better, the lower in
            // the ranking the better.
            let up = (half(a) - lowest) as u64;
            return Cost {
                rematch: u64::from(h[a].byes.min(1)),
                groups: (group[i], group[j]),
                points: (2 * up + 1).min(64).pow(2),
                fold: ((n - i) * 1000 / n) as u64,
                ..Cost::default()
            };
        }
        let b = order[j];
        let met = u64::from(h[a].met.get(&b).copied().unwrap_or(0));
        let (due_a, strength_a) = h[a].due();
        let (due_b, strength_b) = h[b].due();
        let both_strong = strength_a == 2 && strength_b == 2;
        let same = due_a == due_b;
        Cost {
            rematch: met.min(1),
            repeat: met.saturating_sub(1).min(2),
            groups: (group[i], group[j]),
            points: half(a).abs_diff(half(b)).min(64).pow(2),
            absolute: u64::from(same && both_strong),
            colour: if same && !both_strong {
                u64::from(strength_a + strength_b)
            } else {
                0
            },
            fold: if span[i] == span[j] {
                (j - i).abs_diff(span[i].1 / 2) as u64
            } else {
                0
            },
        }
    };
    let max = Cost {
        rematch: 1,
        repeat: 2,
        groups: (0, 0),
        points: 64 * 64,
        absolute: 1,
        colour: 3,
        fold: 1000.max(n as u64),
    };
    let mate = matching::best(size, &above, &max, cost);
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for i in 0..n {
        match mate[i] {
            Some(j) if j == n => byes.push(order[i]),
            Some(j) if j > i => games.push(vec![order[i], order[j]]),
            Some(_) => {}
            // Cannot happen on a complete graph with positive weights; a bye is the safe answer.
            None => byes.push(order[i]),
        }
    }
    (games, byes)
}

/// Seats two entrants (`a` ranked above `b`): the one due White more strongly gets it; on a
/// tie the higher-ranked gets what they are due, alternating by board when nobody is due.
fn colours(a: usize, b: usize, h: &[History], board: usize) -> Vec<usize> {
    let (due_a, strength_a) = h[a].due();
    let (due_b, strength_b) = h[b].due();
    let a_white = if due_a != due_b {
        due_a == 0
    } else if strength_a != strength_b {
        (strength_a > strength_b) == (due_a == 0)
    } else if strength_a > 0 {
        due_a == 0
    } else {
        board.is_multiple_of(2)
    };
    if a_white { vec![a, b] } else { vec![b, a] }
}

#[cfg(test)]
mod tests {
    use super::super::{histories, pair, ranked};
    use super::*;
    use crate::league::tournament::{Pairing, Tournament};

    fn h(points: f64, colours: &[u8]) -> History {
        History {
            points,
            colours: colours.to_vec(),
            ..History::default()
        }
    }

    #[test]
    fn the_swiss_matching_avoids_rematches_and_pairs_equal_points() {
        // a and b have met; a, b on 1 point, c, d on 0.
        let mut hist = vec![h(1.0, &[0]), h(1.0, &[0]), h(0.0, &[1]), h(0.0, &[1])];
        hist[0].met.insert(2, 1);
        hist[2].met.insert(0, 1);
        hist[1].met.insert(3, 1);
        hist[3].met.insert(1, 1);
        let (games, byes) = swiss_two(&[0, 1, 2, 3], &hist);
        assert!(byes.is_empty());
        let mut pairs: Vec<Vec<usize>> = games
            .iter()
            .map(|g| {
                let mut g = g.clone();
                g.sort();
                g
            })
            .collect();
        pairs.sort();
        assert_eq!(pairs, vec![vec![0, 1], vec![2, 3]]);
    }

    #[test]
    fn the_bye_goes_to_the_lowest_without_one() {
        let mut hist = vec![h(2.0, &[]), h(1.0, &[]), h(0.0, &[])];
        hist[2].byes = 1;
        let (games, byes) = swiss_two(&[0, 1, 2], &hist);
        assert_eq!(games.len(), 1);
        assert_eq!(byes, vec![1], "the last has had a bye already");
    }

    #[test]
    fn colours_follow_what_each_is_due() {
        let hist = vec![h(0.0, &[0, 0]), h(0.0, &[1])];
        assert_eq!(colours(0, 1, &hist, 0), vec![1, 0]);
        let hist = vec![h(0.0, &[1]), h(0.0, &[0])];
        assert_eq!(colours(0, 1, &hist, 0), vec![0, 1]);
    }

    /// A field of 41 over 7 rounds with results drawn at random: every round pairs everybody
    /// but one, no pair meets twice, nobody has two byes, nobody the same colour three times
    /// running or a balance beyond two.
    #[test]
    fn random_swiss_rounds_keep_every_rule() {
        keeps_every_rule(41, 7, |t, number| pair(t, number).expect("paired"));
    }

    /// The same for a field split into windows (101 players in windows of about 24, 9 rounds),
    /// as a field of a thousand is split into windows of 256.
    #[test]
    fn windowed_swiss_rounds_keep_every_rule() {
        keeps_every_rule(101, 9, |t, _| {
            let h = histories(t);
            swiss_windows(&ranked(t, &h), &h, 24)
        });
    }

    #[test]
    fn windows_are_even_and_cut_where_the_points_change() {
        // 100 players: 30 on 3 points, 40 on 2, 30 on 1.
        let hist: Vec<History> = (0..100)
            .map(|i| {
                h(
                    if i < 30 {
                        3.0
                    } else if i < 70 {
                        2.0
                    } else {
                        1.0
                    },
                    &[],
                )
            })
            .collect();
        let order: Vec<usize> = (0..100).collect();
        let parts = windows(&order, &hist, 40);
        assert_eq!(parts, vec![0..30, 30..70, 70..100]);
        // No change of points near the target: cut at the even target.
        let flat = vec![h(0.0, &[]); 101];
        let order: Vec<usize> = (0..101).collect();
        let parts = windows(&order, &flat, 40);
        assert_eq!(parts, vec![0..32, 32..66, 66..101]);
        assert_eq!(windows(&order[..10], &flat, 40), vec![0..10]);
    }

    /// Plays `rounds` Swiss rounds of `players` with random results, pairing each with
    /// `pairing`, and checks the rules over the whole event.
    fn keeps_every_rule(
        players: usize,
        rounds: u32,
        pairing: impl Fn(&Tournament, u32) -> (Vec<Vec<usize>>, Vec<usize>),
    ) {
        use super::super::super::{Game, Outcome, Round};
        use crate::games::GameKind;
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let ratings: Vec<f64> = (0..players)
            .map(|_| f64::from(rng.random_range(1000..2000)))
            .collect();
        let mut t = Tournament {
            pairing: Pairing::Simple,
            rounds,
            ..Tournament::running_swiss("p", GameKind::ALL[0], ratings)
        };
        for number in 1..=rounds {
            let (mut games, byes) = pairing(&t, number);
            assert_eq!(games.len(), players / 2);
            assert_eq!(byes.len(), players % 2);
            let games = games
                .drain(..)
                .enumerate()
                .map(|(i, seats)| Game {
                    board: i as u32 + 1,
                    seats,
                    table: u64::from(number) * 100 + i as u64,
                    channel: String::new(),
                    result: Some(Outcome::of_ranks(
                        &[rng.random_range(1..=2), rng.random_range(1..=2)],
                        vec![None, None],
                        false,
                    )),
                })
                .collect();
            t.played.push(Round {
                number,
                started: 0,
                games,
                byes,
                order: Vec::new(),
            });
        }
        let h = histories(&t);
        for (e, hist) in h.iter().enumerate() {
            assert!(hist.met.values().all(|n| *n == 1), "{e} met someone twice");
            assert!(hist.byes <= 1, "{e} had {} byes", hist.byes);
            assert!(hist.balance().abs() <= 2, "{e}: {:?}", hist.colours);
            assert!(
                !hist
                    .colours
                    .windows(3)
                    .any(|w| w[0] == w[1] && w[1] == w[2]),
                "{e}: {:?}",
                hist.colours
            );
        }
    }
}
