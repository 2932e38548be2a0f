//! Thumbnails: small copies of the boards, written beside them as
//! `thumb-<board>.png`, so the gallery loads kilobytes where the boards are
//! megabytes. Tile boards paint theirs from the tiles scaled down once per
//! puzzle (`kind::Boards::paint_thumbs`); other boards are shrunk by [`make`]. Either way
//! the report records the size, and the page's `width`/`height` come from it.

use crate::kind::tiles::render::Canvas;

/// Longest side of a thumbnail in pixels: four fit side by side in the
/// gallery's column, and a 3 x 3 board's tiles stay recognisable.
pub(crate) const THUMB: u32 = 240;

/// The thumbnail's file name for a board's file name.
pub(crate) fn name(board_file: &str) -> String {
    format!("thumb-{board_file}")
}

/// The size of the thumbnail [`make`] shrinks a board of `w` x `h` pixels
/// to, or `None` when the board is no larger than a thumbnail (the page then
/// shows the board itself and no thumbnail is written): a whole factor, the
/// smallest that brings its longest side to [`THUMB`] or less.
pub(crate) fn size(w: u32, h: u32) -> Option<(u32, u32)> {
    let k = factor(w, h)?;
    Some((w.div_ceil(k), h.div_ceil(k)))
}

/// Which drawn boards (in [`super::boards`] order) the gallery shows
/// inline: the first solution of each look, or else only the first board.
/// Only these and the unsolved board get a thumbnail file; the folded ones
/// show their full board at thumbnail size, loaded only when opened, so a
/// puzzle with hundreds of solutions writes a handful of thumbnails.
pub(crate) fn inline(r: &crate::present::summary::PuzzleReport) -> Vec<bool> {
    let looks = &r.rendered_looks;
    let by_look = r.closest.is_none() && looks.len() == r.rendered.len();
    let mut seen = std::collections::BTreeSet::new();
    let n = r.rendered.len() + r.closest.as_ref().map_or(0, |c| c.rendered.len());
    (0..n)
        .map(|i| match by_look {
            true => seen.insert(looks[i]),
            false => i == 0,
        })
        .collect()
}

fn factor(w: u32, h: u32) -> Option<u32> {
    let long = w.max(h);
    (long > THUMB).then(|| long.div_ceil(THUMB))
}

/// Paints the thumbnail of `board` into `thumb` (RGB), or returns false if
/// the board is small enough to show as it is. Each thumbnail pixel is the
/// rounded mean of a k x k block of board pixels (fewer at the right and
/// bottom edges): every board pixel counts once, flat colours stay flat, it
/// reads each board pixel once (a board's thumbnail costs a fraction of its
/// encoding), and integer sums give the same bytes on every machine.
pub(crate) fn make(board: &Canvas, thumb: &mut Canvas) -> bool {
    let (w, h) = (board.width, board.height);
    let (Some(k), Some((tw, th))) = (factor(w, h), size(w, h)) else {
        return false;
    };
    thumb.reset(tw, th, None);
    let (k, w, h) = (k as usize, w as usize, h as usize);
    let src = board.pixels();
    let palette = board.palette();
    let bpp = board.bpp();
    let out = thumb.pixels_mut();
    let mut sums = vec![0u32; tw as usize * 3];
    for ty in 0..th as usize {
        sums.fill(0);
        let rows = ty * k..((ty + 1) * k).min(h);
        let n_rows = rows.len();
        for y in rows {
            let row = &src[y * w * bpp..(y + 1) * w * bpp];
            for (tx, block) in row.chunks(k * bpp).enumerate() {
                let sum = &mut sums[tx * 3..tx * 3 + 3];
                for px in block.chunks_exact(bpp) {
                    let rgb = match palette {
                        Some(p) => p.get(usize::from(px[0])).copied().unwrap_or_default(),
                        None => [px[0], px[1], px[2]],
                    };
                    for c in 0..3 {
                        sum[c] += u32::from(rgb[c]);
                    }
                }
            }
        }
        let line = &mut out[ty * tw as usize * 3..(ty + 1) * tw as usize * 3];
        for (tx, (o, s)) in line
            .chunks_exact_mut(3)
            .zip(sums.chunks_exact(3))
            .enumerate()
        {
            let n_cols = ((tx + 1) * k).min(w) - tx * k;
            let n = (n_rows * n_cols) as u32;
            for c in 0..3 {
                o[c] = ((s[c] + n / 2) / n) as u8;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thumbnails_keep_the_aspect_and_skip_small_boards() {
        assert_eq!(size(1202, 1202), Some((201, 201)));
        assert_eq!(size(602, 602), Some((201, 201)));
        assert_eq!(size(722, 482), Some((181, 121)));
        assert_eq!(size(100_000, 1), Some((240, 1)));
        assert_eq!(size(240, 100), None);
        let mut board = Canvas::default();
        board.reset(481, 481, None);
        board
            .pixels_mut()
            .chunks_exact_mut(3)
            .for_each(|p| p.copy_from_slice(&[10, 200, 30]));
        let mut thumb = Canvas::default();
        assert!(make(&board, &mut thumb));
        assert_eq!((thumb.width, thumb.height), (161, 161));
        assert_eq!(thumb.rgb().get_pixel(120, 120).0, [10, 200, 30]);
        board.reset(200, 200, None);
        assert!(!make(&board, &mut thumb));
    }

    #[test]
    fn a_thumbnail_pixel_is_the_mean_of_its_block() {
        // A 245 x 3 indexed board, factor 2: the last column's block is one pixel wide.
        let palette: std::sync::Arc<[[u8; 3]]> = vec![[0, 0, 0], [255, 255, 255], [9, 9, 9]].into();
        let mut board = Canvas::default();
        board.reset(245, 3, Some(palette));
        for (i, p) in board.pixels_mut().iter_mut().enumerate() {
            *p = if i % 245 == 244 { 2 } else { (i % 2) as u8 };
        }
        let mut thumb = Canvas::default();
        assert!(make(&board, &mut thumb));
        assert_eq!((thumb.width, thumb.height), (123, 2));
        // Black and white side by side, two rows: 510 * 2 / 4, rounded.
        assert_eq!(thumb.rgb().get_pixel(0, 0).0, [128, 128, 128]);
        // The last block: one column of 9s, two rows then one.
        assert_eq!(thumb.rgb().get_pixel(122, 0).0, [9, 9, 9]);
        assert_eq!(thumb.rgb().get_pixel(122, 1).0, [9, 9, 9]);
    }
}
