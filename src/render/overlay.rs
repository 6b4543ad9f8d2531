//! Drawing an overlay (the part of a board image that changes per move) by compositing cached
//! sprites instead of parsing and rasterizing the whole SVG document every time.
//!
//! Every top-level element of the overlay's SVG is a *sprite*: it is rasterized once (with
//! resvg, from the SVG the game's template wrote) and kept, keyed by its text. A top-level
//! `<g transform="translate(x y)">` (its only attribute) is a sprite that can be placed
//! anywhere: its content is rasterized relative to its anchor, so the same stack, piece or
//! label is drawn once whatever field it stands on (the anchor's fraction of a pixel, to a
//! quarter, is part of the key, so the picture is the one the whole document gives). `<defs>`,
//! `<style>` and other definitions are handed to every sprite. The SVG document stays the
//! source of the look and is still what [`Renderer::svg`](super::Renderer) returns.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use super::RenderError;
use super::palette::Palette;

/// Transparent margin around a sprite's bounding box (anti-aliasing reaches past it).
const MARGIN: f32 = 2.0;

/// Elements that define rather than draw: given to every sprite.
const DEFINITIONS: &[&str] = &[
    "defs",
    "style",
    "symbol",
    "linearGradient",
    "radialGradient",
    "pattern",
    "clipPath",
    "mask",
    "marker",
    "filter",
];

/// A rasterized sprite: its pixels and where their top-left corner lies from the anchor.
#[derive(Debug)]
pub(super) struct Sprite {
    pixmap: Option<Pixmap>,
    dx: i32,
    dy: i32,
    runs: Vec<Vec<Run>>,
}

impl Sprite {
    /// What it takes in memory, about.
    pub(super) fn bytes(&self) -> usize {
        self.pixmap.as_ref().map_or(0, |p| p.data().len())
            + self.runs.iter().map(|r| r.len() * 12 + 24).sum::<usize>()
            + 64
    }
}

/// One top-level element to draw: its content, and where its anchor is.
struct Part<'a> {
    content: &'a str,
    x: f32,
    y: f32,
}

/// An overlay split into its definitions and its parts.
struct Split<'a> {
    width: f32,
    height: f32,
    definitions: String,
    parts: Vec<Part<'a>>,
}

fn split(svg: &str) -> Result<Split<'_>, RenderError> {
    let doc = roxmltree::Document::parse(svg).map_err(|e| RenderError::Svg(e.to_string()))?;
    let root = doc.root_element();
    let number = |name: &str| {
        root.attribute(name)
            .and_then(|v| v.trim_end_matches("px").parse::<f32>().ok())
    };
    let (Some(width), Some(height)) = (number("width"), number("height")) else {
        return Err(RenderError::Svg(
            "the overlay has no width and height".into(),
        ));
    };
    let mut definitions = String::new();
    let mut parts = Vec::new();
    for node in root.children().filter(roxmltree::Node::is_element) {
        let text = &svg[node.range()];
        if DEFINITIONS.contains(&node.tag_name().name()) {
            definitions.push_str(text);
            continue;
        }
        parts.push(match anchored(&node, svg) {
            Some(part) => part,
            None => Part {
                content: text,
                x: 0.0,
                y: 0.0,
            },
        });
    }
    Ok(Split {
        width,
        height,
        definitions,
        parts,
    })
}

/// A `<g transform="translate(x y)">` with no other attribute: its content and anchor.
fn anchored<'a>(node: &roxmltree::Node<'_, 'a>, svg: &'a str) -> Option<Part<'a>> {
    if node.tag_name().name() != "g" || node.attributes().len() != 1 {
        return None;
    }
    let args = node
        .attribute("transform")?
        .trim()
        .strip_prefix("translate(")?
        .strip_suffix(')')?;
    let mut numbers = args
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .map(str::parse::<f32>);
    let x = numbers.next()?.ok()?;
    let y = numbers.next().unwrap_or(Ok(0.0)).ok()?;
    if numbers.next().is_some() || !x.is_finite() || !y.is_finite() {
        return None;
    }
    let (first, last) = (node.first_child()?, node.last_child()?);
    Some(Part {
        content: &svg[first.range().start..last.range().end],
        x,
        y,
    })
}

/// An anchor's whole pixel and its fraction, rounded to a quarter pixel.
fn place(v: f32) -> (i32, f32) {
    let quarters = (v * 4.0).round();
    let whole = (quarters / 4.0).floor();
    (whole as i32, (quarters - whole * 4.0) / 4.0)
}

/// A sprite's key: what it draws (its content with the definitions it may use, hashed once
/// per overlay as `definitions`) and the fraction of a pixel its anchor stands at.
fn key(definitions: u64, content: &str, fx: f32, fy: f32) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    definitions.hash(&mut h);
    content.hash(&mut h);
    ((fx * 4.0) as u8, (fy * 4.0) as u8).hash(&mut h);
    h.finish()
}

/// A run of a sprite's row that is drawn: its first pixel, its length, whether it is opaque
/// (copied) or partly transparent (blended). Fully transparent pixels are in no run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Run {
    start: u32,
    len: u32,
    opaque: bool,
}

/// The runs of each row of `pixmap`.
fn runs(pixmap: &Pixmap) -> Vec<Vec<Run>> {
    let width = pixmap.width() as usize;
    pixmap
        .data()
        .chunks_exact(width * 4)
        .map(|row| {
            let mut runs: Vec<Run> = Vec::new();
            for (i, px) in row.chunks_exact(4).enumerate() {
                let kind = match px[3] {
                    0 => None,
                    255 => Some(true),
                    _ => Some(false),
                };
                let Some(opaque) = kind else {
                    continue;
                };
                match runs.last_mut() {
                    Some(r) if r.opaque == opaque && (r.start + r.len) as usize == i => r.len += 1,
                    _ => runs.push(Run {
                        start: i as u32,
                        len: 1,
                        opaque,
                    }),
                }
            }
            runs
        })
        .collect()
}

/// Draws `sprite` over `base` with its top-left corner at (`x`, `y`), clipped to `base`:
/// premultiplied source-over, its opaque runs copied, its transparent pixels skipped.
fn blend(base: &mut Pixmap, sprite: &Sprite, pixels: &Pixmap, x: i32, y: i32) {
    let (bw, bh) = (base.width() as i32, base.height() as i32);
    let sw = pixels.width() as i32;
    let src = pixels.data();
    let dst = base.data_mut();
    for (row, runs) in sprite.runs.iter().enumerate() {
        let by = y + row as i32;
        if by < 0 || by >= bh {
            continue;
        }
        for run in runs {
            let from = (x + run.start as i32).max(0);
            let to = (x + (run.start + run.len) as i32).min(bw);
            if from >= to {
                continue;
            }
            let s = ((row as i32 * sw + from - x) * 4) as usize;
            let d = ((by * bw + from) * 4) as usize;
            let n = ((to - from) * 4) as usize;
            let (s, d) = (&src[s..s + n], &mut dst[d..d + n]);
            if run.opaque {
                d.copy_from_slice(s);
                continue;
            }
            for (sp, dp) in s.chunks_exact(4).zip(d.chunks_exact_mut(4)) {
                let keep = 255 - u16::from(sp[3]);
                for c in 0..4 {
                    let mixed = u16::from(dp[c]) * keep + 127;
                    dp[c] = sp[c].saturating_add(((mixed + (mixed >> 8)) >> 8) as u8);
                }
            }
        }
    }
}

/// Rasterizes one sprite: `content` with its anchor at (`fx`, `fy`) of a pixel.
fn make(
    options: &usvg::Options<'static>,
    split: &Split<'_>,
    content: &str,
    (fx, fy): (f32, f32),
) -> Result<Sprite, RenderError> {
    // Definitions are parsed with a sprite only when it may use them (a reference to an id,
    // a class for a style sheet).
    let uses = content.contains('#') || content.contains("class=");
    let doc = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{w}" height="{h}" viewBox="0 0 {w} {h}">{defs}<g transform="translate({fx} {fy})">{content}</g></svg>"#,
        w = split.width,
        h = split.height,
        defs = if uses { split.definitions.as_str() } else { "" },
    );
    let tree = usvg::Tree::from_str(&doc, options).map_err(|e| RenderError::Svg(e.to_string()))?;
    if !tree.root().has_children() {
        return Ok(Sprite {
            pixmap: None,
            dx: 0,
            dy: 0,
            runs: Vec::new(),
        });
    }
    let bounds = tree.root().abs_layer_bounding_box();
    let (left, top) = (
        (bounds.left() - MARGIN).floor(),
        (bounds.top() - MARGIN).floor(),
    );
    let (right, bottom) = (
        (bounds.right() + MARGIN).ceil(),
        (bounds.bottom() + MARGIN).ceil(),
    );
    let (w, h) = ((right - left) as u32, (bottom - top) as u32);
    let mut pixmap = Pixmap::new(w.max(1), h.max(1)).ok_or(RenderError::Size(w, h))?;
    resvg::render(
        &tree,
        Transform::from_translate(-left, -top),
        &mut pixmap.as_mut(),
    );
    Ok(Sprite {
        runs: runs(&pixmap),
        pixmap: Some(pixmap),
        dx: left as i32,
        dy: top as i32,
    })
}

/// A sprite placed: its pixels' top-left corner in the image.
pub(super) struct Placed {
    /// The sprite's cache key.
    pub(super) key: u64,
    pub(super) sprite: Arc<Sprite>,
    pub(super) x: i32,
    pub(super) y: i32,
}

impl super::Renderer {
    /// The overlay `svg`'s size and its sprites in drawing order, rasterizing only the ones
    /// not seen before.
    pub(super) fn sprites_of(&self, svg: &str) -> Result<((u32, u32), Vec<Placed>), RenderError> {
        let split = split(svg)?;
        let definitions = {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            split.definitions.hash(&mut h);
            h.finish()
        };
        let mut placed = Vec::with_capacity(split.parts.len());
        for part in &split.parts {
            let ((ix, fx), (iy, fy)) = (place(part.x), place(part.y));
            let key = key(definitions, part.content, fx, fy);
            let cached = self.cache().sprite(key);
            let sprite = match cached {
                Some(sprite) => sprite,
                None => {
                    let sprite = Arc::new(make(&self.options, &split, part.content, (fx, fy))?);
                    self.keep(|c| c.keep_sprite(key, sprite.clone()));
                    sprite
                }
            };
            if sprite.pixmap.is_some() {
                let (x, y) = (ix + sprite.dx, iy + sprite.dy);
                placed.push(Placed { key, sprite, x, y });
            }
        }
        let size = (split.width.ceil() as u32, split.height.ceil() as u32);
        Ok((size, placed))
    }

    /// Draws the overlay `svg` onto `base` (or onto a new transparent pixmap of its size) from
    /// cached sprites, rasterizing only the ones not seen before.
    pub(super) fn overlay(&self, base: Option<Pixmap>, svg: &str) -> Result<Pixmap, RenderError> {
        let ((w, h), placed) = self.sprites_of(svg)?;
        let mut pixmap = match base {
            Some(p) => p,
            None => Pixmap::new(w, h).ok_or(RenderError::Size(w, h))?,
        };
        for p in &placed {
            if let Some(pixels) = &p.sprite.pixmap {
                blend(&mut pixmap, &p.sprite, pixels, p.x, p.y);
            }
        }
        Ok(pixmap)
    }
}

/// A rectangle of pixels: left, top, right, bottom (exclusive).
pub(super) type Rect = (i32, i32, i32, i32);

impl Placed {
    /// The pixels the sprite covers.
    pub(super) fn rect(&self) -> Rect {
        let (w, h) = self
            .sprite
            .pixmap
            .as_ref()
            .map_or((0, 0), |p| (p.width() as i32, p.height() as i32));
        (self.x, self.y, self.x + w, self.y + h)
    }
}

/// Draws placed sprites onto an image of palette indices (`width` wide) within `clip`, each
/// pixel mapped onto `palette`: opaque pixels directly, partly transparent ones blended over
/// the palette colour beneath.
pub(super) fn paint_indexed(
    indices: &mut [u8],
    width: u32,
    placed: &[Placed],
    palette: &Palette,
    clip: Rect,
) {
    let height = (indices.len() / width.max(1) as usize) as i32;
    let clip = (
        clip.0.max(0),
        clip.1.max(0),
        clip.2.min(width as i32),
        clip.3.min(height),
    );
    for p in placed {
        let r = p.rect();
        if r.0 >= clip.2 || r.2 <= clip.0 || r.1 >= clip.3 || r.3 <= clip.1 {
            continue;
        }
        if let Some(pixels) = &p.sprite.pixmap {
            blend_indexed(
                indices,
                width,
                (&p.sprite, pixels),
                (p.x, p.y),
                palette,
                clip,
            );
        }
    }
}

/// [`blend`] onto palette indices, within `clip` (inside the image).
fn blend_indexed(
    dst: &mut [u8],
    width: u32,
    (sprite, pixels): (&Sprite, &Pixmap),
    (x, y): (i32, i32),
    palette: &Palette,
    clip: Rect,
) {
    let bw = width as i32;
    let sw = pixels.width() as i32;
    let src = pixels.data();
    let mut last = (u32::MAX, 0u8);
    for (row, runs) in sprite.runs.iter().enumerate() {
        let by = y + row as i32;
        if by < clip.1 || by >= clip.3 {
            continue;
        }
        for run in runs {
            let from = (x + run.start as i32).max(clip.0);
            let to = (x + (run.start + run.len) as i32).min(clip.2);
            if from >= to {
                continue;
            }
            let s = ((row as i32 * sw + from - x) * 4) as usize;
            let d = (by * bw + from) as usize;
            let n = (to - from) as usize;
            let (s, d) = (&src[s..s + n * 4], &mut dst[d..d + n]);
            for (sp, dp) in s.chunks_exact(4).zip(d.iter_mut()) {
                let rgb = if run.opaque {
                    [sp[0], sp[1], sp[2]]
                } else {
                    let under = palette.colour(*dp).unwrap_or_default();
                    let keep = 255 - u16::from(sp[3]);
                    std::array::from_fn(|c| {
                        let mixed = u16::from(under[c]) * keep + 127;
                        sp[c].saturating_add(((mixed + (mixed >> 8)) >> 8) as u8)
                    })
                };
                let word = u32::from_le_bytes([rgb[0], rgb[1], rgb[2], 0]);
                if word != last.0 {
                    last = (word, palette.index_of(rgb));
                }
                *dp = last.1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_round_to_quarter_pixels() {
        assert_eq!(place(10.0), (10, 0.0));
        assert_eq!(place(10.3), (10, 0.25));
        assert_eq!(place(10.9), (11, 0.0));
        assert_eq!(place(-0.3), (-1, 0.75));
    }

    #[test]
    fn the_overlay_splits_into_definitions_and_parts() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50">
            <defs><circle id="c" r="4"/></defs>
            <rect x="1" y="2" width="3" height="4"/>
            <g transform="translate(20.5 30)"><use href="#c"/><text>7</text></g>
            <g transform="translate(1 2)" opacity="0.5"><use href="#c"/></g>
        </svg>"##;
        let s = split(svg).expect("splits");
        assert_eq!((s.width, s.height), (100.0, 50.0));
        assert!(s.definitions.starts_with("<defs>"));
        assert_eq!(s.parts.len(), 3);
        assert_eq!(
            s.parts[0].content,
            r#"<rect x="1" y="2" width="3" height="4"/>"#
        );
        assert_eq!(s.parts[1].content, r##"<use href="#c"/><text>7</text>"##);
        assert_eq!((s.parts[1].x, s.parts[1].y), (20.5, 30.0));
        // Not only a translation: drawn where it stands, as a whole.
        assert_eq!((s.parts[2].x, s.parts[2].y), (0.0, 0.0));
        assert!(s.parts[2].content.starts_with("<g transform"));
    }

    #[test]
    fn bad_svg_is_an_error_not_a_panic() {
        assert!(split("<svg").is_err());
        assert!(split(r#"<svg xmlns="http://www.w3.org/2000/svg"/>"#).is_err());
    }
}
