//! Computer players: they fill a seat and play through the same table path as a person.
//!
//! A bot decides from [`AnySeen`] alone — its seat's view and its legal moves — so the type it
//! receives cannot reach the game's state (no other hands, no secret choices, no bag order, no
//! seed). The table asks [`choose`] when a bot's seat is to act and plays the answer like a
//! typed move.
//!
//! Levels: `easy` plays a random legal move; `normal` and `hard` ask the game's own engine
//! ([`Think`]: alpha-beta where nothing is hidden) with a small and a large [`Effort`]. A game
//! without an engine yet (DonQuixote, Burg, Komarn: information-set Monte Carlo tree search is
//! still to come) is played at random at every level.

pub mod arena;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use std::time::Duration;

use crate::games::{AnySeen, Effort, Game, Seen, SeenVisitor, Think};

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

impl Level {
    /// How hard this level thinks by default: `easy` not at all (a random move), `normal` a
    /// shallow search, `hard` up to 2 seconds.
    pub fn effort(self) -> Option<Effort> {
        match self {
            Level::Easy => None,
            Level::Normal => Some(Effort {
                budget: Duration::from_millis(300),
                max_depth: 2,
            }),
            Level::Hard => Some(Effort {
                budget: Duration::from_secs(2),
                max_depth: 64,
            }),
        }
    }
}

/// A bot's choice: the move text and how many positions it searched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The move, as move text.
    pub text: String,
    /// Positions searched (0 for a random move).
    pub nodes: u64,
}

/// The move a bot of `level` plays, as move text; `None` when its seat has no legal move.
/// `seed` makes the choice repeatable (the table derives it from its own seeding, never from
/// the game's random generator).
pub fn choose(seen: &AnySeen, level: Level, seed: u64) -> Option<String> {
    choose_with(seen, level.effort(), seed).map(|c| c.text)
}

/// Like [`choose`] with an explicit effort (`None`: a random legal move).
pub fn choose_with(seen: &AnySeen, effort: Option<Effort>, seed: u64) -> Option<Choice> {
    seen.visit(Chooser { effort, seed })
}

struct Chooser {
    effort: Option<Effort>,
    seed: u64,
}

impl SeenVisitor for Chooser {
    type Output = Option<Choice>;

    fn visit<G: Think>(self, seen: &Seen<G>) -> Option<Choice> {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        if let Some(effort) = self.effort
            && let Some((mv, nodes)) = G::think(seen, effort, &mut rng)
        {
            return Some(Choice {
                text: mv.to_string(),
                nodes,
            });
        }
        random(seen, &mut rng).map(|m| Choice {
            text: m.to_string(),
            nodes: 0,
        })
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
