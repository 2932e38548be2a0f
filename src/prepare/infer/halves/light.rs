//! Uneven light taken off the tiles before their halves are read.
//!
//! A scan or a photograph lights a tile more on one side than the other. The
//! tiles lie in their scrambled turns, so a half and its copy on another
//! tile see different parts of that ramp, and a single lightness offset
//! between two halves cannot undo it. So each tile's light is fitted and
//! divided out first: a gain multiplies a pixel's three channels alike (in
//! linear light, and so, by a power, in sRGB too), which leaves its
//! chromaticity (each channel over their sum) unchanged and moves its
//! log-brightness by the gain's log. The fit is a plane in log-brightness
//! (how the light slopes across a tile), read where the tile should be flat:
//!
//! * along the tile's diagonals, where the pictures of two edges meet and a
//!   bought puzzle shows its ground (a plain colour or a wood), not a
//!   picture, which has shading of its own;
//! * per colour: pixels are grouped by chromaticity, and only how
//!   brightness varies within each group counts (a drawn tile's diagonals
//!   are where two coloured triangles meet; a wood's grain is one colour);
//! * robustly: pixels far from the fit (a picture's rim, a number, a
//!   grain's dark line) are dropped and the plane fitted again.
//!
//! Only the pictures reading reads evened tiles (a grey card's names on its
//! diagonals are no ground). A puzzle is evened only when its median tile's
//! light varies by more than [`EVEN_FROM`] across the tile, so that clean
//! tiles (a wood's grain fits a slope of its own on the diagonals) are read
//! exactly as they are.

use super::{Work, WORK};
use std::borrow::Cow;

/// The fit's grid: working pixels averaged in blocks of `STEP x STEP`.
const STEP: usize = 4;
const N: usize = WORK / STEP;
/// How near a diagonal (in grid cells) a cell is read.
const BAND: usize = N / 10;
/// Chromaticity bins per channel (each 1/BINS wide).
const BINS: usize = 50;
/// Cells of one chromaticity fewer than this say nothing about a slope.
const FEWEST: f64 = 8.0;
/// A cell this far (in log-brightness) from the fit is not ground.
const OUTLIER: f64 = 0.08;
/// Cells darker than this (mean channel) or with a channel at or above
/// [`CLIPPED`] are left out: their ratio to the light is lost in noise or
/// clipping.
const DARK: f32 = 24.0;
const CLIPPED: f32 = 250.0;
/// The least change of light across a puzzle's median tile (its log from
/// corner to corner: 0.1 is 10 %) that is taken off. A wood's grain fits a
/// slope of its own along the diagonals, which must not be taken for light
/// (docs/infer-journal.md, "Uneven light evened before the halves are read").
const EVEN_FROM: f32 = 0.1;

/// The light's slope across a tile: log-brightness per working pixel along
/// x and y of the picture (not turned).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Slope {
    pub x: f32,
    pub y: f32,
}

impl Slope {
    /// How much the light changes (its log) across the tile, along x and y
    /// together: the ramp's size from one corner to the opposite one.
    pub(crate) fn across(&self) -> f32 {
        (self.x.abs() + self.y.abs()) * WORK as f32
    }
}

/// The tiles of one puzzle with their light evened, when their median
/// tile's light varies by at least [`EVEN_FROM`] across it; otherwise the
/// tiles themselves, not copied (a 6x6's working tiles are 70 MB).
pub(crate) fn evened(tiles: &[Work]) -> Cow<'_, [Work]> {
    let (slopes, uneven) = measure(tiles);
    if !uneven {
        return Cow::Borrowed(tiles);
    }
    let mut out = tiles.to_vec();
    for (tile, slope) in out.iter_mut().zip(&slopes) {
        even(tile, *slope);
    }
    Cow::Owned(out)
}

/// Each tile's slope, and whether the median tile's is [`EVEN_FROM`] or more.
fn measure(tiles: &[Work]) -> (Vec<Slope>, bool) {
    let slopes: Vec<Slope> = tiles.iter().map(fit).collect();
    let mut sizes: Vec<f32> = slopes.iter().map(Slope::across).collect();
    sizes.sort_by(f32::total_cmp);
    let median = sizes.get(sizes.len() / 2).copied().unwrap_or(0.0);
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG_LIGHT").is_some() {
        let all: Vec<String> = sizes.iter().map(|s| format!("{s:.3}")).collect();
        eprintln!("LIGHT across {} (median {median:.3})", all.join(" "));
    }
    (slopes, median >= EVEN_FROM)
}

/// Divides the fitted light out of `tile`, its centre kept as it was.
fn even(tile: &mut Work, slope: Slope) {
    let c = (WORK as f32 - 1.0) / 2.0;
    for (k, p) in tile.px.iter_mut().enumerate() {
        let (x, y) = ((k % WORK) as f32 - c, (k / WORK) as f32 - c);
        let gain = (-(slope.x * x + slope.y * y)).exp();
        *p = p.map(|v| (v * gain).min(255.0));
    }
}

/// One grid cell read for the fit.
struct Cell {
    x: f64,
    y: f64,
    /// Log-brightness.
    l: f64,
    /// Its chromaticity bin.
    bin: usize,
}

/// The light's slope across `tile`, fitted on its diagonals (see the
/// module's comment); zero when too little there is usable.
pub(crate) fn fit(tile: &Work) -> Slope {
    let cells = cells(tile);
    let mut keep = vec![true; cells.len()];
    let mut slope = (0.0f64, 0.0f64);
    for _ in 0..3 {
        let Some(s) = solve(&cells, &keep) else {
            return Slope::default();
        };
        slope = s;
        // Each bin's level under this slope; cells far from it dropped.
        let mut level = vec![(0.0f64, 0.0f64); BINS * BINS];
        for (c, _) in cells.iter().zip(&keep).filter(|(_, &k)| k) {
            let e = &mut level[c.bin];
            e.0 += c.l - s.0 * c.x - s.1 * c.y;
            e.1 += 1.0;
        }
        for (c, k) in cells.iter().zip(keep.iter_mut()) {
            let (sum, n) = level[c.bin];
            *k = n > 0.0 && (c.l - s.0 * c.x - s.1 * c.y - sum / n).abs() < OUTLIER;
        }
    }
    Slope {
        x: (slope.0 / STEP as f64) as f32,
        y: (slope.1 / STEP as f64) as f32,
    }
}

/// The grid cells near the diagonals that are neither dark nor clipped.
fn cells(tile: &Work) -> Vec<Cell> {
    let mut out = Vec::new();
    let c = (N as f64 - 1.0) / 2.0;
    for gy in 0..N {
        for gx in 0..N {
            let near = gx.abs_diff(gy).min((gx + gy).abs_diff(N - 1));
            if near >= BAND {
                continue;
            }
            let mut sum = [0.0f32; 3];
            let mut top = 0.0f32;
            for y in gy * STEP..(gy + 1) * STEP {
                for x in gx * STEP..(gx + 1) * STEP {
                    let p = tile.px[y * WORK + x];
                    (0..3).for_each(|k| sum[k] += p[k]);
                    top = top.max(p[0]).max(p[1]).max(p[2]);
                }
            }
            let total = sum[0] + sum[1] + sum[2];
            let mean = total / (3 * STEP * STEP) as f32;
            if mean < DARK || top >= CLIPPED {
                continue;
            }
            let bin = |v: f32| ((v / total * BINS as f32) as usize).min(BINS - 1);
            out.push(Cell {
                x: gx as f64 - c,
                y: gy as f64 - c,
                l: f64::from(mean).ln(),
                bin: bin(sum[0]) * BINS + bin(sum[1]),
            });
        }
    }
    out
}

/// The slope (per grid cell) that fits the kept cells best, each
/// chromaticity bin at its own level: least squares on the cells' position
/// and log-brightness about their bin's means. `None` when the kept cells
/// do not span two directions.
fn solve(cells: &[Cell], keep: &[bool]) -> Option<(f64, f64)> {
    // Per bin: count, sums of x, y, l, and of their products.
    let mut bins = vec![[0.0f64; 9]; BINS * BINS];
    for (c, _) in cells.iter().zip(keep).filter(|(_, &k)| k) {
        let b = &mut bins[c.bin];
        for (slot, v) in b.iter_mut().zip([
            1.0,
            c.x,
            c.y,
            c.l,
            c.x * c.x,
            c.x * c.y,
            c.y * c.y,
            c.x * c.l,
            c.y * c.l,
        ]) {
            *slot += v;
        }
    }
    let (mut sxx, mut sxy, mut syy, mut sxl, mut syl) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for b in bins.iter().filter(|b| b[0] >= FEWEST) {
        let n = b[0];
        sxx += b[4] - b[1] * b[1] / n;
        sxy += b[5] - b[1] * b[2] / n;
        syy += b[6] - b[2] * b[2] / n;
        sxl += b[7] - b[1] * b[3] / n;
        syl += b[8] - b[2] * b[3] / n;
    }
    let det = sxx * syy - sxy * sxy;
    if det.is_nan() || det <= 1e-9 * (sxx * syy).max(1.0) {
        return None;
    }
    Some(((syy * sxl - sxy * syl) / det, (sxx * syl - sxy * sxl) / det))
}

#[cfg(test)]
mod tests;
