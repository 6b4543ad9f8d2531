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
//! `play 17@23r`); `play` may be left out (`17L`). Every word may also be typed in German or
//! Dutch ([`PLAY`], [`PASS`], [`CAMP`], [`MORLOCK`], [`NONE`], [`CHALLENGE`], [`ACCEPT`],
//! [`STRIKE`]); the notation printed (`Display`) is always the English one, a button's label
//! ([`Move::label`]) the same move in the reader's words.

use std::fmt;
use std::str::FromStr;

use super::board::{AREAS, Field, Side};
use crate::games::ParseMoveError;
use crate::i18n::{self, Lang};
use crate::t;

/// A word of the notation in every language the parser reads. Every form of every language is
/// read whatever the reader's language; the *first* form of a language is the one a move is
/// written with in it: the English one by `Display` (the canonical notation), the reader's one by
/// [`Move::label`] (a button's text, which a player may copy and type).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Word {
    /// English forms (the first is the notation's word).
    pub en: &'static [&'static str],
    /// German forms.
    pub de: &'static [&'static str],
    /// Dutch forms.
    pub nl: &'static [&'static str],
}

impl Word {
    /// The forms of `lang`.
    pub fn forms(&self, lang: Lang) -> &'static [&'static str] {
        match lang {
            Lang::En => self.en,
            Lang::De => self.de,
            Lang::Nl => self.nl,
        }
    }

    /// The form a move is written with in `lang`.
    pub fn written(&self, lang: Lang) -> &'static str {
        self.forms(lang)[0]
    }

    /// Whether `word` (lower case) is a form of this word in any language.
    fn reads(&self, word: &str) -> bool {
        Lang::ALL
            .iter()
            .any(|lang| self.forms(*lang).contains(&word))
    }
}

/// `play`: English, German (spielen), Dutch (spelen).
pub const PLAY: Word = Word {
    en: &["play", "p"],
    de: &["spielen", "spiel", "spiele"],
    nl: &["spelen", "speel"],
};
/// `pass` (discard when nothing fits): English, German (ablegen, passen), Dutch (afleggen,
/// passen).
pub const PASS: Word = Word {
    en: &["pass", "discard"],
    de: &["ablegen", "passen", "passe", "abwerfen"],
    nl: &["afleggen", "passen", "pas"],
};
/// `camp`: English, German (Feldlager), Dutch (kamp, legerkamp).
pub const CAMP: Word = Word {
    en: &["camp", "c"],
    de: &["feldlager", "lager"],
    nl: &["kamp", "legerkamp", "veldlager"],
};
/// `morlock`: the same word in every language.
pub const MORLOCK: Word = Word {
    en: &["morlock", "m"],
    de: &["morlock"],
    nl: &["morlock"],
};
/// `none` after `morlock`: English, German (keine), Dutch (geen).
pub const NONE: Word = Word {
    en: &["none", "no", "-", "0"],
    de: &["keine", "kein", "keiner", "nichts"],
    nl: &["geen", "niets"],
};
/// `challenge`: English, German (anzweifeln), Dutch (betwisten; the older `betwijfelen` is
/// read too).
pub const CHALLENGE: Word = Word {
    en: &["challenge", "doubt"],
    de: &["anzweifeln", "zweifeln", "zweifle"],
    nl: &[
        "betwisten",
        "betwist",
        "betwijfelen",
        "betwijfel",
        "twijfel",
        "uitdagen",
    ],
};
/// `accept`: English, German (akzeptieren, annehmen), Dutch (aanvaarden, accepteren).
pub const ACCEPT: Word = Word {
    en: &["accept", "ok"],
    de: &["akzeptieren", "akzeptiere", "annehmen"],
    nl: &["aanvaarden", "aanvaard", "accepteren", "accepteer"],
};
/// `strike` (the lost number): English, German (streichen), Dutch (schrappen).
pub const STRIKE: Word = Word {
    en: &["strike"],
    de: &["streichen", "streiche"],
    nl: &["schrappen", "schrap"],
};

/// Every word of the notation.
pub const WORDS: [Word; 8] = [PLAY, PASS, CAMP, MORLOCK, NONE, CHALLENGE, ACCEPT, STRIKE];

/// Whether `word` (lower case) is a form of `forms`.
fn is(word: &str, forms: Word) -> bool {
    forms.reads(word)
}

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

impl Move {
    /// The move written with `lang`'s words ([`Word::written`]); numbers and fields as they
    /// are. In English the canonical notation.
    pub fn written(&self, lang: Lang) -> String {
        let w = |word: Word| word.written(lang);
        let mut out = match self {
            Move::Play { number, how, .. } => match how {
                How::Field(side) => format!("{} {number}{side}", w(PLAY)),
                How::Chase(m) => format!("{} {number} +{m}", w(PLAY)),
                How::Reinforce(field) => format!("{} {number} @{field}", w(PLAY)),
            },
            Move::Pass(n) => format!("{} {n}", w(PASS)),
            Move::Morlock(Some(k)) => format!("{} {k}", w(MORLOCK)),
            Move::Morlock(None) => format!("{} {}", w(MORLOCK), w(NONE)),
            Move::Challenge => w(CHALLENGE).to_string(),
            Move::Accept => w(ACCEPT).to_string(),
            Move::Strike(k) => format!("{} {k}", w(STRIKE)),
        };
        if let Move::Play { camp: Some(c), .. } = self {
            out.push_str(&format!(" {} {c}", w(CAMP)));
        }
        out
    }

    /// The move as a button shows it: written with the current language's words, which the
    /// parser reads back as the same move.
    pub fn label(&self) -> String {
        self.written(i18n::current())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.written(Lang::En))
    }
}

/// The list of move forms, for a text that is no move.
fn expected() -> String {
    t!("komarn-parse-expected")
}

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

/// A number 1–54; `missing` says what is missing when there is no word.
fn number(word: Option<&str>, missing: impl FnOnce() -> String) -> Result<u8, String> {
    let Some(word) = word else {
        return Err(missing());
    };
    let shown: String = word.chars().take(8).collect();
    if word.is_empty() || word.len() > 3 || !word.chars().all(|c| c.is_ascii_digit()) {
        return Err(t!("komarn-parse-not-a-number", shown = shown));
    }
    match word.parse::<u8>() {
        Ok(n @ 1..=AREAS) => Ok(n),
        _ => Err(t!("komarn-parse-no-such-number", shown = shown)),
    }
}

/// A field name; `missing` says what is missing when there is no word.
fn field(word: Option<&str>, missing: impl FnOnce() -> String) -> Result<Field, String> {
    let Some(word) = word else {
        return Err(missing());
    };
    word.parse::<Field>().map_err(|e| e.to_string())
}

/// `<n><side>`, `<n> +<m>` or `<n> @<field>`, then an optional `camp <field>`.
fn play(tokens: &mut Tokens) -> Result<Move, String> {
    let first = tokens
        .next()
        .ok_or_else(|| t!("komarn-parse-which-number"))?
        .to_string();
    let (number_part, side) = match first.chars().last().and_then(Side::from_char) {
        Some(side) if first.len() > 1 => (&first[..first.len() - 1], Some(side)),
        _ => (first.as_str(), None),
    };
    let n = number(Some(number_part), || t!("komarn-parse-missing-number"))?;
    let how = match (side, tokens.peek()) {
        (Some(side), Some("+" | "@")) => {
            return Err(t!(
                "komarn-parse-side-with-chase",
                number = n,
                side = side.to_string()
            ));
        }
        (Some(side), _) => How::Field(side),
        (None, Some("+")) => {
            tokens.next();
            How::Chase(number(tokens.next(), || t!("komarn-parse-missing-second"))?)
        }
        (None, Some("@")) => {
            tokens.next();
            How::Reinforce(field(tokens.next(), || {
                t!("komarn-parse-missing-reinforce")
            })?)
        }
        (None, _) => {
            return Err(t!("komarn-parse-name-a-field", number = n));
        }
    };
    let camp = match tokens.next() {
        None => None,
        Some(word) if is(word, CAMP) => {
            Some(field(tokens.next(), || t!("komarn-parse-missing-camp"))?)
        }
        Some(other) => {
            let shown: String = other.chars().take(12).collect();
            return Err(t!("komarn-parse-unexpected", shown = shown));
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
        let fail =
            |why: &str| ParseMoveError(t!("komarn-parse-not-a-move", shown = &shown, why = why));
        let words = tokenize(s);
        if words.len() > 8 {
            return Err(fail(&expected()));
        }
        let mut tokens = Tokens { words, at: 0 };
        let head = tokens.peek().ok_or_else(|| fail(&expected()))?.to_string();
        let head = head.as_str();
        let result = if is(head, PLAY) {
            tokens.next();
            play(&mut tokens)
        } else if head.starts_with(|c: char| c.is_ascii_digit()) {
            play(&mut tokens)
        } else if is(head, PASS) {
            tokens.next();
            number(tokens.next(), || t!("komarn-parse-missing-discard")).map(Move::Pass)
        } else if is(head, MORLOCK) {
            tokens.next();
            match tokens.next() {
                Some(word) if is(word, NONE) => Ok(Move::Morlock(None)),
                word => number(word, || t!("komarn-parse-missing-morlock"))
                    .map(|k| Move::Morlock(Some(k))),
            }
        } else if is(head, CHALLENGE) {
            tokens.next();
            Ok(Move::Challenge)
        } else if is(head, ACCEPT) {
            tokens.next();
            Ok(Move::Accept)
        } else if is(head, STRIKE) {
            tokens.next();
            number(tokens.next(), || t!("komarn-parse-missing-strike")).map(Move::Strike)
        } else {
            Err(expected())
        };
        let mv = result.map_err(|why| fail(&why))?;
        if !tokens.done() {
            return Err(fail(&t!("komarn-parse-nothing-more", mv = mv.to_string())));
        }
        if let Move::Play {
            number,
            how: How::Chase(m),
            ..
        } = mv
            && m == number
        {
            return Err(fail(&t!("komarn-parse-chase-same")));
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
    fn every_word_is_read_as_itself_only_and_written_in_each_language() {
        for (i, word) in WORDS.iter().enumerate() {
            for lang in Lang::ALL {
                let forms = word.forms(lang);
                assert!(!forms.is_empty(), "{lang:?}: {word:?}");
                for form in forms {
                    assert_eq!(form.to_lowercase(), *form, "{form}");
                    assert!(!form.contains(char::is_whitespace), "{form}");
                    for (j, other) in WORDS.iter().enumerate() {
                        assert_eq!(other.reads(form), i == j, "{form} is read as two words");
                    }
                }
            }
        }
        let moves = [
            Move::field(17, Side::L).with_camp(f("18L")),
            Move::chase(17, 32),
            Move::reinforce(17, f("23R")),
            Move::Pass(40),
            Move::Morlock(Some(12)),
            Move::Morlock(None),
            Move::Challenge,
            Move::Accept,
            Move::Strike(31),
        ];
        for lang in Lang::ALL {
            for mv in moves {
                let text = mv.written(lang);
                assert_eq!(text.parse::<Move>().unwrap(), mv, "{lang:?}: {text}");
                assert_eq!(i18n::scope(lang, || mv.label()), text);
            }
        }
        assert_eq!(Move::Morlock(None).written(Lang::En), "morlock none");
        assert_eq!(
            Move::field(17, Side::L)
                .with_camp(f("18L"))
                .written(Lang::De),
            "spielen 17L feldlager 18L"
        );
        assert_eq!(Move::chase(17, 32).written(Lang::Nl), "spelen 17 +32");
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
