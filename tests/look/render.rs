//! Board images: real PNGs of the expected size that show what stands on the board.

use spieltisch::games::dvonn::board::Field;
use spieltisch::games::dvonn::draw::{HEIGHT, WIDTH, field_center};
use spieltisch::games::dvonn::{Color, Dvonn, Piece};
use spieltisch::games::{AnyView, Game};
use spieltisch::render::{Png, Renderer};
use spieltisch::table::BoardImage;

/// Decodes a PNG (indexed or RGB, opaque) into (width, height, RGB rows).
fn decode(png: &Png) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png.bytes.as_slice()));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG header");
    assert_eq!(
        reader.output_color_type(),
        (png::ColorType::Rgb, png::BitDepth::Eight),
        "opaque: no alpha channel"
    );
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("a PNG frame");
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

fn pixel(img: &(u32, u32, Vec<u8>), (x, y): (f32, f32)) -> [u8; 3] {
    let (w, _, data) = img;
    let i = (y.round() as usize * *w as usize + x.round() as usize) * 3;
    [data[i], data[i + 1], data[i + 2]]
}

fn image(game: &Dvonn, names: [&str; 2]) -> BoardImage {
    BoardImage {
        view: AnyView::Dvonn(game.view(None)),
        players: names.iter().map(|n| n.to_string()).collect(),
        layout: Default::default(),
        lang: spieltisch::i18n::Lang::En,
    }
}

fn field(name: &str) -> Field {
    name.parse().expect("a field")
}

fn position() -> Dvonn {
    // A small position: a white single, a black single, a 3-stack with a DVONN piece inside,
    // a lone DVONN piece, and empty fields elsewhere.
    let mut stacks = vec![Vec::new(); 49];
    stacks[field("C3").index()] = vec![Piece::White];
    stacks[field("D3").index()] = vec![Piece::Black];
    stacks[field("E3").index()] = vec![Piece::Black, Piece::Dvonn, Piece::White];
    stacks[field("F3").index()] = vec![Piece::Dvonn];
    stacks[field("G3").index()] = vec![Piece::White, Piece::Black];
    Dvonn::from_stacks(stacks, Color::White).expect("49 stacks")
}

#[test]
fn the_png_decodes_at_the_expected_size() {
    let renderer = Renderer::new();
    let png = renderer
        .render(&image(&position(), ["Alice", "Bob"]))
        .expect("renders");
    let img = decode(&png);
    assert_eq!((img.0, img.1), (WIDTH as u32, HEIGHT as u32));
    assert_eq!((png.width, png.height), (1000, 600));
    assert!(
        png.bytes.len() < 150 * 1024,
        "small enough to upload fast: {} bytes",
        png.bytes.len()
    );
}

#[test]
fn pieces_show_where_they_stand() {
    let renderer = Renderer::new();
    let img = decode(
        &renderer
            .render(&image(&position(), ["Alice", "Bob"]))
            .expect("renders"),
    );
    let white = pixel(&img, field_center(field("C3")));
    let black = pixel(&img, field_center(field("D3")));
    let red = pixel(&img, field_center(field("F3")));
    let empty = pixel(&img, field_center(field("A1")));
    assert!(
        white.iter().all(|c| *c > 235),
        "white piece on C3: {white:?}"
    );
    assert!(
        black.iter().all(|c| *c < 60),
        "black piece on D3: {black:?}"
    );
    assert!(
        red[0] > 180 && red[1] < 60 && red[2] < 70,
        "DVONN piece on F3: {red:?}"
    );
    assert!(
        empty[0] > 230 && empty[2] > 190 && empty[2] < 235,
        "empty hexagon on A1: {empty:?}"
    );
    // The stack on E3 (DVONN inside, white on top) shows a red ring between centre and rim.
    let (x, y) = field_center(field("E3"));
    let ring = pixel(&img, (x + 25.0, y));
    assert!(
        ring[0] > 180 && ring[1] < 80,
        "DVONN ring inside the E3 stack: {ring:?}"
    );
}

#[test]
fn the_last_move_is_highlighted() {
    let renderer = Renderer::new();
    let mut game = position();
    let before = decode(&renderer.render(&image(&game, ["A", "B"])).expect("renders"));
    game.apply(0, &"C3D3".parse().expect("move"))
        .expect("legal");
    let after = decode(&renderer.render(&image(&game, ["A", "B"])).expect("renders"));
    let (x, y) = field_center(field("C3"));
    let from = (x, y - 22.0); // beside the arrow that starts at the centre
    let highlighted = pixel(&after, from);
    assert_ne!(pixel(&before, from), highlighted);
    assert!(
        highlighted[0] > 230 && highlighted[2] < 160,
        "the vacated C3 is marked: {highlighted:?}"
    );
    // D3 now holds a white-topped stack of two: white disc with a dark height number.
    let (x, y) = field_center(field("D3"));
    assert!(pixel(&after, (x - 20.0, y - 12.0)).iter().all(|c| *c > 235));
}

#[test]
fn text_is_drawn_with_the_embedded_font_and_names_are_escaped() {
    let renderer = Renderer::new();
    let plain = decode(
        &renderer
            .render(&image(&position(), ["Alice", "Bob"]))
            .expect("renders"),
    );
    let nasty = ["<script>&\"Mallory\"", "Bob</text><svg>"];
    let svg = renderer.svg(&image(&position(), nasty)).expect("svg");
    assert!(
        !svg[1].contains("<script>") && !svg[1].contains("</text><svg>"),
        "names are escaped"
    );
    assert!(
        svg[1].contains("script") && svg[1].contains("Mallory"),
        "but still shown"
    );
    let png = renderer
        .render(&image(&position(), nasty))
        .expect("a hostile name still renders");
    let other = decode(&png);
    // The names are drawn: the header differs where the first name stands.
    let differs =
        (40..260).any(|x| pixel(&plain, (x as f32, 30.0)) != pixel(&other, (x as f32, 30.0)));
    assert!(differs, "player names are rendered as text");
    // And there is text at all: the status line has glyph pixels in the header's middle.
    let lit = (420..580)
        .filter(|x| pixel(&plain, (*x as f32, 34.0))[0] > 200)
        .count();
    assert!(lit > 5, "the status line is drawn");
}

mod donquixote {
    use spieltisch::games::donquixote::draw::seat_half_cell;
    use spieltisch::games::donquixote::{DonQuixote, Field, HalfCell, Move};
    use spieltisch::games::{AnyView, Game};
    use spieltisch::render::Renderer;
    use spieltisch::table::{BoardImage, Layout};

    use super::{decode, pixel};

    fn f(name: &str) -> Field {
        name.parse().expect("field")
    }

    /// Example 4 of the spec after its first round: scoring 1 has just been made.
    fn after_round_one(players: usize) -> DonQuixote {
        let order: Vec<Field> = [
            "D1", "H3", "F3", "A2", "B3", "D2", "G3", "H1", "C1", "B1", "F2", "F1", "E3", "H2",
            "C3", "A3", "D3", "E1", "A1", "B2", "G1", "E2",
        ]
        .iter()
        .map(|n| f(n))
        .collect();
        let mut game = DonQuixote::with_setup(players, f("G2"), f("C2"), order).expect("setup");
        for tile in ["3r", "1", "9r", "4", "2", "6", "7", "8", "5r"] {
            let mv: Move = tile.parse().expect("move");
            for seat in 0..players {
                game.apply(seat, &mv).expect("legal");
            }
        }
        game
    }

    fn image(game: &DonQuixote, layout: Layout) -> BoardImage {
        BoardImage {
            view: AnyView::DonQuixote(game.view(None)),
            players: vec!["Ann".into(), "Ben".into(), "Cy".into()],
            layout,
            lang: spieltisch::i18n::Lang::En,
        }
    }

    #[test]
    fn every_layout_renders_a_png() {
        let renderer = Renderer::new();
        let game = after_round_one(3);
        for layout in [Layout::Table, Layout::Seat(1), Layout::Hand(2)] {
            let png = renderer.render(&image(&game, layout)).expect("renders");
            let (w, h, _) = decode(&png);
            assert_eq!(w, 1000, "{layout:?}");
            assert!((300..1000).contains(&h), "{layout:?}: height {h}");
            assert!(
                png.bytes.len() < 150 * 1024,
                "{layout:?}: {} bytes",
                png.bytes.len()
            );
        }
    }

    #[test]
    fn tiles_castles_and_the_scoring_overlay_show_where_they_are() {
        let renderer = Renderer::new();
        let game = after_round_one(1);
        let img = decode(
            &renderer
                .render(&image(&game, Layout::Seat(0)))
                .expect("renders"),
        );
        // A placed tile is grass green away from its roads (tile 7 on G3: a N–S road only).
        let (x, y, _) = seat_half_cell(HalfCell {
            field: f("G3"),
            bottom: false,
        });
        let grass = pixel(&img, (x + 8.0, y + 8.0));
        assert!(
            grass[1] > grass[0] && grass[1] > grass[2] && grass[1] > 180,
            "grass on G3: {grass:?}"
        );
        // An empty field is parchment, a castle stone grey (C2 also scored: framed in gold).
        let (x, y, w) = seat_half_cell(HalfCell {
            field: f("E1"),
            bottom: false,
        });
        let empty = pixel(&img, (x + w / 2.0, y + w / 2.0));
        assert!(
            empty[0] > 220 && empty[1] > 210 && empty[2] > 180,
            "empty E1: {empty:?}"
        );
        let (x, y, w) = seat_half_cell(HalfCell {
            field: f("C2"),
            bottom: true,
        });
        let stone = pixel(&img, (x + 12.0, y + 0.3 * w));
        assert!(
            stone[0].abs_diff(stone[2]) < 40 && stone[0] > 180,
            "castle C2: {stone:?}"
        );
        // Scoring 1 of example 4: the windmill pair C1b–D1b–D1t scored and is outlined.
        let (x, y, w) = seat_half_cell(HalfCell {
            field: f("D1"),
            bottom: false,
        });
        let outline = pixel(&img, (x + 5.0, y + w / 2.0));
        assert!(
            outline[0] > 200 && outline[1] > 130 && outline[2] < 90,
            "scoring outline on D1t: {outline:?}"
        );
        // The revealed card's field (B1) is framed green.
        let (x, y, w) = seat_half_cell(HalfCell {
            field: f("B1"),
            bottom: false,
        });
        let frame = pixel(&img, (x + 2.0, y + w));
        assert!(
            frame[1] > 120 && frame[0] < 100 && frame[2] < 100,
            "B1 framed: {frame:?}"
        );
    }
}

mod burg_and_komarn {
    use spieltisch::games::burg::draw as burg;
    use spieltisch::games::komarn::Content;
    use spieltisch::games::komarn::draw as komarn;
    use spieltisch::games::{AnyGame, AnyView, GameKind};
    use spieltisch::render::Renderer;
    use spieltisch::table::{BoardImage, Layout};

    use super::{decode, pixel};

    fn names() -> Vec<String> {
        vec!["Ann".into(), "Ben".into(), "Cy".into()]
    }

    #[test]
    fn the_castle_shows_built_and_unbuilt_buildings() {
        let game = AnyGame::new(&GameKind::Burg.default_options(), 3, 1).expect("game");
        let image = BoardImage {
            view: game.view(Some(0)),
            players: names(),
            layout: Layout::Hand(0),
            lang: spieltisch::i18n::Lang::En,
        };
        let png = Renderer::new().render(&image).expect("renders");
        assert!(png.bytes.len() < 150 * 1024);
        let img = decode(&png);
        assert_eq!(img.0, 1000);
        let (mx, my) = burg::building_cell(0); // the Markt: built from the start
        let (tx, ty) = burg::building_cell(2); // tower 1: not built yet
        let built = pixel(&img, (mx + 60.0, my + 50.0));
        let open = pixel(&img, (tx + 60.0, ty + 50.0));
        assert!(
            built[2] < 200 && built[0] > 220,
            "the Markt is drawn built: {built:?}"
        );
        assert!(open[2] > 225, "tower 1 is drawn unbuilt: {open:?}");
    }

    #[test]
    fn soldiers_stand_on_the_river_where_they_were_placed() {
        let mut game = AnyGame::new(&GameKind::Komarn.default_options(), 3, 2).expect("game");
        let seat = game.to_act().seats()[0];
        let mv = game
            .legal_moves(seat)
            .into_iter()
            .find(|m| {
                m.starts_with("play ")
                    && !m.contains("camp")
                    && !m.contains('@')
                    && !m.contains('+')
            })
            .expect("a recruit");
        game.play(seat, &mv).expect("legal");
        let view = game.view(None);
        let AnyView::Komarn(k) = &view else {
            panic!("a Komarn view")
        };
        let soldier = k
            .fields
            .iter()
            .find(|f| matches!(f.content, Content::Soldier(_)))
            .expect("a soldier on the board");
        let png = Renderer::new()
            .render(&BoardImage {
                view: view.clone(),
                players: names(),
                layout: Layout::Table,
                lang: spieltisch::i18n::Lang::En,
            })
            .expect("renders");
        let img = decode(&png);
        let (x, y) = komarn::field_cell(soldier.area, soldier.side);
        let centre = pixel(&img, (x + 25.0, y + 15.0));
        let red = [200u8, 54, 45];
        let blue = [47u8, 94, 168];
        let green = [61u8, 140, 64];
        let near = |c: [u8; 3]| centre.iter().zip(c).all(|(a, b)| a.abs_diff(b) < 30);
        assert!(
            near(red) || near(blue) || near(green),
            "a soldier's colour at {}{:?}: {centre:?}",
            soldier.area,
            soldier.side
        );
    }

    /// The banks are named at both ends of every row, in the lane of their fields: the left
    /// bank (`17L`) is on the left going downstream, so it changes sides where the river turns.
    #[test]
    fn the_banks_are_labelled_on_every_row() {
        use spieltisch::games::komarn::Side;
        let game = AnyGame::new(&GameKind::Komarn.default_options(), 3, 2).expect("game");
        let image = BoardImage {
            view: game.view(None),
            players: names(),
            layout: Layout::Table,
            lang: spieltisch::i18n::Lang::En,
        };
        let svg = Renderer::new().svg(&image).expect("svg").join("\n");
        let labels: Vec<(f32, f32, &str)> = svg
            .split("<text ")
            .skip(1)
            .filter_map(|t| {
                let num = |attr: &str| -> Option<f32> {
                    t.split(&format!("{attr}=\""))
                        .nth(1)?
                        .split('"')
                        .next()?
                        .parse()
                        .ok()
                };
                let text = t.split_once('>')?.1.split("</text>").next()?;
                (text == "L" || text == "R").then_some((num("x")?, num("y")?, text))
            })
            .collect();
        for row in 0..3u8 {
            let first = row * 18 + 1;
            for (side, word) in [(Side::L, "L"), (Side::R, "R")] {
                let (_, top) = komarn::field_cell(first, side);
                let at_row = labels
                    .iter()
                    .filter(|(_, y, w)| *w == word && *y > top && *y < top + 30.0)
                    .count();
                assert_eq!(
                    at_row, 2,
                    "row {row}: `{word}` at both ends, beside {first}{word}"
                );
            }
        }
        // The first row runs left to right with the left bank on top; the second turns.
        let (_, l1) = komarn::field_cell(1, Side::L);
        let (_, r1) = komarn::field_cell(1, Side::R);
        let (_, l2) = komarn::field_cell(19, Side::L);
        let (_, r2) = komarn::field_cell(19, Side::R);
        assert!(
            l1 < r1 && l2 > r2,
            "the banks change sides where the river turns"
        );
    }
}

/// The fast path (cached sprites composited) draws the picture the plain path (every SVG
/// document parsed and rasterized whole) draws: for every game, table and hand, over the
/// positions of a seeded random game.
mod sprites_match_the_plain_drawing {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use spieltisch::games::{AnyGame, GameKind, Layout};
    use spieltisch::render::Renderer;
    use spieltisch::table::BoardImage;

    fn positions(kind: GameKind, players: usize, seed: u64) -> Vec<AnyGame> {
        let mut game = AnyGame::new(&kind.default_options(), players, seed).expect("a game");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut out = vec![game.clone()];
        while let Some(&seat) = game.to_act().seats().first() {
            let moves = game.legal_moves(seat);
            if moves.is_empty()
                || game
                    .play(seat, &moves[rng.random_range(0..moves.len())])
                    .is_err()
            {
                break;
            }
            out.push(game.clone());
        }
        out
    }

    #[test]
    fn for_every_game_table_and_hand() {
        let renderer = Renderer::new();
        for kind in GameKind::ALL {
            let players = 3.clamp(kind.info().min_players, kind.info().max_players);
            let all = positions(*kind, players, 7);
            let step = (all.len() / 6).max(1);
            for (n, game) in all.iter().step_by(step).enumerate() {
                for layout in [Layout::Table, Layout::Hand(0)] {
                    let image = BoardImage {
                        view: game.view(if layout == Layout::Table {
                            None
                        } else {
                            Some(0)
                        }),
                        players: ["Ann", "Ben <&>", "Cid"][..players]
                            .iter()
                            .map(|s| s.to_string())
                            .collect(),
                        layout,
                        lang: spieltisch::i18n::Lang::En,
                    };
                    let fast = renderer.pixmap(&image).expect("fast");
                    // Drawn again, the image takes every sprite from the cache.
                    let kept = renderer.sprite_count();
                    renderer.pixmap(&image).expect("again");
                    assert_eq!(renderer.sprite_count(), kept, "no sprite made twice");
                    let plain = renderer.pixmap_whole(&image).expect("plain");
                    assert_eq!(
                        (fast.width(), fast.height()),
                        (plain.width(), plain.height())
                    );
                    let (mut worst, mut off) = (0u8, 0usize);
                    for (a, b) in fast.data().iter().zip(plain.data()) {
                        let d = a.abs_diff(*b);
                        worst = worst.max(d);
                        off += usize::from(d > 24);
                    }
                    let share = off as f64 / fast.data().len() as f64;
                    assert!(
                        share < 0.002,
                        "{} position {n} {layout:?}: {off} channel values differ by more than 24 (worst {worst})",
                        kind.info().name
                    );
                }
            }
        }
    }
}

/// The image a reply carries (indices into the game's fixed palette, painted only where the
/// sprites changed since the image before) shows the picture the plain path draws, within
/// the palette's reach; and painting only the changes gives exactly the image painting all
/// of it gives, whichever image came before.
mod indexed_images_match_the_plain_drawing {
    use spieltisch::games::{GameKind, Layout, samples};
    use spieltisch::render::Renderer;
    use spieltisch::table::BoardImage;

    use super::decode;

    #[test]
    fn for_every_game_table_and_hand() {
        let renderer = Renderer::new();
        for kind in GameKind::ALL {
            let players = 3.clamp(kind.info().min_players, kind.info().max_players);
            // Two tables' games, their moves interleaved as two busy tables send them.
            let a = samples::positions(*kind, players, 7);
            let b = samples::positions(*kind, players, 8);
            let step = (a.len() / 2).max(1);
            let names: Vec<String> = ["Ann", "Ben <&>", "Cid"][..players]
                .iter()
                .map(|s| s.to_string())
                .collect();
            for layout in [Layout::Table, Layout::Hand(0)] {
                let viewer = (layout != Layout::Table).then_some(0);
                let mut sequence = Vec::new();
                for i in (0..a.len().max(b.len())).step_by(step) {
                    for game in [a.get(i), a.get(i + 1), b.get(i)].into_iter().flatten() {
                        sequence.push(game.view(viewer));
                    }
                }
                for (n, view) in sequence.into_iter().enumerate() {
                    let image = BoardImage {
                        view,
                        players: names.clone(),
                        layout,
                        lang: spieltisch::i18n::Lang::En,
                    };
                    let what = format!("{} image {n} {layout:?}", kind.info().name);
                    let palette = renderer.palette_of(&image).expect("a palette");
                    let layers = image.view.layers(&image.players, layout).expect("layers");
                    let changed = renderer.indexed(&layers, &palette).expect("indexed");
                    renderer.forget_frames();
                    let whole = renderer.indexed(&layers, &palette).expect("indexed");
                    assert!(changed == whole, "{what}: painting the changes differs");
                    let png = decode(&renderer.render(&image).expect("renders"));
                    let plain = renderer.pixmap_whole(&image).expect("plain");
                    assert_eq!((png.0, png.1), (plain.width(), plain.height()), "{what}");
                    let (mut sum, mut off, mut n) = (0u64, 0usize, 0usize);
                    for (rgb, rgba) in png.2.chunks_exact(3).zip(plain.data().chunks_exact(4)) {
                        for c in 0..3 {
                            let d = rgb[c].abs_diff(rgba[c]);
                            sum += u64::from(d);
                            off += usize::from(d > 24);
                            n += 1;
                        }
                    }
                    let mean = sum as f64 / n as f64;
                    let share = off as f64 / n as f64;
                    assert!(
                        mean < 1.5 && share < 0.01,
                        "{what}: mean difference {mean:.2}, {:.3}% of values off by more than 24",
                        share * 100.0
                    );
                }
            }
        }
    }
}

/// The look is kept: each game's table, after ten moves of a seeded game, matches the image
/// stored in `tests/data/boards/` within a tolerance (palette rounding, font hinting). Set
/// `SPIELTISCH_BLESS=1` to store new references after an intended change of the look.
mod the_look_matches_the_stored_references {
    use spieltisch::games::{GameKind, Layout, samples};
    use spieltisch::render::{Png, Renderer};
    use spieltisch::table::BoardImage;

    use super::decode;

    #[test]
    fn for_every_game() {
        let renderer = Renderer::new();
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/boards");
        for kind in GameKind::ALL {
            let players = 3.clamp(kind.info().min_players, kind.info().max_players);
            let positions = samples::positions(*kind, players, 3);
            let game = &positions[10.min(positions.len() - 1)];
            let image = BoardImage {
                view: game.view(None),
                players: ["Ann", "Ben", "Cid"][..players]
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
                layout: Layout::Table,
                lang: spieltisch::i18n::Lang::En,
            };
            let png = renderer.render(&image).expect("renders");
            let path = dir.join(format!("{}.png", kind.info().id));
            if std::env::var_os("SPIELTISCH_BLESS").is_some() {
                std::fs::create_dir_all(&dir).expect("the references' folder");
                std::fs::write(&path, &png.bytes).expect("a reference written");
                continue;
            }
            let stored = Png {
                bytes: std::fs::read(&path).expect("a stored reference"),
                width: 0,
                height: 0,
                description: String::new(),
            };
            let (now, then) = (decode(&png), decode(&stored));
            assert_eq!(
                (now.0, now.1),
                (then.0, then.1),
                "{}: size",
                kind.info().name
            );
            let (mut sum, mut off) = (0u64, 0usize);
            for (a, b) in now.2.iter().zip(&then.2) {
                let d = a.abs_diff(*b);
                sum += u64::from(d);
                off += usize::from(d > 40);
            }
            let n = now.2.len() as f64;
            assert!(
                (sum as f64 / n) < 1.0 && (off as f64 / n) < 0.002,
                "{}: the board looks different from {} (mean difference {:.2}, {} values off by more than 40)",
                kind.info().name,
                path.display(),
                sum as f64 / n,
                off
            );
        }
    }
}

/// The image, its description and the announcement say the same result: every game, the start
/// player not in seat 1 where the game deals the order, and every kind of ending. The verdict
/// is read from the announcement and found whole in the SVG and in the description; its scores
/// are the game's, in seat order, each with the seat's colour; Komarn's player panel draws each
/// player in the colour the text gives them.
mod results_agree {
    use std::time::Duration;

    use spieltisch::games::AnyView;
    use spieltisch::render::{Renderer, one_document};
    use spieltisch::table::{Reply, Status, User};

    use crate::support::{Harness, say_with, setup, ticked};

    const CH: &str = "#results";
    const NAMES: [&str; 3] = ["ann", "ben", "cy"];

    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Ending {
        Played,
        Resigned,
        Clock,
        Claim,
        Abort,
    }

    struct Game {
        h: Harness,
        players: usize,
    }

    impl Game {
        /// A command; moves are sent privately, as secret ones must be.
        fn send(&self, who: &str, text: &str) -> Vec<Reply> {
            say_with(&self.h, CH, who, text, |cmd| {
                cmd.private = text.starts_with("/move");
            })
        }

        fn tick(&self, by: Duration) {
            self.h.clock.advance(by);
            ticked(&self.h);
        }

        fn status(&self) -> Status {
            self.h
                .store
                .current_table(CH)
                .expect("readable")
                .expect("a table")
                .status
        }

        /// One legal move by somebody who has one; `false` when nobody has.
        fn step(&self, turn: usize) -> bool {
            for k in 0..self.players {
                let who = NAMES[(turn + k) % self.players];
                let moves = self.h.legal_moves(CH, &User::named(who));
                if let Some(mv) = moves.get(turn % moves.len().max(1)) {
                    let replies = self.send(who, &format!("/move {mv}"));
                    assert!(replies.iter().all(|r| !r.error), "{mv}: {replies:?}");
                    return true;
                }
            }
            false
        }
    }

    fn open(game: &str, players: usize, options: &str, seed: u64) -> Game {
        let g = Game {
            h: setup().seed(seed).recording().fresh(),
            players,
        };
        g.send(NAMES[0], &format!("/join {game} {options}"));
        for who in &NAMES[1..players] {
            g.send(who, "/join");
        }
        g.send(NAMES[0], "/start");
        assert_eq!(g.status(), Status::Running, "{game} started");
        g
    }

    /// Whether the game dealt its order so that seat 1 does not start (where it deals one).
    fn starts_elsewhere(g: &Game) -> bool {
        let table =
            g.h.store
                .current_table(CH)
                .expect("readable")
                .expect("a table");
        match table.game.as_ref().map(|game| game.view(None)) {
            Some(AnyView::Komarn(v)) => v.turn_order.first() != Some(&0),
            Some(AnyView::Burg(v)) => v.start_player != 0,
            _ => true,
        }
    }

    fn play_to(game: &str, players: usize, options: &str, ending: Ending) -> Game {
        let g = (1..40)
            .map(|seed| open(game, players, options, seed))
            .find(starts_elsewhere)
            .expect("a deal where seat 1 does not start");
        let mut turn = 0;
        match ending {
            Ending::Played => {
                while g.status() == Status::Running && turn < 3000 {
                    if !g.step(turn) {
                        g.tick(Duration::from_secs(60)); // a wait for answers ends
                    }
                    turn += 1;
                }
            }
            Ending::Resigned => {
                for _ in 0..4 {
                    g.step(turn);
                    turn += 1;
                }
                for who in NAMES.iter().take(players) {
                    if g.status() == Status::Running {
                        g.send(who, "/resign");
                    }
                }
            }
            Ending::Clock => {
                g.step(0);
                // People run out of time one after another (with three, computer players
                // take their seats and think on threads of their own, given a moment).
                for _ in 0..2000 {
                    if g.status() != Status::Running {
                        break;
                    }
                    g.tick(Duration::from_secs(600));
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
            Ending::Claim => {
                g.step(0);
                g.tick(Duration::from_secs(4 * 24 * 3600));
                for who in NAMES.iter().take(players) {
                    g.send(who, "/claim");
                }
                // With three, the claimed seats went to computer players: the people resign,
                // and the computer players stop.
                for who in NAMES.iter().take(players) {
                    if g.status() == Status::Running {
                        g.send(who, "/resign");
                    }
                }
                g.tick(Duration::from_secs(60));
            }
            Ending::Abort => {
                g.send(NAMES[0], "/abort");
            }
        }
        assert_ne!(g.status(), Status::Running, "{game} {ending:?} ended");
        g
    }

    /// Every `<text>` element's `y` and text.
    fn all_texts(svg: &str) -> Vec<(f32, String)> {
        svg.split("<text ")
            .skip(1)
            .filter_map(|t| {
                let y = t.split("y=\"").nth(1)?.split('"').next()?.parse().ok()?;
                let text = t.split_once('>')?.1.split("</text>").next()?;
                Some((y, text.to_string()))
            })
            .collect()
    }

    /// The texts between `>` and `<` of the SVG's `<text>` elements at `x`, with their `y`.
    fn texts_at(svg: &str, x: &str) -> Vec<(f32, String)> {
        svg.split("<text ")
            .skip(1)
            .filter(|t| t.starts_with(&format!("x=\"{x}\"")))
            .filter_map(|t| {
                let y = t.split("y=\"").nth(1)?.split('"').next()?.parse().ok()?;
                let text = t.split_once('>')?.1.split("</text>").next()?;
                Some((y, text.to_string()))
            })
            .collect()
    }

    fn check(game: &str, players: usize, options: &str, ending: Ending) {
        let g = play_to(game, players, options, ending);
        let at = format!("{game} ×{players} {options} {ending:?}");
        let table =
            g.h.store
                .current_table(CH)
                .expect("readable")
                .expect("a table");
        let heard = g.h.heard();
        let last = heard
            .iter()
            .rev()
            .find(|r| r.to.is_none() && r.board.is_some())
            .expect("the last announcement with the board");
        let board = last.board.as_ref().expect("a board");
        let renderer = Renderer::new();
        let svg = one_document(&renderer.svg(board).expect("svg")).expect("one document");
        let svg = svg
            .replace("&#39;", "'")
            .replace("&quot;", "\"")
            .replace("&amp;", "&");
        let description = board.describe();
        let game_state = table.game.as_ref().expect("a game");
        let label = |s: usize| table.player(s);
        if ending == Ending::Abort {
            assert_eq!(table.status, Status::Aborted, "{at}");
            let board = g.send("someone", "/board");
            let image = board[0].board.as_ref().expect("the board after the abort");
            let svg = one_document(&renderer.svg(image).expect("svg")).expect("one document");
            assert!(board[0].text.contains("aborted"), "{at}: {}", board[0].text);
            for text in [&svg, &image.describe()] {
                assert!(
                    !text.contains(" wins"),
                    "{at}: no winner after an abort: {text}"
                );
                assert!(!text.contains("Game over"), "{at}: {text}");
            }
            return;
        }
        let outcome = game_state.outcome().expect("an outcome");
        let line = last
            .text
            .lines()
            .find_map(|l| l.strip_prefix("Game over: "))
            .unwrap_or_else(|| panic!("{at}: one game-over line: {}", last.text));
        let verdict = line.strip_suffix('.').unwrap_or(line);
        assert_eq!(
            last.text.matches("Game over").count(),
            1,
            "{at}: one game-over line: {}",
            last.text
        );
        for (seat, score) in outcome.scores.iter().enumerate() {
            let said = format!("{} {score}", label(seat));
            assert!(verdict.contains(&said), "{at}: `{said}` in `{verdict}`");
        }
        if let Some(w) = outcome.winner() {
            assert!(
                verdict.starts_with(&format!("{} ", label(w))),
                "{at}: {verdict}"
            );
        }
        // The image's header says who won; each player's score stands on their line.
        // (Where the header has no room for names beside the players' badges, it names their
        // colours.)
        let (headline, _) = verdict.split_once(" — ").expect("headline — scores");
        // (The announcement escapes names for Markdown; the image draws them as they are.)
        let headline = &headline.replace('\\', "");
        let by_colour = (0..players).fold(headline.to_string(), |h, s| {
            h.replace(&label(s).replace('\\', ""), &game_state.seat_label(s))
        });
        assert!(
            svg.contains(&format!("Game over: {headline}<"))
                || svg.contains(&format!("Game over: {by_colour}<")),
            "{at}: the image says `{headline}`"
        );
        let texts = all_texts(&svg);
        for (seat, score) in outcome.scores.iter().enumerate() {
            let name: String = board.players[seat].chars().take(10).collect();
            let rows: Vec<f32> = texts
                .iter()
                .filter(|(_, t)| t.contains(&name))
                .map(|(y, _)| *y)
                .collect();
            let shown = texts.iter().any(|(y, t)| {
                rows.iter().any(|r| (y - r) > -3.0 && (y - r) < 30.0)
                    && t.split(|c: char| !c.is_ascii_digit() && c != '-')
                        .any(|n| n == score.to_string())
            });
            assert!(
                shown,
                "{at}: {}'s score {score} beside their name",
                NAMES[seat]
            );
        }
        assert!(
            description.contains(&verdict.replace('\\', "")),
            "{at}: {description}"
        );
        if game == "komarn" {
            // The player panel: a disc in the player's colour beside each name.
            const PALETTE: [(&str, &str); 4] = [
                ("#c8362d", "Red"),
                ("#2f5ea8", "Blue"),
                ("#3d8c40", "Green"),
                ("#d9a51e", "Yellow"),
            ];
            for (y, name) in texts_at(&svg, "44") {
                let Some(seat) = NAMES.iter().position(|n| name.starts_with(n)) else {
                    continue;
                };
                let disc = format!(
                    "y=\"{}\" width=\"16\" height=\"16\" rx=\"8\" fill=\"",
                    y - 14.0
                );
                let fill = svg
                    .split(&disc)
                    .nth(1)
                    .and_then(|rest| rest.split('"').next())
                    .unwrap_or_else(|| panic!("{at}: {name}'s disc"));
                let colour = PALETTE
                    .iter()
                    .find(|(hex, _)| *hex == fill)
                    .map(|(_, c)| *c)
                    .unwrap_or("?");
                assert_eq!(
                    game_state.seat_label(seat),
                    colour,
                    "{at}: {name} is drawn {colour}, as the text says"
                );
            }
        }
    }

    #[test]
    fn dvonn() {
        for ending in [
            Ending::Played,
            Ending::Resigned,
            Ending::Claim,
            Ending::Abort,
        ] {
            check("dvonn", 2, "", ending);
        }
        check("dvonn", 2, "time=2m", Ending::Clock);
    }

    #[test]
    fn donquixote() {
        check("donquixote", 3, "", Ending::Played);
        for ending in [Ending::Resigned, Ending::Claim, Ending::Abort] {
            check("donquixote", 2, "", ending);
        }
        check("donquixote", 2, "time=2m", Ending::Clock);
    }

    #[test]
    fn burg() {
        check("burg", 3, "", Ending::Played);
        for ending in [Ending::Resigned, Ending::Claim, Ending::Abort] {
            check("burg", 2, "", ending);
        }
        check("burg", 2, "time=2m", Ending::Clock);
    }

    #[test]
    fn komarn() {
        for ending in [
            Ending::Played,
            Ending::Resigned,
            Ending::Claim,
            Ending::Abort,
        ] {
            check("komarn", 3, "", ending);
        }
        check("komarn", 3, "time=2m", Ending::Clock);
    }
}

/// What the renderer keeps between images stays within its byte budget, and a renderer that
/// keeps almost nothing draws exactly the images one that keeps everything draws.
mod a_small_cache_draws_the_same_images {
    use spieltisch::games::{GameKind, Layout, samples};
    use spieltisch::render::Renderer;
    use spieltisch::table::BoardImage;

    #[test]
    fn for_every_game_within_the_budget() {
        let budget = 256 << 10;
        let (small, large) = (
            Renderer::new().with_cache_bytes(budget),
            Renderer::new().with_cache_bytes(512 << 20),
        );
        for kind in GameKind::ALL {
            let players = 3.clamp(kind.info().min_players, kind.info().max_players);
            let all = samples::positions(*kind, players, 11);
            let step = (all.len() / 5).max(1);
            for (n, game) in all.iter().step_by(step).enumerate() {
                let image = BoardImage {
                    view: game.view(None),
                    players: ["Ann", "Ben", "Cid"][..players]
                        .iter()
                        .map(|s| s.to_string())
                        .collect(),
                    layout: Layout::Table,
                    lang: spieltisch::i18n::Lang::En,
                };
                let kept = small.render(&image).expect("renders");
                let all_kept = large.render(&image).expect("renders");
                assert!(
                    kept.bytes == all_kept.bytes,
                    "{} image {n}: the small cache drew another image",
                    kind.info().name
                );
                assert!(small.cached_bytes() <= budget, "over the budget");
            }
        }
        assert!(
            large.cached_bytes() > budget,
            "the large cache keeps more (else this proves nothing)"
        );
    }
}
