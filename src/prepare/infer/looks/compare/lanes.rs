//! [`distance`] of one half against [`LANES`] others at once: the same
//! walk of the shift tables for every pair, so each lane does exactly the
//! sums, in exactly the order, that one call of [`distance`] does (the
//! distances are the same to the bit), and the compiler keeps the lanes
//! in vector registers. The others' cells are laid out lane by lane first
//! ([`Group`]). A 6x6 compares 10 296 pairs; one by one that was the
//! largest share of its time.
//!
//! [`distance`]: super::distance

use super::{table, Block, Look, Table, CAP, GROUND_WEIGHT};
use crate::prepare::infer::looks::{COLS, ROWS};

/// Halves compared at once.
pub(crate) const LANES: usize = 8;
type V = [f32; LANES];

/// Up to [`LANES`] halves' cells and picture weights, lane by lane (missing
/// lanes repeat the last half: their results are dropped).
pub(crate) struct Group {
    cells: Vec<[V; 3]>,
    fg: Vec<V>,
    len: usize,
}

impl Group {
    pub(crate) fn new(looks: &[&Look]) -> Group {
        let len = looks.len().min(LANES);
        let pick = |l: usize| looks[l.min(len.saturating_sub(1))];
        let mut cells = vec![[[0.0f32; LANES]; 3]; COLS * ROWS];
        let mut fg = vec![[0.0f32; LANES]; COLS * ROWS];
        if len > 0 {
            for &i in &table().inside {
                let i = usize::from(i);
                for l in 0..LANES {
                    let look = pick(l);
                    (0..3).for_each(|q| cells[i][q][l] = look.cells[i][q]);
                    fg[i][l] = look.fg[i];
                }
            }
        }
        Group { cells, fg, len }
    }
}

/// Block sums of one walk, lane by lane (see [`Block`]).
#[derive(Clone, Copy)]
struct Blocks {
    d: [V; 3],
    sq: V,
    w: V,
    ww: V,
}

const ZERO: Blocks = Blocks {
    d: [[0.0; LANES]; 3],
    sq: [0.0; LANES],
    w: [0.0; LANES],
    ww: [0.0; LANES],
};

impl Blocks {
    /// [`Block::add`] in every lane.
    #[inline(always)]
    fn add(&mut self, w: &V, d: &[V; 3]) {
        for l in 0..LANES {
            (0..3).for_each(|q| self.d[q][l] += w[l] * d[q][l]);
            self.sq[l] += w[l] * (d[0][l] * d[0][l] + d[1][l] * d[1][l] + d[2][l] * d[2][l]);
            self.w[l] += w[l];
            self.ww[l] += w[l] * w[l];
        }
    }

    fn lane(&self, l: usize) -> Block {
        Block {
            d: [self.d[0][l], self.d[1][l], self.d[2][l]],
            sq: self.sq[l],
            w: self.w[l],
            ww: self.ww[l],
        }
    }
}

/// [`super::distance`]`(a, b)` for each half `b` of the group, in its order.
/// Block differences under `floor` are not counted ([`super::FLOOR`]).
pub(crate) fn distances(a: &Look, group: &Group, floor: f32) -> Vec<f32> {
    let table = table();
    let shift = light_shift(table, a, group);
    // `-s` is `-1.0 * s` (the one-pair code) to the bit.
    let neg = shift.map(|s| -s);
    let mut sums = vec![ZERO; super::BLOCKS];
    let mut best = [f32::INFINITY; LANES];
    for meets in &table.shifts {
        for flip in [false, true] {
            sums.fill(ZERO);
            let moved = if flip { &neg } else { &shift };
            for m in meets {
                let (i, j) = (usize::from(m.i), usize::from(m.j));
                let mut w = [0.0f32; LANES];
                let mut d = [[0.0f32; LANES]; 3];
                if flip {
                    // The group's half first, `a` second.
                    let (p, pf) = (&group.cells[i], &group.fg[i]);
                    let (c, cf) = (a.cells[j], a.fg[j]);
                    for l in 0..LANES {
                        w[l] = pf[l].max(cf) + GROUND_WEIGHT;
                        d[0][l] = 0.5 * (p[0][l] - c[0] - moved[l]);
                        d[1][l] = p[1][l] - c[1];
                        d[2][l] = p[2][l] - c[2];
                    }
                } else {
                    let (p, pf) = (a.cells[i], a.fg[i]);
                    let (c, cf) = (&group.cells[j], &group.fg[j]);
                    for l in 0..LANES {
                        w[l] = pf.max(cf[l]) + GROUND_WEIGHT;
                        d[0][l] = 0.5 * (p[0] - c[0][l] - moved[l]);
                        d[1][l] = p[1] - c[1][l];
                        d[2][l] = p[2] - c[2][l];
                    }
                }
                sums[usize::from(m.k)].add(&w, &d);
            }
            for (l, best) in best.iter_mut().enumerate().take(group.len) {
                let (mut s, mut n) = (0.0, 0.0);
                for block in sums.iter().map(|b| b.lane(l)).filter(|b| b.w > 0.0) {
                    s += block.w * block.size(floor).min(CAP);
                    n += block.w;
                }
                if n > 0.0 {
                    *best = best.min(s / n);
                }
            }
        }
    }
    best[..group.len].to_vec()
}

/// [`super::light_shift`] in every lane.
fn light_shift(table: &Table, a: &Look, group: &Group) -> V {
    let (mut s, mut n, mut all) = ([0.0f32; LANES], [0.0f32; LANES], [0.0f32; LANES]);
    let count = table.inside.len().max(1) as f32;
    for &i in &table.inside {
        let i = usize::from(i);
        let (af, al) = (a.fg[i], a.cells[i][0]);
        let (bf, bl) = (&group.fg[i], &group.cells[i][0]);
        for l in 0..LANES {
            let w = af * bf[l];
            let d = al - bl[l];
            s[l] += w * d;
            n[l] += w;
            all[l] += d;
        }
    }
    std::array::from_fn(|l| {
        let shift = if n[l] > 4.0 {
            s[l] / n[l]
        } else {
            all[l] / count
        };
        shift.clamp(-15.0, 15.0)
    })
}
