//! Exact counts without listing: the number of looks (kind-level boards) of
//! a puzzle, from a transfer-matrix programme over the frontier of edges.
//!
//! Which kinds a board uses is a global constraint (each kind exactly as
//! often as it has cards), so the programme does not track what is left.
//! Instead each kind `k` gets a weight `x_k`; summed over all boards that fit,
//! the product of the weights of its cells is a polynomial `F` whose
//! coefficient of `prod x_k^m_k` is the count. Evaluated at the roots of
//! unity of order `m_k + 1` (modulo word-sized primes) and averaged with the
//! right factors, `F` gives that coefficient alone: any other exponent vector
//! congruent to `m` with the same total (every board has one cell per card)
//! would need some kind beyond its count and another below zero. One kind
//! (with the fewest cards) needs no variable, for the same reason. The
//! residues for several primes are joined by the Chinese remainder theorem;
//! enough primes are taken that their product exceeds a bound on the count
//! (the number of fitting boards with any cards, computed in `f64`).
//!
//! A square board of even side is four turned copies of one quadrant, so one
//! quadrant's programme (recording what it shows on its two inner sides) and
//! four matrix products give every board; other boards with an even side are
//! two halves, the rest are run whole. Boards that a half or quarter turn
//! leaves unchanged (needed to count looks up to turning the board) come
//! from the same quadrant or half with squared or fourth-power weights,
//! unless the counts of cards rule them out.

mod combine;
mod modular;
mod program;

use super::kinds::{turned, Kinds};
use crate::kind::tiles::model::Puzzle;
use combine::Shape;
use modular::{Lanes, LANES, ORDER, PRIMES};
use program::{Cells, Step};
use rayon::prelude::*;

/// What the counting found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Counted {
    /// Looks: kind-level boards, each turn of the board counted apart.
    pub looks: u128,
    /// Looks up to turning the whole board; `None` where the boards a turn
    /// leaves unchanged could not be counted (both sides odd, and the
    /// counts of cards do not rule them out).
    pub distinct: Option<u128>,
}

/// A counting ready to run: its programme, and what it will cost.
pub(crate) struct Plan {
    setup: Setup,
    steps: Vec<Step>,
    final_size: usize,
    primes: usize,
    /// The work of the whole counting, in nodes.
    pub(crate) work: u64,
}

/// Programme ops are counted as work at this many per node of the search,
/// about what one node costs in time.
const OPS_PER_NODE: u128 = 64;
/// The largest programme built, in ops (about 8 bytes each), and the most
/// frontier states (each a lane of values: 128 bytes).
const MAX_OPS: u128 = 50_000_000;
const MAX_STATES: usize = 1 << 20;

/// What the counting of a puzzle needs before its programme is built: cheap
/// enough to ask of every puzzle with identical cards.
pub(crate) struct Setup {
    shape: Shape,
    fit: Vec<Vec<bool>>,
    /// Each oriented kind's edge classes, and its kind.
    oriented: Vec<[u8; 4]>,
    kind_of: Vec<usize>,
    counts: Vec<usize>,
    vars: Vec<usize>,
    points: u64,
    fixed: Vec<u8>,
    unknown_fixed: bool,
    turns: u128,
    /// Programme ops at most, per point and run.
    ops: u128,
}

/// Sets up the counting of `puzzle`'s looks, or `None` when it cannot be
/// done this way: a kind too common for the primes' roots of unity, or a
/// frontier too wide for memory.
pub(crate) fn setup(puzzle: &Puzzle, kinds: &Kinds) -> Option<Setup> {
    let counts: Vec<usize> = kinds.cards.iter().map(Vec::len).collect();
    // The least common kind goes without a variable, and must: the roots of
    // unity read a kind's exponent only modulo its count plus one, so a
    // board using a kind c + 1 times too often is miscounted unless the
    // kind without a variable (whose use is what the cells leave) has
    // fewer cards than that excess. Dropping any other kind miscounts
    // corpus puzzles (tried: Quadromino 176 looks for 168).
    let drop = (0..counts.len()).min_by_key(|&k| counts[k])?;
    let vars: Vec<usize> = (0..counts.len()).filter(|&k| k != drop).collect();
    if vars
        .iter()
        .any(|&k| !ORDER.is_multiple_of(counts[k] as u64 + 1))
    {
        return None;
    }
    let points = vars
        .iter()
        .try_fold(1u64, |a, &k| a.checked_mul(counts[k] as u64 + 1))?;
    let (class, fit) = classes(puzzle, kinds);
    let mut oriented = Vec::new();
    let mut kind_of = Vec::new();
    for (k, &e) in kinds.edges.iter().enumerate() {
        for o in 0..kinds.orients[k] {
            oriented.push(turned(e, o).map(|x| class[usize::from(x.0)] as u8));
            kind_of.push(k);
        }
    }
    let shape = Shape::choose(puzzle.rows, puzzle.cols);
    let (h, w, record) = shape.region();
    let widest = fit
        .len()
        .saturating_pow((w + 1 + if record { h } else { 0 }) as u32);
    let cells = Cells {
        classes: fit.len(),
        fit: &fit,
        oriented: &oriented,
    };
    let ops = program::region_ops(&cells, h, w, record);
    if ops > MAX_OPS || widest > MAX_STATES {
        return None;
    }
    let (fixed, unknown_fixed) = fixed_turns(puzzle, &counts, shape);
    Some(Setup {
        ops: ops + shape.combine_ops(fit.len(), w),
        shape,
        fit,
        oriented,
        kind_of,
        counts,
        vars,
        points,
        fixed,
        unknown_fixed,
        turns: u128::from(puzzle.board_turns()),
    })
}

/// Edge codes that fit the same codes (of those on some card) are one
/// class: the class of each code, and which classes fit.
fn classes(puzzle: &Puzzle, kinds: &Kinds) -> (Vec<usize>, Vec<Vec<bool>>) {
    let mut used = vec![false; puzzle.matching.codes()];
    for e in kinds.edges.iter().flatten() {
        used[usize::from(e.0)] = true;
    }
    let used: Vec<usize> = (0..used.len()).filter(|&c| used[c]).collect();
    let row = |a: usize| -> Vec<bool> {
        used.iter()
            .map(|&b| puzzle.fits(edge(a), edge(b)))
            .collect()
    };
    let mut rows: Vec<Vec<bool>> = Vec::new();
    let mut class = vec![0usize; puzzle.matching.codes()];
    for &a in &used {
        let r = row(a);
        class[a] = rows.iter().position(|x| *x == r).unwrap_or_else(|| {
            rows.push(r);
            rows.len() - 1
        });
    }
    let reps: Vec<usize> = (0..rows.len())
        .map(|c| used.iter().copied().find(|&a| class[a] == c).unwrap_or(0))
        .collect();
    let fit = reps
        .iter()
        .map(|&a| {
            reps.iter()
                .map(|&b| puzzle.fits(edge(a), edge(b)))
                .collect()
        })
        .collect();
    (class, fit)
}

impl Setup {
    /// Runs of the programme per point and prime: the looks, and each
    /// fixed turn's unchanged looks where they can be counted.
    fn runs(&self) -> u128 {
        if self.unknown_fixed {
            1
        } else {
            1 + self.fixed.len() as u128
        }
    }

    /// The least work the counting takes (one prime), in nodes.
    pub(crate) fn least_work(&self) -> u64 {
        let w = u128::from(self.points) * self.ops * self.runs() / OPS_PER_NODE;
        u64::try_from(w).unwrap_or(u64::MAX)
    }

    /// Builds the programme and bounds the count; `None` if the count could
    /// exceed 120 bits.
    pub(crate) fn build(self) -> Option<Plan> {
        let cells = Cells {
            classes: self.fit.len(),
            fit: &self.fit,
            oriented: &self.oriented,
        };
        let (h, w, record) = self.shape.region();
        let (steps, final_size) = program::region(&cells, h, w, record);
        let bound = combine::bound(self.shape, &steps, final_size, &self.fit, w);
        // Enough primes that their product exceeds the bound with room to spare.
        let need = bound.log2() + 2.0;
        let (mut bits, mut primes) = (0.0, 0);
        while primes == 0 || bits < need && primes < PRIMES.len() {
            bits += (PRIMES[primes] as f64).log2();
            primes += 1;
        }
        if bits < need || need > 122.0 {
            return None;
        }
        let ops = steps.iter().map(|s| s.ops.len() as u128).sum::<u128>()
            + self.shape.combine_ops(self.fit.len(), w);
        let work = u128::from(self.points) * ops * self.runs() * primes as u128 / OPS_PER_NODE;
        Some(Plan {
            steps,
            final_size,
            primes,
            work: u64::try_from(work).unwrap_or(u64::MAX),
            setup: self,
        })
    }
}

fn edge(code: usize) -> crate::kind::tiles::model::Edge {
    crate::kind::tiles::model::Edge(code as u8)
}

/// The board turns whose unchanged boards must be counted (2: the half
/// turn, 1: a quarter turn; the three-quarter turn leaves the same boards as
/// the quarter turn), and whether one of them cannot be counted on this
/// shape. A turn that moves every cell in orbits of `k` leaves a board
/// unchanged only if every kind's count is a multiple of `k`, except for the
/// one kind at the centre of an odd board.
fn fixed_turns(puzzle: &Puzzle, counts: &[usize], shape: Shape) -> (Vec<u8>, bool) {
    let centre = puzzle.rows % 2 == 1 && puzzle.cols % 2 == 1;
    let possible = |k: usize| {
        let off = counts.iter().filter(|&&m| m % k != 0).count();
        off == 0 || (centre && off == 1 && counts.iter().any(|&m| m % k == 1))
    };
    let mut fixed = Vec::new();
    let mut unknown = false;
    let half = possible(2);
    if half {
        fixed.push(2);
        unknown |= !shape.counts_fixed(2);
    }
    if half && puzzle.rows == puzzle.cols && possible(4) {
        fixed.push(1);
        unknown |= !shape.counts_fixed(1);
    }
    (fixed, unknown)
}

impl Plan {
    /// Counts the looks; `stop` is asked between batches of points and ends
    /// the counting (`None`) when it says so.
    pub(crate) fn run(&self, stop: &(dyn Fn() -> bool + Sync)) -> Option<Counted> {
        let fixed: Vec<u8> = if self.setup.unknown_fixed {
            Vec::new()
        } else {
            self.setup.fixed.clone()
        };
        let mut residues = vec![Vec::new(); 1 + fixed.len()];
        for i in 0..self.primes {
            let sums = match i {
                0 => self.residues::<{ PRIMES[0] }>(&fixed, stop)?,
                1 => self.residues::<{ PRIMES[1] }>(&fixed, stop)?,
                2 => self.residues::<{ PRIMES[2] }>(&fixed, stop)?,
                3 => self.residues::<{ PRIMES[3] }>(&fixed, stop)?,
                4 => self.residues::<{ PRIMES[4] }>(&fixed, stop)?,
                5 => self.residues::<{ PRIMES[5] }>(&fixed, stop)?,
                6 => self.residues::<{ PRIMES[6] }>(&fixed, stop)?,
                _ => self.residues::<{ PRIMES[7] }>(&fixed, stop)?,
            };
            for (r, s) in residues.iter_mut().zip(sums) {
                r.push(s);
            }
        }
        let values: Vec<u128> = residues
            .iter()
            .map(|r| modular::crt(r))
            .collect::<Option<_>>()?;
        let looks = values[0];
        let distinct = (!self.setup.unknown_fixed).then(|| {
            // Burnside: orbits = the mean over turns of the boards each leaves.
            let fix = |q: u8| {
                fixed
                    .iter()
                    .position(|&f| f == q)
                    .map_or(0, |i| values[i + 1])
            };
            let total = if self.setup.turns == 4 {
                looks + fix(2) + 2 * fix(1)
            } else {
                looks + fix(2)
            };
            total / self.setup.turns
        });
        Some(Counted { looks, distinct })
    }

    /// The count of looks, then of each fixed turn's unchanged looks, modulo `P`.
    fn residues<const P: u64>(
        &self,
        fixed: &[u8],
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Option<Vec<u64>> {
        let ns: Vec<u64> = self.setup.counts.iter().map(|&m| m as u64 + 1).collect();
        let roots: Vec<u64> = ns.iter().map(|&n| modular::root(n, P)).collect();
        let batches = self.setup.points.div_ceil(LANES as u64);
        let sums = (0..batches)
            .into_par_iter()
            .map_init(
                || [Vec::new(), Vec::new()],
                |buffers, b| {
                    if stop() {
                        return None;
                    }
                    Some(self.batch::<P>(b, fixed, &ns, &roots, buffers))
                },
            )
            .collect::<Option<Vec<Vec<u64>>>>()?;
        let inv = modular::pow_mod(self.setup.points % P, P - 2, P);
        let mut out = vec![0u64; 1 + fixed.len()];
        for s in sums {
            for (o, v) in out.iter_mut().zip(s) {
                *o = (*o + v) % P;
            }
        }
        Some(out.iter().map(|&v| v * inv % P).collect())
    }

    /// One batch of points: its contribution to each sum, modulo `P`.
    fn batch<const P: u64>(
        &self,
        b: u64,
        fixed: &[u8],
        ns: &[u64],
        roots: &[u64],
        buffers: &mut [Vec<Lanes>; 2],
    ) -> Vec<u64> {
        let first = b * LANES as u64;
        let lanes = (self.setup.points - first).min(LANES as u64) as usize;
        // Each kind's weight and the inverse transform's factor, per lane.
        let mut kind_w = vec![[1u64; LANES]; self.setup.counts.len()];
        let mut factor = [1u64; LANES];
        for (l, f) in factor.iter_mut().enumerate().take(lanes) {
            let mut idx = first + l as u64;
            for &k in &self.setup.vars {
                let a = idx % ns[k];
                idx /= ns[k];
                kind_w[k][l] = modular::pow_mod(roots[k], a, P);
                *f = *f * kind_w[k][l] % P;
            }
        }
        let mut out = Vec::with_capacity(1 + fixed.len());
        for power in std::iter::once(1u64).chain(fixed.iter().map(|&q| 4 / u64::from(q))) {
            let weights: Vec<Lanes> = self
                .setup
                .kind_of
                .iter()
                .map(|&k| kind_w[k].map(|w| modular::pow_mod(w, power, P) as u32))
                .collect();
            modular::run::<P>(&self.steps, &weights, buffers);
            let values = self.setup.shape.combine::<P>(
                &buffers[0][..self.final_size],
                &self.setup.fit,
                self.setup.fit.len(),
                power,
            );
            let mut sum = 0u64;
            for l in 0..lanes {
                sum = (sum + u64::from(values[l]) * factor[l]) % P;
            }
            out.push(sum);
        }
        out
    }
}

#[cfg(test)]
pub(super) mod tests;
