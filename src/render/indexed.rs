//! Images as palette indices: the fast path of every board image.
//!
//! A board is drawn straight onto one byte a pixel (an index into its game's fixed
//! [`Palette`]), never as RGBA, and only where it differs from the image drawn before it:
//! - a static bottom layer ([`SvgLayer::Cached`]) is mapped onto the palette once and kept;
//! - the layers above are lists of sprites (see `overlay`). For each family of images (a
//!   palette, a size, a bottom layer) the last image is kept with its sprite list. A new image
//!   compares lists: the sprites only in one of them mark rectangles as damaged; if the
//!   sprites in both come in the same order, every pixel outside those rectangles is covered
//!   by the same sprites in the same order as before, so it is unchanged. Only the damaged
//!   rectangles are painted again: the bottom layer, then every sprite touching them. Else
//!   (a different order, or most of the image damaged) the whole image is painted.
//!
//! Nothing depends on the game saying what changed: the lists say it.

use std::collections::HashMap;
use std::sync::Arc;

use super::overlay::{Placed, Rect, paint_indexed};
use super::{Palette, RenderError, Renderer, SvgLayer};

/// An image as palette indices, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Indexed {
    /// One index a pixel.
    pub indices: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

impl Indexed {
    /// This image on a canvas of `width` × `height` (not smaller than it), top-left aligned,
    /// the rest in the colour of its top-left pixel.
    pub fn padded(self, width: u32, height: u32) -> Indexed {
        if (self.width, self.height) == (width, height)
            || width < self.width
            || height < self.height
        {
            return self;
        }
        let fill = self.indices.first().copied().unwrap_or(0);
        let mut indices = vec![fill; width as usize * height as usize];
        for (y, row) in self
            .indices
            .chunks_exact(self.width.max(1) as usize)
            .enumerate()
        {
            let at = y * width as usize;
            indices[at..at + row.len()].copy_from_slice(row);
        }
        Indexed {
            indices,
            width,
            height,
        }
    }
}

/// The height of a replay's caption band (see [`Renderer::caption`]).
pub const CAPTION_BAND: u32 = 30;

/// Escapes text for SVG.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Renderer {
    /// `image` with a band of [`CAPTION_BAND`] pixels added above it, saying `text` (a
    /// replay's "Move 12 of 40 · Ann: c3-d4"). Above, because a board's header changes with
    /// every move anyway: a replay frame's changed rectangle stays as tall as it was.
    pub fn caption(
        &self,
        image: Indexed,
        text: &str,
        palette: &Palette,
    ) -> Result<Indexed, RenderError> {
        let (width, height) = (image.width, image.height + CAPTION_BAND);
        let svg = format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"><rect x="0" y="0" width="{width}" height="{band}" fill="#fbf8f0"/><rect x="0" y="{line}" width="{width}" height="2" fill="#3a3a3a"/><text x="14" y="20" font-family="{family}" font-size="16" fill="#222222">{text}</text></svg>"##,
            band = CAPTION_BAND,
            line = CAPTION_BAND - 2,
            family = super::fonts::FAMILY,
            text = escape(&text.chars().take(120).collect::<String>()),
        );
        let (_, placed) = self.sprites_of(&svg)?;
        let band = (CAPTION_BAND as usize) * width as usize;
        let mut indices = vec![palette.index_of([0, 0, 0]); band + image.indices.len()];
        indices[band..].copy_from_slice(&image.indices);
        let mut out = Indexed {
            indices,
            width,
            height,
        };
        let clip = (0, 0, width as i32, CAPTION_BAND as i32);
        paint_indexed(&mut out.indices, width, &placed, palette, clip);
        Ok(out)
    }
}

/// A sprite as drawn: its key and the pixels it covers.
type Mark = (u64, Rect);

/// The last image of a family, with its sprites.
#[derive(Debug)]
pub(super) struct Frame {
    marks: Vec<Mark>,
    image: Indexed,
}

impl Frame {
    /// What it takes in memory, about.
    pub(super) fn bytes(&self) -> usize {
        self.image.indices.len() + self.marks.len() * std::mem::size_of::<Mark>() + 64
    }
}

/// A family of images: palette, width, height, static bottom layer, lane (see
/// [`Renderer::indexed_in`]).
pub(super) type Family = (usize, u32, u32, Option<&'static str>, usize);

/// Repaint damaged rectangles only while they cover less than this share of the image.
const MOST: f64 = 0.6;

impl Renderer {
    /// The image of `layers` as indices into `palette` (see the module's introduction).
    pub fn indexed(
        &self,
        layers: &[SvgLayer],
        palette: &Arc<Palette>,
    ) -> Result<Indexed, RenderError> {
        self.indexed_in(0, layers, palette)
    }

    /// [`Renderer::indexed`] in a lane of its own: a thread drawing a sequence of images (a
    /// replay's frames) compares each with the one it drew before, not with whatever another
    /// thread drew last. Lane 0 is the replies' lane.
    pub fn indexed_in(
        &self,
        lane: usize,
        layers: &[SvgLayer],
        palette: &Arc<Palette>,
    ) -> Result<Indexed, RenderError> {
        let id = Arc::as_ptr(palette) as usize;
        let (base, above) = match layers.split_first() {
            Some((SvgLayer::Cached { key, make }, above)) => {
                (Some(self.indexed_base(key, *make, palette)?), above)
            }
            _ => (None, layers),
        };
        let mut size = base.as_ref().map(|(_, b)| (b.width, b.height));
        let mut placed: Vec<Placed> = Vec::new();
        for layer in above {
            let (layer_size, sprites) = self.sprites_of(&layer.svg()?)?;
            size.get_or_insert(layer_size);
            placed.extend(sprites);
        }
        let (width, height) = size.ok_or(RenderError::Size(0, 0))?;
        let marks: Vec<Mark> = placed.iter().map(|p| (p.key, p.rect())).collect();
        let family = (id, width, height, base.as_ref().map(|(k, _)| *k), lane);
        let previous = self.cache().frame(&family);
        let blank = palette.index_of([0, 0, 0]);
        let clear = |image: &mut Indexed, r: Rect| {
            let (x0, x1) = (
                r.0.max(0) as usize,
                (r.2.max(0) as usize).min(width as usize),
            );
            let (y0, y1) = (
                r.1.max(0) as usize,
                (r.3.max(0) as usize).min(height as usize),
            );
            if x0 >= x1 {
                return;
            }
            for y in y0..y1 {
                let row = y * width as usize;
                let dst = &mut image.indices[row + x0..row + x1];
                match &base {
                    Some((_, b)) => dst.copy_from_slice(&b.indices[row + x0..row + x1]),
                    None => dst.fill(blank),
                }
            }
        };
        let whole = (0, 0, width as i32, height as i32);
        let damaged = previous.as_ref().and_then(|p| damage(&p.marks, &marks));
        let area = |rects: &[Rect]| -> f64 {
            rects
                .iter()
                .map(|r| f64::from((r.2 - r.0).max(0)) * f64::from((r.3 - r.1).max(0)))
                .sum()
        };
        let image = match (previous, damaged) {
            (Some(p), Some(rects))
                if area(&rects) < MOST * f64::from(width) * f64::from(height) =>
            {
                let mut image = p.image.clone();
                for r in rects {
                    clear(&mut image, r);
                    paint_indexed(&mut image.indices, width, &placed, palette, r);
                }
                image
            }
            _ => {
                let mut image = Indexed {
                    indices: vec![blank; width as usize * height as usize],
                    width,
                    height,
                };
                clear(&mut image, whole);
                paint_indexed(&mut image.indices, width, &placed, palette, whole);
                image
            }
        };
        let frame = Arc::new(Frame {
            marks,
            image: image.clone(),
        });
        self.keep(|c| c.keep_frame(family, frame));
        Ok(image)
    }

    /// Forgets the last image of every family: the next of each is painted whole (tests; the
    /// images themselves do not change).
    pub fn forget_frames(&self) {
        self.cache().forget_frames();
    }

    /// A static layer mapped onto `palette`, kept.
    fn indexed_base(
        &self,
        key: &'static str,
        make: fn() -> Result<String, RenderError>,
        palette: &Arc<Palette>,
    ) -> Result<(&'static str, Arc<Indexed>), RenderError> {
        let id = Arc::as_ptr(palette) as usize;
        if let Some(base) = self.cache().indexed(key, id) {
            return Ok((key, base));
        }
        let pixmap = self.base(key, make)?;
        let base = Arc::new(Indexed {
            indices: palette.indices(&pixmap),
            width: pixmap.width(),
            height: pixmap.height(),
        });
        self.keep(|c| c.keep_indexed(key, id, base.clone()));
        Ok((key, base))
    }
}

/// The rectangles where an image with sprites `new` differs from one with sprites `old`:
/// those of the sprites in only one list. `None` when the sprites in both are not in the same
/// order (then overlapping ones could have swapped).
fn damage(old: &[Mark], new: &[Mark]) -> Option<Vec<Rect>> {
    let count = |marks: &[Mark]| {
        let mut counts: HashMap<Mark, usize> = HashMap::new();
        for m in marks {
            *counts.entry(*m).or_default() += 1;
        }
        counts
    };
    // Each list's marks that the other has too (as many times), and the others' rectangles.
    let shared = |from: &[Mark], other: &[Mark], rects: &mut Vec<Rect>| {
        let mut left = count(other);
        let mut kept = Vec::with_capacity(from.len());
        for m in from {
            match left.get_mut(m) {
                Some(n) if *n > 0 => {
                    *n -= 1;
                    kept.push(*m);
                }
                _ => rects.push(m.1),
            }
        }
        kept
    };
    let mut rects = Vec::new();
    let old_shared = shared(old, new, &mut rects);
    let new_shared = shared(new, old, &mut rects);
    if old_shared != new_shared {
        return None;
    }
    // A sprite replaced by another of its size leaves one rectangle, not two; one inside
    // another is painted with it.
    rects.sort_unstable();
    rects.dedup();
    let inside =
        |a: &Rect, b: &Rect| a != b && b.0 <= a.0 && b.1 <= a.1 && a.2 <= b.2 && a.3 <= b.3;
    let all = rects.clone();
    rects.retain(|r| !all.iter().any(|o| inside(r, o)));
    Some(rects)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padding_keeps_the_image_top_left() {
        let small = Indexed {
            indices: vec![1, 2, 3, 4],
            width: 2,
            height: 2,
        };
        let big = small.clone().padded(3, 3);
        assert_eq!(big.indices, vec![1, 2, 1, 3, 4, 1, 1, 1, 1]);
        assert_eq!(small.clone().padded(2, 2), small);
    }

    #[test]
    fn damage_is_where_the_sprites_differ() {
        let a = (1, (0, 0, 10, 10));
        let b = (2, (20, 0, 30, 10));
        let c = (3, (40, 0, 50, 10));
        let b2 = (2, (60, 0, 70, 10));
        assert_eq!(damage(&[a, b, c], &[a, b, c]), Some(vec![]));
        assert_eq!(
            damage(&[a, b, c], &[a, b2, c]),
            Some(vec![(20, 0, 30, 10), (60, 0, 70, 10)])
        );
        // Replaced in place: one rectangle; a smaller one inside it goes with it.
        let b3 = (4, (20, 0, 30, 10));
        let small = (5, (22, 2, 28, 8));
        assert_eq!(
            damage(&[a, b, c], &[a, b3, small, c]),
            Some(vec![(20, 0, 30, 10)])
        );
        assert_eq!(damage(&[a, b], &[a, b, c]), Some(vec![(40, 0, 50, 10)]));
        // The same sprites in another order: no shortcut.
        assert_eq!(damage(&[a, b, c], &[a, c, b]), None);
        // The same sprite twice counts twice.
        assert_eq!(damage(&[a, a], &[a]), Some(vec![(0, 0, 10, 10)]));
    }
}
