//! Pixel budgets, checked before anything is decoded or allocated: a few
//! kilobytes of PNG can declare gigabytes of pixels, and `--tile-size` can
//! blow a small puzzle's boards up as much.
//!
//! `--max-pixels` bounds both the decoded tile pictures (their sum, from the
//! PNG headers) and one board image. The same sizes give the memory a
//! puzzle's render takes ([`Needs`]), which `--max-memory` bounds for all
//! puzzles rendered at once (`pipeline::budget`).

use crate::error::InputError;
use crate::gfx::canvas::PngEffort;
use crate::gfx::canvas::FRAME;
use crate::kind::tiles::input::pictures::{declared_within, png_dimensions, RawPicture};
use std::path::Path;

/// Bytes a render holds per declared pixel of the tile pictures: decoded
/// (one at a time, up to 8 bytes a pixel), over white, and the boards' copy.
const PICTURE_BYTES: u64 = 8;
/// Bytes per pixel of the tiles at the boards' tile size: their four turns.
const TILE_BYTES: u64 = 12;
/// Bytes per board pixel for each board painted and encoded at once: the
/// canvas, the scanlines, the compressed stream and the file.
const BOARD_BYTES: u64 = 12;
/// More per board pixel with `--png best`: Zopfli's stream and file.
const BEST_BYTES: u64 = 2;
/// And Zopfli's match cache, per board, for the block it compresses.
const ZOPFLI_BYTES: u64 = 32 << 20;
/// The compressed rows of tiles a puzzle keeps for its boards at most
/// (`gfx::png::Pieces`).
const PIECES_BYTES: u64 = 64 << 20;

/// The compressed rows of tiles kept for a puzzle's boards of `board`
/// pixels: at most about one board's worth of RGB, and at most 64 MiB.
pub(super) fn pieces_bytes(board: u64) -> usize {
    usize::try_from(PIECES_BYTES.min(3 * board)).unwrap_or(usize::MAX)
}

/// Boards' worth of RGB bytes a puzzle may keep of its compressed rows of
/// tiles when the run's budget has room now: a 3x3 puzzle of 192 solutions
/// draws about 140 different rows, and photos compress to about half their
/// bytes, so one board's worth keeps only the first few rows.
const PIECES_BOARDS_MORE: u64 = 32;

/// Bytes beyond [`pieces_bytes`] worth keeping for `images` boards of
/// `board` pixels (at most [`PIECES_BOARDS_MORE`] boards' worth of RGB and
/// 64 MiB in all), taken from the run's budget only if it is free.
pub(super) fn pieces_more(board: u64, images: usize) -> u64 {
    let boards = u64::try_from(images)
        .unwrap_or(u64::MAX)
        .min(PIECES_BOARDS_MORE);
    let most = PIECES_BYTES.min(board.saturating_mul(3).saturating_mul(boards));
    most.saturating_sub(pieces_bytes(board) as u64)
}

/// The memory a puzzle's render takes, in bytes, estimated from sizes
/// alone: upper bounds of what it allocates (the largest puzzle the
/// default --max-pixels admits, 64 million pixels of pictures and board,
/// is estimated at 2.5 GB with --png best and files as large as their
/// pixels, within the default --max-memory).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Needs {
    /// Everything, with one board painted and encoded at a time.
    pub(crate) first: u64,
    /// Each further board painted and encoded at the same time.
    pub(crate) board: u64,
}

impl Needs {
    /// A render's needs whose files take `read` bytes, pictures of
    /// `pictures` pixels, tiles of `tiles` pixels at the boards' size, and
    /// boards of `board` pixels.
    fn of(read: u64, (pictures, tiles, board): (u64, u64, u64), png: PngEffort) -> Needs {
        let per_board = match png {
            PngEffort::Best => (BOARD_BYTES + BEST_BYTES) * board + ZOPFLI_BYTES,
            _ => BOARD_BYTES * board,
        };
        let pieces = pieces_bytes(board) as u64;
        let first = read + PICTURE_BYTES * pictures + TILE_BYTES * tiles + pieces + per_board;
        Needs {
            first,
            board: per_board,
        }
    }
}

fn over(what: String, pixels: u64, max: u64, path: &Path, fix: &str) -> InputError {
    InputError::new(
        path,
        format!("{what} {pixels} pixels, above the limit of {max}"),
    )
    .hint(format!("{fix}, or raise the limit with --max-pixels"))
}

/// Checks a tile puzzle's pictures and boards, and says what rendering it
/// takes: `tile_size` is `--tile-size`, `labels` is `--labels` (its key
/// makes the boards taller). A picture above `max_side` per side is left to
/// the decoder, which refuses it by name before allocating.
pub(super) fn check_tiles(
    input_dir: &Path,
    raw: &[RawPicture],
    (rows, cols): (usize, usize),
    (tile_size, max_side, labels): (Option<u32>, u32, bool),
    (max, png): (u64, PngEffort),
) -> Result<Needs, InputError> {
    let read: u64 = raw.iter().map(|r| r.bytes.len() as u64).sum();
    let pictures = declared_within(input_dir, raw, max_side, max)?;
    let first = raw.first().and_then(|r| png_dimensions(&r.bytes));
    let side = tile_size
        .map(u64::from)
        .or_else(|| first.map(|(w, _)| u64::from(w)));
    let Some(side) = side.filter(|_| pictures > 0) else {
        // No picture, or one the decoder refuses by name.
        return Ok(Needs::of(read, (0, 0, 0), png));
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
    let tiles = (rows * cols) as u64 * side * side;
    Ok(Needs::of(read, (pictures, tiles, board), png))
}

/// Bytes `infer` holds per declared pixel: every picture decoded as RGBA
/// at once, and the decoder's own buffer for the one it decodes.
const INFER_BYTES: u64 = 5;

/// What inferring the puzzle in `input_dir` takes (`render --infer`), its
/// pictures checked against `--max-pixels` first, as `infer` checks them.
pub(super) fn infer_needs(
    input_dir: &Path,
    (max_side, max): (u32, u64),
) -> Result<u64, InputError> {
    let count = crate::prepare::infer::count_pictures(input_dir);
    let raw = crate::kind::tiles::input::pictures::read_all(input_dir, count, max_side)?;
    let read: u64 = raw.iter().map(|r| r.bytes.len() as u64).sum();
    let pixels = declared_within(input_dir, &raw, max_side, max)?;
    Ok(read + INFER_BYTES * pixels)
}

/// Checks a Domino Fit board image (`cell` pixels a cell, one cell's margin
/// for the sums, a frame and a closing grid line).
pub(super) fn check_domino(
    file: &Path,
    (w, h): (usize, usize),
    cell: u32,
    (max, png): (u64, PngEffort),
) -> Result<Needs, InputError> {
    let side = |n: usize| 2 * u64::from(FRAME) + u64::from(cell) * (n as u64 + 1) + 1;
    let pixels = side(w) * side(h);
    if pixels > max {
        let what = format!("the {w} x {h} board's image would have");
        return Err(over(what, pixels, max, file, "make the board smaller"));
    }
    Ok(Needs::of(0, (0, 0, pixels), png))
}

fn board_pixels(rows: usize, cols: usize, tile_w: u64, tile_h: u64) -> u64 {
    let frame = 2 * u64::from(FRAME);
    (cols as u64 * tile_w + frame).saturating_mul(rows as u64 * tile_h + frame)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 3x3 board of 200-pixel tiles with hundreds of solutions may keep
    /// 32 boards' worth of RGB, the board's own share included; a puzzle
    /// of one image keeps no more than its share, and no puzzle more than
    /// 64 MiB in all.
    #[test]
    fn more_pieces_grow_with_the_boards_drawn_up_to_64_mib() {
        let board = 602 * 602;
        assert_eq!(pieces_more(board, 555), 31 * 3 * board);
        assert_eq!(pieces_more(board, 5), 4 * 3 * board);
        assert_eq!(pieces_more(board, 1), 0);
        assert_eq!(pieces_more(board, 0), 0);
        let big = 4000 * 4000;
        assert_eq!(pieces_more(big, 555), (64 << 20) - 3 * big);
        assert_eq!(pieces_more(64 << 20, 555), 0);
    }

    /// The largest puzzle the default --max-pixels admits (64 million
    /// pixels of pictures, the same in tiles and in one board, its files
    /// as large as RGB pixels) fits the default --max-memory alone, even
    /// with --png best: what renders today renders with the run's budget.
    #[test]
    fn the_largest_puzzle_of_the_default_budget_fits_the_default_memory() {
        let most = crate::defaults::MAX_PIXELS;
        for png in [PngEffort::Default, PngEffort::Best] {
            let needs = Needs::of(3 * most, (most, most, most), png);
            assert!(
                needs.first <= crate::defaults::MAX_MEMORY,
                "{png:?}: {needs:?}"
            );
        }
    }

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
        let check = |labels| {
            let sides = (None, 4096, labels);
            check_tiles(
                Path::new("in"),
                &raw,
                (3, 3),
                sides,
                (board, PngEffort::Default),
            )
        };
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
        let max = (crate::defaults::MAX_PIXELS, PngEffort::Default);
        assert!(check_domino(p, (64, 64), 48, max).is_ok());
        let e = check_domino(p, (7, 7), 48, (1000, PngEffort::Default)).expect_err("over");
        assert_eq!(
            e.to_string(),
            "d.yaml: the 7 x 7 board's image would have 149769 pixels, above the limit of 1000 (make the board smaller, or raise the limit with --max-pixels)"
        );
    }
}
