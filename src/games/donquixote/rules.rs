//! The DonQuixote reducer: setup (castles and position cards from the seeded generator),
//! simultaneous placement, the three scorings, forfeits and the result.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::board::{Board, Castle, Field};
use super::notation::Move;
use super::scoring::{Scoring, score};
use super::tiles::{LAST, Placement, TILE_COUNT, round_of, round_tiles};
use super::view::DonQuixoteView;
use super::{Color, DonQuixoteError, DonQuixoteEvent, DonQuixoteOptions, Secrecy};
use crate::games::{
    Audience, EndReason, Forfeit, Game, GameInfo, Outcome, Seat, SetupError, Shown, ToAct,
};
use crate::t;

use super::state::*;
pub use super::state::{DonQuixote, MAX_PLAYERS, MIN_PLAYERS, ROUND_ENDS, STEPS, round_at};

/// A setup given by [`DonQuixote::with_setup`] that the rules do not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidSetup {
    /// Wrong number of players.
    #[error(transparent)]
    Players(#[from] SetupError),
    /// The castles touch (or share a field).
    #[error("the castles on {0} and {1} touch")]
    CastlesTouch(Field, Field),
    /// The order is not the 22 other fields, each once.
    #[error("the position cards must be the 22 fields without castles, each once")]
    Order,
}

impl DonQuixote {
    /// A game with a given setup instead of a random one — for tests, analysis and events that
    /// play a fixed deal: the 6-castle and 4-castle fields and the order of the 22 position
    /// cards (every other field once).
    pub fn with_setup(
        players: usize,
        castle6: Field,
        castle4: Field,
        order: Vec<Field>,
    ) -> Result<DonQuixote, InvalidSetup> {
        check_players(players)?;
        if castle6.touches(castle4) {
            return Err(InvalidSetup::CastlesTouch(castle6, castle4));
        }
        let mut sorted = order.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let expected: Vec<Field> = Field::all()
            .filter(|f| *f != castle6 && *f != castle4)
            .collect();
        if sorted != expected || order.len() != STEPS {
            return Err(InvalidSetup::Order);
        }
        Ok(DonQuixote::from_parts(
            players,
            castle6,
            castle4,
            order,
            ChaCha8Rng::seed_from_u64(0),
        ))
    }

    fn from_parts(
        players: usize,
        castle6: Field,
        castle4: Field,
        order: Vec<Field>,
        rng: ChaCha8Rng,
    ) -> DonQuixote {
        DonQuixote {
            castles: [
                Castle {
                    field: castle6,
                    value: 6,
                },
                Castle {
                    field: castle4,
                    value: 4,
                },
            ],
            order,
            step: 0,
            players: (0..players).map(|_| Player::new()).collect(),
            end: None,
            rng,
        }
    }

    /// The two castles, the 6-castle first.
    pub fn castles(&self) -> [Castle; 2] {
        self.castles
    }

    /// Steps completed, 0–22.
    pub fn step(&self) -> usize {
        self.step
    }

    /// The current round, 1–3.
    pub fn round(&self) -> u8 {
        round_at(self.step)
    }

    /// The revealed position card (`None` once the game is over).
    pub fn current(&self) -> Option<Field> {
        if self.end.is_some() {
            return None;
        }
        self.order.get(self.step).copied()
    }

    /// The position cards revealed and played so far, in order.
    pub fn played_cards(&self) -> &[Field] {
        &self.order[..self.step.min(self.order.len())]
    }

    /// A seat's board.
    pub fn board(&self, seat: Seat) -> Option<&Board> {
        self.players.get(seat).map(|p| &p.board)
    }

    /// A seat's scorings so far.
    pub fn scorings(&self, seat: Seat) -> &[Scoring] {
        self.players.get(seat).map_or(&[], |p| &p.scorings)
    }

    /// Whether the seat still places tiles (false after a forfeit).
    pub fn is_active(&self, seat: Seat) -> bool {
        self.players.get(seat).is_some_and(|p| p.left.is_none())
    }

    /// Tile ids of the current round still in the seat's hand.
    pub fn hand(&self, seat: Seat) -> Vec<u8> {
        let Some(player) = self.players.get(seat) else {
            return Vec::new();
        };
        if self.end.is_some() {
            return Vec::new();
        }
        round_tiles(self.round())
            .filter(|id| player.board.find(*id).is_none())
            .collect()
    }

    fn has_placed_current(&self, player: &Player) -> bool {
        self.current()
            .is_some_and(|field| player.board.get(field).is_some())
    }

    /// Why `seat` may not place `placement` now (state checks only).
    fn check(&self, seat: Seat, placement: Placement) -> Result<(), DonQuixoteError> {
        let player = &self.players[seat];
        let tile = placement.tile;
        if !(1..=TILE_COUNT).contains(&tile) {
            return Err(DonQuixoteError::NoSuchTile(tile));
        }
        if let Some(field) = player.board.find(tile) {
            return Err(DonQuixoteError::TileUsed { tile, field });
        }
        let round = self.round();
        let tile_round = round_of(tile).unwrap_or(0);
        if tile_round != round {
            return Err(DonQuixoteError::WrongRound {
                tile,
                tile_round,
                round,
            });
        }
        if tile == LAST && self.step + 1 < STEPS {
            return Err(DonQuixoteError::LastTooEarly {
                steps_left: STEPS - 1 - self.step,
            });
        }
        Ok(())
    }

    /// After a placement or a forfeit: end the game when nobody is left, or complete the step
    /// when every active seat has placed (in a game of several seats its placements are revealed
    /// together; scoring after a round, the end after the last one).
    fn settle(&mut self, forfeit: Option<(Seat, Forfeit)>, events: &mut Vec<DonQuixoteEvent>) {
        let Some(current) = self.current() else {
            return;
        };
        let active: Vec<&Player> = self.players.iter().filter(|p| p.left.is_none()).collect();
        if active.is_empty() {
            if let Some((seat, reason)) = forfeit {
                self.finish(EndReason::Forfeit(seat, reason), events);
            }
            return;
        }
        if !active.iter().all(|p| p.board.get(current).is_some()) {
            return;
        }
        if self.secret_placements() {
            let placements = (0..self.players.len())
                .filter_map(|seat| {
                    let placement = self.players[seat].board.get(current)?;
                    Some((Color::from_seat(seat), placement))
                })
                .collect();
            events.push(DonQuixoteEvent::StepPlaced {
                field: current,
                placements,
            });
        }
        self.step += 1;
        if let Some(k) = ROUND_ENDS.iter().position(|end| *end == self.step) {
            let k = k as u8 + 1;
            for seat in 0..self.players.len() {
                let scoring = score(&self.players[seat].board, &self.castles, k);
                self.players[seat].scorings.push(scoring.clone());
                events.push(DonQuixoteEvent::Scored {
                    color: Color::from_seat(seat),
                    scoring,
                    castles: self.castles,
                    total: self.players[seat].total(),
                });
            }
        }
        if self.step >= STEPS {
            let reason = forfeit.map_or(EndReason::Normal, |(s, r)| EndReason::Forfeit(s, r));
            self.finish(reason, events);
            return;
        }
        let round = self.round();
        let start = match round {
            1 => 0,
            r => ROUND_ENDS[usize::from(r) - 2],
        };
        let end = ROUND_ENDS[usize::from(round) - 1];
        events.push(DonQuixoteEvent::Revealed {
            field: self.order[self.step],
            round,
            step: self.step - start + 1,
            steps: end - start,
        });
    }

    fn finish(&mut self, reason: EndReason, events: &mut Vec<DonQuixoteEvent>) {
        self.end = Some(reason);
        if let Some(outcome) = self.outcome() {
            events.push(DonQuixoteEvent::GameOver {
                results: (0..self.players.len())
                    .map(|s| (Color::from_seat(s), outcome.scores[s], outcome.ranks[s]))
                    .collect(),
            });
        }
    }

    /// How many active seats have placed on `field`, and how many are active.
    fn placed_of(&self, field: Field) -> (usize, usize) {
        let active = self.players.iter().filter(|p| p.left.is_none());
        let placed = active.clone().filter(|p| p.board.get(field).is_some());
        (placed.count(), active.count())
    }

    /// The first tile of the current round a seat may still place (for examples).
    fn first_legal(&self, seat: Seat) -> Option<Placement> {
        round_tiles(self.round())
            .map(|t| Placement::new(t, false))
            .find(|p| self.check(seat, *p).is_ok())
    }
}

fn check_players(players: usize) -> Result<(), SetupError> {
    if (MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        Ok(())
    } else {
        Err(SetupError::PlayerCount {
            game: DonQuixote::INFO.name,
            min: MIN_PLAYERS,
            max: MAX_PLAYERS,
            got: players,
        })
    }
}

impl Game for DonQuixote {
    type Options = DonQuixoteOptions;
    type Move = Move;
    type View = DonQuixoteView;
    type Event = DonQuixoteEvent;
    type Error = DonQuixoteError;

    const INFO: GameInfo = GameInfo {
        id: "donquixote",
        name: "DonQuixote",
        aliases: &["don", "quixote", "dq", "don-quixote", "don_quixote"],
        min_players: MIN_PLAYERS,
        max_players: MAX_PLAYERS,
    };

    fn new(players: usize, _options: &DonQuixoteOptions, seed: u64) -> Result<Self, SetupError> {
        check_players(players)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let all: Vec<Field> = Field::all().collect();
        let castle6 = all[rng.random_range(0..all.len())];
        let apart: Vec<Field> = Field::all().filter(|f| !f.touches(castle6)).collect();
        let castle4 = apart[rng.random_range(0..apart.len())];
        let mut order: Vec<Field> = Field::all()
            .filter(|f| *f != castle6 && *f != castle4)
            .collect();
        order.shuffle(&mut rng);
        Ok(DonQuixote::from_parts(
            players, castle6, castle4, order, rng,
        ))
    }

    fn to_act(&self) -> ToAct {
        if self.current().is_none() {
            return ToAct::Nobody;
        }
        let seats: Vec<Seat> = (0..self.players.len())
            .filter(|s| {
                let p = &self.players[*s];
                p.left.is_none() && !self.has_placed_current(p)
            })
            .collect();
        match seats.as_slice() {
            [] => ToAct::Nobody,
            [one] => ToAct::One(*one),
            _ => ToAct::Many(seats),
        }
    }

    fn in_play(&self, seat: Seat) -> bool {
        self.end.is_none() && self.is_active(seat)
    }

    /// Every seat still in the game may send a placement while a card is revealed: one that has
    /// placed already is told that it waits for the others (`AlreadyPlaced`), not that it is
    /// not its turn.
    fn may_act(&self, seat: Seat) -> bool {
        self.current().is_some() && self.is_active(seat)
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        if !self.to_act().contains(seat) {
            return Vec::new();
        }
        round_tiles(self.round())
            .flat_map(|t| [Placement::new(t, false), Placement::new(t, true)])
            .filter(|p| self.check(seat, *p).is_ok())
            .map(Move::Place)
            .collect()
    }

    fn apply(&mut self, seat: Seat, mv: &Move) -> Result<Vec<DonQuixoteEvent>, DonQuixoteError> {
        let current = self.current().ok_or(DonQuixoteError::GameOver)?;
        let player = self
            .players
            .get(seat)
            .ok_or(DonQuixoteError::NoSuchSeat(seat))?;
        if player.left.is_some() {
            return Err(DonQuixoteError::Left);
        }
        if let Some(placement) = player.board.get(current) {
            return Err(DonQuixoteError::AlreadyPlaced {
                field: current,
                placement,
            });
        }
        let placement = match *mv {
            Move::Place(p) => p,
            Move::OnField { placement, field } => {
                return Err(DonQuixoteError::FieldNamed {
                    typed: field,
                    revealed: current,
                    placement: placement.or_else(|| self.first_legal(seat)),
                });
            }
        };
        self.check(seat, placement)?;
        let player = &mut self.players[seat];
        player.board.set(current, placement);
        player.record.push((current, placement));
        let color = Color::from_seat(seat);
        let (placed, of) = self.placed_of(current);
        let secrecy = match (self.secret_placements(), placed < of) {
            (false, _) => Secrecy::Open,
            (true, true) => Secrecy::Hidden,
            (true, false) => Secrecy::Completing,
        };
        let mut events = vec![DonQuixoteEvent::Placed {
            color,
            placement,
            field: current,
            secrecy,
        }];
        if secrecy == Secrecy::Hidden {
            events.push(DonQuixoteEvent::HasPlaced { color, placed, of });
        }
        self.settle(None, &mut events);
        Ok(events)
    }

    fn forfeit(&mut self, seat: Seat, reason: Forfeit) -> Vec<DonQuixoteEvent> {
        if self.end.is_some() || !self.is_active(seat) {
            return Vec::new();
        }
        let order = self.players.iter().filter(|p| p.left.is_some()).count();
        self.players[seat].left = Some(Left {
            reason,
            step: self.step,
            order,
        });
        let mut events = vec![DonQuixoteEvent::Forfeited {
            color: Color::from_seat(seat),
            reason,
        }];
        self.settle(Some((seat, reason)), &mut events);
        events
    }

    fn prompt(&self) -> Option<String> {
        let field = self.current()?.to_string();
        let (card, round) = (self.step + 1, self.round());
        // Who still has to place, the table's turn line says.
        let (key, key_last) = if self.placing_secretly() {
            ("donquixote-prompt-secret", "donquixote-prompt-secret-last")
        } else {
            ("donquixote-prompt", "donquixote-prompt-last")
        };
        Some(if card == STEPS {
            t!(
                key_last,
                card = card,
                cards = STEPS,
                round = round,
                field = field
            )
        } else {
            t!(
                key,
                card = card,
                cards = STEPS,
                round = round,
                field = field
            )
        })
    }

    fn audience(&self, shown: Shown<'_, DonQuixoteEvent>) -> Audience {
        super::secrets::audience(self, shown)
    }

    fn view(&self, viewer: Option<Seat>) -> DonQuixoteView {
        super::view::of(self, viewer)
    }

    fn scores(&self) -> Vec<i64> {
        self.players.iter().map(Player::total).collect()
    }

    /// Ranks by total, then by scoring 3, tied seats sharing a rank. A seat that left ranks
    /// after every seat still playing when it left.
    fn outcome(&self) -> Option<Outcome> {
        let reason = self.end?;
        let key = |p: &Player| {
            let stayed = p.left.map_or(usize::MAX, |l| l.order);
            (stayed, p.total(), p.s3())
        };
        let keys: Vec<_> = self.players.iter().map(key).collect();
        let ranks = keys
            .iter()
            .map(|k| 1 + keys.iter().filter(|o| *o > k).count() as u8)
            .collect();
        Some(Outcome {
            scores: self.scores(),
            ranks,
            reason,
        })
    }

    fn seat_label(&self, seat: Seat) -> String {
        Color::from_seat(seat).name()
    }

    /// The record: castles, the cards played, then per player the placements of each round
    /// (`round 1: D1=3r H3=1 …`, field=tile in play order) and the scorings; the result last.
    /// Cards not yet revealed never appear, nor does a placement not yet revealed (the record is
    /// public). Its words come in the current language; the fields and the moves stay in their
    /// notation.
    fn transcript(&self) -> String {
        let mut lines = vec![
            t!("donquixote-record-title", players = self.players.len()),
            t!(
                "donquixote-record-castles",
                six = self.castles[0].field.to_string(),
                four = self.castles[1].field.to_string()
            ),
        ];
        let cards: Vec<String> = self.played_cards().iter().map(Field::to_string).collect();
        if !cards.is_empty() {
            let mut parts = Vec::new();
            let mut start = 0;
            for end in ROUND_ENDS {
                if start < cards.len() {
                    parts.push(cards[start..end.min(cards.len())].join(" "));
                }
                start = end;
            }
            lines.push(t!("donquixote-record-cards", cards = parts.join(" | ")));
        }
        for (seat, player) in self.players.iter().enumerate() {
            lines.push(Color::from_seat(seat).name());
            // The record is public: a placement not yet revealed stays out.
            let hidden = self
                .unrevealed(seat)
                .filter(|_| !self.audience(Shown::Holdings(seat)).is_public());
            let mut running = 0;
            for round in 1..=3u8 {
                let placed: Vec<String> = player
                    .record
                    .iter()
                    .filter(|entry| hidden != Some(**entry))
                    .filter(|(_, p)| round_of(p.tile) == Some(round))
                    .map(|(f, p)| format!("{f}={p}"))
                    .collect();
                if !placed.is_empty() {
                    let line = t!(
                        "donquixote-record-round",
                        round = round,
                        placements = placed.join(" ")
                    );
                    lines.push(format!("  {line}"));
                }
                if let Some(s) = player.scorings.iter().find(|s| s.k == round) {
                    running += s.total;
                    let line = t!(
                        "donquixote-record-scoring",
                        k = s.k,
                        churches = s.churches,
                        windmills = s.windmills,
                        castles = s.castles,
                        land = s.land,
                        knight_group = s.knight_group,
                        points = s.total,
                        total = running
                    );
                    lines.push(format!("  {line}"));
                }
            }
            if let Some(left) = player.left {
                let line = match left.reason {
                    Forfeit::Resigned => t!("donquixote-record-resigned", step = left.step),
                    Forfeit::TimedOut => t!("donquixote-record-timed-out", step = left.step),
                    Forfeit::Abandoned => t!("donquixote-record-abandoned", step = left.step),
                    Forfeit::Stopped => t!("donquixote-record-stopped", step = left.step),
                };
                lines.push(format!("  {line}"));
            }
        }
        if let Some(outcome) = self.outcome() {
            let results: Vec<String> = (0..self.players.len())
                .map(|s| {
                    t!(
                        "donquixote-record-result-seat",
                        color = Color::from_seat(s).name(),
                        points = outcome.scores[s],
                        rank = outcome.ranks[s]
                    )
                })
                .collect();
            lines.push(t!("donquixote-record-result", results = results.join(", ")));
        }
        lines.join("\n")
    }
}
