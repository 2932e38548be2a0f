//! What `--highlight` draws on top of a solved board and `--labels` below
//! it: aids for a post that explains the puzzle, not part of the tile pictures.

use crate::gfx::font;
use crate::kind::tiles::draw::EdgeLooks;
use crate::kind::tiles::model::{Placement, Puzzle, BOTTOM, RIGHT};
use image::{Rgb, RgbImage};
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect;

/// The `--labels` key: a strip below the board, one line per board row and
/// one column per board column, each cell's `t5 r1` (the `[t=5,r=1]` of the
/// text file) under its column. Drawn outside the tile pictures, so it covers
/// none of them, and after turning, so numbers are always upright (a 6 on a
/// tile turned twice still reads 6). `side` is the board's tile side.
pub(crate) fn labels(canvas: &mut RgbImage, cols: usize, board: &[Placement], top: i32, side: u32) {
    let (scale, pad, line) = key_metrics(side);
    let side = side as i32;
    let rows = board.len().div_ceil(cols.max(1)) as i32;
    let frame = crate::gfx::canvas::FRAME as i32;
    let width = cols as i32 * side;
    let white = Rgb([255, 255, 255]);
    let rule = Rgb([200, 200, 200]);
    draw_filled_rect_mut(
        canvas,
        Rect::at(frame, top).of_size(width as u32, (rows * line + pad) as u32),
        white,
    );
    // Light rules between the key's columns and lines: the board's grid, small.
    for col in 1..cols as i32 {
        let x = frame + col * side;
        draw_filled_rect_mut(
            canvas,
            Rect::at(x, top).of_size(1, (rows * line + pad) as u32),
            rule,
        );
    }
    for row in 1..rows {
        let y = top + row * line;
        draw_filled_rect_mut(canvas, Rect::at(frame, y).of_size(width as u32, 1), rule);
    }
    for (cell, p) in board.iter().enumerate() {
        let text = format!("t{} r{}", u32::from(p.tile) + 1, p.turns);
        let x = frame + (cell % cols) as i32 * side + pad;
        let y = top + (cell / cols) as i32 * line + pad;
        font::draw_text(canvas, &text, (x, y), scale, Rgb([20, 20, 20]));
    }
}

/// The font scale, padding and line height of the key for tiles of `side` px.
fn key_metrics(side: u32) -> (i32, i32, i32) {
    let scale = (side as i32 / 60).max(1);
    let pad = scale * 2;
    (scale, pad, font::text_height(scale) + 2 * pad)
}

/// Pixels `--labels` adds below a board of `rows` rows of `side`-px tiles:
/// the key's lines, a last padding, and the frame closing it.
pub(crate) fn key_height(rows: usize, side: u32) -> u32 {
    let (_, pad, line) = key_metrics(side);
    (rows as i32 * line + pad) as u32 + crate::gfx::canvas::FRAME
}

/// Outlines every inner edge of the board, where two halves of one picture
/// meet, in the colour `draw-tiles` gives the picture: a box half a
/// tile long straddling the seam.
pub(crate) fn highlight_pairs(
    canvas: &mut RgbImage,
    puzzle: &Puzzle,
    board: &[Placement],
    origin: (i32, i32),
    side: u32,
) {
    let looks = EdgeLooks::new(puzzle);
    let s = side as i32;
    let thick = (s / 80).max(2);
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    for (cell, p) in board.iter().enumerate() {
        let (row, col) = ((cell / cols) as i32, (cell % cols) as i32);
        let tile = &puzzle.tiles[usize::from(p.tile)];
        let (x, y) = (origin.0 + col * s, origin.1 + row * s);
        let colour = |side_idx: usize| {
            let [r, g, b] = looks.colour(tile.edge(side_idx, p.turns));
            Rgb([r, g, b])
        };
        if (col as usize) + 1 < cols {
            outline(
                canvas,
                (x + s - s / 4, y + s / 4),
                (s / 2, s / 2),
                thick,
                colour(RIGHT),
            );
        }
        if (row as usize) + 1 < rows {
            outline(
                canvas,
                (x + s / 4, y + s - s / 4),
                (s / 2, s / 2),
                thick,
                colour(BOTTOM),
            );
        }
    }
}

/// Marks each unmatched inner edge `(cell, RIGHT or BOTTOM)` with a red box
/// straddling the seam, bolder than `--highlight`'s, and a thin red line on
/// the seam itself; the two edges that disagree stay visible inside the box.
pub(crate) fn mark_unmatched(
    canvas: &mut RgbImage,
    cols: usize,
    unmatched: &[(usize, usize)],
    origin: (i32, i32),
    side: u32,
) {
    let s = side as i32;
    // Thick enough to see at the gallery's thumbnail size (about a third),
    // and wide enough to leave the two edges' pictures inside uncovered.
    let thick = (s / 30).max(2);
    let bar = (s / 60).max(1);
    let (across, along) = (s * 7 / 10, s * 6 / 10);
    let red = Rgb([230, 20, 20]);
    for &(cell, edge) in unmatched {
        let (row, col) = ((cell / cols) as i32, (cell % cols) as i32);
        let (x, y) = (origin.0 + col * s, origin.1 + row * s);
        let (at, size, seam) = if edge == RIGHT {
            let (sx, top) = (x + s, y + (s - along) / 2);
            (
                (sx - across / 2, top),
                (across, along),
                Rect::at(sx - bar / 2, top).of_size(bar as u32, along as u32),
            )
        } else {
            let (sy, left) = (y + s, x + (s - along) / 2);
            (
                (left, sy - across / 2),
                (along, across),
                Rect::at(left, sy - bar / 2).of_size(along as u32, bar as u32),
            )
        };
        outline(canvas, at, size, thick, red);
        draw_filled_rect_mut(canvas, seam, red);
    }
}

/// A hollow rectangle: a dark rim outside a coloured one, so it shows on any picture.
fn outline(canvas: &mut RgbImage, at: (i32, i32), size: (i32, i32), thick: i32, colour: Rgb<u8>) {
    let ring =
        |canvas: &mut RgbImage, (x, y): (i32, i32), (w, h): (i32, i32), t: i32, c: Rgb<u8>| {
            for r in [
                Rect::at(x, y).of_size(w as u32, t as u32),
                Rect::at(x, y + h - t).of_size(w as u32, t as u32),
                Rect::at(x, y).of_size(t as u32, h as u32),
                Rect::at(x + w - t, y).of_size(t as u32, h as u32),
            ] {
                draw_filled_rect_mut(canvas, r, c);
            }
        };
    ring(canvas, at, size, thick * 2, Rgb([20, 20, 20]));
    ring(
        canvas,
        (at.0 + thick / 2, at.1 + thick / 2),
        (size.0 - thick, size.1 - thick),
        thick,
        colour,
    );
}
