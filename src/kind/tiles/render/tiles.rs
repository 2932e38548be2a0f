//! One puzzle's tile pictures as boards use them: flattened over white,
//! scaled, and turned at most once per angle, on first use by any thread, so
//! that the boards of one puzzle can be painted on every core at once.

use crate::gfx::canvas::{indices, palette_of};
use crate::gfx::canvas::{Canvas, FRAME};
#[cfg(doc)]
use crate::kind::tiles::input::pictures::flatten_over_white;
use crate::kind::tiles::model::Placement;
use image::{imageops, RgbImage};
use std::sync::{Arc, OnceLock};

/// How tile pictures are sized for a board.
#[derive(Clone, Copy)]
pub enum Scale {
    /// As they are.
    Keep,
    /// To this side (`--tile-size`), with a Lanczos3 filter.
    To(u32),
    /// Down by a whole factor, each pixel the mean of a block (thumbnails:
    /// flat colours stay flat, so thumbnails of drawn tiles keep few colours).
    Shrink(u32),
}

pub struct TileSet {
    side: u32,
    rows: usize,
    cols: usize,
    /// Extra rows below the board (the `--labels` key).
    below: u32,
    /// `turned[tile][turns]`: the picture's bytes, RGB or palette indices.
    turned: Vec<[OnceLock<Vec<u8>>; 4]>,
    palette: Option<Arc<[[u8; 3]]>>,
    /// The frame's colour: black, or its palette index.
    black: Vec<u8>,
}

impl TileSet {
    /// `pictures` are the tiles in base orientation flattened over white
    /// ([`flatten_over_white`]), all square and one size, brought to the
    /// size `scale` says. With `indexed` and at most
    /// 256 colours in all the pictures and the frame, boards are painted as
    /// palette indices.
    pub fn new(
        (rows, cols, below): (usize, usize, u32),
        pictures: &[RgbImage],
        scale: Scale,
        indexed: bool,
    ) -> TileSet {
        let flat: Vec<RgbImage> = pictures
            .iter()
            .map(|flat| match scale {
                Scale::To(s) if s != flat.width() => {
                    imageops::resize(flat, s, s, imageops::FilterType::Lanczos3)
                }
                Scale::Shrink(k) if k > 1 => shrink(flat, k),
                _ => flat.clone(),
            })
            .collect();
        let side = flat.first().map_or(0, |p| p.width());
        let palette = if indexed {
            palette_of(&flat, &[[0, 0, 0]])
        } else {
            None
        };
        let (bytes, black): (Vec<Vec<u8>>, Vec<u8>) = match &palette {
            Some(p) => {
                let black = p.binary_search(&[0, 0, 0]).map_or(0, |i| i as u8);
                (flat.iter().map(|f| indices(p, f)).collect(), vec![black])
            }
            None => (
                flat.into_iter().map(RgbImage::into_raw).collect(),
                vec![0; 3],
            ),
        };
        let turned = bytes
            .into_iter()
            .map(|b| {
                let t: [OnceLock<Vec<u8>>; 4] = Default::default();
                let _ = t[0].set(b);
                t
            })
            .collect();
        TileSet {
            side,
            rows,
            cols,
            below,
            turned,
            palette: palette.map(Arc::from),
            black,
        }
    }

    pub fn side(&self) -> u32 {
        self.side
    }

    /// Board size in pixels, frame and key included.
    pub fn size(&self) -> [u32; 2] {
        [
            self.cols as u32 * self.side + 2 * FRAME,
            self.rows as u32 * self.side + 2 * FRAME + self.below,
        ]
    }

    pub fn is_indexed(&self) -> bool {
        self.palette.is_some()
    }

    /// Paints `board` (one placement per cell, row-major) and the frame;
    /// the rows below it, if any, black.
    pub fn paint(&self, board: &[Placement], canvas: &mut Canvas) {
        let [w, h] = self.size();
        canvas.reset(w, h, self.palette.clone());
        let bpp = canvas.bpp();
        let stride = w as usize * bpp;
        let framed = (self.rows as u32 * self.side + 2 * FRAME) as usize;
        let px = canvas.pixels_mut();
        // The frame: top and bottom rows, then each row's first and last pixel.
        for y in [0, framed - 1] {
            for p in px[y * stride..(y + 1) * stride].chunks_exact_mut(bpp) {
                p.copy_from_slice(&self.black);
            }
        }
        for y in 1..framed - 1 {
            px[y * stride..y * stride + bpp].copy_from_slice(&self.black);
            px[(y + 1) * stride - bpp..(y + 1) * stride].copy_from_slice(&self.black);
        }
        // Below the frame: the key, black until `--labels` draws it (RGB only).
        px[framed * stride..].fill(0);
        for (cell, &p) in board.iter().enumerate() {
            self.blit(px, stride, bpp, cell, p);
        }
    }

    /// Copies tile `p`, turned, into `cell` of a canvas `stride` bytes wide.
    pub fn blit(&self, dst: &mut [u8], stride: usize, bpp: usize, cell: usize, p: Placement) {
        let Some(slot) = self.turned.get(usize::from(p.tile)) else {
            return;
        };
        let turns = usize::from(p.turns % 4);
        let src = slot[turns].get_or_init(|| {
            let base = slot[0].get().map_or(&[][..], Vec::as_slice);
            let s = self.side as usize;
            match bpp {
                1 => turn_ccw::<1>(base, s, turns),
                _ => turn_ccw::<3>(base, s, turns),
            }
        });
        let s = self.side as usize;
        let x0 = FRAME as usize + (cell % self.cols) * s;
        let y0 = FRAME as usize + (cell / self.cols) * s;
        for (y, row) in src.chunks_exact(s * bpp).enumerate() {
            let at = (y0 + y) * stride + x0 * bpp;
            dst[at..at + s * bpp].copy_from_slice(row);
        }
    }
}

/// `picture` shrunk by `k`: each pixel the rounded mean of a k x k block
/// (the last partial row and column of blocks dropped, so the tile stays square).
fn shrink(picture: &RgbImage, k: u32) -> RgbImage {
    let (k, w) = (k as usize, picture.width() as usize);
    let side = (w / k).max(1);
    let n = (k * k) as u32;
    let src = picture.as_raw();
    let mut out = vec![0u8; side * side * 3];
    let mut sums = vec![0u32; side * 3];
    for (y, line) in out.chunks_exact_mut(side * 3).enumerate() {
        sums.fill(0);
        for sy in (y * k..(y + 1) * k).map(|sy| sy.min(w - 1)) {
            let row = &src[sy * w * 3..(sy + 1) * w * 3];
            for (x, sum) in sums.chunks_exact_mut(3).enumerate() {
                for sx in (x * k..(x + 1) * k).map(|sx| sx.min(w - 1)) {
                    for c in 0..3 {
                        sum[c] += u32::from(row[sx * 3 + c]);
                    }
                }
            }
        }
        for (o, s) in line.iter_mut().zip(&sums) {
            *o = ((s + n / 2) / n) as u8;
        }
    }
    RgbImage::from_raw(side as u32, side as u32, out).unwrap_or_default()
}

/// A square picture of `s` x `s` pixels, `BPP` bytes each, after `turns`
/// counter-clockwise quarter turns. Written row by row of the result, each
/// case its own loop, so the compiler sees plain strided copies.
fn turn_ccw<const BPP: usize>(base: &[u8], s: usize, turns: usize) -> Vec<u8> {
    let mut out = vec![0u8; base.len()];
    let px = |x: usize, y: usize| &base[(y * s + x) * BPP..(y * s + x + 1) * BPP];
    match turns % 4 {
        0 => out.copy_from_slice(base),
        2 => {
            for (o, p) in out.chunks_exact_mut(BPP).zip(base.chunks_exact(BPP).rev()) {
                o.copy_from_slice(p);
            }
        }
        t => {
            for (ty, row) in out.chunks_exact_mut(s * BPP).enumerate() {
                for (tx, o) in row.chunks_exact_mut(BPP).enumerate() {
                    // Base pixel (x, y) lands at (y, s-1-x) after one turn
                    // and at (s-1-y, x) after three.
                    let (x, y) = if t == 1 {
                        (s - 1 - ty, tx)
                    } else {
                        (ty, s - 1 - tx)
                    };
                    o.copy_from_slice(px(x, y));
                }
            }
        }
    }
    out
}
