//! Exact search for every Domino Fit solution.
//!
//! Cells are decided in row-major order, so when the scan reaches a cell
//! everything above and to its left is settled: a free, uncovered cell either
//! starts a one (down), starts a two (right) or, under [`Cover::Partial`],
//! stays empty. Rows are bitmasks, which keeps each step a few instructions.
//!
//! Pruning, all of it sound for both rules:
//! - no row or column may exceed its sum;
//! - a row shows at most one dot per uncovered free cell (a one gives 1 for 1
//!   cell, a two 2 for 2 cells), so the rest of the row must still be able to
//!   reach its sum, and ones started in this row may not cover so much of the
//!   next row that it can no longer reach its sum;
//! - under the full rule a row's sum is exactly its uncovered free cells, so
//!   the number of ones started in a row is fixed by the next row's sum;
//! - a column must still be able to reach its sum from the rows below;
//! - the columns' cells must still hold the dots they miss, each column tied
//!   to its left neighbour by the twos ending in it (see `cols_fit`). This
//!   is what makes the partial rule fast: without it a 12 x 12 board built
//!   tens of millions of row states that died only rows later.
//!
//! Between rows the future depends only on the next row's covered cells and
//! the column sums so far, so states whose subtree held no solution are
//! remembered and not searched again. Only dead states are skipped, so the
//! solutions and their order are the same as without the memo.

use super::{Cover, DominoPuzzle, DominoSolution, Kind, Placement};
use crate::kind::stop::{Cancel, StopReason};
use std::collections::HashSet;
use std::time::Instant;

mod bound;

/// Bounds the memo's memory (about 100 bytes an entry on a 64-wide board).
const MEMO_LIMIT: usize = 1 << 21;

/// The default node budget: about a minute at the rate of
/// `scripts/bench-domino`, whose boards need a thousandth of it (the rate
/// is in docs/performance.md).
pub const MAX_NODES: u64 = 500_000_000;

/// Everything the search found, with the cover rule it searched under. The
/// solutions are in search order: at the first cell where two differ, a one
/// comes before a two, which comes before an empty cell. At most
/// [`crate::kind::MAX_LISTED`] are listed.
pub type Outcome = crate::kind::Outcome<DominoSolution, Cover>;

/// Finds every solution under `cover`, counting at most `max_solutions`
/// (finding one more stops the search, so `complete()` means the count is
/// exact), within the default node budget [`MAX_NODES`]. Each solution is
/// checked independently before it is returned.
pub fn solve(
    p: &DominoPuzzle,
    cover: Cover,
    max_solutions: usize,
    deadline: Option<Instant>,
) -> Outcome {
    solve_within(
        p,
        cover,
        (max_solutions, MAX_NODES),
        deadline,
        &Cancel::default(),
    )
}

/// [`solve`] with a node budget: the search stops before its node number
/// `max_nodes + 1`, the same way on every machine; and with the run's
/// `cancel` token, which ends it as [`StopReason::Interrupted`].
pub fn solve_within(
    p: &DominoPuzzle,
    cover: Cover,
    (max_solutions, max_nodes): (usize, u64),
    deadline: Option<Instant>,
    cancel: &Cancel,
) -> Outcome {
    let mut s = Search::new(p, cover, max_solutions, deadline);
    s.max_nodes = max_nodes;
    s.cancel = cancel.clone();
    if s.row_can_start(0) {
        s.cell(0, 0);
    }
    for solution in &s.solutions {
        // A failure here is a solver bug, never a property of the input.
        if let Err(fault) = p.check(solution, cover) {
            panic!("domino solver produced an invalid solution ({fault}): {solution:?}");
        }
    }
    Outcome {
        solutions: s.solutions,
        total: s.total as crate::kind::Count,
        stopped: s.stopped,
        nodes: s.nodes,
        extra: cover,
    }
}

fn from(x: usize) -> u64 {
    if x >= 64 {
        0
    } else {
        !0u64 << x
    }
}

fn count(mask: u64) -> u32 {
    mask.count_ones()
}

struct Search<'a> {
    width: usize,
    height: usize,
    partial: bool,
    top: &'a [u32],
    side: &'a [u32],
    /// Free (not black) cells per row, with an empty row after the last.
    free: Vec<u64>,
    /// Covered cells per row, with an extra row like `free`.
    occ: Vec<u64>,
    col: Vec<u32>,
    row: Vec<u32>,
    /// `col_cap[h * width + w]`: most dots column `w` can get from rows `h..`.
    col_cap: Vec<u32>,
    placed: Vec<Placement>,
    solutions: Vec<DominoSolution>,
    total: usize,
    max_solutions: usize,
    max_nodes: u64,
    deadline: Option<Instant>,
    cancel: Cancel,
    /// When the search began, for the length a timeout reports.
    started: Instant,
    nodes: u64,
    stopped: Option<StopReason>,
    /// Row-boundary states known to have no completion.
    dead: HashSet<Box<[u8]>>,
    key: Vec<u8>,
    /// Free cells per column not yet covered or left empty.
    left: Vec<i32>,
}

impl<'a> Search<'a> {
    fn new(
        p: &'a DominoPuzzle,
        cover: Cover,
        max_solutions: usize,
        deadline: Option<Instant>,
    ) -> Self {
        let (width, height) = (p.width(), p.height());
        let mut free = vec![0u64; height + 1];
        for (h, bits) in free.iter_mut().enumerate().take(height) {
            *bits = (0..width)
                .filter(|&w| !p.is_black(w, h))
                .fold(0, |m, w| m | 1 << w);
        }
        let is_free = |w: usize, h: usize| free[h] >> w & 1 == 1;
        let mut col_cap = vec![0u32; (height + 1) * width];
        for h in (0..height).rev() {
            for w in 0..width {
                let most = if !is_free(w, h) {
                    0
                } else if w > 0 && is_free(w - 1, h) {
                    2
                } else {
                    u32::from(is_free(w, h + 1))
                };
                col_cap[h * width + w] = col_cap[(h + 1) * width + w] + most;
            }
        }
        Search {
            width,
            height,
            partial: cover == Cover::Partial,
            top: p.top(),
            side: p.side(),
            free,
            occ: vec![0; height + 1],
            col: vec![0; width],
            row: vec![0; height],
            col_cap,
            placed: Vec::new(),
            solutions: Vec::new(),
            total: 0,
            max_solutions,
            max_nodes: MAX_NODES,
            deadline,
            cancel: Cancel::default(),
            started: Instant::now(),
            nodes: 0,
            stopped: None,
            dead: HashSet::new(),
            key: Vec::new(),
            left: (0..width)
                .map(|w| (0..height).filter(|&h| !p.is_black(w, h)).count() as i32)
                .collect(),
        }
    }

    fn uncovered(&self, h: usize) -> u64 {
        self.free[h] & !self.occ[h]
    }

    /// Can row `h`, with what the row above left covered, still reach its sum?
    fn row_can_start(&self, h: usize) -> bool {
        let room = count(self.uncovered(h));
        room >= self.side[h] && (self.partial || room == self.side[h])
    }

    /// Can column `w` still reach its sum from rows `h..`?
    fn col_reachable(&self, w: usize, h: usize) -> bool {
        self.col[w] + self.col_cap[h * self.width + w] >= self.top[w]
    }

    fn cell(&mut self, y: usize, x: usize) {
        if self.stopped.is_some() {
            return;
        }
        let avail = self.uncovered(y) & from(x);
        if avail == 0 {
            return self.end_row(y);
        }
        let x = avail.trailing_zeros() as usize;
        if self.row[y] + self.row_most(y, avail) < self.side[y] || !self.cols_fit() {
            return;
        }
        let below = self.uncovered(y + 1);
        let last = y + 1 == self.height;
        // Under the full rule, ones still possible in this row must be enough
        // to bring the next row's room down to its sum.
        if !self.partial && !last && count(below) - count(avail & below) > self.side[y + 1] {
            return;
        }
        if self.nodes == self.max_nodes {
            self.stopped = Some(StopReason::MaxNodes(self.max_nodes));
            return;
        }
        self.nodes += 1;
        if self.nodes & 0xfff == 1 {
            if self.cancel.is_cancelled() {
                self.stopped = Some(StopReason::Interrupted);
                return;
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.stopped = Some(StopReason::Timeout(self.started.elapsed()));
                return;
            }
        }
        let bit = 1u64 << x;
        if below & bit != 0
            && self.col[x] < self.top[x]
            && self.row[y] < self.side[y]
            && count(below) > self.side[y + 1]
        {
            self.place(Kind::One, x, y);
            self.cell(y, x + 1);
            self.unplace(Kind::One, x, y);
        }
        if avail & (bit << 1) != 0
            && self.col[x + 1] + 2 <= self.top[x + 1]
            && self.row[y] + 2 <= self.side[y]
            && self.col_reachable(x, y + 1)
        {
            self.place(Kind::Two, x, y);
            self.cell(y, x + 2);
            self.unplace(Kind::Two, x, y);
        }
        if self.partial && self.col_reachable(x, y + 1) {
            self.left[x] -= 1;
            self.cell(y, x + 1);
            self.left[x] += 1;
        }
    }

    fn place(&mut self, kind: Kind, x: usize, y: usize) {
        let d = Placement::new(kind, x, y);
        let (dw, dh) = d.dot_cell();
        for (w, h) in d.cells() {
            self.occ[h] |= 1 << w;
            self.left[w] -= 1;
        }
        self.col[dw] += kind.dots();
        self.row[dh] += kind.dots();
        self.placed.push(d);
    }

    fn unplace(&mut self, kind: Kind, x: usize, y: usize) {
        let d = Placement::new(kind, x, y);
        let (dw, dh) = d.dot_cell();
        for (w, h) in d.cells() {
            self.occ[h] &= !(1 << w);
            self.left[w] += 1;
        }
        self.col[dw] -= kind.dots();
        self.row[dh] -= kind.dots();
        self.placed.pop();
    }

    fn end_row(&mut self, y: usize) {
        if self.row[y] != self.side[y] || !(0..self.width).all(|w| self.col_reachable(w, y + 1)) {
            return;
        }
        if y + 1 < self.height {
            if self.row_can_start(y + 1) {
                self.next_row(y + 1);
            }
            return;
        }
        if self.total == self.max_solutions {
            self.stopped = Some(StopReason::MaxSolutions(
                self.max_solutions as crate::kind::Count,
            ));
            return;
        }
        self.total += 1;
        if self.solutions.len() < crate::kind::MAX_LISTED {
            self.solutions.push(DominoSolution {
                dominoes: self.placed.clone(),
            });
        }
    }

    /// Starts row `y` unless the same state was already found dead.
    fn next_row(&mut self, y: usize) {
        self.key.clear();
        self.key.push(y as u8);
        self.key.extend_from_slice(&self.occ[y].to_le_bytes());
        // Sums fit a byte: at most 2 dots per cell on a 64-cell column.
        self.key.extend(self.col.iter().map(|&c| c as u8));
        if self.dead.contains(self.key.as_slice()) || !self.sums_can_meet(y) {
            return;
        }
        let key: Box<[u8]> = self.key.as_slice().into();
        let before = self.total;
        self.cell(y, 0);
        if self.total == before && self.stopped.is_none() && self.dead.len() < MEMO_LIMIT {
            self.dead.insert(key);
        }
    }
}
