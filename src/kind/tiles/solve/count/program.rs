//! The transfer programme of a rectangular region: the cells filled row by
//! row, each step mapping the values of the frontier states before a cell to
//! those after it. Built once per puzzle; every evaluation point runs it.
//!
//! A state is the frontier of edge classes the next cells will touch: one
//! digit per column (what the cell above shows downwards), the left digit
//! (what the cell just placed shows to its right), and, when the region's
//! right side is recorded, one digit per finished row (what its last cell
//! shows to the right). The region's top and left sides touch nothing.

/// One step: the values of `targets` new states, each the sum over its
/// `ops` of an old state's value times an oriented kind's weight.
pub(super) struct Step {
    pub targets: usize,
    /// Ops of target `t`: `ops[offsets[t]..offsets[t + 1]]`.
    pub offsets: Vec<u32>,
    /// (old state, oriented kind).
    pub ops: Vec<(u32, u16)>,
}

/// What a frontier digit and a candidate are: `classes` frontier values,
/// `fit[a][b]`: class `a` may touch class `b`; each oriented kind's edge
/// classes (right, top, left, bottom).
pub(super) struct Cells<'a> {
    pub classes: usize,
    pub fit: &'a [Vec<bool>],
    pub oriented: &'a [[u8; 4]],
}

/// The programme of an `h x w` region, and the size of its last state space:
/// `classes^w` bottom digits, the left digit (0 at a row's end), and
/// `classes^h` right digits when `record`.
pub(super) fn region(cells: &Cells, h: usize, w: usize, record: bool) -> (Vec<Step>, usize) {
    let c = cells.classes;
    let pw = |e: usize| c.pow(e as u32);
    let mut size = 1usize;
    // States some board reaches: the others hold 0 and need no ops.
    let mut reach = vec![true];
    let mut steps = Vec::with_capacity(h * w);
    for i in 0..h {
        for j in 0..w {
            let rec_before = if record { i } else { 0 };
            let last = j + 1 == w;
            let rec_after = rec_before + usize::from(record && last);
            // Digits before: w columns, left, rec_before; after: the same with
            // the left digit 0 at a row's end (recorded or dropped).
            let targets = pw(w) * c * pw(rec_after);
            let mut triples: Vec<(u32, u32, u16)> = Vec::new();
            let mut reached = vec![false; targets];
            for s in (0..size).filter(|&s| reach[s]) {
                let top = (s / pw(j)) % c;
                let left = (s / pw(w)) % c;
                let rec = s / pw(w + 1);
                for (o, e) in cells.oriented.iter().enumerate() {
                    let [right, up, lft, bottom] = e.map(usize::from);
                    if i > 0 && !cells.fit[top][up] || j > 0 && !cells.fit[left][lft] {
                        continue;
                    }
                    let cols = s % pw(w) - top * pw(j) + bottom * pw(j);
                    let t = match (last, record) {
                        (false, _) => cols + pw(w) * right + pw(w + 1) * rec,
                        (true, false) => cols + pw(w + 1) * rec,
                        (true, true) => cols + pw(w + 1) * (rec + pw(rec_before) * right),
                    };
                    triples.push((t as u32, s as u32, o as u16));
                    reached[t] = true;
                }
            }
            reach = reached;
            triples.sort_unstable();
            let mut offsets = vec![0u32; targets + 1];
            for &(t, _, _) in &triples {
                offsets[t as usize + 1] += 1;
            }
            for t in 0..targets {
                offsets[t + 1] += offsets[t];
            }
            let ops = triples.into_iter().map(|(_, s, o)| (s, o)).collect();
            steps.push(Step {
                targets,
                offsets,
                ops,
            });
            size = targets;
        }
    }
    (steps, size)
}

/// Ops the programme of a region would have, at most, without building it:
/// each state of a step times the candidates fitting its two digits.
pub(super) fn region_ops(cells: &Cells, h: usize, w: usize, record: bool) -> u128 {
    let c = cells.classes as u128;
    let fitting = |top: Option<usize>, left: Option<usize>| -> u128 {
        let ok = |e: &[u8; 4]| {
            top.is_none_or(|t| cells.fit[t][usize::from(e[1])])
                && left.is_none_or(|l| cells.fit[l][usize::from(e[2])])
        };
        cells.oriented.iter().filter(|e| ok(e)).count() as u128
    };
    let classes: Vec<Option<usize>> = (0..cells.classes).map(Some).collect();
    let sum = |tops: &[Option<usize>], lefts: &[Option<usize>]| -> u128 {
        let mut s = 0;
        for &t in tops {
            for &l in lefts {
                s += fitting(t, l);
            }
        }
        s
    };
    let mut total: u128 = 0;
    for i in 0..h {
        for j in 0..w {
            let rec = if record { i } else { 0 };
            let tops: &[Option<usize>] = if i == 0 { &[None] } else { &classes };
            let lefts: &[Option<usize>] = if j == 0 { &[None] } else { &classes };
            // The other digits: w - 1 columns and the recorded rows.
            let others = c.saturating_pow((w - 1 + rec) as u32);
            total = total.saturating_add(others.saturating_mul(sum(tops, lefts)));
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_one_by_two_strip_sums_its_fitting_pairs() {
        // Two classes that fit themselves; kinds: [0,0,0,0] and [1,1,1,1].
        let fit = vec![vec![true, false], vec![false, true]];
        let oriented = [[0, 0, 0, 0], [1, 1, 1, 1], [1, 0, 0, 0]];
        let cells = Cells {
            classes: 2,
            fit: &fit,
            oriented: &oriented,
        };
        let (steps, size) = region(&cells, 1, 2, false);
        assert_eq!(size, 8);
        // Values after running with every weight 1: boards per bottom pair.
        let mut v = vec![1u64];
        for s in &steps {
            v = (0..s.targets)
                .map(|t| {
                    let ops = &s.ops[s.offsets[t] as usize..s.offsets[t + 1] as usize];
                    ops.iter().map(|&(src, _)| v[src as usize]).sum()
                })
                .collect();
        }
        // Left cell: any of 3; right cell's left edge must fit its right edge.
        // (0,0)+(0,0): bottoms 0,0; (1..)+(1..): 1,1; (1,0,0,0)+(0..)
        // and (1,0,0,0)+... : right 1 fits only kind 1 whose bottom is 1.
        assert_eq!(v.iter().sum::<u64>(), 1 + 2 + 1);
        let ops = region_ops(&cells, 1, 2, false);
        assert!(ops >= steps.iter().map(|s| s.ops.len() as u128).sum());
    }
}
