//! DonQuixote move text. A move is a tile, as printed or turned by 180°:
//!
//! - canonical: `7`, `12r`;
//! - also accepted: `place 7`, `place 12 turned`, `12 r`, `P 12R`, any case and spacing;
//! - in the words of the German and Dutch help pages too: `lege Karte 12 gedreht`,
//!   `leg wegkaart 12 gedraaid` (Wegekarte, drehen; wegkaart, draaien).
//!
//! The field is never part of a move: every player places on the revealed field. A move that
//! names a field (`place 7 on B3`, `B3`) still parses, as [`Move::OnField`], so that the game
//! can refuse it and name the revealed field.

use std::fmt;
use std::str::FromStr;

use super::board::Field;
use super::tiles::{Placement, TILE_COUNT};
use crate::games::ParseMoveError;
use crate::t;

/// A DonQuixote move as a player types it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place this tile on the revealed field.
    Place(Placement),
    /// The player named a field. Never legal: the game refuses it, explaining that tiles go on
    /// the revealed field.
    OnField {
        /// The tile, if one was named too.
        placement: Option<Placement>,
        /// The field typed.
        field: Field,
    },
}

impl Move {
    /// Tile `tile`, turned or not.
    pub fn place(tile: u8, turned: bool) -> Move {
        Move::Place(Placement::new(tile, turned))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(p) => write!(f, "{p}"),
            Move::OnField {
                placement: Some(p),
                field,
            } => write!(f, "{p} on {field}"),
            Move::OnField {
                placement: None,
                field,
            } => write!(f, "{field}"),
        }
    }
}

/// Words that say "turned by 180°", per language: English, German (the help page: `um 180 Grad
/// gedreht`), Dutch.
const TURNED: [&[&str]; 3] = [
    &["r", "turned", "turn", "rotated", "rotate", "180"],
    &["gedreht", "umgedreht", "drehen", "drehe", "dreh"],
    &["gedraaid", "omgedraaid", "draaien", "draai"],
];
/// Filler words, per language: English, German (`lege Wegekarte 7 auf …`), Dutch (`leg wegkaart
/// 7 op …`).
const FILLER: [&[&str]; 3] = [
    &[
        "place", "p", "play", "put", "lay", "tile", "on", "at", "@", "to", "°",
    ],
    &[
        "lege",
        "leg",
        "legen",
        "platziere",
        "platzieren",
        "setze",
        "setz",
        "spiele",
        "karte",
        "wegekarte",
        "auf",
        "um",
        "grad",
    ],
    &[
        "leg", "leggen", "plaats", "plaatsen", "zet", "speel", "tegel", "kaart", "wegkaart", "op",
        "om", "graden",
    ],
];

/// Whether `word` is in one of the languages' lists.
fn among(lists: &[&[&str]; 3], word: &str) -> bool {
    lists.iter().any(|list| list.contains(&word))
}

fn expected() -> String {
    t!("donquixote-move-expected")
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let shown: String = s.trim().chars().take(20).collect();
        let fail =
            |why: String| ParseMoveError(t!("donquixote-not-a-move", text = &shown, why = why));
        let lower = s.to_lowercase().replace([',', ':', '=', ';'], " ");
        // Each whitespace-separated token is a field name (`b3`) or splits into runs of digits
        // and non-digits: `12r` → `12 r`, `place7` → `place 7`.
        let mut pieces: Vec<String> = Vec::new();
        for token in lower.split_whitespace() {
            if token.parse::<Field>().is_ok() {
                pieces.push(token.to_string());
                continue;
            }
            let mut run = String::new();
            for c in token.chars() {
                if run
                    .chars()
                    .last()
                    .is_some_and(|p| p.is_ascii_digit() != c.is_ascii_digit())
                {
                    pieces.push(std::mem::take(&mut run));
                }
                run.push(c);
            }
            pieces.push(run);
        }
        let mut tile: Option<u8> = None;
        let mut turned = false;
        let mut field: Option<Field> = None;
        let mut words = 0;
        for word in pieces.iter().map(String::as_str) {
            words += 1;
            if words > 12 {
                return Err(fail(expected()));
            }
            if among(&FILLER, word) {
                continue;
            }
            if among(&TURNED, word) {
                turned = true;
                continue;
            }
            if word.chars().all(|c| c.is_ascii_digit()) {
                if tile.is_some() {
                    return Err(fail(t!("donquixote-one-tile-only")));
                }
                let number: Option<u32> = word.parse().ok();
                match number {
                    Some(n @ 1..) if n <= u32::from(TILE_COUNT) => tile = Some(n as u8),
                    _ => {
                        let n: String = word.chars().take(6).collect();
                        return Err(fail(t!("donquixote-no-such-tile", tile = n)));
                    }
                }
                continue;
            }
            if let Ok(f) = word.parse::<Field>() {
                if field.is_some() {
                    return Err(fail(expected()));
                }
                field = Some(f);
                continue;
            }
            return Err(fail(expected()));
        }
        let placement = tile.map(|t| Placement::new(t, turned));
        match (placement, field) {
            (Some(p), None) => Ok(Move::Place(p)),
            (placement, Some(field)) => Ok(Move::OnField { placement, field }),
            (None, None) => Err(fail(expected())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(s: &str) -> Field {
        s.parse().unwrap()
    }

    #[test]
    fn accepted_forms() {
        for (text, tile, turned) in [
            ("7", 7, false),
            ("12r", 12, true),
            ("12R", 12, true),
            ("12 r", 12, true),
            ("place 7", 7, false),
            ("Place 12 turned", 12, true),
            ("  place   12r ", 12, true),
            ("place12r", 12, true),
            ("p 3", 3, false),
            ("22 rotated", 22, true),
            ("tile 9", 9, false),
        ] {
            assert_eq!(
                text.parse::<Move>(),
                Ok(Move::place(tile, turned)),
                "{text}"
            );
        }
    }

    #[test]
    fn fields_parse_to_a_move_the_game_refuses() {
        assert_eq!(
            "place 7 on B3".parse::<Move>(),
            Ok(Move::OnField {
                placement: Some(Placement::new(7, false)),
                field: f("B3")
            })
        );
        assert_eq!(
            "b3".parse::<Move>(),
            Ok(Move::OnField {
                placement: None,
                field: f("B3")
            })
        );
        assert_eq!(
            "12r b3".parse::<Move>(),
            Ok(Move::OnField {
                placement: Some(Placement::new(12, true)),
                field: f("B3")
            })
        );
    }

    #[test]
    fn display_round_trips() {
        for mv in [
            Move::place(7, false),
            Move::place(12, true),
            Move::OnField {
                placement: Some(Placement::new(3, true)),
                field: f("H3"),
            },
            Move::OnField {
                placement: None,
                field: f("A1"),
            },
        ] {
            assert_eq!(mv.to_string().parse::<Move>(), Ok(mv), "{mv}");
        }
        assert_eq!(Move::place(12, true).to_string(), "12r");
        assert_eq!(Move::place(7, false).to_string(), "7");
    }

    #[test]
    fn rejects_garbage_with_a_hint() {
        for text in [
            "", " ", "r", "0", "23", "999", "7 8", "x", "pass", "Z9Z9", "A2B2C2D2", "B3 C3",
            "place", "7.5", "-", "🂡",
        ] {
            let err = text.parse::<Move>().unwrap_err();
            assert!(!err.0.is_empty(), "{text}");
        }
        assert!("23".parse::<Move>().unwrap_err().0.contains("no tile 23"));
        assert!("hello".parse::<Move>().unwrap_err().0.contains("12r"));
        let long = "7".repeat(10_000);
        assert!(long.parse::<Move>().unwrap_err().0.len() < 300);
    }
}
