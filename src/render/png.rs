//! PNG encoding, tuned for board images: indexed over the game's palette (the replies), or
//! RGB (a picture without a palette).
//!
//! Board images are opaque, so there is no alpha channel. An indexed board of 1000×600 pixels
//! (release build, 2026-11-26): the `Up` filter with fdeflate takes 0.6–1.0 ms for 50–130 KB;
//! zlib level 1 unfiltered 1.9 ms for 28–52 KB, level 2 4–6 ms for 20–42 KB; the RGB PNG at zlib
//! level 3 unfiltered took 9.5–11 ms for 46–61 KB. A board must be drawn and encoded in under
//! 5 ms, so the fast encoder wins; 130 KB is still a small upload.

use resvg::tiny_skia::Pixmap;

use super::Indexed;
use super::RenderError;
use super::palette::Palette;

/// An encoded image: a PNG (a board), or an animated GIF (a replay).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Png {
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// What the image shows, in words (for screen readers and text-only clients); empty
    /// until the caller says.
    pub description: String,
}

impl Png {
    /// Whether this is an animated GIF rather than a PNG.
    pub fn is_gif(&self) -> bool {
        self.bytes.starts_with(b"GIF8")
    }

    /// The file name to attach it under.
    pub fn file_name(&self) -> &'static str {
        if self.is_gif() {
            "replay.gif"
        } else {
            "board.png"
        }
    }

    /// Its media type.
    pub fn media_type(&self) -> &'static str {
        if self.is_gif() {
            "image/gif"
        } else {
            "image/png"
        }
    }
}

/// Encodes an opaque pixmap as an RGB PNG.
pub fn encode(pixmap: &Pixmap) -> Result<Png, RenderError> {
    // Opaque pixels are stored the same premultiplied or not, so the bytes can be copied as is.
    let mut rgb = Vec::with_capacity(pixmap.data().len() / 4 * 3);
    for px in pixmap.data().chunks_exact(4) {
        rgb.extend_from_slice(&px[..3]);
    }
    write(pixmap.width(), pixmap.height(), &rgb, |encoder| {
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_deflate_compression(png::DeflateCompression::Level(3));
        encoder.set_filter(png::Filter::NoFilter);
    })
}

/// Encodes an image of palette indices as an indexed PNG (see [`super::palette`]): a byte a
/// pixel instead of three, filtered by the row above (flat areas become zeros) and deflated
/// by `fdeflate`, which is made for such data.
pub fn encode_indexed(image: &Indexed, palette: &Palette) -> Result<Png, RenderError> {
    write(image.width, image.height, &image.indices, |encoder| {
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_palette(palette.rgb());
        encoder.set_deflate_compression(COMPRESSION);
        encoder.set_filter(FILTER);
    })
}

/// Writes 8-bit image data as a PNG, the encoder set up by `setup`.
fn write(
    width: u32,
    height: u32,
    data: &[u8],
    setup: impl FnOnce(&mut png::Encoder<'_, &mut Vec<u8>>),
) -> Result<Png, RenderError> {
    let mut bytes = Vec::with_capacity(data.len() / 8);
    {
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_depth(png::BitDepth::Eight);
        setup(&mut encoder);
        let mut writer = encoder
            .write_header()
            .map_err(|e| RenderError::Encode(e.to_string()))?;
        writer
            .write_image_data(data)
            .map_err(|e| RenderError::Encode(e.to_string()))?;
    }
    Ok(Png {
        bytes,
        width,
        height,
        description: String::new(),
    })
}

/// The deflate setting of indexed PNGs.
const COMPRESSION: png::DeflateCompression = png::DeflateCompression::FdeflateUltraFast;
/// The row filter of indexed PNGs.
const FILTER: png::Filter = png::Filter::Up;
