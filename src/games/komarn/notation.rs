//! Banner von Komarn move text (§10). Canonical forms (`Display`):
//!
//! | move | text |
//! | --- | --- |
//! | recruit or seduce on a field of area n | `play 17L` |
//! | chase the Morlock of area n with a second number | `play 17 +32` |
//! | reinforce with a dead number | `play 17 @23R` |
//! | … with a camp | `play 17L camp 18L` |
//! | discard when nothing fits | `pass 40` |
//! | place a drawn Morlock / claim none | `morlock 12`, `morlock none` |
//! | answer a claim | `challenge`, `accept` |
//! | choose the lost number | `strike 5` |
//!
//! Parsing is case-insensitive and lenient about spaces (`PLAY 17 l CAMP 18l`, `play 17+32`,
//! `play 17@23r`); `play` may be left out (`17L`).

use std::fmt;
use std::str::FromStr;

use super::board::{AREAS, Field, Side};
use crate::games::ParseMoveError;

/// How a played number puts its soldier(s) on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum How {
    /// On a field of the number's own area: a recruit on a free field, a seduction on a field
    /// holding another player's soldier (holder of the Hurenweibel only).
    Field(Side),
    /// Chase the Morlock of the area with this second number: soldiers on `nL` and `nR`.
    Chase(u8),
    /// Reinforce: a soldier on this land field (the number must offer no recruit).
    Reinforce(Field),
}

/// A move as a player types it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Play a number, optionally building a camp.
    Play {
        /// The number played.
        number: u8,
        /// How.
        how: How,
        /// Where a camp goes, if one is built.
        camp: Option<Field>,
    },
    /// Discard a number because no number in hand can be played.
    Pass(u8),
    /// Place the drawn Morlock on the river field of this number's area (`Some`), or claim that
    /// none can be placed (`None`).
    Morlock(Option<u8>),
    /// Challenge a claim.
    Challenge,
    /// Accept a claim.
    Accept,
    /// Name the number the loser of a challenge discards.
    Strike(u8),
}

impl Move {
    /// `play <n><side>`.
    pub fn field(number: u8, side: Side) -> Move {
        Move::Play {
            number,
            how: How::Field(side),
            camp: None,
        }
    }

    /// `play <n> +<m>`.
    pub fn chase(number: u8, second: u8) -> Move {
        Move::Play {
            number,
            how: How::Chase(second),
            camp: None,
        }
    }

    /// `play <n> @<field>`.
    pub fn reinforce(number: u8, field: Field) -> Move {
        Move::Play {
            number,
            how: How::Reinforce(field),
            camp: None,
        }
    }

    /// The same play with a camp (no effect on other moves).
    pub fn with_camp(self, field: Field) -> Move {
        match self {
            Move::Play { number, how, .. } => Move::Play {
                number,
                how,
                camp: Some(field),
            },
            other => other,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play { number, how, camp } => {
                match how {
                    How::Field(side) => write!(f, "play {number}{side}")?,
                    How::Chase(m) => write!(f, "play {number} +{m}")?,
                    How::Reinforce(field) => write!(f, "play {number} @{field}")?,
                }
                if let Some(c) = camp {
                    write!(f, " camp {c}")?;
                }
                Ok(())
            }
            Move::Pass(n) => write!(f, "pass {n}"),
            Move::Morlock(Some(k)) => write!(f, "morlock {k}"),
            Move::Morlock(None) => f.write_str("morlock none"),
            Move::Challenge => f.write_str("challenge"),
            Move::Accept => f.write_str("accept"),
            Move::Strike(k) => write!(f, "strike {k}"),
        }
    }
}

const EXPECTED: &str = "moves are `play 17L` (recruit or seduce), `play 17 +32` (chase a Morlock), \
                        `play 17 @23R` (reinforce), `… camp 18L`, `pass 40`, `morlock 12`, \
                        `morlock none`, `challenge`, `accept`, `strike 5`";

struct Tokens {
    words: Vec<String>,
    at: usize,
}

impl Tokens {
    fn next(&mut self) -> Option<&str> {
        let word = self.words.get(self.at)?;
        self.at += 1;
        Some(word.as_str())
    }

    fn peek(&self) -> Option<&str> {
        self.words.get(self.at).map(String::as_str)
    }

    fn done(&self) -> bool {
        self.at >= self.words.len()
    }
}

/// Splits the text into lower-case words; `+` and `@` stand alone; a number followed by a lone
/// side letter (`17 l`) is joined to a field name (`17l`).
fn tokenize(s: &str) -> Vec<String> {
    let spaced = s
        .to_lowercase()
        .replace('+', " + ")
        .replace('@', " @ ")
        .replace([',', ';', ':'], " ");
    let mut words: Vec<String> = Vec::new();
    for word in spaced.split_whitespace() {
        let joins = matches!(word, "l" | "f" | "r")
            && words
                .last()
                .is_some_and(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit()));
        match words.last_mut() {
            Some(last) if joins => last.push_str(word),
            _ => words.push(word.to_string()),
        }
    }
    words
}

fn number(word: Option<&str>, what: &str) -> Result<u8, String> {
    let Some(word) = word else {
        return Err(format!("{what} is missing"));
    };
    let shown: String = word.chars().take(8).collect();
    if word.is_empty() || word.len() > 3 || !word.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("`{shown}` is not a number 1–54"));
    }
    match word.parse::<u8>() {
        Ok(n @ 1..=AREAS) => Ok(n),
        _ => Err(format!("there is no number {shown}; the numbers are 1–54")),
    }
}

fn field(word: Option<&str>, what: &str) -> Result<Field, String> {
    let Some(word) = word else {
        return Err(format!("{what} is missing"));
    };
    word.parse::<Field>().map_err(|e| e.to_string())
}

/// `<n><side>`, `<n> +<m>` or `<n> @<field>`, then an optional `camp <field>`.
fn play(tokens: &mut Tokens) -> Result<Move, String> {
    let first = tokens
        .next()
        .ok_or("which number? e.g. `play 17L`")?
        .to_string();
    let (number_part, side) = match first.chars().last().and_then(Side::from_char) {
        Some(side) if first.len() > 1 => (&first[..first.len() - 1], Some(side)),
        _ => (first.as_str(), None),
    };
    let n = number(Some(number_part), "the number")?;
    let how = match (side, tokens.peek()) {
        (Some(side), Some("+" | "@")) => {
            return Err(format!(
                "a chase or a reinforcement names the number alone: `play {n} +32`, `play {n} @23R`, not `play {n}{side} …`"
            ));
        }
        (Some(side), _) => How::Field(side),
        (None, Some("+")) => {
            tokens.next();
            How::Chase(number(tokens.next(), "the second number after `+`")?)
        }
        (None, Some("@")) => {
            tokens.next();
            How::Reinforce(field(tokens.next(), "the field after `@`")?)
        }
        (None, _) => {
            return Err(format!(
                "name a field of area {n} (`play {n}L`, `play {n}F`, `play {n}R`), a second number to chase a Morlock (`play {n} +32`) or a field to reinforce (`play {n} @23R`)"
            ));
        }
    };
    let camp = match tokens.next() {
        None => None,
        Some("camp" | "c" | "lager" | "feldlager") => {
            Some(field(tokens.next(), "the camp's field after `camp`")?)
        }
        Some(other) => {
            let shown: String = other.chars().take(12).collect();
            return Err(format!(
                "unexpected `{shown}`; a play may end with `camp <field>`"
            ));
        }
    };
    Ok(Move::Play {
        number: n,
        how,
        camp,
    })
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let shown: String = s.trim().chars().take(24).collect();
        let fail = |why: &str| ParseMoveError(format!("`{shown}` is not a move: {why}"));
        let words = tokenize(s);
        if words.len() > 8 {
            return Err(fail(EXPECTED));
        }
        let mut tokens = Tokens { words, at: 0 };
        let head = tokens.peek().ok_or_else(|| fail(EXPECTED))?.to_string();
        let result = match head.as_str() {
            "play" | "p" => {
                tokens.next();
                play(&mut tokens)
            }
            w if w.starts_with(|c: char| c.is_ascii_digit()) => play(&mut tokens),
            "pass" | "discard" => {
                tokens.next();
                number(tokens.next(), "the number to discard").map(Move::Pass)
            }
            "morlock" | "m" => {
                tokens.next();
                match tokens.next() {
                    Some("none" | "no" | "-" | "0") => Ok(Move::Morlock(None)),
                    word => number(word, "the number (or `none`)").map(|k| Move::Morlock(Some(k))),
                }
            }
            "challenge" | "doubt" => {
                tokens.next();
                Ok(Move::Challenge)
            }
            "accept" | "ok" => {
                tokens.next();
                Ok(Move::Accept)
            }
            "strike" => {
                tokens.next();
                number(tokens.next(), "the number to strike").map(Move::Strike)
            }
            _ => Err(EXPECTED.to_string()),
        };
        let mv = result.map_err(|why| fail(&why))?;
        if !tokens.done() {
            return Err(fail(&format!("`{mv}` takes nothing more")));
        }
        if let Move::Play {
            number,
            how: How::Chase(m),
            ..
        } = mv
            && m == number
        {
            return Err(fail(
                "the second number of a chase must differ from the first",
            ));
        }
        Ok(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(s: &str) -> Field {
        s.parse().unwrap()
    }

    #[test]
    fn every_form_round_trips() {
        let moves = [
            Move::field(17, Side::L),
            Move::field(17, Side::F),
            Move::chase(17, 32),
            Move::reinforce(17, f("23R")),
            Move::field(17, Side::L).with_camp(f("18L")),
            Move::chase(3, 4).with_camp(f("54R")),
            Move::reinforce(1, f("2L")).with_camp(f("3R")),
            Move::Pass(40),
            Move::Morlock(Some(12)),
            Move::Morlock(None),
            Move::Challenge,
            Move::Accept,
            Move::Strike(5),
        ];
        for mv in moves {
            let text = mv.to_string();
            assert_eq!(text.parse::<Move>().unwrap(), mv, "{text}");
            assert_eq!(text.to_uppercase().parse::<Move>().unwrap(), mv, "{text}");
        }
    }

    #[test]
    fn lenient_spellings() {
        let same = |a: &str, b: &str| assert_eq!(a.parse::<Move>().unwrap().to_string(), b);
        same("play 17l", "play 17L");
        same("PLAY 17 l CAMP 18l", "play 17L camp 18L");
        same("17r", "play 17R");
        same("play 17+32", "play 17 +32");
        same("play 17 + 32", "play 17 +32");
        same("play 17@23r", "play 17 @23R");
        same("p 17 @ 23 r camp 2 l", "play 17 @23R camp 2L");
        same("Morlock NONE", "morlock none");
        same("strike 05", "strike 5");
    }

    #[test]
    fn bad_text_says_why() {
        for bad in [
            "",
            "play",
            "play 17",
            "play 55L",
            "play 17X",
            "play 17L +3",
            "play 17 +17",
            "play 17L camp",
            "play 17L camp 18",
            "pass",
            "pass 17 camp 18L",
            "morlock",
            "strike x",
            "challenge now",
            "999",
            "xyzzy",
        ] {
            let err = bad.parse::<Move>().unwrap_err();
            assert!(err.0.contains("not a move"), "{bad}: {err}");
        }
    }
}
