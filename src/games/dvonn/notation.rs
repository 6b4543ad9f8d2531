//! Dvonn move text: `G2` (placement), `A2B2` / `A2-B2` (move), `pass`.

use std::fmt;
use std::str::FromStr;

use super::board::Field;
use crate::games::ParseMoveError;

/// A Dvonn move as a player types it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Setup phase (option `profi`): place the next piece on an empty field.
    Place(Field),
    /// Move the stack on `from` onto the stack on `to`.
    Step {
        /// Where the stack stands.
        from: Field,
        /// Where it lands.
        to: Field,
    },
    /// Pass (only legal when there is no other move).
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(field) => write!(f, "{field}"),
            Move::Step { from, to } => write!(f, "{from}{to}"),
            Move::Pass => write!(f, "pass"),
        }
    }
}

/// The words for passing, in English, German and Dutch (any case): `pass`; `passen`,
/// `aussetzen`; `passen`, `pas`. All mean `pass` and print as `pass`.
pub const PASS_WORDS: [&str; 4] = ["pass", "passen", "aussetzen", "pas"];

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        if PASS_WORDS.iter().any(|w| text.eq_ignore_ascii_case(w)) {
            return Ok(Move::Pass);
        }
        let compact: String = text
            .chars()
            .filter(|c| !matches!(c, '-' | ' ' | '>' | '→'))
            .collect();
        let field = |part: &str| {
            part.parse::<Field>()
                .map_err(|e| ParseMoveError(e.to_string()))
        };
        let shown: String = text.chars().take(20).collect();
        match compact.chars().count() {
            2 => Ok(Move::Place(field(&compact)?)),
            4 if compact.is_ascii() => {
                let from = field(&compact[..2])?;
                let to = field(&compact[2..])?;
                Ok(Move::Step { from, to })
            }
            _ => Err(ParseMoveError(crate::t!("dvonn-not-a-move", text = shown))),
        }
    }
}

/// Formats a move the way the Little Golem transcript writes it (lower case).
pub fn transcript_text(mv: &Move) -> String {
    mv.to_string().to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(s: &str) -> Field {
        s.parse().unwrap()
    }

    #[test]
    fn parses_every_accepted_form() {
        let step = Move::Step {
            from: f("A2"),
            to: f("B2"),
        };
        for text in ["A2B2", "a2b2", "A2-B2", "a2 - b2", " a2b2 ", "A2→B2"] {
            assert_eq!(text.parse::<Move>(), Ok(step), "{text}");
        }
        assert_eq!("g2".parse::<Move>(), Ok(Move::Place(f("G2"))));
        assert_eq!("PASS".parse::<Move>(), Ok(Move::Pass));
    }

    #[test]
    fn pass_is_understood_in_english_german_and_dutch() {
        for text in [
            "pass",
            "Pass",
            "passen",
            "PASSEN",
            "aussetzen",
            "Aussetzen",
            "pas",
            " Pas ",
        ] {
            assert_eq!(text.parse::<Move>(), Ok(Move::Pass), "{text}");
            assert_eq!(
                text.parse::<Move>().map(|m| m.to_string()),
                Ok("pass".into())
            );
        }
    }

    #[test]
    fn display_round_trips() {
        for mv in [
            Move::Place(f("K5")),
            Move::Step {
                from: f("C5"),
                to: f("C3"),
            },
            Move::Pass,
        ] {
            assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        }
        assert_eq!(
            transcript_text(&Move::Step {
                from: f("A2"),
                to: f("B2")
            }),
            "a2b2"
        );
    }

    #[test]
    fn rejects_garbage_with_a_hint() {
        for text in [
            "",
            "x",
            "A2B",
            "Z9Z9",
            "A2B2C2",
            "ä2b2",
            "resign now",
            "A4B4",
        ] {
            let err = text.parse::<Move>().unwrap_err();
            assert!(!err.0.is_empty(), "{text}");
        }
        let err = "hello".parse::<Move>().unwrap_err();
        assert!(err.0.contains("A2B2"), "{}", err.0);
        let long = "A".repeat(10_000);
        let err = long.parse::<Move>().unwrap_err();
        assert!(err.0.len() < 300);
    }
}
