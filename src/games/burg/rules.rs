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
use serde::{Deserialize, Serialize};

use super::data::{
    BUILDINGS, Card, SPACES, TILE_COUNT, Tile, WinterCard, helpers_for, rounds_for, winter_rounds,
};
use super::notation::Move;
use super::payment::{self, Payment};
use super::resources::{Resource, Resources};
use super::scoring::{self, FinalScore, ScoreInput};
use super::view::BurgView;
use super::{BurgError, BurgEvent, BurgOptions, Color};
use crate::games::{
    Audience, EndReason, Forfeit, Game, GameInfo, Outcome, Seat, SetupError, Shown, ToAct,
};

/// Fewest players.
pub const MIN_PLAYERS: usize = 2;
/// Most players.
pub const MAX_PLAYERS: usize = 4;
/// Taler each player starts with.
pub const START_TALER: u32 = 3;

/// Who built a building and when (Markt and Schmiede: nobody, round 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Built {
    /// The builder.
    pub by: Option<Seat>,
    /// The round it was built in (0: before the game).
    pub round: u8,
}

/// A helper on a resource field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct FieldHelper {
    /// Its owner.
    pub seat: Seat,
    /// Placed this round: it cannot be displaced.
    pub fresh: bool,
}

/// How a seat left the game early.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Left {
    pub reason: Forfeit,
    pub round: u8,
    /// How many seats had left before (0 for the first).
    pub order: usize,
}

/// One player's holdings and cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Player {
    pub taler: u32,
    pub vp: u32,
    pub resources: Resources,
    /// Helpers in the personal supply.
    pub helpers: u8,
    /// Face-up (played) cards, in card order.
    pub face_up: Vec<Card>,
    /// This round's cards: secret until the reveal, then public until the end of the round.
    pub chosen: Vec<Card>,
    /// This round's Arbeiter cards and what lies on them.
    pub arbeiter: Vec<(Card, Resources)>,
    /// Buildings where this player put a castle helper this round.
    pub helper_buildings: Vec<usize>,
    pub left: Option<Left>,
}

impl Player {
    fn new(helpers: u8) -> Player {
        Player {
            taler: START_TALER,
            vp: 0,
            resources: Resources::new(1, 1, 0, 0, 0),
            helpers,
            face_up: Vec::new(),
            chosen: Vec::new(),
            arbeiter: Vec::new(),
            helper_buildings: Vec::new(),
            left: None,
        }
    }
}

/// Where the round stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum Phase {
    /// Everybody chooses secretly.
    Choosing,
    /// The revealed Arbeiter cards are filled; `next` indexes the fill list.
    Filling { next: usize },
    /// The cards resolve; `next` indexes the resolution list.
    Resolving { next: usize },
    /// The game is over.
    Over,
}

/// A Maurer, Steinmetz or Arbeiter action in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Work {
    pub seat: Seat,
    pub card: Card,
    /// The Maurer has taken from the Wehrturm (always true for the others).
    pub took: bool,
    /// Cards bought from in this action: `(seller, card)`.
    pub bought: Vec<(Seat, Card)>,
    pub builds: u8,
    pub helpers: u8,
}

/// The decision a player has to make.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum Action {
    /// Name the chosen pieces of an Arbeiter III.
    Fill { seat: Seat, count: u8 },
    /// Place a Händler's helper or pass.
    Haendler { seat: Seat },
    /// Take, buy, build, place helpers, done.
    Work(Work),
}

impl Action {
    fn seat(&self) -> Seat {
        match self {
            Action::Fill { seat, .. } | Action::Haendler { seat } => *seat,
            Action::Work(w) => w.seat,
        }
    }
}

/// An Im Schutze der Burg game: the whole state, random generator included.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Burg {
    pub(super) options: BurgOptions,
    pub(super) rounds: u8,
    /// The current round, 1-based.
    pub(super) round: u8,
    pub(super) start: Seat,
    /// The seats in clockwise order around the table (§3.1: random, its first seat starts).
    /// Tables saved before it existed sat in seat order.
    #[serde(default)]
    pub(super) clockwise: Vec<Seat>,
    pub(super) phase: Phase,
    pub(super) players: Vec<Player>,
    pub(super) supply: Resources,
    pub(super) wehrturm: Resources,
    /// Silver in the Schmiede store (`F`).
    pub(super) schmiede: u8,
    /// Per building in table order.
    pub(super) built: Vec<Option<Built>>,
    /// Per helper space: its occupant.
    pub(super) spaces: Vec<Option<Seat>>,
    /// Per resource field (sand, wood, clay, stone, silver): its helper.
    pub(super) fields: Vec<Option<FieldHelper>>,
    /// The winter cards not yet revealed, top first. Secret: never leaves the engine.
    pub(super) winter_deck: Vec<WinterCard>,
    pub(super) winter_revealed: Vec<WinterCard>,
    /// This round's winter card.
    pub(super) winter_current: Option<WinterCard>,
    /// This round's Arbeiter cards in fill order.
    pub(super) fills: Vec<(Seat, Card)>,
    /// This round's cards in resolution order.
    pub(super) slots: Vec<(Seat, Card)>,
    pub(super) action: Option<Action>,
    /// The public record, line by line (no unrevealed choice, no winter deck).
    pub(super) record: Vec<String>,
    pub(super) final_scores: Option<Vec<FinalScore>>,
    pub(super) end: Option<EndReason>,
    pub(super) rng: ChaCha8Rng,
}

pub(super) fn check_players(players: usize) -> Result<(), SetupError> {
    if (MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        Ok(())
    } else {
        Err(SetupError::PlayerCount {
            game: Burg::INFO.name,
            min: MIN_PLAYERS,
            max: MAX_PLAYERS,
            got: players,
        })
    }
}

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
        let names: Vec<String> = game
            .clockwise()
            .iter()
            .map(|&s| color(s).to_string())
            .collect();
        game.record.push(format!(
            "Im Schutze der Burg, {players} players{}, clockwise: {}",
            if options.winter { ", winter" } else { "" },
            names.join(", ")
        ));
        game.begin_round(&mut Vec::new());
        game
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

    /// The decision pending in the resolution: who, and a short description.
    pub fn pending(&self) -> Option<(Seat, String)> {
        let action = self.action.as_ref()?;
        let what = match action {
            Action::Fill { count, .. } => format!(
                "Arbeiter III: name {} of sand, wood or clay (`fill {}`)",
                if *count == 1 { "1 piece" } else { "2 pieces" },
                if *count == 1 { "clay" } else { "sand clay" }
            ),
            Action::Haendler { .. } => "Händler: `place <field>` or `pass`".to_string(),
            Action::Work(w) => {
                if !w.took {
                    "Maurer: take one kind from the Wehrturm (`take <kind>`)".to_string()
                } else {
                    // Name the parts that are possible now.
                    let moves = self.work_moves(w);
                    let mut parts = Vec::new();
                    if moves.iter().any(|m| matches!(m, Move::Buy { .. })) {
                        parts.push("buy");
                    }
                    if moves.iter().any(|m| matches!(m, Move::Build { .. })) {
                        parts.push("build");
                    }
                    if moves.iter().any(|m| matches!(m, Move::Helper { .. })) {
                        parts.push("helpers");
                    }
                    let head = parts.join(", ");
                    if head.is_empty() {
                        format!("{}: done", w.card)
                    } else {
                        format!("{}: {head} or done", w.card)
                    }
                }
            }
        };
        Some((action.seat(), what))
    }

    // -----------------------------------------------------------------------------------------
    // Round flow.

    /// Phase A: the start player takes the round Taler; then everybody chooses.
    fn begin_round(&mut self, events: &mut Vec<BurgEvent>) {
        self.players[self.start].taler += 1;
        self.phase = Phase::Choosing;
        let winter = self.options.winter && winter_rounds(self.rounds).contains(&self.round);
        self.record.push(format!(
            "round {} of {}, start {}",
            self.round,
            self.rounds,
            color(self.start)
        ));
        events.push(BurgEvent::RoundStarted {
            round: self.round,
            rounds: self.rounds,
            start: color(self.start),
            cards: self.cards_per_round(),
            winter,
        });
    }

    fn all_chosen(&self) -> bool {
        self.active_seats()
            .iter()
            .all(|s| !self.players[*s].chosen.is_empty())
    }

    fn choose(
        &mut self,
        seat: Seat,
        cards: &[Card],
        events: &mut Vec<BurgEvent>,
    ) -> Result<(), BurgError> {
        let need = self.cards_to_choose(seat);
        if cards.len() != need {
            return Err(BurgError::CardCount { need });
        }
        if cards.len() == 2 && cards[0] == cards[1] {
            return Err(BurgError::SameCard(cards[0]));
        }
        let p = &self.players[seat];
        for card in cards {
            if p.face_up.contains(card) {
                return Err(BurgError::CardPlayed(*card));
            }
            if *card == Card::Baumeister && p.face_up.is_empty() {
                return Err(BurgError::BaumeisterTooEarly);
            }
        }
        let mut cards = cards.to_vec();
        cards.sort();
        let changed = !self.players[seat].chosen.is_empty();
        self.players[seat].chosen = cards.clone();
        events.push(BurgEvent::Chose { seat, cards });
        let active = self.active_seats();
        events.push(BurgEvent::HasChosen {
            changed,
            color: color(seat),
            chosen: active
                .iter()
                .filter(|s| !self.players[**s].chosen.is_empty())
                .count(),
            of: active.len(),
        });
        if self.all_chosen() {
            self.reveal(events);
        }
        Ok(())
    }

    /// Phases C and D: the winter card, the reveal, the fill and resolution lists.
    fn reveal(&mut self, events: &mut Vec<BurgEvent>) {
        if self.options.winter
            && winter_rounds(self.rounds).contains(&self.round)
            && !self.winter_deck.is_empty()
        {
            let card = self.winter_deck.remove(0);
            self.winter_revealed.push(card);
            self.winter_current = Some(card);
            let details = self.winter_now(card);
            self.record.push(format!("  winter: {}", card.name()));
            events.push(BurgEvent::Winter { card, details });
        }
        let order = self.player_order();
        let mut shown = Vec::new();
        for &seat in &order {
            let p = &mut self.players[seat];
            if p.chosen.is_empty() {
                continue;
            }
            p.face_up.extend(p.chosen.iter().copied());
            p.face_up.sort();
            p.arbeiter = p
                .chosen
                .iter()
                .filter(|c| c.is_arbeiter())
                .map(|c| (*c, Resources::NONE))
                .collect();
            shown.push((color(seat), p.chosen.clone()));
        }
        let text: Vec<String> = shown
            .iter()
            .map(|(c, cards)| {
                let words: Vec<&str> = cards.iter().map(|c| c.word()).collect();
                format!("{c} {}", words.join("+"))
            })
            .collect();
        self.record.push(format!("  revealed: {}", text.join(", ")));
        events.push(BurgEvent::Revealed { cards: shown });
        let mut fills = Vec::new();
        let mut slots = Vec::new();
        for &seat in &order {
            for card in &self.players[seat].chosen {
                if card.is_arbeiter() {
                    fills.push((seat, *card));
                }
            }
        }
        for step in 1..=6 {
            for &seat in &order {
                for card in &self.players[seat].chosen {
                    if card.step() == step {
                        slots.push((seat, *card));
                    }
                }
            }
        }
        self.fills = fills;
        self.slots = slots;
        self.action = None;
        self.phase = Phase::Filling { next: 0 };
        self.advance(events);
    }

    /// The immediate effect of a winter card, in player order; returns what happened.
    fn winter_now(&mut self, card: WinterCard) -> Vec<String> {
        let mut out = Vec::new();
        let order = self.player_order();
        match card {
            WinterCard::Bodenfrost | WinterCard::Schneesturm => {}
            WinterCard::Brennholz => {
                for seat in order {
                    let p = &mut self.players[seat];
                    if p.resources.take(Resource::Wood, 1) == 1 {
                        self.wehrturm.add(Resource::Wood, 1);
                        out.push(format!("{} gives 1 wood to the Wehrturm", color(seat)));
                    } else {
                        let paid = p.taler.min(2);
                        p.taler -= paid;
                        out.push(format!("{} has no wood and pays {paid} Taler", color(seat)));
                    }
                }
            }
            WinterCard::Wintersteuer => {
                for seat in order {
                    let p = &mut self.players[seat];
                    let tax = p.taler / 5;
                    p.taler -= tax;
                    out.push(format!("{} pays {tax} Taler", color(seat)));
                }
            }
            WinterCard::Winterquartier => {
                for seat in order {
                    let helpers = self.spaces.iter().filter(|s| **s == Some(seat)).count() as u32;
                    self.players[seat].vp += helpers;
                    out.push(format!("{} scores {helpers} VP", color(seat)));
                }
            }
            WinterCard::Wintervorrat => {
                for kind in Resource::ALL {
                    if let Some(h) = self.fields[kind.index()] {
                        if self.supply.take(kind, 1) == 1 {
                            self.players[h.seat].resources.add(kind, 1);
                            out.push(format!("{} takes 1 {kind}", color(h.seat)));
                        } else {
                            out.push(format!("no {kind} left for {}", color(h.seat)));
                        }
                    }
                }
                if out.is_empty() {
                    out.push("no field is occupied".into());
                }
            }
        }
        out
    }

    /// Fills Arbeiter I or II with its list (the first two pieces under Schneesturm).
    fn fill_fixed(&mut self, seat: Seat, card: Card, events: &mut Vec<BurgEvent>) {
        let take = if self.storm() { 2 } else { 3 };
        let mut pieces = Resources::NONE;
        let mut missing = Resources::NONE;
        for kind in card.arbeiter_list().iter().take(take) {
            if self.supply.take(*kind, 1) == 1 {
                pieces.add(*kind, 1);
            } else {
                missing.add(*kind, 1);
            }
        }
        self.set_card(seat, card, pieces);
        events.push(BurgEvent::Filled {
            color: color(seat),
            card,
            pieces,
            missing,
        });
    }

    fn set_card(&mut self, seat: Seat, card: Card, pieces: Resources) {
        if let Some(entry) = self.players[seat]
            .arbeiter
            .iter_mut()
            .find(|(c, _)| *c == card)
        {
            entry.1 = pieces;
        }
    }

    fn card_pieces(&self, seat: Seat, card: Card) -> Resources {
        self.players[seat]
            .arbeiter
            .iter()
            .find(|(c, _)| *c == card)
            .map_or(Resources::NONE, |(_, r)| *r)
    }

    /// Pieces an Arbeiter III receives by choice now: 2 (1 under Schneesturm), fewer when the
    /// supply has fewer sand, wood and clay.
    fn fill_count(&self) -> u8 {
        let wanted: u8 = if self.storm() { 1 } else { 2 };
        let available: u32 = Resource::FILL_CHOICES
            .iter()
            .map(|k| u32::from(self.supply.get(*k)))
            .sum();
        wanted.min(available.min(2) as u8)
    }

    /// Every legal fill of `count` pieces (sorted multisets the supply can give).
    fn fill_options(&self, count: u8) -> Vec<Vec<Resource>> {
        let kinds = Resource::FILL_CHOICES;
        let mut out = Vec::new();
        let fits = |pick: &[Resource]| {
            kinds.iter().all(|k| {
                pick.iter().filter(|p| *p == k).count() <= usize::from(self.supply.get(*k))
            })
        };
        match count {
            1 => {
                for a in kinds {
                    if fits(&[a]) {
                        out.push(vec![a]);
                    }
                }
            }
            2 => {
                for (i, a) in kinds.iter().enumerate() {
                    for b in &kinds[i..] {
                        if fits(&[*a, *b]) {
                            out.push(vec![*a, *b]);
                        }
                    }
                }
            }
            _ => {}
        }
        out
    }

    fn fill_chosen(&mut self, seat: Seat, kinds: &[Resource], events: &mut Vec<BurgEvent>) {
        let mut pieces = self.card_pieces(seat, Card::Arbeiter3);
        for kind in kinds {
            if self.supply.take(*kind, 1) == 1 {
                pieces.add(*kind, 1);
            }
        }
        self.set_card(seat, Card::Arbeiter3, pieces);
        let missing = if pieces.stone == 0 {
            Resources::one(Resource::Stone)
        } else {
            Resources::NONE
        };
        events.push(BurgEvent::Filled {
            color: color(seat),
            card: Card::Arbeiter3,
            pieces,
            missing,
        });
    }

    /// Runs the automatic parts until a decision is pending, the round's choice begins, or the
    /// game is over.
    fn advance(&mut self, events: &mut Vec<BurgEvent>) {
        loop {
            match self.phase {
                Phase::Choosing | Phase::Over => return,
                Phase::Filling { next } => {
                    if let Some(Action::Fill { seat, count }) = self.action {
                        if self.is_active(seat) {
                            return;
                        }
                        let pick = self.fill_options(count).into_iter().next();
                        self.fill_chosen(seat, &pick.unwrap_or_default(), events);
                        self.action = None;
                        self.phase = Phase::Filling { next: next + 1 };
                        continue;
                    }
                    let Some(&(seat, card)) = self.fills.get(next) else {
                        self.phase = Phase::Resolving { next: 0 };
                        continue;
                    };
                    if card == Card::Arbeiter3 {
                        let mut pieces = Resources::NONE;
                        if self.supply.take(Resource::Stone, 1) == 1 {
                            pieces.add(Resource::Stone, 1);
                        }
                        self.set_card(seat, card, pieces);
                        let count = self.fill_count();
                        if count > 0 {
                            self.action = Some(Action::Fill { seat, count });
                            continue;
                        }
                        self.fill_chosen(seat, &[], events);
                    } else {
                        self.fill_fixed(seat, card, events);
                    }
                    self.phase = Phase::Filling { next: next + 1 };
                }
                Phase::Resolving { next } => {
                    if let Some(action) = self.action.clone() {
                        let seat = action.seat();
                        if !self.is_active(seat) {
                            if matches!(action, Action::Haendler { .. }) {
                                events.push(BurgEvent::Passed {
                                    color: color(seat),
                                    why: Some("left the game".into()),
                                });
                            }
                            self.finish_action(events);
                            continue;
                        }
                        match action {
                            Action::Haendler { .. } => {
                                if self.haendler_targets(seat).is_empty() {
                                    let why = if self.players[seat].helpers == 0 {
                                        "no helper in the supply"
                                    } else {
                                        "no field open to a helper"
                                    };
                                    events.push(BurgEvent::Passed {
                                        color: color(seat),
                                        why: Some(why.into()),
                                    });
                                    self.finish_action(events);
                                    continue;
                                }
                                return;
                            }
                            Action::Work(w) => {
                                if self.work_moves(&w) == [Move::Done] {
                                    self.finish_action(events);
                                    continue;
                                }
                                return;
                            }
                            Action::Fill { .. } => return,
                        }
                    }
                    let Some(&(seat, card)) = self.slots.get(next) else {
                        self.end_round(events);
                        continue;
                    };
                    self.start_slot(seat, card, events);
                }
            }
        }
    }

    fn next_slot(&mut self) {
        if let Phase::Resolving { next } = self.phase {
            self.phase = Phase::Resolving { next: next + 1 };
        }
    }

    /// Starts resolving one card: the automatic ones complete at once, the others wait for
    /// their player.
    fn start_slot(&mut self, seat: Seat, card: Card, events: &mut Vec<BurgEvent>) {
        match card {
            Card::Bote => {
                self.players[seat].taler += 8;
                events.push(BurgEvent::Bote {
                    color: color(seat),
                    taler: self.players[seat].taler,
                });
                self.next_slot();
            }
            Card::Haendler => self.action = Some(Action::Haendler { seat }),
            Card::Maurer
            | Card::Steinmetz
            | Card::Arbeiter1
            | Card::Arbeiter2
            | Card::Arbeiter3 => {
                if card.is_arbeiter() {
                    let pieces = self.card_pieces(seat, card);
                    self.set_card(seat, card, Resources::NONE);
                    let p = &mut self.players[seat];
                    p.resources = p.resources.plus(pieces);
                    events.push(BurgEvent::Collected {
                        color: color(seat),
                        card,
                        pieces,
                    });
                }
                self.action = Some(Action::Work(Work {
                    seat,
                    card,
                    took: card != Card::Maurer,
                    bought: Vec::new(),
                    builds: 0,
                    helpers: 0,
                }));
            }
            Card::Baumeister => {
                let round = self.round;
                let buildings = self
                    .built
                    .iter()
                    .flatten()
                    .filter(|b| b.round == round && b.by.is_some_and(|by| by != seat))
                    .count() as u32;
                let vp = 5 * buildings;
                let p = &mut self.players[seat];
                p.vp += vp;
                p.face_up.clear();
                events.push(BurgEvent::Baumeister {
                    color: color(seat),
                    buildings,
                    vp,
                });
                self.next_slot();
            }
        }
    }

    /// Ends the current action; after the round's last Händler, the fields pay income.
    fn finish_action(&mut self, events: &mut Vec<BurgEvent>) {
        match self.action.take() {
            Some(Action::Haendler { .. }) => {
                let Phase::Resolving { next } = self.phase else {
                    return;
                };
                let more = self.slots[next + 1..]
                    .iter()
                    .any(|(_, c)| *c == Card::Haendler);
                if !more {
                    self.income(events);
                }
            }
            Some(Action::Work(w)) => events.push(BurgEvent::ActionDone {
                color: color(w.seat),
                card: w.card,
            }),
            Some(Action::Fill { .. }) | None => {}
        }
        self.next_slot();
    }

    /// Income (§5.2): every occupied field pays `min(yield, supply)` and 1 piece of tribute.
    fn income(&mut self, events: &mut Vec<BurgEvent>) {
        let less = u8::from(self.frost());
        let mut lines = Vec::new();
        for kind in Resource::ALL {
            let Some(h) = self.fields[kind.index()] else {
                continue;
            };
            let got = self.supply.take(kind, kind.field_yield() - less);
            if got == 0 {
                continue;
            }
            let p = &mut self.players[h.seat];
            p.resources.add(kind, got);
            p.resources.take(kind, 1);
            self.wehrturm.add(kind, 1);
            lines.push((color(h.seat), kind, got, true));
        }
        events.push(BurgEvent::Income { lines });
    }

    /// Phase F: clear the round's marks, end the game or pass the start player on.
    fn end_round(&mut self, events: &mut Vec<BurgEvent>) {
        for f in self.fields.iter_mut().flatten() {
            f.fresh = false;
        }
        self.winter_current = None;
        for p in &mut self.players {
            p.chosen.clear();
            p.arbeiter.clear();
            p.helper_buildings.clear();
        }
        self.fills.clear();
        self.slots.clear();
        self.action = None;
        if self.tiles_built() == TILE_COUNT || self.round >= self.rounds {
            self.finish(events);
            return;
        }
        self.start = self.player_order().get(1).copied().unwrap_or(self.start);
        self.round += 1;
        self.begin_round(events);
    }

    /// §9: final scoring, conversions, ranking.
    fn finish(&mut self, events: &mut Vec<BurgEvent>) {
        let built: Vec<bool> = self.built.iter().map(Option::is_some).collect();
        let holdings: Vec<(u32, u32, Resources)> = self
            .players
            .iter()
            .map(|p| (p.vp, p.taler, p.resources))
            .collect();
        let mut scores = scoring::final_scores(&ScoreInput {
            schmiede: self.schmiede,
            built: &built,
            spaces: &self.spaces,
            players: &holdings,
        });
        for s in &scores {
            let p = &mut self.players[s.seat];
            p.vp = s.total;
            p.taler = s.taler_left;
            p.resources = p.resources.minus(s.converted).unwrap_or(Resources::NONE);
        }
        self.phase = Phase::Over;
        self.end = Some(EndReason::Normal);
        let ranks = self.ranks();
        for s in &mut scores {
            s.rank = ranks[s.seat];
        }
        for s in &scores {
            self.record.push(format!("final {s}"));
        }
        events.extend(scores.iter().cloned().map(BurgEvent::Scored));
        self.final_scores = Some(scores);
        events.push(self.game_over_event());
        if let Some(o) = self.outcome() {
            self.record.push(result_line(&o));
        }
    }

    /// Ranks: seats still playing first; then VP, Taler left, resources left (§9.3).
    fn ranks(&self) -> Vec<u8> {
        let keys: Vec<(usize, u32, u32, u32)> = self
            .players
            .iter()
            .map(|p| {
                (
                    p.left.map_or(usize::MAX, |l| l.order),
                    p.vp,
                    p.taler,
                    p.resources.end_value(),
                )
            })
            .collect();
        scoring::rank(&keys)
    }

    fn game_over_event(&self) -> BurgEvent {
        let ranks = self.ranks();
        let mut results: Vec<(Color, u32, u32, u32, u8)> = self
            .players
            .iter()
            .enumerate()
            .map(|(s, p)| (color(s), p.vp, p.taler, p.resources.end_value(), ranks[s]))
            .collect();
        results.sort_by_key(|r| (r.4, r.0));
        let mut tie_breaks = Vec::new();
        let mut done: Vec<u32> = Vec::new();
        for r in &results {
            if done.contains(&r.1) {
                continue;
            }
            let group: Vec<&(Color, u32, u32, u32, u8)> =
                results.iter().filter(|o| o.1 == r.1).collect();
            if group.len() < 2 {
                continue;
            }
            done.push(r.1);
            let names: Vec<String> = group.iter().map(|g| g.0.to_string()).collect();
            let mut text = format!("{} tie on {} VP", and_list(&names), r.1);
            let taler: Vec<String> = group.iter().map(|g| format!("{} {}", g.0, g.2)).collect();
            text.push_str(&format!(" — Taler left: {}", taler.join(", ")));
            let same_taler = group
                .iter()
                .enumerate()
                .any(|(i, a)| group[i + 1..].iter().any(|b| b.2 == a.2));
            if same_taler {
                let res: Vec<String> = group.iter().map(|g| format!("{} {}", g.0, g.3)).collect();
                text.push_str(&format!(" — resources left: {}", res.join(", ")));
            }
            tie_breaks.push(text);
        }
        BurgEvent::GameOver {
            results,
            tie_breaks,
        }
    }

    // -----------------------------------------------------------------------------------------
    // The Händler.

    /// The fields `seat`'s Händler may place on (§5.2); empty without a helper in the supply.
    pub fn haendler_targets(&self, seat: Seat) -> Vec<Resource> {
        if self.players[seat].helpers == 0 {
            return Vec::new();
        }
        let carts = &Resource::ALL[..4];
        let free: Vec<Resource> = carts
            .iter()
            .copied()
            .filter(|k| self.fields[k.index()].is_none())
            .collect();
        if !free.is_empty() {
            return free;
        }
        Resource::ALL
            .into_iter()
            .filter(|k| match self.fields[k.index()] {
                None => true,
                Some(h) => h.seat != seat && !h.fresh,
            })
            .collect()
    }

    fn field_refusal(&self, seat: Seat, field: Resource) -> BurgError {
        let free: Vec<&str> = Resource::ALL[..4]
            .iter()
            .filter(|k| self.fields[k.index()].is_none())
            .map(|k| k.word())
            .collect();
        let reason = if !free.is_empty() {
            if field == Resource::Silver {
                format!(
                    "the Reiter opens only when all four carts are occupied (free: {})",
                    free.join(", ")
                )
            } else {
                format!(
                    "while a cart is free you must take a free cart (free: {})",
                    free.join(", ")
                )
            }
        } else {
            match self.fields[field.index()] {
                Some(h) if h.seat == seat => {
                    "your own helper is there; you never displace your own".into()
                }
                Some(h) => format!(
                    "{}'s helper there was placed this round and cannot be displaced",
                    color(h.seat)
                ),
                None => "it is not open".into(),
            }
        };
        BurgError::Field { field, reason }
    }

    fn place(
        &mut self,
        seat: Seat,
        field: Resource,
        events: &mut Vec<BurgEvent>,
    ) -> Result<(), BurgError> {
        if !self.haendler_targets(seat).contains(&field) {
            return Err(self.field_refusal(seat, field));
        }
        let displaced = self.fields[field.index()].map(|h| h.seat);
        if let Some(d) = displaced {
            self.players[d].helpers += 1;
        }
        self.players[seat].helpers -= 1;
        self.fields[field.index()] = Some(FieldHelper { seat, fresh: true });
        events.push(BurgEvent::Placed {
            color: color(seat),
            field,
            displaced: displaced.map(color),
        });
        self.finish_action(events);
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Maurer, Steinmetz, Arbeiter.

    fn buy_open(w: &Work) -> bool {
        w.card == Card::Steinmetz && w.builds == 0 && w.helpers == 0
    }

    fn build_open(w: &Work) -> bool {
        w.took && w.builds < 2 && w.helpers == 0
    }

    fn helpers_open(w: &Work) -> bool {
        matches!(w.card, Card::Maurer | Card::Steinmetz) && w.builds >= 1 && w.helpers < 2
    }

    /// The seller's cards that could sell `kind` to this action: revealed this round, holding
    /// at least 2 pieces and one of `kind`, not bought from in this action.
    fn sellers(&self, w: &Work, from: Seat, kind: Resource) -> Vec<Card> {
        self.players[from]
            .arbeiter
            .iter()
            .filter(|(c, r)| r.count() >= 2 && r.get(kind) > 0 && !w.bought.contains(&(from, *c)))
            .map(|(c, _)| *c)
            .collect()
    }

    /// Every legal move of a work action, in the order buy, build, helper, done.
    fn work_moves(&self, w: &Work) -> Vec<Move> {
        if !w.took {
            return Resource::ALL.into_iter().map(Move::Take).collect();
        }
        let p = &self.players[w.seat];
        let mut out = Vec::new();
        if Self::buy_open(w) && p.taler >= 1 {
            for from in 0..self.players.len() {
                if from == w.seat {
                    continue;
                }
                for kind in Resource::ALL {
                    // Listed with the card named (always unambiguous); the short form
                    // `buy <colour> <kind>` is accepted whenever only one card could sell.
                    for card in self.sellers(w, from, kind) {
                        out.push(Move::Buy {
                            from: color(from),
                            card: Some(card),
                            kind,
                        });
                    }
                }
            }
        }
        if Self::build_open(w) {
            for tile in Tile::ALL {
                if self.unbuilt(tile).is_some()
                    && payment::default_payment(tile.value(), &p.resources).is_some()
                {
                    out.push(Move::Build { tile, pay: None });
                }
            }
        }
        if Self::helpers_open(w) {
            let own_fields: Vec<Resource> = Resource::ALL
                .into_iter()
                .filter(|k| self.fields[k.index()].is_some_and(|h| h.seat == w.seat))
                .collect();
            for (i, space) in SPACES.iter().enumerate() {
                if self.spaces[i].is_some()
                    || self.built[space.building].is_none()
                    || p.helper_buildings.contains(&space.building)
                    || p.taler < u32::from(space.fee)
                {
                    continue;
                }
                if p.helpers > 0 {
                    out.push(Move::Helper {
                        space: i,
                        from: None,
                    });
                }
                for f in &own_fields {
                    out.push(Move::Helper {
                        space: i,
                        from: Some(*f),
                    });
                }
            }
        }
        out.push(Move::Done);
        out
    }

    fn work_mut(&mut self) -> &mut Work {
        match self.action.as_mut() {
            Some(Action::Work(w)) => w,
            _ => unreachable!("a work action is pending"),
        }
    }

    fn take(
        &mut self,
        w: &Work,
        kind: Resource,
        events: &mut Vec<BurgEvent>,
    ) -> Result<(), BurgError> {
        if w.card != Card::Maurer || w.took {
            return Err(BurgError::WrongMove(match w.card {
                Card::Maurer => "you have already taken from the Wehrturm in this action".into(),
                card => format!("only a Maurer takes from the Wehrturm; this is your {card}"),
            }));
        }
        let n = self.wehrturm.take(kind, u8::MAX);
        self.players[w.seat].resources.add(kind, n);
        self.work_mut().took = true;
        events.push(BurgEvent::Took {
            color: color(w.seat),
            kind,
            n,
        });
        Ok(())
    }

    fn buy(
        &mut self,
        w: &Work,
        from: Color,
        card: Option<Card>,
        kind: Resource,
        events: &mut Vec<BurgEvent>,
    ) -> Result<(), BurgError> {
        if w.card != Card::Steinmetz {
            return Err(BurgError::WrongMove(format!(
                "only a Steinmetz buys; this is your {}",
                w.card
            )));
        }
        if !Self::buy_open(w) {
            return Err(BurgError::BuyClosed);
        }
        let seller = from.seat();
        let refuse = |reason: String| BurgError::Buy { from, kind, reason };
        if seller >= self.players.len() {
            return Err(refuse(format!("{from} is not at this table")));
        }
        if seller == w.seat {
            return Err(BurgError::OwnCard);
        }
        if self.players[w.seat].taler == 0 {
            return Err(BurgError::NoTaler);
        }
        let cards = self.sellers(w, seller, kind);
        let card = match card {
            Some(c) => {
                if cards.contains(&c) {
                    c
                } else {
                    let Some((_, on)) = self.players[seller].arbeiter.iter().find(|(x, _)| *x == c)
                    else {
                        return Err(refuse(format!("{from} has no {c} on the table this round")));
                    };
                    let reason = if w.bought.contains(&(seller, c)) {
                        format!("you have already bought from {from}'s {c} in this action")
                    } else if on.get(kind) == 0 {
                        format!("{from}'s {c} holds no {kind} (it holds {on})")
                    } else {
                        format!("{from}'s {c} holds only its last piece, which is protected")
                    };
                    return Err(refuse(reason));
                }
            }
            None => match cards.as_slice() {
                [one] => *one,
                [] => {
                    let on_table = &self.players[seller].arbeiter;
                    let reason = if on_table.is_empty() {
                        format!("{from} has no Arbeiter card on the table this round")
                    } else {
                        let list: Vec<String> =
                            on_table.iter().map(|(c, r)| format!("{c}: {r}")).collect();
                        format!(
                            "no card of {from} can sell it ({}); a card sells 1 piece per Steinmetz and keeps its last piece",
                            list.join("; ")
                        )
                    };
                    return Err(refuse(reason));
                }
                many => {
                    return Err(BurgError::WhichCard {
                        from,
                        kind,
                        cards: many.to_vec(),
                    });
                }
            },
        };
        let mut on = self.card_pieces(seller, card);
        on.take(kind, 1);
        self.set_card(seller, card, on);
        let p = &mut self.players[w.seat];
        p.taler -= 1;
        p.resources.add(kind, 1);
        self.work_mut().bought.push((seller, card));
        events.push(BurgEvent::Bought {
            color: color(w.seat),
            from,
            card,
            kind,
        });
        Ok(())
    }

    /// Builds; returns the payment used.
    fn build(
        &mut self,
        w: &Work,
        tile: Tile,
        pay: Option<&Payment>,
        events: &mut Vec<BurgEvent>,
    ) -> Result<Payment, BurgError> {
        if !w.took {
            return Err(BurgError::WrongMove(
                "the Maurer first takes one kind from the Wehrturm: `take <kind>`".into(),
            ));
        }
        if w.helpers > 0 {
            return Err(BurgError::BuildClosed);
        }
        if w.builds >= 2 {
            return Err(BurgError::TwoBuilds);
        }
        let building = self.unbuilt(tile).ok_or(BurgError::NoTileLeft(tile))?;
        let seat = w.seat;
        let payment = payment::resolve(tile.value(), &self.players[seat].resources, pay)
            .map_err(|error| BurgError::Payment { tile, error })?;
        let p = &mut self.players[seat];
        p.resources = p
            .resources
            .minus(payment.spent())
            .expect("a checked payment is held");
        let mut back = payment.spent();
        back.silver = 0;
        self.supply = self.supply.plus(back);
        self.schmiede += payment.spent().silver;
        self.built[building] = Some(Built {
            by: Some(seat),
            round: self.round,
        });
        let (vp, taler) = match w.card {
            Card::Maurer => (0, payment.count()),
            Card::Steinmetz => (u32::from(tile.vp()), 0),
            _ => (u32::from(tile.vp()) / 2, 0),
        };
        let p = &mut self.players[seat];
        p.vp += vp;
        p.taler += taler;
        self.work_mut().builds += 1;
        events.push(BurgEvent::Built {
            color: color(seat),
            card: w.card,
            building,
            payment,
            vp,
            taler,
        });
        if self.tiles_built() == TILE_COUNT {
            events.push(BurgEvent::CastleComplete);
        }
        Ok(payment)
    }

    fn helper(
        &mut self,
        w: &Work,
        space: usize,
        from: Option<Resource>,
        events: &mut Vec<BurgEvent>,
    ) -> Result<(), BurgError> {
        if w.card.is_arbeiter() {
            return Err(BurgError::ArbeiterNoHelpers);
        }
        if w.builds == 0 {
            return Err(BurgError::HelperNeedsBuild);
        }
        if w.helpers >= 2 {
            return Err(BurgError::TwoHelpers);
        }
        let s = SPACES
            .get(space)
            .ok_or(BurgError::WrongMove("no such space".into()))?;
        let building = &BUILDINGS[s.building];
        if self.built[s.building].is_none() {
            return Err(BurgError::SpaceUnbuilt {
                space: s.id,
                building: building.name,
            });
        }
        if let Some(by) = self.spaces[space] {
            return Err(BurgError::SpaceOccupied {
                space: s.id,
                by: color(by),
            });
        }
        let seat = w.seat;
        let p = &self.players[seat];
        if p.helper_buildings.contains(&s.building) {
            return Err(BurgError::SameBuilding(building.name));
        }
        if p.taler < u32::from(s.fee) {
            return Err(BurgError::Fee {
                space: s.id,
                fee: s.fee,
                taler: p.taler,
            });
        }
        match from {
            None => {
                if p.helpers == 0 {
                    let own: Vec<&str> = Resource::ALL
                        .iter()
                        .filter(|k| self.fields[k.index()].is_some_and(|h| h.seat == seat))
                        .map(|k| k.word())
                        .collect();
                    return Err(BurgError::NoHelper(
                        own.first().copied().unwrap_or("").into(),
                    ));
                }
                self.players[seat].helpers -= 1;
            }
            Some(field) => {
                if self.fields[field.index()].is_none_or(|h| h.seat != seat) {
                    return Err(BurgError::NotOnField(field));
                }
                self.fields[field.index()] = None;
            }
        }
        let p = &mut self.players[seat];
        p.taler -= u32::from(s.fee);
        p.helper_buildings.push(s.building);
        self.spaces[space] = Some(seat);
        self.work_mut().helpers += 1;
        events.push(BurgEvent::Helper {
            color: color(seat),
            space,
            from,
        });
        Ok(())
    }

    /// Plays a decision of the resolution for the pending seat.
    fn decide(
        &mut self,
        seat: Seat,
        mv: &Move,
        events: &mut Vec<BurgEvent>,
    ) -> Result<String, BurgError> {
        let (_, what) = self.pending().expect("a decision is pending");
        let wrong = |hint: &str| BurgError::WrongMove(format!("now: {what}{hint}"));
        let mut text = mv.to_string();
        match (self.action.clone(), mv) {
            (_, Move::Choose(_)) => {
                return Err(wrong(" (cards are chosen at the start of a round)"));
            }
            (Some(Action::Fill { count, .. }), Move::Fill(kinds)) => {
                let options = self.fill_options(count);
                if kinds.len() != usize::from(count) {
                    return Err(BurgError::FillCount {
                        need: count,
                        example: format!(
                            "fill {}",
                            options
                                .first()
                                .map(|o| o.iter().map(|k| k.word()).collect::<Vec<_>>().join(" "))
                                .unwrap_or_default()
                        ),
                    });
                }
                if !options.contains(kinds) {
                    let short = Resource::FILL_CHOICES
                        .into_iter()
                        .find(|k| {
                            kinds.iter().filter(|x| *x == k).count()
                                > usize::from(self.supply.get(*k))
                        })
                        .unwrap_or(Resource::Sand);
                    return Err(BurgError::FillShort {
                        kind: short,
                        have: self.supply.get(short),
                    });
                }
                self.fill_chosen(seat, kinds, events);
                self.action = None;
                if let Phase::Filling { next } = self.phase {
                    self.phase = Phase::Filling { next: next + 1 };
                }
            }
            (Some(Action::Haendler { .. }), Move::Place(field)) => {
                self.place(seat, *field, events)?
            }
            (Some(Action::Haendler { .. }), Move::Pass) => {
                events.push(BurgEvent::Passed {
                    color: color(seat),
                    why: None,
                });
                self.finish_action(events);
            }
            (Some(Action::Haendler { .. }), Move::Done) => {
                return Err(wrong(": a Händler who places nothing says `pass`"));
            }
            (Some(Action::Work(w)), Move::Take(kind)) => self.take(&w, *kind, events)?,
            (Some(Action::Work(w)), Move::Buy { from, card, kind }) => {
                self.buy(&w, *from, *card, *kind, events)?
            }
            (Some(Action::Work(w)), Move::Build { tile, pay }) => {
                let payment = self.build(&w, *tile, pay.as_ref(), events)?;
                text = Move::Build {
                    tile: *tile,
                    pay: Some(payment),
                }
                .to_string();
            }
            (Some(Action::Work(w)), Move::Helper { space, from }) => {
                self.helper(&w, *space, *from, events)?
            }
            (Some(Action::Work(w)), Move::Done) => {
                if !w.took {
                    return Err(wrong(
                        ": the Maurer's `take` comes first (a kind with 0 pieces may be named)",
                    ));
                }
                self.finish_action(events);
            }
            (Some(Action::Work(_)), Move::Pass) => {
                return Err(wrong(": end the action with `done`"));
            }
            _ => return Err(wrong("")),
        }
        Ok(text)
    }

    fn play(&mut self, seat: Seat, mv: &Move) -> Result<Vec<BurgEvent>, BurgError> {
        if self.phase == Phase::Over {
            return Err(BurgError::GameOver);
        }
        let player = self.players.get(seat).ok_or(BurgError::NoSuchSeat(seat))?;
        if player.left.is_some() {
            return Err(BurgError::Left);
        }
        let mut events = Vec::new();
        if self.phase == Phase::Choosing {
            // A choice may be changed until the last player has chosen (§15.11).
            let Move::Choose(cards) = mv else {
                return Err(BurgError::ChooseFirst(self.players.len() == 2));
            };
            self.choose(seat, cards, &mut events)?;
            return Ok(events);
        }
        let (pending, what) = self
            .pending()
            .expect("a decision is pending while resolving");
        if pending != seat {
            return Err(BurgError::NotYourTurn {
                color: color(pending),
                what,
            });
        }
        let text = self.decide(seat, mv, &mut events)?;
        self.record.push(format!("  {}: {text}", color(seat)));
        self.advance(&mut events);
        Ok(events)
    }

    /// The final scoring, once the game has ended normally.
    pub fn final_scores(&self) -> Option<&[FinalScore]> {
        self.final_scores.as_deref()
    }
}

/// `Red`, `Red and Blue`, `Red, Blue and Green`.
pub(super) fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn result_line(o: &Outcome) -> String {
    let parts: Vec<String> = o
        .scores
        .iter()
        .enumerate()
        .map(|(s, v)| format!("{} {v} (rank {})", color(s), o.ranks[s]))
        .collect();
    format!("result: {}", parts.join(", "))
}

impl Game for Burg {
    type Options = BurgOptions;
    type Move = Move;
    type View = BurgView;
    type Event = BurgEvent;
    type Error = BurgError;

    const INFO: GameInfo = GameInfo {
        id: "burg",
        name: "Im Schutze der Burg",
        aliases: &[
            "schutzderburg",
            "koningsburcht",
            "imschutzederburg",
            "castle",
            "im-schutze-der-burg",
        ],
        min_players: MIN_PLAYERS,
        max_players: MAX_PLAYERS,
        tagline: "2–4 players · secret person cards, resources and Taler, build the castle and place helpers in it",
        rules: super::RULES,
    };

    fn new(players: usize, options: &BurgOptions, seed: u64) -> Result<Self, SetupError> {
        check_players(players)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let start = rng.random_range(0..players);
        let mut deck = Vec::new();
        if options.winter {
            deck = WinterCard::ALL.to_vec();
            deck.shuffle(&mut rng);
        }
        // §3.1: a random seating with the start player first (the others in random order).
        let mut others: Vec<Seat> = (0..players).filter(|&s| s != start).collect();
        others.shuffle(&mut rng);
        let clockwise = std::iter::once(start).chain(others).collect();
        Ok(Burg::from_parts(players, options, clockwise, deck, rng))
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Over => ToAct::Nobody,
            Phase::Choosing => ToAct::Many(
                self.active_seats()
                    .into_iter()
                    .filter(|s| self.players[*s].chosen.is_empty())
                    .collect(),
            ),
            _ => match &self.action {
                Some(action) => ToAct::One(action.seat()),
                None => ToAct::Nobody,
            },
        }
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        if !self.to_act().contains(seat) {
            return Vec::new();
        }
        match self.phase {
            Phase::Over => Vec::new(),
            Phase::Choosing => {
                let legal = self.legal_cards(seat);
                if self.cards_to_choose(seat) == 2 {
                    let mut out = Vec::new();
                    for (i, a) in legal.iter().enumerate() {
                        for b in &legal[i + 1..] {
                            out.push(Move::Choose(vec![*a, *b]));
                        }
                    }
                    out
                } else if self.cards_to_choose(seat) == 1 {
                    legal.into_iter().map(|c| Move::Choose(vec![c])).collect()
                } else {
                    vec![Move::Choose(legal)]
                }
            }
            _ => match &self.action {
                Some(Action::Fill { count, .. }) => self
                    .fill_options(*count)
                    .into_iter()
                    .map(Move::Fill)
                    .collect(),
                Some(Action::Haendler { .. }) => {
                    let mut out: Vec<Move> = self
                        .haendler_targets(seat)
                        .into_iter()
                        .map(Move::Place)
                        .collect();
                    out.push(Move::Pass);
                    out
                }
                Some(Action::Work(w)) => self.work_moves(w),
                None => Vec::new(),
            },
        }
    }

    fn apply(&mut self, seat: Seat, mv: &Move) -> Result<Vec<BurgEvent>, BurgError> {
        let mut next = self.clone();
        let events = next.play(seat, mv)?;
        *self = next;
        Ok(events)
    }

    /// A seat that leaves plays no more cards: an unrevealed choice is dropped, its pending and
    /// later decisions this round resolve by themselves (pass, done, the first legal fill), its
    /// helpers stay where they are. It ranks after every seat still playing. When only one
    /// seat is left, the game ends at once (no final scoring).
    fn forfeit(&mut self, seat: Seat, reason: Forfeit) -> Vec<BurgEvent> {
        if self.phase == Phase::Over || !self.is_active(seat) {
            return Vec::new();
        }
        let order = self.players.iter().filter(|p| p.left.is_some()).count();
        let player = &mut self.players[seat];
        player.left = Some(Left {
            reason,
            round: self.round,
            order,
        });
        if self.phase == Phase::Choosing {
            player.chosen.clear();
        }
        self.record.push(format!(
            "  {} {}",
            color(seat),
            match reason {
                Forfeit::Resigned => "resigns",
                Forfeit::TimedOut => "runs out of time",
            }
        ));
        let mut events = Vec::new();
        if self.active_seats().len() <= 1 {
            self.phase = Phase::Over;
            self.action = None;
            self.end = Some(EndReason::Forfeit(seat, reason));
            events.push(BurgEvent::Forfeited {
                color: color(seat),
                reason,
                ends: true,
            });
            events.push(self.game_over_event());
            if let Some(o) = self.outcome() {
                self.record.push(result_line(&o));
            }
            return events;
        }
        events.push(BurgEvent::Forfeited {
            color: color(seat),
            reason,
            ends: false,
        });
        if self.phase == Phase::Choosing {
            if self.all_chosen() {
                self.reveal(&mut events);
            }
        } else {
            self.advance(&mut events);
        }
        events
    }

    fn view(&self, viewer: Option<Seat>) -> BurgView {
        self.make_view(viewer)
    }

    fn scores(&self) -> Vec<i64> {
        self.players.iter().map(|p| i64::from(p.vp)).collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        let reason = self.end?;
        Some(Outcome {
            scores: self.scores(),
            ranks: self.ranks(),
            reason,
        })
    }

    fn seat_label(&self, seat: Seat) -> String {
        color(seat).to_string()
    }

    fn prompt(&self) -> Option<String> {
        match self.phase {
            Phase::Over => None,
            Phase::Choosing => {
                let waiting: Vec<String> = self
                    .to_act()
                    .seats()
                    .into_iter()
                    .map(|s| color(s).to_string())
                    .collect();
                Some(format!(
                    "Round {} of {}: everybody chooses {} privately (`/move choose …`); waiting for {}.",
                    self.round,
                    self.rounds,
                    if self.cards_per_round() == 2 {
                        "two different cards"
                    } else {
                        "a card"
                    },
                    waiting.join(", ")
                ))
            }
            _ => self
                .pending()
                .map(|(seat, what)| format!("Round {}, {}: {what}.", self.round, color(seat))),
        }
    }

    fn audience(&self, shown: Shown<'_, BurgEvent>) -> Audience {
        super::secrets::audience(self, shown)
    }

    fn may_act(&self, seat: Seat) -> bool {
        match self.phase {
            // Every active player may choose, or change the choice, until all have chosen.
            Phase::Choosing => self.is_active(seat),
            _ => self.to_act().contains(seat),
        }
    }

    /// The public record: per round the start player, the winter card, the revealed cards and
    /// every decision (builds with the payment used), then the final scoring and the result.
    /// Unrevealed choices and the winter deck never appear.
    fn transcript(&self) -> String {
        self.record.join("\n")
    }
}
