//! Background and foreground: the sheet's border is taken to be background
//! (a person lays the tiles with a margin round them), its median colour is
//! the background, and every pixel far enough from it belongs to a tile.

use super::Problem;
use image::{GrayImage, Luma, RgbImage};

/// The border is plain when [`PLAIN_SHARE`] of its pixels lie within this
/// RGB distance (0 to 441) of their median colour: scanner noise and paper
/// grain stay well inside it, a shadow, a gradient or a patterned cloth do not.
pub(super) const PLAIN_LIMIT: f32 = 40.0;
/// The share of border pixels that must be within [`PLAIN_LIMIT`].
pub(super) const PLAIN_SHARE: f32 = 0.95;
/// A pixel belongs to a tile when it is at least this far from the
/// background, or twice as far as the border's own spread, if more.
pub(super) const MIN_CONTRAST: f32 = 48.0;

/// The background's colour and how much the border strays from it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Background {
    pub colour: [u8; 3],
    /// The distance from `colour` that [`PLAIN_SHARE`] of the border is within.
    pub spread: f32,
}

impl Background {
    /// The median colour of the sheet's outermost two rows and columns.
    pub(super) fn estimate(picture: &RgbImage) -> Result<Background, Problem> {
        let border = border_pixels(picture);
        let colour = [0, 1, 2].map(|c| {
            let mut v: Vec<u8> = border.iter().map(|p| p[c]).collect();
            v.sort_unstable();
            v.get(v.len() / 2).copied().unwrap_or(0)
        });
        let mut far: Vec<f32> = border.iter().map(|p| distance(*p, colour)).collect();
        far.sort_unstable_by(f32::total_cmp);
        let at = ((far.len() as f32 * PLAIN_SHARE) as usize).min(far.len().saturating_sub(1));
        let spread = far.get(at).copied().unwrap_or(0.0);
        if spread > PLAIN_LIMIT {
            let [r, g, b] = colour;
            return Err(Problem::new(
                format!(
                    "background not plain: the sheet's border strays up to {spread:.0} from its median colour rgb({r}, {g}, {b}), more than the {PLAIN_LIMIT:.0} allowed",
                ),
                "lay the tiles on one plain colour with a margin all round, evenly lit, and keep them off the sheet's edges",
            ));
        }
        Ok(Background { colour, spread })
    }

    /// How far from the background a pixel must be to belong to a tile.
    pub(super) fn limit(&self) -> f32 {
        MIN_CONTRAST.max(2.0 * self.spread)
    }

    /// 255 where the pixel belongs to a tile, 0 where it is background.
    pub(super) fn mask(&self, picture: &RgbImage) -> GrayImage {
        let limit = self.limit();
        let mut mask = GrayImage::new(picture.width(), picture.height());
        for (m, p) in mask.pixels_mut().zip(picture.pixels()) {
            if distance(p.0, self.colour) >= limit {
                *m = Luma([255]);
            }
        }
        mask
    }
}

fn distance(a: [u8; 3], b: [u8; 3]) -> f32 {
    let d = |i: usize| f32::from(a[i]) - f32::from(b[i]);
    (d(0) * d(0) + d(1) * d(1) + d(2) * d(2)).sqrt()
}

fn border_pixels(picture: &RgbImage) -> Vec<[u8; 3]> {
    let (w, h) = picture.dimensions();
    let depth = 2.min(w).min(h);
    picture
        .enumerate_pixels()
        .filter(|(x, y, _)| *x < depth || *y < depth || *x >= w - depth || *y >= h - depth)
        .map(|(_, _, p)| p.0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    #[test]
    fn a_plain_border_gives_its_colour_and_tiles_stand_out() {
        let mut sheet = RgbImage::from_pixel(40, 30, Rgb([200, 210, 220]));
        // Grain on the border, a dark tile inside.
        sheet.put_pixel(0, 5, Rgb([215, 200, 230]));
        for y in 10..20 {
            for x in 10..20 {
                sheet.put_pixel(x, y, Rgb([30, 120, 40]));
            }
        }
        let bg = Background::estimate(&sheet).expect("plain");
        assert_eq!(bg.colour, [200, 210, 220]);
        let mask = bg.mask(&sheet);
        assert_eq!(mask.pixels().filter(|p| p[0] == 255).count(), 100);
        assert_eq!(mask.get_pixel(0, 5)[0], 0);
    }

    #[test]
    fn a_gradient_is_not_plain() {
        let sheet = RgbImage::from_fn(60, 40, |x, _| {
            let v = 255 - (x * 2) as u8;
            Rgb([v, v, v])
        });
        let e = Background::estimate(&sheet).expect_err("gradient");
        assert!(
            e.problem.starts_with("background not plain"),
            "{}",
            e.problem
        );
        assert!(
            e.problem.contains("more than the 40 allowed"),
            "{}",
            e.problem
        );
    }
}
