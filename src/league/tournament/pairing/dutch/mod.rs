//! The FIDE Dutch system (Handbook C.04.3, the rules in force until 31 January 2026, with
//! C.04.1's basic rules), as bbpPairings and py4swiss build it.
//!
//! The players are ranked by points, then pairing number (the initial ranking: rating, then
//! join order). The score groups are paired from the top one bracket at a time: a bracket is
//! the group's residents with the players moved down from above (MDPs). A maximum-weight
//! matching over the bracket and the next score group, whose integer weights rank the quality
//! criteria lexicographically (`criteria.rs`: C.5 the most pairs, C.6 the smallest score
//! differences of the downfloaters, C.7 the same in the next bracket, C.8–C.11 colours, C.12–
//! C.19 floats), finds the best candidates; then the rules' order of generation picks among
//! them (`bracket.rs`): the MDPs in S1 (D.3), whom each meets (D.1), the exchanges between the
//! homogeneous S1 and S2 (D.2) and S2's transpositions (D.1) — so with nothing in the way the
//! top half meets the bottom half in order (1 v n/2+1, …) and the lowest-ranked float down.
//! The absolute criteria are never broken: no rematch (C.1), no second bye (C.2), no two
//! non-topscorers with the same absolute colour preference (C.3; topscorers — over half the
//! maximum score in the last round — may meet so); a bracket whose downfloaters would leave
//! the rest unpairable (C.4) is paired again as the penultimate bracket with everybody below
//! collapsed into the last. The bye falls to the one left in the last bracket, by the weights
//! someone without a bye. Colours by E.1–E.5 (`colours.rs`). The boards are ordered by the
//! higher score, then the other's, then the higher pairing number.
//!
//! When no pairing keeps the absolute criteria at all (a small field late in the event), the
//! round is paired by the plain matching, which repeats as little as it must.
//!
//! The method is ported from py4swiss 0.3.1 (MIT licence; its notice is in
//! `THIRD-PARTY-NOTICES.md` at the repository's root).

mod bracket;
mod colours;
mod criteria;
mod player;
mod validity;

#[cfg(test)]
mod tests;

use super::super::Tournament;
use super::super::matching::Wide;
pub use colours::{Preference, Strength};
use criteria::Bracket;
pub use player::pairing_numbers;
use player::{Player, players};
use validity::Validity;

/// The colour preference (A.6) of a player with history `h`.
pub fn preference(h: &super::History) -> Preference {
    let colours: Vec<bool> = h.colours.iter().map(|c| *c == 0).collect();
    colours::preference(&colours).0
}

/// The most players paired together: a larger field is split into windows of about this
/// many consecutive players of the ranking, cut where the points change (as the plain matching
/// splits beyond 256), each paired by the Dutch system on its own — a bracket takes a
/// matching per decision, so its time grows with the fourth power of its size.
const WINDOW: usize = 128;

/// Bits above the heaviest weight left free for the blossom's dual variables.
const HEADROOM: u32 = 10;

/// Pairs the two-player Swiss round after `t.played` of the active entrants `order` (best
/// first): games as [White, Black] and the bye. `None` when the absolute criteria cannot all
/// be kept.
pub fn pair(t: &Tournament, order: &[usize]) -> Option<(Vec<Vec<usize>>, Vec<usize>)> {
    let mut players = players(t, order);
    players.sort_by(|a, b| b.points.cmp(&a.points).then(a.number.cmp(&b.number)));
    let mut games: Vec<(usize, usize)> = Vec::new();
    let mut byes = Vec::new();
    let points: Vec<i64> = players.iter().map(|p| p.points).collect();
    for part in super::simple::cut(&points, WINDOW) {
        let window = &players[part.clone()];
        for (white, black) in pair_players(window, t.played.len())? {
            match black {
                Some(black) => games.push((part.start + white, part.start + black)),
                None => byes.push(players[part.start + white].entrant),
            }
        }
    }
    // D.9: by the higher score of the pair, then the lower's, then the better pairing number.
    let key = |(w, b): &(usize, usize)| {
        let (hi, lo) = (w.min(b), w.max(b));
        (
            std::cmp::Reverse(players[*hi].points),
            std::cmp::Reverse(players[*lo].points),
            players[*hi].number,
        )
    };
    games.sort_by_key(key);
    let games = games
        .into_iter()
        .map(|(w, b)| vec![players[w].entrant, players[b].entrant])
        .collect();
    Some((games, byes))
}

/// Pairs `players` (best first) in round `played + 1`: (White, Black) or (the bye, None), as
/// indices into `players`. `None` when the absolute criteria cannot all be kept.
fn pair_players(players: &[Player], played: usize) -> Option<Vec<(usize, Option<usize>)>> {
    let mut validity = Validity::new(players);
    // Before the first round anybody may meet anybody.
    if played > 0 && !validity.completes() {
        return None;
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, p) in players.iter().enumerate() {
        match groups.last_mut() {
            Some(g) if players[g[0]].points == p.points => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut out = Vec::new();
    let mut mdps: Vec<usize> = Vec::new();
    let mut collapsed = false;
    let mut index = 0;
    while index < groups.len() {
        let lower = groups.get(index + 1).cloned().unwrap_or_default();
        let b = Bracket::new(
            players,
            mdps.clone(),
            groups[index].clone(),
            lower,
            played,
            collapsed,
        );
        match pair_bracket(&b, players, &mut validity) {
            Some(pairs) => {
                let paired: Vec<usize> = pairs
                    .iter()
                    .flat_map(|(a, b)| std::iter::once(*a).chain(*b))
                    .collect();
                mdps = mdps
                    .iter()
                    .chain(&groups[index])
                    .copied()
                    .filter(|p| !paired.contains(p))
                    .collect();
                out.extend(pairs);
                index += 1;
            }
            None => {
                // The penultimate bracket: everybody below forms one collapsed group.
                let rest: Vec<usize> = groups.drain(index + 1..).flatten().collect();
                if rest.is_empty() || collapsed {
                    return None;
                }
                groups.push(rest);
                collapsed = true;
            }
        }
    }
    Some(out)
}

/// [`bracket::pair`] with weights wide enough for the bracket.
fn pair_bracket(
    b: &Bracket,
    players: &[Player],
    validity: &mut Validity,
) -> Option<bracket::Pairs> {
    match b.width() + HEADROOM {
        w if w < i128::BITS => bracket::pair::<i128>(b, players, validity),
        w if w <= 256 => bracket::pair::<Wide<4>>(b, players, validity),
        w if w <= 512 => bracket::pair::<Wide<8>>(b, players, validity),
        w if w <= 1024 => bracket::pair::<Wide<16>>(b, players, validity),
        _ => bracket::pair::<Wide<32>>(b, players, validity),
    }
}
