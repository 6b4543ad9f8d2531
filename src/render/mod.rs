//! The drawing toolkit every game shares: SVG layers → pixmaps (resvg) → PNG, the shared
//! drawing list ([`drawing`]), the header band ([`header`]), the embedded fonts ([`fonts`]).
//! It knows no game: each game draws itself (`src/games/<game>/draw.rs`) into [`SvgLayer`]s.
//!
//! A static layer (a board drawn the same every time) names a cache key and is rasterized once;
//! the layers above it are drawn on a copy from sprites ([`overlay`]): each of their top-level
//! SVG elements is rasterized the first time it is seen and composited after. What is kept
//! between images shares one byte budget, least recently used first out ([`cache`],
//! `[render] cache_mb`). Player names are escaped by the templates.

pub mod cache;
pub mod drawing;
pub mod fonts;
pub mod gif;
pub mod header;
mod indexed;
mod overlay;
pub mod palette;
pub mod png;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

pub use self::indexed::{CAPTION_BAND, Indexed};
pub use self::palette::Palette;
pub use self::png::Png;

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

/// One layer of an image, bottom layer first.
#[derive(Debug, Clone)]
pub enum SvgLayer {
    /// An SVG document drawn afresh.
    Svg(String),
    /// A layer that is the same every time: made and rasterized once, then kept under `key`.
    Cached {
        /// The cache key, unique per static layer.
        key: &'static str,
        /// Makes its SVG document.
        make: fn() -> Result<String, RenderError>,
    },
}

impl SvgLayer {
    /// The layer's SVG document.
    pub fn svg(&self) -> Result<String, RenderError> {
        match self {
            SvgLayer::Svg(svg) => Ok(svg.clone()),
            SvgLayer::Cached { make, .. } => make(),
        }
    }
}

/// Renders images. Build one and share it: it caches the static layers.
pub struct Renderer {
    options: usvg::Options<'static>,
    /// The static layers, sprites, indexed bases and last frames kept (one byte budget).
    cache: Mutex<cache::Cache>,
    palettes: Mutex<HashMap<String, Arc<Palette>>>,
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
            cache: Mutex::new(cache::Cache::new(cache::DEFAULT_BYTES)),
            palettes: Mutex::new(HashMap::new()),
        }
    }

    /// The same renderer keeping at most `bytes` between images (default 48 MB; see
    /// [`cache`]).
    pub fn with_cache_bytes(self, bytes: usize) -> Renderer {
        *self.cache() = cache::Cache::new(bytes);
        self
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, cache::Cache> {
        self.cache.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Keeps something by `keep`, then, the cache unlocked, hands the allocator's free memory
    /// back when enough was let go.
    fn keep(&self, keep: impl FnOnce(&mut cache::Cache)) {
        let due = {
            let mut cache = self.cache();
            keep(&mut cache);
            cache.trim_due()
        };
        if due {
            cache::release_free_memory();
        }
    }

    /// How many sprites the renderer keeps (see [`overlay`]).
    pub fn sprite_count(&self) -> usize {
        self.cache().sprites()
    }

    /// How many bytes the renderer keeps between images now.
    pub fn cached_bytes(&self) -> usize {
        self.cache().bytes()
    }

    /// The RGB PNG of an image's layers (no palette).
    pub fn png(&self, layers: &[SvgLayer]) -> Result<Png, RenderError> {
        self.rasterize_layers(layers).and_then(|p| png::encode(&p))
    }

    /// The palette kept under `key`, learned by `learn` the first time (`None` when it cannot
    /// be learned; asked again next time). Learning runs outside the lock: two threads may
    /// learn the same palette at once, and the first one kept wins.
    pub fn palette(
        &self,
        key: &str,
        learn: impl FnOnce() -> Option<Palette>,
    ) -> Option<Arc<Palette>> {
        let palettes = || self.palettes.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(p) = palettes().get(key) {
            return Some(p.clone());
        }
        let learned = Arc::new(learn()?);
        Some(palettes().entry(key.to_string()).or_insert(learned).clone())
    }

    /// The rasterized image of `layers`, before encoding.
    pub fn rasterize_layers(&self, layers: &[SvgLayer]) -> Result<Pixmap, RenderError> {
        let mut pixmap: Option<Pixmap> = None;
        for layer in layers {
            pixmap = Some(match (layer, pixmap) {
                (SvgLayer::Cached { key, make }, None) => self.base(key, *make)?,
                (layer, base) => self.overlay(base, &layer.svg()?)?,
            });
        }
        pixmap.ok_or(RenderError::Size(0, 0))
    }

    /// A static layer's pixmap, rasterized the first time.
    fn base(
        &self,
        key: &'static str,
        make: fn() -> Result<String, RenderError>,
    ) -> Result<Pixmap, RenderError> {
        if let Some(p) = self.cache().base(key) {
            return Ok(p);
        }
        let p = self.rasterize(None, &make()?)?;
        self.keep(|c| c.keep_base(key, p.clone()));
        Ok(p)
    }

    /// The image of `layers` drawn the plain way, every layer's SVG document parsed and
    /// rasterized whole, no cache: what the sprites must look like (tests), and the baseline
    /// the benchmark compares with.
    pub fn rasterize_whole(&self, layers: &[SvgLayer]) -> Result<Pixmap, RenderError> {
        let mut pixmap = None;
        for layer in layers {
            pixmap = Some(self.rasterize(pixmap, &layer.svg()?)?);
        }
        pixmap.ok_or(RenderError::Size(0, 0))
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

/// An image's layers (SVG documents, bottom first) as one SVG document: each layer a nested
/// `<svg>` in the outer one, which takes the first layer's size.
pub fn one_document(layers: &[String]) -> Result<String, String> {
    let first = layers.first().ok_or("an image without layers")?;
    if layers.len() == 1 {
        return Ok(first.clone());
    }
    let doc = roxmltree::Document::parse(first).map_err(|e| e.to_string())?;
    let root = doc.root_element();
    let size = |name: &str| root.attribute(name).unwrap_or("100%").to_string();
    let (width, height) = (size("width"), size("height"));
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{width}" height="{height}">"#
    );
    for layer in layers {
        // Without its XML declaration, a document is an element.
        let body = match layer.trim_start().strip_prefix("<?xml") {
            Some(rest) => rest.split_once("?>").map_or("", |(_, b)| b),
            None => layer.as_str(),
        };
        out.push_str(body.trim());
    }
    out.push_str("</svg>");
    Ok(out)
}

/// `f` over `items`, in order, on every core: each core takes a run of consecutive items and
/// gets its run's number (from 0), so it can keep state per run (a replay's lane).
pub fn on_every_core<T: Sync, R: Send>(
    items: &[T],
    f: impl Fn(usize, &T) -> Result<R, RenderError> + Sync,
) -> Result<Vec<R>, RenderError> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = items.len().div_ceil(cores).max(1);
    std::thread::scope(|scope| {
        let f = &f;
        let runs: Vec<_> = items
            .chunks(chunk)
            .enumerate()
            .map(|(run, part)| scope.spawn(move || part.iter().map(|t| f(run, t)).collect()))
            .collect();
        let mut all = Vec::with_capacity(items.len());
        for run in runs {
            let done: Result<Vec<R>, RenderError> = run
                .join()
                .map_err(|_| RenderError::Encode("a worker thread failed".into()))?;
            all.extend(done?);
        }
        Ok(all)
    })
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
