//! Whether the round can still be completed (C.04.3 C.4): a matching of every player left
//! under the absolute criteria — no rematch (C.1), no second bye (C.2), no two non-topscorers
//! with the same absolute colour preference (C.3) — with the pairs already made fixed.

use integer_blossom::max_weight_matching;

use super::colours::Strength;
use super::player::Player;

/// Whether `a` and `b` may meet (C.1, C.3).
pub fn allowed(a: &Player, b: &Player) -> bool {
    let absolute =
        a.preference.strength == Strength::Absolute && b.preference.strength == Strength::Absolute;
    !a.opponents.contains(&b.entrant)
        && (a.topscorer || b.topscorer || !absolute || a.preference.white != b.preference.white)
}

/// The round's graph of allowed pairs (and the bye, a vertex of its own when the count is odd).
pub struct Validity {
    size: usize,
    edge: Vec<i64>,
}

impl Validity {
    pub fn new(players: &[Player]) -> Validity {
        let n = players.len();
        let size = n + n % 2;
        let mut edge = vec![0; size * size];
        for i in 0..n {
            for j in i + 1..n {
                edge[i * size + j] = i64::from(allowed(&players[i], &players[j]));
            }
            if size > n {
                edge[i * size + n] = i64::from(!players[i].bye);
            }
        }
        Validity { size, edge }
    }

    /// Fixes the pair `i`, `j` (`i < j`).
    pub fn fix(&mut self, i: usize, j: usize) {
        for k in 0..self.size {
            for (a, b) in [(i, k), (j, k)] {
                let (a, b) = (a.min(b), a.max(b));
                self.edge[a * self.size + b] = 0;
            }
        }
        self.edge[i.min(j) * self.size + i.max(j)] = 1;
    }

    /// Everybody can be paired (one of them with the bye).
    pub fn completes(&self) -> bool {
        max_weight_matching(&self.edge, self.size)
            .iter()
            .all(Option::is_some)
    }
}
