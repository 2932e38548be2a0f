//! Board images: tile pictures turned by exact quarter turns and composited
//! over white into one canvas with a 1-pixel black frame. Knows nothing of search.
//!
//! Tiles are flattened over white once per puzzle; each board is then a set of
//! block copies (with the quarter turn done by index arithmetic while copying)
//! into a canvas that is allocated once and reused for every board.

use crate::model::Placement;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, RgbImage, RgbaImage};

const FRAME: u32 = 1;

/// Composites boards of one puzzle.
pub struct Renderer {
    rows: u32,
    cols: u32,
    side: u32,
    tiles: Vec<RgbImage>,
    canvas: RgbImage,
}

impl Renderer {
    /// `pictures` are the tiles in base orientation, all square and one size.
    pub fn new(rows: usize, cols: usize, pictures: &[RgbaImage]) -> Renderer {
        let side = pictures.first().map_or(0, |p| p.width());
        let (rows, cols) = (rows as u32, cols as u32);
        // Black everywhere: every board overwrites the interior, the frame stays.
        let canvas = RgbImage::new(cols * side + 2 * FRAME, rows * side + 2 * FRAME);
        Renderer {
            rows,
            cols,
            side,
            tiles: pictures.iter().map(flatten_over_white).collect(),
            canvas,
        }
    }

    /// The tiles in key order, row-major, unturned.
    pub fn unsolved(&mut self) -> &RgbImage {
        for cell in 0..(self.rows * self.cols) as usize {
            self.blit(cell, cell, 0);
        }
        &self.canvas
    }

    /// The board with each cell's tile turned `turns` quarter turns counter-clockwise.
    pub fn board(&mut self, board: &[Placement]) -> &RgbImage {
        for (cell, p) in board.iter().enumerate() {
            self.blit(cell, usize::from(p.tile), p.turns);
        }
        &self.canvas
    }

    fn blit(&mut self, cell: usize, tile: usize, turns: u8) {
        let s = self.side as usize;
        let stride = self.canvas.width() as usize * 3;
        let x0 = FRAME as usize + (cell % self.cols as usize) * s;
        let y0 = FRAME as usize + (cell / self.cols as usize) * s;
        let src = self.tiles[tile].as_raw();
        let dst: &mut [u8] = &mut self.canvas;
        for y in 0..s {
            let row = &mut dst[(y0 + y) * stride + x0 * 3..(y0 + y) * stride + (x0 + s) * 3];
            if turns % 4 == 0 {
                row.copy_from_slice(&src[y * s * 3..(y + 1) * s * 3]);
                continue;
            }
            for (x, px) in row.chunks_exact_mut(3).enumerate() {
                // Source pixel shown at (x, y) after `turns` counter-clockwise turns.
                let (sx, sy) = match turns % 4 {
                    1 => (s - 1 - y, x),
                    2 => (s - 1 - x, s - 1 - y),
                    _ => (y, s - 1 - x),
                };
                let i = (sy * s + sx) * 3;
                px.copy_from_slice(&src[i..i + 3]);
            }
        }
    }
}

/// Alpha-composites a picture over white (rounded to nearest), as the board shows it.
pub fn flatten_over_white(picture: &RgbaImage) -> RgbImage {
    let mut out = RgbImage::new(picture.width(), picture.height());
    for (o, p) in out.pixels_mut().zip(picture.pixels()) {
        let a = u32::from(p[3]);
        let mix = |c: u8| ((u32::from(c) * a + 255 * (255 - a) + 127) / 255) as u8;
        *o = image::Rgb([mix(p[0]), mix(p[1]), mix(p[2])]);
    }
    out
}

/// PNG compression effort; the pixels are the same at every level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PngEffort {
    Fast,
    #[default]
    Default,
    Best,
}

/// Encodes `image` as an RGB PNG into `out` (cleared first, so one buffer can
/// serve every board). The encoder is deterministic: same pixels, same bytes.
pub fn encode_png(
    image: &RgbImage,
    effort: PngEffort,
    out: &mut Vec<u8>,
) -> image::ImageResult<()> {
    out.clear();
    let compression = match effort {
        PngEffort::Fast => CompressionType::Fast,
        PngEffort::Default => CompressionType::Default,
        PngEffort::Best => CompressionType::Best,
    };
    PngEncoder::new_with_quality(&mut *out, compression, FilterType::Adaptive).write_image(
        image.as_raw(),
        image.width(),
        image.height(),
        image::ExtendedColorType::Rgb8,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::imageops;
    use image::{Rgb, Rgba};

    /// A tile whose every pixel differs, so any wrong turn or offset shows.
    fn tile(seed: u8, side: u32) -> RgbaImage {
        RgbaImage::from_fn(side, side, |x, y| {
            Rgba([seed, (x * 37 + y) as u8, (y * 53 + x * 3) as u8, 255])
        })
    }

    fn region(img: &RgbImage, x0: u32, y0: u32, s: u32) -> RgbImage {
        imageops::crop_imm(img, x0, y0, s, s).to_image()
    }

    #[test]
    fn cells_equal_the_tiles_turned_by_image_rs() {
        let s = 5;
        let pics: Vec<RgbaImage> = (0..4).map(|k| tile(k * 60, s)).collect();
        let mut r = Renderer::new(2, 2, &pics);
        let board: Vec<Placement> = [(3, 0), (0, 1), (2, 2), (1, 3)]
            .iter()
            .map(|&(tile, turns)| Placement { tile, turns })
            .collect();
        let img = r.board(&board).clone();
        assert_eq!(img.dimensions(), (2 * s + 2, 2 * s + 2));
        for (cell, p) in board.iter().enumerate() {
            let base = flatten_over_white(&pics[usize::from(p.tile)]);
            // image-rs turns clockwise; counter-clockwise r turns = clockwise 4 - r.
            let expected = match p.turns {
                0 => base,
                1 => imageops::rotate270(&base),
                2 => imageops::rotate180(&base),
                _ => imageops::rotate90(&base),
            };
            let (cx, cy) = (cell as u32 % 2, cell as u32 / 2);
            assert_eq!(
                region(&img, 1 + cx * s, 1 + cy * s, s),
                expected,
                "cell {cell}"
            );
        }
        // A 1-pixel black frame all round.
        for x in 0..img.width() {
            assert_eq!(img.get_pixel(x, 0), &Rgb([0, 0, 0]));
            assert_eq!(img.get_pixel(x, img.height() - 1), &Rgb([0, 0, 0]));
        }
        for y in 0..img.height() {
            assert_eq!(img.get_pixel(0, y), &Rgb([0, 0, 0]));
            assert_eq!(img.get_pixel(img.width() - 1, y), &Rgb([0, 0, 0]));
        }
    }

    #[test]
    fn transparency_is_composited_over_white() {
        let pic = RgbaImage::from_fn(2, 2, |x, _| {
            if x == 0 {
                Rgba([0, 0, 0, 0])
            } else {
                Rgba([0, 0, 200, 128])
            }
        });
        let mut r = Renderer::new(1, 1, &[pic]);
        let img = r.unsolved();
        assert_eq!(img.get_pixel(1, 1), &Rgb([255, 255, 255]));
        assert_eq!(img.get_pixel(2, 1), &Rgb([127, 127, 227]));
    }

    #[test]
    fn encoding_is_deterministic_and_lossless() {
        let mut r = Renderer::new(1, 2, &[tile(1, 4), tile(2, 4)]);
        let img = r.unsolved().clone();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        encode_png(&img, PngEffort::Default, &mut a).expect("encode");
        encode_png(&img, PngEffort::Default, &mut b).expect("encode");
        assert_eq!(a, b);
        let back = image::load_from_memory(&a).expect("decode").into_rgb8();
        assert_eq!(back, img);
    }
}
