//! Drawing an exported game offline (`spieltisch render`): any position of a finished
//! table's `/export` document as SVG or PNG, or the whole game as an animated GIF.

use super::replay::{self, Replayed};
use super::reply::{BoardImage, Layout, ReplayImage};
use crate::render::Renderer;

/// What to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// The position's SVG (its layers in one document).
    Svg,
    /// The position as a PNG.
    Png,
    /// The whole game, animated.
    Gif,
}

impl std::str::FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Format, String> {
        match s.to_ascii_lowercase().as_str() {
            "svg" => Ok(Format::Svg),
            "png" => Ok(Format::Png),
            "gif" => Ok(Format::Gif),
            _ => Err(format!("{s:?} is not a format: svg, png or gif")),
        }
    }
}

/// A drawn file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drawn {
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// The file name it suggests (`<game>-<table>-<move>.<ext>`).
    pub name: String,
    /// What it shows, in words.
    pub description: String,
}

/// Draws the `/export` document `doc`: the position after move `at` (the start is 0; `None`:
/// the end) as SVG or PNG, or the whole game as a GIF.
pub fn draw(
    renderer: &Renderer,
    doc: &serde_json::Value,
    at: Option<usize>,
    format: Format,
) -> Result<Drawn, String> {
    let replayed = replay::of_export(doc).map_err(|e| e.to_string())?;
    let captions = ReplayImage::captions_of(&replayed.captions());
    let Replayed {
        kind,
        players,
        frames,
        ..
    } = replayed;
    let table = doc.get("table").and_then(|t| t.as_u64()).unwrap_or(0);
    let id = kind.info().id;
    if format == Format::Gif {
        let replay = ReplayImage {
            frames,
            players,
            captions,
            lang: crate::i18n::current(),
        };
        let gif = renderer.replay(&replay).map_err(|e| e.to_string())?;
        return Ok(Drawn {
            bytes: gif.bytes,
            name: format!("{id}-{table}-replay.gif"),
            description: replay.describe(),
        });
    }
    let last = frames.len() - 1;
    let at = at.unwrap_or(last);
    let Some(view) = frames.get(at) else {
        return Err(format!(
            "the game has {last} moves: --move takes 0 (the start) to {last}"
        ));
    };
    let image = BoardImage {
        view: view.clone(),
        players,
        layout: Layout::Table,
        lang: crate::i18n::current(),
    };
    let description = image.describe();
    let (bytes, ext) = match format {
        Format::Svg => {
            let layers = renderer.svg(&image).map_err(|e| e.to_string())?;
            (crate::render::one_document(&layers)?.into_bytes(), "svg")
        }
        _ => (
            renderer.render(&image).map_err(|e| e.to_string())?.bytes,
            "png",
        ),
    };
    Ok(Drawn {
        bytes,
        name: format!("{id}-{table}-{at}.{ext}"),
        description,
    })
}
