//! The game's data as tables (§2): the 25 buildings and their 15 helper spaces, the eight person
//! cards and the six winter cards. Everything marked [EC] in the spec is an edition choice of this
//! project; the comments say which.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::resources::Resource;

/// A building's kind (§2.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BuildingKind {
    /// Towers T1–T9.
    Tower,
    /// Houses H1–H5.
    House,
    /// Walls W1–W2.
    Wall,
    /// Großes and Kleines Tor.
    Gate,
    /// Markt, Schmiede, Palas, Bergfried, Gesindehaus, Taverne, Stall.
    Special,
}

/// What a player builds: a kind of tile. Tiles of one kind are identical; building one takes the
/// lowest-numbered unbuilt tile of the kind [EC].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tile {
    /// Turm (T1–T9): 8 VP, value 10 [EC].
    Tower,
    /// Haus (H1–H5): 10 VP, value 12 [EC].
    House,
    /// Mauer (W1–W2): 6 VP, value 8 [EC].
    Wall,
    /// Großes Tor: 10 VP, value 18.
    GreatGate,
    /// Kleines Tor: 6 VP, value 12.
    SmallGate,
    /// Palas: 18 VP, value 30.
    Palas,
    /// Bergfried: 14 VP, value 24.
    Keep,
    /// Gesindehaus: 14 VP, value 18.
    ServantsHouse,
    /// Taverne: 12 VP, value 22.
    Tavern,
    /// Stall: 14 VP, value 18.
    Stable,
}

impl Tile {
    /// Every tile kind, in table order.
    pub const ALL: [Tile; 10] = [
        Tile::Tower,
        Tile::House,
        Tile::Wall,
        Tile::GreatGate,
        Tile::SmallGate,
        Tile::Palas,
        Tile::Keep,
        Tile::ServantsHouse,
        Tile::Tavern,
        Tile::Stable,
    ];

    /// The English word used in move text (§14).
    pub fn word(self) -> &'static str {
        match self {
            Tile::Tower => "tower",
            Tile::House => "house",
            Tile::Wall => "wall",
            Tile::GreatGate => "great-gate",
            Tile::SmallGate => "small-gate",
            Tile::Palas => "palas",
            Tile::Keep => "keep",
            Tile::ServantsHouse => "servants-house",
            Tile::Tavern => "tavern",
            Tile::Stable => "stable",
        }
    }

    /// The German name of the kind.
    pub fn name(self) -> &'static str {
        match self {
            Tile::Tower => "Turm",
            Tile::House => "Haus",
            Tile::Wall => "Mauer",
            Tile::GreatGate => "Großes Tor",
            Tile::SmallGate => "Kleines Tor",
            Tile::Palas => "Palas",
            Tile::Keep => "Bergfried",
            Tile::ServantsHouse => "Gesindehaus",
            Tile::Tavern => "Taverne",
            Tile::Stable => "Stall",
        }
    }

    /// The buildings (indices into [`BUILDINGS`]) of this kind, lowest number first.
    pub fn buildings(self) -> impl Iterator<Item = usize> {
        BUILDINGS
            .iter()
            .enumerate()
            .filter(move |(_, b)| b.tile == Some(self))
            .map(|(i, _)| i)
    }

    /// The printed VP.
    pub fn vp(self) -> u8 {
        self.buildings().next().map_or(0, |i| BUILDINGS[i].vp)
    }

    /// The build value.
    pub fn value(self) -> u8 {
        self.buildings().next().map_or(0, |i| BUILDINGS[i].value)
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// One building of the castle (§2.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Building {
    /// `MA`, `SM`, `T1`…`T9`, `H1`…`H5`, `W1`, `W2`, `GT`, `KT`, `PA`, `BF`, `GH`, `TV`, `ST`.
    pub id: &'static str,
    /// The German name.
    pub name: &'static str,
    /// The kind.
    pub kind: BuildingKind,
    /// The tile kind built; `None` for Markt and Schmiede, which are built from the start.
    pub tile: Option<Tile>,
    /// Printed VP (0 for Markt and Schmiede).
    pub vp: u8,
    /// Build value (0 for Markt and Schmiede).
    pub value: u8,
}

const fn b(
    id: &'static str,
    name: &'static str,
    kind: BuildingKind,
    tile: Option<Tile>,
    vp: u8,
    value: u8,
) -> Building {
    Building {
        id,
        name,
        kind,
        tile,
        vp,
        value,
    }
}

use BuildingKind as K;
const TOWER: Option<Tile> = Some(Tile::Tower);
const HOUSE: Option<Tile> = Some(Tile::House);
const WALL: Option<Tile> = Some(Tile::Wall);

/// Every building in table order: Markt and Schmiede (pre-built), then the 23 tiles.
pub const BUILDINGS: [Building; 25] = [
    b("MA", "Markt", K::Special, None, 0, 0),
    b("SM", "Schmiede", K::Special, None, 0, 0),
    b("T1", "Turm 1", K::Tower, TOWER, 8, 10),
    b("T2", "Turm 2", K::Tower, TOWER, 8, 10),
    b("T3", "Turm 3", K::Tower, TOWER, 8, 10),
    b("T4", "Turm 4", K::Tower, TOWER, 8, 10),
    b("T5", "Turm 5", K::Tower, TOWER, 8, 10),
    b("T6", "Turm 6", K::Tower, TOWER, 8, 10),
    b("T7", "Turm 7", K::Tower, TOWER, 8, 10),
    b("T8", "Turm 8", K::Tower, TOWER, 8, 10),
    b("T9", "Turm 9", K::Tower, TOWER, 8, 10),
    b("H1", "Haus 1", K::House, HOUSE, 10, 12),
    b("H2", "Haus 2", K::House, HOUSE, 10, 12),
    b("H3", "Haus 3", K::House, HOUSE, 10, 12),
    b("H4", "Haus 4", K::House, HOUSE, 10, 12),
    b("H5", "Haus 5", K::House, HOUSE, 10, 12),
    b("W1", "Mauer 1", K::Wall, WALL, 6, 8),
    b("W2", "Mauer 2", K::Wall, WALL, 6, 8),
    b("GT", "Großes Tor", K::Gate, Some(Tile::GreatGate), 10, 18),
    b("KT", "Kleines Tor", K::Gate, Some(Tile::SmallGate), 6, 12),
    b("PA", "Palas", K::Special, Some(Tile::Palas), 18, 30),
    b("BF", "Bergfried", K::Special, Some(Tile::Keep), 14, 24),
    b(
        "GH",
        "Gesindehaus",
        K::Special,
        Some(Tile::ServantsHouse),
        14,
        18,
    ),
    b("TV", "Taverne", K::Special, Some(Tile::Tavern), 12, 22),
    b("ST", "Stall", K::Special, Some(Tile::Stable), 14, 18),
];

/// Building tiles (everything but Markt and Schmiede).
pub const TILE_COUNT: usize = 23;

/// The index of a building by id (`"PA"`).
pub fn building_index(id: &str) -> Option<usize> {
    BUILDINGS.iter().position(|b| b.id.eq_ignore_ascii_case(id))
}

/// How a helper space scores at the end (§9.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SpaceRule {
    /// MA6a/MA6b: the Markt conversion of Taler.
    Markt,
    /// SM10: 1 VP per silver in the Schmiede.
    Forge,
    /// SM6: 1 VP per 2 silver in the Schmiede.
    HalfForge,
    /// GT10: 2 VP per built tower.
    TwoPerTower,
    /// KT5: 1 VP per built tower.
    OnePerTower,
    /// PA17a/PA17b: the Palas conversion of pieces.
    Palas,
    /// BF14: 3 VP per free space on built buildings.
    FreeSpaces,
    /// GH6a/GH6b: 1 VP per unbuilt tile.
    Unbuilt,
    /// TV12: 1 VP per helper in the castle.
    Helpers,
    /// TV6: 1 VP per 2 helpers in the castle.
    HalfHelpers,
    /// ST16: 3 VP per built house.
    ThreePerHouse,
    /// ST12: 2 VP per built house.
    TwoPerHouse,
}

/// A helper space in the castle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Space {
    /// `TV12`, `MA6a`, …
    pub id: &'static str,
    /// Index of its building in [`BUILDINGS`].
    pub building: usize,
    /// The fee in Taler.
    pub fee: u8,
    /// How it scores.
    pub rule: SpaceRule,
}

const fn s(id: &'static str, building: usize, fee: u8, rule: SpaceRule) -> Space {
    Space {
        id,
        building,
        fee,
        rule,
    }
}

/// Index of the Markt in [`BUILDINGS`].
pub const MARKT: usize = 0;
/// Index of the Schmiede in [`BUILDINGS`].
pub const SCHMIEDE: usize = 1;

/// The 15 helper spaces, in building order (fees add up to 149).
pub const SPACES: [Space; 15] = [
    // [EC] Markt fees 6/6.
    s("MA6a", MARKT, 6, SpaceRule::Markt),
    s("MA6b", MARKT, 6, SpaceRule::Markt),
    s("SM10", SCHMIEDE, 10, SpaceRule::Forge),
    s("SM6", SCHMIEDE, 6, SpaceRule::HalfForge),
    s("GT10", 18, 10, SpaceRule::TwoPerTower),
    s("KT5", 19, 5, SpaceRule::OnePerTower),
    // [EC] Palas: 2 spaces, both 17.
    s("PA17a", 20, 17, SpaceRule::Palas),
    s("PA17b", 20, 17, SpaceRule::Palas),
    s("BF14", 21, 14, SpaceRule::FreeSpaces),
    // [EC] Gesindehaus: 2 spaces, fees 6/6.
    s("GH6a", 22, 6, SpaceRule::Unbuilt),
    s("GH6b", 22, 6, SpaceRule::Unbuilt),
    s("TV12", 23, 12, SpaceRule::Helpers),
    s("TV6", 23, 6, SpaceRule::HalfHelpers),
    s("ST16", 24, 16, SpaceRule::ThreePerHouse),
    s("ST12", 24, 12, SpaceRule::TwoPerHouse),
];

/// The index of a helper space by id, any case (`"tv12"`, `"MA6A"`).
pub fn space_index(id: &str) -> Option<usize> {
    SPACES.iter().position(|s| s.id.eq_ignore_ascii_case(id))
}

/// A person card (§2.3). Every player has one of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Card {
    /// Step 1: +8 Taler.
    Bote,
    /// Step 2: a helper on a resource field; income after the last Händler.
    Haendler,
    /// Step 3: takes one kind from the Wehrturm, builds for Taler, places helpers.
    Maurer,
    /// Step 4: buys from Arbeiter cards, builds for full VP, places helpers.
    Steinmetz,
    /// Step 5: filled with sand, clay, stone [EC]; builds for half VP.
    Arbeiter1,
    /// Step 5: filled with wood, clay, silver [EC]; builds for half VP.
    Arbeiter2,
    /// Step 5: filled with stone and two chosen pieces of sand, wood or clay; builds for half VP.
    Arbeiter3,
    /// Step 6: 5 VP per building by others this round; takes the played cards back.
    Baumeister,
}

impl Card {
    /// Every card in resolution order.
    pub const ALL: [Card; 8] = [
        Card::Bote,
        Card::Haendler,
        Card::Maurer,
        Card::Steinmetz,
        Card::Arbeiter1,
        Card::Arbeiter2,
        Card::Arbeiter3,
        Card::Baumeister,
    ];

    /// The German name: Bote, Händler, Maurer, Steinmetz, Arbeiter I–III, Baumeister.
    pub fn name(self) -> &'static str {
        match self {
            Card::Bote => "Bote",
            Card::Haendler => "Händler",
            Card::Maurer => "Maurer",
            Card::Steinmetz => "Steinmetz",
            Card::Arbeiter1 => "Arbeiter I",
            Card::Arbeiter2 => "Arbeiter II",
            Card::Arbeiter3 => "Arbeiter III",
            Card::Baumeister => "Baumeister",
        }
    }

    /// The English word used in move text (§14): `messenger`, `trader`, `mason`, `stonemason`,
    /// `worker1`–`worker3`, `builder`.
    pub fn word(self) -> &'static str {
        match self {
            Card::Bote => "messenger",
            Card::Haendler => "trader",
            Card::Maurer => "mason",
            Card::Steinmetz => "stonemason",
            Card::Arbeiter1 => "worker1",
            Card::Arbeiter2 => "worker2",
            Card::Arbeiter3 => "worker3",
            Card::Baumeister => "builder",
        }
    }

    /// The resolution step, 1–6 (§4.5).
    pub fn step(self) -> u8 {
        match self {
            Card::Bote => 1,
            Card::Haendler => 2,
            Card::Maurer => 3,
            Card::Steinmetz => 4,
            Card::Arbeiter1 | Card::Arbeiter2 | Card::Arbeiter3 => 5,
            Card::Baumeister => 6,
        }
    }

    /// Whether this is one of the three Arbeiter cards.
    pub fn is_arbeiter(self) -> bool {
        self.step() == 5
    }

    /// The fixed part of an Arbeiter card's list, in list order (§2.3) [EC]: I = sand, clay,
    /// stone; II = wood, clay, silver; III = stone (then two chosen pieces).
    pub fn arbeiter_list(self) -> &'static [Resource] {
        match self {
            Card::Arbeiter1 => &[Resource::Sand, Resource::Clay, Resource::Stone],
            Card::Arbeiter2 => &[Resource::Wood, Resource::Clay, Resource::Silver],
            Card::Arbeiter3 => &[Resource::Stone],
            _ => &[],
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How long a winter card works.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Duration {
    /// Its effect is carried out when it is revealed.
    Immediately,
    /// It changes the rules until the end of the round.
    ThisRound,
}

/// A winter card (§2.6; all six are edition choices [EC]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum WinterCard {
    /// W-FROST, this round: every field yields 1 less.
    Bodenfrost,
    /// W-STORM, this round: Arbeiter cards get only the first two pieces of their list.
    Schneesturm,
    /// W-WOOD, immediately: 1 wood to the Wehrturm, or 2 Taler.
    Brennholz,
    /// W-TAX, immediately: everyone pays a fifth of his Taler.
    Wintersteuer,
    /// W-QUART, immediately: 1 VP per own helper in the castle.
    Winterquartier,
    /// W-STORE, immediately: every occupied field gives its owner 1 piece.
    Wintervorrat,
}

impl WinterCard {
    /// The six cards in table order (the deck is shuffled at setup).
    pub const ALL: [WinterCard; 6] = [
        WinterCard::Bodenfrost,
        WinterCard::Schneesturm,
        WinterCard::Brennholz,
        WinterCard::Wintersteuer,
        WinterCard::Winterquartier,
        WinterCard::Wintervorrat,
    ];

    /// `W-FROST`, …
    pub fn id(self) -> &'static str {
        match self {
            WinterCard::Bodenfrost => "W-FROST",
            WinterCard::Schneesturm => "W-STORM",
            WinterCard::Brennholz => "W-WOOD",
            WinterCard::Wintersteuer => "W-TAX",
            WinterCard::Winterquartier => "W-QUART",
            WinterCard::Wintervorrat => "W-STORE",
        }
    }

    /// The German name.
    pub fn name(self) -> &'static str {
        match self {
            WinterCard::Bodenfrost => "Bodenfrost",
            WinterCard::Schneesturm => "Schneesturm",
            WinterCard::Brennholz => "Brennholz",
            WinterCard::Wintersteuer => "Wintersteuer",
            WinterCard::Winterquartier => "Winterquartier",
            WinterCard::Wintervorrat => "Wintervorrat",
        }
    }

    /// The English name.
    pub fn english(self) -> &'static str {
        match self {
            WinterCard::Bodenfrost => "Hard frost",
            WinterCard::Schneesturm => "Snowstorm",
            WinterCard::Brennholz => "Firewood",
            WinterCard::Wintersteuer => "Winter tax",
            WinterCard::Winterquartier => "Winter quarters",
            WinterCard::Wintervorrat => "Winter stores",
        }
    }

    /// Immediately or this round.
    pub fn duration(self) -> Duration {
        match self {
            WinterCard::Bodenfrost | WinterCard::Schneesturm => Duration::ThisRound,
            _ => Duration::Immediately,
        }
    }
}

/// Rounds of a game with `players` players (§2.2): 12, 15, 12.
pub fn rounds_for(players: usize) -> u8 {
    if players == 3 { 15 } else { 12 }
}

/// The round-track spaces at which a winter card is revealed (§4.3).
pub const WINTER_SPACES: [u8; 6] = [14, 13, 11, 9, 6, 4];

/// The round-track space of round `round` (1-based) in a game of `rounds` rounds: `R − r + 1`.
pub fn track_space(rounds: u8, round: u8) -> u8 {
    rounds + 1 - round
}

/// The rounds (1-based) in which a winter card is revealed.
pub fn winter_rounds(rounds: u8) -> Vec<u8> {
    (1..=rounds)
        .filter(|r| WINTER_SPACES.contains(&track_space(rounds, *r)))
        .collect()
}

/// Castle helpers per player: 6, or 7 with 2 players.
pub fn helpers_for(players: usize) -> u8 {
    if players == 2 { 7 } else { 6 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castle_totals() {
        let tiles: Vec<&Building> = BUILDINGS.iter().filter(|b| b.tile.is_some()).collect();
        assert_eq!(tiles.len(), TILE_COUNT);
        assert_eq!(tiles.iter().map(|b| u32::from(b.value)).sum::<u32>(), 308);
        assert_eq!(tiles.iter().map(|b| u32::from(b.vp)).sum::<u32>(), 222);
        assert_eq!(SPACES.iter().map(|s| u32::from(s.fee)).sum::<u32>(), 149);
        assert!(
            SPACES
                .iter()
                .all(|s| BUILDINGS[s.building].id == &s.id[..2])
        );
        assert!(BUILDINGS.iter().all(|b| b.vp % 2 == 0));
        assert_eq!(Tile::Tower.buildings().count(), 9);
    }

    #[test]
    fn winter_rounds_follow_the_track() {
        assert_eq!(winter_rounds(12), vec![2, 4, 7, 9]);
        assert_eq!(winter_rounds(15), vec![2, 3, 5, 7, 10, 12]);
    }
}
