//! Animated GIFs of indexed frames over one fixed palette (a replay).
//!
//! Every frame uses the global palette, so nothing is quantized per frame. A frame after the
//! first holds only the rectangle where it differs from the one before, its unchanged pixels
//! transparent (palette index [`FREE`], never a colour): a move changes a few fields, so a
//! frame is a few kilobytes. Frames are LZW-compressed in parallel, on every core.

use std::borrow::Cow;

use super::palette::{FREE, Palette};
use super::{Indexed, RenderError};

/// How long each frame shows, and the last.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    /// Each frame but the last, in hundredths of a second.
    pub frame: u16,
    /// The last frame, in hundredths of a second.
    pub last: u16,
}

/// Encodes `frames` (all of one size) as an endlessly looping GIF over `palette`.
pub fn animate(
    frames: &[&Indexed],
    palette: &Palette,
    timing: Timing,
) -> Result<Vec<u8>, RenderError> {
    let first = frames
        .first()
        .ok_or_else(|| RenderError::Encode("a GIF needs a frame".into()))?;
    let (width, height) = (first.width, first.height);
    let too_big = || RenderError::Size(width, height);
    let w16 = u16::try_from(width).map_err(|_| too_big())?;
    let h16 = u16::try_from(height).map_err(|_| too_big())?;
    if frames
        .iter()
        .any(|f| (f.width, f.height) != (width, height))
    {
        return Err(RenderError::Encode("the frames differ in size".into()));
    }
    // Each frame as the rectangle that changed, compressed: the frames split among the cores.
    let part = |i: usize| {
        let frame = frames[i];
        let mut part = match i.checked_sub(1).map(|p| frames[p]) {
            None => gif::Frame::from_indexed_pixels(w16, h16, frame.indices.clone(), None),
            Some(before) => changed(before, frame),
        };
        part.delay = if i + 1 == frames.len() {
            timing.last
        } else {
            timing.frame
        };
        part.dispose = gif::DisposalMethod::Keep;
        part.make_lzw_pre_encoded();
        part
    };
    let numbered: Vec<usize> = (0..frames.len()).collect();
    let parts = super::on_every_core(&numbered, |_, i| Ok(part(*i)))?;
    let mut colours = palette.rgb();
    colours.resize(256 * 3, 0);
    let mut bytes = Vec::new();
    {
        let encode = |e: gif::EncodingError| RenderError::Encode(e.to_string());
        let mut encoder = gif::Encoder::new(&mut bytes, w16, h16, &colours).map_err(encode)?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(encode)?;
        for part in &parts {
            encoder.write_lzw_pre_encoded_frame(part).map_err(encode)?;
        }
    }
    Ok(bytes)
}

/// The rectangle of `after` that differs from `before`, pixels that did not change
/// transparent; one transparent pixel when nothing changed.
fn changed(before: &Indexed, after: &Indexed) -> gif::Frame<'static> {
    let width = after.width as usize;
    let (mut left, mut top, mut right, mut bottom) = (usize::MAX, usize::MAX, 0, 0);
    for (y, (a, b)) in before
        .indices
        .chunks_exact(width)
        .zip(after.indices.chunks_exact(width))
        .enumerate()
    {
        if a == b {
            continue;
        }
        let first = a.iter().zip(b).position(|(p, q)| p != q).unwrap_or(0);
        let last = width
            - a.iter()
                .rev()
                .zip(b.iter().rev())
                .position(|(p, q)| p != q)
                .unwrap_or(0);
        left = left.min(first);
        right = right.max(last);
        top = top.min(y);
        bottom = y + 1;
    }
    if top == usize::MAX {
        let mut frame = gif::Frame::from_indexed_pixels(1, 1, vec![FREE], Some(FREE));
        frame.left = 0;
        frame.top = 0;
        return frame;
    }
    let mut pixels = Vec::with_capacity((right - left) * (bottom - top));
    for y in top..bottom {
        let (from, to) = (y * width + left, y * width + right);
        let (a, b) = (&before.indices[from..to], &after.indices[from..to]);
        if a == b {
            pixels.resize(pixels.len() + a.len(), FREE);
        } else {
            pixels.extend(a.iter().zip(b).map(|(p, q)| if p == q { FREE } else { *q }));
        }
    }
    gif::Frame {
        width: (right - left) as u16,
        height: (bottom - top) as u16,
        left: left as u16,
        top: top as u16,
        transparent: Some(FREE),
        buffer: Cow::Owned(pixels),
        ..gif::Frame::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(indices: Vec<u8>, width: u32) -> Indexed {
        let height = indices.len() as u32 / width;
        Indexed {
            indices,
            width,
            height,
        }
    }

    /// Decodes a GIF into its frames composed on a canvas, as a viewer shows them.
    fn play(bytes: &[u8]) -> (Vec<Vec<u8>>, Vec<u16>) {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(bytes).expect("a GIF");
        let (w, h) = (decoder.width() as usize, decoder.height() as usize);
        let mut canvas = vec![0u8; w * h];
        let (mut shown, mut delays) = (Vec::new(), Vec::new());
        while let Some(frame) = decoder.read_next_frame().expect("a frame") {
            for y in 0..frame.height as usize {
                for x in 0..frame.width as usize {
                    let p = frame.buffer[y * frame.width as usize + x];
                    if Some(p) != frame.transparent {
                        canvas[(frame.top as usize + y) * w + frame.left as usize + x] = p;
                    }
                }
            }
            shown.push(canvas.clone());
            delays.push(frame.delay);
        }
        (shown, delays)
    }

    #[test]
    fn frames_play_back_as_drawn() {
        let palette = Palette::of(vec![[0, 0, 0], [255, 255, 255], [200, 0, 0]]);
        let a = image(vec![0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2], 4);
        let mut b = a.clone();
        b.indices[5] = 2;
        let c = b.clone();
        let mut d = c.clone();
        d.indices[0] = 1;
        d.indices[11] = 0;
        let frames = [a, b, c, d];
        let timing = Timing {
            frame: 80,
            last: 300,
        };
        let bytes = animate(&frames.iter().collect::<Vec<_>>(), &palette, timing).expect("encodes");
        assert!(bytes.starts_with(b"GIF89a"));
        let (shown, delays) = play(&bytes);
        assert_eq!(shown.len(), 4);
        for (s, f) in shown.iter().zip(&frames) {
            assert_eq!(s, &f.indices);
        }
        assert_eq!(delays, vec![80, 80, 80, 300], "the last frame is held");
    }

    #[test]
    fn frames_of_another_size_are_an_error() {
        let palette = Palette::of(vec![[0, 0, 0]]);
        let frames = [image(vec![0; 4], 2), image(vec![0; 6], 3)];
        let timing = Timing { frame: 1, last: 1 };
        assert!(animate(&[&frames[0], &frames[1]], &palette, timing).is_err());
        assert!(animate(&[], &palette, timing).is_err());
    }
}
