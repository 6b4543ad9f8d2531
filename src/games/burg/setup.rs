//! Fixed setups and position editing — for tests, analysis and teaching positions.
//!
//! [`Burg::with_setup`] starts a game with a chosen start player and winter deck instead of
//! random ones. The `set_…` methods then edit the position **before anybody has chosen in the
//! current round** (they refuse otherwise). Every edit keeps the game's bookkeeping intact:
//! resources move between the general supply and where they are put (so the piece totals are
//! conserved and a shortage is made by giving pieces to someone), helpers move between the
//! owner's personal supply and the board.
//!
//! ```
//! use spieltisch::games::burg::{Burg, BurgOptions, Resources};
//! let mut g = Burg::with_setup(3, &BurgOptions::default(), 0, Vec::new()).unwrap();
//! g.set_resources(1, Resources::new(2, 2, 2, 2, 1)).unwrap();
//! g.set_built("PA", Some(1)).unwrap();
//! g.set_helper("PA17a", 1).unwrap();
//! ```

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::BurgOptions;
use super::data::{BUILDINGS, Card, SPACES, WinterCard, building_index, space_index};
use super::resources::{Resource, Resources};
use super::state::{Built, Burg, FieldHelper, Phase, check_players};
use crate::games::{Seat, SetupError};

/// A setup or an edit the rules do not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidSetup {
    /// Wrong number of players.
    #[error(transparent)]
    Players(#[from] SetupError),
    /// No such seat.
    #[error("seat {0} is not at the table")]
    Seat(Seat),
    /// The winter deck is not distinct winter cards (or given without the option).
    #[error("the winter deck must hold distinct winter cards, and only with the winter option")]
    Deck,
    /// Edits are only possible while nobody has chosen in the current round.
    #[error("positions can be edited only before anybody has chosen in the current round")]
    NotNow,
    /// The supply does not have the pieces.
    #[error("the supply has too few pieces for that")]
    Supply,
    /// Not a building id.
    #[error("no building {0}")]
    Building(String),
    /// Markt and Schmiede are always built.
    #[error("Markt and Schmiede are always built")]
    PreBuilt,
    /// Not a helper space id, or the space is taken.
    #[error("no free helper space {0}")]
    Space(String),
    /// The player has no helper left in his supply.
    #[error("seat {0} has no helper left in the supply")]
    NoHelper(Seat),
    /// The round is outside the game.
    #[error("round {0} is not in this game")]
    Round(u8),
    /// A card list that is not possible.
    #[error("{0}")]
    Cards(String),
}

impl Burg {
    /// A game with a given start player (seat) and winter deck (top first; must be empty
    /// without the winter option, any number of distinct cards with it); the seats sit
    /// clockwise in seat order. The start player has taken the Taler of round 1, everybody is
    /// to choose.
    pub fn with_setup(
        players: usize,
        options: &BurgOptions,
        start: Seat,
        winter_deck: Vec<WinterCard>,
    ) -> Result<Burg, InvalidSetup> {
        check_players(players)?;
        if start >= players {
            return Err(InvalidSetup::Seat(start));
        }
        let mut sorted = winter_deck.clone();
        sorted.sort();
        sorted.dedup();
        if sorted.len() != winter_deck.len() || (!options.winter && !winter_deck.is_empty()) {
            return Err(InvalidSetup::Deck);
        }
        let clockwise = (0..players).map(|i| (start + i) % players).collect();
        Ok(Burg::from_parts(
            players,
            options,
            clockwise,
            winter_deck,
            ChaCha8Rng::seed_from_u64(0),
        ))
    }

    fn editable(&self, seat: Option<Seat>) -> Result<(), InvalidSetup> {
        if self.phase != Phase::Choosing || self.players.iter().any(|p| !p.chosen.is_empty()) {
            return Err(InvalidSetup::NotNow);
        }
        match seat {
            Some(s) if s >= self.players.len() => Err(InvalidSetup::Seat(s)),
            _ => Ok(()),
        }
    }

    /// Moves pieces so that `slot` holds `want`: the difference comes from or goes to the
    /// supply.
    fn exchange(&mut self, current: Resources, want: Resources) -> Result<(), InvalidSetup> {
        let pool = self.supply.plus(current);
        self.supply = pool.minus(want).ok_or(InvalidSetup::Supply)?;
        Ok(())
    }

    /// Sets a player's resources (the difference comes from / goes to the supply).
    pub fn set_resources(&mut self, seat: Seat, want: Resources) -> Result<(), InvalidSetup> {
        self.editable(Some(seat))?;
        self.exchange(self.players[seat].resources, want)?;
        self.players[seat].resources = want;
        Ok(())
    }

    /// Sets the Wehrturm's contents (via the supply).
    pub fn set_wehrturm(&mut self, want: Resources) -> Result<(), InvalidSetup> {
        self.editable(None)?;
        self.exchange(self.wehrturm, want)?;
        self.wehrturm = want;
        Ok(())
    }

    /// Sets the silver in the Schmiede store (via the supply).
    pub fn set_schmiede(&mut self, silver: u8) -> Result<(), InvalidSetup> {
        self.editable(None)?;
        let mut current = Resources::NONE;
        current.silver = self.schmiede;
        let mut want = Resources::NONE;
        want.silver = silver;
        self.exchange(current, want)?;
        self.schmiede = silver;
        Ok(())
    }

    /// Sets a player's Taler.
    pub fn set_taler(&mut self, seat: Seat, taler: u32) -> Result<(), InvalidSetup> {
        self.editable(Some(seat))?;
        self.players[seat].taler = taler;
        Ok(())
    }

    /// Sets a player's VP.
    pub fn set_vp(&mut self, seat: Seat, vp: u32) -> Result<(), InvalidSetup> {
        self.editable(Some(seat))?;
        self.players[seat].vp = vp;
        Ok(())
    }

    /// Sets a player's face-up cards (the rest is in hand).
    pub fn set_played(&mut self, seat: Seat, cards: &[Card]) -> Result<(), InvalidSetup> {
        self.editable(Some(seat))?;
        let mut cards = cards.to_vec();
        cards.sort();
        cards.dedup();
        if cards.contains(&Card::Baumeister) {
            return Err(InvalidSetup::Cards(
                "the Baumeister is never face up between rounds".into(),
            ));
        }
        self.players[seat].face_up = cards;
        Ok(())
    }

    /// Marks a building (`"T1"`, `"PA"`) built by a seat (or by nobody) in an earlier round,
    /// or unbuilt with `built = false` via [`Burg::set_unbuilt`].
    pub fn set_built(&mut self, id: &str, by: Option<Seat>) -> Result<(), InvalidSetup> {
        self.editable(by)?;
        let i = building_index(id).ok_or_else(|| InvalidSetup::Building(id.into()))?;
        if BUILDINGS[i].tile.is_none() {
            return Err(InvalidSetup::PreBuilt);
        }
        self.built[i] = Some(Built { by, round: 0 });
        Ok(())
    }

    /// Marks every tile built (by nobody) except the listed ids — e.g. to test the early end.
    pub fn set_all_built_except(&mut self, ids: &[&str]) -> Result<(), InvalidSetup> {
        self.editable(None)?;
        for (i, b) in BUILDINGS.iter().enumerate() {
            if b.tile.is_some() && self.built[i].is_none() && !ids.contains(&b.id) {
                self.built[i] = Some(Built { by: None, round: 0 });
            }
        }
        Ok(())
    }

    /// Puts one of the seat's supply helpers on a castle space (the building must be built).
    pub fn set_helper(&mut self, space: &str, seat: Seat) -> Result<(), InvalidSetup> {
        self.editable(Some(seat))?;
        let i = space_index(space)
            .filter(|i| self.spaces[*i].is_none() && self.built[SPACES[*i].building].is_some())
            .ok_or_else(|| InvalidSetup::Space(space.into()))?;
        if self.players[seat].helpers == 0 {
            return Err(InvalidSetup::NoHelper(seat));
        }
        self.players[seat].helpers -= 1;
        self.spaces[i] = Some(seat);
        Ok(())
    }

    /// Puts one of the seat's supply helpers on a resource field (`placed_this_round` is false
    /// between rounds), sending a helper already there home; `None` empties the field.
    pub fn set_field(&mut self, field: Resource, seat: Option<Seat>) -> Result<(), InvalidSetup> {
        self.editable(seat)?;
        if let Some(s) = seat
            && self.players[s].helpers == 0
        {
            return Err(InvalidSetup::NoHelper(s));
        }
        if let Some(old) = self.fields[field.index()].take() {
            self.players[old.seat].helpers += 1;
        }
        if let Some(s) = seat {
            self.players[s].helpers -= 1;
            self.fields[field.index()] = Some(FieldHelper {
                seat: s,
                fresh: false,
            });
        }
        Ok(())
    }

    /// Moves the game to round `round` (the round Taler already taken stays where it is).
    pub fn set_round(&mut self, round: u8) -> Result<(), InvalidSetup> {
        self.editable(None)?;
        if round == 0 || round > self.rounds {
            return Err(InvalidSetup::Round(round));
        }
        self.round = round;
        Ok(())
    }
}
