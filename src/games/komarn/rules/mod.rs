//! The Banner von Komarn reducer: setup (turn order, points, bag and hands from the seeded
//! generator), the four ways to play a number and the forced discard, camps, the board
//! resolution, drawing with the Strudel and the Morlocks (placement, claims, challenges,
//! strikes), the end after the full round, final payouts and ranks, forfeits.
//!
//! Forfeits (the spec is silent): the leaver's hand goes to the discard pile (public), their
//! soldiers, garrisons and Weibel stay on the river (a takeover still pays them) but they get no
//! more turns and answer no claims, and they rank after every player still in the game. A
//! decision pending on them lapses: a Morlock they drew or claimed leaves the game, a strike
//! they were to make or suffer does not happen. The game goes on while two players remain;
//! when only one is left it ends at once, with the final payouts.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::bag::{Bag, MORLOCKS, TILES, Tile};
use super::banners::{Before, Mark, Resolution, banners, hurenweibel, hurenweibel_in};
use super::board::{AREAS, Board, Content, Field, POINTS, Point, PointKind, Side};
use super::events::{Entry, Head, MorlockGoneWhy, NoStrikeWhy};
use super::notation::{How, Move};
use super::scoring::{Payout, final_payouts, ranks};
use super::view::{
    Answer, BannerView, ClaimView, FieldView, KomarnView, LastTurn, PendingView, PlayerView,
    PointView,
};
use super::{Color, KomarnError, KomarnEvent, KomarnOptions, PlayKind};
use crate::games::{
    Audience, EndReason, Forfeit, Game, GameInfo, Outcome, Seat, SetupError, Shown, ToAct, Window,
};
use crate::t;

mod draws;
mod game;
mod plays;
mod setup;
mod turns;

pub use setup::{InvalidSetup, Setup};

use super::state::*;
pub use super::state::{CAMPS, HAND, Komarn, MAX_PLAYERS, MIN_PLAYERS, WEIBEL, soldiers_for};

/// A play that passed every check: what it does.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Plan {
    numbers: Vec<u8>,
    kind: PlayKind,
    /// Fields that get one of the mover's soldiers.
    fill: Vec<Field>,
    victim: Option<Seat>,
    /// The area whose Morlock is chased.
    chase: Option<u8>,
    camp: Option<Field>,
}

fn check_players(players: usize) -> Result<(), SetupError> {
    if (MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        Ok(())
    } else {
        Err(SetupError::PlayerCount {
            game: Komarn::INFO.name,
            min: MIN_PLAYERS,
            max: MAX_PLAYERS,
            got: players,
        })
    }
}

fn numbers(list: &[u8]) -> String {
    list.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

impl Komarn {
    /// A game in a given position (see [`Setup`]).
    pub fn with_setup(setup: Setup) -> Result<Komarn, InvalidSetup> {
        let n = setup.players;
        check_players(n)?;
        let mut order = setup.turn_order.clone();
        order.sort_unstable();
        if order != (0..n).collect::<Vec<_>>() || setup.to_move >= n {
            return Err(InvalidSetup::TurnOrder);
        }
        if setup.points.len() != POINTS {
            return Err(InvalidSetup::Points);
        }
        let mut board = Board::new(&setup.points);
        let mut seen_fields = [false; super::board::FIELDS];
        for &(f, content) in &setup.fields {
            let ok = match content {
                Content::Morlock => f.side == Side::F,
                Content::Camp => f.is_land(),
                Content::Soldier(s) => s < n,
                Content::Empty => true,
            };
            if !ok || std::mem::replace(&mut seen_fields[f.index()], true) {
                return Err(InvalidSetup::Field(f));
            }
            board.set(f, content);
        }
        for &(p, seat) in &setup.garrisons {
            let state = board.point_mut(p);
            if state.kind != PointKind::Tower || seat >= n || state.garrison.is_some() {
                return Err(InvalidSetup::Garrison(p));
            }
            state.garrison = Some(seat);
        }
        for (p, state) in board.points().collect::<Vec<_>>() {
            if state.kind == PointKind::Tower
                && (state.garrison.is_some()
                    || p.touches().iter().any(|f| board.soldier(*f).is_some()))
            {
                board.point_mut(p).decided = true;
            }
        }
        // Numbers: each at most once.
        let mut used = [false; AREAS as usize + 1];
        let mut use_number = |k: u8| -> Result<(), InvalidSetup> {
            if !(1..=AREAS).contains(&k) || std::mem::replace(&mut used[usize::from(k)], true) {
                return Err(InvalidSetup::Number(k));
            }
            Ok(())
        };
        for (seat, hand) in setup.hands.iter().take(n).enumerate() {
            if hand.len() > HAND {
                return Err(InvalidSetup::HandSize(seat));
            }
            hand.iter().try_for_each(|k| use_number(*k))?;
        }
        setup.discard.iter().try_for_each(|k| use_number(*k))?;
        let mut morlocks = board.morlocks() as u8 + setup.morlocks_gone;
        let mut strudel = false;
        for tile in &setup.draws {
            match tile {
                Tile::Number(k) => use_number(*k)?,
                Tile::Morlock => morlocks += 1,
                Tile::Strudel if !strudel => strudel = true,
                Tile::Strudel => return Err(InvalidSetup::Tiles),
            }
        }
        if morlocks > MORLOCKS {
            return Err(InvalidSetup::Tiles);
        }
        let mut draw_order = setup.draws.clone();
        draw_order.extend(
            (1..=AREAS)
                .filter(|k| !used[usize::from(*k)])
                .map(Tile::Number),
        );
        draw_order.extend(std::iter::repeat_n(
            Tile::Morlock,
            usize::from(MORLOCKS - morlocks),
        ));
        if !strudel {
            draw_order.push(Tile::Strudel);
        }
        let initial = soldiers_for(n);
        let mut players = Vec::with_capacity(n);
        for seat in 0..n {
            let on_board = board.soldiers_of(seat);
            let soldiers = match setup.soldiers.get(seat).copied().flatten() {
                Some(s) => s,
                None => initial
                    .checked_sub(on_board as u8)
                    .ok_or(InvalidSetup::Soldiers(seat))?,
            };
            let weibel_used = setup.marks.iter().filter(|(s, _)| *s == seat).count();
            let mut hand = setup.hands.get(seat).cloned().unwrap_or_default();
            hand.sort_unstable();
            players.push(Player {
                hand,
                soldiers,
                weibel: match setup.weibel_left.get(seat).copied().flatten() {
                    Some(w) => w,
                    None => WEIBEL
                        .checked_sub(weibel_used as u8)
                        .ok_or(InvalidSetup::Weibel(seat, Field::new(1, Side::L)))?,
                },
                camps: setup.camps.get(seat).copied().unwrap_or(CAMPS),
                heller: setup.heller.get(seat).copied().unwrap_or(0),
                left: None,
            });
        }
        let mut marks = Vec::new();
        for &(seat, f) in &setup.marks {
            if seat >= n || board.soldier(f).is_none() {
                return Err(InvalidSetup::Weibel(seat, f));
            }
            marks.push(Mark {
                owner: seat,
                anchor: f,
            });
        }
        let turn = setup
            .turn_order
            .iter()
            .position(|s| *s == setup.to_move)
            .ok_or(InvalidSetup::TurnOrder)?;
        let mut game = Komarn {
            options: setup.options,
            board,
            bag: Bag::from_draw_order(&draw_order),
            discard: setup.discard,
            players,
            turn_order: setup.turn_order,
            turn,
            phase: Phase::Play,
            draws: Vec::new(),
            marks,
            hurenweibel: None,
            morlocks_gone: setup.morlocks_gone,
            claims: 0,
            revealed: Vec::new(),
            last_round: setup.last_round,
            last: None,
            final_payouts: None,
            end: None,
            record: Vec::new(),
            rng: ChaCha8Rng::seed_from_u64(0),
            quiet: false,
        };
        game.normalize_marks();
        game.hurenweibel = hurenweibel(&game.board, &game.marks, n);
        Ok(game)
    }

    fn normalize_marks(&mut self) {
        let groups = super::banners::Groups::of(&self.board, self.players.len());
        for m in &mut self.marks {
            if let Some(id) = groups.group_of(m.anchor) {
                m.anchor = groups.list[id].lowest();
            }
        }
        self.marks.sort_unstable_by_key(|m| (m.anchor, m.owner));
    }

    // -----------------------------------------------------------------------------------------
    // Accessors.

    /// The options.
    pub fn options(&self) -> &KomarnOptions {
        &self.options
    }

    /// The river.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// A seat's colour: by its position in the turn order (the first to move is Red).
    pub fn color(&self, seat: Seat) -> Color {
        let position = self
            .turn_order
            .iter()
            .position(|s| *s == seat)
            .unwrap_or(seat);
        Color::ALL[position % Color::ALL.len()]
    }

    fn colors(&self) -> Vec<Color> {
        (0..self.players.len()).map(|s| self.color(s)).collect()
    }

    /// Seats in turn order.
    pub fn turn_order(&self) -> &[Seat] {
        &self.turn_order
    }

    /// Whose turn it is (`None` once over).
    pub fn current(&self) -> Option<Seat> {
        self.end.is_none().then(|| self.turn_order[self.turn])
    }

    /// A seat's hand, sorted. Private to that seat: never put it in a public reply.
    pub fn hand(&self, seat: Seat) -> &[u8] {
        self.players.get(seat).map_or(&[], |p| &p.hand)
    }

    /// Soldiers in a seat's supply.
    pub fn supply(&self, seat: Seat) -> u8 {
        self.players.get(seat).map_or(0, |p| p.soldiers)
    }

    /// Weibel in a seat's supply.
    pub fn weibel(&self, seat: Seat) -> u8 {
        self.players.get(seat).map_or(0, |p| p.weibel)
    }

    /// Camps a seat may still build.
    pub fn camps_left(&self, seat: Seat) -> u8 {
        self.players.get(seat).map_or(0, |p| p.camps)
    }

    /// A seat's money.
    pub fn heller(&self, seat: Seat) -> u32 {
        self.players.get(seat).map_or(0, |p| p.heller)
    }

    /// Whether the seat is still in the game.
    pub fn is_active(&self, seat: Seat) -> bool {
        self.players.get(seat).is_some_and(|p| p.left.is_none())
    }

    /// The Weibel on the board.
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// The banners with their commanders and values.
    pub fn banners(&self) -> Vec<super::banners::Banner> {
        banners(&self.board, &self.marks, self.players.len())
    }

    /// The Hurenweibel's holder.
    pub fn hurenweibel(&self) -> Option<Seat> {
        self.hurenweibel
    }

    /// The discard pile, oldest first.
    pub fn discard(&self) -> &[u8] {
        &self.discard
    }

    /// Tiles in the bag.
    pub fn bag_size(&self) -> usize {
        self.bag.len()
    }

    /// Morlocks: `(in the bag, on the board, out of the game, drawn and awaiting a decision)`.
    pub fn morlock_count(&self) -> (u8, u8, u8, u8) {
        let pending = u8::from(matches!(
            self.phase,
            Phase::Morlock { .. } | Phase::Claim { .. } | Phase::Expose { .. }
        ));
        (
            self.bag.morlocks(),
            self.board.morlocks() as u8,
            self.morlocks_gone,
            pending,
        )
    }

    /// The hands judged in the last challenge (drawer first), until the next number is played.
    pub fn revealed(&self) -> &[(Seat, Vec<u8>)] {
        &self.revealed
    }

    /// Whether the last round is being played.
    pub fn last_round(&self) -> bool {
        self.last_round
    }

    /// The final payouts, once over.
    pub fn final_payouts(&self) -> Option<&[Payout]> {
        self.final_payouts.as_deref()
    }

    /// What the game waits for.
    pub fn pending(&self) -> PendingView {
        match &self.phase {
            Phase::Play => PendingView::Play(self.turn_order[self.turn]),
            Phase::Morlock { drawer } => PendingView::Morlock(*drawer),
            Phase::Claim { drawer, .. } => PendingView::Claim(*drawer),
            Phase::Expose { drawer, challenger } => PendingView::Expose {
                drawer: *drawer,
                challenger: *challenger,
            },
            Phase::Strike { chooser, loser } => PendingView::Strike {
                chooser: *chooser,
                loser: *loser,
            },
            Phase::Over => PendingView::Over,
        }
    }

    /// Whether `seat`'s current hand is public: every number in it was revealed in the last
    /// challenge.
    pub(super) fn hand_public(&self, seat: Seat) -> bool {
        let hand = self.hand(seat);
        !hand.is_empty()
            && self
                .revealed
                .iter()
                .any(|(s, shown)| *s == seat && hand.iter().all(|k| shown.contains(k)))
    }
}
