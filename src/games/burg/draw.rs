//! The Im Schutze der Burg image: the castle with built and unbuilt buildings and their helper
//! spaces, the resource fields with their helpers, the Wehrturm, the supply, the Schmiede, the
//! round track and the winter card, and every player's Taler, resources, VP, helpers and cards;
//! after the end, the final scoring. A player's private image adds their hand and choice.

use crate::games::Layout;
use crate::games::Seat;
use crate::games::burg::names::{building_label, card_list};
use crate::games::burg::{
    BuildingView, BurgView, Card, Color, FieldView, Resource, Resources, Stage,
};
use crate::games::words::labelled;
use crate::render::RenderError;
use crate::render::drawing::{Drawing, Layer, Paint, Style, area};
use crate::t;

/// Image width.
pub const WIDTH: f32 = 1000.0;
const HEADER: f32 = 56.0;
const INK: &str = "#2b2418";
const SEATS: [&str; 4] = ["#c8362d", "#2f5ea8", "#3d8c40", "#d9a51e"];
/// The castle grid.
const CASTLE: (f32, f32) = (16.0, HEADER + 36.0);
const CELL: (f32, f32) = (118.0, 86.0);
const COLS: usize = 5;

fn seat_colour(seat: Seat) -> &'static str {
    SEATS[seat % SEATS.len()]
}

fn resource_colour(r: Resource) -> &'static str {
    match r {
        Resource::Sand => "#e3cf7e",
        Resource::Wood => "#8b5a2b",
        Resource::Clay => "#b5522f",
        Resource::Stone => "#8e8e8e",
        Resource::Silver => "#c8d0d8",
    }
}

fn name(names: &[String], seat: Seat) -> String {
    crate::render::short_name(names.get(seat).map_or("?", String::as_str), 14)
}

/// The top-left corner of a building's cell in the castle grid (for tests).
pub fn building_cell(index: usize) -> (f32, f32) {
    let (col, row) = (index % COLS, index / COLS);
    (
        CASTLE.0 + col as f32 * CELL.0,
        CASTLE.1 + row as f32 * CELL.1,
    )
}

fn building(d: &mut Drawing, index: usize, b: &BuildingView) {
    let (x, y) = building_cell(index);
    let (w, h) = (CELL.0 - 6.0, CELL.1 - 6.0);
    let paint = if b.built {
        Paint::fill("#eadcbc").stroke("#7a6446", 1.5)
    } else {
        Paint::fill("#f8f4ea").stroke("#c4b89c", 1.0).dashed()
    };
    d.rounded(Layer::Ground, area(x, y, w, h), 6.0, paint);
    if let Some(by) = b.built_by {
        d.rect(
            Layer::Marks,
            area(x, y, w, 6.0),
            Paint::fill(seat_colour(by)),
        );
    }
    let ink = if b.built { INK } else { "#9a8f78" };
    let title = format!("{} {}", b.id, building_label(index));
    d.label(
        (x + 6.0, y + 20.0),
        12.0,
        crate::render::short_name(&title, 17),
        Style::PLAIN.bold().colour(ink),
    );
    if b.value > 0 {
        let data = t!("burg-draw-building", vp = b.vp, value = b.value);
        d.label((x + 6.0, y + 36.0), 11.0, data, Style::PLAIN.colour(ink));
    } else {
        d.label(
            (x + 6.0, y + 36.0),
            11.0,
            t!("burg-draw-prebuilt"),
            Style::PLAIN.colour(ink),
        );
    }
    for (i, space) in b.spaces.iter().enumerate() {
        let cx = x + 16.0 + i as f32 * 40.0;
        let cy = y + h - 18.0;
        let paint = match space.occupant {
            Some(s) => Paint::fill(seat_colour(s)).stroke(INK, 1.5),
            None if b.built => Paint::fill("#ffffff").stroke("#7a6446", 1.5),
            None => Paint::fill("none").stroke("#c4b89c", 1.0).dashed(),
        };
        d.circle(Layer::Pieces, (cx, cy), 10.0, paint);
        d.label(
            (cx + 13.0, cy + 4.0),
            10.0,
            space.fee.to_string(),
            Style::PLAIN.colour(ink),
        );
    }
}

/// A row of resource squares with counts, from (x, y); returns the x after it.
fn resources(d: &mut Drawing, (x, y): (f32, f32), r: &Resources) -> f32 {
    let mut x = x;
    for kind in Resource::ALL {
        d.rect(
            Layer::Pieces,
            area(x, y - 11.0, 13.0, 13.0),
            Paint::fill(resource_colour(kind)).stroke(INK, 1.0),
        );
        d.label((x + 17.0, y), 12.0, r.get(kind).to_string(), Style::PLAIN);
        x += 36.0;
    }
    x
}

fn field(d: &mut Drawing, (x, y): (f32, f32), f: &FieldView, names: &[String]) {
    d.rect(
        Layer::Pieces,
        area(x, y - 13.0, 16.0, 16.0),
        Paint::fill(resource_colour(f.resource)).stroke(INK, 1.0),
    );
    d.label((x + 24.0, y), 13.0, f.resource.cart_label(), Style::PLAIN);
    if let Some(s) = f.occupant {
        d.circle(
            Layer::Pieces,
            (x + 158.0, y - 5.0),
            7.0,
            Paint::fill(seat_colour(s)).stroke(INK, 1.0),
        );
        let who = if f.placed_this_round {
            t!("burg-draw-new", name = name(names, s))
        } else {
            name(names, s)
        };
        d.label((x + 170.0, y), 12.0, who, Style::PLAIN);
    }
}

fn chips(
    d: &mut Drawing,
    (x, y): (f32, f32),
    cards: &[Card],
    paint: Paint,
    ink: &'static str,
) -> f32 {
    let mut x = x;
    for card in cards {
        d.rounded(Layer::Pieces, area(x, y - 13.0, 26.0, 18.0), 4.0, paint);
        d.label(
            (x + 13.0, y),
            11.0,
            card.chip(),
            Style::PLAIN.bold().colour(ink).centred(),
        );
        x += 30.0;
    }
    x
}

fn status(view: &BurgView, names: &[String]) -> String {
    if let Some(o) = &view.outcome {
        let name = |s: Seat| labelled(names, s, &Color::from_seat(s).label(), 14);
        return t!("burg-draw-over", verdict = o.headline(name));
    }
    match (view.stage, &view.pending) {
        (Stage::Choosing, _) => {
            let chosen = view
                .players
                .iter()
                .filter(|p| p.has_chosen || p.left)
                .count();
            t!(
                "burg-draw-choosing",
                chosen = chosen,
                of = view.players.len()
            )
        }
        (_, Some(p)) => format!("{}: {}", name(names, p.seat), p.decision),
        _ => String::new(),
    }
}

/// The SVG of a Burg image.
pub fn svg(view: &BurgView, names: &[String], layout: Layout) -> Result<String, RenderError> {
    let n = view.players.len();
    let players_y = CASTLE.1 + 5.0 * CELL.1 + 28.0;
    let mut height = players_y + n as f32 * 58.0 + 16.0;
    let finals = view.final_scores.as_ref().filter(|f| !f.is_empty());
    if let Some(f) = finals {
        height += 40.0 + f.len() as f32 * 24.0;
    }
    let hand_seat = match layout {
        Layout::Hand(s) | Layout::Seat(s) => Some(s),
        Layout::Table => None,
    };
    if hand_seat.is_some() {
        height += 64.0;
    }
    let mut d = Drawing::new(WIDTH, height, "#f3ead6", "");
    d.rect(
        Layer::Ground,
        area(0.0, 0.0, WIDTH, HEADER),
        Paint::fill("#3b2f4a"),
    );
    let title = t!(
        "burg-draw-title",
        round = view.round.min(view.rounds),
        rounds = view.rounds
    );
    d.label(
        (20.0, 36.0),
        20.0,
        title,
        Style::PLAIN.bold().colour("#fdf6e3"),
    );
    let status = status(view, names).replace('`', "");
    d.label(
        (WIDTH - 20.0, 36.0),
        15.0,
        crate::render::short_name(&status, 60),
        Style::PLAIN.colour("#ffd35c").right(),
    );

    // The castle.
    d.label(
        (CASTLE.0, CASTLE.1 - 10.0),
        15.0,
        t!("burg-draw-castle"),
        Style::PLAIN.bold(),
    );
    for (i, b) in view.buildings.iter().enumerate() {
        building(&mut d, i, b);
    }

    // The right column: fields, Wehrturm, supply, Schmiede, round track, winter.
    let rx = CASTLE.0 + COLS as f32 * CELL.0 + 20.0;
    let mut y = CASTLE.1 + 4.0;
    d.label(
        (rx, y - 14.0),
        15.0,
        t!("burg-draw-fields"),
        Style::PLAIN.bold(),
    );
    for f in &view.fields {
        y += 24.0;
        field(&mut d, (rx, y), f, names);
    }
    y += 40.0;
    d.label((rx, y), 14.0, t!("burg-draw-wehrturm"), Style::PLAIN.bold());
    resources(&mut d, (rx + 90.0, y), &view.wehrturm);
    y += 26.0;
    d.label((rx, y), 14.0, t!("burg-draw-supply"), Style::PLAIN.bold());
    resources(&mut d, (rx + 90.0, y), &view.supply);
    y += 26.0;
    d.label(
        (rx, y),
        14.0,
        t!("burg-draw-schmiede", n = view.schmiede),
        Style::PLAIN.bold(),
    );
    y += 34.0;
    d.label((rx, y), 14.0, t!("burg-draw-rounds"), Style::PLAIN.bold());
    let winter = view
        .winter
        .as_ref()
        .map(|w| w.rounds.clone())
        .unwrap_or_default();
    for r in 1..=view.rounds {
        let i = f32::from(r - 1);
        let (bx, by) = (
            rx + 70.0 + (i % 8.0) * 22.0,
            y - 14.0 + (i / 8.0).floor() * 22.0,
        );
        let fill = if r < view.round || view.stage == Stage::Over {
            "#cfc6b0"
        } else if r == view.round {
            "#ffd35c"
        } else if winter.contains(&r) {
            "#cfe3f3"
        } else {
            "#ffffff"
        };
        d.rect(
            Layer::Pieces,
            area(bx, by, 18.0, 18.0),
            Paint::fill(fill).stroke("#7a6446", 1.0),
        );
        d.label(
            (bx + 9.0, by + 13.0),
            10.0,
            r.to_string(),
            Style::PLAIN.centred(),
        );
    }
    y += 52.0;
    if let Some(w) = &view.winter {
        let now = match w.current {
            Some(card) => t!("burg-draw-winter", card = card.label(), left = w.left),
            None => t!("burg-draw-winter-left", left = w.left),
        };
        d.label((rx, y), 13.0, now, Style::PLAIN.colour("#2f5ea8"));
    }

    // The players.
    for (seat, p) in view.players.iter().enumerate() {
        let y = players_y + seat as f32 * 58.0;
        let current = view.pending.as_ref().is_some_and(|q| q.seat == seat);
        let back = if current { "#fff3c4" } else { "#efe4cc" };
        d.rounded(
            Layer::Ground,
            area(16.0, y, WIDTH - 32.0, 52.0),
            6.0,
            Paint::fill(back).stroke("#b9a98a", 1.0),
        );
        d.circle(
            Layer::Pieces,
            (34.0, y + 18.0),
            8.0,
            Paint::fill(seat_colour(seat)).stroke(INK, 1.0),
        );
        let mut who = name(names, seat);
        if let Some(place) = view.order.iter().position(|&s| s == seat) {
            who = format!("{}. {who}", place + 1);
        }
        if seat == view.start_player {
            who.push_str(" ★");
        }
        d.label((48.0, y + 23.0), 15.0, who, Style::PLAIN.bold());
        let numbers = t!(
            "burg-draw-numbers",
            vp = p.vp,
            taler = p.taler,
            supply = p.helpers_in_supply,
            castle = p.helpers_in_castle
        );
        d.label((48.0, y + 43.0), 12.0, numbers, Style::PLAIN);
        resources(&mut d, (330.0, y + 23.0), &p.resources);
        let x = chips(
            &mut d,
            (520.0, y + 23.0),
            &p.hand,
            Paint::fill("#ffffff").stroke(INK, 1.0),
            INK,
        );
        chips(
            &mut d,
            (x + 8.0, y + 23.0),
            &p.played,
            Paint::fill("#b9b1a0").stroke("#7a7466", 1.0),
            "#4a4538",
        );
        let choice = if p.left {
            t!("burg-draw-left")
        } else if !p.chosen.is_empty() {
            card_list(&p.chosen)
        } else if view.stage == Stage::Choosing {
            if p.has_chosen {
                t!("burg-draw-chosen")
            } else {
                t!("burg-draw-choosing-now")
            }
        } else {
            String::new()
        };
        d.label(
            (330.0, y + 43.0),
            12.0,
            choice,
            Style::PLAIN.bold().colour("#3b2f4a"),
        );
        let mut ax = 520.0;
        for (card, on) in &p.arbeiter {
            d.label(
                (ax, y + 45.0),
                11.0,
                format!("{}:", card.chip()),
                Style::PLAIN,
            );
            ax = resources(&mut d, (ax + 22.0, y + 45.0), on) + 6.0;
        }
    }
    let mut y = players_y + n as f32 * 58.0 + 10.0;

    // The private strip: the viewer's hand and choice.
    if let Some(seat) = hand_seat
        && let Some(p) = view.players.get(seat)
    {
        d.label(
            (20.0, y + 22.0),
            15.0,
            t!("burg-draw-hand", name = name(names, seat)),
            Style::PLAIN.bold(),
        );
        let mut x = 240.0;
        for card in &p.hand {
            let chosen = p.chosen.contains(card);
            let paint = if chosen {
                Paint::fill("#ffd35c").stroke(INK, 2.0)
            } else {
                Paint::fill("#ffffff").stroke(INK, 1.0)
            };
            d.rounded(Layer::Pieces, area(x, y + 4.0, 86.0, 28.0), 5.0, paint);
            // The name the move buttons use (`choose mason` in English).
            d.label(
                (x + 43.0, y + 23.0),
                12.0,
                card.move_name(),
                Style::PLAIN.bold().centred(),
            );
            x += 92.0;
        }
        y += 64.0;
    }

    // The final scoring.
    if let Some(finals) = finals {
        d.label(
            (20.0, y + 20.0),
            15.0,
            t!("burg-draw-final"),
            Style::PLAIN.bold(),
        );
        let mut ranked: Vec<_> = finals.iter().collect();
        ranked.sort_by_key(|f| (f.rank, f.seat));
        for (i, f) in ranked.into_iter().enumerate() {
            let spaces: Vec<String> = f
                .spaces
                .iter()
                .map(|(id, vp)| format!("{id} +{vp}"))
                .collect();
            let mut parts = vec![t!("burg-draw-in-play", vp = f.before)];
            parts.extend(spaces);
            if f.palas > 0 {
                parts.push(t!("burg-score-palas-short", vp = f.palas));
            }
            if f.markt > 0 {
                parts.push(t!("burg-score-markt", vp = f.markt));
            }
            let line = t!(
                "burg-draw-final-line",
                rank = f.rank,
                player = name(names, f.seat),
                parts = parts.join(", "),
                vp = f.total,
                taler = f.taler_left,
                value = f.resources_left_value
            );
            d.label((20.0, y + 44.0 + i as f32 * 24.0), 13.0, line, Style::PLAIN);
        }
    }
    d.svg()
}

impl crate::games::Draw for BurgView {
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
