//! Exhaustive search for every solution of a [`Puzzle`], one rotation class
//! at a time, split into independent units that rayon spreads over its pool.
//! Knows nothing of images or files.

mod classes;
mod closest;
mod order;
mod parallel;
mod search;
mod symmetry;
mod tables;
pub(crate) mod trace;

pub use classes::{look_classes, rotation_classes};
pub use closest::{closest, Closest, CLOSEST_NODES};
pub use order::Order;

use crate::kind::tiles::model::{Board, Puzzle};
use std::time::{Duration, Instant};

/// How to search, and when to give up on a search that could run too long.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Count at most this many solutions; finding one more stops the search and
    /// marks the result incomplete (so `complete == true` means the count is exact).
    pub max_solutions: usize,
    /// Stop after about this many nodes (placements that fit), the same way
    /// on every machine and thread count, unlike `timeout`.
    pub max_nodes: u64,
    /// Stop after this long and report what was found as incomplete.
    pub timeout: Option<Duration>,
    /// Order of the plain search. With symmetry breaking it decides the order
    /// of the subtrees; inside them the cells are filled in a spiral round the
    /// chosen tile, except that a spiral from the centre of an odd board is
    /// kept as it is (see `symmetry`).
    pub order: Order,
    /// Search one member per rotation class and turn it (see [`Outcome`]);
    /// off, the plain search visits every member, for comparison and tests.
    pub symmetry: bool,
    /// The order in which a tile's turns are tried. It changes only which
    /// solution comes first and the `tries` statistics: the Java solver post's
    /// search turns pieces clockwise, and with `TurnOrder::Clockwise` the
    /// tries to its first solution are the 14411 it reports.
    pub turn_order: TurnOrder,
    /// Tripped (by Ctrl-C) to end the search early: the outcome then says
    /// [`StopReason::Interrupted`] and holds nothing worth keeping.
    pub cancel: Cancel,
}

/// See [`Limits::turn_order`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TurnOrder {
    /// Turns 0, 1, 2, 3 counter-clockwise.
    #[default]
    CounterClockwise,
    /// Turns 0, 1, 2, 3 clockwise, i.e. 0, 3, 2, 1 counter-clockwise.
    Clockwise,
}

impl TurnOrder {
    /// Counter-clockwise turns in the order they are tried.
    pub fn sequence(self) -> [u8; 4] {
        match self {
            TurnOrder::CounterClockwise => [0, 1, 2, 3],
            TurnOrder::Clockwise => [0, 3, 2, 1],
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_solutions: crate::defaults::MAX_SOLUTIONS,
            max_nodes: MAX_NODES,
            timeout: None,
            order: Order::RowMajor,
            symmetry: true,
            turn_order: TurnOrder::CounterClockwise,
            cancel: Cancel::default(),
        }
    }
}

/// The default node budget of a search: about 80 s at the 24 M nodes/s
/// measured on two shared cores (40 s on quiet ones), far above what any
/// bundled or corpus puzzle needs.
pub const MAX_NODES: u64 = 2_000_000_000;

pub use crate::kind::MAX_LISTED;

pub use crate::kind::stop::{Cancel, StopReason};

/// Everything the search found; [`Stats`] holds what only a tile search knows.
pub type Outcome = crate::kind::Outcome<Board, Stats>;

/// What a tile search knows beyond the solutions and their count.
#[derive(Clone, Debug)]
pub struct Stats {
    /// Rotation class of each listed solution, numbered from 1 in order of
    /// first appearance. With symmetry breaking the solutions come class by
    /// class, in the order the search meets the classes: each class is its
    /// representative (the member in which the chosen tile, or the centre
    /// tile, has turns 0) followed by that board turned 1, 2 and 3 quarter
    /// turns (on a rectangle: turned twice), so `--unique`, which shows a
    /// class's first member, shows the representative. The order is the same
    /// for any number of threads, and at most [`MAX_LISTED`] are listed.
    pub classes: Vec<u32>,
    pub unique: usize,
    /// Look class of each solution (see [`look_classes`]), and their number:
    /// the count of solutions as a person sees them.
    pub look_classes: Vec<u32>,
    /// Counted over the listed solutions only: a lower bound when not all
    /// are listed (see [`Outcome::listed_all`]); so is `unique` without
    /// symmetry breaking.
    pub looks: usize,
    /// Placements that fitted their neighbours per depth (their sum is the
    /// outcome's `nodes`); with `Order::Spiral` and symmetry breaking on an
    /// odd board, the backtracking post's "calls" list without its leading 1.
    pub nodes_per_depth: Vec<u64>,
    /// Oriented candidates examined (the Java solver post's "tries"), and how many of them
    /// came before the first solution was complete.
    pub tries: u64,
    pub tries_to_first: Option<u64>,
}

/// What the searches of a tile puzzle found: its solutions and, when a
/// whole search proved there are none, the boards closest to one.
#[derive(Clone, Debug)]
pub struct Found {
    pub outcome: Outcome,
    pub closest: Option<Closest>,
}

/// Finds every solution; only a whole search proves there is none, and then
/// the closest boards (with `closest_nodes`, their node budget) get what is
/// left of the time up to `deadline`, and are listed like solutions. The one
/// place that decides when to look for the closest boards: the job and
/// `solve` both come here. `limits.timeout` is replaced by the deadline.
pub fn solve_or_closest(
    puzzle: &Puzzle,
    limits: &Limits,
    deadline: Option<Instant>,
    closest_nodes: Option<u64>,
) -> Found {
    let left = || deadline.map(|d| d.saturating_duration_since(Instant::now()));
    let limits = Limits {
        timeout: left(),
        ..limits.clone()
    };
    let outcome = solve(puzzle, &limits);
    let closest = closest_nodes
        .filter(|_| outcome.total == 0 && outcome.complete())
        .map(|nodes| {
            let limits = Limits {
                max_solutions: limits.max_solutions.min(MAX_LISTED),
                timeout: left(),
                ..limits.clone()
            };
            closest(puzzle, &limits, nodes)
        });
    Found { outcome, closest }
}

/// Finds every solution (up to `limits`), checking each one independently of
/// the search before reporting it.
pub fn solve(puzzle: &Puzzle, limits: &Limits) -> Outcome {
    let start = Instant::now();
    let tables = tables::Tables::new(puzzle, limits.turn_order);
    let split = symmetry::split(puzzle, &tables, limits.order, limits.symmetry);
    let budget = parallel::Budget {
        max_members: limits.max_solutions,
        max_nodes: limits.max_nodes,
        listed: MAX_LISTED.min(limits.max_solutions),
        deadline: limits.timeout.map(|t| start + t),
        cancel: limits.cancel.clone(),
    };
    let listed = budget.listed;
    let merged = parallel::run_all(&tables, &split, budget);
    let cells = puzzle.cells();
    let mut nodes_per_depth = vec![0u64; cells];
    let mut solutions = Vec::new();
    let mut classes = Vec::new();
    let mut tries = 0;
    let mut tries_to_first = None;
    let mut reps = 0usize;
    let members = usize::from(split.members);
    for unit in &merged.units {
        for (d, n) in unit.nodes.iter().enumerate() {
            nodes_per_depth[d] += n;
        }
        if tries_to_first.is_none() {
            tries_to_first = unit.tries_to_first.map(|t| tries + t);
        }
        tries += unit.tries.iter().sum::<u64>();
        // Boards are listed while every solution before them was.
        let listing = solutions.len() == reps * members;
        for (k, board) in unit.boards.iter().enumerate() {
            if !listing || solutions.len() >= listed {
                break;
            }
            for q in 0..split.members {
                solutions.push(puzzle.turn_board(board, q * split.quarter_turns_step));
                classes.push((reps + k + 1) as u32);
            }
        }
        reps += unit.count;
    }
    for board in &solutions {
        // A failure here is a solver bug, never a property of the input.
        if let Err(fault) = puzzle.check(board) {
            panic!("solver produced an invalid board ({fault}): {board:?}");
        }
    }
    let mut total = reps.saturating_mul(members);
    // Ctrl-C stops the units as a timeout does: what they found is a lower
    // bound (`solve` prints it), but it is an interrupt, not a timeout.
    let stopped = if limits.cancel.is_cancelled() {
        Some(StopReason::Interrupted)
    } else if merged.capped {
        total = limits.max_solutions;
        Some(StopReason::MaxSolutions(limits.max_solutions))
    } else if merged.out_of_nodes {
        Some(StopReason::MaxNodes(limits.max_nodes))
    } else if merged.timed_out {
        Some(StopReason::Timeout(limits.timeout.unwrap_or_default()))
    } else {
        None
    };
    solutions.truncate(total.min(listed));
    classes.truncate(solutions.len());
    let (classes, unique) = if split.members == 1 {
        rotation_classes(puzzle, &solutions)
    } else {
        // The classes of the solutions the count keeps, listed or not.
        (classes, total.div_ceil(members))
    };
    let (look_classes, looks) = look_classes(puzzle, &solutions);
    Outcome {
        solutions,
        total,
        stopped,
        nodes: nodes_per_depth.iter().sum(),
        extra: Stats {
            classes,
            unique,
            look_classes,
            looks,
            nodes_per_depth,
            tries,
            tries_to_first,
        },
    }
}

#[cfg(test)]
mod budget_tests;
#[cfg(test)]
mod stats_tests;
#[cfg(test)]
mod tests;
