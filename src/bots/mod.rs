//! Computer players: they fill a seat and play through the same table path as a person.
//!
//! A bot decides from [`AnySeen`] alone — its seat's view and its legal moves — so the type it
//! receives cannot reach the game's state (no other hands, no secret choices, no bag order, no
//! seed). The table asks [`choose`] when a bot's seat is to act and plays the answer like a
//! typed move.
//!
//! Levels: `easy` is the one-ply greedy player (the move that looks best right now); `normal`
//! and `hard` search, with a small and a large [`Effort`]: the game's own engine where it has
//! one ([`Think::think`]: alpha-beta where nothing is hidden), else the information-set Monte
//! Carlo tree search of [`ismcts`] over positions drawn from what the seat has seen. The arena
//! also knows `random` (a random legal move) and `greedy` (another word for `easy`).

pub mod arena;
pub mod ismcts;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use std::time::Duration;

use crate::games::{AnySeen, Effort, Game, Seen, SeenVisitor, Think};

/// How strong a computer player is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// For learning: the one-ply greedy player (the move that looks best right now).
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
    /// How hard this level thinks by default: `easy` one ply (greedy), `normal` a short
    /// search, `hard` up to 2 seconds.
    pub fn effort(self) -> Option<Effort> {
        match self {
            Level::Easy => Some(Effort {
                budget: Duration::from_millis(100),
                max_depth: 1,
            }),
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

/// Who plays a seat in the arena: a level, or the random baseline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// A random legal move.
    Random,
    /// The one-ply greedy player (the same as `easy`, under the name baselines go by).
    Greedy,
    /// A `/bot` level.
    Level(Level),
}

impl Player {
    /// The player a word names: `random`, `greedy` or a level.
    pub fn from_word(word: &str) -> Option<Player> {
        match word.to_ascii_lowercase().as_str() {
            "random" => Some(Player::Random),
            "greedy" => Some(Player::Greedy),
            w => Level::from_word(w).map(Player::Level),
        }
    }

    /// Its word.
    pub fn word(self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::Greedy => "greedy",
            Player::Level(l) => l.word(),
        }
    }

    /// The player words, for refusals.
    pub fn words() -> String {
        format!("random, greedy, {}", Level::words())
    }

    /// How hard it thinks (`None`: a random move).
    pub fn effort(self) -> Option<Effort> {
        match self {
            Player::Random => None,
            Player::Greedy => Level::Easy.effort(),
            Player::Level(l) => l.effort(),
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

/// Like [`choose`] with an explicit effort (`None`: a random legal move; a `max_depth` of 1:
/// the one-ply greedy player).
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
        if let Some(effort) = self.effort {
            let found = G::think(seen, effort, &mut rng).or_else(|| {
                if effort.max_depth <= 1 {
                    ismcts::greedy(seen, &mut rng)
                } else {
                    ismcts::search(seen, effort, &mut rng)
                }
            });
            if let Some((mv, nodes)) = found {
                return Some(Choice {
                    text: mv.to_string(),
                    nodes,
                });
            }
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
        for word in ["random", "greedy", "easy", "normal", "hard"] {
            let player = Player::from_word(word).expect("a player");
            assert_eq!(player.word(), word);
        }
        assert_eq!(Player::Greedy.effort(), Level::Easy.effort());
        assert_eq!(Player::Random.effort(), None);
    }
}
