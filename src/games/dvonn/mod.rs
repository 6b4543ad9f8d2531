//! DVONN (Kris Burm, GIPF project) for two players, per `docs/rules/dvonn.md`.
//!
//! - [`board`]: the 49-field hex board and its geometry;
//! - [`notation`]: move text (`A2B2`, `G2`, `pass`);
//! - [`rules`]: the reducer ([`Dvonn`] implements [`Game`](crate::games::Game));
//! - [`view`]: what a viewer sees.

pub mod board;
mod describe;
pub mod draw;
pub mod notation;
pub mod rules;
mod secrets;
mod state;
pub mod view;

use std::fmt;

use serde::{Deserialize, Serialize};

pub mod codecup;
pub mod engine;
mod placement;

pub use board::Field;
pub use notation::Move;
pub use rules::{Dvonn, Phase};
pub use view::DvonnView;

use crate::games::{Forfeit, GameOptions, OptionError, Seat};

/// A player's colour. Seat 1 (index 0) plays White and moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Seat 1.
    White,
    /// Seat 2.
    Black,
}

impl Color {
    /// The seat playing this colour.
    pub fn seat(self) -> Seat {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }

    /// The colour of a seat (seat 0 is White).
    pub fn from_seat(seat: Seat) -> Color {
        if seat == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The other colour.
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// This colour's piece.
    pub fn piece(self) -> Piece {
        match self {
            Color::White => Piece::White,
            Color::Black => Piece::Black,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// A single piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Piece {
    /// A white piece.
    #[serde(rename = "W")]
    White,
    /// A black piece.
    #[serde(rename = "B")]
    Black,
    /// A red DVONN piece (belongs to nobody).
    #[serde(rename = "D")]
    Dvonn,
}

impl Piece {
    /// The colour controlling a stack with this piece on top (`None` for a DVONN piece).
    pub fn color(self) -> Option<Color> {
        match self {
            Piece::White => Some(Color::White),
            Piece::Black => Some(Color::Black),
            Piece::Dvonn => None,
        }
    }

    /// One letter: `W`, `B` or `D`.
    pub fn letter(self) -> char {
        match self {
            Piece::White => 'W',
            Piece::Black => 'B',
            Piece::Dvonn => 'D',
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Piece::White => "white piece",
            Piece::Black => "black piece",
            Piece::Dvonn => "DVONN piece",
        })
    }
}

/// Dvonn's options.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DvonnOptions {
    /// Manual setup: the players place the 49 pieces themselves.
    pub profi: bool,
}

impl GameOptions for DvonnOptions {
    const HELP: &'static [(&'static str, &'static str)] = &[(
        "profi",
        "the players place the pieces themselves instead of a random setup",
    )];

    fn set(&mut self, word: &str) -> Result<(), OptionError> {
        match word {
            "profi" => {
                self.profi = true;
                Ok(())
            }
            _ => Err(OptionError(format!("Dvonn has no option `{word}`"))),
        }
    }

    fn words(&self) -> Vec<String> {
        if self.profi {
            vec!["profi".into()]
        } else {
            Vec::new()
        }
    }
}

/// Why a Dvonn move was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DvonnError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Somebody else is to move.
    #[error("it is {0}'s turn")]
    NotYourTurn(Color),
    /// A move was typed during the setup.
    #[error("the board is still being set up: place the next piece on an empty field, e.g. `{0}`")]
    StillSetup(Move),
    /// A placement was typed after the setup.
    #[error("the setup is complete: move a stack, e.g. `{0}`")]
    SetupOver(Move),
    /// Placement on an occupied field.
    #[error("{0} is already occupied")]
    Occupied(Field),
    /// Nothing to move there.
    #[error("there is no piece on {0}")]
    Empty(Field),
    /// A DVONN piece on top: nobody's stack.
    #[error("{0} has a DVONN piece on top; nobody can move it")]
    DvonnOnTop(Field),
    /// The opponent's stack.
    #[error("the stack on {field} belongs to {owner}; you play {you}")]
    NotYours {
        /// The field.
        field: Field,
        /// Who controls it.
        owner: Color,
        /// The mover.
        you: Color,
    },
    /// Surrounded on all six sides.
    #[error("{0} is surrounded on all six sides and cannot move")]
    Surrounded(Field),
    /// From and to coincide.
    #[error("{0} to {0} is not a move: a stack must leave its field")]
    SameField(Field),
    /// Not one of the six directions.
    #[error("{to} is not in a straight line from {from}")]
    NotStraight {
        /// Start.
        from: Field,
        /// Target.
        to: Field,
    },
    /// Distance differs from the stack height.
    #[error(
        "the stack on {from} is {height} high and must move exactly {height} field{s}; {to} is {distance} away",
        s = if *height == 1 { "" } else { "s" }
    )]
    WrongDistance {
        /// Start.
        from: Field,
        /// Target.
        to: Field,
        /// Stack height.
        height: usize,
        /// Distance to the target.
        distance: usize,
    },
    /// Landing on an empty field.
    #[error("{0} is empty; a stack must land on an occupied field")]
    EmptyTarget(Field),
    /// Passing with a legal move available.
    #[error("you can still move (e.g. `{0}`), so you may not pass")]
    MayNotPass(Move),
}

/// What happened in a Dvonn move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DvonnEvent {
    /// A piece was placed during the setup.
    Placed {
        /// Placer.
        color: Color,
        /// What was placed.
        piece: Piece,
        /// Where.
        field: Field,
    },
    /// The 49th piece was placed.
    SetupDone,
    /// A stack moved.
    Moved {
        /// Mover.
        color: Color,
        /// Start.
        from: Field,
        /// Target.
        to: Field,
        /// Height of the moved stack.
        height: usize,
    },
    /// Stacks lost contact with every DVONN piece and were removed.
    Removed {
        /// The fields cleared.
        fields: Vec<Field>,
        /// Pieces removed in total.
        pieces: usize,
    },
    /// A colour had no legal move and passed automatically.
    Passed(Color),
    /// A colour resigned or ran out of time.
    Forfeited(Color, Forfeit),
    /// Nobody can move: the final count.
    GameOver {
        /// White's pieces.
        white: i64,
        /// Black's pieces.
        black: i64,
    },
}

impl fmt::Display for DvonnEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DvonnEvent::Placed {
                color,
                piece,
                field,
            } => write!(f, "{color} places a {piece} on {field}."),
            DvonnEvent::SetupDone => write!(f, "The board is full: White moves first."),
            DvonnEvent::Moved {
                color,
                from,
                to,
                height,
            } => {
                if *height == 1 {
                    write!(f, "{color} moves {from}→{to}.")
                } else {
                    write!(f, "{color} moves the stack of {height} {from}→{to}.")
                }
            }
            DvonnEvent::Removed { fields, pieces } => {
                let names: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
                write!(
                    f,
                    "Cut off from the DVONN pieces and removed: {} ({pieces} piece{}).",
                    names.join(", "),
                    if *pieces == 1 { "" } else { "s" }
                )
            }
            DvonnEvent::Passed(color) => write!(f, "{color} has no legal move and passes."),
            DvonnEvent::Forfeited(color, Forfeit::Resigned) => write!(f, "{color} resigns."),
            DvonnEvent::Forfeited(color, Forfeit::TimedOut) => {
                write!(f, "{color} has run out of time.")
            }
            DvonnEvent::Forfeited(color, Forfeit::Abandoned) => {
                write!(f, "{color} has abandoned the game.")
            }
            DvonnEvent::GameOver { white, black } => {
                write!(f, "Nobody can move: White {white}, Black {black}.")
            }
        }
    }
}

/// The `/rules dvonn` text.
pub const RULES: &str = "\
**Dvonn** — 2 players, White (seat 1) and Black (seat 2). 49 fields, columns A–K, rows 1–5.
**Setup:** 23 white, 23 black and 3 red DVONN pieces fill the board at random. With option `profi` you place them yourselves, one per turn on any empty field (`G2`): White, Black, White place the three DVONN pieces, then Black and White alternate with their own pieces; White places the last one.
**Moving:** White starts. Move a piece or stack whose top piece is yours in a straight line (6 directions) exactly as many fields as the stack is high, jumping over anything, landing on top of an occupied field (DVONN pieces too): `A2B2` or `A2-B2`. A stack with a DVONN piece on top belongs to nobody. A stack surrounded on all six sides cannot move (edge fields never are).
**Contact:** after every move, all stacks no longer connected through occupied neighbours to a DVONN piece are removed.
**Passing:** with no legal move you pass — the table does it for you; with a legal move you must move.
**End:** when nobody can move, each player counts the pieces in the stacks they control. More wins; equal is a draw.
**Options:** `profi` (manual setup), `time=20m` (chess clock per player; running out loses), `log` (game record for `/log`: Little Golem style, a random setup listed first; numbering starts at each White entry, so with `profi` White's 49th placement stands alone before the first move).";
