//! A ground that varies smoothly across the tile: a gradient between two
//! colours, a sky lighter at one end, a vignette's slope. Bought puzzles
//! print their pictures on such grounds, and every tile's ground then lies
//! at its own angle, so a half and its copy on another tile sit on
//! different colours. Weighed as picture (the tile shows no plain ground,
//! [`super::plain_ground`] finds none), that ground outweighed the figures: the
//! copies of one half lay farther apart than strangers (docs/infer-journal.md,
//! "Emoji on a gradient: the ground fitted across the tile").
//!
//! The ground is fitted where bought puzzles show it, along the diagonals
//! (as [`crate::prepare::infer::halves::light`] fits the light): each
//! colour channel a plane across the tile, refitted without the cells far
//! from it (a figure reaching a diagonal). It is kept only when most of the
//! diagonals lie on it and it really changes across the tile; a half's
//! cells are then picture by their distance from the ground under them.

use super::{delta, lab, Lab};
use crate::prepare::infer::halves::{frame, Work, WORK};

/// The fit's grid: working pixels averaged in blocks of `STEP x STEP`
/// (coarse: a ground that changes smoothly needs few cells, and every tile
/// of every puzzle is fitted).
const STEP: usize = 8;
const N: usize = WORK / STEP;
/// How near a diagonal (in grid cells) a cell is read.
const BAND: usize = N / 10;
/// Per round of the fit, cells farther than this from the last fit
/// ([`delta`]) are left out of the next.
const ROUNDS: [f32; 3] = [20.0, 10.0, 6.0];
/// A cell within this of the final fit lies on the ground.
const ON: f32 = 5.0;
/// The least share of the diagonals' cells on the ground: a drawn tile's
/// four triangles, a photograph, fit no plane.
const SHARE: f32 = 0.6;
/// The least change of the ground from one corner to the opposite one
/// ([`delta`]): a ground that changes less is plain, and read as plain.
const VARIES: f32 = 10.0;

/// The ground's colour (sRGB, 0..255) as a plane per channel over the
/// tile's own frame, in working pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Field {
    coef: [[f64; 3]; 3],
}

impl Field {
    /// The ground's colour at `(x, y)` of the tile's own frame.
    fn rgb(&self, x: f64, y: f64) -> [f32; 3] {
        self.coef
            .map(|c| (c[0] + c[1] * x + c[2] * y).clamp(0.0, 255.0) as f32)
    }

    /// The ground under `(u, v)` of the frame where side `side` is at the top.
    pub(crate) fn at(&self, side: usize, u: usize, v: usize) -> Lab {
        let (x, y) = frame(side, u, v);
        lab(self.rgb(x as f64, y as f64))
    }

    /// How much the ground's chromaticity (each channel over the sum of
    /// the three) changes from corner to opposite corner.
    fn chromaticity_change(&self) -> f32 {
        let last = (WORK - 1) as f64;
        let at = |x: f64, y: f64| {
            let c = self.rgb(x, y);
            let sum = (c[0] + c[1] + c[2]).max(1.0);
            c.map(|v| v / sum)
        };
        let apart = |p: [f32; 3], q: [f32; 3]| (0..3).map(|i| (p[i] - q[i]).abs()).sum::<f32>();
        apart(at(0.0, 0.0), at(last, last)).max(apart(at(last, 0.0), at(0.0, last)))
    }

    /// How much the ground changes from corner to opposite corner.
    fn change(&self) -> f32 {
        let last = (WORK - 1) as f64;
        let at = |x: f64, y: f64| lab(self.rgb(x, y));
        delta(at(0.0, 0.0), at(last, last)).max(delta(at(last, 0.0), at(0.0, last)))
    }
}

/// Whether most of the puzzle's tiles lie on a ground whose colour, not
/// only its brightness, changes across them (a gradient between two
/// colours): their median tile's ground changes in chromaticity (each
/// channel over the three's sum) by [`COLOURED`] or more. Such a ground's
/// brightness slope is no light: evened away
/// ([`crate::prepare::infer::halves::light`]), it darkened and lightened
/// the figures on it, which the ground does not, and copies of a half lay
/// twice as far apart (docs/infer-journal.md, "Emoji on a gradient").
pub(crate) fn coloured_ground(fields: &[Option<Field>]) -> bool {
    let mut changes: Vec<f32> = fields
        .iter()
        .map(|f| f.map_or(0.0, |f| f.chromaticity_change()))
        .collect();
    changes.sort_by(f32::total_cmp);
    let median = changes.get(changes.len() / 2).copied().unwrap_or(0.0);
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG_FIELD").is_some() {
        eprintln!("FIELD chromaticity change, median tile {median:.4}");
    }
    median >= COLOURED
}

/// See [`coloured_ground`]. A light that falls off multiplies the three
/// channels alike and leaves the chromaticity as it is.
const COLOURED: f32 = 0.02;

/// One grid cell near a diagonal: its centre (working pixels) and colour.
struct Cell {
    x: f64,
    y: f64,
    rgb: [f32; 3],
    lab: Lab,
}

/// The tile's ground fitted as a plane per channel along its diagonals, if
/// most of them lie on one that changes across the tile by [`VARIES`] or
/// more; `None` otherwise (a plain ground, a drawn tile, a photograph).
pub(crate) fn fit(tile: &Work) -> Option<Field> {
    let cells = cells(tile);
    let mut keep = vec![true; cells.len()];
    let mut field = None;
    for limit in ROUNDS {
        let f = solve(&cells, &keep)?;
        for (c, k) in cells.iter().zip(keep.iter_mut()) {
            *k = delta(c.lab, lab(f.rgb(c.x, c.y))) < limit;
        }
        field = Some(f);
    }
    let field = field?;
    let on = cells
        .iter()
        .filter(|c| delta(c.lab, lab(field.rgb(c.x, c.y))) < ON)
        .count();
    let share = on as f32 / cells.len().max(1) as f32;
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG_FIELD").is_some() {
        eprintln!(
            "FIELD share {share:.2} change {:.1} chromaticity {:.4}",
            field.change(),
            field.chromaticity_change()
        );
    }
    (share >= SHARE && field.change() >= VARIES).then_some(field)
}

/// The grid cells within [`BAND`] of a diagonal.
fn cells(tile: &Work) -> Vec<Cell> {
    let mut out = Vec::new();
    for gy in 0..N {
        for gx in 0..N {
            if gx.abs_diff(gy).min((gx + gy).abs_diff(N - 1)) >= BAND {
                continue;
            }
            let mut sum = [0.0f32; 3];
            for y in gy * STEP..(gy + 1) * STEP {
                for x in gx * STEP..(gx + 1) * STEP {
                    let p = tile.at(1, x, y);
                    (0..3).for_each(|k| sum[k] += p[k]);
                }
            }
            let rgb = sum.map(|s| s / (STEP * STEP) as f32);
            let centre = |g: usize| (g * STEP) as f64 + (STEP as f64 - 1.0) / 2.0;
            out.push(Cell {
                x: centre(gx),
                y: centre(gy),
                rgb,
                lab: lab(rgb),
            });
        }
    }
    out
}

/// The plane per channel that fits the kept cells best (least squares);
/// `None` when they are too few to span the tile.
fn solve(cells: &[Cell], keep: &[bool]) -> Option<Field> {
    // Normal equations on (1, x, y), centred for stability.
    let c0 = (WORK as f64 - 1.0) / 2.0;
    let mut m = [[0.0f64; 3]; 3];
    let mut r = [[0.0f64; 3]; 3];
    let mut n = 0usize;
    for (c, _) in cells.iter().zip(keep).filter(|(_, &k)| k) {
        let basis = [1.0, c.x - c0, c.y - c0];
        for i in 0..3 {
            for j in 0..3 {
                m[i][j] += basis[i] * basis[j];
            }
            for (ch, row) in r.iter_mut().enumerate() {
                row[i] += basis[i] * f64::from(c.rgb[ch]);
            }
        }
        n += 1;
    }
    if n < cells.len() / 4 {
        return None;
    }
    let inv = inverse(&m)?;
    let coef = r.map(|row| {
        let s: [f64; 3] = std::array::from_fn(|i| (0..3).map(|j| inv[i][j] * row[j]).sum());
        // Back from centred coordinates.
        [s[0] - s[1] * c0 - s[2] * c0, s[1], s[2]]
    });
    Some(Field { coef })
}

/// The inverse of a 3x3 matrix, `None` when it is (nearly) singular.
fn inverse(m: &[[f64; 3]; 3]) -> Option<[[f64; 3]; 3]> {
    let cof = |i: usize, j: usize| {
        let (a, b) = ((i + 1) % 3, (i + 2) % 3);
        let (c, d) = ((j + 1) % 3, (j + 2) % 3);
        m[a][c] * m[b][d] - m[a][d] * m[b][c]
    };
    let det = (0..3).map(|j| m[0][j] * cof(0, j)).sum::<f64>();
    if !det.is_finite() || det.abs() <= 1e-9 * m[0][0].max(1.0).powi(3) {
        return None;
    }
    Some(std::array::from_fn(|i| {
        std::array::from_fn(|j| cof(j, i) / det)
    }))
}

#[cfg(test)]
mod tests;
