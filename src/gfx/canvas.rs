//! A board's pixels as its PNG stores them, and the PNG encoding efforts.

use crate::gfx::png::{Method, Part, Pieces, Pixels, PngWriter};
use image::RgbImage;
use serde::Serialize;
use std::sync::Arc;

/// A board image: RGB, or one palette index a pixel when the puzzle's tiles
/// have at most 256 colours (a third of the bytes to composite and to
/// compress, and smaller files). Its buffers are reused from board to board.
/// Width of the black frame round every board, of either kind, in pixels.
pub const FRAME: u32 = 1;

#[derive(Default)]
pub struct Canvas {
    pub width: u32,
    pub height: u32,
    rgb: RgbImage,
    indices: Vec<u8>,
    palette: Option<Arc<[[u8; 3]]>>,
}

impl Canvas {
    /// Makes the canvas `width` x `height` with `palette`, keeping its
    /// buffers; the pixels are left as they were (every painter overwrites all).
    pub fn reset(&mut self, width: u32, height: u32, palette: Option<Arc<[[u8; 3]]>>) {
        let n = width as usize * height as usize;
        if palette.is_some() {
            self.indices.resize(n, 0);
        } else if self.rgb.dimensions() != (width, height) {
            let mut raw = std::mem::take(&mut self.rgb).into_raw();
            raw.resize(n * 3, 0);
            self.rgb = RgbImage::from_raw(width, height, raw).unwrap_or_default();
        }
        self.width = width;
        self.height = height;
        self.palette = palette;
    }

    pub fn bpp(&self) -> usize {
        if self.palette.is_some() {
            1
        } else {
            3
        }
    }

    /// The pixel bytes: indices, or RGB.
    pub fn pixels_mut(&mut self) -> &mut [u8] {
        if self.palette.is_some() {
            &mut self.indices
        } else {
            &mut self.rgb
        }
    }

    /// The pixel bytes: indices, or RGB.
    pub fn pixels(&self) -> &[u8] {
        if self.palette.is_some() {
            &self.indices
        } else {
            &self.rgb
        }
    }

    pub fn palette(&self) -> Option<&[[u8; 3]]> {
        self.palette.as_deref()
    }

    /// The RGB image (empty on an indexed canvas: painters that draw on
    /// a board make it RGB).
    pub fn rgb(&self) -> &RgbImage {
        &self.rgb
    }

    /// Lends the RGB pixels for drawing. Does nothing on an indexed canvas.
    pub fn with_rgb(&mut self, draw: impl FnOnce(&mut RgbImage)) {
        if self.palette.is_none() {
            draw(&mut self.rgb);
        }
    }

    /// The pixels as RGB (expanding the palette), for tests to compare.
    #[cfg(test)]
    pub(crate) fn to_rgb(&self) -> RgbImage {
        match &self.palette {
            None => self.rgb.clone(),
            Some(p) => {
                let rgb = crate::gfx::palette::expand(p, &self.indices);
                RgbImage::from_raw(self.width, self.height, rgb).unwrap_or_default()
            }
        }
    }

    /// Encodes the canvas into `out`; with `Best`, the Zopfli attempt is
    /// given up (and the other encoding kept) once `stop` says so.
    pub fn encode(
        &self,
        (effort, stop): (PngEffort, &dyn Fn() -> bool),
        writer: &mut PngWriter,
        out: &mut Vec<u8>,
    ) {
        let (w, h, pixels) = (self.width, self.height, self.as_pixels());
        encode_pixels(w, h, pixels, (effort, stop), writer, out);
    }

    /// As [`Canvas::encode`], its rows in `parts` shared through `pieces`
    /// ([`PngWriter::encode_parts`]); `Best` compresses the whole board.
    pub fn encode_parts(
        &self,
        (effort, stop): (PngEffort, &dyn Fn() -> bool),
        (parts, pieces): (&[Part], &Pieces),
        writer: &mut PngWriter,
        out: &mut Vec<u8>,
    ) {
        let (w, h, pixels) = (self.width, self.height, self.as_pixels());
        match effort.shared_parse() {
            Some(method) => writer.encode_parts(w, h, pixels, method, (parts, pieces), out),
            None => self.encode((effort, stop), writer, out),
        }
    }

    fn as_pixels(&self) -> Pixels<'_> {
        match &self.palette {
            None => Pixels::Rgb(self.rgb.as_raw()),
            Some(palette) => Pixels::Indexed {
                palette,
                indices: &self.indices,
            },
        }
    }
}

/// PNG compression effort; the pixels are the same at every level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PngEffort {
    /// Looks for repeats only next to each pixel: a little faster on drawn tiles, larger files
    Fast,
    /// Looks next to each pixel and once elsewhere: small files, fast
    #[default]
    Default,
    /// Also tries Zopfli and keeps the smaller file: about a quarter smaller on drawn boards, but thousands of times slower
    Best,
}

impl PngEffort {
    /// The parse whose parts the boards share; `None` for `Best`, which
    /// compresses each board whole.
    fn shared_parse(self) -> Option<Method> {
        match self {
            PngEffort::Fast => Some(Method::Near),
            PngEffort::Default => Some(Method::Tiles),
            PngEffort::Best => None,
        }
    }

    /// Would [`Canvas::encode_parts`] copy the part with `key` from
    /// `pieces` rather than read its rows?
    pub fn keeps(self, pieces: &Pieces, key: &[u32]) -> bool {
        self.shared_parse().is_some_and(|m| pieces.has(m, key))
    }
}

/// Zopfli's iterations for `Best`: past a few, more iterations cost time
/// and save next to nothing (measured in docs/performance.md).
const ZOPFLI_ITERATIONS: u8 = 5;

fn encode_pixels(
    width: u32,
    height: u32,
    pixels: Pixels,
    (effort, stop): (PngEffort, &dyn Fn() -> bool),
    writer: &mut PngWriter,
    out: &mut Vec<u8>,
) {
    match effort {
        PngEffort::Fast => writer.encode(width, height, pixels, Method::Near, out),
        PngEffort::Default => writer.encode(width, height, pixels, Method::Tiles, out),
        PngEffort::Best => {
            writer.encode(width, height, pixels, Method::Tiles, out);
            let mut zopfli = Vec::new();
            let iterations = ZOPFLI_ITERATIONS;
            let done = writer.encode_zopfli(width, height, pixels, iterations, stop, &mut zopfli);
            if done && zopfli.len() < out.len() {
                *out = zopfli;
            }
        }
    }
}

/// Encodes an RGB picture (a tile, a thumbnail, a Domino board) into `out`
/// (cleared first), as a palette PNG when it has at most 256 colours.
/// Deterministic: same pixels, same bytes.
pub fn encode_png(image: &RgbImage, effort: PngEffort, out: &mut Vec<u8>) {
    thread_local! {
        static WRITER: std::cell::RefCell<PngWriter> = std::cell::RefCell::default();
    }
    WRITER.with(|w| {
        let (width, height) = image.dimensions();
        let w = &mut w.borrow_mut();
        match to_palette(image) {
            Some((palette, indices)) => {
                let pixels = Pixels::Indexed {
                    palette: &palette,
                    indices: &indices,
                };
                encode_pixels(width, height, pixels, (effort, &|| false), w, out);
            }
            None => {
                let pixels = Pixels::Rgb(image.as_raw());
                encode_pixels(width, height, pixels, (effort, &|| false), w, out)
            }
        }
    });
}

/// The picture's colours, sorted, and its pixels as indices into them; or
/// `None` past 256 colours.
fn to_palette(image: &RgbImage) -> Option<(Vec<[u8; 3]>, Vec<u8>)> {
    let mut ix = crate::gfx::palette::index(&[image.as_raw()], &[])?;
    Some((ix.colours, ix.pictures.pop()?))
}
