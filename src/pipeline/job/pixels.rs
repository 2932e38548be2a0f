//! Pixel budgets, checked before anything is decoded or allocated: a few
//! kilobytes of PNG can declare gigabytes of pixels, and `--tile-size` can
//! blow a small puzzle's boards up as much.
//!
//! `--max-pixels` bounds both the decoded tile pictures (their sum, from the
//! PNG headers) and one board image. A render holds the tiles as RGBA (4
//! bytes a pixel), their flattened and turned copies at the board's tile size
//! (at most 4 x 3 bytes per board pixel) and one board canvas (3 bytes), so
//! the default of 64 million pixels keeps a puzzle under about 1.2 GB.

use crate::error::InputError;
use crate::gfx::canvas::FRAME;
use crate::kind::tiles::input::pictures::{declared_within, png_dimensions, RawPicture};
use std::path::Path;

fn over(what: String, pixels: u64, max: u64, path: &Path, fix: &str) -> InputError {
    InputError::new(
        path,
        format!("{what} {pixels} pixels, above the limit of {max}"),
    )
    .hint(format!("{fix}, or raise the limit with --max-pixels"))
}

/// Checks a tile puzzle's pictures and boards: `tile_size` is `--tile-size`,
/// `labels` is `--labels` (its key makes the boards taller).
/// A picture above `max_side` per side is left to the decoder, which refuses
/// it by name before allocating.
pub(super) fn check_tiles(
    input_dir: &Path,
    raw: &[RawPicture],
    (rows, cols): (usize, usize),
    (tile_size, max_side, labels): (Option<u32>, u32, bool),
    max: u64,
) -> Result<(), InputError> {
    if declared_within(input_dir, raw, max_side, max)? == 0 {
        // No picture, or one the decoder refuses by name.
        return Ok(());
    }
    let first = raw.first().and_then(|r| png_dimensions(&r.bytes));
    let Some(side) = tile_size
        .map(u64::from)
        .or_else(|| first.map(|(w, _)| u64::from(w)))
    else {
        return Ok(());
    };
    let key = match u32::try_from(side) {
        Ok(s) if labels => u64::from(crate::kind::tiles::overlay::key_height(rows, s)),
        _ => 0,
    };
    let board = board_pixels(rows, cols, side, side)
        .saturating_add((cols as u64 * side + 2 * u64::from(FRAME)).saturating_mul(key));
    if board > max {
        let what = format!("each {rows} x {cols} board of {side}-pixel tiles would have");
        let fix = if tile_size.is_some() {
            "lower --tile-size"
        } else {
            "scale the tile pictures down (or set a smaller --tile-size)"
        };
        return Err(over(what, board, max, input_dir, fix));
    }
    Ok(())
}

/// Checks a Domino Fit board image (`cell` pixels a cell, one cell's margin
/// for the sums, a frame and a closing grid line).
pub(super) fn check_domino(
    file: &Path,
    (w, h): (usize, usize),
    cell: u32,
    max: u64,
) -> Result<(), InputError> {
    let side = |n: usize| 2 * u64::from(FRAME) + u64::from(cell) * (n as u64 + 1) + 1;
    let pixels = side(w) * side(h);
    if pixels > max {
        let what = format!("the {w} x {h} board's image would have");
        return Err(over(what, pixels, max, file, "make the board smaller"));
    }
    Ok(())
}

fn board_pixels(rows: usize, cols: usize, tile_w: u64, tile_h: u64) -> u64 {
    let frame = 2 * u64::from(FRAME);
    (cols as u64 * tile_w + frame).saturating_mul(rows as u64 * tile_h + frame)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_labels_key_counts_towards_the_board_budget() {
        // A PNG header is all the check reads: 60 x 60 pixels.
        let mut header = vec![0u8; 24];
        header[12..16].copy_from_slice(b"IHDR");
        header[16..20].copy_from_slice(&60u32.to_be_bytes());
        header[20..24].copy_from_slice(&60u32.to_be_bytes());
        let raw: Vec<RawPicture> = (0..9)
            .map(|_| RawPicture {
                path: "t.png".into(),
                bytes: header.clone(),
            })
            .collect();
        let board = 182 * 182;
        let check =
            |labels| check_tiles(Path::new("in"), &raw, (3, 3), (None, 4096, labels), board);
        assert!(check(false).is_ok());
        let e = check(true).expect_err("the key makes it taller");
        let key = u64::from(crate::kind::tiles::overlay::key_height(3, 60));
        assert!(
            e.to_string()
                .contains(&format!("{} pixels", board + 182 * key)),
            "{e}"
        );
    }

    #[test]
    fn a_domino_board_of_64_x_64_fits_the_default() {
        let p = Path::new("d.yaml");
        assert!(check_domino(p, (64, 64), 48, crate::defaults::MAX_PIXELS).is_ok());
        let e = check_domino(p, (7, 7), 48, 1000).expect_err("over");
        assert_eq!(
            e.to_string(),
            "d.yaml: the 7 x 7 board's image would have 149769 pixels, above the limit of 1000 (make the board smaller, or raise the limit with --max-pixels)"
        );
    }
}
