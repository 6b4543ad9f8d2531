//! What a viewer sees of a DonQuixote game. Placed tiles, hands and scorings are public, except
//! a placement not yet revealed (a game of several seats, its step not complete — see
//! `secrets.rs`): it shows on its own player's board only; every other viewer sees that the
//! player has placed (`placed_current`), not the tile, which stays in that player's hand. The
//! order of the position cards still to come and the random generator never leave the engine.

use serde::{Deserialize, Serialize};

use super::board::{Castle, Field};
use super::scoring::Scoring;
use super::state::DonQuixote;
use super::tiles::Half;
use crate::games::{Game, Outcome, Seat, Shown};

/// A tile on a board, with its effective halves (after turning, link arms included).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedTile {
    /// Where it lies.
    pub field: Field,
    /// The tile id, 1–22.
    pub tile: u8,
    /// Turned by 180°.
    pub turned: bool,
    /// The effective top half.
    pub top: Half,
    /// The effective bottom half.
    pub bottom: Half,
}

/// One player's principality and standing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardView {
    /// The placed path tiles this viewer may see, in field order (A1..H1, A2.., A3..).
    pub tiles: Vec<PlacedTile>,
    /// Tile ids of the current round still in hand (empty once the game is over); a tile
    /// placed but not yet revealed to this viewer is still listed.
    pub hand: Vec<u8>,
    /// Whether this player has placed on the revealed field (public even while the tile is
    /// not).
    pub placed_current: bool,
    /// The scorings done so far (1, 2, 3).
    pub scorings: Vec<Scoring>,
    /// The running total.
    pub total: i64,
    /// False after the player resigned or ran out of time.
    pub active: bool,
}

/// The whole table: the shared castles and position card, and every player's board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DonQuixoteView {
    /// The two castles, the 6-castle first.
    pub castles: [Castle; 2],
    /// The round of the revealed card (of the last step played once the game is over), 1–3.
    pub round: u8,
    /// Placement steps completed, 0–22.
    pub step: usize,
    /// The revealed position card; `None` when the game is over.
    pub current: Option<Field>,
    /// Every seat's board, in seat order.
    pub players: Vec<BoardView>,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}

/// What `viewer` (a seat, or `None` for an onlooker) sees of `game`: a seat's placement not yet
/// revealed is shown where the game's audience for that seat's holdings admits the viewer.
pub(super) fn of(game: &DonQuixote, viewer: Option<Seat>) -> DonQuixoteView {
    let current = game.current();
    let players = game
        .players
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            let hidden = game
                .unrevealed(seat)
                .filter(|_| !game.audience(Shown::Holdings(seat)).admits(viewer));
            let mut hand = game.hand(seat);
            if let Some((_, placement)) = hidden
                && game.end.is_none()
            {
                hand.push(placement.tile);
                hand.sort_unstable();
            }
            BoardView {
                tiles: p
                    .board
                    .placed()
                    .filter(|(field, _)| hidden.is_none_or(|(h, _)| h != *field))
                    .map(|(field, placement)| {
                        let (top, bottom) = placement.halves();
                        PlacedTile {
                            field,
                            tile: placement.tile,
                            turned: placement.turned,
                            top,
                            bottom,
                        }
                    })
                    .collect(),
                hand,
                placed_current: current.is_some_and(|f| p.board.get(f).is_some()),
                scorings: p.scorings.clone(),
                total: p.total(),
                active: p.left.is_none(),
            }
        })
        .collect();
    DonQuixoteView {
        castles: game.castles,
        round: game.round(),
        step: game.step,
        current,
        players,
        outcome: game.outcome(),
    }
}
