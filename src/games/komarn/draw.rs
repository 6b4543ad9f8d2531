//! The Banner von Komarn image: the river as a band of 54 areas winding in three rows (the left
//! bank stays on the left of the flow), soldiers by colour, camps, Morlocks, the 26 points
//! (towers with their garrison, maidens, cities with values), every banner outlined in its
//! commander's colour with its value, the last turn marked; below, money and supplies per
//! player, the Hurenweibel, the discard pile, the bag and any claim. A private image adds the
//! viewer's hand.

use crate::games::Layout;
use crate::games::Seat;
use crate::games::komarn::{Color, Content, KomarnView, PendingView, PointKind, Side};
use crate::games::words::labelled;
use crate::render::RenderError;
use crate::render::drawing::{Drawing, Layer, Paint, Style, area};
use crate::t;

/// Image width.
pub const WIDTH: f32 = 1000.0;
const HEADER: f32 = 56.0;
const INK: &str = "#2b2418";
const SEATS: [&str; 4] = ["#c8362d", "#2f5ea8", "#3d8c40", "#d9a51e"];
/// Areas per row of the band, cell size, row pitch.
const PER_ROW: u8 = 18;
const CELL: (f32, f32) = (50.0, 30.0);
const LEFT: f32 = 50.0;
const TOP: f32 = HEADER + 40.0;
const PITCH: f32 = 3.0 * CELL.1 + 64.0;
const SYMBOLS: &str = include_str!("symbols.svg");

/// The colour a seat's pieces are drawn in: its colour in the game (the turn order's), the one
/// the text names.
fn seat_colour(view: &KomarnView, seat: Seat) -> &'static str {
    let color = view.players.get(seat).map_or(Color::Red, |p| p.color);
    SEATS[Color::ALL.iter().position(|c| *c == color).unwrap_or(0) % SEATS.len()]
}

/// The name of a seat's colour, as the text says it.
fn colour_word(view: &KomarnView, seat: Seat) -> String {
    view.players
        .get(seat)
        .map(|p| p.color.name())
        .unwrap_or_default()
}

fn name(names: &[String], seat: Seat) -> String {
    crate::render::short_name(names.get(seat).map_or("?", String::as_str), 14)
}

/// Whether the band runs right to left in the row of `area`.
fn reversed(area: u8) -> bool {
    ((area - 1) / PER_ROW) % 2 == 1
}

/// The top-left corner of a field's cell (for tests).
pub fn field_cell(area: u8, side: Side) -> (f32, f32) {
    let row = f32::from((area - 1) / PER_ROW);
    let col = (area - 1) % PER_ROW;
    let col = if reversed(area) {
        PER_ROW - 1 - col
    } else {
        col
    };
    let x = LEFT + f32::from(col) * CELL.0;
    // Going right the left bank is on top; going left (after a bend) it is below.
    let lane = match (side, reversed(area)) {
        (Side::F, _) => 1.0,
        (Side::L, false) | (Side::R, true) => 0.0,
        _ => 2.0,
    };
    (x, TOP + row * PITCH + lane * CELL.1)
}

fn centre(area: u8, side: Side) -> (f32, f32) {
    let (x, y) = field_cell(area, side);
    (x + CELL.0 / 2.0, y + CELL.1 / 2.0)
}

/// Where a point sits: on the outer side of its bank, between its area and the next.
fn point_at(area: u8, bank: Side) -> (f32, f32) {
    let (x1, y1) = field_cell(area, bank);
    let (x2, _) = field_cell(area + 1, bank);
    let x = (x1 + x2) / 2.0 + CELL.0 / 2.0;
    let outer_top = y1 == field_cell(area, bank).1 && {
        let (_, f) = field_cell(area, Side::F);
        y1 < f
    };
    let y = if outer_top {
        y1 - 13.0
    } else {
        y1 + CELL.1 + 13.0
    };
    // A point between the last area of a row and the first of the next sits at the bend.
    if (area - 1) / PER_ROW != area / PER_ROW {
        let edge = if reversed(area) {
            LEFT - 20.0
        } else {
            LEFT + f32::from(PER_ROW) * CELL.0 + 20.0
        };
        return (edge, y1 + CELL.1 / 2.0);
    }
    (x, y)
}

fn status(view: &KomarnView, names: &[String]) -> String {
    if let Some(o) = &view.outcome {
        let name = |s: Seat| labelled(names, s, &colour_word(view, s), 14);
        return t!("komarn-draw-over", verdict = o.headline(name));
    }
    match &view.pending {
        PendingView::Play(s) if view.last_round => {
            t!("komarn-draw-to-play-last-round", player = name(names, *s))
        }
        PendingView::Play(s) => t!("komarn-draw-to-play", player = name(names, *s)),
        PendingView::Morlock(s) => t!("komarn-draw-drew-morlock", player = name(names, *s)),
        PendingView::Claim(s) => t!("komarn-draw-claims", player = name(names, *s)),
        PendingView::Expose { challenger, .. } => {
            t!("komarn-draw-challenges", player = name(names, *challenger))
        }
        PendingView::Strike { chooser, loser } => t!(
            "komarn-draw-strikes",
            chooser = name(names, *chooser),
            loser = name(names, *loser)
        ),
        PendingView::Over => String::new(),
    }
}

/// The SVG of a Komarn image.
pub fn svg(view: &KomarnView, names: &[String], layout: Layout) -> Result<String, RenderError> {
    let rows = f32::from(view.areas.div_ceil(PER_ROW));
    let panel_y = TOP + rows * PITCH + 4.0;
    let n = view.players.len();
    let private = match layout {
        Layout::Hand(s) | Layout::Seat(s) => Some(s),
        Layout::Table => None,
    };
    let mut height = panel_y + n as f32 * 30.0 + 70.0;
    if view.final_payouts.is_some() {
        height += 30.0 + n as f32 * 22.0;
    }
    if private.is_some() {
        height += 50.0;
    }
    let mut d = Drawing::new(WIDTH, height, "#eef0e2", SYMBOLS);
    d.rect(
        Layer::Ground,
        area(0.0, 0.0, WIDTH, HEADER),
        Paint::fill("#243b4a"),
    );
    d.label(
        (20.0, 36.0),
        20.0,
        "Banner von Komarn",
        Style::PLAIN.bold().colour("#fdf6e3"),
    );
    d.label(
        (WIDTH - 20.0, 36.0),
        16.0,
        status(view, names),
        Style::PLAIN.colour("#ffd35c").right(),
    );

    // The banks named at both ends of every row, as moves name them (`17L`, `17R`): the left
    // bank is the one on the left looking downstream (from area 1 to the last).
    for row in 0..view.areas.div_ceil(PER_ROW) {
        let first = row * PER_ROW + 1;
        for side in [Side::L, Side::R] {
            let (_, y) = field_cell(first, side);
            let word = if side == Side::L { "L" } else { "R" };
            for x in [LEFT - 38.0, LEFT + f32::from(PER_ROW) * CELL.0 + 38.0] {
                d.label(
                    (x, y + CELL.1 / 2.0 + 4.0),
                    12.0,
                    word,
                    Style::PLAIN.bold().colour("#5a6a3a").centred(),
                );
            }
        }
    }
    // The river band: banks, river, area numbers; bends between the rows.
    for f in &view.fields {
        let (x, y) = field_cell(f.area, f.side);
        let ground = if f.side == Side::F {
            "#9cc7e4"
        } else {
            "#d9e4b8"
        };
        d.rect(
            Layer::Ground,
            area(x, y, CELL.0, CELL.1),
            Paint::fill(ground).stroke("#8a9a6a", 0.8),
        );
        match f.content {
            Content::Soldier(s) => d.circle(
                Layer::Pieces,
                centre(f.area, f.side),
                10.0,
                Paint::fill(seat_colour(view, s)).stroke(INK, 1.5),
            ),
            Content::Camp => d.symbol("camp", centre(f.area, f.side), 1.0),
            Content::Morlock => d.symbol("morlock", centre(f.area, f.side), 1.0),
            Content::Empty => {}
        }
        if f.side == Side::F {
            let (cx, cy) = centre(f.area, Side::F);
            let ink = if matches!(f.content, Content::Empty) {
                "#2f5a7a"
            } else {
                "#ffffff"
            };
            if matches!(f.content, Content::Empty) {
                d.label(
                    (cx, cy + 5.0),
                    13.0,
                    f.area.to_string(),
                    Style::PLAIN.bold().colour(ink).centred(),
                );
            }
        }
    }
    for row in 0..(rows as u8).saturating_sub(1) {
        let last = (row + 1) * PER_ROW;
        let (x, y) = field_cell(last, Side::F);
        let (_, y2) = field_cell(last + 1, Side::F);
        let bx = if reversed(last) {
            x - 10.0
        } else {
            x + CELL.0 + 10.0
        };
        d.line(
            Layer::Paths,
            (bx, y + CELL.1 / 2.0),
            (bx, y2 + CELL.1 / 2.0),
            "#9cc7e4",
            CELL.1,
        );
    }

    // Banners: an outline around every field in the commander's colour, the value at the first.
    for b in &view.banners {
        let colour = b.commander.map_or("#6b6b6b", |s| seat_colour(view, s));
        for (a, side) in &b.fields {
            let (x, y) = field_cell(*a, *side);
            d.rect(
                Layer::Marks,
                area(x + 1.5, y + 1.5, CELL.0 - 3.0, CELL.1 - 3.0),
                Paint::outline(colour, 3.0),
            );
        }
        if let Some((a, side)) = b.fields.iter().min() {
            let (x, y) = field_cell(*a, *side);
            if b.commander.is_some() {
                d.symbol("weibel", (x + 8.0, y + 9.0), 0.8);
            }
            d.rounded(
                Layer::Marks,
                area(x + CELL.0 - 20.0, y + 1.0, 19.0, 13.0),
                3.0,
                Paint::fill(colour),
            );
            d.label(
                (x + CELL.0 - 10.5, y + 11.0),
                10.0,
                b.value.to_string(),
                Style::PLAIN.bold().colour("#ffffff").centred(),
            );
        }
    }
    // The last turn.
    if let Some(last) = &view.last {
        for (a, side) in &last.fields {
            let (x, y) = field_cell(*a, *side);
            d.rect(
                Layer::Marks,
                area(x + 5.0, y + 5.0, CELL.0 - 10.0, CELL.1 - 10.0),
                Paint::outline("#ffb000", 2.0).dashed(),
            );
        }
    }
    // Points.
    for p in &view.points {
        let at = point_at(p.area, p.bank);
        match p.kind {
            PointKind::Tower => {
                d.symbol("tower", at, 0.9);
                if let Some(g) = p.garrison {
                    d.circle(
                        Layer::Marks,
                        (at.0, at.1 + 1.0),
                        5.0,
                        Paint::fill(seat_colour(view, g)).stroke(INK, 1.0),
                    );
                }
            }
            PointKind::Maiden => d.symbol("maiden", at, 0.9),
            PointKind::City(value) => {
                d.symbol("city", at, 0.9);
                d.label(
                    (at.0, at.1 + 4.0),
                    10.0,
                    value.to_string(),
                    Style::PLAIN.bold().colour("#ffffff").centred(),
                );
            }
        }
    }

    // Players and table state.
    let mut y = panel_y + 24.0;
    for (seat, p) in view.players.iter().enumerate() {
        let back = if view.to_move == Some(seat) {
            "#fff3c4"
        } else {
            "#e3e6d3"
        };
        d.rounded(
            Layer::Ground,
            area(16.0, y - 19.0, WIDTH - 32.0, 26.0),
            5.0,
            Paint::fill(back),
        );
        d.circle(
            Layer::Pieces,
            (30.0, y - 6.0),
            8.0,
            Paint::fill(seat_colour(view, seat)).stroke(INK, 1.0),
        );
        let mut who = name(names, seat);
        if view.hurenweibel == Some(seat) {
            who.push(' ');
            who.push_str(&t!("komarn-draw-hurenweibel"));
        }
        if !p.active {
            who.push(' ');
            who.push_str(&t!("komarn-draw-left"));
        }
        d.label((44.0, y), 14.0, who, Style::PLAIN.bold());
        let line = t!(
            "komarn-draw-supplies",
            heller = p.heller,
            soldiers = p.soldiers_in_supply,
            weibel = p.weibel_in_supply,
            camps = p.camps_left,
            hand = p.hand_size
        );
        d.label((330.0, y), 13.0, line, Style::PLAIN);
        y += 30.0;
    }
    let recent: Vec<String> = view
        .discard
        .iter()
        .rev()
        .take(16)
        .map(u8::to_string)
        .collect();
    let pile = t!(
        "komarn-draw-pile",
        recent = if recent.is_empty() {
            "—".to_string()
        } else {
            recent.join(" ")
        },
        bag = view.bag_size,
        morlocks = view.morlocks_left
    );
    d.label((20.0, y), 13.0, pile, Style::PLAIN);
    y += 24.0;
    for (seat, hand) in &view.revealed_hands {
        let shown: Vec<String> = hand.iter().map(u8::to_string).collect();
        d.label(
            (20.0, y),
            13.0,
            t!(
                "komarn-draw-revealed",
                player = name(names, *seat),
                numbers = shown.join(" ")
            ),
            Style::PLAIN.bold().colour("#8a2a2a"),
        );
        y += 20.0;
    }
    if let Some(payouts) = &view.final_payouts {
        y += 10.0;
        d.label(
            (20.0, y),
            15.0,
            t!("komarn-draw-final-payouts"),
            Style::PLAIN.bold(),
        );
        for p in payouts {
            y += 22.0;
            let line = t!(
                "komarn-draw-payout",
                player = name(names, p.seat),
                banners = p.banners,
                weibel = p.weibel_bonus,
                hurenweibel = p.hurenweibel,
                total = p.total
            );
            d.label((20.0, y), 13.0, line, Style::PLAIN);
        }
        y += 8.0;
    }
    if let Some(seat) = private
        && let Some(hand) = view.players.get(seat).and_then(|p| p.hand.as_ref())
    {
        y += 12.0;
        d.label(
            (20.0, y + 16.0),
            15.0,
            t!("komarn-draw-your-numbers", player = name(names, seat)),
            Style::PLAIN.bold(),
        );
        for (i, number) in hand.iter().enumerate() {
            let x = 260.0 + i as f32 * 54.0;
            d.rounded(
                Layer::Pieces,
                area(x, y, 46.0, 26.0),
                5.0,
                Paint::fill("#ffffff").stroke(INK, 1.5),
            );
            d.label(
                (x + 23.0, y + 19.0),
                15.0,
                number.to_string(),
                Style::PLAIN.bold().centred(),
            );
        }
    }
    d.svg()
}

impl crate::games::Draw for KomarnView {
    fn describe(&self, players: &[String], layout: crate::games::Layout) -> String {
        super::describe::describe(self, players, layout)
    }

    fn layers(
        &self,
        players: &[String],
        layout: crate::games::Layout,
    ) -> Result<Vec<crate::render::SvgLayer>, RenderError> {
        use crate::render::SvgLayer;
        Ok(vec![SvgLayer::Svg(svg(self, players, layout)?)])
    }
}
