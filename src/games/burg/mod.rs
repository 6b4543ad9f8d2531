//! Im Schutze der Burg (Inka & Markus Brand) for 2–4 players, per
//! `docs/rules/im-schutze-der-burg.md`: secret person cards each round, resolved in a fixed order,
//! to gain Taler and resources, build the castle and place helpers that score at the end.
//!
//! - [`resources`]: the five resources and counts of them;
//! - [`data`]: buildings, helper spaces, person cards and winter cards as tables;
//! - [`payment`]: paying for a building (exact value, three kinds, silver as a declared joker)
//!   and the default payment;
//! - [`notation`]: move text (`choose mason`, `build house pay …`, `helper TV12`);
//! - [`rules`]: the reducer ([`Burg`] implements [`Game`](crate::games::Game));
//! - [`setup`]: fixed setups and position editing for tests and analysis;
//! - [`scoring`]: the final scoring with a breakdown per space, and the tie-breaks;
//! - [`view`]: what a viewer sees (chosen cards only the chooser's own before the reveal);
//! - `engine`: the computer players' sampler and evaluation ([`Think`](crate::games::Think)).

pub mod data;
mod describe;
pub mod draw;
mod engine;
pub mod notation;
pub mod payment;
pub mod resources;
pub mod rules;
pub mod scoring;
mod secrets;
pub mod setup;
mod state;
pub mod view;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use data::{BUILDINGS, BuildingKind, Card, SPACES, SpaceRule, Tile, WinterCard};
pub use notation::Move;
pub use payment::{Payment, PaymentError, default_payment};
pub use resources::{Resource, Resources};
pub use scoring::{FinalScore, ScoreInput, final_scores, rank};
pub use setup::InvalidSetup;
pub use state::Burg;
pub use view::{
    BuildingView, BurgView, FieldView, Pending, PlayerView, SpaceView, Stage, WinterView,
};

use crate::games::{Forfeit, GameOptions, OptionError, Seat};

/// A seat's colour: Red, Blue, Green, Yellow in seat order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Seat 1.
    Red,
    /// Seat 2.
    Blue,
    /// Seat 3.
    Green,
    /// Seat 4.
    Yellow,
}

impl Color {
    /// Every colour in seat order.
    pub const ALL: [Color; 4] = [Color::Red, Color::Blue, Color::Green, Color::Yellow];

    /// The colour of a seat (the game has at most 4).
    pub fn from_seat(seat: Seat) -> Color {
        Color::ALL[seat % Color::ALL.len()]
    }

    /// The seat of this colour.
    pub fn seat(self) -> Seat {
        self as usize
    }

    /// The word used in move text: `red`, `blue`, `green`, `yellow`.
    pub fn word(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
            Color::Green => "green",
            Color::Yellow => "yellow",
        }
    }

    /// A colour from an English, German or Dutch word (lower case, umlauts spelled out).
    pub fn from_word(word: &str) -> Option<Color> {
        Some(match word {
            "red" | "rot" | "rood" => Color::Red,
            "blue" | "blau" | "blauw" => Color::Blue,
            "green" | "gruen" | "groen" => Color::Green,
            "yellow" | "gelb" | "geel" => Color::Yellow,
            _ => return None,
        })
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Red => "Red",
            Color::Blue => "Blue",
            Color::Green => "Green",
            Color::Yellow => "Yellow",
        })
    }
}

/// The game's options: `winter` adds the six winter cards (§8).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BurgOptions {
    /// The winter variant.
    pub winter: bool,
}

impl GameOptions for BurgOptions {
    const HELP: &'static [(&'static str, &'static str)] = &[(
        "winter",
        "the winter variant: six winter cards, one revealed in each marked round (4 in 12 rounds, 6 in 15)",
    )];

    fn set(&mut self, word: &str) -> Result<(), OptionError> {
        match word {
            "winter" => {
                self.winter = true;
                Ok(())
            }
            other => Err(OptionError(format!(
                "Im Schutze der Burg has no option `{other}` (only `winter`)"
            ))),
        }
    }

    fn words(&self) -> Vec<String> {
        if self.winter {
            vec!["winter".into()]
        } else {
            Vec::new()
        }
    }
}

fn plural(n: impl Into<u64>, word: &str) -> String {
    let n = n.into();
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

fn card_list(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.name())
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Why a move was rejected. None of these messages names another player's secret card.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BurgError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// No such seat.
    #[error("seat {} is not at this table", .0 + 1)]
    NoSuchSeat(Seat),
    /// The seat resigned or ran out of time.
    #[error("you have left this game")]
    Left,
    /// Something else than a card choice while everybody chooses.
    #[error(
        "everybody is choosing cards now: send yours privately, e.g. `choose mason`{}",
        if *.0 { " (two different cards with two players: `choose messenger worker3`)" } else { "" }
    )]
    ChooseFirst(bool),
    /// A second choice in the same round.
    /// Wrong number of cards.
    #[error("choose exactly {}", plural(*need as u64, "card"))]
    CardCount {
        /// Cards to choose.
        need: usize,
    },
    /// The same card twice.
    #[error("choose two different cards, not {0} twice")]
    SameCard(Card),
    /// A face-up card.
    #[error(
        "your {0} is face up (already played); it comes back to your hand only with your Baumeister"
    )]
    CardPlayed(Card),
    /// The Baumeister while no card is face up.
    #[error(
        "you may choose the Baumeister only while at least one of your cards is face up from an earlier round (never while you hold all eight)"
    )]
    BaumeisterTooEarly,
    /// Another player is to decide.
    #[error("it is {color}'s turn: {what}")]
    NotYourTurn {
        /// Who is to act.
        color: Color,
        /// The pending decision.
        what: String,
    },
    /// A move that does not fit the pending decision.
    #[error("{0}")]
    WrongMove(String),
    /// An Arbeiter III fill with the wrong number of pieces.
    #[error(
        "your Arbeiter III receives {} now: name exactly that many (sand, wood or clay), e.g. `{example}`",
        plural(*need as u64, "chosen piece")
    )]
    FillCount {
        /// Pieces to name.
        need: u8,
        /// A legal example.
        example: String,
    },
    /// An Arbeiter III fill the supply cannot give.
    #[error("the supply has only {have} {kind} left")]
    FillShort {
        /// The kind.
        kind: Resource,
        /// Pieces of it in the supply.
        have: u8,
    },
    /// A Händler field that is not a legal target.
    #[error("you cannot place on {}: {reason}", field.field_name())]
    Field {
        /// The field.
        field: Resource,
        /// Why not.
        reason: String,
    },
    /// A purchase after building began.
    #[error("purchases come before building; once you have built you can no longer buy")]
    BuyClosed,
    /// A purchase without Taler.
    #[error("a purchase costs 1 Taler and you have none")]
    NoTaler,
    /// A purchase from one's own card.
    #[error("you cannot buy from your own Arbeiter card")]
    OwnCard,
    /// A purchase that is not possible.
    #[error("you cannot buy {kind} from {from}: {reason}")]
    Buy {
        /// The seller.
        from: Color,
        /// The piece.
        kind: Resource,
        /// Why not.
        reason: String,
    },
    /// A purchase that must name the card.
    #[error(
        "{from} has {} that could sell {kind}: name the card, e.g. `buy {} {} {kind}`",
        card_list(cards), from.word(), cards.first().map_or("worker1", |c| c.word())
    )]
    WhichCard {
        /// The seller.
        from: Color,
        /// The piece.
        kind: Resource,
        /// The cards that could sell it.
        cards: Vec<Card>,
    },
    /// A build after a helper.
    #[error("helpers come after building; once you have placed a helper you can no longer build")]
    BuildClosed,
    /// A third build.
    #[error("you have built two buildings in this action, the most allowed")]
    TwoBuilds,
    /// Every tile of the kind is built.
    #[error("every {} is built already", .0.name())]
    NoTileLeft(Tile),
    /// A payment that does not work.
    #[error("you cannot build the {} (value {}): {error}", tile.name(), tile.value())]
    Payment {
        /// The tile kind.
        tile: Tile,
        /// Why.
        error: PaymentError,
    },
    /// A helper from an Arbeiter.
    #[error("an Arbeiter never places helpers in the castle")]
    ArbeiterNoHelpers,
    /// A helper before building.
    #[error("helpers may be placed only after building at least one building in this action")]
    HelperNeedsBuild,
    /// A third helper.
    #[error("you have placed two helpers in this action, the most allowed")]
    TwoHelpers,
    /// A space on an unbuilt building.
    #[error("{space} belongs to the {building}, which is not built yet")]
    SpaceUnbuilt {
        /// The space id.
        space: &'static str,
        /// The building's name.
        building: &'static str,
    },
    /// An occupied space.
    #[error("{space} is already occupied by {by}'s helper")]
    SpaceOccupied {
        /// The space id.
        space: &'static str,
        /// Whose helper.
        by: Color,
    },
    /// A fee the player cannot pay.
    #[error("{space} costs {fee} Taler and you have {taler}")]
    Fee {
        /// The space id.
        space: &'static str,
        /// The fee.
        fee: u8,
        /// The player's Taler.
        taler: u32,
    },
    /// A second helper in the same building this round.
    #[error("you have already placed a helper in the {0} this round (one per building per round)")]
    SameBuilding(&'static str),
    /// No helper in the personal supply.
    #[error(
        "you have no helper in your supply{}",
        if .0.is_empty() { String::new() } else { format!("; take one from a field: `helper … from {}`", .0) }
    )]
    NoHelper(String),
    /// No own helper on the named field.
    #[error("you have no helper on {}", .0.field_name())]
    NotOnField(Resource),
}

/// What happened. Only [`BurgEvent::Chose`] is private (to the chooser).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BurgEvent {
    /// A new round: the start player takes the round Taler.
    RoundStarted {
        /// The round, 1-based.
        round: u8,
        /// Rounds in the game.
        rounds: u8,
        /// The start player.
        start: Color,
        /// Cards per player (1, or 2 with two players).
        cards: usize,
        /// Whether a winter card will be revealed this round.
        winter: bool,
    },
    /// Private to the chooser: what he chose.
    Chose {
        /// The chooser.
        seat: Seat,
        /// His cards.
        cards: Vec<Card>,
    },
    /// Public: somebody has chosen (not what), or changed the choice.
    HasChosen {
        /// A changed choice.
        changed: bool,
        /// Who.
        color: Color,
        /// Players who have chosen.
        chosen: usize,
        /// Players who choose.
        of: usize,
    },
    /// A winter card is revealed, with what its immediate effect did.
    Winter {
        /// The card.
        card: WinterCard,
        /// What happened, one line each.
        details: Vec<String>,
    },
    /// The chosen cards are revealed.
    Revealed {
        /// Per player in player order.
        cards: Vec<(Color, Vec<Card>)>,
    },
    /// An Arbeiter card was filled.
    Filled {
        /// Its owner.
        color: Color,
        /// The card.
        card: Card,
        /// What it holds.
        pieces: Resources,
        /// Listed pieces the supply could not give.
        missing: Resources,
    },
    /// The Bote's 8 Taler.
    Bote {
        /// Who.
        color: Color,
        /// Taler now.
        taler: u32,
    },
    /// A Händler placed a helper.
    Placed {
        /// Who.
        color: Color,
        /// The field.
        field: Resource,
        /// The displaced helper's owner.
        displaced: Option<Color>,
    },
    /// A Händler placed nothing.
    Passed {
        /// Who.
        color: Color,
        /// Why, when it happened by itself.
        why: Option<String>,
    },
    /// The fields paid income.
    Income {
        /// `(owner, kind, pieces received, tribute paid)` per paying field.
        lines: Vec<(Color, Resource, u8, bool)>,
    },
    /// The Maurer took a kind from the Wehrturm.
    Took {
        /// Who.
        color: Color,
        /// The kind.
        kind: Resource,
        /// Pieces taken.
        n: u8,
    },
    /// The Steinmetz bought a piece.
    Bought {
        /// Who.
        color: Color,
        /// From whom.
        from: Color,
        /// From which card.
        card: Card,
        /// The piece.
        kind: Resource,
    },
    /// A building was built.
    Built {
        /// Who.
        color: Color,
        /// With which card.
        card: Card,
        /// Index into [`BUILDINGS`].
        building: usize,
        /// The payment.
        payment: Payment,
        /// VP scored.
        vp: u32,
        /// Taler received (Maurer).
        taler: u32,
    },
    /// A helper went into the castle.
    Helper {
        /// Who.
        color: Color,
        /// Index into [`SPACES`].
        space: usize,
        /// Where it came from (`None`: the personal supply).
        from: Option<Resource>,
    },
    /// An action ended.
    ActionDone {
        /// Who.
        color: Color,
        /// The card.
        card: Card,
    },
    /// An Arbeiter collected his card.
    Collected {
        /// Who.
        color: Color,
        /// The card.
        card: Card,
        /// What he got.
        pieces: Resources,
    },
    /// A Baumeister scored and took his cards back.
    Baumeister {
        /// Who.
        color: Color,
        /// Buildings by others this round.
        buildings: u32,
        /// VP scored.
        vp: u32,
    },
    /// The castle is complete: the game ends after this round.
    CastleComplete,
    /// One player's final scoring.
    Scored(FinalScore),
    /// The result.
    GameOver {
        /// `(colour, total VP, Taler left, resources left, rank)` in rank order.
        results: Vec<(Color, u32, u32, u32, u8)>,
        /// How ties on VP were broken.
        tie_breaks: Vec<String>,
    },
    /// A player left the game.
    Forfeited {
        /// Who.
        color: Color,
        /// Why.
        reason: Forfeit,
        /// Whether this ended the game.
        ends: bool,
    },
}

impl fmt::Display for BurgEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BurgEvent::RoundStarted {
                round,
                rounds,
                start,
                cards,
                winter,
            } => {
                write!(
                    f,
                    "Round {round} of {rounds}: {start} starts and takes 1 Taler from the round track. "
                )?;
                if *winter {
                    write!(f, "A winter card comes this round. ")?;
                }
                if *cards == 2 {
                    write!(
                        f,
                        "Everybody chooses two different cards privately: `choose <card> <card>`."
                    )
                } else {
                    write!(f, "Everybody chooses a card privately: `choose <card>`.")
                }
            }
            BurgEvent::Chose { cards, .. } => write!(
                f,
                "You chose {}. The cards are revealed when everybody has chosen.",
                card_list(cards)
            ),
            BurgEvent::HasChosen {
                changed: true,
                color,
                ..
            } => write!(f, "{color} has changed their choice."),
            BurgEvent::HasChosen {
                color, chosen, of, ..
            } => write!(f, "{color} has chosen ({chosen} of {of})."),
            BurgEvent::Winter { card, details } => {
                write!(
                    f,
                    "Winter card: {} ({}) — {}.",
                    card.name(),
                    card.english(),
                    card.effect()
                )?;
                if !details.is_empty() {
                    write!(f, " {}.", details.join("; "))?;
                }
                Ok(())
            }
            BurgEvent::Revealed { cards } => {
                let list: Vec<String> = cards
                    .iter()
                    .map(|(c, cards)| format!("{c} {}", card_list(cards)))
                    .collect();
                write!(f, "Cards revealed: {}.", list.join(", "))
            }
            BurgEvent::Filled {
                color,
                card,
                pieces,
                missing,
            } => {
                write!(f, "{color}'s {card} is filled with {pieces}")?;
                if !missing.is_empty() {
                    write!(f, " (missing from the supply: {missing})")?;
                }
                write!(f, ".")
            }
            BurgEvent::Bote { color, taler } => {
                write!(f, "{color}'s Bote brings 8 Taler ({color} has {taler}).")
            }
            BurgEvent::Placed {
                color,
                field,
                displaced,
            } => {
                write!(
                    f,
                    "{color}'s Händler places a helper on {}",
                    field.field_name()
                )?;
                if let Some(d) = displaced {
                    write!(f, ", sending {d}'s helper home")?;
                }
                write!(f, ".")
            }
            BurgEvent::Passed { color, why } => match why {
                Some(why) => write!(f, "{color}'s Händler places nothing ({why})."),
                None => write!(f, "{color}'s Händler passes."),
            },
            BurgEvent::Income { lines } => {
                if lines.is_empty() {
                    return write!(f, "Income: no field pays anything.");
                }
                let parts: Vec<String> = lines
                    .iter()
                    .map(|(c, k, n, tribute)| {
                        format!(
                            "{c} {n} {k}{}",
                            if *tribute { " (1 to the Wehrturm)" } else { "" }
                        )
                    })
                    .collect();
                write!(f, "Income: {}.", parts.join(", "))
            }
            BurgEvent::Took { color, kind, n } => {
                write!(f, "{color}'s Maurer takes {n} {kind} from the Wehrturm.")
            }
            BurgEvent::Bought {
                color,
                from,
                card,
                kind,
            } => write!(
                f,
                "{color}'s Steinmetz buys 1 {kind} from {from}'s {card} for 1 Taler."
            ),
            BurgEvent::Built {
                color,
                card,
                building,
                payment,
                vp,
                taler,
            } => {
                let b = &BUILDINGS[*building];
                write!(
                    f,
                    "{color}'s {card} builds {} ({}) paying {payment}",
                    b.name, b.id
                )?;
                match (vp, taler) {
                    (0, 0) => write!(f, ": no VP."),
                    (vp, 0) => write!(f, ": {vp} VP."),
                    (_, t) => write!(f, ": {t} Taler."),
                }
            }
            BurgEvent::Helper { color, space, from } => {
                let s = &SPACES[*space];
                write!(
                    f,
                    "{color} places a helper on {} ({}) for {} Taler",
                    s.id, BUILDINGS[s.building].name, s.fee
                )?;
                if let Some(field) = from {
                    write!(f, ", taken from {}", field.field_name())?;
                }
                write!(f, ".")
            }
            BurgEvent::ActionDone { color, card } => write!(f, "{color}'s {card} is done."),
            BurgEvent::Collected {
                color,
                card,
                pieces,
            } => write!(f, "{color}'s {card} collects {pieces}."),
            BurgEvent::Baumeister {
                color,
                buildings,
                vp,
            } => write!(
                f,
                "{color}'s Baumeister: {} by others this round, {vp} VP; {color} takes the played cards back.",
                plural(*buildings, "building")
            ),
            BurgEvent::CastleComplete => write!(
                f,
                "All 23 buildings are built: the game ends after this round."
            ),
            BurgEvent::Scored(s) => write!(f, "{s}"),
            BurgEvent::GameOver {
                results,
                tie_breaks,
            } => {
                let list: Vec<String> = results
                    .iter()
                    .map(|(c, vp, _, _, rank)| format!("{rank}. {c} {vp} VP"))
                    .collect();
                write!(f, "Game over: {}", list.join(", "))?;
                for t in tie_breaks {
                    write!(f, "; {t}")?;
                }
                let best: Vec<String> = results
                    .iter()
                    .filter(|r| r.4 == 1)
                    .map(|r| r.0.to_string())
                    .collect();
                match best.as_slice() {
                    [one] => write!(f, " — {one} wins."),
                    many => write!(f, " — {} share the victory.", rules::and_list(many)),
                }
            }
            BurgEvent::Forfeited {
                color,
                reason,
                ends,
            } => {
                let what = match reason {
                    Forfeit::Resigned => "resigns",
                    Forfeit::TimedOut => "has run out of time",
                    Forfeit::Abandoned => "has abandoned the game",
                };
                if *ends {
                    write!(f, "{color} {what}; the game ends and {color} ranks last.")
                } else {
                    write!(
                        f,
                        "{color} {what}: {color} plays no more cards and ranks last; the others play on."
                    )
                }
            }
        }
    }
}

/// The `/rules burg` text.
pub const RULES: &str = "\
**Im Schutze der Burg** — 2–4 players, 12/15/12 rounds. Build the castle, place helpers in it; most VP wins.
**Round:** the start player takes 1 Taler. Everybody secretly picks a person card (two with 2 players): private `/move choose <card>`. All are revealed and resolved in this order, each in player order:
• Bote: +8 Taler • Händler: a helper on a free field (`place wood`/`pass`); then fields pay income, 1 piece per kind to the Wehrturm • Maurer: `take <kind>` from the Wehrturm, build ≤2 for 1 Taler per piece, then ≤2 helpers • Steinmetz: `buy <player> <kind>` 1 piece per other Arbeiter card for 1 Taler, build ≤2 for full VP, then ≤2 helpers • Arbeiter I/II/III: collect the card's pieces, build ≤2 for half VP • Baumeister: 5 VP per building by others this round, take your played cards back.
**Building:** `build house` (default payment) or `build house pay 1 sand 1 wood 1 clay 1 silver as stone`: exactly the value (sand 1, wood 2, clay 4, stone 5), ≥3 kinds, silver a declared joker. Helpers (`helper TV12 [from sand]`) pay the fee, one per building per round. `done` ends an action.
**End:** after the last round or the round that completes the castle; helpers score per space, Palas and Markt convert. Ties: Taler, then resource value.
**Edition choices [EC]:** 1 towers 8/10 ×9, houses 10/12 ×5, walls 6/8 ×2, identical tiles lowest number first; 2 Markt 6/6, Gesindehaus 6/6, Palas 17/17 (2 spaces each); 3 Arbeiter I sand+clay+stone, II wood+clay+silver, III two picks (same kind allowed) named at the fill; 4 six winter cards (`winter`); 5 track counts down (winter at 14/13/11/9/6/4, summer data); 6 unlimited Taler, shortages per §10.1; 7 Händler places only his own helpers, never displaces his own; 8 2 players: Baumeister needs a card face up from an earlier round; 9 Arbeiter: no helpers, half VP rounded down; 10 silver no kind of its own; 11 silver 5 in the tie-break; 12 random seats and start; 13 build in any order. Resigning: you play no more cards, rank last.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_fit_one_chat_message() {
        assert!(RULES.chars().count() < 2000, "{}", RULES.chars().count());
    }

    #[test]
    fn the_winter_option() {
        let mut o = BurgOptions::default();
        assert!(o.words().is_empty());
        o.set("winter").unwrap();
        assert!(o.winter);
        assert_eq!(o.words(), vec!["winter"]);
        assert!(o.set("summer").unwrap_err().0.contains("summer"));
    }

    #[test]
    fn colours() {
        assert_eq!(Color::from_seat(2).to_string(), "Green");
        assert_eq!(Color::from_word("gruen"), Some(Color::Green));
        assert_eq!(Color::Yellow.seat(), 3);
    }
}
