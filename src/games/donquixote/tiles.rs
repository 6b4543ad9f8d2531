//! The 22 path tiles (spec section 3): Table A as data, turning (2.6) and the effective halves
//! with the link arms included (Table B follows from these and is checked by a test).
//!
//! Every player has the same set: round set I is tiles 1–9, set II 10–16, set III 17–22, and
//! tile 22 is the LAST tile.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

/// Number of path tiles per player.
pub const TILE_COUNT: u8 = 22;

/// The LAST tile: in round 3 it may only be placed in the final step.
pub const LAST: u8 = 22;

/// Table A (spec 3.2): the encoding of every tile in rotation 0, tile 1 first.
///
/// Grammar (3.1): `T:<arms>/<sym> B:<arms>/<sym> [+link]`; top arms from {N, E, W}, bottom
/// arms from {E, S, W}, written in the order N, E, S, W; `-` means none; `+link` adds S to
/// the top half and N to the bottom half.
pub const TABLE_A: [&str; TILE_COUNT as usize] = [
    "T:EW/c B:-/-",
    "T:N/k2 B:EW/w",
    "T:NE/- B:S/w +link",
    "T:W/k1 B:E/c +link",
    "T:NW/w B:-/-",
    "T:EW/k3 B:S/- +link",
    "T:N/c B:S/- +link",
    "T:EW/- B:EW/k2",
    "T:NEW/- B:-/k1 +link",
    "T:EW/w B:S/c",
    "T:N/k1 B:ESW/- +link",
    "T:E/c B:E/w +link",
    "T:NEW/k3 B:-/-",
    "T:EW/- B:S/c +link",
    "T:W/w B:ES/k2",
    "T:N/- B:EW/k1 +link",
    "T:W/w B:S/- +link",
    "T:EW/w B:S/k1 +link",
    "T:NE/k3 B:S/- +link",
    "T:W/c B:E/-",
    "T:NW/c B:SW/- +link",
    "T:EW/k2 B:ES/- +link",
];

/// The roads leaving a half-cell's hub.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Arms {
    /// North.
    pub n: bool,
    /// East.
    pub e: bool,
    /// South.
    pub s: bool,
    /// West.
    pub w: bool,
}

impl Arms {
    /// No arms (grass).
    pub const NONE: Arms = Arms {
        n: false,
        e: false,
        s: false,
        w: false,
    };

    /// Turned by 180°: N↔S, E↔W.
    pub fn mirror(self) -> Arms {
        Arms {
            n: self.s,
            e: self.w,
            s: self.n,
            w: self.e,
        }
    }

    /// True for grass.
    pub fn is_empty(self) -> bool {
        self == Arms::NONE
    }

    /// Number of arms.
    pub fn count(self) -> usize {
        [self.n, self.e, self.s, self.w]
            .iter()
            .filter(|a| **a)
            .count()
    }

    /// Parses letters from `NESW` in that order (or `-` for none).
    fn parse(text: &str) -> Option<Arms> {
        if text == "-" {
            return Some(Arms::NONE);
        }
        let mut arms = Arms::NONE;
        let mut rest = text;
        for (letter, arm) in [
            ('N', &mut arms.n),
            ('E', &mut arms.e),
            ('S', &mut arms.s),
            ('W', &mut arms.w),
        ] {
            if let Some(after) = rest.strip_prefix(letter) {
                *arm = true;
                rest = after;
            }
        }
        (rest.is_empty() && !text.is_empty()).then_some(arms)
    }
}

impl fmt::Display for Arms {
    /// The letters in the order N, E, S, W, or `-` for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (letter, arm) in [('N', self.n), ('E', self.e), ('S', self.s), ('W', self.w)] {
            if arm {
                write!(f, "{letter}")?;
            }
        }
        Ok(())
    }
}

/// The symbol on a half-cell's hub.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Symbol {
    /// A church (`c`).
    Church,
    /// A windmill (`w`).
    Windmill,
    /// A knight with its shield strength 1–3 (`k1`..`k3`).
    Knight(u8),
}

impl Symbol {
    /// A knight's shield strength; 0 for churches and windmills.
    pub fn strength(self) -> u8 {
        match self {
            Symbol::Knight(s) => s,
            _ => 0,
        }
    }

    /// The spec's code: `c`, `w`, `k1`, `k2`, `k3`.
    pub fn code(self) -> String {
        match self {
            Symbol::Church => "c".into(),
            Symbol::Windmill => "w".into(),
            Symbol::Knight(s) => format!("k{s}"),
        }
    }

    fn parse(text: &str) -> Option<Option<Symbol>> {
        match text {
            "-" => Some(None),
            "c" => Some(Some(Symbol::Church)),
            "w" => Some(Some(Symbol::Windmill)),
            "k1" => Some(Some(Symbol::Knight(1))),
            "k2" => Some(Some(Symbol::Knight(2))),
            "k3" => Some(Some(Symbol::Knight(3))),
            _ => None,
        }
    }
}

/// The symbol in words, in the current language (`church`, `windmill`, `knight 2`).
impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            Symbol::Church => crate::t!("donquixote-church"),
            Symbol::Windmill => crate::t!("donquixote-windmill"),
            Symbol::Knight(s) => crate::t!("donquixote-knight", strength = s),
        })
    }
}

/// One half of a path tile: its arms and at most one symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Half {
    /// The arms.
    pub arms: Arms,
    /// The symbol on the hub, if any.
    pub symbol: Option<Symbol>,
}

impl Half {
    /// A half without arms or symbol.
    pub const GRASS: Half = Half {
        arms: Arms::NONE,
        symbol: None,
    };

    /// Turned by 180° (the symbol stays on the hub).
    pub fn mirror(self) -> Half {
        Half {
            arms: self.arms.mirror(),
            symbol: self.symbol,
        }
    }

    /// A knight's strength on this half (0 without a knight).
    pub fn knight(self) -> u8 {
        self.symbol.map_or(0, Symbol::strength)
    }
}

impl fmt::Display for Half {
    /// Table B style: `ESW k3`, `NS`, `grass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.arms.is_empty(), self.symbol) {
            (true, None) => f.write_str("grass"),
            (_, None) => write!(f, "{}", self.arms),
            (_, Some(sym)) => write!(f, "{} {}", self.arms, sym.code()),
        }
    }
}

/// One tile of Table A in rotation 0: outer arms only, plus whether it has the inner link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileDef {
    /// The id, 1–22.
    pub id: u8,
    /// The top half's outer arms (N, E, W) and symbol.
    pub top: Half,
    /// The bottom half's outer arms (E, S, W) and symbol.
    pub bottom: Half,
    /// The inner link (top S + bottom N).
    pub link: bool,
}

impl TileDef {
    /// The effective `(top, bottom)` halves, link arms included, as printed or turned.
    pub fn halves(&self, turned: bool) -> (Half, Half) {
        let mut top = self.top;
        let mut bottom = self.bottom;
        if self.link {
            top.arms.s = true;
            bottom.arms.n = true;
        }
        if turned {
            (bottom.mirror(), top.mirror())
        } else {
            (top, bottom)
        }
    }

    /// Number of outer arms ("exits").
    pub fn exits(&self) -> usize {
        self.top.arms.count() + self.bottom.arms.count()
    }
}

/// An encoding that does not follow the grammar of spec 3.1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a tile encoding (T:<arms>/<sym> B:<arms>/<sym> [+link])")]
pub struct BadEncoding(pub String);

/// Parses one Table A encoding (spec 3.1) into a tile with id `id`.
pub fn parse_encoding(id: u8, text: &str) -> Result<TileDef, BadEncoding> {
    let bad = || BadEncoding(text.chars().take(40).collect());
    let (body, link) = match text.strip_suffix(" +link") {
        Some(body) => (body, true),
        None => (text, false),
    };
    let (top, bottom) = body.split_once(' ').ok_or_else(bad)?;
    let top = top.strip_prefix("T:").ok_or_else(bad)?;
    let bottom = bottom.strip_prefix("B:").ok_or_else(bad)?;
    let half = |part: &str, allowed: &str| -> Result<Half, BadEncoding> {
        let (arms, sym) = part.split_once('/').ok_or_else(bad)?;
        if arms != "-" && !arms.chars().all(|c| allowed.contains(c)) {
            return Err(bad());
        }
        Ok(Half {
            arms: Arms::parse(arms).ok_or_else(bad)?,
            symbol: Symbol::parse(sym).ok_or_else(bad)?,
        })
    };
    Ok(TileDef {
        id,
        top: half(top, "NEW")?,
        bottom: half(bottom, "ESW")?,
        link,
    })
}

static TILES: LazyLock<Vec<TileDef>> = LazyLock::new(|| {
    TABLE_A
        .iter()
        .zip(1..)
        .map(|(text, id)| match parse_encoding(id, text) {
            Ok(tile) => tile,
            // Static data, checked by a unit test.
            Err(e) => panic!("Table A entry {id}: {e}"),
        })
        .collect()
});

/// Tile `id` (1–22) of Table A.
pub fn tile(id: u8) -> Option<&'static TileDef> {
    TILES.get(usize::from(id).checked_sub(1)?)
}

/// The effective `(top, bottom)` halves of tile `id` as printed (`turned == false`) or turned
/// by 180°, with the link arms included (Table B). Ids outside 1–22 give two grass halves.
pub fn halves(id: u8, turned: bool) -> (Half, Half) {
    tile(id).map_or((Half::GRASS, Half::GRASS), |t| t.halves(turned))
}

/// The round (1–3) whose set holds tile `id`.
pub fn round_of(id: u8) -> Option<u8> {
    match id {
        1..=9 => Some(1),
        10..=16 => Some(2),
        17..=22 => Some(3),
        _ => None,
    }
}

/// The tile ids of round `round`'s set (1–3); empty for other rounds.
pub fn round_tiles(round: u8) -> RangeInclusive<u8> {
    match round {
        1 => 1..=9,
        2 => 10..=16,
        3 => 17..=22,
        #[allow(clippy::reversed_empty_ranges)]
        _ => 1..=0,
    }
}

/// A tile in an orientation: `7` (as printed) or `12r` (turned by 180°).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Placement {
    /// The tile id, 1–22.
    pub tile: u8,
    /// Turned by 180°.
    pub turned: bool,
}

impl Placement {
    /// Tile `tile` as printed.
    pub fn new(tile: u8, turned: bool) -> Placement {
        Placement { tile, turned }
    }

    /// The effective `(top, bottom)` halves.
    pub fn halves(self) -> (Half, Half) {
        halves(self.tile, self.turned)
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.tile, if self.turned { "r" } else { "" })
    }
}

/// Text that is not a tile in the spec's notation (`7`, `12r`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a tile: write its number 1–22, with `r` when turned (`7`, `12r`)")]
pub struct BadPlacement(pub String);

impl FromStr for Placement {
    type Err = BadPlacement;

    /// The spec's notation, exactly: a tile id 1–22, optionally followed by `r` (or `R`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || BadPlacement(s.chars().take(12).collect());
        let (digits, turned) = match s.strip_suffix(['r', 'R']) {
            Some(d) => (d, true),
            None => (s, false),
        };
        if digits.is_empty() || digits.len() > 2 || !digits.chars().all(|c| c.is_ascii_digit()) {
            return Err(bad());
        }
        let tile: u8 = digits.parse().map_err(|_| bad())?;
        if !(1..=TILE_COUNT).contains(&tile) {
            return Err(bad());
        }
        Ok(Placement { tile, turned })
    }
}

impl TryFrom<String> for Placement {
    type Error = BadPlacement;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Placement> for String {
    fn from(p: Placement) -> String {
        p.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_a_parses_and_matches_the_inventory() {
        assert_eq!(TILES.len(), 22);
        let mut churches = 0;
        let mut windmills = 0;
        let mut strength = [0u32; 4];
        for t in TILES.iter() {
            assert!(t.exits() <= 4, "tile {}", t.id);
            let (top, bottom) = t.halves(false);
            assert!(
                top.symbol.is_some() || bottom.symbol.is_some(),
                "tile {} has no symbol",
                t.id
            );
            for h in [top, bottom] {
                if h.symbol.is_some() {
                    assert!(!h.arms.is_empty(), "symbol on grass in tile {}", t.id);
                }
                match h.symbol {
                    Some(Symbol::Church) => churches += 1,
                    Some(Symbol::Windmill) => windmills += 1,
                    Some(Symbol::Knight(s)) => {
                        strength[round_of(t.id).unwrap() as usize] += u32::from(s)
                    }
                    None => {}
                }
            }
        }
        assert_eq!((churches, windmills), (8, 8));
        assert_eq!(strength[1..], [9, 7, 6]);
    }

    #[test]
    fn turning_swaps_and_mirrors() {
        // Spec 3.1 example: tile 3 is one road with exits N, E and S.
        assert_eq!(halves(3, false).0.to_string(), "NES");
        assert_eq!(halves(3, false).1.to_string(), "NS w");
        assert_eq!(halves(3, true).0.to_string(), "NS w");
        assert_eq!(halves(3, true).1.to_string(), "NSW");
        for id in 1..=22 {
            let (t, b) = halves(id, false);
            assert_eq!(halves(id, true), (b.mirror(), t.mirror()));
        }
        assert_eq!(halves(0, false), (Half::GRASS, Half::GRASS));
        assert_eq!(halves(23, true), (Half::GRASS, Half::GRASS));
    }

    #[test]
    fn encodings_are_strict() {
        for bad in [
            "",
            "T:EW/c",
            "T:SE/c B:-/-",
            "T:EW/c B:N/-",
            "T:EW/x B:-/-",
            "T:EW/c B:-/- +lnk",
            "T:EE/c B:-/-",
        ] {
            assert!(parse_encoding(1, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn placement_notation() {
        assert_eq!("12r".parse(), Ok(Placement::new(12, true)));
        assert_eq!("7".parse(), Ok(Placement::new(7, false)));
        assert_eq!("7R".parse(), Ok(Placement::new(7, false).turned_copy()));
        for bad in ["", "r", "0", "23", "123", "-1", "7rr", "x7"] {
            assert!(bad.parse::<Placement>().is_err(), "{bad}");
        }
        assert_eq!(Placement::new(12, true).to_string(), "12r");
    }

    impl Placement {
        fn turned_copy(self) -> Placement {
            Placement {
                turned: true,
                ..self
            }
        }
    }
}
