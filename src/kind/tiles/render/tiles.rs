//! One puzzle's tile pictures as boards use them: flattened over white,
//! scaled, and turned at most once per angle, on first use by any thread, so
//! that the boards of one puzzle can be painted on every core at once.

use crate::gfx::canvas::{Canvas, FRAME};
use crate::gfx::palette;
#[cfg(doc)]
use crate::kind::tiles::input::pictures::flatten_over_white;
use crate::kind::tiles::model::Placement;
use crate::kind::tiles::tile_pictures::TilePictures;
use image::{imageops, RgbImage};
use std::sync::{Arc, OnceLock};

/// How tile pictures are sized for a board.
#[derive(Clone, Copy)]
pub enum Scale {
    /// As they are.
    Keep,
    /// To this side (`--tile-size`), with a Lanczos3 filter.
    To(u32),
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
    /// palette indices. Taken by value: kept as they are, they become the
    /// unturned tiles without a copy. Indexed pictures kept at their size
    /// keep their indices, renumbered only for the frame's black: the same
    /// palette and bytes as finding the colours of the same pictures as RGB.
    pub fn new(
        (rows, cols, below): (usize, usize, u32),
        pictures: TilePictures,
        scale: Scale,
        indexed: bool,
    ) -> TileSet {
        let kept = |side: u32| match scale {
            Scale::Keep => true,
            Scale::To(s) => s == side,
        };
        let Pixels {
            side,
            bytes,
            black,
            palette,
        } = match pictures {
            TilePictures::Indexed {
                side,
                mut palette,
                mut indices,
            } if indexed && kept(side) => {
                match palette::insert(&mut palette, &mut indices, BLACK) {
                    Some(black) => Pixels {
                        side,
                        bytes: indices,
                        black: vec![black],
                        palette: Some(palette),
                    },
                    None => rgb(
                        TilePictures::Indexed {
                            side,
                            palette,
                            indices,
                        },
                        scale,
                        indexed,
                    ),
                }
            }
            pictures => rgb(pictures, scale, indexed),
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

    /// The same tiles shrunk by a whole factor `k` for thumbnails, without
    /// the rows below the board: each pixel the mean of a k x k block, so
    /// flat colours stay flat and thumbnails of drawn tiles keep few colours
    /// (palette indices where they allow, as [`TileSet::new`]).
    pub fn shrunk(&self, k: u32) -> TileSet {
        let w = self.side as usize;
        let k = (k as usize).clamp(1, w.max(1));
        let pictures = self
            .turned
            .iter()
            .map(|t| {
                let base = t[0].get().map_or(&[][..], Vec::as_slice);
                match &self.palette {
                    Some(p) => shrink::<1>(base, w, k, |i| {
                        p.get(usize::from(i[0])).copied().unwrap_or_default()
                    }),
                    None => shrink::<3>(base, w, k, |c| [c[0], c[1], c[2]]),
                }
            })
            .collect();
        TileSet::new(
            (self.rows, self.cols, 0),
            TilePictures::Rgb(pictures),
            Scale::Keep,
            true,
        )
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

const BLACK: [u8; 3] = [0, 0, 0];

/// What [`TileSet`] paints from, before the turns.
struct Pixels {
    side: u32,
    /// Each tile's bytes, RGB or palette indices.
    bytes: Vec<Vec<u8>>,
    /// The frame's colour: black, or its palette index.
    black: Vec<u8>,
    palette: Option<Vec<[u8; 3]>>,
}

/// Pictures painted from RGB (scaled first): indices where `indexed` and
/// 256 colours allow.
fn rgb(pictures: TilePictures, scale: Scale, indexed: bool) -> Pixels {
    let flat: Vec<RgbImage> = pictures
        .into_rgb()
        .into_iter()
        .map(|flat| match scale {
            Scale::To(s) if s != flat.width() => {
                imageops::resize(&flat, s, s, imageops::FilterType::Lanczos3)
            }
            _ => flat,
        })
        .collect();
    let side = flat.first().map_or(0, |p| p.width());
    let indexed = if indexed {
        let raw: Vec<&[u8]> = flat.iter().map(|f| f.as_raw().as_slice()).collect();
        palette::index(&raw, &[BLACK])
    } else {
        None
    };
    match indexed {
        Some(ix) => {
            let black = ix.colours.binary_search(&BLACK).map_or(0, |i| i as u8);
            Pixels {
                side,
                bytes: ix.pictures,
                black: vec![black],
                palette: Some(ix.colours),
            }
        }
        None => Pixels {
            side,
            bytes: flat.into_iter().map(RgbImage::into_raw).collect(),
            black: vec![0; 3],
            palette: None,
        },
    }
}

/// The picture `src`, `w` pixels square and `BPP` bytes a pixel (`colour`
/// reads one), shrunk by `k` (at most `w`): each pixel the rounded mean of a
/// k x k block, the last partial row and column of blocks dropped so the
/// tile stays square.
fn shrink<const BPP: usize>(
    src: &[u8],
    w: usize,
    k: usize,
    colour: impl Fn(&[u8]) -> [u8; 3],
) -> RgbImage {
    let side = (w / k).max(1);
    let n = (k * k) as u32;
    let mut out = vec![0u8; side * side * 3];
    let mut sums = vec![0u32; side * 3];
    for (y, line) in out.chunks_exact_mut(side * 3).enumerate() {
        sums.fill(0);
        for row in src.chunks_exact(w * BPP).skip(y * k).take(k) {
            for (sum, block) in sums.chunks_exact_mut(3).zip(row.chunks_exact(k * BPP)) {
                let (mut r, mut g, mut b) = (0, 0, 0);
                for p in block.chunks_exact(BPP) {
                    let [pr, pg, pb] = colour(p);
                    r += u32::from(pr);
                    g += u32::from(pg);
                    b += u32::from(pb);
                }
                sum[0] += r;
                sum[1] += g;
                sum[2] += b;
            }
        }
        for (o, s) in line.iter_mut().zip(&sums) {
            *o = ((s + n / 2) / n) as u8;
        }
    }
    RgbImage::from_raw(side as u32, side as u32, out).unwrap_or_default()
}

/// A square picture of `s` x `s` pixels, `BPP` bytes each, after `turns`
/// counter-clockwise quarter turns. A quarter turn writes each row of the
/// result from one column of the picture, walking the picture's rows in
/// step: no index arithmetic per pixel, and the column's cache lines are
/// the next row's too (twice as fast on 400 px scans as computing each
/// source pixel's position).
fn turn_ccw<const BPP: usize>(base: &[u8], s: usize, turns: usize) -> Vec<u8> {
    let mut out = vec![0u8; base.len()];
    let row = s * BPP;
    let rows = base.chunks_exact(row);
    match turns % 4 {
        0 => out.copy_from_slice(base),
        2 => {
            for (o, p) in out.chunks_exact_mut(BPP).zip(base.chunks_exact(BPP).rev()) {
                o.copy_from_slice(p);
            }
        }
        // Result row `ty` is the picture's column `s-1-ty` read downwards
        // (one turn) or its column `ty` read upwards (three).
        1 => {
            for (ty, line) in out.chunks_exact_mut(row).enumerate() {
                let x = (s - 1 - ty) * BPP;
                for (o, src) in line.chunks_exact_mut(BPP).zip(rows.clone()) {
                    o.copy_from_slice(&src[x..x + BPP]);
                }
            }
        }
        _ => {
            for (ty, line) in out.chunks_exact_mut(row).enumerate() {
                let x = ty * BPP;
                for (o, src) in line.chunks_exact_mut(BPP).zip(rows.clone().rev()) {
                    o.copy_from_slice(&src[x..x + BPP]);
                }
            }
        }
    }
    out
}
