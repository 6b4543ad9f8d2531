//! The river Komarn (`docs/rules/banner-von-komarn.md` §1): 54 areas of three fields each (`17L`,
//! `17F`, `17R`), their adjacency, and the 26 marked points between two land fields of a bank
//! (`P1L`, `P3R`, …) with their tokens (towers, maidens, cities).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::games::Seat;

/// Areas along the river, numbered 1..=54.
pub const AREAS: u8 = 54;
/// Fields on the board: three per area.
pub const FIELDS: usize = AREAS as usize * 3;
/// Marked points: 13 on each bank.
pub const POINTS: usize = 26;

/// A side of an area: the left-bank land field, the river field or the right-bank land field.
/// Also names a bank (`L` or `R`) for the marked points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The left bank.
    L,
    /// The river (Fluss).
    F,
    /// The right bank.
    R,
}

impl Side {
    /// L, F, R.
    pub const ALL: [Side; 3] = [Side::L, Side::F, Side::R];

    fn index(self) -> usize {
        match self {
            Side::L => 0,
            Side::F => 1,
            Side::R => 2,
        }
    }

    /// The side of a letter (any case).
    pub fn from_char(c: char) -> Option<Side> {
        match c.to_ascii_uppercase() {
            'L' => Some(Side::L),
            'F' => Some(Side::F),
            'R' => Some(Side::R),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::L => "L",
            Side::F => "F",
            Side::R => "R",
        })
    }
}

/// One field of the board, e.g. `17L`. Ordered by area, then L, F, R (the spec's "lowest field").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Field {
    /// The area, 1..=54.
    pub area: u8,
    /// Which of its three fields.
    pub side: Side,
}

impl Field {
    /// The field of `area` on `side` (`area` must be 1..=54).
    pub const fn new(area: u8, side: Side) -> Field {
        Field { area, side }
    }

    /// Index 0..162 in board order (1L, 1F, 1R, 2L, …).
    pub fn index(self) -> usize {
        (usize::from(self.area) - 1) * 3 + self.side.index()
    }

    /// The field with board index `i` (< 162).
    pub fn from_index(i: usize) -> Field {
        Field {
            area: (i / 3 + 1) as u8,
            side: Side::ALL[i % 3],
        }
    }

    /// Every field in board order.
    pub fn all() -> impl Iterator<Item = Field> {
        (0..FIELDS).map(Field::from_index)
    }

    /// A land field (`L` or `R`), as opposed to the river field.
    pub fn is_land(self) -> bool {
        self.side != Side::F
    }

    /// The fields adjacent to this one (edition choice of §1): the same side of the neighbouring
    /// areas, and the river field with each land field of its area.
    pub fn neighbours(self) -> impl Iterator<Item = Field> {
        let along = [
            (self.area > 1).then(|| Field::new(self.area - 1, self.side)),
            (self.area < AREAS).then(|| Field::new(self.area + 1, self.side)),
        ];
        let across: [Option<Field>; 2] = match self.side {
            Side::F => [
                Some(Field::new(self.area, Side::L)),
                Some(Field::new(self.area, Side::R)),
            ],
            _ => [Some(Field::new(self.area, Side::F)), None],
        };
        along.into_iter().chain(across).flatten()
    }

    /// Whether two fields are adjacent.
    pub fn touches(self, other: Field) -> bool {
        self.neighbours().any(|n| n == other)
    }

    /// The marked point this land field touches, if any (at most one per field).
    pub fn point(self) -> Option<Point> {
        // A point touches the land fields of its own area and the next one.
        Point::new(self.area, self.side)
            .or_else(|| Point::new(self.area.checked_sub(1)?, self.side))
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.area, self.side)
    }
}

/// A field name that does not parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadField(pub String);

impl std::error::Error for BadField {}

impl fmt::Display for BadField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::t!("komarn-bad-field", shown = &self.0))
    }
}

impl FromStr for Field {
    type Err = BadField;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let bad = || BadField(t.chars().take(12).collect());
        let mut chars = t.chars();
        let side = chars
            .next_back()
            .and_then(Side::from_char)
            .ok_or_else(bad)?;
        let digits = chars.as_str().trim();
        if digits.is_empty() || digits.len() > 2 || !digits.chars().all(|c| c.is_ascii_digit()) {
            return Err(bad());
        }
        let area: u8 = digits.parse().map_err(|_| bad())?;
        if !(1..=AREAS).contains(&area) {
            return Err(bad());
        }
        Ok(Field::new(area, side))
    }
}

/// A marked point on the outer side of a bank, between land fields `nX` and `(n+1)X`; named
/// `P<n><bank>` after its lower area. Ordered along the river (area, then left before right).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Point {
    /// The lower of the two areas it lies between.
    pub area: u8,
    /// `L` or `R`.
    pub bank: Side,
}

impl Point {
    /// The 26 points in river order: `P1L, P3R, P5L, P7R, …, P49L, P51R`.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINTS).map(Point::from_index)
    }

    /// The point with index `i` (< 26) in river order.
    pub fn from_index(i: usize) -> Point {
        Point {
            area: (2 * i + 1) as u8,
            bank: if i.is_multiple_of(2) {
                Side::L
            } else {
                Side::R
            },
        }
    }

    /// Index 0..26 in river order.
    pub fn index(self) -> usize {
        usize::from(self.area - 1) / 2
    }

    /// Whether `(area, bank)` names a marked point.
    pub fn new(area: u8, bank: Side) -> Option<Point> {
        let ok = match bank {
            Side::L => area % 4 == 1 && area <= 49,
            Side::R => area % 4 == 3 && area <= 51,
            Side::F => false,
        };
        ok.then_some(Point { area, bank })
    }

    /// The two land fields it touches.
    pub fn touches(self) -> [Field; 2] {
        [
            Field::new(self.area, self.bank),
            Field::new(self.area + 1, self.bank),
        ]
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}{}", self.area, self.bank)
    }
}

impl FromStr for Point {
    type Err = BadField;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let bad = || BadField(t.chars().take(12).collect());
        let rest = t.strip_prefix(['P', 'p']).ok_or_else(bad)?;
        let field: Field = rest.parse().map_err(|_| bad())?;
        Point::new(field.area, field.side).ok_or_else(bad)
    }
}

/// The token on a marked point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PointKind {
    /// A tower (Turm): garrisoned once by the first soldier beside it.
    Tower,
    /// A maiden (Mägdelein): counts for the Hurenweibel.
    Maiden,
    /// A city worth 2, 3 or 4 Heller.
    City(u8),
}

impl PointKind {
    /// The 26 tokens of §1: 9 towers, 9 maidens, cities 2, 2, 2, 3, 3, 3, 4, 4.
    pub fn tokens() -> Vec<PointKind> {
        let mut tokens = vec![PointKind::Tower; 9];
        tokens.extend([PointKind::Maiden; 9]);
        tokens.extend([2, 2, 2, 3, 3, 3, 4, 4].map(PointKind::City));
        tokens
    }
}

impl fmt::Display for PointKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PointKind::Tower => f.write_str("tower"),
            PointKind::Maiden => f.write_str("maiden"),
            PointKind::City(v) => write!(f, "city {v}"),
        }
    }
}

/// What a field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Content {
    /// Nothing: the field is free.
    Empty,
    /// A soldier of this seat.
    Soldier(Seat),
    /// A camp (Feldlager): belongs to nobody, blocks the field for good.
    Camp,
    /// A Morlock (river fields only).
    Morlock,
}

impl Content {
    /// The soldier's seat, if a soldier stands here.
    pub fn soldier(self) -> Option<Seat> {
        match self {
            Content::Soldier(s) => Some(s),
            _ => None,
        }
    }
}

/// A marked point with its token and, for a tower, its garrison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointState {
    /// The token.
    pub kind: PointKind,
    /// A tower's garrison soldier.
    pub garrison: Option<Seat>,
    /// A tower has been decided (garrisoned, or left empty for good).
    pub decided: bool,
}

/// The fields and the points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    fields: Vec<Content>,
    points: Vec<PointState>,
}

impl Board {
    /// An empty river with these 26 tokens on the points in river order.
    pub fn new(tokens: &[PointKind]) -> Board {
        assert_eq!(tokens.len(), POINTS, "26 point tokens");
        Board {
            fields: vec![Content::Empty; FIELDS],
            points: tokens
                .iter()
                .map(|&kind| PointState {
                    kind,
                    garrison: None,
                    decided: false,
                })
                .collect(),
        }
    }

    /// What a field holds.
    pub fn get(&self, field: Field) -> Content {
        self.fields[field.index()]
    }

    /// Puts something on a field.
    pub fn set(&mut self, field: Field, content: Content) {
        self.fields[field.index()] = content;
    }

    /// The soldier on a field, if any.
    pub fn soldier(&self, field: Field) -> Option<Seat> {
        self.get(field).soldier()
    }

    /// A field holding no soldier, camp or Morlock.
    pub fn is_free(&self, field: Field) -> bool {
        self.get(field) == Content::Empty
    }

    /// A Morlock sits on the river field of `area`.
    pub fn has_morlock(&self, area: u8) -> bool {
        self.get(Field::new(area, Side::F)) == Content::Morlock
    }

    /// Area `k` can take a Morlock (§4.4): its land fields hold no soldier and no camp and its
    /// river field is empty.
    pub fn can_take_morlock(&self, area: u8) -> bool {
        (1..=AREAS).contains(&area)
            && self.is_free(Field::new(area, Side::F))
            && self.is_free(Field::new(area, Side::L))
            && self.is_free(Field::new(area, Side::R))
    }

    /// A point's state.
    pub fn point(&self, point: Point) -> PointState {
        self.points[point.index()]
    }

    /// Changes a point's state.
    pub fn point_mut(&mut self, point: Point) -> &mut PointState {
        &mut self.points[point.index()]
    }

    /// Every field with its content, in board order.
    pub fn fields(&self) -> impl Iterator<Item = (Field, Content)> + '_ {
        self.fields
            .iter()
            .enumerate()
            .map(|(i, c)| (Field::from_index(i), *c))
    }

    /// Every point with its state, in river order.
    pub fn points(&self) -> impl Iterator<Item = (Point, PointState)> + '_ {
        self.points
            .iter()
            .enumerate()
            .map(|(i, p)| (Point::from_index(i), *p))
    }

    /// Soldiers of `seat` on fields and in tower garrisons.
    pub fn soldiers_of(&self, seat: Seat) -> usize {
        self.fields
            .iter()
            .filter(|c| **c == Content::Soldier(seat))
            .count()
            + self
                .points
                .iter()
                .filter(|p| p.garrison == Some(seat))
                .count()
    }

    /// Morlocks on the board.
    pub fn morlocks(&self) -> usize {
        self.fields
            .iter()
            .filter(|c| **c == Content::Morlock)
            .count()
    }

    /// Camps on the board.
    pub fn camps(&self) -> usize {
        self.fields.iter().filter(|c| **c == Content::Camp).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_index_and_parse() {
        for (i, f) in Field::all().enumerate() {
            assert_eq!(f.index(), i);
            assert_eq!(f.to_string().parse::<Field>().unwrap(), f);
            assert_eq!(f.to_string().to_lowercase().parse::<Field>().unwrap(), f);
        }
        assert_eq!(Field::all().count(), 162);
        for bad in ["", "L", "0L", "55R", "17X", "170L", "-1L", "17"] {
            assert!(bad.parse::<Field>().is_err(), "{bad}");
        }
    }

    #[test]
    fn adjacency_per_the_spec() {
        let f = |s: &str| s.parse::<Field>().unwrap();
        let names = |field: &str| {
            let mut v: Vec<String> = f(field).neighbours().map(|n| n.to_string()).collect();
            v.sort();
            v
        };
        assert_eq!(names("17L"), ["16L", "17F", "18L"]);
        assert_eq!(names("17F"), ["16F", "17L", "17R", "18F"]);
        assert_eq!(names("17R"), ["16R", "17F", "18R"]);
        assert_eq!(names("1L"), ["1F", "2L"]);
        assert_eq!(names("54F"), ["53F", "54L", "54R"]);
        assert!(!f("17L").touches(f("17R")));
        for a in Field::all() {
            for b in a.neighbours() {
                assert!(b.touches(a), "{a} {b}");
            }
        }
    }

    #[test]
    fn points_per_the_spec() {
        let names: Vec<String> = Point::all().map(|p| p.to_string()).collect();
        assert_eq!(names.len(), 26);
        assert_eq!(&names[..4], ["P1L", "P3R", "P5L", "P7R"]);
        assert_eq!(&names[24..], ["P49L", "P51R"]);
        for (i, p) in Point::all().enumerate() {
            assert_eq!(p.index(), i);
            assert_eq!(p.to_string().parse::<Point>().unwrap(), p);
            let [a, b] = p.touches();
            assert!(a.touches(b));
            assert_eq!(a.point(), Some(p));
            assert_eq!(b.point(), Some(p));
        }
        assert!("P2L".parse::<Point>().is_err());
        assert!("P3L".parse::<Point>().is_err());
        assert!("P53R".parse::<Point>().is_err());
        let tokens = PointKind::tokens();
        assert_eq!(tokens.len(), 26);
    }
}
