//! Computer players: they fill a seat and play through the same table path as a person.
//!
//! A bot decides from [`AnySeen`] alone — its seat's view and its legal moves — so the type it
//! receives cannot reach the game's state (no other hands, no secret choices, no bag order, no
//! seed). The table asks [`choose`] when a bot's seat is to act and plays the answer like a
//! typed move.
//!
//! Levels: `easy` plays a random legal move. `normal` and `hard` are to search (determinized
//! information-set Monte Carlo tree search; alpha-beta for games without hidden information); until a game has its engine
//! they play like `easy`, and `/bot` says so.

pub mod arena;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::games::{AnySeen, Game, Seen, SeenVisitor};

/// How strong a computer player is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// For learning: a random legal move.
    Easy,
    /// A fair opponent.
    Normal,
    /// Strong.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// Its word in `/bot` and in a bot's id.
    pub fn word(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The level a word names.
    pub fn from_word(word: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.word().eq_ignore_ascii_case(word))
    }

    /// The level words, for help and refusals.
    pub fn words() -> String {
        Level::ALL.map(Level::word).join(", ")
    }
}

/// The move a bot of `level` plays, as move text; `None` when its seat has no legal move.
/// `seed` makes the choice repeatable (the table derives it from its own seeding, never from
/// the game's random generator).
pub fn choose(seen: &AnySeen, level: Level, seed: u64) -> Option<String> {
    seen.visit(Chooser { level, seed })
}

struct Chooser {
    level: Level,
    seed: u64,
}

impl SeenVisitor for Chooser {
    type Output = Option<String>;

    fn visit<G: Game>(self, seen: &Seen<G>) -> Option<String> {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let _ = self.level; // every level plays at random until the games have engines
        random(seen, &mut rng).map(|m| m.to_string())
    }
}

/// A legal move chosen uniformly at random.
fn random<G: Game>(seen: &Seen<G>, rng: &mut impl RngCore) -> Option<G::Move> {
    let legal = seen.legal();
    if legal.is_empty() {
        return None;
    }
    let i = (rng.next_u64() % legal.len() as u64) as usize;
    legal.get(i).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_round_trip_through_their_words() {
        for level in Level::ALL {
            assert_eq!(Level::from_word(level.word()), Some(level));
        }
        assert_eq!(Level::from_word("HARD"), Some(Level::Hard));
        assert_eq!(Level::from_word("godlike"), None);
        assert_eq!(Level::words(), "easy, normal, hard");
    }
}
