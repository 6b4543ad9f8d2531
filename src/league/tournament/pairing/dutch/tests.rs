//! The Dutch system: small rounds checked by hand against the rules, and its rules pinned over
//! many random tournaments.

use super::super::super::{Entrant, Format, Game, Outcome, Pairing, Round, Stage, Tournament};
use super::super::pair as pair_round;
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
