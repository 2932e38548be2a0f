//! One frame of the animation: the board as the search has it, a rejected
//! candidate framed in red, and beside the board a strip with the nodes per
//! depth so far. The board area is exactly what `render` draws for the same
//! cells, so the last frame of a solved search is the solution's board.

use crate::gfx::canvas::FRAME;
use crate::gfx::font;
use crate::kind::tiles::model::{Placement, Puzzle};
use crate::kind::tiles::render::Renderer;
use crate::kind::tiles::solve::trace::Event;
use crate::kind::Style;
use image::{Rgb, RgbImage, RgbaImage};
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect;

const WHITE: Rgb<u8> = Rgb([255, 255, 255]);
const INK: Rgb<u8> = Rgb([30, 30, 30]);
const GREY: Rgb<u8> = Rgb([120, 120, 120]);
const REJECT: Rgb<u8> = Rgb([220, 30, 30]);
const CURRENT: Rgb<u8> = Rgb([255, 232, 140]);

/// The search's state after some events.
#[derive(Clone, Debug)]
pub(crate) struct State {
    pub(crate) board: Vec<Option<Placement>>,
    /// The candidate just rejected, shown in its cell until the next event.
    pub(crate) rejected: Option<(usize, Placement)>,
    pub(crate) places: Vec<u64>,
    /// The depth of the last event.
    pub(crate) depth: usize,
    pub(crate) events: u64,
}

impl State {
    pub(crate) fn new(cells: usize) -> State {
        State {
            board: vec![None; cells],
            rejected: None,
            places: vec![0; cells],
            depth: 0,
            events: 0,
        }
    }

    pub(crate) fn apply(&mut self, e: &Event) {
        self.events += 1;
        self.rejected = None;
        match *e {
            Event::Place { depth, cell, tile } => {
                self.board[cell] = Some(tile);
                self.places[depth] += 1;
                self.depth = depth;
            }
            Event::Reject { depth, cell, tile } => {
                self.rejected = Some((cell, tile));
                self.depth = depth;
            }
            Event::TakeBack { depth, cell } => {
                self.board[cell] = None;
                self.depth = depth;
            }
        }
    }
}

/// Where the strip's text goes.
struct Strip {
    x: u32,
    scale: i32,
    line: i32,
    pad: i32,
    rows_per_col: usize,
    col_w: i32,
    depth_w: i32,
}

/// Paints frames into one buffer that every frame reuses.
pub(crate) struct Painter<'p> {
    renderer: Renderer<'p>,
    /// What each cell of the renderer's canvas shows now.
    shown: Vec<Option<Placement>>,
    frame: RgbImage,
    side: u32,
    cols: usize,
    strip: Strip,
}

/// Where everything of a frame goes, worked out before anything is drawn,
/// so that the frames' size can be checked against the budgets first.
pub(crate) struct Layout {
    board: [u32; 2],
    strip: Strip,
    size: [u32; 2],
}

impl Layout {
    /// `most` is the largest count the strip will show and `caption_chars`
    /// the longest caption, so the strip's width is fixed for every frame.
    pub(crate) fn new(puzzle: &Puzzle, tile_size: u32, most: u64, caption_chars: usize) -> Layout {
        let cells = puzzle.cells();
        // What the renderer's tiles at `tile_size` make, frame included.
        let side = |n: usize| {
            (n as u32)
                .saturating_mul(tile_size)
                .saturating_add(2 * FRAME)
        };
        let board = [side(puzzle.cols), side(puzzle.rows)];
        // Text about a fifth of a tile high, at least one font pixel.
        let scale = ((tile_size as i32 + 32) / 48).max(1);
        let (line, pad) = (7 * scale, 3 * scale);
        let depth_w =
            font::text_width(&cells.to_string(), scale).max(font::text_width("depth", scale));
        let count_w =
            font::text_width(&most.to_string(), scale).max(font::text_width("nodes", scale));
        let col_w = depth_w + count_w + 4 * pad;
        // Header, depth rows, a blank line and two caption lines.
        let fit = ((board[1] as i32 - 2 * pad) / line - 4).max(1) as usize;
        let rows_per_col = fit.max(cells.min(9)).min(cells);
        let columns = cells.div_ceil(rows_per_col) as i32;
        let caption_w = (caption_chars as i32 * 4 - 1) * scale;
        let strip_w = (columns * col_w).max(caption_w + 2 * pad) + pad;
        let height = board[1].max((2 * pad + (rows_per_col as i32 + 4) * line) as u32);
        Layout {
            board,
            strip: Strip {
                x: board[0],
                scale,
                line,
                pad,
                rows_per_col,
                col_w,
                depth_w,
            },
            size: [board[0].saturating_add(strip_w as u32), height],
        }
    }

    /// The frame's width and height.
    pub(crate) fn size(&self) -> [u32; 2] {
        self.size
    }
}

impl<'p> Painter<'p> {
    pub(crate) fn new(
        puzzle: &'p Puzzle,
        pictures: &[RgbaImage],
        tile_size: u32,
        layout: Layout,
    ) -> Painter<'p> {
        let style = Style {
            tile_size: Some(tile_size),
            ..Style::default()
        };
        let mut renderer = Renderer::new(puzzle, pictures, style);
        debug_assert_eq!(renderer.size(), layout.board);
        let cells = puzzle.cells();
        for cell in 0..cells {
            renderer.set_cell(cell, None);
        }
        let [w, h] = layout.size;
        Painter {
            side: tile_size,
            cols: puzzle.cols,
            shown: vec![None; cells],
            renderer,
            frame: RgbImage::from_pixel(w, h, WHITE),
            strip: layout.strip,
        }
    }

    pub(crate) fn size(&self) -> [u32; 2] {
        [self.frame.width(), self.frame.height()]
    }

    /// Paints `state` with `caption` (two lines) under the counts and
    /// returns the frame's RGB bytes.
    pub(crate) fn paint(&mut self, state: &State, caption: [&str; 2]) -> &[u8] {
        for (cell, want) in state.board.iter().enumerate() {
            let want = match state.rejected {
                Some((c, p)) if c == cell => Some(p),
                _ => *want,
            };
            if self.shown[cell] != want {
                self.renderer.set_cell(cell, want);
                self.shown[cell] = want;
            }
        }
        self.copy_board();
        if let Some((cell, _)) = state.rejected {
            self.reject_frame(cell);
        }
        self.draw_strip(state, caption);
        self.frame.as_raw()
    }

    /// Row copies of the renderer's canvas into the frame's board area.
    fn copy_board(&mut self) {
        let canvas = self.renderer.canvas();
        let row = canvas.width() as usize * 3;
        let stride = self.frame.width() as usize * 3;
        let dst: &mut [u8] = &mut self.frame;
        for (y, src) in canvas.as_raw().chunks_exact(row).enumerate() {
            dst[y * stride..y * stride + row].copy_from_slice(src);
        }
    }

    fn reject_frame(&mut self, cell: usize) {
        let s = self.side;
        let t = (s / 24).max(2);
        let x = FRAME + (cell % self.cols) as u32 * s;
        let y = FRAME + (cell / self.cols) as u32 * s;
        for (rx, ry, w, h) in [
            (x, y, s, t),
            (x, y + s - t, s, t),
            (x, y, t, s),
            (x + s - t, y, t, s),
        ] {
            let r = Rect::at(rx as i32, ry as i32).of_size(w, h);
            draw_filled_rect_mut(&mut self.frame, r, REJECT);
        }
    }

    fn draw_strip(&mut self, state: &State, caption: [&str; 2]) {
        let st = &self.strip;
        let (w, h) = (self.frame.width() - st.x, self.frame.height());
        draw_filled_rect_mut(
            &mut self.frame,
            Rect::at(st.x as i32, 0).of_size(w, h),
            WHITE,
        );
        let (s, line, pad) = (st.scale, st.line, st.pad);
        let x0 = st.x as i32 + pad;
        let columns = state.places.len().div_ceil(st.rows_per_col);
        for c in 0..columns as i32 {
            let x = x0 + c * st.col_w;
            font::draw_text(&mut self.frame, "depth", (x, pad), s, GREY);
            font::draw_text(
                &mut self.frame,
                "nodes",
                (x + st.depth_w + 2 * pad, pad),
                s,
                GREY,
            );
        }
        for (d, n) in state.places.iter().enumerate() {
            let (c, r) = ((d / st.rows_per_col) as i32, (d % st.rows_per_col) as i32);
            let (x, y) = (x0 + c * st.col_w, pad + (r + 1) * line);
            if d == state.depth && state.events > 0 {
                let bar = Rect::at(x - s, y - s).of_size((st.col_w - pad) as u32, line as u32);
                draw_filled_rect_mut(&mut self.frame, bar, CURRENT);
            }
            let label = (d + 1).to_string();
            let right = x + st.depth_w - font::text_width(&label, s);
            font::draw_text(&mut self.frame, &label, (right, y), s, GREY);
            let count = (x + st.depth_w + 2 * pad, y);
            font::draw_text(&mut self.frame, &n.to_string(), count, s, INK);
        }
        let y = pad + (st.rows_per_col as i32 + 2) * line;
        font::draw_text(&mut self.frame, caption[0], (x0, y), s, INK);
        font::draw_text(&mut self.frame, caption[1], (x0, y + line), s, INK);
    }
}
