//! The standings with their tie-breaks.
//!
//! - Two-player games: points, then **Buchholz** (the sum of the opponents' points), then
//!   **Sonneborn-Berger** (the sum of each opponent's points weighted by what was scored
//!   against them). A knockout ranks by the round reached first.
//! - Games of more: points, then the **sum of the game scores**, then the **results against
//!   each other** (the points won in games against the others on the same points and scores).
//! - Duplicate: the sum of the scores, then the best single score.
//!
//! Last come the rating at the start and the join order, so the order is always total.

use super::pairing::{histories, knockout_alive};
use super::{Format, Tournament};

/// One line of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The entrant.
    pub entrant: usize,
    /// The place, from 1 (equal on every criterion: the same place).
    pub place: usize,
    /// The main criterion: points (in a duplicate: the sum of the scores).
    pub points: f64,
    /// The tie-breaks in order, with their names.
    pub tiebreaks: Vec<(&'static str, f64)>,
    /// Games played (byes not counted).
    pub games: u32,
    /// Withdrew or was removed.
    pub out: bool,
}

/// The standings of `t`, best first.
pub fn standings(t: &Tournament) -> Vec<Standing> {
    let h = histories(t);
    let n = t.entrants.len();
    let mut games = vec![0u32; n];
    let mut score_sum = vec![0f64; n];
    let mut best = vec![f64::MIN; n];
    let mut buchholz = vec![0f64; n];
    let mut sonneborn = vec![0f64; n];
    for game in t.played.iter().flat_map(|r| &r.games) {
        let Some(result) = &game.result else { continue };
        for (seat, e) in game.seats.iter().enumerate() {
            games[*e] += 1;
            let score = result.scores.get(seat).copied().flatten().unwrap_or(0) as f64;
            score_sum[*e] += score;
            best[*e] = best[*e].max(score);
            if game.seats.len() == 2 {
                let opponent = game.seats[1 - seat];
                buchholz[*e] += h[opponent].points;
                sonneborn[*e] += result.points[seat] * h[opponent].points;
            }
        }
    }
    let reached: Vec<f64> = if t.format == Format::Knockout {
        let alive = knockout_alive(t);
        (0..n)
            .map(|e| {
                let rounds = t.played.iter().filter(|r| r.order.contains(&e)).count();
                rounds as f64 + alive.contains(&e) as u8 as f64
            })
            .collect()
    } else {
        vec![0.0; n]
    };
    let mut lines: Vec<Standing> = (0..n)
        .map(|e| {
            let (points, tiebreaks) = match t.format {
                Format::Duplicate => (
                    score_sum[e],
                    vec![("best", if games[e] > 0 { best[e] } else { 0.0 })],
                ),
                _ if t.pod <= 2 => {
                    let mut breaks = vec![("Buchholz", buchholz[e]), ("SB", sonneborn[e])];
                    if t.format == Format::Knockout {
                        breaks.insert(0, ("round", reached[e]));
                    }
                    (h[e].points, breaks)
                }
                _ => (h[e].points, vec![("score", score_sum[e])]),
            };
            Standing {
                entrant: e,
                place: 0,
                points,
                tiebreaks,
                games: games[e],
                out: t.entrants[e].out,
            }
        })
        .collect();
    // A knockout's round reached comes before the points.
    let key = |s: &Standing| -> Vec<f64> {
        let mut k = Vec::new();
        if t.format == Format::Knockout {
            k.push(s.tiebreaks[0].1);
        }
        k.push(s.points);
        k.extend(s.tiebreaks.iter().map(|(_, v)| *v));
        k
    };
    lines.sort_by(|a, b| {
        let (ka, kb) = (key(a), key(b));
        kb.iter()
            .zip(&ka)
            .map(|(x, y)| x.total_cmp(y))
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    if t.pod > 2 && t.format != Format::Duplicate {
        mutual(t, &mut lines, &key);
    }
    // Places: equal keys share one; the rating and join order then only order the lines.
    let mut place = 0;
    for i in 0..lines.len() {
        let tied = i > 0 && key(&lines[i]) == key(&lines[i - 1]);
        if !tied {
            place = i + 1;
        }
        lines[i].place = place;
    }
    // Within a shared place: rating, then join order.
    lines.sort_by(|a, b| {
        a.place.cmp(&b.place).then(
            t.entrants[b.entrant]
                .rating
                .total_cmp(&t.entrants[a.entrant].rating)
                .then(a.entrant.cmp(&b.entrant)),
        )
    });
    lines
}

/// For games of more than two: within each run of entrants equal on points and scores, adds
/// the points each won in games against the others of that run, and orders the run by them.
fn mutual(t: &Tournament, lines: &mut [Standing], key: &dyn Fn(&Standing) -> Vec<f64>) {
    let mut start = 0;
    while start < lines.len() {
        let mut end = start + 1;
        while end < lines.len() && key(&lines[end]) == key(&lines[start]) {
            end += 1;
        }
        let group: Vec<usize> = lines[start..end].iter().map(|l| l.entrant).collect();
        for line in &mut lines[start..end] {
            let mut won = 0.0;
            for game in t.played.iter().flat_map(|r| &r.games) {
                let Some(result) = &game.result else { continue };
                let Some(seat) = game.seats.iter().position(|e| *e == line.entrant) else {
                    continue;
                };
                let others = game
                    .seats
                    .iter()
                    .filter(|e| **e != line.entrant && group.contains(e))
                    .count();
                if others > 0 && group.len() > 1 {
                    won += result.points[seat] * others as f64 / (game.seats.len() - 1) as f64;
                }
            }
            line.tiebreaks.push(("mutual", won));
        }
        lines[start..end].sort_by(|a, b| {
            let (x, y) = (
                a.tiebreaks.last().map_or(0.0, |t| t.1),
                b.tiebreaks.last().map_or(0.0, |t| t.1),
            );
            y.total_cmp(&x)
        });
        start = end;
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Entrant, Game, Outcome, Pairing, Round, Stage};
    use super::*;
    use crate::games::GameKind;
    use crate::table::User;

    fn tournament(pod: usize, format: Format, entrants: usize) -> Tournament {
        Tournament {
            id: 1,
            name: "cup".into(),
            channel: "#c".into(),
            community: None,
            organizer: User::named("org"),
            kind: GameKind::ALL[0],
            options: Vec::new(),
            format,
            pairing: Pairing::default(),
            rounds: 3,
            pod,
            bots: false,
            deadline: 0,
            stage: Stage::Running,
            entrants: (0..entrants)
                .map(|i| Entrant {
                    user: User::named(&format!("p{i}")),
                    rating: 1500.0,
                    out: false,
                })
                .collect(),
            played: Vec::new(),
            seed: 0,
            created: 0,
        }
    }

    fn game(seats: &[usize], ranks: &[u8]) -> Game {
        Game {
            board: 1,
            seats: seats.to_vec(),
            table: 1,
            channel: String::new(),
            result: Some(Outcome::of_ranks(ranks, vec![None; ranks.len()], false)),
        }
    }

    #[test]
    fn buchholz_and_sonneborn_berger_break_ties() {
        // Round 1: 0 beats 1, 2 beats 3. Round 2: 0 beats 2, 3 beats 1... 1 and 2 end on one
        // point; 2 lost to the winner (3 points? no: 0 has 2), so 2's Buchholz is higher.
        let mut t = tournament(2, Format::Swiss, 4);
        t.played.push(Round {
            number: 1,
            started: 0,
            games: vec![game(&[0, 1], &[1, 2]), game(&[2, 3], &[1, 2])],
            byes: vec![],
            order: vec![],
        });
        t.played.push(Round {
            number: 2,
            started: 0,
            games: vec![game(&[0, 2], &[1, 2]), game(&[3, 1], &[1, 2])],
            byes: vec![],
            order: vec![],
        });
        let s = standings(&t);
        let order: Vec<usize> = s.iter().map(|l| l.entrant).collect();
        // Points: 0 → 2, 2 → 1, 3 → 1, 1 → 0. Buchholz: 2 met 3 (1) and 0 (2) = 3; 3 met 2
        // (1) and 1 (0) = 1.
        assert_eq!(order, vec![0, 2, 3, 1]);
        assert_eq!(s[1].tiebreaks[0], ("Buchholz", 3.0));
        assert_eq!(s[2].tiebreaks[0], ("Buchholz", 1.0));
        assert_eq!(s[1].place, 2);
        assert_eq!(s[2].place, 3);
    }
}
