//! What `--labels` and `--highlight` draw on top of a solved board: aids for a
//! post that explains the puzzle, not part of the tile pictures.

use crate::draw::EdgeLooks;
use crate::font;
use crate::model::{Placement, Puzzle, BOTTOM, RIGHT};
use image::{Rgb, RgbImage};
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect;

/// In each cell's top-left corner, the tile number and its counter-clockwise
/// turns as `t5 r1` (the `[t=5,r=1]` of the text file), dark on a white box.
pub fn labels(
    canvas: &mut RgbImage,
    cols: usize,
    board: &[Placement],
    origin: (i32, i32),
    side: u32,
) {
    let side = side as i32;
    let scale = (side / 60).max(1);
    let pad = scale * 2;
    for (cell, p) in board.iter().enumerate() {
        let text = format!("t{} r{}", u32::from(p.tile) + 1, p.turns);
        let x = origin.0 + (cell % cols) as i32 * side + pad;
        let y = origin.1 + (cell / cols) as i32 * side + pad;
        let (w, h) = (
            font::text_width(&text, scale) + 2 * pad,
            font::text_height(scale) + 2 * pad,
        );
        draw_filled_rect_mut(
            canvas,
            Rect::at(x, y).of_size(w as u32, h as u32),
            Rgb([40, 40, 40]),
        );
        let inner =
            Rect::at(x + scale, y + scale).of_size((w - 2 * scale) as u32, (h - 2 * scale) as u32);
        draw_filled_rect_mut(canvas, inner, Rgb([255, 255, 255]));
        font::draw_text(canvas, &text, (x + pad, y + pad), scale, Rgb([20, 20, 20]));
    }
}

/// Outlines every inner edge of the board, where two halves of one picture
/// meet, in the colour `draw-tiles` gives the picture: a box half a
/// tile long straddling the seam.
pub fn highlight_pairs(
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
pub fn mark_unmatched(
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
