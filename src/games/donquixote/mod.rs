//! DonQuixote (Reinhard Staupe) for 1–4 players, per `docs/rules/donquixote.md`: every player builds
//! a principality of 22 path tiles on the same random fields, three scorings.
//!
//! - [`tiles`]: the 22 path tiles (Table A as data), turning, effective halves;
//! - [`board`]: fields `A1`..`H3`, half-cells, castles, one player's board;
//! - [`notation`]: move text (`7`, `12r`, `place 12 turned`);
//! - [`scoring`]: scoring *k* with a breakdown per category;
//! - [`rules`]: the reducer ([`DonQuixote`] implements [`Game`](crate::games::Game));
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
}

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
        Err(OptionError(format!("DonQuixote has no option `{word}`")))
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
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DonQuixoteError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// No such seat at the table.
    #[error("seat {} is not at this table", .0 + 1)]
    NoSuchSeat(Seat),
    /// The seat resigned or ran out of time.
    #[error("you have left this game and place no more tiles")]
    Left,
    /// The seat has already placed on the revealed field.
    #[error("you have already placed {placement} on {field}; waiting for the others")]
    AlreadyPlaced {
        /// The revealed field.
        field: Field,
        /// What the seat put there.
        placement: Placement,
    },
    /// The move named a field.
    #[error("{}", field_named(*typed, *revealed, *placement))]
    FieldNamed {
        /// The field typed.
        typed: Field,
        /// The revealed field, where every tile goes.
        revealed: Field,
        /// The tile typed with it, if any.
        placement: Option<Placement>,
    },
    /// Not a tile id.
    #[error("there is no tile {0}; the tiles are numbered 1–22")]
    NoSuchTile(u8),
    /// The tile lies on the board already.
    #[error("tile {tile} is already on {field}")]
    TileUsed {
        /// The tile.
        tile: u8,
        /// Where it lies.
        field: Field,
    },
    /// The tile belongs to another round's set.
    #[error("tile {tile} belongs to round {tile_round}; this round you place tiles {}", tile_range(*round))]
    WrongRound {
        /// The tile.
        tile: u8,
        /// Its round.
        tile_round: u8,
        /// The current round.
        round: u8,
    },
    /// Tile 22 before the last step.
    #[error(
        "tile 22 is the LAST tile: it goes on the board in the final step only, {steps_left} step{} from now",
        if *steps_left == 1 { "" } else { "s" }
    )]
    LastTooEarly {
        /// Steps to play before the final one.
        steps_left: usize,
    },
}

fn field_named(typed: Field, revealed: Field, placement: Option<Placement>) -> String {
    let example = placement.map_or_else(|| "`7` or `7r`".to_string(), |p| format!("`{p}`"));
    if typed == revealed {
        format!(
            "no need to name the field: every tile goes on the revealed field {revealed}; type just the tile, e.g. {example}"
        )
    } else {
        format!(
            "you don't choose the field: this step every tile goes on the revealed field {revealed}, not {typed}; type just the tile, e.g. {example}"
        )
    }
}

/// What happened in a DonQuixote move.
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

fn plural(n: impl Into<u64>, word: &str) -> String {
    let n = n.into();
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

impl fmt::Display for DonQuixoteEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DonQuixoteEvent::Placed {
                color,
                placement,
                field,
            } => {
                let turned = if placement.turned { " turned" } else { "" };
                write!(
                    f,
                    "{color} places tile {}{turned} on {field}.",
                    placement.tile
                )
            }
            DonQuixoteEvent::Revealed {
                field,
                round,
                step,
                steps,
            } => {
                if *step == 1 {
                    write!(f, "Round {round} (tiles {}). ", tile_range(*round))?;
                }
                if *round == 3 && step == steps {
                    write!(
                        f,
                        "Final step: everyone places tile 22 (LAST) on {field} — `22` or `22r`."
                    )
                } else {
                    write!(
                        f,
                        "Step {step} of {steps}: everyone places a tile on {field}."
                    )
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
                        format!("{}-castle {} {}", c.value, c.field, plural(*n, "knight"))
                    })
                    .collect();
                write!(
                    f,
                    "Scoring {k}, {color}: churches {}, windmills {}, castles {} ({}; {k} needed), \
                     land defence {} (strength {}, {} needed)",
                    scoring.churches,
                    scoring.windmills,
                    scoring.castles,
                    castle_text.join(", "),
                    scoring.land,
                    scoring.land_strength,
                    4 * k,
                )?;
                if k == 3 {
                    write!(f, ", largest knight group {}", scoring.knight_group)?;
                }
                write!(f, " = {} points; total {total}.", scoring.total)
            }
            DonQuixoteEvent::Forfeited { color, reason } => {
                let what = match reason {
                    Forfeit::Resigned => "resigns",
                    Forfeit::TimedOut => "has run out of time",
                    Forfeit::Abandoned => "has abandoned the game",
                };
                write!(
                    f,
                    "{color} {what}: no more tiles for {color}, whose board is still scored."
                )
            }
            DonQuixoteEvent::GameOver { results } => {
                let list: Vec<String> = results
                    .iter()
                    .map(|(c, total, _)| format!("{c} {total}"))
                    .collect();
                write!(f, "Game over: {}", list.join(", "))?;
                if results.len() > 1 {
                    let best: Vec<String> = results
                        .iter()
                        .filter(|r| r.2 == 1)
                        .map(|r| r.0.to_string())
                        .collect();
                    match best.as_slice() {
                        [one] => write!(f, " — {one} wins")?,
                        many => write!(f, " — {} share the victory", many.join(" and "))?,
                    }
                }
                write!(f, ".")
            }
        }
    }
}

/// The `/rules donquixote` text.
pub const RULES: &str = "\
**DonQuixote** — 1–4 players (Red, Blue, Green, Yellow); alone you play for the highest score.
**Board:** everyone builds their own principality: 24 fields, columns A–H, rows 1–3 (row 1 north), each with a top and a bottom half. A 6-castle and a 4-castle stand on the same two random fields on every board, never touching.
**Tiles:** everyone holds the same 22 path tiles: round 1 tiles 1–9, round 2 tiles 10–16, round 3 tiles 17–22. Each half has roads (arms to N, E, S, W) and at most one church, windmill or knight (shield 1–3).
**Play:** a position card shows a field, the same for all. Everyone places one tile of the current round there, as printed (`7`) or turned by 180° (`7r`, `place 7 turned`); you never choose the field. Placements are simultaneous and public; when all have placed, the next card comes. Rounds have 9, 7 and 6 steps; tile 22 (LAST) only fits the very last step.
**Roads:** halves connect where arms meet: E–W side by side, a bottom half with the top half below, the two halves of a tile through its link. Castles separate roads: a castle joins only the roads of the top halves west (E arm) and east (W arm) of it.
**Scoring** after round k = 1, 2, 3:
• churches: per road group 2 for two, 2 each for three or more; windmills alike; never mixed;
• castle: its value if ≥ k different knights connect to it (a knight may serve both);
• land defence: 5 if knights whose own half has a road straight off the board edge have shields ≥ 4k;
• scoring 3 only: the shields of the strongest connected knight group.
**End:** highest total wins; a tie goes to the higher scoring 3, else it is shared. Who resigns or times out places no more tiles, is still scored and ranks last.
**Edition:** the original tiles are unpublished: the 22-tile set, the LAST details and the scoring-3 tie-break are this project's edition choices.
**Record** (`log`): castles, cards, then per player `round 1: D1=3r H3=1 …` (field=tile in play order, `r` turned) and each scoring by category.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_fit_one_chat_message() {
        assert!(RULES.chars().count() < 2000, "{}", RULES.chars().count());
    }

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
    }
}
