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
const REACH: f64 = 3.0;
const STEP: f64 = 0.125;
/// Fewer crossings than this on a side leave it where the mask put it.
const MIN_CROSSINGS: usize = SAMPLES / 4;

/// `square` with each side moved to its sub-pixel edge on `sheet`, against
/// the background colour `bg`; `min_contrast` is the least step between
/// tile and background worth reading.
pub(super) fn refine(sheet: &RgbImage, bg: [u8; 3], min_contrast: f64, square: &Square) -> Square {
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
    // Per side: the median crossing (the shift of the side) and the slope
    // of the crossings along it (the side's turn against the estimate).
    let fits = sides.map(|(normal, tangent)| {
        let crossings: Vec<(f64, f64)> = (0..SAMPLES)
            .filter_map(|i| {
                let along = (0.15 + 0.7 * i as f64 / (SAMPLES - 1) as f64 - 0.5) * square.side;
                let base = (
                    square.centre.0 + normal.0 * half + tangent.0 * along,
                    square.centre.1 + normal.1 * half + tangent.1 * along,
                );
                crossing(sheet, bg, min_contrast, base, normal).map(|t| (along, t))
            })
            .collect();
        if crossings.len() < MIN_CROSSINGS {
            return None;
        }
        let mut ts: Vec<f64> = crossings.iter().map(|c| c.1).collect();
        ts.sort_unstable_by(f64::total_cmp);
        let median = ts[ts.len() / 2];
        Some((median, slope(&crossings, median)))
    });
    let shifts = fits.map(|f| f.map_or(0.0, |f| f.0));
    // A turn δ more than estimated tilts the crossings by -δ, δ, δ and -δ
    // per unit along the +u, -u, +v and -v sides.
    let turns: Vec<f64> = fits
        .iter()
        .zip([-1.0, 1.0, 1.0, -1.0])
        .filter_map(|(f, sign)| f.map(|f| sign * f.1))
        .collect();
    let delta = match turns.len() {
        0 => 0.0,
        n => (turns.iter().sum::<f64>() / n as f64).atan(),
    };
    let [pu, mu, pv, mv] = shifts;
    let (du, dv) = ((pu - mu) / 2.0, (pv - mv) / 2.0);
    let (a, b) = (square.side + pu + mu, square.side + pv + mv);
    let mut refined = *square;
    refined.angle = square.angle + delta;
    let (s, c) = refined.angle.sin_cos();
    refined.centre = (
        square.centre.0 + du * u_axis.0 + dv * v_axis.0,
        square.centre.1 + du * u_axis.1 + dv * v_axis.1,
    );
    refined.side = (a + b) / 2.0;
    let h = refined.side / 2.0;
    let (u_axis, v_axis) = ((c, s), (-s, c));
    let at = |su: f64, sv: f64| {
        (
            refined.centre.0 + su * h * u_axis.0 + sv * h * v_axis.0,
            refined.centre.1 + su * h * u_axis.1 + sv * h * v_axis.1,
        )
    };
    refined.corners = [at(-1.0, -1.0), at(1.0, -1.0), at(1.0, 1.0), at(-1.0, 1.0)];
    refined
}

/// The least-squares slope of `t` over `along`, leaving out crossings more
/// than a pixel from the side's `median` (a notch, a speck of dust).
fn slope(crossings: &[(f64, f64)], median: f64) -> f64 {
    let kept: Vec<(f64, f64)> = crossings
        .iter()
        .copied()
        .filter(|c| (c.1 - median).abs() <= 1.0)
        .collect();
    let n = kept.len() as f64;
    let (ma, mt) = (
        kept.iter().map(|c| c.0).sum::<f64>() / n,
        kept.iter().map(|c| c.1).sum::<f64>() / n,
    );
    let (num, den) = kept.iter().fold((0.0, 0.0), |(num, den), c| {
        (num + (c.0 - ma) * (c.1 - mt), den + (c.0 - ma) * (c.0 - ma))
    });
    if den > 0.0 {
        num / den
    } else {
        0.0
    }
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
    let rough = profile.windows(2).rev().find_map(|w| {
        let ((t0, d0), (t1, d1)) = (w[0], w[1]);
        (d0 >= level && d1 < level).then(|| t0 + (t1 - t0) * (d0 - level) / (d0 - d1))
    })?;
    // Where the half level is crossed depends on where the edge falls
    // within a pixel (by up to a tenth of a pixel, which along a turned
    // edge tilts it). The covered share integrated across the edge does
    // not: over a window a pixel and a half either side of the crossing,
    // the edge lies as far into it as the integral.
    // Each sample stands for the STEP-wide stretch centred on it.
    let first = ((rough - 1.5 + REACH) / STEP).round();
    let count = (3.0 / STEP) as usize;
    if first < 0.0 || first as usize + count > profile.len() {
        return Some(rough);
    }
    let share = |d: f64| ((d - outside) / (inside - outside)).clamp(0.0, 1.0);
    let window = &profile[first as usize..first as usize + count];
    let covered: f64 = window.iter().map(|&(_, d)| share(d) * STEP).sum();
    let from = window[0].0 - STEP / 2.0;
    Some(from + covered)
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

    #[test]
    fn a_turn_misjudged_by_half_a_degree_is_corrected() {
        // A 40-pixel dark square turned 2° on white, each pixel's colour by
        // its covered share (8x8 samples).
        let (turn, centre, side) = (2.0f64.to_radians(), (30.0, 30.0), 40.0);
        let (s, c) = turn.sin_cos();
        let sheet = RgbImage::from_fn(60, 60, |x, y| {
            let mut inside = 0u32;
            for k in 0..64 {
                let px = f64::from(x) - 0.5 + (f64::from(k % 8) + 0.5) / 8.0;
                let py = f64::from(y) - 0.5 + (f64::from(k / 8) + 0.5) / 8.0;
                let (dx, dy) = (px - centre.0, py - centre.1);
                let (u, v) = (dx * c + dy * s, -dx * s + dy * c);
                inside += u32::from(u.abs() < side / 2.0 && v.abs() < side / 2.0);
            }
            let level = 255 - (inside * 255 / 64) as u8;
            Rgb([level, level, level])
        });
        let guess = Square {
            centre: (30.3, 29.8),
            angle: 1.5f64.to_radians(),
            side: 40.6,
            aspect: 1.0,
            area: 40.6 * 40.6,
            corners: [(0.0, 0.0); 4],
        };
        let r = refine(&sheet, [255, 255, 255], 48.0, &guess);
        assert!((r.angle.to_degrees() - 2.0).abs() < 0.1, "{r:?}");
        assert!((r.side - 40.0).abs() < 0.1, "{r:?}");
        assert!(
            (r.centre.0 - 30.0).abs() < 0.1 && (r.centre.1 - 30.0).abs() < 0.1,
            "{r:?}"
        );
    }
}
