//! What one unit of the search shares with the others ([`Control`]), may
//! do ([`Quota`]) and hands back ([`Found`]), apart from the loop itself so
//! the loop reads on its own.

use crate::kind::stop::Cancel;
use crate::kind::tiles::model::{Board, Placement};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

/// Shared by every unit of one solve: the deadline, the run's cancel token,
/// and which units are no longer needed because earlier ones already hold
/// enough solutions.
pub(super) struct Control {
    pub deadline: Option<Instant>,
    /// Ctrl-C stops the units as a timeout does (checked with the clock,
    /// every 2^16 nodes): a long search must not keep the user waiting.
    pub cancel: Cancel,
    /// Boards all units may still keep between them (see [`Quota::keep`]):
    /// what units running at once hold stays bounded whatever the limits.
    pub keep_left: AtomicUsize,
    pub timed_out: AtomicBool,
    /// Units with a larger index may stop at once.
    pub needed_up_to: AtomicUsize,
}

impl Control {
    pub(super) fn should_stop(&self, unit: usize) -> Option<End> {
        if unit > self.needed_up_to.load(Ordering::Relaxed) {
            return Some(End::Cancelled);
        }
        if self.timed_out.load(Ordering::Relaxed) || self.cancel.is_cancelled() {
            return Some(End::Timeout);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out.store(true, Ordering::Relaxed);
            return Some(End::Timeout);
        }
        None
    }
}

/// How a unit's search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum End {
    Done,
    /// Found as many solutions as it was asked for; more may exist.
    Capped,
    Timeout,
    Cancelled,
    /// Its node allowance ([`Quota::nodes`]) is spent; more may lie beyond.
    NodeLimit,
}

/// What one unit may do before it stops.
#[derive(Clone, Copy, Debug)]
pub(super) struct Quota {
    /// Stop (as [`End::Capped`]) once this many solutions are found.
    pub want: usize,
    /// Keep at most this many boards; later solutions are only counted.
    pub keep: usize,
    /// Visit at most this many nodes below the first placement; the next one
    /// stops the unit (as [`End::NodeLimit`]).
    pub nodes: u64,
}

#[derive(Clone, Debug)]
pub(super) struct Found {
    /// The first solutions as row-major boards of kinds and orientations, in
    /// search order: all of them unless [`Quota::keep`] or
    /// [`Control::keep_left`] ran out.
    pub boards: Vec<Board>,
    /// Solutions found, kept or not.
    pub count: usize,
    /// Over the solutions found: the turns of the board divided by the
    /// number of different boards its turns give (see [`Orbits`]).
    pub orbits: u128,
    pub end: End,
    /// Placements that fitted, per depth (the backtracking post's "calls", shifted by one).
    pub nodes: Vec<u64>,
    /// Oriented candidates examined (the Java solver post's "tries"): the whole remaining
    /// set for a finished loop, up to the current one for a loop cut short.
    pub tries: Vec<u64>,
    /// Tries up to and including the unit's first solution.
    pub tries_to_first: Option<u64>,
}

/// What a unit needs to weigh each solution by how many different boards
/// turning it gives (looks of identical cards can be left unchanged by a
/// turn); `None` where every board is different from its turns.
pub(super) struct Orbits {
    pub rows: usize,
    pub cols: usize,
    pub orients: Vec<u8>,
}

impl Orbits {
    /// The board turns divided by the distinct boards among the turns of `b`.
    pub(super) fn weight(&self, b: &[Placement]) -> u128 {
        let turns: usize = if self.rows == self.cols { 4 } else { 2 };
        let same = (1..turns)
            .filter(|&q| {
                let q = q * (4 / turns);
                (0..b.len()).all(|dst| {
                    let (i, j) = (dst / self.cols, dst % self.cols);
                    let (r, c) = (self.rows, self.cols);
                    let src = match q {
                        1 => j * c + (c - 1 - i),
                        2 => (r - 1 - i) * c + (c - 1 - j),
                        _ => (r - 1 - j) * c + i,
                    };
                    let s = usize::from(self.orients[usize::from(b[src].tile)]);
                    b[dst].tile == b[src].tile
                        && usize::from(b[dst].turns) % s == (usize::from(b[src].turns) + q) % s
                })
            })
            .count();
        // The boards its turns leave unchanged form a subgroup of `1 + same`.
        1 + same as u128
    }
}
