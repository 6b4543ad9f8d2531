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
use serde::{Deserialize, Serialize};

use super::bag::{Bag, MORLOCKS, TILES, Tile};
use super::banners::{Mark, Resolution, banners, hurenweibel, snapshot};
use super::board::{AREAS, Board, Content, Field, POINTS, Point, PointKind, Side};
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

/// Fewest players.
pub const MIN_PLAYERS: usize = 3;
/// Most players.
pub const MAX_PLAYERS: usize = 4;
/// Numbers in a full hand.
pub const HAND: usize = 5;
/// Weibel per player.
pub const WEIBEL: u8 = 6;
/// Camps per player.
pub const CAMPS: u8 = 2;

/// Soldiers per player: 25 with 3 players, 20 with 4.
pub fn soldiers_for(players: usize) -> u8 {
    if players <= 3 { 25 } else { 20 }
}

/// One seat's pieces, hand and money.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Player {
    /// Sorted.
    pub(super) hand: Vec<u8>,
    pub(super) soldiers: u8,
    pub(super) weibel: u8,
    pub(super) camps: u8,
    pub(super) heller: u32,
    /// The order of leaving (0 for the first to leave), once the seat left.
    pub(super) left: Option<usize>,
}

/// What the game waits for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum Phase {
    /// The player whose turn it is plays a number (also the transient state while drawing).
    Play,
    /// The drawer places the drawn Morlock or claims none.
    Morlock { drawer: Seat },
    /// The others answer the drawer's claim.
    Claim {
        drawer: Seat,
        answered: Vec<(Seat, Answer)>,
    },
    /// The drawer's bluff was exposed: they place the Morlock; the challenger strikes next.
    Expose { drawer: Seat, challenger: Seat },
    /// The winner of a challenge names a number of the loser's hand.
    Strike { chooser: Seat, loser: Seat },
    /// The game is over.
    Over,
}

/// A seat drawing up to `target` numbers (the turn's draw, or a replacement after a strike).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct DrawTask {
    seat: Seat,
    target: usize,
}

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

/// A Banner von Komarn game: the whole state, bag and random generator included.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Komarn {
    options: KomarnOptions,
    board: Board,
    /// Secret: never in a view, event or the transcript.
    bag: Bag,
    discard: Vec<u8>,
    pub(super) players: Vec<Player>,
    /// Seats in turn order.
    turn_order: Vec<Seat>,
    /// Index into `turn_order` of the player whose turn it is.
    turn: usize,
    pub(super) phase: Phase,
    /// Draws still to make, the current one last.
    draws: Vec<DrawTask>,
    marks: Vec<Mark>,
    hurenweibel: Option<Seat>,
    /// Morlocks that left the game.
    morlocks_gone: u8,
    /// Claims made so far (the id of the current claim's window).
    claims: u64,
    /// The hands judged in the last challenge, as at the claim (drawer first).
    revealed: Vec<(Seat, Vec<u8>)>,
    last_round: bool,
    last: Option<LastTurn>,
    final_payouts: Option<Vec<Payout>>,
    end: Option<EndReason>,
    /// Public record lines: every accepted move and the public notes of what followed.
    record: Vec<String>,
    rng: ChaCha8Rng,
}

/// A position given to [`Komarn::with_setup`] — for tests, puzzles and analysis. Build it with
/// [`Setup::new`] and the builder methods; everything not given keeps its default:
///
/// - turn order = seat order (seat 0 is Red), seat 0 to move, not the last round;
/// - points in river order: tower, maiden, city, tower, maiden, city, … (cities 2, 2, 2, 3, 3,
///   3, 4, 4), the last two a tower and a maiden ([`Setup::default_points`]);
/// - empty hands, an empty board and discard pile, no money, 2 camps each;
/// - supplies: the game's soldiers minus those on the board (fields and garrisons); Weibel: 6
///   minus those on the board (both can be set instead);
/// - the bag: the tiles given to [`Setup::draws`] first (top first), then every other number in
///   ascending order, then the Morlocks not on the board, gone or given, then the Strudel (if not
///   given).
///
/// A tower is decided when it has a garrison or a soldier stands beside it. The Hurenweibel is
/// computed from the position; command is *not* resolved (the position is taken as given).
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    /// Seats (3 or 4).
    pub players: usize,
    /// Seats in turn order.
    pub turn_order: Vec<Seat>,
    /// The 26 point tokens in river order.
    pub points: Vec<PointKind>,
    /// Hands per seat.
    pub hands: Vec<Vec<u8>>,
    /// The next tiles drawn, in order.
    pub draws: Vec<Tile>,
    /// The discard pile, oldest first.
    pub discard: Vec<u8>,
    /// Field contents.
    pub fields: Vec<(Field, Content)>,
    /// Tower garrisons.
    pub garrisons: Vec<(Point, Seat)>,
    /// Weibel: owner and a field of the banner.
    pub marks: Vec<(Seat, Field)>,
    /// Soldiers in supply per seat (`None`: computed).
    pub soldiers: Vec<Option<u8>>,
    /// Weibel in supply per seat (`None`: 6 minus those on the board).
    pub weibel_left: Vec<Option<u8>>,
    /// Camps left per seat.
    pub camps: Vec<u8>,
    /// Money per seat.
    pub heller: Vec<u32>,
    /// Whose turn it is.
    pub to_move: Seat,
    /// Morlocks already out of the game.
    pub morlocks_gone: u8,
    /// Whether the last round is being played.
    pub last_round: bool,
    /// Options.
    pub options: KomarnOptions,
}

fn field(name: &str) -> Field {
    name.parse()
        .unwrap_or_else(|e| panic!("setup: bad field {name}: {e}"))
}

fn point(name: &str) -> Point {
    name.parse()
        .unwrap_or_else(|e| panic!("setup: bad point {name}: {e}"))
}

impl Setup {
    /// The default position for `players` seats (see the type's documentation).
    pub fn new(players: usize) -> Setup {
        let n = players.min(8);
        Setup {
            players,
            turn_order: (0..players).collect(),
            points: Setup::default_points(),
            hands: vec![Vec::new(); n],
            draws: Vec::new(),
            discard: Vec::new(),
            fields: Vec::new(),
            garrisons: Vec::new(),
            marks: Vec::new(),
            soldiers: vec![None; n],
            weibel_left: vec![None; n],
            camps: vec![CAMPS; n],
            heller: vec![0; n],
            to_move: 0,
            morlocks_gone: 0,
            last_round: false,
            options: KomarnOptions::default(),
        }
    }

    /// Tower, maiden, city, … along the river (cities 2, 2, 2, 3, 3, 3, 4, 4), then tower, maiden.
    pub fn default_points() -> Vec<PointKind> {
        let cities = [2, 2, 2, 3, 3, 3, 4, 4];
        let mut points = Vec::with_capacity(POINTS);
        for v in cities {
            points.extend([PointKind::Tower, PointKind::Maiden, PointKind::City(v)]);
        }
        points.extend([PointKind::Tower, PointKind::Maiden]);
        points
    }

    /// Puts `kind` on the point named `name` (`"P5L"`). Panics on a bad name (tests).
    pub fn point(mut self, name: &str, kind: PointKind) -> Setup {
        self.points[point(name).index()] = kind;
        self
    }

    /// Makes every point `kind` (e.g. all maidens, then a few towers).
    pub fn all_points(mut self, kind: PointKind) -> Setup {
        self.points = vec![kind; POINTS];
        self
    }

    /// A seat's hand.
    pub fn hand(mut self, seat: Seat, numbers: &[u8]) -> Setup {
        self.hands[seat] = numbers.to_vec();
        self
    }

    /// The next draws, top first.
    pub fn draws(mut self, tiles: &[Tile]) -> Setup {
        self.draws = tiles.to_vec();
        self
    }

    /// The next draws, all numbers.
    pub fn draw_numbers(self, numbers: &[u8]) -> Setup {
        let tiles: Vec<Tile> = numbers.iter().map(|n| Tile::Number(*n)).collect();
        self.draws(&tiles)
    }

    /// The discard pile.
    pub fn discard(mut self, numbers: &[u8]) -> Setup {
        self.discard = numbers.to_vec();
        self
    }

    /// Soldiers of `seat` on the named fields (`&["17L", "18L"]`).
    pub fn soldiers(mut self, seat: Seat, fields: &[&str]) -> Setup {
        for f in fields {
            self.fields.push((field(f), Content::Soldier(seat)));
        }
        self
    }

    /// Camps on the named fields.
    pub fn camps_on(mut self, fields: &[&str]) -> Setup {
        for f in fields {
            self.fields.push((field(f), Content::Camp));
        }
        self
    }

    /// A Morlock on the river field of `area`.
    pub fn morlock(mut self, area: u8) -> Setup {
        self.fields
            .push((Field::new(area, Side::F), Content::Morlock));
        self
    }

    /// A garrison of `seat` on the tower named `name`.
    pub fn garrison(mut self, name: &str, seat: Seat) -> Setup {
        self.garrisons.push((point(name), seat));
        self
    }

    /// A Weibel of `seat` on the banner holding `field`.
    pub fn weibel(mut self, seat: Seat, field_name: &str) -> Setup {
        self.marks.push((seat, field(field_name)));
        self
    }

    /// Soldiers in supply.
    pub fn supply(mut self, seat: Seat, soldiers: u8) -> Setup {
        self.soldiers[seat] = Some(soldiers);
        self
    }

    /// Weibel in supply.
    pub fn weibel_left(mut self, seat: Seat, weibel: u8) -> Setup {
        self.weibel_left[seat] = Some(weibel);
        self
    }

    /// Camps left.
    pub fn camps_left(mut self, seat: Seat, camps: u8) -> Setup {
        self.camps[seat] = camps;
        self
    }

    /// Money.
    pub fn heller(mut self, seat: Seat, heller: u32) -> Setup {
        self.heller[seat] = heller;
        self
    }

    /// Turn order (seats, Red first) and whose turn it is.
    pub fn turn(mut self, order: &[Seat], to_move: Seat) -> Setup {
        self.turn_order = order.to_vec();
        self.to_move = to_move;
        self
    }

    /// Morlocks already gone.
    pub fn morlocks_gone(mut self, gone: u8) -> Setup {
        self.morlocks_gone = gone;
        self
    }

    /// Marks the last round as running.
    pub fn last_round(mut self) -> Setup {
        self.last_round = true;
        self
    }

    /// The options.
    pub fn options(mut self, options: KomarnOptions) -> Setup {
        self.options = options;
        self
    }
}

/// A [`Setup`] the rules do not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidSetup {
    /// Wrong number of players.
    #[error(transparent)]
    Players(#[from] SetupError),
    /// The turn order is not a permutation of the seats, or `to_move` is not seated.
    #[error("the turn order must list every seat once, and the seat to move must be one of them")]
    TurnOrder,
    /// Not 26 point tokens.
    #[error("26 point tokens are needed")]
    Points,
    /// A number is out of range or in two places.
    #[error("number {0} is out of range or in two places")]
    Number(u8),
    /// A hand holds more than five numbers.
    #[error("seat {0} holds more than five numbers")]
    HandSize(Seat),
    /// A field is named twice or holds something it cannot.
    #[error("{0} is set twice or cannot hold that")]
    Field(Field),
    /// A garrison on a point that is no tower, or a seat out of range.
    #[error("{0} is not a tower for that garrison")]
    Garrison(Point),
    /// A Weibel not on a soldier's banner, or more than 6 for a seat.
    #[error("a Weibel of seat {} must stand by a soldier on {}, 6 at most per seat", .0 + 1, .1)]
    Weibel(Seat, Field),
    /// More soldiers on the board than the seat owns.
    #[error("seat {} has more soldiers than the game gives", .0 + 1)]
    Soldiers(Seat),
    /// More Morlocks or Strudels than exist.
    #[error("there are 3 Morlocks and 1 Strudel")]
    Tiles,
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

    // -----------------------------------------------------------------------------------------
    // Plays.

    /// §4.1: area `n` offers `seat` no recruit (all fields taken or blocked, the river not yet
    /// open, or a Morlock they cannot chase).
    pub fn is_dead(&self, seat: Seat, n: u8) -> bool {
        self.recruit_example(seat, n).is_none()
    }

    fn recruit_example(&self, seat: Seat, n: u8) -> Option<Move> {
        let b = &self.board;
        let [l, f, r] = Side::ALL.map(|s| Field::new(n, s));
        let player = &self.players[seat];
        if b.has_morlock(n) {
            let second = player.hand.iter().find(|m| **m != n)?;
            return (player.soldiers >= 2 && b.is_free(l) && b.is_free(r))
                .then(|| Move::chase(n, *second));
        }
        if player.soldiers == 0 {
            return None;
        }
        if b.is_free(l) {
            return Some(Move::field(n, Side::L));
        }
        if b.is_free(r) {
            return Some(Move::field(n, Side::R));
        }
        (b.is_free(f) && b.soldier(l).is_some() && b.soldier(r).is_some())
            .then(|| Move::field(n, Side::F))
    }

    fn describe(&self, field: Field) -> String {
        match self.board.get(field) {
            Content::Empty => "nothing".into(),
            Content::Soldier(s) => format!("{}'s soldier", self.color(s)),
            Content::Camp => "a camp".into(),
            Content::Morlock => "a Morlock".into(),
        }
    }

    /// Every check of a play; the plan of what it does.
    fn check_play(
        &self,
        seat: Seat,
        number: u8,
        how: How,
        camp: Option<Field>,
    ) -> Result<Plan, KomarnError> {
        let b = &self.board;
        let player = &self.players[seat];
        if !player.hand.contains(&number) {
            return Err(KomarnError::NotInHand(number));
        }
        if player.soldiers == 0 {
            return Err(KomarnError::NoSoldier);
        }
        let plan = match how {
            How::Field(side) => {
                let target = Field::new(number, side);
                match b.get(target) {
                    Content::Soldier(s) if s == seat => {
                        return Err(KomarnError::OwnSoldier(target));
                    }
                    Content::Soldier(s) => {
                        if self.hurenweibel != Some(seat) {
                            return Err(KomarnError::Taken {
                                field: target,
                                color: self.color(s),
                            });
                        }
                        Plan {
                            numbers: vec![number],
                            kind: PlayKind::Seduce {
                                field: target,
                                victim: self.color(s),
                            },
                            fill: vec![target],
                            victim: Some(s),
                            chase: None,
                            camp: None,
                        }
                    }
                    Content::Camp => {
                        return Err(KomarnError::NotFree {
                            field: target,
                            what: "a camp".into(),
                        });
                    }
                    Content::Morlock => return Err(KomarnError::MustChase { area: number }),
                    Content::Empty => {
                        if b.has_morlock(number) {
                            return Err(KomarnError::MustChase { area: number });
                        }
                        if side == Side::F
                            && (b.soldier(Field::new(number, Side::L)).is_none()
                                || b.soldier(Field::new(number, Side::R)).is_none())
                        {
                            return Err(KomarnError::RiverClosed { area: number });
                        }
                        Plan {
                            numbers: vec![number],
                            kind: PlayKind::Recruit(target),
                            fill: vec![target],
                            victim: None,
                            chase: None,
                            camp: None,
                        }
                    }
                }
            }
            How::Chase(second) => {
                if !b.has_morlock(number) {
                    return Err(KomarnError::NoMorlock(number));
                }
                if second == number || !player.hand.contains(&second) {
                    return Err(KomarnError::NotInHand(second));
                }
                if player.soldiers < 2 {
                    return Err(KomarnError::ChaseNeedsTwo(player.soldiers));
                }
                let fill = vec![Field::new(number, Side::L), Field::new(number, Side::R)];
                if let Some(f) = fill.iter().find(|f| !b.is_free(**f)) {
                    return Err(KomarnError::NotFree {
                        field: *f,
                        what: self.describe(*f),
                    });
                }
                Plan {
                    numbers: vec![number, second],
                    kind: PlayKind::Chase { second },
                    fill,
                    victim: None,
                    chase: Some(number),
                    camp: None,
                }
            }
            How::Reinforce(target) => {
                if let Some(example) = self.recruit_example(seat, number) {
                    let example = match example {
                        Move::Play {
                            how: How::Chase(_), ..
                        } => format!("play {number} +<m>"),
                        other => other.to_string(),
                    };
                    return Err(KomarnError::NotDead { number, example });
                }
                if !target.is_land() {
                    return Err(KomarnError::ReinforceRiver(target));
                }
                if !b.is_free(target) {
                    return Err(KomarnError::NotFree {
                        field: target,
                        what: self.describe(target),
                    });
                }
                if b.has_morlock(target.area) {
                    return Err(KomarnError::ReinforceMorlock(target));
                }
                if !target.neighbours().any(|f| b.soldier(f) == Some(seat)) {
                    return Err(KomarnError::NoOwnNeighbour(target));
                }
                if let Some((enemy, s)) = target
                    .neighbours()
                    .find_map(|f| b.soldier(f).filter(|s| *s != seat).map(|s| (f, s)))
                {
                    return Err(KomarnError::EnemyNeighbour {
                        field: target,
                        enemy,
                        color: self.color(s),
                    });
                }
                Plan {
                    numbers: vec![number],
                    kind: PlayKind::Reinforce(target),
                    fill: vec![target],
                    victim: None,
                    chase: None,
                    camp: None,
                }
            }
        };
        let Some(c) = camp else {
            return Ok(plan);
        };
        if player.camps == 0 {
            return Err(KomarnError::NoCamp);
        }
        if !c.is_land() {
            return Err(KomarnError::CampRiver(c));
        }
        if !b.is_free(c) || plan.fill.contains(&c) {
            return Err(KomarnError::CampNotFree(c));
        }
        if b.has_morlock(c.area) {
            return Err(KomarnError::CampMorlock(c));
        }
        Ok(Plan {
            camp: Some(c),
            ..plan
        })
    }

    /// Every legal play of `seat` without a camp.
    fn plays(&self, seat: Seat) -> Vec<Move> {
        let player = &self.players[seat];
        let mut out = Vec::new();
        if player.soldiers == 0 {
            return out;
        }
        let own: Vec<Field> = self
            .board
            .fields()
            .filter(|(_, c)| *c == Content::Soldier(seat))
            .map(|(f, _)| f)
            .collect();
        for &n in &player.hand {
            let mut candidates: Vec<Move> = Side::ALL.map(|s| Move::field(n, s)).to_vec();
            if self.board.has_morlock(n) {
                candidates.extend(
                    player
                        .hand
                        .iter()
                        .filter(|m| **m != n)
                        .map(|m| Move::chase(n, *m)),
                );
            }
            if self.is_dead(seat, n) {
                let mut targets: Vec<Field> = own
                    .iter()
                    .flat_map(|f| f.neighbours())
                    .filter(|f| f.is_land())
                    .collect();
                targets.sort_unstable();
                targets.dedup();
                candidates.extend(targets.into_iter().map(|t| Move::reinforce(n, t)));
            }
            out.extend(candidates.into_iter().filter(|mv| match mv {
                Move::Play { number, how, camp } => {
                    self.check_play(seat, *number, *how, *camp).is_ok()
                }
                _ => false,
            }));
        }
        out
    }

    /// Free land fields outside Morlock areas: where a camp may go (before the play's own fields).
    fn camp_fields(&self) -> Vec<Field> {
        self.board
            .fields()
            .filter(|(f, c)| f.is_land() && *c == Content::Empty && !self.board.has_morlock(f.area))
            .map(|(f, _)| f)
            .collect()
    }

    fn play(
        &mut self,
        seat: Seat,
        number: u8,
        how: How,
        camp: Option<Field>,
    ) -> Result<Vec<KomarnEvent>, KomarnError> {
        let plan = self.check_play(seat, number, how, camp)?;
        let n = self.players.len();
        let before = snapshot(&self.board, &self.marks, n);
        self.revealed.clear();
        let mut events = Vec::new();
        let mut last = LastTurn {
            seat,
            played: plan.numbers.clone(),
            fields: Vec::new(),
            points: Vec::new(),
        };
        for k in &plan.numbers {
            self.players[seat].hand.retain(|h| h != k);
            self.discard.push(*k);
        }
        if let Some(area) = plan.chase {
            let river = Field::new(area, Side::F);
            self.board.set(river, Content::Empty);
            self.morlocks_gone += 1;
            last.fields.push((area, Side::F));
        }
        for f in &plan.fill {
            self.board.set(*f, Content::Soldier(seat));
            self.players[seat].soldiers -= 1;
            last.fields.push((f.area, f.side));
        }
        if let Some(victim) = plan.victim {
            self.players[victim].soldiers += 1;
        }
        if let Some(c) = plan.camp {
            self.board.set(c, Content::Camp);
            self.players[seat].camps -= 1;
            last.fields.push((c.area, c.side));
        }
        events.push(KomarnEvent::Played {
            color: self.color(seat),
            number,
            kind: plan.kind.clone(),
            camp: plan.camp,
        });
        let colors = self.colors();
        let mut resolution = Resolution {
            board: &mut self.board,
            marks: &mut self.marks,
            players: &mut self.players,
            colors: &colors,
            events: &mut events,
            changed_points: Vec::new(),
        };
        resolution.run(seat, &before);
        last.points = resolution
            .changed_points
            .iter()
            .map(|p| (p.area, p.bank))
            .collect();
        let holder = hurenweibel(&self.board, &self.marks, n);
        if holder != self.hurenweibel {
            self.hurenweibel = holder;
            events.push(KomarnEvent::Hurenweibel {
                holder: holder.map(|s| self.color(s)),
            });
        }
        self.last = Some(last);
        self.draws.push(DrawTask { seat, target: HAND });
        self.continue_drawing(&mut events);
        Ok(events)
    }

    fn pass(&mut self, seat: Seat, number: u8) -> Result<Vec<KomarnEvent>, KomarnError> {
        if !self.players[seat].hand.contains(&number) {
            return Err(KomarnError::NotInHand(number));
        }
        if !self.plays(seat).is_empty() {
            return Err(KomarnError::CannotPass);
        }
        self.revealed.clear();
        self.players[seat].hand.retain(|h| *h != number);
        self.discard.push(number);
        self.last = Some(LastTurn {
            seat,
            played: vec![number],
            fields: Vec::new(),
            points: Vec::new(),
        });
        let mut events = vec![KomarnEvent::Passed {
            color: self.color(seat),
            number,
        }];
        self.draws.push(DrawTask { seat, target: HAND });
        self.continue_drawing(&mut events);
        Ok(events)
    }

    // -----------------------------------------------------------------------------------------
    // Drawing and the Morlocks.

    /// Draws for the pending draw tasks until a Morlock needs a decision or all are done; then
    /// the turn ends.
    fn continue_drawing(&mut self, events: &mut Vec<KomarnEvent>) {
        self.phase = Phase::Play;
        let mut drawn: Option<(Seat, Vec<u8>)> = None;
        loop {
            let Some(task) = self.draws.last().copied() else {
                self.flush_draws(&mut drawn, events);
                self.end_turn(events);
                return;
            };
            let player = &self.players[task.seat];
            if player.left.is_some() || player.hand.len() >= task.target {
                self.draws.pop();
                continue;
            }
            let Some(tile) = self.bag.draw() else {
                // Unreachable in play (the Strudel always returns): refill from the discard.
                if self.discard.is_empty() {
                    self.draws.pop();
                } else {
                    let pile: Vec<Tile> = self.discard.drain(..).map(Tile::Number).collect();
                    self.bag.put_back(pile, &mut self.rng);
                }
                continue;
            };
            match tile {
                Tile::Number(k) => {
                    if drawn.as_ref().is_some_and(|(s, _)| *s != task.seat) {
                        self.flush_draws(&mut drawn, events);
                    }
                    drawn.get_or_insert((task.seat, Vec::new())).1.push(k);
                    let hand = &mut self.players[task.seat].hand;
                    hand.push(k);
                    hand.sort_unstable();
                }
                Tile::Strudel => {
                    self.flush_draws(&mut drawn, events);
                    let returned = self.discard.len();
                    let pile: Vec<Tile> = self
                        .discard
                        .drain(..)
                        .map(Tile::Number)
                        .chain([Tile::Strudel])
                        .collect();
                    self.bag.put_back(pile, &mut self.rng);
                    events.push(KomarnEvent::Strudel {
                        color: self.color(task.seat),
                        returned,
                    });
                }
                Tile::Morlock => {
                    self.flush_draws(&mut drawn, events);
                    if (1..=AREAS).any(|k| self.board.can_take_morlock(k)) {
                        self.phase = Phase::Morlock { drawer: task.seat };
                        events.push(KomarnEvent::MorlockDrawn {
                            color: self.color(task.seat),
                        });
                        return;
                    }
                    self.morlocks_gone += 1;
                    events.push(KomarnEvent::MorlockGone {
                        color: self.color(task.seat),
                        why: "no area can take it",
                    });
                }
            }
        }
    }

    fn flush_draws(&self, drawn: &mut Option<(Seat, Vec<u8>)>, events: &mut Vec<KomarnEvent>) {
        if let Some((seat, numbers)) = drawn.take() {
            let count = numbers.len();
            events.push(KomarnEvent::Drew { seat, numbers });
            events.push(KomarnEvent::DrawCount {
                color: self.color(seat),
                count,
            });
        }
    }

    /// Why area `k` cannot take a Morlock, if it cannot.
    fn no_room(&self, k: u8) -> Option<String> {
        if self.board.can_take_morlock(k) {
            return None;
        }
        let blocked = Side::ALL
            .iter()
            .map(|s| Field::new(k, *s))
            .find(|f| !self.board.is_free(*f))
            .map(|f| format!("{} stands on {f}", self.describe(f)));
        Some(blocked.unwrap_or_else(|| "it is not free".into()))
    }

    fn place_morlock(
        &mut self,
        seat: Seat,
        k: u8,
        events: &mut Vec<KomarnEvent>,
    ) -> Result<(), KomarnError> {
        if !self.players[seat].hand.contains(&k) {
            return Err(KomarnError::NotInHand(k));
        }
        if let Some(why) = self.no_room(k) {
            return Err(KomarnError::NoRoomForMorlock { area: k, why });
        }
        self.board.set(Field::new(k, Side::F), Content::Morlock);
        self.players[seat].hand.retain(|h| *h != k);
        self.bag.put_back([Tile::Number(k)], &mut self.rng);
        if let Some(last) = self.last.as_mut() {
            last.fields.push((k, Side::F));
        }
        events.push(KomarnEvent::MorlockPlaced {
            color: self.color(seat),
            area: k,
        });
        Ok(())
    }

    /// The seats that may answer a claim by `drawer`, in seat order.
    fn answerers(&self, drawer: Seat) -> Vec<Seat> {
        (0..self.players.len())
            .filter(|s| *s != drawer && self.is_active(*s))
            .collect()
    }

    /// The seats that have not answered the open claim yet.
    fn waiting(&self) -> Vec<Seat> {
        match &self.phase {
            Phase::Claim { drawer, answered } => self
                .answerers(*drawer)
                .into_iter()
                .filter(|s| !answered.iter().any(|(a, _)| a == s))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn claim_stands(&mut self, drawer: Seat, timed_out: bool, events: &mut Vec<KomarnEvent>) {
        self.morlocks_gone += 1;
        events.push(KomarnEvent::ClaimStands {
            color: self.color(drawer),
            timed_out,
        });
        self.continue_drawing(events);
    }

    /// The fitting numbers of the drawer's hand: areas that can take the Morlock.
    fn fitting(&self, seat: Seat) -> Vec<u8> {
        self.hand(seat)
            .iter()
            .copied()
            .filter(|k| self.board.can_take_morlock(*k))
            .collect()
    }

    fn morlock(&mut self, seat: Seat, k: Option<u8>) -> Result<Vec<KomarnEvent>, KomarnError> {
        let mut events = Vec::new();
        match k {
            Some(k) => {
                self.place_morlock(seat, k, &mut events)?;
                self.continue_drawing(&mut events);
            }
            None => {
                self.claims += 1;
                let answerers = self.answerers(seat);
                events.push(KomarnEvent::Claimed {
                    color: self.color(seat),
                    answerers: answerers.iter().map(|s| self.color(*s)).collect(),
                    window: self.options.challenge,
                });
                if answerers.is_empty() {
                    self.claim_stands(seat, false, &mut events);
                } else {
                    self.phase = Phase::Claim {
                        drawer: seat,
                        answered: Vec::new(),
                    };
                }
            }
        }
        Ok(events)
    }

    fn answer(&mut self, seat: Seat, answer: Answer) -> Vec<KomarnEvent> {
        let Phase::Claim { drawer, answered } = &mut self.phase else {
            return Vec::new();
        };
        let drawer = *drawer;
        let mut events = Vec::new();
        match answer {
            Answer::Accept => {
                answered.push((seat, Answer::Accept));
                events.push(KomarnEvent::Accepted {
                    color: self.color(seat),
                });
                if self.waiting().is_empty() {
                    self.claim_stands(drawer, false, &mut events);
                }
            }
            Answer::Challenge => {
                let drawer_hand = self.players[drawer].hand.clone();
                let challenger_hand = self.players[seat].hand.clone();
                let fitting = self.fitting(drawer);
                self.revealed = vec![
                    (drawer, drawer_hand.clone()),
                    (seat, challenger_hand.clone()),
                ];
                events.push(KomarnEvent::Challenged {
                    challenger: self.color(seat),
                    drawer: self.color(drawer),
                    drawer_hand,
                    challenger_hand,
                    fitting: fitting.clone(),
                });
                if fitting.is_empty() {
                    self.morlocks_gone += 1;
                    self.begin_strike(drawer, seat, &mut events);
                } else {
                    self.phase = Phase::Expose {
                        drawer,
                        challenger: seat,
                    };
                }
            }
        }
        events
    }

    fn begin_strike(&mut self, chooser: Seat, loser: Seat, events: &mut Vec<KomarnEvent>) {
        let why = if !self.is_active(chooser) {
            Some("the chooser has left the game")
        } else if !self.is_active(loser) {
            Some("they have left the game")
        } else if self.players[loser].hand.is_empty() {
            Some("they hold no number")
        } else {
            None
        };
        match why {
            Some(why) => {
                events.push(KomarnEvent::NoStrike {
                    loser: self.color(loser),
                    why,
                });
                self.continue_drawing(events);
            }
            None => self.phase = Phase::Strike { chooser, loser },
        }
    }

    fn strike(
        &mut self,
        chooser: Seat,
        loser: Seat,
        k: u8,
    ) -> Result<Vec<KomarnEvent>, KomarnError> {
        let hand = &self.players[loser].hand;
        if !hand.contains(&k) {
            return Err(KomarnError::NotHeld {
                number: k,
                color: self.color(loser),
                held: hand.clone(),
            });
        }
        self.players[loser].hand.retain(|h| *h != k);
        self.discard.push(k);
        let mut events = vec![KomarnEvent::Struck {
            chooser: self.color(chooser),
            loser: self.color(loser),
            number: k,
        }];
        let target = self.players[loser].hand.len() + 1;
        self.draws.push(DrawTask {
            seat: loser,
            target,
        });
        self.continue_drawing(&mut events);
        Ok(events)
    }

    // -----------------------------------------------------------------------------------------
    // Turns and the end.

    /// §4.5: the end check, then the next seat in turn order (skipping seats without soldiers);
    /// after the last seat of the last round the game ends.
    fn end_turn(&mut self, events: &mut Vec<KomarnEvent>) {
        self.phase = Phase::Play;
        if !self.last_round {
            let empty: Vec<Color> = self
                .turn_order
                .iter()
                .filter(|s| self.is_active(**s) && self.players[**s].soldiers == 0)
                .map(|s| self.color(*s))
                .collect();
            if !empty.is_empty() {
                self.last_round = true;
                events.push(KomarnEvent::LastRound { empty });
            }
        }
        let mut position = self.turn;
        loop {
            position += 1;
            if position >= self.turn_order.len() {
                if self.last_round {
                    self.finish(EndReason::Normal, events);
                    return;
                }
                position = 0;
            }
            let seat = self.turn_order[position];
            if !self.is_active(seat) {
                continue;
            }
            if self.players[seat].soldiers == 0 {
                events.push(KomarnEvent::Skipped {
                    color: self.color(seat),
                });
                if !self.last_round {
                    // Cannot happen (an empty supply starts the last round); stay safe.
                    self.last_round = true;
                }
                continue;
            }
            self.turn = position;
            return;
        }
    }

    fn finish(&mut self, reason: EndReason, events: &mut Vec<KomarnEvent>) {
        let n = self.players.len();
        let payouts = final_payouts(&self.board, &self.marks, self.hurenweibel, n);
        for p in &payouts {
            self.players[p.seat].heller += p.total;
        }
        self.final_payouts = Some(payouts.clone());
        self.phase = Phase::Over;
        self.draws.clear();
        self.end = Some(reason);
        let ranks = self.ranks();
        events.push(KomarnEvent::GameOver {
            results: payouts
                .into_iter()
                .map(|p| {
                    (
                        self.color(p.seat),
                        p,
                        self.players[p.seat].heller,
                        ranks[p.seat],
                    )
                })
                .collect(),
        });
    }

    fn ranks(&self) -> Vec<u8> {
        let heller: Vec<u32> = self.players.iter().map(|p| p.heller).collect();
        let left: Vec<Option<usize>> = self.players.iter().map(|p| p.left).collect();
        ranks(&heller, &left)
    }

    /// What the game waits for, as a sentence (the prompt).
    fn waiting_text(&self) -> String {
        self.prompt().unwrap_or_else(|| "the game is over".into())
    }

    fn check_actor(&self, seat: Seat, mv: &Move) -> Result<(), KomarnError> {
        if self.end.is_some() {
            return Err(KomarnError::GameOver);
        }
        let player = self
            .players
            .get(seat)
            .ok_or(KomarnError::NoSuchSeat(seat))?;
        if player.left.is_some() {
            return Err(KomarnError::Left);
        }
        let not_now = || KomarnError::NotNow {
            waiting: self.waiting_text(),
        };
        match (&self.phase, mv) {
            (Phase::Play, Move::Play { .. } | Move::Pass(_))
                if seat == self.turn_order[self.turn] =>
            {
                Ok(())
            }
            (Phase::Morlock { drawer }, Move::Morlock(_)) if seat == *drawer => Ok(()),
            (Phase::Claim { drawer, .. }, Move::Challenge | Move::Accept) => {
                if seat == *drawer {
                    Err(KomarnError::OwnClaim)
                } else if self.waiting().contains(&seat) {
                    Ok(())
                } else {
                    Err(not_now())
                }
            }
            (Phase::Expose { drawer, .. }, Move::Morlock(k)) if seat == *drawer => match k {
                Some(_) => Ok(()),
                None => Err(KomarnError::MustPlace(
                    self.fitting(seat).first().copied().unwrap_or(1),
                )),
            },
            (Phase::Strike { chooser, .. }, Move::Strike(_)) if seat == *chooser => Ok(()),
            _ => Err(not_now()),
        }
    }

    fn apply_checked(&mut self, seat: Seat, mv: &Move) -> Result<Vec<KomarnEvent>, KomarnError> {
        self.check_actor(seat, mv)?;
        match (*mv, self.phase.clone()) {
            (Move::Play { number, how, camp }, _) => self.play(seat, number, how, camp),
            (Move::Pass(n), _) => self.pass(seat, n),
            (Move::Morlock(k), Phase::Morlock { .. }) => self.morlock(seat, k),
            (Move::Morlock(Some(k)), Phase::Expose { challenger, .. }) => {
                let mut events = Vec::new();
                self.place_morlock(seat, k, &mut events)?;
                self.begin_strike(challenger, seat, &mut events);
                Ok(events)
            }
            (Move::Challenge, _) => Ok(self.answer(seat, Answer::Challenge)),
            (Move::Accept, _) => Ok(self.answer(seat, Answer::Accept)),
            (Move::Strike(k), Phase::Strike { chooser, loser }) => self.strike(chooser, loser, k),
            _ => Err(KomarnError::NotNow {
                waiting: self.waiting_text(),
            }),
        }
    }

    fn note(&mut self, head: String, events: &[KomarnEvent]) {
        let notes: Vec<String> = events.iter().filter_map(KomarnEvent::brief).collect();
        if notes.is_empty() {
            self.record.push(head);
        } else {
            self.record.push(format!("{head} — {}", notes.join("; ")));
        }
    }
}

impl Game for Komarn {
    type Options = KomarnOptions;
    type Move = Move;
    type View = KomarnView;
    type Event = KomarnEvent;
    type Error = KomarnError;

    const INFO: GameInfo = GameInfo {
        id: "komarn",
        name: "Banner von Komarn",
        aliases: &["banner", "bannervonkomarn", "banner-von-komarn"],
        min_players: MIN_PLAYERS,
        max_players: MAX_PLAYERS,
        tagline: "3–4 players · raise banners along the river Komarn, command them with Weibel, bluff the Morlocks",
        rules: super::RULES,
    };

    fn new(players: usize, options: &KomarnOptions, seed: u64) -> Result<Self, SetupError> {
        check_players(players)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut turn_order: Vec<Seat> = (0..players).collect();
        turn_order.shuffle(&mut rng);
        let mut tokens = PointKind::tokens();
        tokens.shuffle(&mut rng);
        let mut bag = Bag::full(&mut rng);
        debug_assert_eq!(bag.len(), TILES);
        let soldiers = soldiers_for(players);
        let mut people: Vec<Player> = (0..players)
            .map(|_| Player {
                hand: Vec::new(),
                soldiers,
                weibel: WEIBEL,
                camps: CAMPS,
                heller: 0,
                left: None,
            })
            .collect();
        for &seat in &turn_order {
            while people[seat].hand.len() < HAND {
                match bag.draw() {
                    Some(Tile::Number(k)) => people[seat].hand.push(k),
                    Some(other) => bag.put_back([other], &mut rng),
                    None => break,
                }
            }
            people[seat].hand.sort_unstable();
        }
        Ok(Komarn {
            options: options.clone(),
            board: Board::new(&tokens),
            bag,
            discard: Vec::new(),
            players: people,
            turn_order,
            turn: 0,
            phase: Phase::Play,
            draws: Vec::new(),
            marks: Vec::new(),
            hurenweibel: None,
            morlocks_gone: 0,
            claims: 0,
            revealed: Vec::new(),
            last_round: false,
            last: None,
            final_payouts: None,
            end: None,
            record: Vec::new(),
            rng,
        })
    }

    fn to_act(&self) -> ToAct {
        match &self.phase {
            Phase::Play => ToAct::One(self.turn_order[self.turn]),
            Phase::Morlock { drawer } | Phase::Expose { drawer, .. } => ToAct::One(*drawer),
            Phase::Claim { .. } => ToAct::Many(self.waiting()),
            Phase::Strike { chooser, .. } => ToAct::One(*chooser),
            Phase::Over => ToAct::Nobody,
        }
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        if !self.to_act().contains(seat) {
            return Vec::new();
        }
        match &self.phase {
            Phase::Play => {
                let plays = self.plays(seat);
                if plays.is_empty() {
                    return self.hand(seat).iter().map(|k| Move::Pass(*k)).collect();
                }
                if self.players[seat].camps == 0 {
                    return plays;
                }
                let camps = self.camp_fields();
                let mut out = Vec::with_capacity(plays.len() * (camps.len() + 1));
                for mv in plays {
                    out.push(mv);
                    let Move::Play { number, how, .. } = mv else {
                        continue;
                    };
                    let fill: Vec<Field> = self
                        .check_play(seat, number, how, None)
                        .map(|p| p.fill)
                        .unwrap_or_default();
                    out.extend(
                        camps
                            .iter()
                            .filter(|c| !fill.contains(c))
                            .map(|c| mv.with_camp(*c)),
                    );
                }
                out
            }
            Phase::Morlock { .. } => self
                .fitting(seat)
                .into_iter()
                .map(|k| Move::Morlock(Some(k)))
                .chain([Move::Morlock(None)])
                .collect(),
            Phase::Claim { .. } => vec![Move::Challenge, Move::Accept],
            Phase::Expose { .. } => self
                .fitting(seat)
                .into_iter()
                .map(|k| Move::Morlock(Some(k)))
                .collect(),
            Phase::Strike { loser, .. } => {
                self.hand(*loser).iter().map(|k| Move::Strike(*k)).collect()
            }
            Phase::Over => Vec::new(),
        }
    }

    fn apply(&mut self, seat: Seat, mv: &Move) -> Result<Vec<KomarnEvent>, KomarnError> {
        let color = self.players.get(seat).map(|_| self.color(seat));
        let events = self.apply_checked(seat, mv)?;
        if let Some(color) = color {
            self.note(format!("{color}: {mv}"), &events);
        }
        Ok(events)
    }

    fn forfeit(&mut self, seat: Seat, reason: Forfeit) -> Vec<KomarnEvent> {
        if self.end.is_some() || !self.is_active(seat) {
            return Vec::new();
        }
        let order = self.players.iter().filter(|p| p.left.is_some()).count();
        let discarded = std::mem::take(&mut self.players[seat].hand);
        self.discard.extend(&discarded);
        self.players[seat].left = Some(order);
        self.draws.retain(|t| t.seat != seat);
        let remaining = (0..self.players.len())
            .filter(|s| self.is_active(*s))
            .count();
        let mut events = vec![KomarnEvent::Forfeited {
            color: self.color(seat),
            reason,
            discarded,
            goes_on: remaining >= 2,
        }];
        if remaining < 2 {
            self.finish(EndReason::Forfeit(seat, reason), &mut events);
        } else {
            match self.phase.clone() {
                Phase::Play if self.turn_order[self.turn] == seat => {
                    self.draws.clear();
                    self.end_turn(&mut events);
                }
                Phase::Morlock { drawer } | Phase::Expose { drawer, .. } if drawer == seat => {
                    self.morlocks_gone += 1;
                    events.push(KomarnEvent::MorlockGone {
                        color: self.color(seat),
                        why: "its drawer left the game",
                    });
                    self.continue_drawing(&mut events);
                }
                Phase::Claim { drawer, .. } => {
                    if drawer == seat {
                        self.morlocks_gone += 1;
                        events.push(KomarnEvent::MorlockGone {
                            color: self.color(seat),
                            why: "its drawer left the game",
                        });
                        self.continue_drawing(&mut events);
                    } else if self.waiting().is_empty() {
                        self.claim_stands(drawer, false, &mut events);
                    }
                }
                Phase::Strike { chooser, loser } if chooser == seat || loser == seat => {
                    self.begin_strike(chooser, loser, &mut events);
                }
                _ => {}
            }
        }
        if let Some(n) = events.first().and_then(KomarnEvent::brief) {
            let rest: Vec<KomarnEvent> = events[1..].to_vec();
            self.note(n, &rest);
        }
        events
    }

    fn view(&self, viewer: Option<Seat>) -> KomarnView {
        let n = self.players.len();
        KomarnView {
            areas: AREAS,
            fields: self
                .board
                .fields()
                .map(|(f, content)| FieldView {
                    area: f.area,
                    side: f.side,
                    content,
                })
                .collect(),
            points: self
                .board
                .points()
                .map(|(p, st)| PointView {
                    area: p.area,
                    bank: p.bank,
                    kind: st.kind,
                    garrison: st.garrison,
                    decided: st.kind == PointKind::Tower && st.decided,
                })
                .collect(),
            banners: self
                .banners()
                .into_iter()
                .map(|b| BannerView {
                    fields: b.group.fields.iter().map(|f| (f.area, f.side)).collect(),
                    commander: b.commander,
                    value: b.value,
                    soldiers: b
                        .group
                        .counts
                        .iter()
                        .enumerate()
                        .filter(|(_, c)| **c > 0)
                        .map(|(s, c)| (s, *c))
                        .collect(),
                    points: b
                        .group
                        .points(&self.board)
                        .iter()
                        .map(|p| (p.area, p.bank))
                        .collect(),
                })
                .collect(),
            players: (0..n)
                .map(|seat| {
                    let p = &self.players[seat];
                    let shown = self.audience(Shown::Holdings(seat)).admits(viewer);
                    PlayerView {
                        hand: shown.then(|| p.hand.clone()),
                        hand_size: p.hand.len() as u8,
                        soldiers_in_supply: p.soldiers,
                        weibel_in_supply: p.weibel,
                        camps_left: p.camps,
                        heller: p.heller,
                        color: self.color(seat),
                        active: p.left.is_none(),
                    }
                })
                .collect(),
            turn_order: self.turn_order.clone(),
            to_move: self.current(),
            hurenweibel: self.hurenweibel,
            discard: self.discard.clone(),
            bag_size: self.bag.len(),
            morlocks_left: self.bag.morlocks(),
            claim: match &self.phase {
                Phase::Claim { drawer, answered } => Some(ClaimView {
                    drawer: *drawer,
                    answered: answered.clone(),
                    waiting: self.waiting(),
                }),
                _ => None,
            },
            revealed_hands: self.revealed.clone(),
            last: self.last.clone(),
            final_payouts: self.final_payouts.clone(),
            outcome: self.outcome(),
            pending: self.pending(),
            last_round: self.last_round,
        }
    }

    fn scores(&self) -> Vec<i64> {
        self.players.iter().map(|p| i64::from(p.heller)).collect()
    }

    /// §9 ranks by Heller (1, 1, 3 for a tie); seats that left rank after those still playing,
    /// the last to leave first.
    fn outcome(&self) -> Option<Outcome> {
        let reason = self.end?;
        Some(Outcome {
            scores: self.scores(),
            ranks: self.ranks(),
            reason,
        })
    }

    fn seat_label(&self, seat: Seat) -> String {
        self.color(seat).to_string()
    }

    fn prompt(&self) -> Option<String> {
        let last = if self.last_round { " Last round." } else { "" };
        Some(match &self.phase {
            Phase::Play => {
                let c = self.color(self.turn_order[self.turn]);
                format!(
                    "{c} plays a number: `play 17L` (recruit, or seduce with the Hurenweibel), `play 17 +32` (chase a Morlock), `play 17 @23R` (reinforce with a dead number), `pass 40` only when nothing fits; add `camp 18L` for a camp.{last}"
                )
            }
            Phase::Morlock { drawer } => format!(
                "{} draws a Morlock: place it (`morlock <k>`) or claim none (`morlock none`).{last}",
                self.color(*drawer)
            ),
            Phase::Claim { drawer, .. } => {
                let waiting: Vec<Color> = self.waiting().iter().map(|s| self.color(*s)).collect();
                format!(
                    "Claim of none by {}: {} may `challenge` or `accept` ({}); silence accepts.{last}",
                    self.color(*drawer),
                    super::colors(&waiting),
                    humantime::format_duration(self.options.challenge)
                )
            }
            Phase::Expose { drawer, challenger } => format!(
                "{d}'s claim was a bluff: {d} places the Morlock (`morlock <k>`: {}), then {} strikes one of {d}'s numbers.{last}",
                numbers(&self.fitting(*drawer)),
                self.color(*challenger),
                d = self.color(*drawer),
            ),
            Phase::Strike { chooser, loser } => format!(
                "{} strikes one of {}'s numbers (`strike <k>`): {}.{last}",
                self.color(*chooser),
                self.color(*loser),
                numbers(self.hand(*loser))
            ),
            Phase::Over => return None,
        })
    }

    fn window(&self) -> Option<Window> {
        matches!(self.phase, Phase::Claim { .. }).then(|| Window {
            id: self.claims,
            length: self.options.challenge,
        })
    }

    fn close_window(&mut self) -> Vec<KomarnEvent> {
        let Phase::Claim { drawer, .. } = self.phase else {
            return Vec::new();
        };
        let mut events: Vec<KomarnEvent> = self
            .waiting()
            .into_iter()
            .map(|s| KomarnEvent::Accepted {
                color: self.color(s),
            })
            .collect();
        self.claim_stands(drawer, true, &mut events);
        self.note("time is up".into(), &events);
        events
    }

    fn audience(&self, shown: Shown<'_, KomarnEvent>) -> Audience {
        super::secrets::audience(self, shown)
    }

    /// The public record: the turn order and points, then every accepted move with what
    /// followed (draws as counts only), then the result. Hands and the bag never appear.
    fn transcript(&self) -> String {
        let order: Vec<String> = self
            .turn_order
            .iter()
            .map(|s| format!("{} = seat {}", self.color(*s), s + 1))
            .collect();
        let points: Vec<String> = self
            .board
            .points()
            .map(|(p, st)| format!("{p} {}", st.kind))
            .collect();
        let mut lines = vec![
            format!(
                "Banner von Komarn, {} players; turn order: {}",
                self.players.len(),
                order.join(", ")
            ),
            format!("points: {}", points.join(", ")),
        ];
        lines.extend(self.record.iter().cloned());
        if let (Some(outcome), Some(payouts)) = (self.outcome(), &self.final_payouts) {
            let results: Vec<String> = payouts
                .iter()
                .map(|p| {
                    format!(
                        "{} +{} (banners {}, Weibel {}, Hurenweibel {}) = {} (rank {})",
                        self.color(p.seat),
                        p.total,
                        p.banners,
                        p.weibel_bonus,
                        p.hurenweibel,
                        outcome.scores[p.seat],
                        outcome.ranks[p.seat]
                    )
                })
                .collect();
            lines.push(format!("result: {}", results.join(", ")));
        }
        lines.join("\n")
    }
}
