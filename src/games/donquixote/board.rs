//! A principality (spec 1 and 2): 24 fields in 8 columns `A`..`H` (west to east) and 3 rows
//! `1`..`3` (north to south), each field split into a top and a bottom half-cell.
//!
//! Field index = `row * 8 + col` (0-based). Half-cell index = `half_row * 8 + col` where the
//! half-row is `2 * row` for a top half and `2 * row + 1` for a bottom half.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::tiles::{Half, Placement};

/// Columns A..H.
pub const COLUMNS: u8 = 8;
/// Rows 1..3.
pub const ROWS: u8 = 3;
/// Fields of a principality.
pub const FIELD_COUNT: usize = (COLUMNS * ROWS) as usize;
/// Half-cells of a principality.
pub const HALF_COUNT: usize = 2 * FIELD_COUNT;

/// One of the 24 fields, `A1`..`H3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Field(u8);

impl Field {
    /// The field in 0-based column `col` (A = 0) and row `row` (row 1 = 0).
    pub fn new(col: u8, row: u8) -> Option<Field> {
        (col < COLUMNS && row < ROWS).then(|| Field(row * COLUMNS + col))
    }

    /// Like [`Field::new`] with signed coordinates (for neighbours off the board).
    pub fn at(col: i32, row: i32) -> Option<Field> {
        Field::new(u8::try_from(col).ok()?, u8::try_from(row).ok()?)
    }

    /// The field with this index (0..24).
    pub fn from_index(index: usize) -> Option<Field> {
        (index < FIELD_COUNT).then_some(Field(index as u8))
    }

    /// Every field, A1..H1, A2..H2, A3..H3.
    pub fn all() -> impl Iterator<Item = Field> {
        (0..FIELD_COUNT as u8).map(Field)
    }

    /// Index 0..24.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based column (A = 0).
    pub fn col(self) -> u8 {
        self.0 % COLUMNS
    }

    /// 0-based row (row 1 = 0).
    pub fn row(self) -> u8 {
        self.0 / COLUMNS
    }

    /// The field `dc` columns east and `dr` rows south, if on the board.
    pub fn offset(self, dc: i32, dr: i32) -> Option<Field> {
        Field::at(i32::from(self.col()) + dc, i32::from(self.row()) + dr)
    }

    /// Whether the two fields touch, diagonally included (or are the same field):
    /// `max(|Δcolumn|, |Δrow|) ≤ 1`.
    pub fn touches(self, other: Field) -> bool {
        let dc = (i32::from(self.col()) - i32::from(other.col())).abs();
        let dr = (i32::from(self.row()) - i32::from(other.row())).abs();
        dc.max(dr) <= 1
    }

    /// The top half-cell of this field.
    pub fn top(self) -> HalfCell {
        HalfCell {
            field: self,
            bottom: false,
        }
    }

    /// The bottom half-cell of this field.
    pub fn bottom(self) -> HalfCell {
        HalfCell {
            field: self,
            bottom: true,
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col()) as char, self.row() + 1)
    }
}

/// A field name that is not on the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a field: columns run A–H, rows 1–3 (A1 is the north-west corner)")]
pub struct BadField(pub String);

impl FromStr for Field {
    type Err = BadField;

    /// `B3`, any case, surrounding spaces ignored.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || BadField(s.trim().chars().take(12).collect());
        let bytes = s.trim().as_bytes();
        let [letter, digit] = bytes else {
            return Err(bad());
        };
        let col = letter.to_ascii_uppercase().wrapping_sub(b'A');
        let row = digit.wrapping_sub(b'1');
        Field::new(col, row).ok_or_else(bad)
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

/// One half of a field (spec 2.1): `B1t` is the top half of B1, `B1b` its bottom half.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct HalfCell {
    /// The field.
    pub field: Field,
    /// The bottom (south) half; `false` for the top half.
    pub bottom: bool,
}

impl HalfCell {
    /// The half-row 0..6 (`1t, 1b, 2t, 2b, 3t, 3b`).
    pub fn half_row(self) -> u8 {
        2 * self.field.row() + u8::from(self.bottom)
    }

    /// Index 0..48 (`half_row * 8 + col`).
    pub fn index(self) -> usize {
        usize::from(self.half_row()) * usize::from(COLUMNS) + usize::from(self.field.col())
    }

    /// The half-cell with this index.
    pub fn from_index(index: usize) -> Option<HalfCell> {
        if index >= HALF_COUNT {
            return None;
        }
        let cols = usize::from(COLUMNS);
        let half_row = index / cols;
        let field = Field::from_index((half_row / 2) * cols + index % cols)?;
        Some(HalfCell {
            field,
            bottom: half_row % 2 == 1,
        })
    }

    /// Every half-cell in index order.
    pub fn all() -> impl Iterator<Item = HalfCell> {
        (0..HALF_COUNT).filter_map(HalfCell::from_index)
    }
}

impl fmt::Display for HalfCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.field, if self.bottom { 'b' } else { 't' })
    }
}

/// A castle tile: it fills a whole field and is never turned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Castle {
    /// Where it stands (the same field on every board).
    pub field: Field,
    /// Its value: 6 or 4.
    pub value: u8,
}

/// One player's path tiles (the castles are shared and kept by the game).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    tiles: Vec<Option<Placement>>,
}

impl Board {
    /// An empty principality.
    pub fn new() -> Board {
        Board {
            tiles: vec![None; FIELD_COUNT],
        }
    }

    /// A board holding these placements (later entries overwrite earlier ones).
    pub fn with(placements: impl IntoIterator<Item = (Field, Placement)>) -> Board {
        let mut board = Board::new();
        for (field, placement) in placements {
            board.set(field, placement);
        }
        board
    }

    /// The tile on `field`, if any.
    pub fn get(&self, field: Field) -> Option<Placement> {
        self.tiles.get(field.index()).copied().flatten()
    }

    /// Puts a tile on `field` (replacing whatever was there).
    pub fn set(&mut self, field: Field, placement: Placement) {
        if self.tiles.len() != FIELD_COUNT {
            self.tiles.resize(FIELD_COUNT, None);
        }
        self.tiles[field.index()] = Some(placement);
    }

    /// The effective half on `cell`, if a path tile lies there.
    pub fn half(&self, cell: HalfCell) -> Option<Half> {
        let (top, bottom) = self.get(cell.field)?.halves();
        Some(if cell.bottom { bottom } else { top })
    }

    /// Every placed tile, in field order.
    pub fn placed(&self) -> impl Iterator<Item = (Field, Placement)> + '_ {
        Field::all().filter_map(|f| self.get(f).map(|p| (f, p)))
    }

    /// Where tile `id` lies, if placed.
    pub fn find(&self, id: u8) -> Option<Field> {
        self.placed().find(|(_, p)| p.tile == id).map(|(f, _)| f)
    }

    /// Number of placed tiles.
    pub fn len(&self) -> usize {
        self.placed().count()
    }

    /// True when no tile is placed.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_coordinates() {
        let names: Vec<String> = Field::all().map(|f| f.to_string()).collect();
        assert_eq!(names.len(), 24);
        assert_eq!(names[0], "A1");
        assert_eq!(names[7], "H1");
        assert_eq!(names[8], "A2");
        assert_eq!(names[23], "H3");
        let b3: Field = "b3".parse().unwrap();
        assert_eq!((b3.col(), b3.row()), (1, 2));
        assert_eq!(" H1 ".parse::<Field>().map(|f| f.index()), Ok(7));
        for bad in [
            "", "A", "I1", "A0", "A4", "AA", "1A", "A10", "Ä1", "B3x", "a\u{0}", "z9", "{}",
        ] {
            assert!(bad.parse::<Field>().is_err(), "{bad}");
        }
    }

    #[test]
    fn half_cells_index_by_half_row() {
        for (i, cell) in HalfCell::all().enumerate() {
            assert_eq!(cell.index(), i);
        }
        let b1: Field = "B1".parse().unwrap();
        assert_eq!(b1.bottom().to_string(), "B1b");
        assert_eq!(b1.bottom().index(), 9);
        let a2: Field = "A2".parse().unwrap();
        assert_eq!(a2.top().half_row(), 2);
    }

    #[test]
    fn touching_includes_diagonals() {
        let f = |s: &str| s.parse::<Field>().unwrap();
        assert!(f("C2").touches(f("D3")));
        assert!(f("C2").touches(f("C2")));
        assert!(!f("C2").touches(f("E2")));
        assert!(!f("A1").touches(f("A3")));
    }
}
