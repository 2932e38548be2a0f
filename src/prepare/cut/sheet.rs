//! The sheet is read like a tile picture (only a regular file, never more
//! bytes than its pixels could need) but under a budget of pixels rather
//! than of side: a scan is wide and tall, and its size is checked in the
//! PNG header before anything is allocated for the pixels.

use crate::error::InputError;
use crate::kind::tiles::input::pictures::{png_dimensions, sniff};
use image::RgbImage;
use std::path::Path;

/// Reads and decodes the sheet at `path` as RGB (any alpha over white).
pub(super) fn read(path: &Path, max_pixels: u64) -> Result<RgbImage, InputError> {
    // A PNG larger than its raw 16-bit RGBA pixels is padding or garbage.
    let cap = max_pixels.saturating_mul(8).max(64 << 20);
    let bytes = crate::input::file::read_capped(path, cap)?;
    if !bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        let what = if bytes.is_empty() {
            "an empty file"
        } else {
            sniff(&bytes)
        };
        return Err(
            InputError::new(path, format!("not a PNG file (it looks like {what})"))
                .hint("save or convert the scan as PNG"),
        );
    }
    let (w, h) = png_dimensions(&bytes).unwrap_or((0, 0));
    let pixels = u64::from(w) * u64::from(h);
    if pixels > max_pixels {
        return Err(InputError::new(
            path,
            format!("the sheet declares {w}x{h} pixels, above the limit of {max_pixels}"),
        )
        .hint("scan at a lower resolution or scale the picture down, or raise --max-pixels"));
    }
    if pixels == 0 {
        return Err(
            InputError::new(path, format!("the sheet declares {w}x{h} pixels"))
                .hint("export the scan again as PNG"),
        );
    }
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(w);
    limits.max_image_height = Some(h);
    limits.max_alloc = Some(pixels.saturating_mul(8).max(1 << 20));
    let picture = crate::kind::tiles::input::pictures::decode_png(path, &bytes, limits)?;
    Ok(crate::kind::tiles::render::flatten_over_white(
        &picture.into_rgba8(),
    ))
}
