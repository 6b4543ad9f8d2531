//! Im Schutze der Burg (Inka & Markus Brand) for 2–4 players, per
//! `docs/rules/im-schutze-der-burg.md`: secret person cards each round, resolved in a fixed order,
//! to gain Taler and resources, build the castle and place helpers that score at the end.
//!
//! - [`resources`]: the five resources and counts of them;
//! - [`data`]: buildings, helper spaces, person cards and winter cards as tables;
//! - [`payment`]: paying for a building (exact value, three kinds, silver as a declared joker)
//!   and the default payment;
//! - [`notation`]: move text (`choose mason`, `build house pay …`, `helper TV12`);
//! - [`reasons`]: what is pending and why a move was refused, as data put into words when shown;
//!   `errors` ([`BurgError`]) and `names` (colours, cards, resources and buildings in the
//!   current language: German originals for German, the Dutch platform's terms for Dutch);
//! - [`rules`]: the reducer ([`Burg`] implements [`Game`](crate::games::Game));
//! - [`setup`]: fixed setups and position editing for tests and analysis;
//! - [`scoring`]: the final scoring with a breakdown per space, and the tie-breaks;
//! - [`view`]: what a viewer sees (chosen cards only the chooser's own before the reveal);
//! - `record`: the game record (`/log`), kept as data and put into words in the reader's
//!   language (the moves in their notation);
//! - `engine`: the computer players' sampler and evaluation ([`Think`](crate::games::Think)).

pub mod data;
mod describe;
pub mod draw;
mod engine;
mod errors;
mod names;
pub mod notation;
pub mod payment;
pub mod reasons;
mod record;
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
pub use errors::BurgError;
pub use notation::Move;
pub use payment::{Payment, PaymentError, default_payment};
pub use reasons::{BuyWhy, Decision, FieldWhy, Hint, PassWhy, TieBreak, WinterLine, Wrong};
pub use resources::{Resource, Resources};
pub use scoring::{FinalScore, ScoreInput, final_scores, rank};
pub use setup::InvalidSetup;
pub use state::Burg;
pub use view::{
    BuildingView, BurgView, FieldView, Pending, PlayerView, SpaceView, Stage, WinterView,
};

use crate::games::{Forfeit, GameOptions, OptionError, Seat};
use crate::t;

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
    const HELP: &'static [(&'static str, &'static str)] = &[("winter", "option-burg-winter")];

    fn set(&mut self, word: &str) -> Result<(), OptionError> {
        match word {
            "winter" => {
                self.winter = true;
                Ok(())
            }
            other => Err(OptionError(t!("burg-no-option", word = other))),
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
        details: Vec<WinterLine>,
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
        why: Option<PassWhy>,
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
        tie_breaks: Vec<TieBreak>,
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
        let text = match self {
            BurgEvent::RoundStarted {
                round,
                rounds,
                start,
                cards,
                winter,
            } => {
                let mut text = t!(
                    "burg-round-started",
                    round = *round,
                    rounds = *rounds,
                    start = start.label()
                );
                text.push(' ');
                if *winter {
                    text.push_str(&t!("burg-round-winter"));
                    text.push(' ');
                }
                if *cards == 2 {
                    text.push_str(&t!("burg-round-choose-two"));
                } else {
                    text.push_str(&t!("burg-round-choose-one"));
                }
                text
            }
            BurgEvent::Chose { cards, .. } => {
                t!("burg-chose", cards = names::card_list(cards))
            }
            BurgEvent::HasChosen {
                changed: true,
                color,
                ..
            } => t!("burg-changed", color = color.label()),
            BurgEvent::HasChosen {
                color, chosen, of, ..
            } => t!(
                "burg-has-chosen",
                color = color.label(),
                chosen = *chosen,
                of = *of
            ),
            BurgEvent::Winter { card, details } => {
                let mut text = t!(
                    "burg-winter",
                    card = card.long_label(),
                    effect = card.effect_label()
                );
                if !details.is_empty() {
                    let lines: Vec<String> = details.iter().map(ToString::to_string).collect();
                    text.push_str(&format!(" {}.", lines.join("; ")));
                }
                text
            }
            BurgEvent::Revealed { cards } => {
                let list: Vec<String> = cards
                    .iter()
                    .map(|(c, cards)| format!("{} {}", c.label(), names::card_list(cards)))
                    .collect();
                t!("burg-revealed", list = list.join(", "))
            }
            BurgEvent::Filled {
                color,
                card,
                pieces,
                missing,
            } => {
                if missing.is_empty() {
                    t!(
                        "burg-filled",
                        color = color.label(),
                        card = card.label(),
                        pieces = pieces.label()
                    )
                } else {
                    t!(
                        "burg-filled-missing",
                        color = color.label(),
                        card = card.label(),
                        pieces = pieces.label(),
                        missing = missing.label()
                    )
                }
            }
            BurgEvent::Bote { color, taler } => {
                t!("burg-bote", color = color.label(), taler = *taler)
            }
            BurgEvent::Placed {
                color,
                field,
                displaced,
            } => match displaced {
                Some(d) => t!(
                    "burg-placed-displacing",
                    color = color.label(),
                    field = field.field_label(),
                    displaced = d.label()
                ),
                None => t!(
                    "burg-placed",
                    color = color.label(),
                    field = field.field_label()
                ),
            },
            BurgEvent::Passed { color, why } => match why {
                Some(why) => t!(
                    "burg-passed-why",
                    color = color.label(),
                    why = why.to_string()
                ),
                None => t!("burg-passed", color = color.label()),
            },
            BurgEvent::Income { lines } => {
                if lines.is_empty() {
                    t!("burg-income-none")
                } else {
                    let parts: Vec<String> = lines
                        .iter()
                        .map(|(c, k, n, tribute)| {
                            let pieces = names::pieces(*n, *k);
                            if *tribute {
                                t!("burg-income-tribute", color = c.label(), pieces = pieces)
                            } else {
                                t!("burg-income-line", color = c.label(), pieces = pieces)
                            }
                        })
                        .collect();
                    t!("burg-income", lines = parts.join(", "))
                }
            }
            BurgEvent::Took { color, kind, n } => t!(
                "burg-took",
                color = color.label(),
                pieces = names::pieces(*n, *kind)
            ),
            BurgEvent::Bought {
                color,
                from,
                card,
                kind,
            } => t!(
                "burg-bought",
                color = color.label(),
                pieces = names::pieces(1u32, *kind),
                from = from.label(),
                card = card.label()
            ),
            BurgEvent::Built {
                color,
                card,
                building,
                payment,
                vp,
                taler,
            } => {
                let color = color.label();
                let card = card.label();
                let name = names::building_label(*building);
                let id = BUILDINGS[*building].id;
                let payment = payment.label();
                match (*vp, *taler) {
                    (0, 0) => t!(
                        "burg-built-nothing",
                        color = color,
                        card = card,
                        building = name,
                        id = id,
                        payment = payment
                    ),
                    (vp, 0) => t!(
                        "burg-built-vp",
                        color = color,
                        card = card,
                        building = name,
                        id = id,
                        payment = payment,
                        vp = vp
                    ),
                    (_, taler) => t!(
                        "burg-built-taler",
                        color = color,
                        card = card,
                        building = name,
                        id = id,
                        payment = payment,
                        taler = taler
                    ),
                }
            }
            BurgEvent::Helper { color, space, from } => {
                let s = &SPACES[*space];
                let building = names::building_label(s.building);
                match from {
                    Some(field) => t!(
                        "burg-helper-from",
                        color = color.label(),
                        space = s.id,
                        building = building,
                        fee = s.fee,
                        field = field.field_label()
                    ),
                    None => t!(
                        "burg-helper",
                        color = color.label(),
                        space = s.id,
                        building = building,
                        fee = s.fee
                    ),
                }
            }
            BurgEvent::ActionDone { color, card } => {
                t!(
                    "burg-action-done",
                    color = color.label(),
                    card = card.label()
                )
            }
            BurgEvent::Collected {
                color,
                card,
                pieces,
            } => t!(
                "burg-collected",
                color = color.label(),
                card = card.label(),
                pieces = pieces.label()
            ),
            BurgEvent::Baumeister {
                color,
                buildings,
                vp,
            } => t!(
                "burg-baumeister",
                color = color.label(),
                buildings = *buildings,
                vp = *vp
            ),
            BurgEvent::CastleComplete => t!("burg-castle-complete"),
            BurgEvent::Scored(s) => s.text(),
            BurgEvent::GameOver {
                results,
                tie_breaks,
            } => {
                let list: Vec<String> = results
                    .iter()
                    .map(|(c, vp, _, _, rank)| {
                        t!("burg-result", rank = *rank, color = c.label(), vp = *vp)
                    })
                    .collect();
                let mut list = list.join(", ");
                for tie in tie_breaks {
                    list.push_str(&format!("; {tie}"));
                }
                // The table announces the result once, in its own words; the game adds its
                // ranking with the ties and how they were broken.
                t!("burg-final-ranking", results = list)
            }
            BurgEvent::Forfeited {
                color,
                reason,
                ends,
            } => {
                let reason = match reason {
                    Forfeit::Resigned => "resigned",
                    Forfeit::TimedOut => "timeout",
                    Forfeit::Abandoned => "abandoned",
                    // The table says once why the computer players stop.
                    Forfeit::Stopped => return Ok(()),
                };
                if *ends {
                    t!("burg-forfeit-ends", color = color.label(), reason = reason)
                } else {
                    t!("burg-forfeit", color = color.label(), reason = reason)
                }
            }
        };
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
