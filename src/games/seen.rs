//! What a computer player may know: its seat, what that seat sees, and the moves it may make.
//!
//! [`Seen`] is made from a game by [`Seen::of`] and holds only the seat's view
//! ([`Game::view`] for that seat, which the game's `audience` has filtered: no other hands, no
//! secret choices, no bag order, no seed) and the seat's legal moves. A bot gets a `&Seen` and
//! nothing else, so it cannot read the state even by mistake.

use super::{Game, Seat};

/// One seat's knowledge of a game.
#[derive(Debug, Clone)]
pub struct Seen<G: Game> {
    seat: Seat,
    view: G::View,
    legal: Vec<G::Move>,
}

impl<G: Game> Seen<G> {
    /// What `seat` knows of `game` now.
    pub fn of(game: &G, seat: Seat) -> Seen<G> {
        Seen {
            seat,
            view: game.view(Some(seat)),
            legal: game.legal_moves(seat),
        }
    }

    /// The seat.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// What the seat sees.
    pub fn view(&self) -> &G::View {
        &self.view
    }

    /// The moves the seat may make now.
    pub fn legal(&self) -> &[G::Move] {
        &self.legal
    }
}

/// Something done with a [`Seen`] of whichever game (see `AnySeen::visit`).
pub trait SeenVisitor {
    /// What it gives back.
    type Output;

    /// Does it for one game.
    fn visit<G: Think>(self, seen: &Seen<G>) -> Self::Output;
}

/// How hard a computer player may think about one move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effort {
    /// Time it may take.
    pub budget: std::time::Duration,
    /// How deep a search may look (plies), at most.
    pub max_depth: u32,
}

/// A game's own engine for its computer players, working from what a seat sees.
pub trait Think: Game {
    /// Whether [`Think::think`] searches (else the game's bots play a random legal move).
    const ENGINE: bool = false;

    /// A move for the seat of `seen` within `effort`, and the positions searched; `None` when
    /// the game has no engine for this position (its bots then play a random legal move).
    fn think(
        _seen: &Seen<Self>,
        _effort: Effort,
        _rng: &mut dyn rand::RngCore,
    ) -> Option<(Self::Move, u64)> {
        None
    }
}
