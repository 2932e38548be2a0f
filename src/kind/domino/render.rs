//! Domino Fit board images: column sums above, row sums at the left, black
//! cells filled, dominoes as inset rounded tiles with their dots, and a
//! 1-pixel black frame like the tile boards. Digits come from the built-in
//! bitmap font, so the bytes never depend on the machine's fonts.

use super::{DominoPuzzle, DominoSolution, Kind, Placement};
use crate::gfx::canvas::FRAME;
use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_rect_mut};
use imageproc::rect::Rect;

/// Pixels per cell side unless `--tile-size` gives another. Every other
/// measure scales with the cell, and at 48 is what it always was (so the
/// default boards keep their bytes).
pub const CELL: u32 = 48;

pub(super) const PAPER: Rgb<u8> = Rgb([255, 255, 255]);
pub(super) const BLACK: Rgb<u8> = Rgb([0, 0, 0]);
pub(super) const GRID: Rgb<u8> = Rgb([170, 170, 170]);
pub(super) const INK: Rgb<u8> = Rgb([30, 30, 30]);
pub(super) const FACE: Rgb<u8> = Rgb([250, 244, 226]);
pub(super) const EDGE: Rgb<u8> = Rgb([90, 70, 50]);
pub(super) const DOT: Rgb<u8> = Rgb([20, 40, 110]);

/// Draws the boards of one puzzle. The board with its numbers is drawn once;
/// each image starts from a copy of it in the canvas it is painted into
/// (the shape of the tile boards' `TileSet::paint`).
pub(crate) struct Renderer {
    base: RgbImage,
    cell: u32,
}

impl Renderer {
    /// `cell` is the side of a cell in pixels.
    pub(crate) fn new(p: &DominoPuzzle, cell: u32) -> Renderer {
        let (w, h) = (p.width() as u32, p.height() as u32);
        // One cell's width of margin holds the sums; the extra pixel closes the grid.
        let mut base = RgbImage::from_pixel(
            2 * FRAME + cell + w * cell + 1,
            2 * FRAME + cell + h * cell + 1,
            PAPER,
        );
        let (bx, by) = origin(cell);
        for k in 0..=w {
            fill(&mut base, bx + k * cell, by, 1, h * cell + 1, GRID);
        }
        for k in 0..=h {
            fill(&mut base, bx, by + k * cell, w * cell + 1, 1, GRID);
        }
        for &(cw, ch) in p.blacks() {
            let (x, y) = (bx + cw as u32 * cell, by + ch as u32 * cell);
            fill(&mut base, x, y, cell + 1, cell + 1, BLACK);
        }
        let half = (cell / 2) as i32;
        for (k, &n) in p.top().iter().enumerate() {
            let x = (bx + k as u32 * cell) as i32 + half;
            number(&mut base, cell, n, (x, FRAME as i32 + half));
        }
        for (k, &n) in p.side().iter().enumerate() {
            let y = (by + k as u32 * cell) as i32 + half;
            number(&mut base, cell, n, (FRAME as i32 + half, y));
        }
        frame(&mut base);
        Renderer { base, cell }
    }

    pub(crate) fn size(&self) -> [u32; 2] {
        [self.base.width(), self.base.height()]
    }

    /// Paints `solution`'s board, or with `None` the unsolved one, into an
    /// RGB `canvas` (for the job's parallel writer).
    pub(crate) fn paint(
        &self,
        solution: Option<&DominoSolution>,
        canvas: &mut crate::gfx::canvas::Canvas,
    ) {
        let [w, h] = self.size();
        canvas.reset(w, h, None);
        canvas.pixels_mut().copy_from_slice(&self.base);
        if let Some(solution) = solution {
            canvas.with_rgb(|img| {
                for d in &solution.dominoes {
                    domino(img, self.cell, d);
                }
            });
        }
    }
}

/// Top-left pixel of cell (0, 0)'s grid lines.
pub(super) fn origin(cell: u32) -> (u32, u32) {
    (FRAME + cell, FRAME + cell)
}

/// Centre pixel of cell `(w, h)`.
pub(super) fn cell_centre(cell: u32, w: usize, h: usize) -> (u32, u32) {
    let (bx, by) = origin(cell);
    (
        bx + w as u32 * cell + cell / 2,
        by + h as u32 * cell + cell / 2,
    )
}

/// Centres of a domino's dots: one in the middle of a one's upper cell, two on
/// the diagonal of a two's right cell, as on a die.
pub(super) fn dot_centres(cell: u32, d: &Placement) -> Vec<(u32, u32)> {
    let (cx, cy) = cell_centre(cell, d.dot_cell().0, d.dot_cell().1);
    match d.kind {
        Kind::One => vec![(cx, cy)],
        Kind::Two => vec![
            (cx - cell / 6, cy - cell / 6),
            (cx + cell / 6, cy + cell / 6),
        ],
    }
}

fn domino(img: &mut RgbImage, cell: u32, d: &Placement) {
    // At 48 px: a 4 px gap to the cell borders, corners of radius 7, a 2 px
    // rim, the halves' line 6 px short of the ends.
    let inset = cell / 12;
    let radius = (cell * 7 / 48) as i32;
    let rim = (cell / 24).max(1);
    let margin = cell / 8;
    let (bx, by) = origin(cell);
    let (x, y) = (
        bx + d.w as u32 * cell + inset,
        by + d.h as u32 * cell + inset,
    );
    let (long, short) = (2 * cell + 1 - 2 * inset, cell + 1 - 2 * inset);
    let (w, h) = match d.kind {
        Kind::One => (short, long),
        Kind::Two => (long, short),
    };
    rounded(img, x, y, w, h, radius, EDGE);
    let inner = (radius - rim as i32).max(0);
    rounded(img, x + rim, y + rim, w - 2 * rim, h - 2 * rim, inner, FACE);
    // The line between the halves, short of the rounded ends.
    match d.kind {
        Kind::One => fill(img, x + margin, y + cell - inset, w - 2 * margin, 1, EDGE),
        Kind::Two => fill(img, x + cell - inset, y + margin, 1, h - 2 * margin, EDGE),
    }
    let r = match d.kind {
        Kind::One => cell as i32 / 8,
        Kind::Two => cell as i32 / 10,
    };
    for (cx, cy) in dot_centres(cell, d) {
        draw_filled_circle_mut(img, (cx as i32, cy as i32), r, DOT);
    }
}

/// A filled rectangle with corners rounded to radius `r`.
fn rounded(img: &mut RgbImage, x: u32, y: u32, w: u32, h: u32, r: i32, colour: Rgb<u8>) {
    let ru = r as u32;
    fill(img, x + ru, y, w - 2 * ru, h, colour);
    fill(img, x, y + ru, w, h - 2 * ru, colour);
    let (x0, y0) = ((x + ru) as i32, (y + ru) as i32);
    let (x1, y1) = ((x + w - 1 - ru) as i32, (y + h - 1 - ru) as i32);
    for centre in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
        draw_filled_circle_mut(img, centre, r, colour);
    }
}

fn fill(img: &mut RgbImage, x: u32, y: u32, w: u32, h: u32, colour: Rgb<u8>) {
    draw_filled_rect_mut(img, Rect::at(x as i32, y as i32).of_size(w, h), colour);
}

fn number(img: &mut RgbImage, cell: u32, n: u32, centre: (i32, i32)) {
    let digits = n.to_string().len() as i32;
    // As large as fits a cell with a margin, at most 4 pixels per font pixel.
    let scale = ((cell as i32 - 10) / (4 * digits - 1)).clamp(1, 4);
    crate::gfx::font::draw_text_centred(img, &n.to_string(), centre, scale, INK);
}

fn frame(img: &mut RgbImage) {
    let (w, h) = img.dimensions();
    fill(img, 0, 0, w, FRAME, BLACK);
    fill(img, 0, h - FRAME, w, FRAME, BLACK);
    fill(img, 0, 0, FRAME, h, BLACK);
    fill(img, w - FRAME, 0, FRAME, h, BLACK);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gfx::canvas::{encode_png, PngEffort};
    use crate::kind::domino::{solve, tests::seed, Cover};

    impl Renderer {
        fn unsolved(&self) -> RgbImage {
            self.base.clone()
        }
        fn solution(&self, solution: &DominoSolution) -> RgbImage {
            let mut img = self.base.clone();
            for d in &solution.dominoes {
                domino(&mut img, self.cell, d);
            }
            img
        }
    }

    #[test]
    fn boards_show_blacks_dots_and_frame_and_encode_the_same_twice() {
        let p = seed();
        let s = solve(&p, Cover::Full, 10, None).solutions.remove(0);
        let r = Renderer::new(&p, CELL);
        let img = r.solution(&s);
        let (w, h) = img.dimensions();
        assert_eq!((w, h), (2 + 8 * CELL + 1, 2 + 8 * CELL + 1));
        for x in 0..w {
            assert_eq!(
                (img.get_pixel(x, 0), img.get_pixel(x, h - 1)),
                (&BLACK, &BLACK)
            );
        }
        for y in 0..h {
            assert_eq!(
                (img.get_pixel(0, y), img.get_pixel(w - 1, y)),
                (&BLACK, &BLACK)
            );
        }
        for &(cw, ch) in p.blacks() {
            let (x, y) = cell_centre(CELL, cw, ch);
            assert_eq!(img.get_pixel(x, y), &BLACK, "black cell ({cw}, {ch})");
        }
        for d in &s.dominoes {
            let dots = dot_centres(CELL, d);
            assert_eq!(dots.len() as u32, d.kind.dots());
            for (x, y) in dots {
                assert_eq!(img.get_pixel(x, y), &DOT, "{d:?}");
            }
            // The blank half shows the domino's face.
            let [a, b] = d.cells();
            let blank = if d.kind == Kind::One { b } else { a };
            let (x, y) = cell_centre(CELL, blank.0, blank.1);
            assert_eq!(img.get_pixel(x, y), &FACE, "{d:?}");
        }
        // Unsolved: free cells are paper, and numbers are drawn in the margins.
        let unsolved = r.unsolved();
        let (x, y) = cell_centre(CELL, 0, 0);
        assert_eq!(unsolved.get_pixel(x, y), &PAPER);
        let inked = |x0: u32, y0: u32| {
            (x0..x0 + CELL)
                .flat_map(|x| (y0..y0 + CELL).map(move |y| (x, y)))
                .any(|(x, y)| unsolved.get_pixel(x, y) == &INK)
        };
        let (bx, by) = origin(CELL);
        assert!(inked(bx + 3 * CELL, 1), "column 3's sum");
        assert!(inked(1, by + 6 * CELL), "row 6's sum");
        let (mut a, mut b) = (Vec::new(), Vec::new());
        encode_png(&img, PngEffort::Default, &mut a);
        encode_png(
            &Renderer::new(&p, CELL).solution(&s),
            PngEffort::Default,
            &mut b,
        );
        assert_eq!(a, b);
        assert_eq!(Renderer::new(&p, CELL).unsolved(), unsolved);
    }
}
