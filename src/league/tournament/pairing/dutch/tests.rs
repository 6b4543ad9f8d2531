//! The Dutch system: small rounds checked by hand against the rules, and its rules pinned over
//! many random tournaments.

use super::super::super::{Entrant, Format, Game, Outcome, Pairing, Round, Stage, Tournament};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::super::{histories, pair as pair_round, ranked};
use super::colours::{Strength, preference};
use crate::games::GameKind;
use crate::table::User;

/// A Swiss of `n` whose entrant `i` is pairing number `i + 1` (ratings falling).
fn swiss(n: usize, rounds: u32) -> Tournament {
    Tournament {
        id: 1,
        name: "d".into(),
        channel: "#d".into(),
        community: None,
        organizer: User::named("o"),
        kind: GameKind::ALL[0],
        options: Vec::new(),
        format: Format::Swiss,
        pairing: Pairing::Dutch,
        rounds,
        pod: 2,
        bots: false,
        deadline: 0,
        stage: Stage::Running,
        entrants: (0..n)
            .map(|i| Entrant {
                user: User::named(&format!("p{}", i + 1)),
                rating: 2000.0 - i as f64,
                out: false,
            })
            .collect(),
        played: Vec::new(),
        seed: 1,
        created: 0,
    }
}

/// Adds a round of `games` — (White, Black, White's points) by pairing number — and `byes`.
fn play(t: &mut Tournament, games: &[(usize, usize, f64)], byes: &[usize]) {
    let number = t.played.len() as u32 + 1;
    t.played.push(Round {
        number,
        games: games
            .iter()
            .enumerate()
            .map(|(i, (w, b, p))| Game {
                board: i as u32 + 1,
                seats: vec![w - 1, b - 1],
                table: u64::from(number) * 100 + i as u64,
                channel: String::new(),
                result: Some(Outcome::of_ranks(
                    match p {
                        1.0 => &[1, 2],
                        0.0 => &[2, 1],
                        _ => &[1, 1],
                    },
                    vec![None, None],
                    false,
                )),
            })
            .collect(),
        byes: byes.iter().map(|b| b - 1).collect(),
        ..Round::default()
    });
}

/// The next round by pairing numbers: (White, Black) per board, and the byes.
fn next(t: &Tournament) -> (Vec<(usize, usize)>, Vec<usize>) {
    let (games, byes) = pair_round(t, t.played.len() as u32 + 1).expect("paired");
    (
        games.iter().map(|g| (g[0] + 1, g[1] + 1)).collect(),
        byes.iter().map(|b| b + 1).collect(),
    )
}

/// Round 1 (C.04.3 A.2, B, E.5): the top half meets the bottom half in order, the higher
/// pairing number of each pair White when odd; with an odd count the lowest has the bye.
#[test]
fn round_one_pairs_the_top_half_against_the_bottom_half() {
    let t = swiss(8, 5);
    assert_eq!(next(&t), (vec![(1, 5), (6, 2), (3, 7), (8, 4)], vec![]));
    let t = swiss(7, 5);
    assert_eq!(next(&t), (vec![(1, 4), (5, 2), (3, 6)], vec![7]));
}

/// Round 2 of six after 1–4, 5–2 (2 won), 3–6, the higher seeds winning: the 1-point bracket
/// {1, 2, 3} pairs 1 v 2 (S1 {1}, S2 {2, 3}; both preferences granted: 2 White) and its
/// lowest, 3, floats down; in the 0-point bracket the MDP 3 meets the best resident, 4 (who
/// is due White), and 6 v 5 remain (6 due White). Boards by the higher score, then the other.
#[test]
fn round_two_floats_the_lowest_of_an_odd_bracket_down() {
    let mut t = swiss(6, 5);
    play(&mut t, &[(1, 4, 1.0), (5, 2, 0.0), (3, 6, 1.0)], &[]);
    assert_eq!(next(&t), (vec![(2, 1), (4, 3), (6, 5)], vec![]));
}

/// Round 2 of five after 1–3 (1 won), 2–4 (4 won), 5 the bye. The 1-point bracket {1, 4, 5}:
/// 1 v 4 would deny one of them a strong preference (both played White), so 1 meets 5 (who
/// has none: 1's strong preference for Black is granted) and 4 floats down into the last
/// bracket {4 | 2, 3}, where 4 meets 3 (due White) and 2 has the bye — as py4swiss (which
/// pairs as bbpPairings does) pairs it too; nobody with a bye has a second.
#[test]
fn a_transposition_grants_the_colours_and_the_bye_goes_to_one_without_one() {
    let mut t = swiss(5, 5);
    play(&mut t, &[(1, 3, 1.0), (4, 2, 1.0)], &[5]);
    assert_eq!(next(&t), (vec![(5, 1), (3, 4)], vec![2]));
}

/// What one random round broke, and how often a rule was put to the test.
#[derive(Default, Debug)]
struct Tally {
    rounds: usize,
    /// Rounds no pairing kept the absolute criteria in (paired by the plain matching).
    fallbacks: usize,
    /// Top groups paired S1 v S2 in order where that was perfect.
    folds: usize,
    /// Colour allocations decided by a stronger preference.
    stronger: usize,
    /// Topscorers paired despite the same absolute preference (last rounds only).
    topscorer_clashes: usize,
}

/// Checks round `round` (paired, not yet played) of `t` against the rules.
fn check_round(
    t: &Tournament,
    games: &[Vec<usize>],
    byes: &[usize],
    tally: &mut Tally,
    context: &str,
) {
    let h = histories(t);
    let n = t.entrants.len();
    let number = t.played.len() + 1;
    let last = number as u32 == t.rounds;
    // Everybody once, one bye when the count is odd.
    let mut seen: Vec<usize> = games
        .iter()
        .flatten()
        .copied()
        .chain(byes.iter().copied())
        .collect();
    seen.sort();
    assert_eq!(seen, (0..n).collect::<Vec<_>>(), "{context}");
    assert_eq!(byes.len(), n % 2, "{context}");
    // C.2: the bye to someone without one, the lowest score group that has such a player.
    for b in byes {
        assert_eq!(h[*b].byes, 0, "{context}: a second bye");
        let lowest = (0..n)
            .filter(|e| h[*e].byes == 0)
            .map(|e| h[e].points)
            .fold(f64::MAX, f64::min);
        assert!(
            h[*b].points <= lowest + 1.0,
            "{context}: the bye far from the bottom"
        );
    }
    let topscorer = |e: usize| last && h[e].points > t.played.len() as f64 / 2.0;
    let pref = |e: usize| -> (Option<bool>, Strength, i32) {
        let colours: Vec<bool> = h[e].colours.iter().map(|c| *c == 0).collect();
        let (p, difference, _) = preference(&colours);
        (p.white, p.strength, difference)
    };
    for g in games {
        let (w, b) = (g[0], g[1]);
        // C.1: no rematch.
        assert!(
            !h[w].met.contains_key(&b),
            "{context}: {w} and {b} met before"
        );
        let (pw, pb) = (pref(w), pref(b));
        // C.3: no two with the same absolute preference, unless a topscorer in the last round.
        if pw.1 == Strength::Absolute && pb.1 == Strength::Absolute && pw.0 == pb.0 {
            assert!(
                topscorer(w) || topscorer(b),
                "{context}: an absolute clash {w} v {b}"
            );
            assert!(last);
            tally.topscorer_clashes += 1;
        }
        // E.1: both preferences granted when they differ.
        if let (Some(a), Some(c)) = (pw.0, pb.0)
            && a != c
        {
            assert!(a && !c, "{context}: {w} v {b} against both preferences");
        }
        // E.2: else the stronger preference granted.
        if pw.0 == pb.0 && pw.1 != pb.1 {
            tally.stronger += 1;
            if pw.1 > pb.1 {
                assert_eq!(pw.0, Some(true), "{context}: {w}'s stronger preference");
            } else {
                assert_eq!(pb.0, Some(false), "{context}: {b}'s stronger preference");
            }
        }
    }
    // The top score group paired S1 v S2 in order where that candidate is perfect (even,
    // nobody met, nobody's preference denied) and leaves the round completable — here: when
    // the Dutch pairing paired the whole group inside itself.
    let order = ranked(t, &h);
    let top: Vec<usize> = order
        .iter()
        .copied()
        .take_while(|e| h[*e].points == h[order[0]].points)
        .collect();
    let half = top.len() / 2;
    let perfect = top.len().is_multiple_of(2)
        && (0..half).all(|i| {
            let (a, c) = (top[i], top[half + i]);
            let (pa, pc) = (pref(a), pref(c));
            let clash = pa.0.is_some() && pa.0 == pc.0;
            !(h[a].met.contains_key(&c) || clash)
        });
    let inside = games
        .iter()
        .filter(|g| top.contains(&g[0]) && top.contains(&g[1]))
        .count();
    if perfect && inside == half && half > 0 {
        for i in 0..half {
            let (a, c) = (top[i], top[half + i]);
            assert!(
                games.iter().any(|g| g.contains(&a) && g.contains(&c)),
                "{context}: S1 v S2 in order: {a} v {c}"
            );
        }
        tally.folds += 1;
    }
    // Round 1: 1 v n/2+1, … and the last has the bye.
    if number == 1 {
        let numbers = super::pairing_numbers(t);
        let seed = |k: usize| numbers.iter().position(|x| *x == k).expect("numbered");
        for i in 0..n / 2 {
            let (a, c) = (seed(i + 1), seed(n / 2 + i + 1));
            let white = if i % 2 == 0 { a } else { c };
            assert!(
                games.contains(&vec![white, a + c - white]),
                "{context}: round 1"
            );
        }
        if n % 2 == 1 {
            assert_eq!(byes, &[seed(n)], "{context}: the last has the bye");
        }
    }
    tally.rounds += 1;
}

/// Random Swiss tournaments of 20 to 60 players over 5 to 9 rounds, ratings and results
/// (draws too) drawn at random: every round keeps the rules (see [`check_round`]), and over the
/// event nobody meets anybody twice or has two byes.
#[test]
fn random_swiss_tournaments_keep_the_dutch_rules() {
    let mut tally = Tally::default();
    for seed in 0..40 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = rng.random_range(20..=60);
        let rounds = rng.random_range(5..=9);
        let mut t = swiss(n, rounds);
        for e in &mut t.entrants {
            e.rating = f64::from(rng.random_range(1000..2200));
        }
        for number in 1..=rounds {
            let context = format!("seed {seed}, {n} players, round {number}");
            let h = histories(&t);
            let order = ranked(&t, &h);
            let Some((games, byes)) = super::pair(&t, &order) else {
                tally.fallbacks += 1;
                break;
            };
            check_round(&t, &games, &byes, &mut tally, &context);
            let games: Vec<(usize, usize, f64)> = games
                .iter()
                .map(|g| (g[0] + 1, g[1] + 1, [1.0, 0.5, 0.0][rng.random_range(0..3)]))
                .collect();
            let byes: Vec<usize> = byes.iter().map(|b| b + 1).collect();
            play(&mut t, &games, &byes);
        }
        let h = histories(&t);
        assert!(h.iter().all(|h| h.byes <= 1), "seed {seed}: two byes");
        assert!(
            h.iter().all(|h| h.met.values().all(|m| *m == 1)),
            "seed {seed}: a rematch"
        );
    }
    // The rules were put to the test.
    assert!(tally.rounds > 200, "{tally:?}");
    assert!(tally.folds > 40, "{tally:?}");
    assert!(tally.stronger > 100, "{tally:?}");
    assert!(tally.fallbacks < 5, "{tally:?}");
}
