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
///
/// A game offers one of two things (or both):
/// - its own search in [`Think::think`] (alpha-beta where nothing is hidden), or
/// - for the generic information-set Monte Carlo tree search of the bots layer:
///   [`Think::determinize`], which draws a whole game consistent with what the seat has seen,
///   and [`Think::evaluate`], a heuristic value of a game for a seat.
pub trait Think: Game {
    /// How many points of [`Think::evaluate`] make a clear lead: the search turns point
    /// differences into rewards on this scale.
    const SCALE: f64 = 10.0;

    /// A move for the seat of `seen` within `effort`, and the positions searched; `None` when
    /// the game has no search of its own for this position (the generic search then runs on
    /// [`Think::determinize`], if the game has it).
    fn think(
        _seen: &Seen<Self>,
        _effort: Effort,
        _rng: &mut dyn rand::RngCore,
    ) -> Option<(Self::Move, u64)> {
        None
    }

    /// A whole game that the seat of `seen` cannot tell from the real one: everything its view
    /// shows is kept, and what it cannot see (other hands, others' secret choices, the order of
    /// a bag or deck, the random generator) is drawn from `rng` among what is still possible.
    /// The result's `view(Some(seat))` and `legal_moves(seat)` equal those of `seen`. `None`
    /// when the game has no such sampler.
    fn determinize(_seen: &Seen<Self>, _rng: &mut dyn rand::RngCore) -> Option<Self> {
        None
    }

    /// A quick move for `seat` in a search's play-out, where speed counts more than judgement:
    /// a plausible legal move drawn from `rng`. `None` (the default): a legal move uniformly at
    /// random. A game whose random moves are mostly nonsense (a camp with nearly every play, a
    /// challenge of every claim) plays out better with its own.
    fn playout(&self, _seat: Seat, _rng: &mut dyn rand::RngCore) -> Option<Self::Move> {
        None
    }

    /// How good this game (a whole one, e.g. drawn by [`Think::determinize`]) is for `seat`,
    /// in the game's points: its score so far plus what its holdings are likely worth. A
    /// one-ply greedy player picks the move with the best value; the search uses it where it
    /// stops playing out.
    fn evaluate(&self, seat: Seat) -> f64 {
        self.scores().get(seat).copied().unwrap_or(0) as f64
    }
}
