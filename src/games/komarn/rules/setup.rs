//! Setting up a game at a chosen position (`Setup`), for tests and replays: hands, soldiers,
//! points, towers and the bag as given.

use super::*;

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
