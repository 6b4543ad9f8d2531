//! The formats and which games they fit.

use serde::{Deserialize, Serialize};

use super::refused::SpecRefused;
use crate::games::GameKind;

/// How a tournament pairs its rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Each round pairs players of similar points who have not met: two-player games by the
    /// FIDE Dutch system (or, with `pairing=simple`, one maximum-weight matching),
    /// games of more by pods of similar points with the fewest repeat opponents.
    Swiss,
    /// Everybody meets everybody (two-player games: the circle method); games of more rotate
    /// pods so that each pair meets as evenly as the rounds allow.
    RoundRobin,
    /// Two-player games; the loser is out, a drawn game is played again with the colours
    /// swapped; byes go to the best-rated when the count is not a power of two.
    Knockout,
    /// Games that can be played alone: every entrant plays the same deal alone, at the same
    /// time; ranked by the sum of their scores.
    Duplicate,
}

/// How a two-player Swiss pairs its rounds (`pairing=` when creating it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pairing {
    /// The FIDE Dutch system (C.04.3): score brackets, S1 against S2, transpositions and
    /// exchanges, downfloaters and colours by its rules. Tournaments stored before the choice
    /// existed read as this.
    #[default]
    Dutch,
    /// One maximum-weight matching over every pair of entrants (no rematch, score groups kept
    /// together from the top, colours balanced).
    Simple,
}

impl Pairing {
    /// The pairing a word names.
    pub fn from_word(word: &str) -> Option<Pairing> {
        Some(match word.to_ascii_lowercase().as_str() {
            "dutch" => Pairing::Dutch,
            "simple" => Pairing::Simple,
            _ => return None,
        })
    }

    /// Its word.
    pub fn word(self) -> &'static str {
        match self {
            Pairing::Dutch => "dutch",
            Pairing::Simple => "simple",
        }
    }
}

impl Format {
    /// The format a word names.
    pub fn from_word(word: &str) -> Option<Format> {
        Some(match word.to_ascii_lowercase().as_str() {
            "swiss" => Format::Swiss,
            "roundrobin" | "round-robin" | "rr" => Format::RoundRobin,
            "knockout" | "ko" => Format::Knockout,
            "duplicate" => Format::Duplicate,
            _ => return None,
        })
    }

    /// Its word.
    pub fn word(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
            Format::RoundRobin => "roundrobin",
            Format::Knockout => "knockout",
            Format::Duplicate => "duplicate",
        }
    }

    /// Whether this format fits `kind` with `pod` players per game; the refusal says why not.
    pub fn fits(self, kind: GameKind, pod: usize) -> Result<(), SpecRefused> {
        match self {
            Format::Knockout if pod != 2 => Err(SpecRefused::KnockoutTwoPlayers { game: kind }),
            Format::Duplicate if kind.info().min_players > 1 => {
                Err(SpecRefused::DuplicateAlone { game: kind })
            }
            _ => Ok(()),
        }
    }

    /// The players per game: 1 in a duplicate; else `asked` (checked against the game), or two
    /// where the game allows two, else its fewest.
    pub fn pod(self, kind: GameKind, asked: Option<usize>) -> Result<usize, SpecRefused> {
        let info = kind.info();
        if self == Format::Duplicate {
            return Ok(1);
        }
        let least = info.min_players.max(2);
        match asked {
            Some(n) if n < least || n > info.max_players => Err(SpecRefused::PlayersDoNotFit {
                game: kind,
                asked: n,
            }),
            Some(n) => Ok(n),
            None if least > info.max_players => Err(SpecRefused::NotSeveralPlayers { game: kind }),
            None => Ok(least),
        }
    }

    /// The rounds when none were asked for, for `n` entrants and `pod` players per game.
    pub fn default_rounds(self, n: usize, pod: usize) -> u32 {
        let n = n.max(2);
        match self {
            // Enough for one winner to emerge: ⌈log₂ n⌉, at least three.
            Format::Swiss => (usize::BITS - (n - 1).leading_zeros()).max(3),
            Format::RoundRobin if pod <= 2 => (n - 1 + n % 2) as u32,
            // Each entrant meets pod − 1 others a round.
            Format::RoundRobin => (n - 1).div_ceil(pod.max(2) - 1) as u32,
            Format::Knockout => usize::BITS - (n - 1).leading_zeros(),
            Format::Duplicate => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_rounds() {
        assert_eq!(Format::Swiss.default_rounds(6, 2), 3);
        assert_eq!(Format::Swiss.default_rounds(64, 2), 6);
        assert_eq!(Format::Swiss.default_rounds(65, 2), 7);
        assert_eq!(Format::RoundRobin.default_rounds(6, 2), 5);
        assert_eq!(Format::RoundRobin.default_rounds(5, 2), 5);
        assert_eq!(Format::RoundRobin.default_rounds(7, 3), 3);
        assert_eq!(Format::Knockout.default_rounds(8, 2), 3);
        assert_eq!(Format::Knockout.default_rounds(9, 2), 4);
        assert_eq!(Format::Duplicate.default_rounds(9, 1), 1);
    }

    #[test]
    fn words() {
        for f in [
            Format::Swiss,
            Format::RoundRobin,
            Format::Knockout,
            Format::Duplicate,
        ] {
            assert_eq!(Format::from_word(f.word()), Some(f));
        }
        assert_eq!(Format::from_word("ladder"), None);
        for p in [Pairing::Dutch, Pairing::Simple] {
            assert_eq!(Pairing::from_word(p.word()), Some(p));
        }
        assert_eq!(Pairing::from_word("monrad"), None);
        assert_eq!(Pairing::default(), Pairing::Dutch);
    }
}
