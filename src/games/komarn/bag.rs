//! The bag (§2): the 54 numbers, 3 Morlocks and the Strudel. Its order is secret: it lives in
//! the game state and never appears in a view, an event or the transcript.

use std::fmt;

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::board::AREAS;

/// Morlocks in the game (edition choice).
pub const MORLOCKS: u8 = 3;
/// Tiles in the bag at the start: 54 numbers, 3 Morlocks, the Strudel.
pub const TILES: usize = AREAS as usize + MORLOCKS as usize + 1;

/// A tile of the bag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tile {
    /// A number 1..=54, naming an area.
    Number(u8),
    /// A Morlock: placed on a river field, or claimed impossible.
    Morlock,
    /// The Strudel: the discard pile and the Strudel go back into the bag.
    Strudel,
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tile::Number(n) => write!(f, "{n}"),
            Tile::Morlock => f.write_str("Morlock"),
            Tile::Strudel => f.write_str("Strudel"),
        }
    }
}

/// The draw pile. The next tile drawn is the *last* of the list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bag {
    tiles: Vec<Tile>,
}

impl Bag {
    /// Every tile of the game, shuffled.
    pub fn full(rng: &mut ChaCha8Rng) -> Bag {
        let mut tiles: Vec<Tile> = (1..=AREAS).map(Tile::Number).collect();
        tiles.extend([Tile::Morlock; MORLOCKS as usize]);
        tiles.push(Tile::Strudel);
        tiles.shuffle(rng);
        Bag { tiles }
    }

    /// A bag whose next draws are `top_first`, in that order.
    pub fn from_draw_order(top_first: &[Tile]) -> Bag {
        Bag {
            tiles: top_first.iter().rev().copied().collect(),
        }
    }

    /// Draws the next tile (the bag never runs out in play: the Strudel always returns).
    pub fn draw(&mut self) -> Option<Tile> {
        self.tiles.pop()
    }

    /// Puts tiles in and shuffles the whole bag.
    pub fn put_back(&mut self, tiles: impl IntoIterator<Item = Tile>, rng: &mut ChaCha8Rng) {
        self.tiles.extend(tiles);
        self.tiles.shuffle(rng);
    }

    /// Tiles in the bag.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Whether the bag is empty.
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// Morlocks still in the bag (public knowledge: every Morlock drawn is announced).
    pub fn morlocks(&self) -> u8 {
        self.tiles.iter().filter(|t| **t == Tile::Morlock).count() as u8
    }

    /// The tiles, next draw first. Secret: for tests and invariants only, never for a view.
    pub fn draw_order(&self) -> Vec<Tile> {
        self.tiles.iter().rev().copied().collect()
    }
}
