//! Board images: tile pictures turned by exact quarter turns and composited
//! over white into one canvas with a 1-pixel black frame. Knows nothing of search.
//!
//! Per puzzle, each tile is flattened over white (and scaled) once, and turned
//! at most once per angle, when a board first needs that angle; a board is
//! then row copies into one canvas that is allocated once and reused.

use crate::model::{Placement, Puzzle};
use crate::overlay;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{imageops, ImageEncoder, RgbImage, RgbaImage};
use serde::Serialize;

/// Width of the black frame round every board, in pixels.
pub const FRAME: u32 = 1;

/// How boards look; every field changes the output bytes, so all of it is
/// part of the build key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Style {
    /// Scale every tile to this many pixels per side before compositing.
    pub tile_size: Option<u32>,
    /// Draw each tile's number and turns on solved boards.
    pub labels: bool,
    /// Outline the matched pairs of edges on solved boards.
    pub highlight: bool,
    pub png: PngEffort,
}

/// Composites boards of one puzzle.
pub struct Renderer<'p> {
    puzzle: &'p Puzzle,
    style: Style,
    side: u32,
    /// `turned[tile][turns]`, made on first use.
    turned: Vec<[Option<RgbImage>; 4]>,
    canvas: RgbImage,
}

impl<'p> Renderer<'p> {
    /// `pictures` are the puzzle's tiles in base orientation, all square and one size.
    pub fn new(puzzle: &'p Puzzle, pictures: &[RgbaImage], style: Style) -> Renderer<'p> {
        let flat: Vec<RgbImage> = pictures
            .iter()
            .map(|p| {
                let flat = flatten_over_white(p);
                match style.tile_size {
                    Some(s) if s != flat.width() => {
                        imageops::resize(&flat, s, s, imageops::FilterType::Lanczos3)
                    }
                    _ => flat,
                }
            })
            .collect();
        let side = flat.first().map_or(0, |p| p.width());
        let (rows, cols) = (puzzle.rows as u32, puzzle.cols as u32);
        // Black everywhere: every board overwrites the interior, the frame stays.
        let key = if style.labels {
            overlay::key_height(puzzle.rows, side)
        } else {
            0
        };
        let canvas = RgbImage::new(cols * side + 2 * FRAME, rows * side + 2 * FRAME + key);
        Renderer {
            puzzle,
            style,
            side,
            turned: flat
                .into_iter()
                .map(|f| [Some(f), None, None, None])
                .collect(),
            canvas,
        }
    }

    pub fn size(&self) -> [u32; 2] {
        [self.canvas.width(), self.canvas.height()]
    }

    /// The tiles in key order, row-major, unturned (with `--labels`, its key
    /// too, so every board of a puzzle is one size).
    pub fn unsolved(&mut self) -> &RgbImage {
        let board: Vec<Placement> = (0..self.puzzle.cells())
            .map(|cell| Placement {
                tile: cell as u8,
                turns: 0,
            })
            .collect();
        for (cell, &p) in board.iter().enumerate() {
            self.blit(cell, p);
        }
        self.draw_key(&board);
        &self.canvas
    }

    /// `--labels`: the key below the board.
    fn draw_key(&mut self, board: &[Placement]) {
        if self.style.labels {
            let top = (self.puzzle.rows as u32 * self.side + 2 * FRAME) as i32;
            overlay::labels(&mut self.canvas, self.puzzle.cols, board, top, self.side);
        }
    }

    /// The board with each cell's tile turned `turns` quarter turns counter-clockwise.
    pub fn board(&mut self, board: &[Placement]) -> &RgbImage {
        for (cell, &p) in board.iter().enumerate() {
            self.blit(cell, p);
        }
        let origin = (FRAME as i32, FRAME as i32);
        if self.style.highlight {
            overlay::highlight_pairs(&mut self.canvas, self.puzzle, board, origin, self.side);
        }
        self.draw_key(board);
        &self.canvas
    }

    /// A closest board of a puzzle without a solution, with its `unmatched`
    /// edges (as [`Puzzle::unmatched`] lists them) marked.
    pub fn closest(&mut self, board: &[Placement], unmatched: &[(usize, usize)]) -> &RgbImage {
        self.board(board);
        let origin = (FRAME as i32, FRAME as i32);
        overlay::mark_unmatched(
            &mut self.canvas,
            self.puzzle.cols,
            unmatched,
            origin,
            self.side,
        );
        &self.canvas
    }

    /// The canvas as the last call left it.
    pub fn canvas(&self) -> &RgbImage {
        &self.canvas
    }

    /// Draws one cell: a turned tile, or white for `None`. For a board being
    /// filled (`animate`), where each frame changes a cell or two and
    /// redrawing the whole board would cost a blit per cell per frame.
    pub fn set_cell(&mut self, cell: usize, p: Option<Placement>) -> &RgbImage {
        match p {
            Some(p) => self.blit(cell, p),
            None => {
                let (s, cols) = (self.side, self.puzzle.cols);
                let x = FRAME + (cell % cols) as u32 * s;
                let y = FRAME + (cell / cols) as u32 * s;
                let white = image::Rgb([255, 255, 255]);
                imageproc::drawing::draw_filled_rect_mut(
                    &mut self.canvas,
                    imageproc::rect::Rect::at(x as i32, y as i32).of_size(s, s),
                    white,
                );
            }
        }
        &self.canvas
    }

    fn blit(&mut self, cell: usize, p: Placement) {
        let turns = usize::from(p.turns % 4);
        let slot = &mut self.turned[usize::from(p.tile)];
        if slot[turns].is_none() {
            let base = slot[0].as_ref().map(|b| turn_ccw(b, turns));
            slot[turns] = base;
        }
        let Some(src) = slot[turns].as_ref() else {
            return;
        };
        let s = self.side as usize;
        let cols = self.puzzle.cols;
        let stride = self.canvas.width() as usize * 3;
        let x0 = FRAME as usize + (cell % cols) * s;
        let y0 = FRAME as usize + (cell / cols) * s;
        let dst: &mut [u8] = &mut self.canvas;
        for (y, row) in src.as_raw().chunks_exact(s * 3).enumerate() {
            let at = (y0 + y) * stride + x0 * 3;
            dst[at..at + s * 3].copy_from_slice(row);
        }
    }
}

/// The square picture after `turns` counter-clockwise quarter turns, by
/// walking the source rows once (image-rs's rotations go pixel by pixel
/// through bounds-checked accessors, several times slower).
fn turn_ccw(base: &RgbImage, turns: usize) -> RgbImage {
    let s = base.width() as usize;
    let src = base.as_raw();
    let mut out = vec![0u8; src.len()];
    for (y, row) in src.chunks_exact(s * 3).enumerate() {
        for (x, px) in row.chunks_exact(3).enumerate() {
            // Where base pixel (x, y) lands.
            let (tx, ty) = match turns % 4 {
                0 => (x, y),
                1 => (y, s - 1 - x),
                2 => (s - 1 - x, s - 1 - y),
                _ => (s - 1 - y, x),
            };
            let at = (ty * s + tx) * 3;
            out[at..at + 3].copy_from_slice(px);
        }
    }
    RgbImage::from_raw(base.width(), base.height(), out).unwrap_or_else(|| base.clone())
}

/// Alpha-composites a picture over white (rounded to nearest), as the board shows it.
pub fn flatten_over_white(picture: &RgbaImage) -> RgbImage {
    let mut out = RgbImage::new(picture.width(), picture.height());
    for (o, p) in out.pixels_mut().zip(picture.pixels()) {
        *o = match p[3] {
            255 => image::Rgb([p[0], p[1], p[2]]),
            0 => image::Rgb([255, 255, 255]),
            a => {
                let a = u32::from(a);
                let mix = |c: u8| ((u32::from(c) * a + 255 * (255 - a) + 127) / 255) as u8;
                image::Rgb([mix(p[0]), mix(p[1]), mix(p[2])])
            }
        };
    }
    out
}

/// PNG compression effort; the pixels are the same at every level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum PngEffort {
    Fast,
    #[default]
    Default,
    /// The smallest of [`BEST_CANDIDATES`]. One fixed setting at the highest
    /// level wrote larger files than `Default` on 70 of the 73 committed
    /// boards (deflate level 9 with adaptive filters loses to level 6 on
    /// drawn tiles); trying several and keeping the smallest makes `Best`
    /// never larger than `Default` by construction.
    Best,
}

/// The (compression, filter) settings `Best` tries, the `Default` setting
/// first so that it wins ties. Chosen on the 73 committed boards: unfiltered
/// rows win on flat drawn tiles (at level 6 on 23 boards, at 9 on 48),
/// adaptive filters on photographs; together 4.53 MB against `Default`'s
/// 5.78 MB, for about 4.7 times `Default`'s encoding time. Every encoder here
/// is pure Rust, so the choice, and the bytes, are the same on every machine.
const BEST_CANDIDATES: [(CompressionType, FilterType); 3] = [
    (CompressionType::Default, FilterType::Adaptive),
    (CompressionType::Default, FilterType::NoFilter),
    (CompressionType::Best, FilterType::NoFilter),
];

/// Encodes `image` as a PNG into `out` (cleared first, so one buffer can serve
/// every board). Boards are composited over white, so they are always opaque
/// and encoded as RGB. The encoder is deterministic: same pixels, same bytes.
pub fn encode_png(
    image: &RgbImage,
    effort: PngEffort,
    out: &mut Vec<u8>,
) -> image::ImageResult<()> {
    match effort {
        PngEffort::Fast => encode_with(image, CompressionType::Fast, FilterType::Sub, out),
        PngEffort::Default => encode_with(image, BEST_CANDIDATES[0].0, BEST_CANDIDATES[0].1, out),
        PngEffort::Best => {
            let mut trial = Vec::new();
            for (i, &(compression, filter)) in BEST_CANDIDATES.iter().enumerate() {
                if i == 0 {
                    encode_with(image, compression, filter, out)?;
                    continue;
                }
                encode_with(image, compression, filter, &mut trial)?;
                if trial.len() < out.len() {
                    std::mem::swap(out, &mut trial);
                }
            }
            Ok(())
        }
    }
}

fn encode_with(
    image: &RgbImage,
    compression: CompressionType,
    filter: FilterType,
    out: &mut Vec<u8>,
) -> image::ImageResult<()> {
    out.clear();
    PngEncoder::new_with_quality(&mut *out, compression, filter).write_image(
        image.as_raw(),
        image.width(),
        image.height(),
        image::ExtendedColorType::Rgb8,
    )
}

#[cfg(test)]
mod tests;
