//! Thumbnails: small copies of the boards, written beside them as
//! `thumb-<board>.png`, so the gallery loads kilobytes where the boards are
//! megabytes. The writer and the page compute their size with the same
//! function, so the page's `width`/`height` always match the file.

use image::{imageops, RgbImage};

/// Longest side of a thumbnail in pixels: four fit side by side in the
/// gallery's column, and a 3 x 3 board's tiles stay recognisable.
pub const THUMB: u32 = 240;

/// The thumbnail's file name for a board's file name.
pub fn name(board_file: &str) -> String {
    format!("thumb-{board_file}")
}

/// The thumbnail's size for a board of `w` x `h` pixels, or `None` when the
/// board is no larger than a thumbnail (the page then shows the board itself
/// and no thumbnail is written).
pub fn size(w: u32, h: u32) -> Option<(u32, u32)> {
    let long = w.max(h);
    if long <= THUMB {
        return None;
    }
    // Rounded to the nearest pixel, never 0, in u64 so no side overflows.
    let scale = |side: u32| {
        ((u64::from(side) * u64::from(THUMB) + u64::from(long) / 2) / u64::from(long)).max(1) as u32
    };
    Some((scale(w), scale(h)))
}

/// The thumbnail of `board`, or `None` if it is small enough to show as it
/// is. The triangle filter (widened by the scale, so every board pixel
/// counts) rings less than Lanczos, so the drawn boards' flat colours stay
/// flat: on the bundled boards the thumbnails are 1.6 MB against 2.2 MB.
/// image's resize is plain Rust with no threads and no platform-specific
/// code, so the bytes are the same on every machine and for any `-j`.
pub fn make(board: &RgbImage) -> Option<RgbImage> {
    let (w, h) = size(board.width(), board.height())?;
    Some(imageops::resize(
        board,
        w,
        h,
        imageops::FilterType::Triangle,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thumbnails_keep_the_aspect_and_skip_small_boards() {
        assert_eq!(size(1202, 1202), Some((240, 240)));
        assert_eq!(size(722, 482), Some((240, 160)));
        assert_eq!(size(100_000, 1), Some((240, 1)));
        assert_eq!(size(240, 100), None);
        let board = RgbImage::from_pixel(481, 481, image::Rgb([10, 200, 30]));
        let thumb = make(&board).expect("a thumbnail");
        assert_eq!(thumb.dimensions(), (240, 240));
        assert_eq!(thumb.get_pixel(120, 120).0, [10, 200, 30]);
        assert!(make(&RgbImage::new(200, 200)).is_none());
    }
}
