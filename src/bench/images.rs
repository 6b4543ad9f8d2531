//! Image figures: per game and layout, the time to draw and encode a board (p50, p99), the
//! PNG size, cairosvg on the same pictures when it is installed, and a replay's GIF.

use std::time::{Duration, Instant};

use crate::games::GameKind;
use crate::render::{Renderer, png};
use crate::table::reply::ReplayImage;
use crate::table::{BoardImage, Layout};

use super::percentile;

/// Rendering figures for one game's images.
#[derive(Debug, Clone)]
pub struct RenderFigures {
    /// Which images.
    pub what: String,
    /// Images rendered.
    pub boards: usize,
    /// First render (builds any cached static layer).
    pub cold: Duration,
    /// Median time per image (SVG, parse, raster, encode).
    pub p50: Duration,
    /// 99th percentile time per image.
    pub p99: Duration,
    /// Median time spent in PNG encoding.
    pub encode_p50: Duration,
    /// Mean PNG size in bytes.
    pub mean_png_bytes: usize,
    /// Largest PNG in bytes.
    pub max_png_bytes: usize,
    /// Image size of the first image.
    pub size: (u32, u32),
    /// cairosvg's median time for the same pictures (their layers as one SVG document), when
    /// it is installed (tables only).
    pub cairosvg_p50: Option<Duration>,
}

/// A replay's figures.
#[derive(Debug, Clone)]
pub struct ReplayFigures {
    /// Which game.
    pub game: String,
    /// Frames (positions).
    pub frames: usize,
    /// Time to draw and encode the GIF the first time (sprites of new positions made) and
    /// again.
    pub first: Duration,
    /// The second time.
    pub again: Duration,
    /// GIF size in bytes.
    pub bytes: usize,
}

impl std::fmt::Display for ReplayFigures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let moves = self.frames.saturating_sub(1).max(1) as f64;
        writeln!(
            f,
            "{} replay GIF ({} frames): {:.0} ms first, {:.0} ms again ({:.0} ms per 100 moves), {:.0} KB",
            self.game,
            self.frames,
            self.first.as_secs_f64() * 1000.0,
            self.again.as_secs_f64() * 1000.0,
            self.again.as_secs_f64() * 1000.0 * 100.0 / moves,
            self.bytes as f64 / 1024.0
        )
    }
}

/// Every game's replay: the longest of its first 20 seeded random games, at most 101
/// positions (100 moves).
pub fn replays(renderer: &Renderer) -> Result<Vec<ReplayFigures>, String> {
    let mut out = Vec::new();
    for kind in GameKind::ALL {
        let info = kind.info();
        let players = 2.clamp(info.min_players, info.max_players);
        let mut positions = (1..=20)
            .map(|seed| crate::games::samples::positions(*kind, players, seed))
            .max_by_key(Vec::len)
            .unwrap_or_default();
        positions.truncate(101);
        let names: Vec<String> = ["Alice", "Bob", "Carol", "Dave"][..players]
            .iter()
            .map(|n| n.to_string())
            .collect();
        let steps: Vec<String> = (1..positions.len())
            .map(|i| format!("a move {i}"))
            .collect();
        let replay = ReplayImage {
            frames: positions.iter().map(|g| g.view(None)).collect(),
            players: names,
            captions: ReplayImage::captions_of(&steps),
            lang: crate::i18n::Lang::En,
        };
        if replay.frames.is_empty() {
            continue;
        }
        // The palette is learned once per game, before any replay.
        let first_image = BoardImage {
            view: replay.frames[0].clone(),
            players: replay.players.clone(),
            layout: Layout::Table,
            lang: crate::i18n::Lang::En,
        };
        renderer.palette_of(&first_image);
        let t = Instant::now();
        renderer.replay(&replay).map_err(|e| e.to_string())?;
        let first = t.elapsed();
        let t = Instant::now();
        let gif = renderer.replay(&replay).map_err(|e| e.to_string())?;
        let again = t.elapsed();
        out.push(ReplayFigures {
            game: info.name.to_string(),
            frames: replay.frames.len(),
            first,
            again,
            bytes: gif.bytes.len(),
        });
    }
    Ok(out)
}

/// cairosvg's median time to turn the pictures of `images` into PNGs, in one Python process;
/// `None` when Python or cairosvg is missing.
fn cairosvg(renderer: &Renderer, images: &[BoardImage]) -> Option<Duration> {
    let dir = std::env::temp_dir().join(format!("spieltisch-cairo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let step = (images.len() / 30).max(1);
    for (i, image) in images.iter().step_by(step).enumerate() {
        let layers = renderer.svg(image).ok()?;
        let doc = crate::render::one_document(&layers).ok()?;
        std::fs::write(dir.join(format!("{i:04}.svg")), doc).ok()?;
    }
    let script = r#"
import glob, sys, time
import cairosvg
times = []
for path in sorted(glob.glob(sys.argv[1] + "/*.svg")):
    svg = open(path, "rb").read()
    t = time.perf_counter()
    cairosvg.svg2png(bytestring=svg)
    times.append(time.perf_counter() - t)
times.sort()
print(times[len(times) // 2])
"#;
    let output = std::process::Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(&dir)
        .output();
    let _ = std::fs::remove_dir_all(&dir);
    let output = output.ok().filter(|o| o.status.success())?;
    let seconds: f64 = String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .ok()?;
    Some(Duration::from_secs_f64(seconds))
}

/// The figures of every registered game's table and hand.
pub fn figures(renderer: &Renderer, iterations: usize) -> Result<Vec<RenderFigures>, String> {
    // Every registered game: its table with three players (or as many as it seats, fewest
    // first), boards from two seeded random games; and one seat's hand.
    let mut renders = Vec::new();
    for kind in GameKind::ALL {
        let info = kind.info();
        let players = 3.clamp(info.min_players, info.max_players);
        let mut table = boards(*kind, players, 1, Layout::Table);
        table.extend(boards(*kind, players, 2, Layout::Table));
        let what = format!("{} table, {players} players", info.name);
        let mut figures = measure(renderer, &what, &table, iterations)?;
        figures.cairosvg_p50 = cairosvg(renderer, &table);
        renders.push(figures);
    }
    for kind in GameKind::ALL {
        let info = kind.info();
        let players = 3.clamp(info.min_players, info.max_players);
        let hands = boards(*kind, players, 1, Layout::Hand(0));
        let what = format!("{} hand of seat 1", info.name);
        renders.push(measure(renderer, &what, &hands, iterations)?);
    }
    Ok(renders)
}

impl std::fmt::Display for RenderFigures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let r = self;
        writeln!(
            f,
            "{} ({} images, {}×{} px):",
            r.what, r.boards, r.size.0, r.size.1
        )?;
        writeln!(
            f,
            "  first (builds any cached layer, learns the palette) {:.1} ms",
            ms(r.cold)
        )?;
        writeln!(
            f,
            "  p50 {:.1} ms, p99 {:.1} ms (PNG encoding p50 {:.1} ms)",
            ms(r.p50),
            ms(r.p99),
            ms(r.encode_p50)
        )?;
        writeln!(
            f,
            "  PNG size mean {:.1} KB, max {:.1} KB",
            r.mean_png_bytes as f64 / 1024.0,
            r.max_png_bytes as f64 / 1024.0
        )?;
        if let Some(cairo) = r.cairosvg_p50 {
            writeln!(
                f,
                "  cairosvg on the same pictures: p50 {:.1} ms — {:.1}× our p50",
                ms(cairo),
                cairo.as_secs_f64() / r.p50.as_secs_f64().max(1e-9)
            )?;
        }
        Ok(())
    }
}

/// Images of every position of a seeded random game of `kind` for `players`, as the layout's
/// viewer sees them (everybody for the table, the seat for its hand).
fn boards(kind: GameKind, players: usize, seed: u64, layout: Layout) -> Vec<BoardImage> {
    let viewer = match layout {
        Layout::Table => None,
        Layout::Seat(s) | Layout::Hand(s) => Some(s),
    };
    let names: Vec<String> = ["Alice", "Bob", "Carol", "Dave"][..players]
        .iter()
        .map(|n| n.to_string())
        .collect();
    crate::games::samples::positions(kind, players, seed)
        .iter()
        .map(|game| BoardImage {
            view: game.view(viewer),
            players: names.clone(),
            layout,
            lang: crate::i18n::Lang::En,
        })
        .collect()
}

/// Renders `images` round-robin `iterations` times.
fn measure(
    renderer: &Renderer,
    what: &str,
    images: &[BoardImage],
    iterations: usize,
) -> Result<RenderFigures, String> {
    let first = images.first().ok_or("no images to render")?;
    let t = Instant::now();
    let png = renderer.render(first).map_err(|e| e.to_string())?;
    let cold = t.elapsed();
    let palette = renderer.palette_of(first);
    let mut times = Vec::new();
    let mut encodes = Vec::new();
    let mut sizes = Vec::new();
    for i in 0..iterations.max(1) {
        let image = &images[i % images.len()];
        let t = Instant::now();
        let layers = image
            .view
            .layers(&image.players, image.layout)
            .map_err(|e| e.to_string())?;
        let (encoded, encoding) = match &palette {
            Some(palette) => {
                let indexed = renderer
                    .indexed(&layers, palette)
                    .map_err(|e| e.to_string())?;
                let e = Instant::now();
                (png::encode_indexed(&indexed, palette), e.elapsed())
            }
            None => {
                let pixmap = renderer
                    .rasterize_layers(&layers)
                    .map_err(|e| e.to_string())?;
                let e = Instant::now();
                (png::encode(&pixmap), e.elapsed())
            }
        };
        let encoded = encoded.map_err(|e| e.to_string())?;
        times.push(t.elapsed());
        encodes.push(encoding);
        sizes.push(encoded.bytes.len());
    }
    times.sort();
    encodes.sort();
    Ok(RenderFigures {
        what: what.to_string(),
        boards: times.len(),
        cold,
        p50: percentile(&times, 0.5),
        p99: percentile(&times, 0.99),
        encode_p50: percentile(&encodes, 0.5),
        mean_png_bytes: sizes.iter().sum::<usize>() / sizes.len().max(1),
        max_png_bytes: sizes.iter().copied().max().unwrap_or(0),
        cairosvg_p50: None,
        size: (png.width, png.height),
    })
}
