//! Exhaustive search for every solution of a [`Puzzle`], and grouping of the
//! solutions into classes that differ only by turning the whole board.
//! Knows nothing of images or files.

mod classes;
mod search;

pub use classes::rotation_classes;
pub use search::Tables;

use crate::model::{Board, Puzzle};

/// When to give up on a search that could run for too long.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Keep at most this many solutions; finding one more stops the search and
    /// marks the result incomplete (so `complete == true` means the count is exact).
    pub max_solutions: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_solutions: 1000,
        }
    }
}

/// Why a search ended before it had seen the whole tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    MaxSolutions(usize),
}

/// Everything the search found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Solutions in search order: lexicographic by (tile, turns) of each cell,
    /// row-major, which is also the order of their indices in the output.
    pub solutions: Vec<Board>,
    /// Rotation class of each solution, numbered from 1 in order of first appearance.
    pub classes: Vec<u32>,
    pub unique: usize,
    /// `None` when the whole tree was searched and the count is exact.
    pub stopped: Option<StopReason>,
    /// Tiles placed (a placement that fits its neighbours), total and per depth.
    pub nodes: u64,
    pub nodes_per_depth: Vec<u64>,
}

impl Outcome {
    pub fn complete(&self) -> bool {
        self.stopped.is_none()
    }
}

/// Finds every solution (up to `limits`), checking each one independently of
/// the search before reporting it.
pub fn solve(puzzle: &Puzzle, limits: &Limits) -> Outcome {
    let tables = Tables::new(puzzle);
    let found = tables.search(limits);
    for board in &found.solutions {
        // A failure here is a solver bug, never a property of the input.
        if let Err(fault) = puzzle.check(board) {
            panic!("solver produced an invalid board ({fault}): {board:?}");
        }
    }
    let (classes, unique) = rotation_classes(puzzle, &found.solutions);
    Outcome {
        solutions: found.solutions,
        classes,
        unique,
        stopped: found.stopped,
        nodes: found.nodes_per_depth.iter().sum(),
        nodes_per_depth: found.nodes_per_depth,
    }
}

#[cfg(test)]
mod tests;
