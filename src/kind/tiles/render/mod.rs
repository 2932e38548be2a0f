//! Board images: tile pictures turned by exact quarter turns and composited
//! over white into one canvas with a 1-pixel black frame. Knows nothing of search.
//!
//! Per puzzle, each tile is flattened over white (and scaled) once, and turned
//! at most once per angle, when a board first needs that angle; a board is
//! then row copies into one canvas that is allocated once and reused.

mod tiles;

use crate::gfx::canvas::FRAME;
pub use crate::gfx::canvas::{encode_png, Canvas, PngEffort};
pub use crate::kind::tiles::input::pictures::flatten_over_white;
use crate::kind::Style;
pub use tiles::{Scale, TileSet};

use crate::kind::tiles::model::{Placement, Puzzle};
use crate::kind::tiles::overlay;
use crate::kind::tiles::tile_pictures::TilePictures;
use image::{RgbImage, RgbaImage};

/// A puzzle's painted boards: the painter for one image at a time (the
/// tests, `animate`); `job` paints in parallel with [`TileSet`] and
/// [`Canvas`] directly. Always RGB, for drawing on.
pub struct Renderer<'p> {
    puzzle: &'p Puzzle,
    style: Style,
    tiles: TileSet,
    canvas: Canvas,
}

impl<'p> Renderer<'p> {
    /// `pictures` are the puzzle's tiles in base orientation, all square and one size.
    pub fn new(puzzle: &'p Puzzle, pictures: &[RgbaImage], style: Style) -> Renderer<'p> {
        let flat: Vec<RgbImage> = pictures.iter().map(flatten_over_white).collect();
        let tiles = TileSet::new(
            board_shape(puzzle, pictures.first().map_or(0, RgbaImage::width), style),
            TilePictures::Rgb(flat),
            style.tile_size.map_or(Scale::Keep, Scale::To),
            false,
        );
        let mut canvas = Canvas::default();
        tiles.paint(&[], &mut canvas);
        Renderer {
            puzzle,
            style,
            tiles,
            canvas,
        }
    }

    pub fn size(&self) -> [u32; 2] {
        self.tiles.size()
    }

    /// The tiles in key order, row-major, unturned (with `--labels`, its key
    /// too, so every board of a puzzle is one size).
    pub fn unsolved(&mut self) -> &RgbImage {
        paint_unsolved(self.puzzle, self.style, &self.tiles, &mut self.canvas);
        self.image()
    }

    /// The board with each cell's tile turned `turns` quarter turns counter-clockwise.
    pub fn board(&mut self, board: &[Placement]) -> &RgbImage {
        paint_board(
            self.puzzle,
            self.style,
            &self.tiles,
            board,
            &mut self.canvas,
        );
        self.image()
    }

    /// A closest board of a puzzle without a solution, with its `unmatched`
    /// edges (as [`Puzzle::unmatched`] lists them) marked.
    pub fn closest(&mut self, board: &[Placement], unmatched: &[(usize, usize)]) -> &RgbImage {
        paint_closest(
            self.puzzle,
            self.style,
            &self.tiles,
            (board, unmatched),
            &mut self.canvas,
        );
        self.image()
    }

    /// The canvas as the last call left it.
    pub fn canvas(&self) -> &RgbImage {
        self.image()
    }

    /// Draws one cell: a turned tile, or white for `None`. For a board being
    /// filled (`animate`), where each frame changes a cell or two and
    /// redrawing the whole board would cost a blit per cell per frame.
    pub fn set_cell(&mut self, cell: usize, p: Option<Placement>) -> &RgbImage {
        let stride = self.canvas.width as usize * 3;
        match p {
            Some(p) => self
                .tiles
                .blit(self.canvas.pixels_mut(), stride, 3, cell, p),
            None => {
                let (s, cols) = (self.tiles.side(), self.puzzle.cols);
                let x = FRAME + (cell % cols) as u32 * s;
                let y = FRAME + (cell / cols) as u32 * s;
                self.canvas.with_rgb(|img| {
                    imageproc::drawing::draw_filled_rect_mut(
                        img,
                        imageproc::rect::Rect::at(x as i32, y as i32).of_size(s, s),
                        image::Rgb([255, 255, 255]),
                    )
                });
            }
        }
        self.image()
    }

    fn image(&self) -> &RgbImage {
        self.canvas.rgb()
    }
}

/// Rows, columns, and the pixel rows `--labels` adds below the board, for
/// pictures `picture_side` pixels square.
pub fn board_shape(puzzle: &Puzzle, picture_side: u32, style: Style) -> (usize, usize, u32) {
    let side = style.tile_size.unwrap_or(picture_side);
    let below = if style.labels {
        overlay::key_height(puzzle.rows, side)
    } else {
        0
    };
    (puzzle.rows, puzzle.cols, below)
}

/// The tiles in key order, unturned, with the `--labels` key.
pub fn paint_unsolved(puzzle: &Puzzle, style: Style, tiles: &TileSet, canvas: &mut Canvas) {
    let board = unsolved_board(puzzle);
    tiles.paint(&board, canvas);
    draw_key(puzzle, style, tiles, &board, canvas);
}

/// The unsolved board: tile k in cell k, unturned.
pub fn unsolved_board(puzzle: &Puzzle) -> Vec<Placement> {
    (0..puzzle.cells())
        .map(|cell| Placement {
            tile: cell as u8,
            turns: 0,
        })
        .collect()
}

/// A solved board with the overlays `style` asks for.
pub fn paint_board(
    puzzle: &Puzzle,
    style: Style,
    tiles: &TileSet,
    board: &[Placement],
    canvas: &mut Canvas,
) {
    tiles.paint(board, canvas);
    if style.highlight {
        let (origin, side) = ((FRAME as i32, FRAME as i32), tiles.side());
        canvas.with_rgb(|img| overlay::highlight_pairs(img, puzzle, board, origin, side));
    }
    draw_key(puzzle, style, tiles, board, canvas);
}

/// A closest board, its `unmatched` edges marked.
pub fn paint_closest(
    puzzle: &Puzzle,
    style: Style,
    tiles: &TileSet,
    (board, unmatched): (&[Placement], &[(usize, usize)]),
    canvas: &mut Canvas,
) {
    paint_board(puzzle, style, tiles, board, canvas);
    let (origin, side) = ((FRAME as i32, FRAME as i32), tiles.side());
    canvas.with_rgb(|img| overlay::mark_unmatched(img, puzzle.cols, unmatched, origin, side));
}

/// `--labels`: the key below the board.
fn draw_key(puzzle: &Puzzle, style: Style, tiles: &TileSet, board: &[Placement], c: &mut Canvas) {
    if style.labels {
        let top = (puzzle.rows as u32 * tiles.side() + 2 * FRAME) as i32;
        let side = tiles.side();
        c.with_rgb(|img| overlay::labels(img, puzzle.cols, board, top, side));
    }
}

#[cfg(test)]
mod tests;
