//! The game's words in the current language ([`crate::i18n`]): colours, person cards,
//! resources, fields, buildings and winter cards. English keeps the German names of the cards
//! and buildings (as the English platform did); German players read the German originals, Dutch
//! players the terms of the Dutch platform (Bode, Handelaar, Metselaar, …; zand, hout, leem, …).
//!
//! The `Display` impls of these types stay English: they are the move notation, which is parsed
//! back. The game record (`record`) uses these labels too.

use super::Color;
use super::data::{BUILDINGS, Card, Tile, WinterCard};
use super::resources::{Resource, Resources};
use crate::t;

impl Color {
    /// The colour's name in the current language: `Red`, `Rot`, `Rood`.
    pub fn label(self) -> String {
        match self {
            Color::Red => t!("burg-color-red"),
            Color::Blue => t!("burg-color-blue"),
            Color::Green => t!("burg-color-green"),
            Color::Yellow => t!("burg-color-yellow"),
        }
    }
}

impl Card {
    /// The card's name in the current language: `Maurer`, `Metselaar`.
    pub fn label(self) -> String {
        match self {
            Card::Bote => t!("burg-card-bote"),
            Card::Haendler => t!("burg-card-haendler"),
            Card::Maurer => t!("burg-card-maurer"),
            Card::Steinmetz => t!("burg-card-steinmetz"),
            Card::Arbeiter1 => t!("burg-card-arbeiter1"),
            Card::Arbeiter2 => t!("burg-card-arbeiter2"),
            Card::Arbeiter3 => t!("burg-card-arbeiter3"),
            Card::Baumeister => t!("burg-card-baumeister"),
        }
    }

    /// The card's name where a player picks it — the hand in the image and in its description,
    /// the move buttons ([`Move::label`](super::Move::label)) and the record: the move word in
    /// English (`mason`, as the buttons send it), the card's name in German and Dutch (`Maurer`,
    /// `Metselaar`). Every one is a word the move parser reads.
    pub fn move_name(self) -> String {
        match self {
            Card::Bote => t!("burg-card-bote.move"),
            Card::Haendler => t!("burg-card-haendler.move"),
            Card::Maurer => t!("burg-card-maurer.move"),
            Card::Steinmetz => t!("burg-card-steinmetz.move"),
            Card::Arbeiter1 => t!("burg-card-arbeiter1.move"),
            Card::Arbeiter2 => t!("burg-card-arbeiter2.move"),
            Card::Arbeiter3 => t!("burg-card-arbeiter3.move"),
            Card::Baumeister => t!("burg-card-baumeister.move"),
        }
    }

    /// Two letters for a card chip in the image: `Ma`, `Me`.
    pub fn chip(self) -> String {
        match self {
            Card::Bote => t!("burg-card-bote.chip"),
            Card::Haendler => t!("burg-card-haendler.chip"),
            Card::Maurer => t!("burg-card-maurer.chip"),
            Card::Steinmetz => t!("burg-card-steinmetz.chip"),
            Card::Arbeiter1 => t!("burg-card-arbeiter1.chip"),
            Card::Arbeiter2 => t!("burg-card-arbeiter2.chip"),
            Card::Arbeiter3 => t!("burg-card-arbeiter3.chip"),
            Card::Baumeister => t!("burg-card-baumeister.chip"),
        }
    }
}

/// Cards joined with ` + `: `Bote + Arbeiter III`.
pub(crate) fn card_list(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.label())
        .collect::<Vec<_>>()
        .join(" + ")
}

impl Resource {
    /// The resource's name in the current language: `clay`, `Lehm`, `leem`.
    pub fn label(self) -> String {
        match self {
            Resource::Sand => t!("burg-res-sand"),
            Resource::Wood => t!("burg-res-wood"),
            Resource::Clay => t!("burg-res-clay"),
            Resource::Stone => t!("burg-res-stone"),
            Resource::Silver => t!("burg-res-silver"),
        }
    }

    /// The field of this resource in a sentence: "the sand cart", "the Reiter (silver)".
    pub fn field_label(self) -> String {
        match self {
            Resource::Sand => t!("burg-res-sand.field"),
            Resource::Wood => t!("burg-res-wood.field"),
            Resource::Clay => t!("burg-res-clay.field"),
            Resource::Stone => t!("burg-res-stone.field"),
            Resource::Silver => t!("burg-res-silver.field"),
        }
    }

    /// The field of this resource as a caption: "sand cart", "Reiter (silver)".
    pub fn cart_label(self) -> String {
        match self {
            Resource::Sand => t!("burg-res-sand.cart"),
            Resource::Wood => t!("burg-res-wood.cart"),
            Resource::Clay => t!("burg-res-clay.cart"),
            Resource::Stone => t!("burg-res-stone.cart"),
            Resource::Silver => t!("burg-res-silver.cart"),
        }
    }
}

/// `n` pieces of `kind`: "2 wood", "2 Holz", "2 hout".
pub(crate) fn pieces(n: impl Into<u32>, kind: Resource) -> String {
    t!("burg-pieces", n = n.into(), kind = kind.label())
}

/// Resource names joined with `, ` (`sand, wood`), or "none".
pub(crate) fn kind_list(kinds: &[Resource]) -> String {
    if kinds.is_empty() {
        return t!("burg-kinds-none");
    }
    kinds
        .iter()
        .map(|k| k.label())
        .collect::<Vec<_>>()
        .join(", ")
}

impl Resources {
    /// The pieces in the current language: `1 sand, 2 wood` or `nothing`.
    pub fn label(&self) -> String {
        let parts: Vec<String> = self.iter().map(|(k, n)| pieces(n, k)).collect();
        if parts.is_empty() {
            t!("burg-nothing")
        } else {
            parts.join(", ")
        }
    }
}

impl Tile {
    /// The kind's name in the current language: `Großes Tor`, `Grote Poort`.
    pub fn label(self) -> String {
        match self {
            Tile::Tower => t!("burg-tile-tower"),
            Tile::House => t!("burg-tile-house"),
            Tile::Wall => t!("burg-tile-wall"),
            Tile::GreatGate => t!("burg-tile-great-gate"),
            Tile::SmallGate => t!("burg-tile-small-gate"),
            Tile::Palas => t!("burg-tile-palas"),
            Tile::Keep => t!("burg-tile-keep"),
            Tile::ServantsHouse => t!("burg-tile-servants-house"),
            Tile::Tavern => t!("burg-tile-tavern"),
            Tile::Stable => t!("burg-tile-stable"),
        }
    }
}

/// A building's name (index into [`BUILDINGS`]) in the current language: `Turm 3`, `Toren 3`,
/// `Schmiede`, `Smederij`.
pub(crate) fn building_label(index: usize) -> String {
    let Some(b) = BUILDINGS.get(index) else {
        return String::new();
    };
    match b.tile {
        None if index == super::data::MARKT => t!("burg-building-markt"),
        None => t!("burg-building-schmiede"),
        Some(tile @ (Tile::Tower | Tile::House | Tile::Wall)) => {
            t!(
                "burg-building-numbered",
                tile = tile.label(),
                n = &b.id[1..]
            )
        }
        Some(tile) => tile.label(),
    }
}

/// A building's name by its German name (as the errors carry it), in the current language.
pub(crate) fn building_label_of(name: &str) -> String {
    match BUILDINGS.iter().position(|b| b.name == name) {
        Some(i) => building_label(i),
        None => name.to_string(),
    }
}

impl WinterCard {
    /// The card's name in the current language: `Bodenfrost`, `Bodemvorst`.
    pub fn label(self) -> String {
        match self {
            WinterCard::Bodenfrost => t!("burg-winter-bodenfrost"),
            WinterCard::Schneesturm => t!("burg-winter-schneesturm"),
            WinterCard::Brennholz => t!("burg-winter-brennholz"),
            WinterCard::Wintersteuer => t!("burg-winter-wintersteuer"),
            WinterCard::Winterquartier => t!("burg-winter-winterquartier"),
            WinterCard::Wintervorrat => t!("burg-winter-wintervorrat"),
        }
    }

    /// The card's name with a translation: `Bodenfrost (Hard frost)`.
    pub fn long_label(self) -> String {
        match self {
            WinterCard::Bodenfrost => t!("burg-winter-bodenfrost.long"),
            WinterCard::Schneesturm => t!("burg-winter-schneesturm.long"),
            WinterCard::Brennholz => t!("burg-winter-brennholz.long"),
            WinterCard::Wintersteuer => t!("burg-winter-wintersteuer.long"),
            WinterCard::Winterquartier => t!("burg-winter-winterquartier.long"),
            WinterCard::Wintervorrat => t!("burg-winter-wintervorrat.long"),
        }
    }

    /// The effect in the current language, for the announcement.
    pub fn effect_label(self) -> String {
        match self {
            WinterCard::Bodenfrost => t!("burg-winter-bodenfrost.effect"),
            WinterCard::Schneesturm => t!("burg-winter-schneesturm.effect"),
            WinterCard::Brennholz => t!("burg-winter-brennholz.effect"),
            WinterCard::Wintersteuer => t!("burg-winter-wintersteuer.effect"),
            WinterCard::Winterquartier => t!("burg-winter-winterquartier.effect"),
            WinterCard::Wintervorrat => t!("burg-winter-wintervorrat.effect"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, scope};

    #[test]
    fn english_names_are_the_old_ones() {
        for card in Card::ALL {
            assert_eq!(card.label(), card.name());
        }
        for kind in Resource::ALL {
            assert_eq!(kind.label(), kind.word());
            let cart = match kind {
                Resource::Silver => "the Reiter (silver)".to_string(),
                other => format!("the {other} cart"),
            };
            assert_eq!(kind.field_label(), cart);
        }
        for tile in Tile::ALL {
            assert_eq!(tile.label(), tile.name());
        }
        for (i, b) in BUILDINGS.iter().enumerate() {
            assert_eq!(building_label(i), b.name);
        }
        for card in WinterCard::ALL {
            assert_eq!(card.label(), card.name());
            assert_eq!(
                card.long_label(),
                format!("{} ({})", card.name(), card.english())
            );
            assert!(card.effect_label().len() > 30, "{}", card.effect_label());
        }
        for c in Color::ALL {
            assert_eq!(c.label(), c.to_string());
        }
        assert_eq!(
            WinterCard::Wintersteuer.effect_label(),
            "everyone pays a fifth of their Taler (rounded down)"
        );
        assert_eq!(
            WinterCard::Winterquartier.effect_label(),
            "everyone scores 1 VP per own helper in the castle"
        );
        let r = Resources::new(1, 2, 0, 0, 3);
        assert_eq!(r.label(), r.to_string());
        assert_eq!(Resources::NONE.label(), "nothing");
    }

    #[test]
    fn the_hand_and_the_buttons_name_a_card_alike_and_parseably() {
        for lang in Lang::ALL {
            scope(lang, || {
                for card in Card::ALL {
                    let name = card.move_name();
                    let mv: super::super::Move = format!("choose {name}").parse().unwrap();
                    assert_eq!(mv, super::super::Move::Choose(vec![card]), "{lang}: {name}");
                    assert_eq!(mv.label().split_once(' ').map(|(_, n)| n), Some(&*name));
                    let expected = match lang {
                        Lang::En => card.word().to_string(),
                        _ => card.label(),
                    };
                    assert_eq!(name, expected, "{lang}");
                }
            });
        }
    }

    #[test]
    fn german_and_dutch_use_the_original_terms() {
        scope(Lang::De, || {
            assert_eq!(Card::Maurer.label(), "Maurer");
            assert_eq!(Resource::Clay.label(), "Lehm");
            assert_eq!(building_label(1), "Schmiede");
            assert_eq!(Color::Green.label(), "Grün");
        });
        scope(Lang::Nl, || {
            let cards: Vec<String> = Card::ALL.iter().map(|c| c.label()).collect();
            assert_eq!(
                cards,
                [
                    "Bode",
                    "Handelaar",
                    "Metselaar",
                    "Steenhouwer",
                    "Arbeider I",
                    "Arbeider II",
                    "Arbeider III",
                    "Bouwmeester"
                ]
            );
            let kinds: Vec<String> = Resource::ALL.iter().map(|k| k.label()).collect();
            assert_eq!(kinds, ["zand", "hout", "leem", "steen", "zilver"]);
            assert_eq!(building_label(2), "Toren 1");
            assert_eq!(building_label(1), "Smederij");
            assert_eq!(Resources::new(1, 2, 0, 0, 0).label(), "1 zand, 2 hout");
        });
    }
}
