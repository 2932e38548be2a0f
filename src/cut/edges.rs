//! Sub-pixel edges. The mask counts a pixel as tile once it is a quarter
//! covered or less (the threshold is low so pale tiles are found), so a
//! turned tile's mask stands about a quarter pixel out on every side, and
//! its cut picture comes out shrunk by half a pixel. Here each side is moved
//! to where the colour, read across it, is halfway between the tile's edge
//! and the background: where the edge itself lies.

use super::straighten::bilinear;
use super::Square;
use image::RgbImage;

/// Sample points along each side, spread over its middle (the corners are
/// where neighbouring sides blur into each other).
const SAMPLES: usize = 16;
/// How far across the side the colour is read, each way, in pixels.
const REACH: f64 = 2.5;
const STEP: f64 = 0.125;
/// Fewer crossings than this on a side leave it where the mask put it.
const MIN_CROSSINGS: usize = SAMPLES / 4;

/// `square` with each side moved to its sub-pixel edge on `sheet`, against
/// the background colour `bg`; `min_contrast` is the least step between
/// tile and background worth reading.
pub fn refine(sheet: &RgbImage, bg: [u8; 3], min_contrast: f64, square: &Square) -> Square {
    let (s, c) = square.angle.sin_cos();
    let (u_axis, v_axis) = ((c, s), (-s, c));
    let half = square.side / 2.0;
    // Outward normal and tangent of the +u, -u, +v and -v sides.
    let sides = [
        (u_axis, v_axis),
        ((-u_axis.0, -u_axis.1), v_axis),
        (v_axis, u_axis),
        ((-v_axis.0, -v_axis.1), u_axis),
    ];
    let shifts = sides.map(|(normal, tangent)| {
        let mut crossings: Vec<f64> = (0..SAMPLES)
            .filter_map(|i| {
                let along = (0.15 + 0.7 * i as f64 / (SAMPLES - 1) as f64 - 0.5) * square.side;
                let base = (
                    square.centre.0 + normal.0 * half + tangent.0 * along,
                    square.centre.1 + normal.1 * half + tangent.1 * along,
                );
                crossing(sheet, bg, min_contrast, base, normal)
            })
            .collect();
        if crossings.len() < MIN_CROSSINGS {
            return 0.0;
        }
        crossings.sort_unstable_by(f64::total_cmp);
        crossings[crossings.len() / 2]
    });
    let [pu, mu, pv, mv] = shifts;
    let (du, dv) = ((pu - mu) / 2.0, (pv - mv) / 2.0);
    let (a, b) = (square.side + pu + mu, square.side + pv + mv);
    let mut refined = *square;
    refined.centre = (
        square.centre.0 + du * u_axis.0 + dv * v_axis.0,
        square.centre.1 + du * u_axis.1 + dv * v_axis.1,
    );
    refined.side = (a + b) / 2.0;
    let h = refined.side / 2.0;
    let at = |su: f64, sv: f64| {
        (
            refined.centre.0 + su * h * u_axis.0 + sv * h * v_axis.0,
            refined.centre.1 + su * h * u_axis.1 + sv * h * v_axis.1,
        )
    };
    refined.corners = [at(-1.0, -1.0), at(1.0, -1.0), at(1.0, 1.0), at(-1.0, 1.0)];
    refined
}

/// Where, from `base` along `normal` (within [`REACH`]), the colour's
/// distance from the background falls through half the tile edge's.
fn crossing(
    sheet: &RgbImage,
    bg: [u8; 3],
    min_contrast: f64,
    base: (f64, f64),
    normal: (f64, f64),
) -> Option<f64> {
    let steps = (2.0 * REACH / STEP) as usize;
    let profile: Vec<(f64, f64)> = (0..=steps)
        .map(|k| {
            let t = -REACH + k as f64 * STEP;
            let p = bilinear(sheet, base.0 + normal.0 * t, base.1 + normal.1 * t).0;
            let d = |i: usize| f64::from(p[i]) - f64::from(bg[i]);
            (t, (d(0) * d(0) + d(1) * d(1) + d(2) * d(2)).sqrt())
        })
        .collect();
    let inside = profile
        .iter()
        .filter(|(t, _)| *t <= -1.0)
        .map(|p| p.1)
        .fold(0.0, f64::max);
    let outside = profile.last().map_or(0.0, |p| p.1);
    if inside - outside < min_contrast {
        return None;
    }
    let level = (inside + outside) / 2.0;
    // The last fall through the level, walking outward.
    profile.windows(2).rev().find_map(|w| {
        let ((t0, d0), (t1, d1)) = (w[0], w[1]);
        (d0 >= level && d1 < level).then(|| t0 + (t1 - t0) * (d0 - level) / (d0 - d1))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    #[test]
    fn a_side_moves_to_where_a_blended_edge_is_half_covered() {
        // A tile on pixels 10 to 29 and a quarter of column 30: its edges,
        // in pixel-centre coordinates, at 9.5 and 29.75, and 9.5 and 29.5.
        let bg = [255, 255, 255];
        let sheet = RgbImage::from_fn(40, 40, |x, y| match (x, y) {
            (10..=29, 10..=29) => Rgb([0, 0, 0]),
            (30, 10..=29) => Rgb([191, 191, 191]),
            _ => Rgb(bg),
        });
        // As the mask saw it: columns 10 to 30, rows 10 to 29.
        let square = Square {
            centre: (20.0, 19.5),
            angle: 0.0,
            side: 20.5,
            aspect: 21.0 / 20.0,
            area: 420.0,
            corners: [(0.0, 0.0); 4],
        };
        let r = refine(&sheet, bg, 48.0, &square);
        assert!((r.side - 20.125).abs() < 0.1, "{r:?}");
        assert!((r.centre.0 - 19.625).abs() < 0.1, "{r:?}");
        assert!((r.centre.1 - 19.5).abs() < 0.01, "{r:?}");
        assert!((r.corners[2].0 - 29.75).abs() < 0.2, "{r:?}");
    }
}
