//! Move text (§14, §15): what players type, in English, German or Dutch words, any case.
//!
//! | decision | canonical text |
//! | --- | --- |
//! | secret card choice | `choose mason`, `choose messenger worker3` (2 players) |
//! | Arbeiter III fill | `fill clay clay`, `fill sand` (under Schneesturm) |
//! | Händler | `place wood`, `place silver` (the Reiter), `pass` |
//! | Maurer | `take stone` |
//! | Steinmetz | `buy red worker1 clay` (as listed), `buy red clay` (when one card could sell) |
//! | build | `build house`, `build house pay 1 sand 1 wood 1 clay 1 silver as stone` |
//! | helper | `helper TV12`, `helper TV12 from sand` |
//! | end an action | `done` |
//!
//! `Display` writes the canonical English form; `FromStr` accepts every spelling of §14/§15.13:
//! umlauts or their `ae`/`oe`/`ue`/`ss` spellings, hyphens or spaces inside names (`great gate`,
//! `worker 3`, `Arbeiter III`), commas anywhere, and the tile ids `GT`, `KT`, `PA`, `BF`, `GH`, `TV`,
//! `ST` for tiles. A seller in `buy` is named by colour (`red`/`rot`/`rood`, …). The verbs and
//! the little words (`pay`, `as`, `from`) are read in German and Dutch too (`kaufe rot lehm`,
//! `bouw huis betaal 2 zand …`).

use std::fmt;
use std::str::FromStr;

use super::Color;
use super::data::{Card, SPACES, Tile, space_index};
use super::payment::Payment;
use super::resources::Resource;
use crate::games::ParseMoveError;
use crate::t;

/// A move as a player types it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Move {
    /// The secret card choice: one card, or two different ones with two players (sorted in
    /// resolution order).
    Choose(Vec<Card>),
    /// The Arbeiter III's chosen pieces (sorted: sand, wood, clay).
    Fill(Vec<Resource>),
    /// The Händler places a helper on this field (silver = the Reiter).
    Place(Resource),
    /// The Händler does not place.
    Pass,
    /// The Maurer takes all pieces of this kind from the Wehrturm.
    Take(Resource),
    /// The Steinmetz buys a piece of `kind` from a seller's Arbeiter card (named when the seller
    /// has more than one that could sell it).
    Buy {
        /// The seller.
        from: Color,
        /// Which Arbeiter card, when named.
        card: Option<Card>,
        /// The piece.
        kind: Resource,
    },
    /// Build the lowest-numbered unbuilt tile of a kind, with the default or an explicit payment.
    Build {
        /// The kind of tile.
        tile: Tile,
        /// The payment; `None` for the default payment.
        pay: Option<Payment>,
    },
    /// Place a helper on a castle space (index into [`SPACES`]), from the personal supply or
    /// from a resource field.
    Helper {
        /// The space.
        space: usize,
        /// The field the helper comes from; `None` for the personal supply.
        from: Option<Resource>,
    },
    /// End the current action.
    Done,
}

fn words<T: Copy>(items: &[T], word: impl Fn(T) -> &'static str) -> String {
    items.iter().map(|i| word(*i)).collect::<Vec<_>>().join(" ")
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Choose(cards) => write!(f, "choose {}", words(cards, Card::word)),
            Move::Fill(kinds) => write!(f, "fill {}", words(kinds, Resource::word)),
            Move::Place(field) => write!(f, "place {field}"),
            Move::Pass => f.write_str("pass"),
            Move::Take(kind) => write!(f, "take {kind}"),
            Move::Buy { from, card, kind } => {
                write!(f, "buy {}", from.word())?;
                if let Some(card) = card {
                    write!(f, " {}", card.word())?;
                }
                write!(f, " {kind}")
            }
            Move::Build { tile, pay } => {
                write!(f, "build {tile}")?;
                if let Some(pay) = pay {
                    write!(f, " pay {pay}")?;
                }
                Ok(())
            }
            Move::Helper { space, from } => {
                let id = SPACES.get(*space).map_or("?", |s| s.id);
                write!(f, "helper {id}")?;
                if let Some(from) = from {
                    write!(f, " from {from}")?;
                }
                Ok(())
            }
            Move::Done => f.write_str("done"),
        }
    }
}

impl Move {
    /// The move as a button shows it, in the current language (`burg-label-…`): German and
    /// Dutch verbs and little words, the reader's names of cards, colours, kinds and tiles —
    /// every one a word [`FromStr`] reads, so a copied label is a valid move. English writes
    /// the notation itself ([`Display`](fmt::Display)). The cards are named as the hand shows
    /// them ([`Card::move_name`]).
    pub fn label(&self) -> String {
        match self {
            Move::Choose(cards) => t!("burg-label-choose", cards = nouns(cards, Card::move_name)),
            Move::Fill(kinds) => t!("burg-label-fill", kinds = nouns(kinds, kind_noun)),
            Move::Place(field) => t!("burg-label-place", field = kind_noun(*field)),
            Move::Pass => t!("burg-label-pass"),
            Move::Take(kind) => t!("burg-label-take", kind = kind_noun(*kind)),
            Move::Buy { from, card, kind } => {
                let color = noun(from.word(), || from.label());
                let kind = kind_noun(*kind);
                match card {
                    Some(card) => t!(
                        "burg-label-buy-card",
                        color = color,
                        card = card.move_name(),
                        kind = kind
                    ),
                    None => t!("burg-label-buy", color = color, kind = kind),
                }
            }
            Move::Build { tile, pay } => {
                let tile = noun(tile.word(), || tile.label());
                match pay {
                    Some(pay) => t!("burg-label-build-pay", tile = tile, payment = pay.label()),
                    None => t!("burg-label-build", tile = tile),
                }
            }
            Move::Helper { space, from } => {
                let space = SPACES.get(*space).map_or("?", |s| s.id);
                match from {
                    Some(field) => t!(
                        "burg-label-helper-from",
                        space = space,
                        field = kind_noun(*field)
                    ),
                    None => t!("burg-label-helper", space = space),
                }
            }
            Move::Done => t!("burg-label-done"),
        }
    }
}

/// A name in a move label: the notation's own word in English (whose labels keep the German
/// card and building names), the reader's name (`Maurer`, `Metselaar`, `Grün`) elsewhere.
fn noun(notation: &str, label: impl FnOnce() -> String) -> String {
    if crate::i18n::current() == crate::i18n::Lang::En {
        notation.to_string()
    } else {
        label()
    }
}

fn kind_noun(kind: Resource) -> String {
    noun(kind.word(), || kind.label())
}

fn nouns<T: Copy>(items: &[T], name: impl Fn(T) -> String) -> String {
    items.iter().map(|i| name(*i)).collect::<Vec<_>>().join(" ")
}

/// Lower case, umlauts spelled out, punctuation that never matters turned into spaces.
fn normalize(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars().flat_map(char::to_lowercase) {
        match c {
            'ä' => out.push_str("ae"),
            'ö' => out.push_str("oe"),
            'ü' => out.push_str("ue"),
            'ß' => out.push_str("ss"),
            ',' | ';' | ':' | '.' | '=' | '!' | '/' | '+' | '(' | ')' => out.push(' '),
            '-' | '_' | '\'' | '’' => out.push('-'),
            c => out.push(c),
        }
    }
    out
}

/// A token without its joiners (`great-gate` → `greatgate`).
fn bare(token: &str) -> String {
    token.chars().filter(|c| *c != '-').collect()
}

fn card_word(w: &str) -> Option<Card> {
    Some(match w {
        "bote" | "messenger" | "bode" => Card::Bote,
        "haendler" | "handler" | "trader" | "handelaar" => Card::Haendler,
        "maurer" | "mason" | "bricklayer" | "metselaar" => Card::Maurer,
        "steinmetz" | "stonemason" | "steenhouwer" => Card::Steinmetz,
        "baumeister" | "builder" | "masterbuilder" | "bouwmeester" => Card::Baumeister,
        _ => {
            let (stem, number) = ["arbeiter", "arbeider", "worker", "a"]
                .iter()
                .find_map(|stem| w.strip_prefix(stem).map(|rest| (*stem, rest)))?;
            let _ = stem;
            match number {
                "1" | "i" => Card::Arbeiter1,
                "2" | "ii" => Card::Arbeiter2,
                "3" | "iii" => Card::Arbeiter3,
                _ => return None,
            }
        }
    })
}

fn resource_word(w: &str) -> Option<Resource> {
    Some(match w {
        "sand" | "zand" => Resource::Sand,
        "wood" | "holz" | "hout" => Resource::Wood,
        "clay" | "lehm" | "leem" | "ziegel" | "brick" | "bricks" => Resource::Clay,
        "stone" | "stein" | "steen" => Resource::Stone,
        "silver" | "silber" | "zilver" => Resource::Silver,
        _ => return None,
    })
}

fn field_word(w: &str) -> Option<Resource> {
    match w {
        "reiter" | "rider" | "ruiter" | "ridder" => Some(Resource::Silver),
        _ => resource_word(w),
    }
}

fn tile_word(w: &str) -> Option<Tile> {
    Some(match w {
        "tower" | "turm" | "toren" => Tile::Tower,
        "house" | "haus" | "huis" => Tile::House,
        "wall" | "mauer" | "muur" => Tile::Wall,
        "greatgate" | "grossestor" | "grotepoort" | "gt" => Tile::GreatGate,
        "smallgate" | "kleinestor" | "kleinepoort" | "kt" => Tile::SmallGate,
        "palas" | "paleis" | "palace" | "pa" => Tile::Palas,
        "keep" | "bergfried" | "donjon" | "bf" => Tile::Keep,
        "servantshouse" | "gesindehaus" | "dienstbodenhuis" | "gh" => Tile::ServantsHouse,
        "tavern" | "taverne" | "herberg" | "tv" => Tile::Tavern,
        "stable" | "stall" | "stal" | "st" => Tile::Stable,
        _ => return None,
    })
}

/// The tokens after the verb, with a reader that joins two tokens into one name when they
/// form one (`great gate`, `worker 3`).
struct Tokens {
    items: Vec<String>,
    at: usize,
}

impl Tokens {
    fn done(&self) -> bool {
        self.at >= self.items.len()
    }

    fn peek(&self) -> Option<&str> {
        self.items.get(self.at).map(String::as_str)
    }

    /// Reads a name with `read`, trying two tokens joined, then one.
    fn name<T>(&mut self, read: impl Fn(&str) -> Option<T>) -> Option<T> {
        if let (Some(a), Some(b)) = (self.items.get(self.at), self.items.get(self.at + 1))
            && let Some(v) = read(&format!("{}{}", bare(a), bare(b)))
        {
            self.at += 2;
            return Some(v);
        }
        let v = read(&bare(self.items.get(self.at)?))?;
        self.at += 1;
        Some(v)
    }

    fn keyword(&mut self, options: &[&str]) -> bool {
        if self
            .peek()
            .is_some_and(|t| options.contains(&bare(t).as_str()))
        {
            self.at += 1;
            true
        } else {
            false
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let shown: String = s.trim().chars().take(24).collect();
        let fail =
            |why: &str| ParseMoveError(t!("burg-parse-not-a-move", text = &shown, why = why));
        let forms = || t!("burg-parse-forms");
        let text = normalize(s);
        let mut items: Vec<String> = text.split_whitespace().map(str::to_string).collect();
        if items.len() > 40 {
            return Err(fail(&t!("burg-parse-too-long")));
        }
        items.retain(|t| !bare(t).is_empty());
        let Some(verb) = items.first().map(|v| bare(v)) else {
            return Err(fail(&forms()));
        };
        let mut t = Tokens { items, at: 1 };
        let mv = match verb.as_str() {
            "choose" | "pick" | "kies" | "kiezen" | "waehle" | "waehlen" | "wahl" | "play" => {
                let mut cards = Vec::new();
                while !t.done() {
                    match t.name(card_word) {
                        Some(c) => cards.push(c),
                        None => return Err(fail(&t!("burg-parse-cards"))),
                    }
                }
                match cards.len() {
                    0 => {
                        return Err(fail(&t!(
                            "burg-parse-name-card",
                            cards = t!("burg-parse-cards")
                        )));
                    }
                    1 | 2 => {}
                    _ => return Err(fail(&t!("burg-parse-one-card"))),
                }
                cards.sort();
                Move::Choose(cards)
            }
            "fill" | "fuelle" | "fuellen" | "vul" | "vullen" => {
                let mut kinds = Vec::new();
                while !t.done() {
                    match t.name(resource_word) {
                        Some(k) if Resource::FILL_CHOICES.contains(&k) => kinds.push(k),
                        _ => {
                            return Err(fail(&t!("burg-parse-fill-kinds")));
                        }
                    }
                }
                if kinds.is_empty() || kinds.len() > 2 {
                    return Err(fail(&t!("burg-parse-fill-count")));
                }
                kinds.sort();
                Move::Fill(kinds)
            }
            "place" | "put" | "setze" | "setzen" | "platziere" | "plaats" | "plaatsen" | "zet" => {
                match t.name(field_word) {
                    Some(field) => Move::Place(field),
                    None => return Err(fail(&t!("burg-parse-field"))),
                }
            }
            "pass" | "passe" | "passen" | "pas" => Move::Pass,
            "done" | "end" | "finish" | "fertig" | "ende" | "klaar" | "einde" => Move::Done,
            "take" | "nimm" | "nehme" | "nehmen" | "neem" | "nemen" => {
                match t.name(resource_word) {
                    Some(kind) => Move::Take(kind),
                    None => {
                        return Err(fail(&t!("burg-parse-take", kinds = t!("burg-parse-kinds"))));
                    }
                }
            }
            "buy" | "kaufe" | "kauf" | "kaufen" | "koop" | "kopen" => {
                let Some(from) = t.name(Color::from_word) else {
                    return Err(fail(&t!("burg-parse-seller")));
                };
                let card = t.name(card_word);
                if card.is_some_and(|c| !c.is_arbeiter()) {
                    return Err(fail(&t!("burg-parse-buy-card")));
                }
                let Some(kind) = t.name(resource_word) else {
                    return Err(fail(&t!(
                        "burg-parse-buy-kind",
                        kinds = t!("burg-parse-kinds")
                    )));
                };
                Move::Buy { from, card, kind }
            }
            "build" | "bau" | "baue" | "bauen" | "bouw" | "bouwen" => {
                let Some(tile) = t.name(tile_word) else {
                    return Err(fail(&t!(
                        "burg-parse-build",
                        tiles = t!("burg-parse-tiles")
                    )));
                };
                let pay = if t.keyword(&[
                    "pay", "with", "zahle", "bezahle", "zahlen", "mit", "betaal", "betalen", "met",
                ]) {
                    Some(parse_payment(&mut t).map_err(|e| fail(&e))?)
                } else {
                    None
                };
                Move::Build { tile, pay }
            }
            "helper" | "helpers" | "helfer" | "werker" | "werkers" => {
                let Some(space) = t.peek().and_then(|w| space_index(&bare(w))) else {
                    let ids: Vec<&str> = SPACES.iter().map(|s| s.id).collect();
                    return Err(fail(&t!("burg-parse-space", spaces = ids.join(", "))));
                };
                t.at += 1;
                let from = if t.keyword(&["from", "von", "vom", "van", "uit"]) {
                    match t.name(field_word) {
                        Some(f) => Some(f),
                        None => return Err(fail(&t!("burg-parse-from"))),
                    }
                } else {
                    None
                };
                Move::Helper { space, from }
            }
            _ => return Err(fail(&forms())),
        };
        if !t.done() {
            return Err(fail(&t!("burg-parse-unexpected", forms = forms())));
        }
        Ok(mv)
    }
}

/// `<n> <kind>` and `<n> silver as <kind>` groups, in any order.
fn parse_payment(t: &mut Tokens) -> Result<Payment, String> {
    let hint = || t!("burg-parse-pay");
    // Split `2sand` into `2 sand`.
    let mut rest: Vec<String> = Vec::new();
    for token in &t.items[t.at..] {
        let digits: String = token.chars().take_while(char::is_ascii_digit).collect();
        if !digits.is_empty() && digits.len() < token.len() {
            rest.push(digits.clone());
            rest.push(token[digits.len()..].to_string());
        } else {
            rest.push(token.clone());
        }
    }
    t.at = t.items.len();
    let mut p = Tokens { items: rest, at: 0 };
    let mut payment = Payment::default();
    let mut groups = 0;
    while !p.done() {
        let n: u8 = match p.peek().map(|w| w.parse::<u32>()) {
            Some(Ok(n @ 1..=60)) => n as u8,
            Some(Ok(_)) => return Err(t!("burg-parse-pay-count")),
            _ => return Err(hint()),
        };
        p.at += 1;
        let Some(kind) = p.name(resource_word) else {
            return Err(hint());
        };
        if kind == Resource::Silver {
            if !p.keyword(&["as", "als"]) {
                return Err(t!("burg-parse-pay-silver-as"));
            }
            match p.name(resource_word) {
                Some(declared) if declared != Resource::Silver => {
                    payment.add_silver(declared, n);
                }
                _ => return Err(t!("burg-parse-pay-silver")),
            }
        } else {
            payment.add(kind, n);
        }
        groups += 1;
    }
    if groups == 0 {
        return Err(hint());
    }
    Ok(payment)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Move {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn every_form_in_three_languages() {
        assert_eq!(parse("choose mason"), Move::Choose(vec![Card::Maurer]));
        assert_eq!(parse("Choose Metselaar"), Move::Choose(vec![Card::Maurer]));
        assert_eq!(
            parse("choose worker3 bote"),
            Move::Choose(vec![Card::Bote, Card::Arbeiter3])
        );
        assert_eq!(
            parse("choose Arbeiter III, Händler"),
            Move::Choose(vec![Card::Haendler, Card::Arbeiter3])
        );
        assert_eq!(parse("CHOOSE a1"), Move::Choose(vec![Card::Arbeiter1]));
        assert_eq!(
            parse("choose bouwmeester"),
            Move::Choose(vec![Card::Baumeister])
        );
        assert_eq!(
            parse("fill clay leem"),
            Move::Fill(vec![Resource::Clay, Resource::Clay])
        );
        assert_eq!(
            parse("fill hout zand"),
            Move::Fill(vec![Resource::Sand, Resource::Wood])
        );
        assert_eq!(parse("place Reiter"), Move::Place(Resource::Silver));
        assert_eq!(parse("place holz"), Move::Place(Resource::Wood));
        assert_eq!(parse("take Steen"), Move::Take(Resource::Stone));
        assert_eq!(
            parse("buy rot lehm"),
            Move::Buy {
                from: Color::Red,
                card: None,
                kind: Resource::Clay
            }
        );
        assert_eq!(
            parse("buy blauw worker 2 ziegel"),
            Move::Buy {
                from: Color::Blue,
                card: Some(Card::Arbeiter2),
                kind: Resource::Clay
            }
        );
        assert_eq!(
            parse("build Großes Tor"),
            Move::Build {
                tile: Tile::GreatGate,
                pay: None
            }
        );
        assert_eq!(
            parse("build grote poort"),
            Move::Build {
                tile: Tile::GreatGate,
                pay: None
            }
        );
        assert_eq!(
            parse("build house pay 1 sand 1 wood 1 clay 1 silver as stone"),
            Move::Build {
                tile: Tile::House,
                pay: Some(Payment::of(
                    &[
                        (1, Resource::Sand),
                        (1, Resource::Wood),
                        (1, Resource::Clay)
                    ],
                    &[(1, Resource::Stone)]
                ))
            }
        );
        assert_eq!(
            parse("build Huis pay 1 zilver als steen, 1 zand, 1 hout, 1 leem"),
            parse("build house pay 1 sand 1 wood 1 clay 1 silver as stone"),
        );
        assert_eq!(
            parse("build wall pay 1 sand 1 sand 1 wood 1 clay"),
            Move::Build {
                tile: Tile::Wall,
                pay: Some(Payment::of(
                    &[
                        (2, Resource::Sand),
                        (1, Resource::Wood),
                        (1, Resource::Clay)
                    ],
                    &[]
                ))
            }
        );
        assert_eq!(
            parse("helper tv12"),
            Move::Helper {
                space: space_index("TV12").unwrap(),
                from: None
            }
        );
        assert_eq!(
            parse("helper ma6B from rider"),
            Move::Helper {
                space: 1,
                from: Some(Resource::Silver)
            }
        );
        assert_eq!(parse("Done"), Move::Done);
        assert_eq!(parse(" pass "), Move::Pass);
        for (tile, words) in [
            (Tile::Keep, ["keep", "bergfried", "donjon"]),
            (
                Tile::ServantsHouse,
                ["servants-house", "gesindehaus", "dienstbodenhuis"],
            ),
            (Tile::Tavern, ["tavern", "taverne", "herberg"]),
            (Tile::Stable, ["stable", "stall", "stal"]),
            (
                Tile::SmallGate,
                ["small gate", "kleines tor", "kleine poort"],
            ),
            (Tile::Palas, ["palas", "paleis", "palace"]),
            (Tile::Wall, ["wall", "mauer", "muur"]),
            (Tile::Tower, ["tower", "turm", "toren"]),
        ] {
            for w in words {
                assert_eq!(
                    parse(&format!("build {w}")),
                    Move::Build { tile, pay: None },
                    "{w}"
                );
            }
        }
    }

    #[test]
    fn display_round_trips() {
        for text in [
            "choose mason",
            "choose messenger worker3",
            "fill clay clay",
            "fill sand",
            "place silver",
            "pass",
            "take stone",
            "buy red clay",
            "buy yellow worker1 stone",
            "build great-gate",
            "build house pay 1 sand 1 wood 1 clay 1 silver as stone",
            "helper TV12",
            "helper PA17b from wood",
            "done",
        ] {
            let mv = parse(text);
            assert_eq!(mv.to_string(), text);
            assert_eq!(parse(&mv.to_string()), mv);
        }
    }

    #[test]
    fn refusals_say_why() {
        for (text, hint) in [
            ("", "choose"),
            ("choose", "card"),
            ("choose joker", "cards"),
            ("choose bote maurer steinmetz", "one card"),
            ("fill stone", "sand, wood or clay"),
            ("fill sand sand sand", "one or two"),
            ("build castle", "tiles"),
            ("build house pay 1 silver", "stands for"),
            ("build house pay 1 silver as silver", "stands for"),
            ("build house pay 0 sand", "1 or more"),
            ("build house pay sand", "groups"),
            ("helper XX9", "castle space"),
            ("buy clay", "colour"),
            ("take", "kind"),
            ("done now", "unexpected"),
            ("xyzzy", "choose"),
        ] {
            let err = text.parse::<Move>().unwrap_err().0;
            assert!(err.contains(hint), "{text}: {err}");
        }
        let long = "choose ".repeat(1000);
        assert!(long.parse::<Move>().unwrap_err().0.len() < 1000);
    }
}
