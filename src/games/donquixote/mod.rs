//! DonQuixote (Reinhard Staupe) for 1–4 players, per `docs/rules/donquixote.md`: every player builds
//! a principality of 22 path tiles on the same random fields, three scorings. With several
//! players the placements of a step are secret until everybody has placed (§4.3).
//!
//! - [`tiles`]: the 22 path tiles (Table A as data), turning, effective halves;
//! - [`board`]: fields `A1`..`H3`, half-cells, castles, one player's board;
//! - [`notation`]: move text (`7`, `12r`, `place 12 turned`);
//! - [`scoring`]: scoring *k* with a breakdown per category;
//! - [`rules`]: the reducer ([`DonQuixote`] implements [`Game`](crate::games::Game));
//! - `secrets`: who may see what (a placement before its step is complete);
//! - [`view`]: what a viewer sees.

pub mod board;
mod describe;
pub mod draw;
mod engine;
pub mod notation;
pub mod rules;
pub mod scoring;
mod secrets;
mod state;
pub mod tiles;
pub mod view;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use board::{Board, Castle, Field, HalfCell};
pub use notation::Move;
pub use rules::{DonQuixote, InvalidSetup};
pub use scoring::{Scoring, score};
pub use tiles::{Arms, Half, LAST, Placement, Symbol, halves};
pub use view::{BoardView, DonQuixoteView, PlacedTile};

use crate::games::{Forfeit, GameOptions, OptionError, Seat};
use crate::t;

/// A seat's colour: Red, Blue, Green, Yellow in seat order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Seat 1.
    Red,
    /// Seat 2.
    Blue,
    /// Seat 3.
    Green,
    /// Seat 4.
    Yellow,
}

impl Color {
    /// Every colour in seat order.
    pub const ALL: [Color; 4] = [Color::Red, Color::Blue, Color::Green, Color::Yellow];

    /// The colour of a seat (seats beyond 4 wrap around; the game has at most 4).
    pub fn from_seat(seat: Seat) -> Color {
        Color::ALL[seat % Color::ALL.len()]
    }

    /// The seat of the colour (Red 0, Blue 1, Green 2, Yellow 3).
    pub fn seat(self) -> Seat {
        self as Seat
    }

    /// The colour's name in the current language (the seat label, announcements, descriptions,
    /// the record). [`Display`](fmt::Display) gives the English name.
    pub fn name(self) -> String {
        match self {
            Color::Red => t!("donquixote-red"),
            Color::Blue => t!("donquixote-blue"),
            Color::Green => t!("donquixote-green"),
            Color::Yellow => t!("donquixote-yellow"),
        }
    }
}

/// The English name, in every language (logs and tests; players read [`Color::name`]).
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Red => "Red",
            Color::Blue => "Blue",
            Color::Green => "Green",
            Color::Yellow => "Yellow",
        })
    }
}

/// DonQuixote's options: none besides the table's own (`time=…`, `log`, …).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DonQuixoteOptions {}

impl GameOptions for DonQuixoteOptions {
    const HELP: &'static [(&'static str, &'static str)] = &[];

    fn set(&mut self, word: &str) -> Result<(), OptionError> {
        Err(OptionError(t!("donquixote-no-option", word = word)))
    }

    fn words(&self) -> Vec<String> {
        Vec::new()
    }
}

/// `1–9` for round 1, and so on.
fn tile_range(round: u8) -> String {
    let tiles = tiles::round_tiles(round);
    format!("{}–{}", tiles.start(), tiles.end())
}

/// Why a DonQuixote move was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DonQuixoteError {
    /// The game has ended.
    GameOver,
    /// No such seat at the table.
    NoSuchSeat(Seat),
    /// The seat resigned or ran out of time.
    Left,
    /// The seat has already placed on the revealed field (the words name the field only: the
    /// tile may still be hidden from the others).
    AlreadyPlaced {
        /// The revealed field.
        field: Field,
        /// What the seat put there.
        placement: Placement,
    },
    /// The move named a field.
    FieldNamed {
        /// The field typed.
        typed: Field,
        /// The revealed field, where every tile goes.
        revealed: Field,
        /// The tile typed with it, if any.
        placement: Option<Placement>,
    },
    /// Not a tile id.
    NoSuchTile(u8),
    /// The tile lies on the board already.
    TileUsed {
        /// The tile.
        tile: u8,
        /// Where it lies.
        field: Field,
    },
    /// The tile belongs to another round's set.
    WrongRound {
        /// The tile.
        tile: u8,
        /// Its round.
        tile_round: u8,
        /// The current round.
        round: u8,
    },
    /// Tile 22 before the last step.
    LastTooEarly {
        /// Steps to play before the final one.
        steps_left: usize,
    },
}

impl fmt::Display for DonQuixoteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            DonQuixoteError::GameOver => t!("donquixote-error-game-over"),
            DonQuixoteError::NoSuchSeat(seat) => t!("donquixote-no-such-seat", seat = seat + 1),
            DonQuixoteError::Left => t!("donquixote-left"),
            DonQuixoteError::AlreadyPlaced { field, .. } => {
                t!("donquixote-already-placed", field = field.to_string())
            }
            DonQuixoteError::FieldNamed {
                typed,
                revealed,
                placement,
            } => field_named(*typed, *revealed, *placement),
            DonQuixoteError::NoSuchTile(tile) => t!("donquixote-no-such-tile", tile = tile),
            DonQuixoteError::TileUsed { tile, field } => t!(
                "donquixote-tile-used",
                tile = tile,
                field = field.to_string()
            ),
            DonQuixoteError::WrongRound {
                tile,
                tile_round,
                round,
            } => t!(
                "donquixote-wrong-round",
                tile = tile,
                tile_round = tile_round,
                tiles = tile_range(*round)
            ),
            DonQuixoteError::LastTooEarly { steps_left } => {
                t!("donquixote-last-too-early", steps = steps_left)
            }
        };
        f.write_str(&text)
    }
}

impl std::error::Error for DonQuixoteError {}

fn field_named(typed: Field, revealed: Field, placement: Option<Placement>) -> String {
    let example = placement.map_or_else(|| t!("donquixote-example"), |p| format!("`{p}`"));
    if typed == revealed {
        t!(
            "donquixote-field-not-needed",
            revealed = revealed.to_string(),
            example = example
        )
    } else {
        t!(
            "donquixote-field-not-yours",
            revealed = revealed.to_string(),
            typed = typed.to_string(),
            example = example
        )
    }
}

/// Who sees a placement when it is made (the words of [`DonQuixoteEvent::Placed`] follow it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Secrecy {
    /// Everybody at once: a solitaire.
    Open,
    /// The placer alone, in a game of several seats; others still have to place, so the tile
    /// stays hidden until the step is complete.
    Hidden,
    /// The placer alone, in a game of several seats; the placement completes the step, whose
    /// placements are revealed at once ([`DonQuixoteEvent::StepPlaced`] follows).
    Completing,
}

/// What happened in a DonQuixote move. Who hears which is decided in `secrets.rs`: in a game of
/// several seats [`Placed`](DonQuixoteEvent::Placed) goes to the placer alone, the others hear
/// [`HasPlaced`](DonQuixoteEvent::HasPlaced) and, once the step is complete,
/// [`StepPlaced`](DonQuixoteEvent::StepPlaced).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DonQuixoteEvent {
    /// A player placed a tile on the revealed field.
    Placed {
        /// Who.
        color: Color,
        /// Which tile, how turned.
        placement: Placement,
        /// Where.
        field: Field,
        /// Whether the others see it now.
        secrecy: Secrecy,
    },
    /// In a game of several seats: a player has placed, the tile stays hidden until every
    /// active seat has placed.
    HasPlaced {
        /// Who.
        color: Color,
        /// Active seats that have placed on the revealed field.
        placed: usize,
        /// Active seats.
        of: usize,
    },
    /// In a game of several seats: every active seat has placed, and the step's placements are
    /// revealed together (a seat that left after placing included).
    StepPlaced {
        /// The field of the step.
        field: Field,
        /// Each placement, in seat order.
        placements: Vec<(Color, Placement)>,
    },
    /// The next position card.
    Revealed {
        /// The field everybody places on now.
        field: Field,
        /// The round, 1–3.
        round: u8,
        /// The step within the round, 1-based.
        step: usize,
        /// Steps in this round.
        steps: usize,
    },
    /// One player's board was scored.
    Scored {
        /// Whose board.
        color: Color,
        /// The breakdown.
        scoring: Scoring,
        /// The castles (6 first), for the breakdown.
        castles: [Castle; 2],
        /// The running total after this scoring.
        total: i64,
    },
    /// A player resigned or ran out of time.
    Forfeited {
        /// Who.
        color: Color,
        /// Why.
        reason: Forfeit,
    },
    /// The game is over.
    GameOver {
        /// Per seat: colour, total, rank.
        results: Vec<(Color, i64, u8)>,
    },
}

impl fmt::Display for DonQuixoteEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DonQuixoteEvent::Placed {
                color,
                placement,
                field,
                secrecy,
            } => {
                let (color, tile, field) = (color.name(), placement.tile, field.to_string());
                let text = match (secrecy, placement.turned) {
                    (Secrecy::Open, false) => t!(
                        "donquixote-placed",
                        color = &color,
                        tile = tile,
                        field = &field
                    ),
                    (Secrecy::Open, true) => t!(
                        "donquixote-placed-turned",
                        color = &color,
                        tile = tile,
                        field = &field
                    ),
                    (_, false) => t!("donquixote-placed-own", tile = tile, field = &field),
                    (_, true) => t!("donquixote-placed-own-turned", tile = tile, field = &field),
                };
                f.write_str(&text)?;
                if *secrecy == Secrecy::Hidden {
                    write!(f, " {}", t!("donquixote-placed-hidden"))?;
                }
                Ok(())
            }
            DonQuixoteEvent::HasPlaced { color, placed, of } => f.write_str(&t!(
                "donquixote-has-placed",
                color = color.name(),
                placed = placed,
                of = of
            )),
            DonQuixoteEvent::StepPlaced { field, placements } => {
                let list: Vec<String> = placements
                    .iter()
                    .map(|(color, p)| {
                        let (color, tile) = (color.name(), p.tile);
                        if p.turned {
                            t!("donquixote-step-placed-turned", color = color, tile = tile)
                        } else {
                            t!("donquixote-step-placed-one", color = color, tile = tile)
                        }
                    })
                    .collect();
                f.write_str(&t!(
                    "donquixote-step-placed",
                    field = field.to_string(),
                    list = list.join(", ")
                ))
            }
            DonQuixoteEvent::Revealed {
                field,
                round,
                step,
                steps,
            } => {
                if *step == 1 {
                    let begins = t!(
                        "donquixote-round-begins",
                        round = round,
                        tiles = tile_range(*round)
                    );
                    write!(f, "{begins} ")?;
                }
                let field = field.to_string();
                if *round == 3 && step == steps {
                    f.write_str(&t!("donquixote-final-step", field = &field))
                } else {
                    f.write_str(&t!(
                        "donquixote-step",
                        step = step,
                        steps = steps,
                        field = &field
                    ))
                }
            }
            DonQuixoteEvent::Scored {
                color,
                scoring,
                castles,
                total,
            } => {
                let k = scoring.k;
                let castle_text: Vec<String> = castles
                    .iter()
                    .zip(&scoring.castle_knights)
                    .map(|(c, n)| {
                        t!(
                            "donquixote-castle-knights",
                            value = c.value,
                            field = c.field.to_string(),
                            knights = n
                        )
                    })
                    .collect();
                let text = t!(
                    "donquixote-scored",
                    k = k,
                    color = color.name(),
                    churches = scoring.churches,
                    windmills = scoring.windmills,
                    castles = scoring.castles,
                    castle_list = castle_text.join(", "),
                    land = scoring.land,
                    strength = scoring.land_strength,
                    strength_needed = 4 * k,
                    knight_group = scoring.knight_group,
                    points = scoring.total,
                    total = total
                );
                f.write_str(&text)
            }
            DonQuixoteEvent::Forfeited { color, reason } => {
                let color = color.name();
                let text = match reason {
                    Forfeit::Resigned => t!("donquixote-forfeit-resigned", color = &color),
                    Forfeit::TimedOut => t!("donquixote-forfeit-timed-out", color = &color),
                    Forfeit::Abandoned => t!("donquixote-forfeit-abandoned", color = &color),
                    // The table says once why the computer players stop.
                    Forfeit::Stopped => String::new(),
                };
                f.write_str(&text)
            }
            // The table announces the result once, in its own words; the game adds only what
            // those cannot say: equal totals ranked by the third scoring.
            DonQuixoteEvent::GameOver { results } => {
                let broken: Vec<String> = results
                    .iter()
                    .filter(|(_, total, rank)| {
                        results.iter().any(|(_, t, r)| t == total && r != rank)
                    })
                    .map(|(c, _, _)| c.name())
                    .collect();
                let text = match broken.as_slice() {
                    [] => String::new(),
                    tied => {
                        let colors = tied
                            .iter()
                            .cloned()
                            .reduce(|a, b| t!("donquixote-and", first = a, second = b))
                            .unwrap_or_default();
                        t!("donquixote-game-over-tie", colors = colors)
                    }
                };
                f.write_str(&text)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_options() {
        let mut o = DonQuixoteOptions::default();
        assert!(o.set("profi").unwrap_err().0.contains("profi"));
        assert!(o.words().is_empty());
        assert!(DonQuixoteOptions::HELP.is_empty());
    }

    #[test]
    fn colours_follow_the_seats() {
        let names: Vec<String> = (0..4).map(|s| Color::from_seat(s).to_string()).collect();
        assert_eq!(names, ["Red", "Blue", "Green", "Yellow"]);
        for seat in 0..4 {
            assert_eq!(Color::from_seat(seat).seat(), seat);
        }
    }
}
