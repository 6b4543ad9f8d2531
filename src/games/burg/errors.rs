//! Why a move was rejected ([`BurgError`]), in the words of the current language.

use std::fmt;

use super::Color;
use super::data::{Card, Tile};
use super::names;
use super::payment::PaymentError;
use super::reasons::{BuyWhy, Decision, FieldWhy, Wrong};
use super::resources::Resource;
use crate::games::Seat;
use crate::t;

/// Why a move was rejected. None of these messages names another player's secret card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BurgError {
    /// The game has ended.
    GameOver,
    /// No such seat.
    NoSuchSeat(Seat),
    /// The seat resigned or ran out of time.
    Left,
    /// Something else than a card choice while everybody chooses (true: two players).
    ChooseFirst(bool),
    /// Wrong number of cards.
    CardCount {
        /// Cards to choose.
        need: usize,
    },
    /// The same card twice.
    SameCard(Card),
    /// A face-up card.
    CardPlayed(Card),
    /// The Baumeister while no card is face up.
    BaumeisterTooEarly,
    /// Another player is to decide.
    NotYourTurn {
        /// Who is to act.
        color: Color,
        /// The pending decision.
        what: Decision,
    },
    /// A move that does not fit the pending decision.
    WrongMove(Wrong),
    /// An Arbeiter III fill with the wrong number of pieces.
    FillCount {
        /// Pieces to name.
        need: u8,
        /// A legal example (move text).
        example: String,
    },
    /// An Arbeiter III fill the supply cannot give.
    FillShort {
        /// The kind.
        kind: Resource,
        /// Pieces of it in the supply.
        have: u8,
    },
    /// A Händler field that is not a legal target.
    Field {
        /// The field.
        field: Resource,
        /// Why not.
        reason: FieldWhy,
    },
    /// A purchase after building began.
    BuyClosed,
    /// A purchase without Taler.
    NoTaler,
    /// A purchase from one's own card.
    OwnCard,
    /// A purchase that is not possible.
    Buy {
        /// The seller.
        from: Color,
        /// The piece.
        kind: Resource,
        /// Why not.
        reason: BuyWhy,
    },
    /// A purchase that must name the card.
    WhichCard {
        /// The seller.
        from: Color,
        /// The piece.
        kind: Resource,
        /// The cards that could sell it.
        cards: Vec<Card>,
    },
    /// A build after a helper.
    BuildClosed,
    /// A third build.
    TwoBuilds,
    /// Every tile of the kind is built.
    NoTileLeft(Tile),
    /// A payment that does not work.
    Payment {
        /// The tile kind.
        tile: Tile,
        /// Why.
        error: PaymentError,
    },
    /// A helper from an Arbeiter.
    ArbeiterNoHelpers,
    /// A helper before building.
    HelperNeedsBuild,
    /// A third helper.
    TwoHelpers,
    /// A space on an unbuilt building.
    SpaceUnbuilt {
        /// The space id.
        space: &'static str,
        /// The building's (German) name.
        building: &'static str,
    },
    /// An occupied space.
    SpaceOccupied {
        /// The space id.
        space: &'static str,
        /// Whose helper.
        by: Color,
    },
    /// A fee the player cannot pay.
    Fee {
        /// The space id.
        space: &'static str,
        /// The fee.
        fee: u8,
        /// The player's Taler.
        taler: u32,
    },
    /// A second helper in the same building this round (the building's German name).
    SameBuilding(&'static str),
    /// No helper in the personal supply (the move word of a field with one of his helpers, or
    /// empty).
    NoHelper(String),
    /// No own helper on the named field.
    NotOnField(Resource),
}

impl std::error::Error for BurgError {}

impl fmt::Display for BurgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            BurgError::GameOver => t!("burg-err-game-over"),
            BurgError::NoSuchSeat(seat) => t!("burg-err-no-seat", n = seat + 1),
            BurgError::Left => t!("burg-err-left"),
            BurgError::ChooseFirst(false) => t!("burg-err-choose-first"),
            BurgError::ChooseFirst(true) => t!("burg-err-choose-first-two"),
            BurgError::CardCount { need } => t!("burg-err-card-count", need = *need),
            BurgError::SameCard(card) => t!("burg-err-same-card", card = card.label()),
            BurgError::CardPlayed(card) => t!("burg-err-card-played", card = card.label()),
            BurgError::BaumeisterTooEarly => t!("burg-err-baumeister-early"),
            BurgError::NotYourTurn { color, what } => t!(
                "burg-err-not-your-turn",
                color = color.label(),
                what = what.to_string()
            ),
            BurgError::WrongMove(wrong) => wrong.to_string(),
            BurgError::FillCount { need, example } => {
                t!("burg-err-fill-count", need = *need, example = example)
            }
            BurgError::FillShort { kind, have } => {
                t!("burg-err-fill-short", pieces = names::pieces(*have, *kind))
            }
            BurgError::Field { field, reason } => t!(
                "burg-err-field",
                field = field.field_label(),
                reason = reason.to_string()
            ),
            BurgError::BuyClosed => t!("burg-err-buy-closed"),
            BurgError::NoTaler => t!("burg-err-no-taler"),
            BurgError::OwnCard => t!("burg-err-own-card"),
            BurgError::Buy { from, kind, reason } => t!(
                "burg-err-buy",
                kind = kind.label(),
                from = from.label(),
                reason = reason.text(*from, *kind)
            ),
            BurgError::WhichCard { from, kind, cards } => t!(
                "burg-err-which-card",
                from = from.label(),
                cards = names::card_list(cards),
                kind = kind.label(),
                example = format!(
                    "buy {} {} {kind}",
                    from.word(),
                    cards.first().map_or("worker1", |c| c.word())
                )
            ),
            BurgError::BuildClosed => t!("burg-err-build-closed"),
            BurgError::TwoBuilds => t!("burg-err-two-builds"),
            BurgError::NoTileLeft(tile) => t!("burg-err-no-tile", tile = tile.label()),
            BurgError::Payment { tile, error } => t!(
                "burg-err-payment",
                tile = tile.label(),
                value = tile.value(),
                error = error.to_string()
            ),
            BurgError::ArbeiterNoHelpers => t!("burg-err-arbeiter-no-helpers"),
            BurgError::HelperNeedsBuild => t!("burg-err-helper-needs-build"),
            BurgError::TwoHelpers => t!("burg-err-two-helpers"),
            BurgError::SpaceUnbuilt { space, building } => t!(
                "burg-err-space-unbuilt",
                space = *space,
                building = names::building_label_of(building)
            ),
            BurgError::SpaceOccupied { space, by } => {
                t!("burg-err-space-occupied", space = *space, by = by.label())
            }
            BurgError::Fee { space, fee, taler } => {
                t!("burg-err-fee", space = *space, fee = *fee, taler = *taler)
            }
            BurgError::SameBuilding(building) => t!(
                "burg-err-same-building",
                building = names::building_label_of(building)
            ),
            BurgError::NoHelper(field) if field.is_empty() => t!("burg-err-no-helper"),
            BurgError::NoHelper(field) => t!("burg-err-no-helper-field", field = field),
            BurgError::NotOnField(field) => {
                t!("burg-err-not-on-field", field = field.field_label())
            }
        };
        f.write_str(&text)
    }
}
