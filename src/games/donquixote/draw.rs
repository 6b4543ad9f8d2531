//! The DonQuixote images: principalities drawn as the tiles look (roads, churches, windmills,
//! knights with shield strength, castles with value), the revealed field marked, the latest
//! scoring laid over the boards (scoring groups outlined, defending knights ringed); a table
//! image with every principality, one player's board with the scoring table, or a hand. A tile
//! placed but not yet revealed to the viewer (its view leaves it out) is drawn face down.

use crate::games::Layout;
use crate::games::Seat;
use crate::games::donquixote::board::{COLUMNS, ROWS};
use crate::games::donquixote::{
    BoardView, Castle, Color, DonQuixoteView, Field, Half, HalfCell, LAST, Scoring, Symbol, halves,
};
use crate::render::RenderError;
use crate::render::drawing::{Area, Drawing, Layer, Paint, Style, area};
use crate::t;

/// Image width.
pub const WIDTH: f32 = 1000.0;
/// Height of the header band.
pub const HEADER: f32 = 56.0;
/// Colours of the seats (Red, Blue, Green, Yellow).
const SEAT_COLOURS: [&str; 4] = ["#c8362d", "#2f5ea8", "#3d8c40", "#d9a51e"];
/// The symbols (church, windmill, knight, castle).
const SYMBOLS: &str = include_str!("symbols.svg");
const ROAD: &str = "#a07745";
const INK: &str = "#2b2418";

/// A line of the scoring table: its label and how to read it from a scoring.
type Category = (String, fn(&Scoring) -> i64);

fn canvas(height: f32) -> Drawing {
    let mut d = Drawing::new(WIDTH, height, "#f4ecd8", SYMBOLS);
    d.rect(
        Layer::Ground,
        area(0.0, 0.0, WIDTH, HEADER),
        Paint::fill("#3d4a2a"),
    );
    d
}

fn frame(d: &mut Drawing, a: Area, stroke: &'static str, sw: f32, rx: f32) {
    d.rounded(Layer::Marks, a, rx, Paint::outline(stroke, sw));
}

/// Draws one half-cell of a path tile with its hub at (`hx`, `hy`); `w` is the half-cell size.
fn half(d: &mut Drawing, hx: f32, hy: f32, w: f32, half: &Half) {
    let (r, road) = (w / 2.0, w * 0.2);
    let arms = half.arms;
    let ends = [
        (arms.n, hx, hy - r),
        (arms.e, hx + r, hy),
        (arms.s, hx, hy + r),
        (arms.w, hx - r, hy),
    ];
    for (on, x2, y2) in ends {
        if on {
            d.line(Layer::Paths, (hx, hy), (x2, y2), ROAD, road);
        }
    }
    let scale = w / 44.0;
    match half.symbol {
        Some(Symbol::Church) => d.symbol("church", (hx, hy), scale),
        Some(Symbol::Windmill) => d.symbol("windmill", (hx, hy), scale),
        Some(Symbol::Knight(strength)) => {
            d.symbol("knight", (hx, hy), scale);
            let style = Style::PLAIN.bold().colour("#ffffff").centred();
            d.label(
                (hx, hy + 6.0 * scale),
                15.0 * scale,
                strength.to_string(),
                style,
            );
        }
        None => {}
    }
}

/// A whole path tile on a field whose top-left corner is (`x`, `y`).
fn tile(d: &mut Drawing, x: f32, y: f32, w: f32, top: &Half, bottom: &Half) {
    d.rect(
        Layer::Ground,
        area(x, y, w, 2.0 * w),
        Paint::fill("#b8d48e").stroke("#5f7f3e", 1.5),
    );
    half(d, x + w / 2.0, y + w / 2.0, w, top);
    half(d, x + w / 2.0, y + 1.5 * w, w, bottom);
}

/// A tile placed but not yet revealed to this viewer (secret placements, §4.3): face down.
fn face_down(d: &mut Drawing, x: f32, y: f32, w: f32) {
    d.rect(
        Layer::Ground,
        area(x, y, w, 2.0 * w),
        Paint::fill("#b8d48e").stroke("#5f7f3e", 1.5),
    );
    let style = Style::PLAIN.bold().colour("#5f7f3e").centred();
    d.label((x + w / 2.0, y + 1.2 * w), w * 0.6, "?", style);
}

/// A castle: its top half carries the W and E road arms; the value stands below.
fn castle(d: &mut Drawing, x: f32, y: f32, w: f32, c: &Castle) {
    d.rect(
        Layer::Ground,
        area(x, y, w, 2.0 * w),
        Paint::fill("#d9d2c2").stroke("#6e675c", 1.5),
    );
    let hy = y + w / 2.0;
    d.line(Layer::Paths, (x, hy), (x + w, hy), ROAD, w * 0.2);
    d.symbol("castle", (x + w / 2.0, hy), w / 40.0);
    let style = Style::PLAIN.bold().colour("#4f483c").centred();
    d.label(
        (x + w / 2.0, y + 1.55 * w),
        w * 0.55,
        c.value.to_string(),
        style,
    );
}

fn field_origin(x0: f32, y0: f32, w: f32, f: Field) -> (f32, f32) {
    (
        x0 + f32::from(f.col()) * w,
        y0 + f32::from(f.row()) * 2.0 * w,
    )
}

fn half_origin(x0: f32, y0: f32, w: f32, h: HalfCell) -> (f32, f32) {
    let (x, y) = field_origin(x0, y0, w, h.field);
    (x, if h.bottom { y + w } else { y })
}

/// One principality at (`x0`, `y0`) with half-cell size `w`.
fn board(
    d: &mut Drawing,
    view: &DonQuixoteView,
    b: &BoardView,
    x0: f32,
    y0: f32,
    w: f32,
    overlay: Option<&Scoring>,
) {
    for f in Field::all() {
        let (x, y) = field_origin(x0, y0, w, f);
        if let Some(c) = view.castles.iter().find(|c| c.field == f) {
            castle(d, x, y, w, c);
        } else if let Some(t) = b.tiles.iter().find(|t| t.field == f) {
            tile(d, x, y, w, &t.top, &t.bottom);
        } else if view.current == Some(f) && b.placed_current {
            face_down(d, x, y, w);
        } else {
            d.rect(
                Layer::Ground,
                area(x, y, w, 2.0 * w),
                Paint::fill("#efe6cf").stroke("#c9b98f", 1.0).dashed(),
            );
        }
    }
    // Column letters above, row numbers at the left.
    let label = (w * 0.28).max(11.0);
    let grey = Style::PLAIN.colour("#7b6a4a");
    for c in 0..COLUMNS {
        let at = (x0 + (f32::from(c) + 0.5) * w, y0 - 5.0);
        d.label(at, label, ((b'A' + c) as char).to_string(), grey.centred());
    }
    for r in 0..ROWS {
        let at = (x0 - 6.0, y0 + (f32::from(r) * 2.0 + 1.0) * w + label / 3.0);
        d.label(at, label, (r + 1).to_string(), grey.right());
    }
    if let (Some(current), true) = (view.current, b.active) {
        let (x, y) = field_origin(x0, y0, w, current);
        let colour = if b.placed_current {
            "#8fbf8f"
        } else {
            "#1f9d3f"
        };
        frame(
            d,
            area(x + 2.0, y + 2.0, w - 4.0, 2.0 * w - 4.0),
            colour,
            4.0,
            4.0,
        );
    }
    if let Some(s) = overlay {
        for h in &s.scoring_halves {
            let (x, y) = half_origin(x0, y0, w, *h);
            frame(
                d,
                area(x + 4.0, y + 4.0, w - 8.0, w - 8.0),
                "#f0a81c",
                3.0,
                3.0,
            );
        }
        for h in &s.defenders {
            let (x, y) = half_origin(x0, y0, w, *h);
            let r = w * 0.36;
            frame(
                d,
                area(x + w / 2.0 - r, y + w / 2.0 - r, 2.0 * r, 2.0 * r),
                "#d23c3c",
                3.0,
                r,
            );
        }
        for f in &s.castles_scored {
            let (x, y) = field_origin(x0, y0, w, *f);
            frame(
                d,
                area(x + 3.0, y + 3.0, w - 6.0, 2.0 * w - 6.0),
                "#f0a81c",
                4.0,
                4.0,
            );
        }
    }
}

/// The scoring to lay over the boards: the one just made, until the next tile is placed.
fn fresh_scoring(view: &DonQuixoteView, b: &BoardView) -> Option<usize> {
    let done = b.scorings.len();
    let just_scored = matches!(view.step, 9 | 16 | 22)
        && done > 0
        && view.players.iter().all(|p| !p.placed_current);
    just_scored.then(|| done - 1)
}

fn status(view: &DonQuixoteView, names: &[String]) -> String {
    if let Some(o) = &view.outcome {
        let name =
            |s: Seat| crate::games::words::labelled(names, s, &Color::from_seat(s).name(), 14);
        return t!("donquixote-draw-game-over", verdict = o.headline(name));
    }
    match view.current {
        Some(f) => t!(
            "donquixote-draw-status",
            round = view.round,
            card = view.step + 1,
            field = f.to_string()
        ),
        None => String::new(),
    }
}

fn header(d: &mut Drawing, title: String, right: String) {
    let y = HEADER / 2.0 + 7.0;
    d.label(
        (20.0, y),
        20.0,
        title,
        Style::PLAIN.bold().colour("#fdf6e3"),
    );
    d.label(
        (WIDTH - 20.0, y),
        18.0,
        right,
        Style::PLAIN.colour("#ffd35c").right(),
    );
}

fn player_line(view: &DonQuixoteView, names: &[String], seat: Seat) -> String {
    let b = &view.players[seat];
    let name = crate::render::short_name(names.get(seat).map_or("?", String::as_str), 16);
    let rounds: Vec<String> = b
        .scorings
        .iter()
        .map(|s| t!("donquixote-draw-scoring-short", k = s.k, points = s.total))
        .collect();
    let mut line = t!("donquixote-draw-points", name = name, points = b.total);
    if !rounds.is_empty() {
        line.push_str(&format!(" ({})", rounds.join(", ")));
    }
    if !b.active {
        line.push_str(" · ");
        line.push_str(&t!("donquixote-draw-left"));
    } else if view.current.is_some() && b.placed_current {
        line.push_str(" · ");
        line.push_str(&t!("donquixote-draw-placed"));
    }
    line
}

fn swatch(d: &mut Drawing, x: f32, y: f32, seat: Seat) {
    let colour = SEAT_COLOURS[seat % SEAT_COLOURS.len()];
    d.circle(
        Layer::Marks,
        (x + 7.0, y + 7.0),
        7.0,
        Paint::fill(colour).stroke(INK, 1.0),
    );
}

/// Every principality, side by side (two per row).
fn table(view: &DonQuixoteView, names: &[String]) -> Drawing {
    let n = view.players.len().max(1);
    let (cols, w) = if n == 1 { (1, 70.0) } else { (2, 52.0) };
    let rows = n.div_ceil(cols);
    let (bw, bh) = (f32::from(COLUMNS) * w, f32::from(ROWS) * 2.0 * w);
    let (cell_w, cell_h) = (WIDTH / cols as f32, bh + 70.0);
    let mut d = canvas(HEADER + rows as f32 * cell_h + 16.0);
    header(&mut d, "DonQuixote".into(), status(view, names));
    for (seat, b) in view.players.iter().enumerate() {
        let x0 = (seat % cols) as f32 * cell_w + (cell_w - bw) / 2.0;
        let y0 = HEADER + (seat / cols) as f32 * cell_h + 50.0;
        swatch(&mut d, x0, y0 - 42.0, seat);
        let line = player_line(view, names, seat);
        d.label((x0 + 20.0, y0 - 30.0), 16.0, line, Style::PLAIN.bold());
        let overlay = fresh_scoring(view, b).map(|i| &b.scorings[i]);
        board(&mut d, view, b, x0, y0, w, overlay);
    }
    d
}

/// One player's principality, large, with the scoring table beside it.
fn seat(view: &DonQuixoteView, names: &[String], seat: Seat) -> Drawing {
    let w = 62.0;
    let mut d = canvas(HEADER + f32::from(ROWS) * 2.0 * w + 110.0);
    header(&mut d, "DonQuixote".into(), status(view, names));
    let Some(b) = view.players.get(seat) else {
        return d;
    };
    let (x0, y0) = (40.0, HEADER + 70.0);
    swatch(&mut d, x0, y0 - 48.0, seat);
    let line = player_line(view, names, seat);
    d.label((x0 + 20.0, y0 - 36.0), 18.0, line, Style::PLAIN.bold());
    let overlay = fresh_scoring(view, b).map(|i| &b.scorings[i]);
    board(&mut d, view, b, x0, y0, w, overlay);
    // The scoring table: one column per scoring done.
    let tx = x0 + f32::from(COLUMNS) * w + 40.0;
    let column = |k: usize| tx + 150.0 + k as f32 * 50.0;
    let rows: [Category; 6] = [
        (t!("donquixote-draw-churches"), |s| s.churches),
        (t!("donquixote-draw-windmills"), |s| s.windmills),
        (t!("donquixote-draw-castles"), |s| s.castles),
        (t!("donquixote-draw-land"), |s| s.land),
        (t!("donquixote-draw-knight-group"), |s| s.knight_group),
        (t!("donquixote-draw-total"), |s| s.total),
    ];
    let last = rows.len() - 1;
    d.label(
        (tx, y0),
        16.0,
        t!("donquixote-draw-scoring"),
        Style::PLAIN.bold(),
    );
    for k in 0..3 {
        d.label(
            (column(k), y0),
            16.0,
            (k + 1).to_string(),
            Style::PLAIN.bold().right(),
        );
    }
    for (i, (name, value)) in rows.iter().enumerate() {
        let y = y0 + 30.0 + i as f32 * 26.0;
        let style = if i == last {
            Style::PLAIN.bold()
        } else {
            Style::PLAIN
        };
        d.label((tx, y), 15.0, name.as_str(), style);
        for (k, s) in b.scorings.iter().enumerate() {
            d.label((column(k), y), 15.0, value(s).to_string(), style.right());
        }
    }
    let total = t!("donquixote-draw-game-total", points = b.total);
    d.label(
        (tx, y0 + 30.0 + 6.5 * 26.0),
        16.0,
        total,
        Style::PLAIN.bold(),
    );
    d
}

/// The tiles a player may still place this round, as printed and turned.
fn hand(view: &DonQuixoteView, names: &[String], seat: Seat) -> Drawing {
    let w = 44.0;
    let mut d = canvas(HEADER + 4.0 * w + 130.0);
    let name = names.get(seat).cloned().unwrap_or_default();
    let name = crate::render::short_name(&name, 16);
    let title = match view.current {
        Some(f) => t!(
            "donquixote-draw-hand-title",
            name = name,
            round = view.round,
            field = f.to_string()
        ),
        None => t!("donquixote-draw-no-tiles", name = name),
    };
    header(&mut d, title, String::new());
    let Some(b) = view.players.get(seat) else {
        return d;
    };
    let (x0, y0) = (60.0, HEADER + 40.0);
    let step = w + 56.0;
    d.label(
        (20.0, y0 + w),
        14.0,
        t!("donquixote-draw-as-printed"),
        Style::PLAIN,
    );
    for (i, id) in b.hand.iter().enumerate() {
        let x = x0 + 40.0 + i as f32 * step;
        for (row, turned) in [false, true].into_iter().enumerate() {
            let y = y0 + row as f32 * (2.0 * w + 40.0);
            let (top, bottom) = halves(*id, turned);
            tile(&mut d, x, y, w, &top, &bottom);
            let label = if turned {
                format!("{id}r")
            } else {
                id.to_string()
            };
            d.label(
                (x + w / 2.0, y + 2.0 * w + 18.0),
                15.0,
                label,
                Style::PLAIN.bold().centred(),
            );
        }
        if *id == LAST {
            let style = Style::PLAIN.bold().centred().colour("#b8432f");
            d.label(
                (x + w / 2.0, y0 - 8.0),
                12.0,
                t!("donquixote-last-mark"),
                style,
            );
        }
    }
    d
}

/// The SVG of a DonQuixote image.
pub fn svg(view: &DonQuixoteView, names: &[String], layout: Layout) -> Result<String, RenderError> {
    match layout {
        Layout::Table => table(view, names),
        Layout::Seat(s) => seat(view, names, s),
        Layout::Hand(s) => hand(view, names, s),
    }
    .svg()
}

/// The top-left corner and size of a half-cell in the one-seat image (for tests).
pub fn seat_half_cell(h: HalfCell) -> (f32, f32, f32) {
    let w = 62.0;
    let (x, y) = half_origin(40.0, HEADER + 70.0, w, h);
    (x, y, w)
}

impl crate::games::Draw for DonQuixoteView {
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
