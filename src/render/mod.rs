//! Rendering: view → SVG (askama templates in `templates/`) → PNG (resvg).
//!
//! Each game's image has two layers: a static board drawn once and cached as a pixmap, and a
//! per-move overlay (players, pieces, highlights) parsed and drawn on a copy of it. Fonts are
//! embedded ([`fonts`]); player names are escaped by the templates.

pub mod burg;
pub mod donquixote;
pub mod drawing;
pub mod dvonn;
pub mod fonts;
mod header;
pub mod komarn;
pub mod png;

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

pub use self::png::Png;
use crate::games::AnyView;
use crate::table::BoardImage;

/// Why an image could not be made.
#[derive(Debug, Clone, thiserror::Error)]
pub enum RenderError {
    /// The template produced SVG that does not parse (a bug).
    #[error("SVG error: {0}")]
    Svg(String),
    /// The template failed.
    #[error("template error: {0}")]
    Template(String),
    /// PNG encoding failed.
    #[error("PNG encoding failed: {0}")]
    Encode(String),
    /// Out of memory for the pixmap.
    #[error("cannot allocate a {0}×{1} image")]
    Size(u32, u32),
}

/// Renders board images. Build one and share it: it caches each game's static board.
pub struct Renderer {
    options: usvg::Options<'static>,
    dvonn_board: OnceLock<Result<Pixmap, RenderError>>,
}

impl std::fmt::Debug for Renderer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Renderer").finish_non_exhaustive()
    }
}

impl Default for Renderer {
    fn default() -> Self {
        Renderer::new()
    }
}

impl Renderer {
    /// A renderer with the embedded fonts.
    pub fn new() -> Renderer {
        let mut options = usvg::Options {
            font_family: fonts::FAMILY.to_string(),
            ..usvg::Options::default()
        };
        let db = options.fontdb_mut();
        db.load_font_data(fonts::SANS.to_vec());
        db.load_font_data(fonts::SANS_BOLD.to_vec());
        Renderer {
            options,
            dvonn_board: OnceLock::new(),
        }
    }

    /// The PNG of a board image.
    pub fn render(&self, image: &BoardImage) -> Result<Png, RenderError> {
        self.pixmap(image).and_then(|p| png::encode(&p))
    }

    /// The rasterized image, before encoding.
    pub fn pixmap(&self, image: &BoardImage) -> Result<Pixmap, RenderError> {
        match &image.view {
            AnyView::Dvonn(view) => {
                let base = self
                    .dvonn_board
                    .get_or_init(|| self.rasterize(None, &dvonn::board_svg()?))
                    .clone()?;
                self.rasterize(Some(base), &dvonn::pieces_svg(view, &image.players)?)
            }
            AnyView::DonQuixote(view) => {
                self.rasterize(None, &donquixote::svg(view, &image.players, image.layout)?)
            }
            AnyView::Burg(view) => {
                self.rasterize(None, &burg::svg(view, &image.players, image.layout)?)
            }
            AnyView::Komarn(view) => {
                self.rasterize(None, &komarn::svg(view, &image.players, image.layout)?)
            }
        }
    }

    /// The SVG documents of a board image, bottom layer first, for inspection.
    pub fn svg(&self, image: &BoardImage) -> Result<Vec<String>, RenderError> {
        match &image.view {
            AnyView::Dvonn(view) => Ok(vec![
                dvonn::board_svg()?,
                dvonn::pieces_svg(view, &image.players)?,
            ]),
            AnyView::DonQuixote(view) => {
                Ok(vec![donquixote::svg(view, &image.players, image.layout)?])
            }
            AnyView::Burg(view) => Ok(vec![burg::svg(view, &image.players, image.layout)?]),
            AnyView::Komarn(view) => Ok(vec![komarn::svg(view, &image.players, image.layout)?]),
        }
    }

    /// Draws `svg` onto `base` (or onto a new transparent pixmap of the SVG's size).
    fn rasterize(&self, base: Option<Pixmap>, svg: &str) -> Result<Pixmap, RenderError> {
        let tree = usvg::Tree::from_str(svg, &self.options)
            .map_err(|e| RenderError::Svg(e.to_string()))?;
        let size = tree.size().to_int_size();
        let mut pixmap = match base {
            Some(p) => p,
            None => Pixmap::new(size.width(), size.height())
                .ok_or(RenderError::Size(size.width(), size.height()))?,
        };
        resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
        Ok(pixmap)
    }
}

/// A shareable renderer.
pub type SharedRenderer = Arc<Renderer>;

/// Shortens a name for an image, keeping whole characters.
pub(crate) fn short_name(name: &str, max: usize) -> String {
    if name.chars().count() <= max {
        name.to_string()
    } else {
        let mut s: String = name.chars().take(max - 1).collect();
        s.push('…');
        s
    }
}
