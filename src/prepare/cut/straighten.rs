//! Each tile is sampled straight from the sheet: every output pixel looks
//! up the sheet point it stands for, turned with the tile, and interpolates
//! between the four nearest sheet pixels. One resampling, not a turn then a
//! crop then a scale, so the picture is blurred once.

use super::Square;
use image::imageops::{resize, FilterType};
use image::{Rgb, RgbImage};

/// Below this many output pixels per sheet pixel, bilinear sampling would
/// skip sheet pixels: the tile is then sampled at its own size and scaled
/// down with a Lanczos filter.
const DIRECT_SCALE: f64 = 0.75;

/// The tile `square` of `sheet`, upright, `side` pixels square.
pub(super) fn sample(sheet: &RgbImage, square: &Square, side: u32) -> RgbImage {
    let side = side.max(1);
    if f64::from(side) >= DIRECT_SCALE * square.side {
        return sample_at(sheet, square, side);
    }
    let native = square.side.round().max(1.0) as u32;
    resize(
        &sample_at(sheet, square, native),
        side,
        side,
        FilterType::Lanczos3,
    )
}

fn sample_at(sheet: &RgbImage, square: &Square, side: u32) -> RgbImage {
    let (s, c) = square.angle.sin_cos();
    let step = square.side / f64::from(side);
    let half = f64::from(side) / 2.0;
    RgbImage::from_fn(side, side, |i, j| {
        // The pixel's centre in the tile's frame, then on the sheet.
        let u = (f64::from(i) + 0.5 - half) * step;
        let v = (f64::from(j) + 0.5 - half) * step;
        let x = square.centre.0 + u * c - v * s;
        let y = square.centre.1 + u * s + v * c;
        bilinear(sheet, x, y)
    })
}

/// The colour at sheet point (`x`, `y`) in pixel-index coordinates (pixel
/// (0, 0)'s centre is at (0, 0)), clamped at the sheet's edges.
pub(super) fn bilinear(sheet: &RgbImage, x: f64, y: f64) -> Rgb<u8> {
    let (w, h) = sheet.dimensions();
    let max_x = f64::from(w.saturating_sub(1));
    let max_y = f64::from(h.saturating_sub(1));
    let (x, y) = (x.clamp(0.0, max_x), y.clamp(0.0, max_y));
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let (x0, y0) = (x0 as u32, y0 as u32);
    let (x1, y1) = ((x0 + 1).min(w - 1), (y0 + 1).min(h - 1));
    let p = |x, y| sheet.get_pixel(x, y).0.map(f64::from);
    let (a, b, c, d) = (p(x0, y0), p(x1, y0), p(x0, y1), p(x1, y1));
    Rgb([0, 1, 2].map(|k| {
        let top = a[k] + (b[k] - a[k]) * fx;
        let bottom = c[k] + (d[k] - c[k]) * fx;
        (top + (bottom - top) * fy).round().clamp(0.0, 255.0) as u8
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interpolates_between_pixels_and_clamps_at_the_edge() {
        let sheet = RgbImage::from_fn(2, 2, |x, y| Rgb([(x * 100) as u8, (y * 200) as u8, 7]));
        assert_eq!(bilinear(&sheet, 0.5, 0.5).0, [50, 100, 7]);
        assert_eq!(bilinear(&sheet, 0.25, 0.0).0, [25, 0, 7]);
        assert_eq!(bilinear(&sheet, -3.0, 9.0).0, [0, 200, 7]);
    }

    #[test]
    fn a_turned_square_comes_back_upright() {
        // A 20-pixel square, left half red, right half blue, turned 90°
        // clockwise on the sheet: its left half now faces up.
        let sheet = RgbImage::from_fn(40, 40, |x, y| {
            let inside = (10..30).contains(&x) && (10..30).contains(&y);
            match (inside, y < 20) {
                (false, _) => Rgb([255, 255, 255]),
                (true, true) => Rgb([255, 0, 0]),
                (true, false) => Rgb([0, 0, 255]),
            }
        });
        let square = Square {
            centre: (19.5, 19.5),
            angle: std::f64::consts::FRAC_PI_2,
            side: 20.0,
            aspect: 1.0,
            area: 400.0,
            corners: [(0.0, 0.0); 4],
        };
        let tile = sample(&sheet, &square, 10);
        assert_eq!(tile.get_pixel(1, 5).0, [255, 0, 0]);
        assert_eq!(tile.get_pixel(8, 5).0, [0, 0, 255]);
        let small = sample(&sheet, &square, 4);
        assert_eq!(small.dimensions(), (4, 4));
    }
}
