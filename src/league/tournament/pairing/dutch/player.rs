//! What the Dutch system knows of a player when pairing a round (C.04.3 A.1–A.7): points,
//! pairing number, colour preference, floats, opponents, bye, topscorer.

use std::collections::HashSet;

use super::super::super::Tournament;
use super::colours::{Preference, Strength, preference};

/// A float in a round (A.4): up, none, down (not playing counts as down).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Float {
    Up,
    None,
    Down,
}

/// One player of the round being paired.
#[derive(Debug, Clone)]
pub struct Player {
    /// The entrant.
    pub entrant: usize,
    /// The pairing number (1 the top seed): the initial ranking by rating, then join order.
    pub number: usize,
    /// Points so far, in half points (a win 2).
    pub points: i64,
    /// The colour preference (A.6).
    pub preference: Preference,
    /// Whites minus blacks.
    pub difference: i32,
    /// The last two games played with the same colour.
    pub double: bool,
    /// The float of the last round and of the one before.
    pub floats: [Float; 2],
    /// Colours of the games played, in order: `true` White.
    pub colours: Vec<bool>,
    /// Entrants met in a game.
    pub opponents: HashSet<usize>,
    /// Had a bye already.
    pub bye: bool,
    /// A topscorer (A.7): more than half the maximum score when pairing the last round.
    pub topscorer: bool,
}

/// The pairing numbers of every entrant (index: entrant): by rating, then join order, from 1.
pub fn pairing_numbers(t: &Tournament) -> Vec<usize> {
    let mut seeds: Vec<usize> = (0..t.entrants.len()).collect();
    seeds.sort_by(|a, b| {
        t.entrants[*b]
            .rating
            .total_cmp(&t.entrants[*a].rating)
            .then(a.cmp(b))
    });
    let mut number = vec![0; t.entrants.len()];
    for (i, e) in seeds.iter().enumerate() {
        number[*e] = i + 1;
    }
    number
}

/// The players `order` (entrants by points, then pairing number) as the Dutch system sees
/// them before round `played + 1` of `t`.
pub fn players(t: &Tournament, order: &[usize]) -> Vec<Player> {
    let n = t.entrants.len();
    let half = |p: f64| (p * 2.0).round() as i64;
    let bye_points = half(t.bye_points());
    // Points before each round, and each round's opponent (None: did not play).
    let mut before: Vec<Vec<i64>> = vec![Vec::new(); n];
    let mut opponent: Vec<Vec<Option<usize>>> = vec![Vec::new(); n];
    let mut points = vec![0i64; n];
    let mut colours: Vec<Vec<bool>> = vec![Vec::new(); n];
    let mut met: Vec<HashSet<usize>> = vec![HashSet::new(); n];
    let mut bye = vec![false; n];
    for round in &t.played {
        let mut gained = vec![0i64; n];
        let mut against = vec![None; n];
        for e in &round.byes {
            gained[*e] += bye_points;
            bye[*e] = true;
        }
        for game in round.games.iter().filter(|g| g.seats.len() == 2) {
            for (seat, e) in game.seats.iter().enumerate() {
                let other = game.seats[1 - seat];
                against[*e] = Some(other);
                met[*e].insert(other);
                colours[*e].push(seat == 0);
                if let Some(result) = &game.result {
                    gained[*e] += half(result.points[seat]);
                }
            }
        }
        for e in 0..n {
            before[e].push(points[e]);
            opponent[e].push(against[e]);
            points[e] += gained[e];
        }
    }
    let played = t.played.len();
    let numbers = pairing_numbers(t);
    let last_round = played as u32 + 1 == t.rounds;
    let float = |e: usize, back: usize| -> Float {
        let Some(r) = played.checked_sub(back) else {
            return Float::None;
        };
        match opponent[e][r] {
            None => Float::Down,
            Some(o) => match before[e][r].cmp(&before[o][r]) {
                std::cmp::Ordering::Greater => Float::Down,
                std::cmp::Ordering::Less => Float::Up,
                std::cmp::Ordering::Equal => Float::None,
            },
        }
    };
    order
        .iter()
        .map(|e| {
            let e = *e;
            let (preference, difference, double) = preference(&colours[e]);
            Player {
                entrant: e,
                number: numbers[e],
                points: points[e],
                preference,
                difference,
                double,
                floats: [float(e, 1), float(e, 2)],
                colours: colours[e].clone(),
                opponents: met[e].clone(),
                bye: bye[e],
                // More than half of the most points (a win each round played).
                topscorer: last_round && points[e] > played as i64,
            }
        })
        .collect()
}

/// Whether `a`, the higher-ranked of the two, gets White against `b` (E.1–E.5, the initial
/// colour White).
pub fn a_gets_white(a: &Player, b: &Player) -> bool {
    let (pa, pb) = (a.preference, b.preference);
    // E.1: both preferences granted.
    if let (Some(wa), Some(wb)) = (pa.white, pb.white)
        && wa != wb
    {
        return wa;
    }
    // E.2: the stronger preference; both absolute (topscorers): the wider colour difference.
    if pa.strength != pb.strength {
        return if pa.strength > pb.strength {
            pa.white.unwrap_or(true)
        } else {
            !pb.white.unwrap_or(false)
        };
    }
    if pa.strength == Strength::Absolute && a.difference.abs() != b.difference.abs() {
        return if a.difference.abs() > b.difference.abs() {
            pa.white.unwrap_or(true)
        } else {
            !pb.white.unwrap_or(false)
        };
    }
    // E.3: alternate to the most recent game in which they had different colours.
    for (ca, cb) in a.colours.iter().rev().zip(b.colours.iter().rev()) {
        if ca != cb {
            return !ca;
        }
    }
    // E.4: the higher-ranked player's preference.
    if let Some(white) = pa.white {
        return white;
    }
    // E.5: an odd pairing number gets the initial colour (White).
    a.number % 2 == 1
}
