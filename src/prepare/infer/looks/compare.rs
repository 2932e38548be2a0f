//! How unlike two halves look ([`distance`]), the pictures reading's
//! costliest step: every two of a 6x6 board's 144 halves are compared, each
//! at six shifts both ways. Which cells meet which at each shift is the
//! same for every pair, so it is worked out once ([`Table`]) and each
//! comparison only walks its list, adding in the same order as a walk of
//! the whole grid would (the distances are the same to the bit), for
//! [`LANES`] pairs at once ([`lanes`]).

use super::{inside, Look, CAP, COLS, ROWS};
use std::sync::OnceLock;

/// Cells averaged together by [`distance`]: 4 x 4 cells, 20 working pixels.
const BLOCK: usize = 4;
/// Weight in [`distance`] of a cell that is ground in both halves.
const GROUND_WEIGHT: f32 = 0.02;
/// Blocks along the side and towards the centre.
const BLOCK_COLS: usize = COLS.div_ceil(BLOCK);
const BLOCKS: usize = BLOCK_COLS * ROWS.div_ceil(BLOCK);

/// The shifts compared, `(du, dv)` in cells, in the order they are tried.
const SHIFTS: [(i64, i64); 6] = [(-1, 0), (0, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// Cell `i` of one half against cell `j` of the other, summed into block
/// `k` (of `i`).
#[derive(Clone, Copy)]
struct Meet {
    i: u16,
    j: u16,
    k: u16,
}

/// The cells of the triangle, and per shift the cells that meet.
struct Table {
    inside: Vec<u16>,
    shifts: [Vec<Meet>; 6],
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let cells: Vec<usize> = (0..COLS * ROWS).filter(|&i| inside(i)).collect();
        let narrow = |x: usize| u16::try_from(x).unwrap_or(u16::MAX);
        let shifts = SHIFTS.map(|(du, dv)| {
            cells
                .iter()
                .filter_map(|&i| {
                    let (cx, cy) = ((i % COLS) as i64 + du, (i / COLS) as i64 + dv);
                    if cx < 0 || cx >= COLS as i64 || cy >= ROWS as i64 {
                        return None;
                    }
                    let j = cy as usize * COLS + cx as usize;
                    inside(j).then(|| Meet {
                        i: narrow(i),
                        j: narrow(j),
                        k: narrow((i / COLS / BLOCK) * BLOCK_COLS + (i % COLS) / BLOCK),
                    })
                })
                .collect()
        });
        Table {
            inside: cells.into_iter().map(narrow).collect(),
            shifts,
        }
    })
}

/// How unlike two halves look, side at the top: the mean [`delta`] of their
/// cells, each weighed by how clearly it is picture in either half (a
/// wood grain that differs from tile to tile says nearly nothing), after
/// the lightness of `b` is moved to `a`'s by the cells that are picture in
/// both (uneven light; the ground around a photo crop may be another wood
/// on every tile, so it is no measure of the light), at the best shift of
/// a cell each way along the side and a cell towards the centre (a tile
/// cut a little off, a picture not quite centred). The cells' colour
/// differences are averaged over blocks of [`BLOCK`] x [`BLOCK`] cells
/// before their size is taken: a scan's noise and JPEG's blocks, which
/// differ from cell to cell, cancel there, where a picture's detail does
/// not; what of them is left in a block's mean is taken off by the cells'
/// scatter ([`Block::size`]).
///
/// [`delta`]: super::delta
///
/// `infer` compares [`LANES`] halves at once ([`distances`], the same sums
/// lane by lane); this one pair at a time is kept as its reference.
#[cfg(test)]
pub(crate) fn distance(a: &Look, b: &Look) -> f32 {
    distance_above(a, b, 0.0)
}

/// [`distance`] with block differences under `floor` not counted.
#[cfg(test)]
pub(crate) fn distance_above(a: &Look, b: &Look, floor: f32) -> f32 {
    let table = table();
    let shift_l = light_shift(table, a, b);
    let mut sums = [Block::default(); BLOCKS];
    let mut best = f32::INFINITY;
    for meets in &table.shifts {
        for (x, y, flip) in [(a, b, 1.0f32), (b, a, -1.0)] {
            sums.fill(Block::default());
            let moved = flip * shift_l;
            for m in meets {
                let (i, j) = (usize::from(m.i), usize::from(m.j));
                let (p, c) = (x.cells[i], y.cells[j]);
                let w = x.fg[i].max(y.fg[j]) + GROUND_WEIGHT;
                // Lightness counted half, as in `delta`.
                let d = [0.5 * (p[0] - c[0] - moved), p[1] - c[1], p[2] - c[2]];
                sums[usize::from(m.k)].add(w, d);
            }
            let (mut s, mut n) = (0.0, 0.0);
            for block in sums.iter().filter(|b| b.w > 0.0) {
                s += block.w * block.size(floor).min(CAP);
                n += block.w;
            }
            if n > 0.0 {
                best = best.min(s / n);
            }
        }
    }
    best
}

/// The cells' colour differences summed over one block, weighed.
#[derive(Clone, Copy, Default)]
pub(super) struct Block {
    /// Sum of `w * d`.
    d: [f32; 3],
    /// Sum of `w * |d|^2`.
    sq: f32,
    pub(super) w: f32,
    /// Sum of `w^2`.
    ww: f32,
}

impl Block {
    #[cfg(test)]
    pub(super) fn add(&mut self, w: f32, d: [f32; 3]) {
        (0..3).for_each(|q| self.d[q] += w * d[q]);
        self.sq += w * (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        self.w += w;
        self.ww += w * w;
    }

    /// The size of the block's mean difference, less what the cells'
    /// scatter about that mean gives two copies by chance. A scan's noise
    /// makes copies of one half differ cell by cell, so the mean of a
    /// block's sixteen differences is not zero but about their scatter
    /// over four; a picture's detail that differs moves the whole block's
    /// mean far beyond that. (The square of the mean's size, less the
    /// scatter's share, is what the mean's size would be without the
    /// chance part, on average.)
    /// Less `floor` (0, or [`FLOOR`] for pictures that went through JPEG).
    pub(super) fn size(&self, floor: f32) -> f32 {
        let mean = self.d.map(|x| x / self.w);
        let mean_sq = mean[0] * mean[0] + mean[1] * mean[1] + mean[2] * mean[2];
        let scatter = (self.sq / self.w - mean_sq).max(0.0);
        // How many cells' worth the weights amount to.
        let cells = self.w * self.w / self.ww.max(f32::MIN_POSITIVE);
        let chance = if cells > 1.5 {
            scatter / (cells - 1.0)
        } else {
            0.0
        };
        ((mean_sq - chance).max(0.0).sqrt() - floor).max(0.0)
    }
}

/// In pictures that went through JPEG ([`crate::prepare::infer::jpeg`]), a
/// block's mean difference smaller than this (CIELAB, lightness counted
/// half, as in [`delta`](super::delta)) is not counted, and a larger one
/// counts only by what exceeds it: about a just noticeable difference.
/// JPEG moves a block's mean colour by about that much, the hue most (its
/// colour is stored at half the resolution and coarsely), and differently
/// on every tile, since each is compressed at its own quality: copies of a
/// half then lie two to three times farther apart than clean copies, and
/// the classes' confidence, their spread over the nearest stranger, falls
/// below what is written (docs/infer-journal.md, "JPEG's colour shifts under a
/// noticeable difference"). Two prints mostly differ by far more than this
/// where they differ; but two crops of one photograph may not, which is why
/// pictures not compressed keep every difference.
pub(crate) const FLOOR: f32 = 2.0;

/// How much lighter `a` is than `b`: over the cells that are picture in
/// both, or, when they share too few, over the whole triangle.
#[cfg(test)]
fn light_shift(table: &Table, a: &Look, b: &Look) -> f32 {
    let (mut s, mut n, mut all) = (0.0, 0.0, 0.0);
    let count = table.inside.len().max(1) as f32;
    for &i in &table.inside {
        let i = usize::from(i);
        let w = a.fg[i] * b.fg[i];
        let d = a.cells[i][0] - b.cells[i][0];
        s += w * d;
        n += w;
        all += d;
    }
    let shift = if n > 4.0 { s / n } else { all / count };
    shift.clamp(-15.0, 15.0)
}

mod lanes;
pub(crate) use lanes::{distances, Group, LANES};

#[cfg(test)]
mod tests;
