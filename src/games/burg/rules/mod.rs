//! The reducer: setup (random start player and winter deck from the seeded generator kept in
//! the state), the rounds (§4): round Taler, the simultaneous secret card choice, the winter
//! card, the reveal and the filling of the Arbeiter cards, the resolution step by step with the
//! decisions of §15, the end of the round, the early end; forfeits and the result.
//!
//! Automatic parts (§15.2) run inside [`Game::apply`] until a player has a decision to make or
//! the game ends. A refused move leaves the state untouched: every move is played on a copy.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::data::{
    BUILDINGS, Card, SPACES, TILE_COUNT, Tile, WinterCard, helpers_for, rounds_for, winter_rounds,
};
use super::notation::Move;
use super::payment::{self, Payment};
use super::reasons::{BuyWhy, Decision, FieldWhy, Hint, PassWhy, TieBreak, WinterLine, Wrong};
use super::record::{Entry, Line};
use super::resources::{Resource, Resources};
use super::scoring::{self, FinalScore, ScoreInput};
use super::view::BurgView;
use super::{BurgError, BurgEvent, BurgOptions, Color};
use crate::games::{
    Audience, EndReason, Forfeit, Game, GameInfo, Outcome, Seat, SetupError, Shown, ToAct,
};
use crate::t;

use super::state::*;
pub use super::state::{MAX_PLAYERS, MIN_PLAYERS, START_TALER};

mod actions;
mod game;
mod round;
mod trader;

fn color(seat: Seat) -> Color {
    Color::from_seat(seat)
}

impl Burg {
    /// Setup per §3 with the seats in `clockwise` order (its first seat starts) and a winter
    /// deck (top first; empty without winter), then the round Taler of round 1.
    pub(super) fn from_parts(
        players: usize,
        options: &BurgOptions,
        clockwise: Vec<Seat>,
        deck: Vec<WinterCard>,
        rng: ChaCha8Rng,
    ) -> Burg {
        let n = players as u8;
        let mut built = vec![None; BUILDINGS.len()];
        for (i, b) in BUILDINGS.iter().enumerate() {
            if b.tile.is_none() {
                built[i] = Some(Built { by: None, round: 0 });
            }
        }
        let mut game = Burg {
            options: options.clone(),
            rounds: rounds_for(players),
            round: 1,
            start: clockwise[0],
            clockwise,
            phase: Phase::Choosing,
            players: (0..players)
                .map(|_| Player::new(helpers_for(players)))
                .collect(),
            supply: Resources::new(19 - n, 17 - n, 14, 14, 14),
            wehrturm: Resources::new(1, 1, 1, 1, 1),
            schmiede: 0,
            built,
            spaces: vec![None; SPACES.len()],
            fields: vec![None; Resource::ALL.len()],
            winter_deck: deck,
            winter_revealed: Vec::new(),
            winter_current: None,
            fills: Vec::new(),
            slots: Vec::new(),
            action: None,
            record: Vec::new(),
            final_scores: None,
            end: None,
            rng,
        };
        game.note(Entry::Setup {
            winter: options.winter,
            seats: game.clockwise(),
        });
        game.begin_round(&mut Vec::new());
        game
    }

    /// Adds a line to the public record.
    fn note(&mut self, entry: Entry) {
        self.record.push(Line::from(entry));
    }

    // -----------------------------------------------------------------------------------------
    // Queries.

    /// Seats in player order for this round: the start player, then clockwise.
    pub fn player_order(&self) -> Vec<Seat> {
        let clockwise = self.clockwise();
        let n = clockwise.len();
        let at = clockwise.iter().position(|&s| s == self.start).unwrap_or(0);
        (0..n).map(|i| clockwise[(at + i) % n]).collect()
    }

    /// The seats in clockwise order around the table, beginning with round 1's start player.
    pub fn clockwise(&self) -> Vec<Seat> {
        if self.clockwise.len() == self.players.len() {
            self.clockwise.clone()
        } else {
            (0..self.players.len()).collect()
        }
    }

    /// The current round, 1-based.
    pub fn round(&self) -> u8 {
        self.round
    }

    /// Rounds in the game (12, 15 or 12).
    pub fn rounds(&self) -> u8 {
        self.rounds
    }

    /// This round's start player.
    pub fn start_player(&self) -> Seat {
        self.start
    }

    /// Whether the seat still plays (false after a forfeit).
    pub fn is_active(&self, seat: Seat) -> bool {
        self.players.get(seat).is_some_and(|p| p.left.is_none())
    }

    fn active_seats(&self) -> Vec<Seat> {
        (0..self.players.len())
            .filter(|s| self.is_active(*s))
            .collect()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Cards a player chooses per round: 2 with two players, else 1.
    pub fn cards_per_round(&self) -> usize {
        if self.players.len() == 2 { 2 } else { 1 }
    }

    /// The cards `seat` may choose now (§4.2): in hand, the Baumeister only with a card face up.
    pub fn legal_cards(&self, seat: Seat) -> Vec<Card> {
        let Some(p) = self.players.get(seat) else {
            return Vec::new();
        };
        Card::ALL
            .into_iter()
            .filter(|c| !p.face_up.contains(c))
            .filter(|c| *c != Card::Baumeister || !p.face_up.is_empty())
            .collect()
    }

    /// How many cards `seat` must choose (fewer only if fewer are legal; the safeguard of §4.2).
    fn cards_to_choose(&self, seat: Seat) -> usize {
        self.cards_per_round().min(self.legal_cards(seat).len())
    }

    fn storm(&self) -> bool {
        self.winter_current == Some(WinterCard::Schneesturm)
    }

    fn frost(&self) -> bool {
        self.winter_current == Some(WinterCard::Bodenfrost)
    }

    /// Built tiles (of 23).
    pub fn tiles_built(&self) -> usize {
        BUILDINGS
            .iter()
            .zip(&self.built)
            .filter(|(b, built)| b.tile.is_some() && built.is_some())
            .count()
    }

    /// The lowest-numbered unbuilt building of a tile kind.
    fn unbuilt(&self, tile: Tile) -> Option<usize> {
        tile.buildings().find(|i| self.built[*i].is_none())
    }

    /// The decision pending in the resolution: who, and a short description in the current
    /// language.
    pub fn pending(&self) -> Option<(Seat, String)> {
        self.decision().map(|(seat, what)| (seat, what.to_string()))
    }

    /// The decision pending in the resolution: who, and what.
    pub fn decision(&self) -> Option<(Seat, Decision)> {
        let action = self.action.as_ref()?;
        let what = match action {
            Action::Fill { count, .. } => Decision::Fill { count: *count },
            Action::Haendler { .. } => Decision::Haendler,
            Action::Work(w) => {
                if !w.took {
                    Decision::Take
                } else {
                    // Name the parts that are possible now.
                    let moves = self.work_moves(w);
                    Decision::Work {
                        card: w.card,
                        buy: moves.iter().any(|m| matches!(m, Move::Buy { .. })),
                        build: moves.iter().any(|m| matches!(m, Move::Build { .. })),
                        helpers: moves.iter().any(|m| matches!(m, Move::Helper { .. })),
                    }
                }
            }
        };
        Some((action.seat(), what))
    }
}
