//! Dvonn board geometry: 49 fields in five rows, columns A..K, rows 1..5.
//!
//! With 0-based row `r` and column `c`, a field is on the board iff
//! `max(|dc|, |dr|, |dc − dr|) ≤ 5` where `dr = r − 2`, `dc = c − 5` (centre F3). The six
//! neighbours of `(r, c)` are `(r, c±1)`, `(r+1, c)`, `(r+1, c+1)`, `(r−1, c)`, `(r−1, c−1)`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Number of fields on the board.
pub const FIELD_COUNT: usize = 49;

/// Number of rows.
pub const ROWS: u8 = 5;

/// Number of columns (A..K).
pub const COLUMNS: u8 = 11;

/// The six directions as `(row delta, column delta)`.
pub const DIRECTIONS: [(i8, i8); 6] = [(0, 1), (0, -1), (1, 0), (1, 1), (-1, 0), (-1, -1)];

/// Whether 0-based `(row, col)` is a field of the board.
pub const fn on_board(row: i32, col: i32) -> bool {
    if row < 0 || row >= ROWS as i32 || col < 0 || col >= COLUMNS as i32 {
        return false;
    }
    let dr = row - 2;
    let dc = col - 5;
    let d = dc - dr;
    dr.abs() <= 5 && dc.abs() <= 5 && d.abs() <= 5
}

/// `(row, col)` of every field, in index order (row 1 first, then by column).
const COORDS: [(u8, u8); FIELD_COUNT] = {
    let mut out = [(0u8, 0u8); FIELD_COUNT];
    let mut i = 0;
    let mut r = 0;
    while r < ROWS as i32 {
        let mut c = 0;
        while c < COLUMNS as i32 {
            if on_board(r, c) {
                out[i] = (r as u8, c as u8);
                i += 1;
            }
            c += 1;
        }
        r += 1;
    }
    out
};

/// Field index + 1 by `(row, col)`; 0 where there is no field.
const INDEX: [[u8; COLUMNS as usize]; ROWS as usize] = {
    let mut out = [[0u8; COLUMNS as usize]; ROWS as usize];
    let mut i = 0;
    while i < FIELD_COUNT {
        let (r, c) = COORDS[i];
        out[r as usize][c as usize] = i as u8 + 1;
        i += 1;
    }
    out
};

/// One of the 49 fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Field(u8);

impl Field {
    /// The field at 0-based `(row, col)`, if it is on the board.
    pub fn at(row: i32, col: i32) -> Option<Field> {
        if !on_board(row, col) {
            return None;
        }
        INDEX[row as usize][col as usize].checked_sub(1).map(Field)
    }

    /// The field with this index (0..49).
    pub fn from_index(index: usize) -> Option<Field> {
        (index < FIELD_COUNT).then_some(Field(index as u8))
    }

    /// Every field, in index order.
    pub fn all() -> impl Iterator<Item = Field> {
        (0..FIELD_COUNT as u8).map(Field)
    }

    /// Index 0..49.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based row (row 1 is 0).
    pub fn row(self) -> u8 {
        COORDS[self.index()].0
    }

    /// 0-based column (column A is 0).
    pub fn col(self) -> u8 {
        COORDS[self.index()].1
    }

    /// The field `n` steps away in direction `(dr, dc)`, if on the board.
    pub fn step(self, (dr, dc): (i8, i8), n: usize) -> Option<Field> {
        let n = i32::try_from(n).ok()?;
        Field::at(
            self.row() as i32 + dr as i32 * n,
            self.col() as i32 + dc as i32 * n,
        )
    }

    /// The neighbouring fields on the board (three to six).
    pub fn neighbours(self) -> impl Iterator<Item = Field> {
        DIRECTIONS.into_iter().filter_map(move |d| self.step(d, 1))
    }

    /// Whether the field lies on the edge (fewer than six neighbours).
    pub fn on_edge(self) -> bool {
        self.neighbours().count() < 6
    }

    /// If `to` lies on a straight line from `self`, the number of steps between them.
    pub fn distance_in_line(self, to: Field) -> Option<usize> {
        let dr = to.row() as i32 - self.row() as i32;
        let dc = to.col() as i32 - self.col() as i32;
        let straight = dr == 0 || dc == 0 || dr == dc;
        (straight && (dr, dc) != (0, 0)).then(|| dr.abs().max(dc.abs()) as usize)
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col()) as char, self.row() + 1)
    }
}

/// A field name that is not on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadField(pub String);

impl fmt::Display for BadField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::t!("dvonn-bad-field", text = &self.0))
    }
}

impl std::error::Error for BadField {}

impl FromStr for Field {
    type Err = BadField;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || BadField(s.chars().take(12).collect());
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        let digits = chars.as_str();
        if !letter.is_ascii_uppercase() || digits.len() != 1 {
            return Err(bad());
        }
        let row: i32 = digits.parse().map_err(|_| bad())?;
        Field::at(row - 1, letter as i32 - 'A' as i32).ok_or_else(bad)
    }
}

impl TryFrom<String> for Field {
    type Error = BadField;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Field> for String {
    fn from(f: Field) -> String {
        f.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_have_the_published_fields() {
        let names: Vec<String> = Field::all().map(|f| f.to_string()).collect();
        assert_eq!(names.len(), 49);
        assert_eq!(names[0], "A1");
        assert_eq!(names[8], "I1");
        assert_eq!(names[9], "A2");
        assert_eq!(names[18], "J2");
        assert_eq!(names[19], "A3");
        assert_eq!(names[29], "K3");
        assert_eq!(names[30], "B4");
        assert_eq!(names[39], "K4");
        assert_eq!(names[40], "C5");
        assert_eq!(names[48], "K5");
    }

    #[test]
    fn parses_case_insensitively_and_rejects_off_board() {
        assert_eq!(
            "f3".parse::<Field>().map(|f| f.to_string()),
            Ok("F3".into())
        );
        for bad in [
            "J1", "A4", "B5", "L3", "A0", "A6", "", "A", "3A", "AA1", "A10", "Ä1",
        ] {
            assert!(bad.parse::<Field>().is_err(), "{bad} must not parse");
        }
    }

    #[test]
    fn neighbours_follow_the_hex_rule() {
        let f3: Field = "F3".parse().unwrap();
        let mut n: Vec<String> = f3.neighbours().map(|f| f.to_string()).collect();
        n.sort();
        assert_eq!(n, ["E2", "E3", "F2", "F4", "G3", "G4"]);
        let a1: Field = "A1".parse().unwrap();
        let mut n: Vec<String> = a1.neighbours().map(|f| f.to_string()).collect();
        n.sort();
        assert_eq!(n, ["A2", "B1", "B2"]);
        assert!(a1.on_edge());
        assert!(!f3.on_edge());
        // 49 fields, 24 of them on the edge.
        assert_eq!(Field::all().filter(|f| f.on_edge()).count(), 24);
    }

    #[test]
    fn straight_lines() {
        let f = |s: &str| s.parse::<Field>().unwrap();
        assert_eq!(f("A1").distance_in_line(f("C1")), Some(2));
        assert_eq!(f("A1").distance_in_line(f("C3")), Some(2));
        assert_eq!(f("A1").distance_in_line(f("A3")), Some(2));
        assert_eq!(f("A1").distance_in_line(f("B3")), None);
        assert_eq!(f("A1").distance_in_line(f("A1")), None);
    }
}
