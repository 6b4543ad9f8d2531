//! The Dvonn image: the hex board with coordinates, stacks with colour and height, DVONN
//! pieces marked (also inside stacks), the last move highlighted, players, counts and turn.

use askama::Template;

use crate::games::Seat;
use crate::games::dvonn::board::Field;
use crate::games::dvonn::{Color, DvonnView, Phase, Piece};
use crate::render::RenderError;
use crate::render::header::{self, Badge, PlayerLine};
use crate::t;

/// Image width in pixels.
pub const WIDTH: f32 = 1000.0;
/// Image height in pixels.
pub const HEIGHT: f32 = 600.0;
/// Height of the header band.
pub const HEADER: f32 = 80.0;
/// Distance between neighbouring field centres in a row.
pub const SPACING: f32 = 84.0;
/// Radius of a piece.
pub const RADIUS: f32 = 31.0;
const CENTRE: (f32, f32) = (WIDTH / 2.0, 330.0);

/// The pixel centre of a field (row 5 at the top, row 1 at the bottom).
pub fn field_center(field: Field) -> (f32, f32) {
    position(field.row() as f32, field.col() as f32)
}

/// The pixel position of fractional board coordinates (for labels beyond the edge).
fn position(row: f32, col: f32) -> (f32, f32) {
    let row_step = SPACING * 3f32.sqrt() / 2.0;
    (
        CENTRE.0 + (col - 5.0 - (row - 2.0) / 2.0) * SPACING,
        CENTRE.1 - (row - 2.0) * row_step,
    )
}

/// The corners of a pointy-top hexagon around a field, as SVG `points`.
fn hexagon(field: Field, inset: f32) -> String {
    let (x, y) = field_center(field);
    let r = SPACING / 3f32.sqrt() - inset;
    (0..6)
        .map(|k| {
            let angle = (60.0 * k as f32 - 90.0).to_radians();
            format!("{:.1},{:.1}", x + r * angle.cos(), y + r * angle.sin())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A coordinate label.
struct Label {
    x: String,
    y: String,
    text: String,
}

#[derive(Template)]
// askama looks in `templates/` (the shared ones); the game's own templates live in its folder.
#[template(path = "../src/games/dvonn/templates/board.svg")]
struct BoardSvg {
    width: f32,
    height: f32,
    header: f32,
    hexes: Vec<String>,
    labels: Vec<Label>,
}

/// The static board: background, 49 hexagons, coordinates.
pub fn board_svg() -> Result<String, RenderError> {
    let mut labels = Vec::new();
    let mut label = |row: f32, col: f32, text: String| {
        let (x, y) = position(row, col);
        labels.push(Label {
            x: format!("{x:.1}"),
            y: format!("{:.1}", y + 6.0),
            text,
        });
    };
    // Columns run from lower right to upper left: each letter sits just beyond both ends of its
    // column (A–I under row 1, J and K at the lower right; C–K above row 5). Rows are numbered
    // at the left, and at the right where no column letter is in the way (rows 3–5).
    for col in 0..11u8 {
        let in_column: Vec<Field> = Field::all().filter(|f| f.col() == col).collect();
        let letter = ((b'A' + col) as char).to_string();
        if let (Some(low), Some(high)) = (in_column.first(), in_column.last()) {
            label(low.row() as f32 - 0.7, col as f32, letter.clone());
            if high.row() == 4 {
                label(high.row() as f32 + 0.7, col as f32, letter);
            }
        }
    }
    for row in 0..5u8 {
        let in_row: Vec<Field> = Field::all().filter(|f| f.row() == row).collect();
        if let (Some(first), Some(last)) = (in_row.first(), in_row.last()) {
            label(row as f32, first.col() as f32 - 0.75, (row + 1).to_string());
            if row >= 2 {
                label(row as f32, last.col() as f32 + 0.75, (row + 1).to_string());
            }
        }
    }
    BoardSvg {
        width: WIDTH,
        height: HEIGHT,
        header: HEADER,
        hexes: Field::all().map(|f| hexagon(f, 1.5)).collect(),
        labels,
    }
    .render()
    .map_err(|e| RenderError::Template(e.to_string()))
}

/// A piece under the top one, drawn offset as a rim.
struct Layer {
    dy: f32,
    fill: &'static str,
    stroke: &'static str,
}

/// One stack as drawn.
struct StackMark {
    x: f32,
    y: f32,
    layers: Vec<Layer>,
    fill: &'static str,
    stroke: &'static str,
    ink: &'static str,
    dvonn_inside: bool,
    height: Option<usize>,
}

#[derive(Template)]
#[template(path = "../src/games/dvonn/templates/pieces.svg")]
struct PiecesSvg {
    width: f32,
    height: f32,
    header: f32,
    radius: f32,
    players: Vec<Badge>,
    status: String,
    from_mark: Option<String>,
    to_mark: Option<String>,
    arrow: Option<(f32, f32, f32, f32)>,
    stacks: Vec<StackMark>,
}

/// Fill, outline and text colour of a piece.
pub fn colours(piece: Piece) -> (&'static str, &'static str, &'static str) {
    match piece {
        Piece::White => ("#fbfbf7", "#4a4a4a", "#202020"),
        Piece::Black => ("#262626", "#000000", "#f4f4f4"),
        Piece::Dvonn => ("#d0202a", "#7a0d12", "#ffffff"),
    }
}

fn stack_mark(field: Field, stack: &[Piece]) -> Option<StackMark> {
    let top = *stack.last()?;
    let (x, y) = field_center(field);
    let (fill, stroke, ink) = colours(top);
    // Up to three pieces under the top one show as rims below it, bottom-most lowest.
    let below = &stack[..stack.len() - 1];
    let shown = below.len().min(3);
    let layers = below[below.len() - shown..]
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (fill, stroke, _) = colours(*p);
            Layer {
                dy: 4.0 * (shown - i) as f32,
                fill,
                stroke,
            }
        })
        .collect();
    Some(StackMark {
        x,
        y,
        layers,
        fill,
        stroke,
        ink,
        dvonn_inside: top != Piece::Dvonn && below.contains(&Piece::Dvonn),
        height: (stack.len() > 1).then_some(stack.len()),
    })
}

fn status_line(view: &DvonnView) -> String {
    if let Some(outcome) = &view.outcome {
        // Between the two players' badges there is room for their colours, not their names.
        let name = |seat: Seat| Color::from_seat(seat).to_string();
        return t!("dvonn-status-over", verdict = outcome.headline(name));
    }
    match (view.phase, view.to_move, view.next_piece) {
        (Phase::Placement, Some(c), Some(p)) => {
            t!("dvonn-status-setup", color = c.to_string(), piece = p.key())
        }
        (_, Some(c), _) => t!("dvonn-status-to-move", color = c.to_string()),
        _ => String::new(),
    }
}

/// The per-move overlay.
pub fn pieces_svg(view: &DvonnView, names: &[String]) -> Result<String, RenderError> {
    let players = [Color::White, Color::Black]
        .into_iter()
        .map(|c| {
            let (fill, stroke, _) = colours(c.piece());
            let count = view.scores[c.seat()];
            let detail = if view.phase == Phase::Placement {
                t!(
                    "dvonn-detail-placed",
                    color = c.to_string(),
                    placed = view.on_board[c.seat()]
                )
            } else {
                t!("dvonn-detail-pieces", color = c.to_string(), count = count)
            };
            PlayerLine {
                name: names
                    .get(c.seat())
                    .cloned()
                    .unwrap_or_else(|| c.to_string()),
                detail,
                fill,
                stroke,
                to_move: view.to_move == Some(c),
            }
        })
        .collect();
    let last = view.last;
    PiecesSvg {
        width: WIDTH,
        height: HEIGHT,
        header: HEADER,
        radius: RADIUS,
        players: header::layout(WIDTH, players),
        status: status_line(view),
        from_mark: last.and_then(|l| l.from).map(|f| hexagon(f, 4.0)),
        to_mark: last.map(|l| hexagon(l.to, 4.0)),
        arrow: last.and_then(|l| {
            let (x1, y1) = field_center(l.from?);
            let (x2, y2) = field_center(l.to);
            Some((x1, y1, x2, y2))
        }),
        stacks: view
            .fields
            .iter()
            .filter_map(|f| stack_mark(f.field, &f.stack))
            .collect(),
    }
    .render()
    .map_err(|e| RenderError::Template(e.to_string()))
}

impl crate::games::Draw for DvonnView {
    fn describe(&self, players: &[String], _layout: crate::games::Layout) -> String {
        super::describe::describe(self, players)
    }

    fn layers(
        &self,
        players: &[String],
        _layout: crate::games::Layout,
    ) -> Result<Vec<crate::render::SvgLayer>, RenderError> {
        use crate::render::SvgLayer;
        Ok(vec![
            SvgLayer::Cached {
                key: "dvonn board",
                make: board_svg,
            },
            SvgLayer::Svg(pieces_svg(self, players)?),
        ])
    }
}
