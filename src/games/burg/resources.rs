//! The five resources (§2.1) and a count of each ([`Resources`]).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A resource kind. The first four are building materials with a value; silver is the joker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Resource {
    /// Sand, value 1, 20 pieces, the sand cart yields 4.
    Sand,
    /// Wood, value 2, 18 pieces, the wood cart yields 3.
    Wood,
    /// Clay (BSW: "Ziegel"), value 4, 15 pieces, the clay cart yields 2.
    Clay,
    /// Stone, value 5, 15 pieces, the stone cart yields 2.
    Stone,
    /// Silver, a joker when building, 15 pieces, the Reiter yields 2.
    Silver,
}

impl Resource {
    /// Every kind, in field order: sand, wood, clay, stone, silver.
    pub const ALL: [Resource; 5] = [
        Resource::Sand,
        Resource::Wood,
        Resource::Clay,
        Resource::Stone,
        Resource::Silver,
    ];

    /// The four building kinds (what a silver may be declared as), in value order.
    pub const BUILDING: [Resource; 4] = [
        Resource::Sand,
        Resource::Wood,
        Resource::Clay,
        Resource::Stone,
    ];

    /// The kinds an Arbeiter III may choose.
    pub const FILL_CHOICES: [Resource; 3] = [Resource::Sand, Resource::Wood, Resource::Clay];

    /// Position in [`Resource::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The building value (§6): sand 1, wood 2, clay 4, stone 5; silver has none of its own.
    pub fn value(self) -> Option<u8> {
        match self {
            Resource::Sand => Some(1),
            Resource::Wood => Some(2),
            Resource::Clay => Some(4),
            Resource::Stone => Some(5),
            Resource::Silver => None,
        }
    }

    /// The value for the Palas conversion and the tie-break (§9): silver counts as 5.
    pub fn end_value(self) -> u8 {
        self.value().unwrap_or(5)
    }

    /// Pieces in the game (§2.1).
    pub fn pieces(self) -> u8 {
        match self {
            Resource::Sand => 20,
            Resource::Wood => 18,
            Resource::Clay | Resource::Stone | Resource::Silver => 15,
        }
    }

    /// What the field pays per income (§2.1).
    pub fn field_yield(self) -> u8 {
        match self {
            Resource::Sand => 4,
            Resource::Wood => 3,
            Resource::Clay | Resource::Stone | Resource::Silver => 2,
        }
    }

    /// The English word used in move text: `sand`, `wood`, `clay`, `stone`, `silver`.
    pub fn word(self) -> &'static str {
        match self {
            Resource::Sand => "sand",
            Resource::Wood => "wood",
            Resource::Clay => "clay",
            Resource::Stone => "stone",
            Resource::Silver => "silver",
        }
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A number of pieces of each kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Resources {
    /// Sand pieces.
    pub sand: u8,
    /// Wood pieces.
    pub wood: u8,
    /// Clay pieces.
    pub clay: u8,
    /// Stone pieces.
    pub stone: u8,
    /// Silver pieces.
    pub silver: u8,
}

impl Resources {
    /// Nothing.
    pub const NONE: Resources = Resources::new(0, 0, 0, 0, 0);

    /// Every piece of the game: 20 sand, 18 wood, 15 clay, 15 stone, 15 silver.
    pub const TOTALS: Resources = Resources::new(20, 18, 15, 15, 15);

    /// Counts in field order.
    pub const fn new(sand: u8, wood: u8, clay: u8, stone: u8, silver: u8) -> Resources {
        Resources {
            sand,
            wood,
            clay,
            stone,
            silver,
        }
    }

    /// One piece of `kind`.
    pub fn one(kind: Resource) -> Resources {
        let mut r = Resources::NONE;
        r.add(kind, 1);
        r
    }

    /// The count of `kind`.
    pub fn get(&self, kind: Resource) -> u8 {
        match kind {
            Resource::Sand => self.sand,
            Resource::Wood => self.wood,
            Resource::Clay => self.clay,
            Resource::Stone => self.stone,
            Resource::Silver => self.silver,
        }
    }

    fn slot(&mut self, kind: Resource) -> &mut u8 {
        match kind {
            Resource::Sand => &mut self.sand,
            Resource::Wood => &mut self.wood,
            Resource::Clay => &mut self.clay,
            Resource::Stone => &mut self.stone,
            Resource::Silver => &mut self.silver,
        }
    }

    /// Sets the count of `kind`.
    pub fn set(&mut self, kind: Resource, n: u8) {
        *self.slot(kind) = n;
    }

    /// Adds `n` pieces of `kind`.
    pub fn add(&mut self, kind: Resource, n: u8) {
        let slot = self.slot(kind);
        *slot = slot.saturating_add(n);
    }

    /// Takes up to `n` pieces of `kind`; returns how many were there to take.
    pub fn take(&mut self, kind: Resource, n: u8) -> u8 {
        let slot = self.slot(kind);
        let taken = n.min(*slot);
        *slot -= taken;
        taken
    }

    /// Every kind added.
    pub fn plus(self, other: Resources) -> Resources {
        let mut out = self;
        for kind in Resource::ALL {
            out.add(kind, other.get(kind));
        }
        out
    }

    /// `self − other`, or `None` when some kind would go below 0.
    pub fn minus(self, other: Resources) -> Option<Resources> {
        let mut out = self;
        for kind in Resource::ALL {
            let have = out.get(kind);
            out.set(kind, have.checked_sub(other.get(kind))?);
        }
        Some(out)
    }

    /// Whether every kind of `other` is there.
    pub fn contains(&self, other: &Resources) -> bool {
        self.minus(*other).is_some()
    }

    /// Pieces in all.
    pub fn count(&self) -> u32 {
        Resource::ALL.iter().map(|k| u32::from(self.get(*k))).sum()
    }

    /// Whether there is no piece.
    pub fn is_empty(&self) -> bool {
        self.count() == 0
    }

    /// The value for the tie-break (§9.3): sand 1, wood 2, clay 4, stone 5, silver 5.
    pub fn end_value(&self) -> u32 {
        Resource::ALL
            .iter()
            .map(|k| u32::from(self.get(*k)) * u32::from(k.end_value()))
            .sum()
    }

    /// `(kind, count)` for every kind present, in field order.
    pub fn iter(&self) -> impl Iterator<Item = (Resource, u8)> + '_ {
        Resource::ALL
            .into_iter()
            .map(|k| (k, self.get(k)))
            .filter(|(_, n)| *n > 0)
    }
}

impl fmt::Display for Resources {
    /// `1 sand, 2 wood` or `nothing`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.iter().map(|(k, n)| format!("{n} {k}")).collect();
        if parts.is_empty() {
            f.write_str("nothing")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic() {
        let a = Resources::new(1, 2, 3, 4, 5);
        let b = Resources::new(1, 1, 1, 1, 1);
        assert_eq!(a.minus(b), Some(Resources::new(0, 1, 2, 3, 4)));
        assert_eq!(b.minus(a), None);
        assert_eq!(a.plus(b).count(), 20);
        assert_eq!(a.end_value(), 1 + 4 + 12 + 20 + 25);
        assert_eq!(b.to_string(), "1 sand, 1 wood, 1 clay, 1 stone, 1 silver");
        assert_eq!(Resources::NONE.to_string(), "nothing");
        let mut c = Resources::one(Resource::Clay);
        assert_eq!(c.take(Resource::Clay, 3), 1);
        assert!(c.is_empty());
        assert_eq!(Resources::TOTALS.count(), 83);
    }
}
