//! The Dvonn reducer: setup, moves, removal, automatic passes, end and scoring.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::board::{DIRECTIONS, FIELD_COUNT, Field};
use super::notation::{Move, transcript_text};
use super::view::{DvonnView, FieldView, LastMove};
use super::{Color, DvonnError, DvonnEvent, DvonnOptions, Piece};
use crate::games::{
    Audience, EndReason, Forfeit, Game, GameInfo, Outcome, Seat, SetupError, Shown, ToAct,
};

/// Pieces of each player's colour.
pub const PIECES_PER_COLOR: usize = 23;
/// Red DVONN pieces.
pub const DVONN_PIECES: usize = 3;

pub use super::state::{Dvonn, Phase, Played};

impl Dvonn {
    /// The stack on `field`, bottom piece first.
    pub fn stack(&self, field: Field) -> &[Piece] {
        &self.board[field.index()]
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The colour to move (meaningless once the game is over).
    pub fn side_to_move(&self) -> Color {
        self.to_move
    }

    /// The piece the next placement puts down (setup phase only).
    pub fn next_piece(&self) -> Option<Piece> {
        (self.phase == Phase::Placement).then(|| placement_piece(self.placed, self.to_move))
    }

    /// The game record, automatic passes included.
    pub fn record(&self) -> &[Played] {
        &self.record
    }

    /// Pieces in the stacks `color` controls (the score).
    pub fn controlled(&self, color: Color) -> i64 {
        self.board
            .iter()
            .filter(|s| s.last().and_then(|p| p.color()) == Some(color))
            .map(|s| s.len() as i64)
            .sum()
    }

    /// Builds a position from stacks, for tests and analysis: `stacks[i]` is the stack on field
    /// index `i`; the game is in the movement phase with `to_move` to play (automatic passes and
    /// the end are resolved as after a move).
    pub fn from_stacks(stacks: Vec<Vec<Piece>>, to_move: Color) -> Option<Dvonn> {
        if stacks.len() != FIELD_COUNT {
            return None;
        }
        let mut game = Dvonn {
            options: DvonnOptions::default(),
            board: stacks,
            phase: Phase::Movement,
            to_move,
            placed: FIELD_COUNT,
            setup: None,
            record: Vec::new(),
            last: None,
            end: None,
            rng: ChaCha8Rng::seed_from_u64(0),
        };
        let mut events = Vec::new();
        game.settle_turn(to_move, &mut events);
        Some(game)
    }

    fn occupied(&self, field: Field) -> bool {
        !self.board[field.index()].is_empty()
    }

    /// Surrounded on all six sides by occupied fields (edge fields never are).
    pub fn is_surrounded(&self, field: Field) -> bool {
        DIRECTIONS
            .iter()
            .all(|&d| field.step(d, 1).is_some_and(|n| self.occupied(n)))
    }

    fn moves_of(&self, color: Color) -> Vec<Move> {
        let mut moves = Vec::new();
        for from in Field::all() {
            let stack = &self.board[from.index()];
            if stack.last().and_then(|p| p.color()) != Some(color) || self.is_surrounded(from) {
                continue;
            }
            for d in DIRECTIONS {
                if let Some(to) = from.step(d, stack.len())
                    && self.occupied(to)
                {
                    moves.push(Move::Step { from, to });
                }
            }
        }
        moves
    }

    fn has_moves(&self, color: Color) -> bool {
        !self.moves_of(color).is_empty()
    }

    /// Checks a movement-phase step without changing anything.
    fn check_step(&self, color: Color, from: Field, to: Field) -> Result<(), DvonnError> {
        let stack = &self.board[from.index()];
        let top = stack.last().ok_or(DvonnError::Empty(from))?;
        match top.color() {
            None => return Err(DvonnError::DvonnOnTop(from)),
            Some(owner) if owner != color => {
                return Err(DvonnError::NotYours {
                    field: from,
                    owner,
                    you: color,
                });
            }
            Some(_) => {}
        }
        if self.is_surrounded(from) {
            return Err(DvonnError::Surrounded(from));
        }
        if from == to {
            return Err(DvonnError::SameField(from));
        }
        let distance = from
            .distance_in_line(to)
            .ok_or(DvonnError::NotStraight { from, to })?;
        if distance != stack.len() {
            return Err(DvonnError::WrongDistance {
                from,
                to,
                height: stack.len(),
                distance,
            });
        }
        if !self.occupied(to) {
            return Err(DvonnError::EmptyTarget(to));
        }
        Ok(())
    }

    /// Removes every stack not connected to a DVONN piece; returns the fields and piece count.
    fn remove_cut_off(&mut self) -> Option<DvonnEvent> {
        let mut alive = [false; FIELD_COUNT];
        let mut queue: Vec<Field> = Field::all()
            .filter(|f| self.board[f.index()].contains(&Piece::Dvonn))
            .collect();
        for f in &queue {
            alive[f.index()] = true;
        }
        while let Some(f) = queue.pop() {
            for n in f.neighbours() {
                if !alive[n.index()] && self.occupied(n) {
                    alive[n.index()] = true;
                    queue.push(n);
                }
            }
        }
        let mut fields = Vec::new();
        let mut pieces = 0;
        for f in Field::all() {
            if self.occupied(f) && !alive[f.index()] {
                pieces += self.board[f.index()].len();
                self.board[f.index()].clear();
                fields.push(f);
            }
        }
        (!fields.is_empty()).then_some(DvonnEvent::Removed { fields, pieces })
    }

    /// Gives the turn to `next` if it can move, else passes automatically, else ends the game.
    fn settle_turn(&mut self, next: Color, events: &mut Vec<DvonnEvent>) {
        if self.has_moves(next) {
            self.to_move = next;
        } else if self.has_moves(next.other()) {
            self.record.push(Played {
                color: next,
                mv: Move::Pass,
            });
            events.push(DvonnEvent::Passed(next));
            self.to_move = next.other();
        } else {
            self.phase = Phase::Over;
            self.end = Some(EndReason::Normal);
            events.push(DvonnEvent::GameOver {
                white: self.controlled(Color::White),
                black: self.controlled(Color::Black),
            });
        }
    }

    fn random_setup(&mut self) {
        let mut pieces: Vec<Piece> = std::iter::repeat_n(Piece::Dvonn, DVONN_PIECES)
            .chain(std::iter::repeat_n(Piece::White, PIECES_PER_COLOR))
            .chain(std::iter::repeat_n(Piece::Black, PIECES_PER_COLOR))
            .collect();
        pieces.shuffle(&mut self.rng);
        self.board = pieces.iter().map(|p| vec![*p]).collect();
        self.setup = Some(pieces);
        self.placed = FIELD_COUNT;
        self.phase = Phase::Movement;
    }

    fn example_move(&self) -> Option<Move> {
        match self.phase {
            Phase::Placement => Field::all().find(|f| !self.occupied(*f)).map(Move::Place),
            Phase::Movement => self.moves_of(self.to_move).first().copied(),
            Phase::Over => None,
        }
    }
}

/// The piece placed by placement number `placed` (0-based): three DVONN pieces first, then
/// each player's own colour.
pub(super) fn placement_piece(placed: usize, placer: Color) -> Piece {
    if placed < DVONN_PIECES {
        Piece::Dvonn
    } else {
        placer.piece()
    }
}

/// The colour making placement number `placed`: White, Black, White, ... (White places the
/// 1st and 3rd DVONN piece, Black the 2nd; then Black, White, ... until White places the 49th).
pub(super) fn placer(placed: usize) -> Color {
    if placed.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    }
}

impl Game for Dvonn {
    type Options = DvonnOptions;
    type Move = Move;
    type View = DvonnView;
    type Event = DvonnEvent;
    type Error = DvonnError;

    const INFO: GameInfo = GameInfo {
        id: "dvonn",
        name: "Dvonn",
        aliases: &["dvonn"],
        min_players: 2,
        max_players: 2,
    };

    fn new(players: usize, options: &DvonnOptions, seed: u64) -> Result<Self, SetupError> {
        if players != 2 {
            return Err(SetupError::PlayerCount {
                game: Self::INFO.name,
                min: 2,
                max: 2,
                got: players,
            });
        }
        let mut game = Dvonn {
            options: options.clone(),
            board: vec![Vec::new(); FIELD_COUNT],
            phase: Phase::Placement,
            to_move: Color::White,
            placed: 0,
            setup: None,
            record: Vec::new(),
            last: None,
            end: None,
            rng: ChaCha8Rng::seed_from_u64(seed),
        };
        if !options.profi {
            game.random_setup();
            let mut events = Vec::new();
            game.settle_turn(Color::White, &mut events);
        }
        Ok(game)
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Over => ToAct::Nobody,
            _ => ToAct::One(self.to_move.seat()),
        }
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        if self.phase == Phase::Over || seat != self.to_move.seat() {
            return Vec::new();
        }
        match self.phase {
            Phase::Placement => Field::all()
                .filter(|f| !self.occupied(*f))
                .map(Move::Place)
                .collect(),
            _ => {
                let moves = self.moves_of(self.to_move);
                if moves.is_empty() {
                    vec![Move::Pass]
                } else {
                    moves
                }
            }
        }
    }

    fn apply(&mut self, seat: Seat, mv: &Move) -> Result<Vec<DvonnEvent>, DvonnError> {
        if self.phase == Phase::Over {
            return Err(DvonnError::GameOver);
        }
        let color = self.to_move;
        if seat != color.seat() {
            return Err(DvonnError::NotYourTurn(color));
        }
        let mut events = Vec::new();
        match (self.phase, *mv) {
            (Phase::Placement, Move::Place(field)) => {
                if self.occupied(field) {
                    return Err(DvonnError::Occupied(field));
                }
                let piece = placement_piece(self.placed, color);
                self.board[field.index()].push(piece);
                self.placed += 1;
                self.record.push(Played { color, mv: *mv });
                self.last = Some(LastMove {
                    from: None,
                    to: field,
                });
                events.push(DvonnEvent::Placed {
                    color,
                    piece,
                    field,
                });
                if self.placed == FIELD_COUNT {
                    self.phase = Phase::Movement;
                    events.push(DvonnEvent::SetupDone);
                    self.settle_turn(Color::White, &mut events);
                } else {
                    self.to_move = placer(self.placed);
                }
            }
            (Phase::Placement, _) => {
                let example = self.example_move().unwrap_or(Move::Pass);
                return Err(DvonnError::StillSetup(example));
            }
            (_, Move::Place(_)) => {
                let example = self.example_move().unwrap_or(Move::Pass);
                return Err(DvonnError::SetupOver(example));
            }
            (_, Move::Pass) => {
                if let Some(example) = self.moves_of(color).first() {
                    return Err(DvonnError::MayNotPass(*example));
                }
                self.record.push(Played { color, mv: *mv });
                events.push(DvonnEvent::Passed(color));
                self.settle_turn(color.other(), &mut events);
            }
            (_, Move::Step { from, to }) => {
                self.check_step(color, from, to)?;
                let moving = std::mem::take(&mut self.board[from.index()]);
                let height = moving.len();
                self.board[to.index()].extend(moving);
                self.record.push(Played { color, mv: *mv });
                self.last = Some(LastMove {
                    from: Some(from),
                    to,
                });
                events.push(DvonnEvent::Moved {
                    color,
                    from,
                    to,
                    height,
                });
                if let Some(removed) = self.remove_cut_off() {
                    events.push(removed);
                }
                self.settle_turn(color.other(), &mut events);
            }
        }
        Ok(events)
    }

    fn forfeit(&mut self, seat: Seat, reason: Forfeit) -> Vec<DvonnEvent> {
        if self.phase == Phase::Over || seat > 1 {
            return Vec::new();
        }
        self.phase = Phase::Over;
        self.end = Some(EndReason::Forfeit(seat, reason));
        vec![DvonnEvent::Forfeited(Color::from_seat(seat), reason)]
    }

    fn prompt(&self) -> Option<String> {
        let piece = self.next_piece()?;
        Some(crate::t!(
            "dvonn-prompt",
            color = self.to_move.to_string(),
            piece = piece.key(),
            number = self.placed + 1
        ))
    }

    fn audience(&self, shown: Shown<'_, DvonnEvent>) -> Audience {
        super::secrets::audience(shown)
    }

    fn view(&self, _viewer: Option<Seat>) -> DvonnView {
        DvonnView {
            fields: Field::all()
                .map(|field| FieldView {
                    field,
                    stack: self.board[field.index()].clone(),
                })
                .collect(),
            phase: self.phase,
            to_move: (self.phase != Phase::Over).then_some(self.to_move),
            next_piece: self.next_piece(),
            last: self.last,
            scores: [self.controlled(Color::White), self.controlled(Color::Black)],
            on_board: [Piece::White, Piece::Black, Piece::Dvonn]
                .map(|p| self.board.iter().flatten().filter(|q| **q == p).count() as u32),
            outcome: self.outcome(),
        }
    }

    fn scores(&self) -> Vec<i64> {
        vec![self.controlled(Color::White), self.controlled(Color::Black)]
    }

    fn outcome(&self) -> Option<Outcome> {
        let reason = self.end?;
        let scores = self.scores();
        Some(match reason {
            EndReason::Normal => Outcome::by_score(scores, reason),
            EndReason::Forfeit(loser, _) => Outcome {
                ranks: (0..2).map(|s| if s == loser { 2 } else { 1 }).collect(),
                scores,
                reason,
            },
        })
    }

    fn seat_label(&self, seat: Seat) -> String {
        Color::from_seat(seat).to_string()
    }

    fn transcript(&self) -> String {
        let mut sections = Vec::new();
        if let Some(setup) = &self.setup {
            let pairs: Vec<String> = Field::all()
                .zip(setup)
                .map(|(field, piece)| {
                    format!(
                        "{}:{}",
                        field.to_string().to_ascii_lowercase(),
                        piece.letter()
                    )
                })
                .collect();
            sections.push(format!("setup: {}", pairs.join(" ")));
        }
        // A new number starts at each White entry (so White's 49th placement stands alone
        // before White's first move in a `profi` game).
        let mut number = 0;
        let mut line = Vec::new();
        for played in &self.record {
            if played.color == Color::White || number == 0 {
                number += 1;
                line.push(format!("{number}."));
            }
            line.push(transcript_text(&played.mv));
        }
        if !line.is_empty() {
            sections.push(line.join(" "));
        }
        if let Some(outcome) = self.outcome() {
            sections.push(match outcome.reason {
                EndReason::Forfeit(seat, Forfeit::Resigned) => {
                    format!("{} resigns", Color::from_seat(seat).english())
                }
                EndReason::Forfeit(seat, Forfeit::TimedOut) => {
                    format!("{} ran out of time", Color::from_seat(seat).english())
                }
                EndReason::Forfeit(seat, Forfeit::Abandoned) => {
                    format!("{} abandoned the game", Color::from_seat(seat).english())
                }
                EndReason::Forfeit(seat, Forfeit::Stopped) => {
                    format!("{} stopped", Color::from_seat(seat).english())
                }
                EndReason::Normal => format!(
                    "result: white {} black {}",
                    outcome.scores[0], outcome.scores[1]
                ),
            });
        }
        sections.join("\n")
    }
}
