//! The parts of events, refusals and prompts that say what is pending or why: kept as data and
//! put into words only when shown, so that an announcement is rendered in each language.

use std::fmt;

use super::Color;
use super::data::Card;
use super::names::pieces;
use super::resources::{Resource, Resources};
use crate::t;

/// The decision the table waits for during the resolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Decision {
    /// An Arbeiter III names its chosen pieces (1 or 2).
    Fill {
        /// Pieces to name.
        count: u8,
    },
    /// A Händler places a helper or passes.
    Haendler,
    /// A Maurer takes one kind from the Wehrturm.
    Take,
    /// A Maurer, Steinmetz or Arbeiter action: which parts are possible now (`done` always is).
    Work {
        /// The card.
        card: Card,
        /// A purchase is possible.
        buy: bool,
        /// A build is possible.
        build: bool,
        /// A helper is possible.
        helpers: bool,
    },
}

impl fmt::Display for Decision {
    /// "Steinmetz: buy, build or done" and the like.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match *self {
            Decision::Fill { count } => t!("burg-decide-fill", count = count),
            Decision::Haendler => t!("burg-decide-haendler"),
            Decision::Take => t!("burg-decide-take"),
            Decision::Work {
                card,
                buy,
                build,
                helpers,
            } => {
                let mut parts = Vec::new();
                if buy {
                    parts.push(t!("burg-part-buy"));
                }
                if build {
                    parts.push(t!("burg-part-build"));
                }
                if helpers {
                    parts.push(t!("burg-part-helpers"));
                }
                if parts.is_empty() {
                    t!("burg-decide-done", card = card.label())
                } else {
                    t!(
                        "burg-decide-work",
                        card = card.label(),
                        parts = parts.join(", ")
                    )
                }
            }
        };
        f.write_str(&text)
    }
}

/// What a refusal of a move that does not fit the pending decision adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    /// Nothing.
    None,
    /// A card choice during the resolution.
    CardsAtStart,
    /// `done` from a Händler.
    HaendlerPass,
    /// `done` from a Maurer before his `take`.
    MaurerTake,
    /// `pass` in a work action.
    EndWithDone,
}

/// A move that does not fit the pending decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wrong {
    /// Not now: what is pending, with a hint.
    Now(Decision, Hint),
    /// The Maurer has taken already.
    TookAlready,
    /// A `take` from another card.
    OnlyMaurerTakes(Card),
    /// A `buy` from another card.
    OnlySteinmetzBuys(Card),
    /// A build before the Maurer's `take`.
    TakeFirst,
    /// No such helper space.
    NoSpace,
}

impl fmt::Display for Wrong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match *self {
            Wrong::Now(what, hint) => {
                let what = what.to_string();
                match hint {
                    Hint::None => t!("burg-wrong-now", what = what),
                    Hint::CardsAtStart => t!("burg-wrong-now-cards", what = what),
                    Hint::HaendlerPass => t!("burg-wrong-now-pass", what = what),
                    Hint::MaurerTake => t!("burg-wrong-now-take", what = what),
                    Hint::EndWithDone => t!("burg-wrong-now-done", what = what),
                }
            }
            Wrong::TookAlready => t!("burg-wrong-took"),
            Wrong::OnlyMaurerTakes(card) => t!("burg-wrong-only-maurer", card = card.label()),
            Wrong::OnlySteinmetzBuys(card) => {
                t!("burg-wrong-only-steinmetz", card = card.label())
            }
            Wrong::TakeFirst => t!("burg-wrong-take-first"),
            Wrong::NoSpace => t!("burg-wrong-no-space"),
        };
        f.write_str(&text)
    }
}

/// Why a Händler cannot place on a field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldWhy {
    /// The Reiter while carts are free (the free carts).
    ReiterClosed(Vec<Resource>),
    /// An occupied cart while carts are free (the free carts).
    CartFree(Vec<Resource>),
    /// The player's own helper is there.
    OwnHelper,
    /// This player's helper there was placed this round.
    Fresh(Color),
    /// Not open otherwise.
    NotOpen,
}

impl fmt::Display for FieldWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let free = |kinds: &[Resource]| {
            kinds
                .iter()
                .map(|k| k.label())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let text = match self {
            FieldWhy::ReiterClosed(kinds) => t!("burg-field-reiter-closed", free = free(kinds)),
            FieldWhy::CartFree(kinds) => t!("burg-field-cart-free", free = free(kinds)),
            FieldWhy::OwnHelper => t!("burg-field-own"),
            FieldWhy::Fresh(c) => t!("burg-field-fresh", color = c.label()),
            FieldWhy::NotOpen => t!("burg-field-not-open"),
        };
        f.write_str(&text)
    }
}

/// Why a Steinmetz cannot buy a piece from a seller (named in the refusal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuyWhy {
    /// The seller is not at the table.
    NotAtTable,
    /// The seller has no such card on the table.
    NoSuchCard(Card),
    /// Bought from that card already in this action.
    AlreadyBought(Card),
    /// The card holds none of the kind (what it holds).
    HoldsNone(Card, Resources),
    /// The card holds only its last piece.
    LastPiece(Card),
    /// The seller has no Arbeiter card on the table.
    NoArbeiter,
    /// No card of the seller can sell it (each card and what it holds).
    NoneCanSell(Vec<(Card, Resources)>),
}

impl BuyWhy {
    /// The reason in words, for a purchase of `kind` from `from`.
    pub fn text(&self, from: Color, kind: Resource) -> String {
        let from = from.label();
        match self {
            BuyWhy::NotAtTable => t!("burg-buy-not-at-table", from = from),
            BuyWhy::NoSuchCard(c) => t!("burg-buy-no-card", from = from, card = c.label()),
            BuyWhy::AlreadyBought(c) => t!("burg-buy-already", from = from, card = c.label()),
            BuyWhy::HoldsNone(c, on) => t!(
                "burg-buy-holds-none",
                from = from,
                card = c.label(),
                kind = kind.label(),
                holds = on.label()
            ),
            BuyWhy::LastPiece(c) => t!("burg-buy-last-piece", from = from, card = c.label()),
            BuyWhy::NoArbeiter => t!("burg-buy-no-arbeiter", from = from),
            BuyWhy::NoneCanSell(cards) => {
                let list: Vec<String> = cards
                    .iter()
                    .map(|(c, r)| format!("{}: {}", c.label(), r.label()))
                    .collect();
                t!(
                    "burg-buy-none-can-sell",
                    from = from,
                    list = list.join("; ")
                )
            }
        }
    }
}

/// Why a Händler placed nothing by himself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PassWhy {
    /// His player left the game.
    Left,
    /// No helper in the personal supply.
    NoHelper,
    /// No field is open to a helper.
    NoField,
}

impl fmt::Display for PassWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            PassWhy::Left => t!("burg-pass-left"),
            PassWhy::NoHelper => t!("burg-pass-no-helper"),
            PassWhy::NoField => t!("burg-pass-no-field"),
        })
    }
}

/// What an immediate winter card did to one player (or to nobody).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinterLine {
    /// Brennholz: 1 wood to the Wehrturm.
    GaveWood(Color),
    /// Brennholz without wood: Taler paid.
    PaidForWood(Color, u32),
    /// Wintersteuer: Taler paid.
    Tax(Color, u32),
    /// Winterquartier: VP scored.
    Quarters(Color, u32),
    /// Wintervorrat: 1 piece of a kind taken.
    Store(Color, Resource),
    /// Wintervorrat: none of the kind left for the player.
    StoreEmpty(Color, Resource),
    /// Wintervorrat: no field is occupied.
    NoField,
}

impl fmt::Display for WinterLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match *self {
            WinterLine::GaveWood(c) => t!("burg-winter-gave-wood", color = c.label()),
            WinterLine::PaidForWood(c, paid) => {
                t!("burg-winter-paid-for-wood", color = c.label(), taler = paid)
            }
            WinterLine::Tax(c, tax) => t!("burg-winter-tax", color = c.label(), taler = tax),
            WinterLine::Quarters(c, vp) => t!("burg-winter-quarters", color = c.label(), vp = vp),
            WinterLine::Store(c, kind) => t!(
                "burg-winter-store",
                color = c.label(),
                pieces = pieces(1u32, kind)
            ),
            WinterLine::StoreEmpty(c, kind) => t!(
                "burg-winter-store-empty",
                color = c.label(),
                kind = kind.label()
            ),
            WinterLine::NoField => t!("burg-winter-no-field"),
        })
    }
}

/// How a tie on VP was broken (§9.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TieBreak {
    /// The tied players.
    pub colors: Vec<Color>,
    /// Their VP.
    pub vp: u32,
    /// Each one's Taler left.
    pub taler: Vec<(Color, u32)>,
    /// Each one's resource value left, when Taler did not decide.
    pub resources: Option<Vec<(Color, u32)>>,
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.colors.iter().map(|c| c.label()).collect();
        let each = |list: &[(Color, u32)]| {
            list.iter()
                .map(|(c, n)| format!("{} {n}", c.label()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let names = crate::games::words::and_list(&names);
        f.write_str(&match &self.resources {
            None => t!(
                "burg-tie",
                names = names,
                vp = self.vp,
                taler = each(&self.taler)
            ),
            Some(res) => t!(
                "burg-tie-resources",
                names = names,
                vp = self.vp,
                taler = each(&self.taler),
                resources = each(res)
            ),
        })
    }
}
