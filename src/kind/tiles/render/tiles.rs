//! One puzzle's tile pictures as boards use them: flattened over white,
//! scaled, and turned at most once per angle, on first use by any thread, so
//! that the boards of one puzzle can be painted on every core at once.

use crate::gfx::canvas::{Canvas, FRAME};
use crate::gfx::shrink::{lanes, shrink};
use crate::gfx::turn::turn_ccw;
use crate::gfx::{palette, pool};
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
        // Each index's colour as lanes, looked up per pixel.
        let lut = self.palette.as_ref().map(|p| {
            let mut lut = [0u64; 256];
            for (l, &c) in lut.iter_mut().zip(p.iter()) {
                *l = lanes(c);
            }
            lut
        });
        let pictures = self
            .turned
            .iter()
            .map(|t| {
                let base = t[0].get().map_or(&[][..], Vec::as_slice);
                match &lut {
                    Some(lut) => shrink::<1>(base, w, k, |&[i]| lut[usize::from(i)]),
                    None => shrink::<3>(base, w, k, |&p| lanes(p)),
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

    #[cfg(test)]
    pub(crate) fn is_indexed(&self) -> bool {
        self.palette.is_some()
    }

    /// Paints `board` (one placement per cell, row-major) and the frame;
    /// the rows below it, if any, black.
    pub fn paint(&self, board: &[Placement], canvas: &mut Canvas) {
        self.paint_except(board, canvas, &[]);
    }

    /// As [`TileSet::paint`], leaving out the rows of tiles `skip` marks
    /// (their pixels are whatever the canvas held): rows whose compressed
    /// bytes are already kept need no pixels.
    pub fn paint_except(&self, board: &[Placement], canvas: &mut Canvas, skip: &[bool]) {
        let [w, h] = self.size();
        canvas.reset(w, h, self.palette.clone());
        let bpp = canvas.bpp();
        let stride = w as usize * bpp;
        let framed = (self.rows as u32 * self.side + 2 * FRAME) as usize;
        let px = canvas.pixels_mut();
        // The frame: top and bottom rows, then each row's first and last
        // pixel. Every byte of black is one value (0 in RGB, else black's
        // index), so the frame is filled bytewise: copying it a pixel at a
        // time was a library call per pixel (its share: docs/performance.md).
        let black = self.black.first().copied().unwrap_or(0);
        for y in [0, framed - 1] {
            px[y * stride..(y + 1) * stride].fill(black);
        }
        for row in px.chunks_exact_mut(stride).take(framed - 1).skip(1) {
            let (first, rest) = row.split_at_mut(bpp);
            let last = rest.len() - bpp;
            for b in first.iter_mut().chain(&mut rest[last..]) {
                *b = black;
            }
        }
        // Below the frame: the key, black until `--labels` draws it (RGB only).
        px[framed * stride..].fill(0);
        for (cell, &p) in board.iter().enumerate() {
            if !skip.get(cell / self.cols.max(1)).copied().unwrap_or(false) {
                self.blit(px, stride, bpp, cell, p);
            }
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
            let mut out = pool::take(base.len());
            match bpp {
                1 => turn_ccw::<1>(base, s, turns, &mut out),
                _ => turn_ccw::<3>(base, s, turns, &mut out),
            }
            out
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

/// The turned tiles' buffers go back to the pool for the next puzzle.
impl Drop for TileSet {
    fn drop(&mut self) {
        for turns in std::mem::take(&mut self.turned) {
            turns
                .into_iter()
                .filter_map(OnceLock::into_inner)
                .for_each(pool::give);
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
