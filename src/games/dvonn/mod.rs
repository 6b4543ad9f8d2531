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
pub mod position;

pub use board::Field;
pub use notation::Move;
pub use rules::{Dvonn, Phase};
pub use view::DvonnView;

use crate::games::{Forfeit, GameOptions, OptionError, Seat};
use crate::t;

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

impl Color {
    /// The colour's name in English, as the game record writes it (never translated).
    pub fn english(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// The colour's name in the current language (the seat label).
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            Color::White => t!("dvonn-white"),
            Color::Black => t!("dvonn-black"),
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

    /// The piece's selector value in the messages: `white`, `black` or `dvonn`.
    pub(crate) fn key(self) -> &'static str {
        match self {
            Piece::White => "white",
            Piece::Black => "black",
            Piece::Dvonn => "dvonn",
        }
    }
}

/// "white piece", in the current language.
impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&t!("dvonn-piece", piece = self.key()))
    }
}

/// Dvonn's options.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DvonnOptions {
    /// Manual setup: the players place the 49 pieces themselves.
    pub profi: bool,
}

impl GameOptions for DvonnOptions {
    const HELP: &'static [(&'static str, &'static str)] = &[("profi", "option-dvonn-profi")];

    fn set(&mut self, word: &str) -> Result<(), OptionError> {
        match word {
            "profi" => {
                self.profi = true;
                Ok(())
            }
            _ => Err(OptionError(t!("dvonn-no-option", word = word))),
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DvonnError {
    /// The game has ended.
    GameOver,
    /// Somebody else is to move.
    NotYourTurn(Color),
    /// A move was typed during the setup.
    StillSetup(Move),
    /// A placement was typed after the setup.
    SetupOver(Move),
    /// Placement on an occupied field.
    Occupied(Field),
    /// Nothing to move there.
    Empty(Field),
    /// A DVONN piece on top: nobody's stack.
    DvonnOnTop(Field),
    /// The opponent's stack.
    NotYours {
        /// The field.
        field: Field,
        /// Who controls it.
        owner: Color,
        /// The mover.
        you: Color,
    },
    /// Surrounded on all six sides.
    Surrounded(Field),
    /// From and to coincide.
    SameField(Field),
    /// Not one of the six directions.
    NotStraight {
        /// Start.
        from: Field,
        /// Target.
        to: Field,
    },
    /// Distance differs from the stack height.
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
    EmptyTarget(Field),
    /// Passing with a legal move available.
    MayNotPass(Move),
}

impl fmt::Display for DvonnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            DvonnError::GameOver => t!("dvonn-error-game-over"),
            DvonnError::NotYourTurn(color) => {
                t!("dvonn-error-not-your-turn", color = color.to_string())
            }
            DvonnError::StillSetup(example) => {
                t!("dvonn-error-still-setup", example = example.to_string())
            }
            DvonnError::SetupOver(example) => {
                t!("dvonn-error-setup-over", example = example.to_string())
            }
            DvonnError::Occupied(field) => t!("dvonn-error-occupied", field = field.to_string()),
            DvonnError::Empty(field) => t!("dvonn-error-empty", field = field.to_string()),
            DvonnError::DvonnOnTop(field) => {
                t!("dvonn-error-dvonn-on-top", field = field.to_string())
            }
            DvonnError::NotYours { field, owner, you } => t!(
                "dvonn-error-not-yours",
                field = field.to_string(),
                owner = owner.to_string(),
                you = you.to_string()
            ),
            DvonnError::Surrounded(field) => {
                t!("dvonn-error-surrounded", field = field.to_string())
            }
            DvonnError::SameField(field) => {
                t!("dvonn-error-same-field", field = field.to_string())
            }
            DvonnError::NotStraight { from, to } => t!(
                "dvonn-error-not-straight",
                from = from.to_string(),
                to = to.to_string()
            ),
            DvonnError::WrongDistance {
                from,
                to,
                height,
                distance,
            } => t!(
                "dvonn-error-wrong-distance",
                from = from.to_string(),
                to = to.to_string(),
                height = height,
                distance = distance
            ),
            DvonnError::EmptyTarget(field) => {
                t!("dvonn-error-empty-target", field = field.to_string())
            }
            DvonnError::MayNotPass(example) => {
                t!("dvonn-error-may-not-pass", example = example.to_string())
            }
        };
        f.write_str(&text)
    }
}

impl std::error::Error for DvonnError {}

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
        let text = match self {
            DvonnEvent::Placed {
                color,
                piece,
                field,
            } => t!(
                "dvonn-placed",
                color = color.to_string(),
                piece = piece.key(),
                field = field.to_string()
            ),
            DvonnEvent::SetupDone => t!("dvonn-setup-done"),
            DvonnEvent::Moved {
                color,
                from,
                to,
                height,
            } => t!(
                "dvonn-moved",
                color = color.to_string(),
                from = from.to_string(),
                to = to.to_string(),
                height = height
            ),
            DvonnEvent::Removed { fields, pieces } => {
                let names: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
                t!("dvonn-removed", fields = names.join(", "), pieces = pieces)
            }
            DvonnEvent::Passed(color) => t!("dvonn-passed", color = color.to_string()),
            DvonnEvent::Forfeited(color, Forfeit::Resigned) => {
                t!("dvonn-resigned", color = color.to_string())
            }
            DvonnEvent::Forfeited(color, Forfeit::TimedOut) => {
                t!("dvonn-timed-out", color = color.to_string())
            }
            DvonnEvent::Forfeited(color, Forfeit::Abandoned) => {
                t!("dvonn-abandoned", color = color.to_string())
            }
            // The table says once why the computer players stop.
            DvonnEvent::Forfeited(_, Forfeit::Stopped) => String::new(),
            DvonnEvent::GameOver { white, black } => {
                t!("dvonn-game-over", white = white, black = black)
            }
        };
        f.write_str(&text)
    }
}
