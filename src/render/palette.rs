//! A fixed palette of at most 255 colours for a family of images (one game's boards at one
//! size), learned once from sample images, and the fast mapping of pixels onto it.
//!
//! Boards are flat colours plus their anti-aliased edges: 465–1,235 distinct colours in a
//! board of 1000×600, most of them edge blends covering a few pixels. The palette is learned
//! with NeuQuant (the `color_quant` crate) from sample boards of the game; afterwards every
//! entry is moved to the most common exact colour it stands for, so the large flat areas keep
//! their exact colour. Index 255 is never a colour: it is free for a GIF's transparency.
//!
//! Mapping a pixel goes through a table over 6 bits per channel (262,144 entries), filled on
//! first use of each entry with the nearest colour; a board touches a few thousand entries,
//! so mapping costs a table lookup per pixel.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, Ordering};

use resvg::tiny_skia::Pixmap;

/// The index no colour has: unset table entries, a GIF's transparent pixel.
pub const FREE: u8 = 255;

/// Bits per channel of the lookup table's key.
const BITS: u32 = 6;

/// A palette and its lookup table.
pub struct Palette {
    /// The colours, RGB.
    colours: Vec<[u8; 3]>,
    /// Key (6 bits of R, G, B) → palette index, [`FREE`] until first needed.
    table: Box<[AtomicU8]>,
}

impl std::fmt::Debug for Palette {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Palette")
            .field("colours", &self.colours.len())
            .finish()
    }
}

impl Palette {
    /// Learns a palette of at most 255 colours from opaque sample images. When the samples
    /// hold no more distinct colours than that, the palette is exactly those colours.
    pub fn learn(samples: &[&Pixmap]) -> Palette {
        let mut counts: HashMap<[u8; 3], u32> = HashMap::new();
        for pixmap in samples {
            for px in pixmap.data().chunks_exact(4) {
                *counts.entry([px[0], px[1], px[2]]).or_default() += 1;
            }
        }
        let max = usize::from(FREE);
        let colours = if counts.len() <= max {
            let mut colours: Vec<[u8; 3]> = counts.keys().copied().collect();
            colours.sort_unstable();
            colours
        } else {
            let mut rgba = Vec::with_capacity(samples.iter().map(|p| p.data().len()).sum());
            for pixmap in samples {
                rgba.extend_from_slice(pixmap.data());
            }
            let quant = color_quant::NeuQuant::new(10, max, &rgba);
            let learned: Vec<[u8; 3]> = quant
                .color_map_rgb()
                .chunks_exact(3)
                .map(|c| [c[0], c[1], c[2]])
                .collect();
            // Each entry becomes the most common exact colour mapped onto it.
            let mut best: Vec<Option<([u8; 3], u32)>> = vec![None; learned.len()];
            for (colour, count) in &counts {
                let i = quant.index_of(&[colour[0], colour[1], colour[2], 255]);
                if let Some(slot) = best.get_mut(i)
                    && slot.is_none_or(|(c, n)| (*count, *colour) > (n, c))
                {
                    *slot = Some((*colour, *count));
                }
            }
            let mut colours: Vec<[u8; 3]> = best
                .iter()
                .zip(&learned)
                .map(|(b, l)| b.map_or(*l, |(c, _)| c))
                .collect();
            colours.sort_unstable();
            colours.dedup();
            colours
        };
        Palette::of(colours)
    }

    /// A palette of exactly these colours (at most 255; more are cut).
    pub fn of(mut colours: Vec<[u8; 3]>) -> Palette {
        colours.truncate(usize::from(FREE));
        if colours.is_empty() {
            colours.push([0, 0, 0]);
        }
        let table = (0..1usize << (3 * BITS))
            .map(|_| AtomicU8::new(FREE))
            .collect();
        Palette { colours, table }
    }

    /// How many colours.
    pub fn len(&self) -> usize {
        self.colours.len()
    }

    /// Whether there is no colour (never: a palette has at least one).
    pub fn is_empty(&self) -> bool {
        self.colours.is_empty()
    }

    /// The colours as RGB bytes, for PNG's and GIF's palette.
    pub fn rgb(&self) -> Vec<u8> {
        self.colours.iter().flatten().copied().collect()
    }

    /// The colour at `index`.
    pub fn colour(&self, index: u8) -> Option<[u8; 3]> {
        self.colours.get(usize::from(index)).copied()
    }

    /// The palette index of every pixel of an opaque pixmap, row by row.
    pub fn indices(&self, pixmap: &Pixmap) -> Vec<u8> {
        let data = pixmap.data();
        let mut out = vec![0u8; data.len() / 4];
        // Runs of one colour are the rule: a pixel like the one before costs a comparison.
        let mut last = u32::MAX;
        let mut index = 0;
        for (px, slot) in data.chunks_exact(4).zip(out.iter_mut()) {
            let word = u32::from_le_bytes([px[0], px[1], px[2], 0]);
            if word != last {
                last = word;
                index = self.index_of([px[0], px[1], px[2]]);
            }
            *slot = index;
        }
        out
    }

    /// The palette index for a colour.
    pub fn index_of(&self, rgb: [u8; 3]) -> u8 {
        let shift = 8 - BITS;
        let key = (usize::from(rgb[0] >> shift) << (2 * BITS))
            | (usize::from(rgb[1] >> shift) << BITS)
            | usize::from(rgb[2] >> shift);
        let slot = &self.table[key];
        let known = slot.load(Ordering::Relaxed);
        if known != FREE {
            return known;
        }
        // The centre of the key's cell; racing threads store the same answer.
        let half = 1u8 << (shift - 1);
        let centre = rgb.map(|c| (c >> shift << shift) | half);
        let nearest = self.nearest(centre);
        slot.store(nearest, Ordering::Relaxed);
        nearest
    }

    /// The index of the colour nearest `rgb` (squared distance, weighted 2-4-3 for the eye).
    fn nearest(&self, rgb: [u8; 3]) -> u8 {
        let distance = |c: &[u8; 3]| {
            let d = |i: usize| i32::from(c[i]) - i32::from(rgb[i]);
            2 * d(0) * d(0) + 4 * d(1) * d(1) + 3 * d(2) * d(2)
        };
        let best = (0..self.colours.len())
            .min_by_key(|i| distance(&self.colours[*i]))
            .unwrap_or(0);
        u8::try_from(best).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::tiny_skia::Pixmap;

    fn filled(colours: &[[u8; 3]], width: u32) -> Pixmap {
        let mut p = Pixmap::new(width, colours.len() as u32).expect("pixmap");
        for (y, c) in colours.iter().enumerate() {
            for x in 0..width {
                let i = (y as u32 * width + x) as usize * 4;
                p.data_mut()[i..i + 4].copy_from_slice(&[c[0], c[1], c[2], 255]);
            }
        }
        p
    }

    #[test]
    fn few_colours_are_kept_exactly() {
        let colours = [[245, 230, 200], [20, 20, 20], [200, 30, 40]];
        let p = filled(&colours, 8);
        let palette = Palette::learn(&[&p]);
        assert_eq!(palette.len(), 3);
        let indices = palette.indices(&p);
        for (row, c) in colours.iter().enumerate() {
            let i = indices[row * 8];
            assert_eq!(palette.colour(i), Some(*c));
        }
    }

    #[test]
    fn many_colours_keep_the_common_ones_exact_and_never_use_the_free_index() {
        // 1,000 colours: one big area of a background, the rest one row each.
        let mut colours: Vec<[u8; 3]> = (0..1000u32)
            .map(|i| {
                [
                    (i * 7 % 256) as u8,
                    (i * 13 % 256) as u8,
                    (i * 29 % 256) as u8,
                ]
            })
            .collect();
        let background = [240, 220, 180];
        colours.extend(std::iter::repeat_n(background, 500));
        let p = filled(&colours, 4);
        let palette = Palette::learn(&[&p]);
        assert!(
            palette.len() <= 255 && palette.len() > 200,
            "{}",
            palette.len()
        );
        let i = palette.index_of(background);
        assert_eq!(palette.colour(i), Some(background));
        let indices = palette.indices(&p);
        assert!(indices.iter().all(|i| *i != FREE));
        // Every pixel lands near its colour (1,000 colours spread over the whole cube in 255:
        // near on average, none far).
        let mut total = 0;
        for (row, c) in colours.iter().enumerate() {
            let got = palette.colour(indices[row * 4]).expect("colour");
            let off: i32 = (0..3)
                .map(|k| (i32::from(got[k]) - i32::from(c[k])).abs())
                .sum();
            assert!(off < 160, "{c:?} → {got:?}");
            total += off;
        }
        let mean = f64::from(total) / colours.len() as f64;
        assert!(mean < 40.0, "mean distance {mean}");
    }
}
