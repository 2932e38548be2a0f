//! Exhaustive search for every solution of a [`Puzzle`], one rotation class
//! at a time, split into independent units that rayon spreads over its pool.
//! Knows nothing of images or files.

mod assemble;
mod check;
mod classes;
mod closest;
pub(crate) mod count;
mod counting;
mod expand;
mod fruitless;
mod kinds;
mod order;
mod parallel;
mod probe;
mod search;
mod shared;
mod surplus;
mod symmetry;
mod tables;
pub(crate) mod trace;
mod unit;

pub use classes::{look_classes, rotation_classes};
pub use closest::{closest, Closest, CLOSEST_NODES};
pub use counting::{Counted, COUNT_AFTER};
pub use order::Order;
pub use probe::{probe, Probe};

use crate::kind::tiles::model::{Board, Puzzle};
use std::time::{Duration, Instant};

/// How to search, and when to give up on a search that could run too long.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Count at most this many solutions; finding one more stops the search and
    /// marks the result incomplete (so `complete == true` means the count is exact).
    pub max_solutions: Count,
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
    /// With symmetry breaking, search kinds of cards (identical cards as
    /// one) rather than cards; off, the cards, for comparison and tests.
    pub kinds: bool,
    /// Kind-level solutions after which the search stops listing and the
    /// counting mode finishes the count, where it can (see `counting`);
    /// `None`: the search lists on.
    pub count_after: Option<usize>,
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
            kinds: true,
            count_after: Some(COUNT_AFTER),
            turn_order: TurnOrder::CounterClockwise,
            cancel: Cancel::default(),
        }
    }
}

/// The default node budget of a search: far above what any bundled or
/// corpus puzzle needs, and what bounds the time of a runaway search that
/// has no timeout (its time at the measured node rate: docs/performance.md).
pub const MAX_NODES: u64 = 2_000_000_000;

use crate::kind::MAX_LISTED;

pub use crate::kind::stop::{Cancel, Count, StopReason};

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
    pub unique: Count,
    /// Look class of each solution (see [`look_classes`]), and their number:
    /// the count of solutions as a person sees them.
    pub look_classes: Vec<u32>,
    /// Counted over the listed solutions only: a lower bound when not all
    /// are listed (see [`Outcome::listed_all`]); so is `unique` without
    /// symmetry breaking.
    pub looks: Count,
    /// Placements that fitted their neighbours per depth (their sum is the
    /// outcome's `nodes`); with `Order::Spiral` and symmetry breaking on an
    /// odd board, the backtracking post's "calls" list without its leading 1.
    pub nodes_per_depth: Vec<u64>,
    /// Oriented candidates examined (the Java solver post's "tries"), and how many of them
    /// came before the first solution was complete.
    pub tries: u64,
    pub tries_to_first: Option<u64>,
    /// When the counting mode finished the count (see `counting`).
    pub counted: Option<Counted>,
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
                max_solutions: limits.max_solutions.min(MAX_LISTED as Count),
                timeout: left(),
                ..limits.clone()
            };
            closest(puzzle, &limits, nodes)
        });
    Found { outcome, closest }
}

/// Finds every solution (up to `limits`), checking each one independently of
/// the search before reporting it. With symmetry breaking the search places
/// kinds of cards (identical cards are one kind) and multiplies the counts
/// back out; without, it tells every card and turn apart.
pub fn solve(puzzle: &Puzzle, limits: &Limits) -> Outcome {
    search_all(puzzle, limits, None)
}

/// What one search of a puzzle learnt that a later search of the same
/// puzzle can take instead of searching again: the units it went through
/// to the end without finding a solution, with their statistics. `infer`
/// checks that a pairing solves (one solution wanted) and then counts the
/// solutions of the same puzzle; the units before the first solution were
/// all searched by the check. Taken only for the same puzzle and the same
/// order of search, the later search's outcome is the one it would have
/// had on its own, its node count included, so its budget stops it at the
/// same place.
#[derive(Clone, Debug, Default)]
pub struct Searched {
    key: Option<(Puzzle, Order, bool, bool, TurnOrder)>,
    units: Vec<Option<unit::Found>>,
    /// Whether a search taking the units counts them as placements made
    /// (against its budget and in its outcome): `false`, the outcome is the
    /// one it would have had on its own. The probe takes them free, as it
    /// takes units the other order searched, which may lie anywhere in its
    /// own order (see `shared`).
    free: bool,
    /// Placements from the start of the search in the key's order, no
    /// units taken, known to hold no solution (see `fruitless`).
    clear: u64,
}

impl Searched {
    fn key(puzzle: &Puzzle, limits: &Limits) -> (Puzzle, Order, bool, bool, TurnOrder) {
        (
            puzzle.clone(),
            limits.order,
            limits.symmetry,
            limits.kinds,
            limits.turn_order,
        )
    }

    /// The order of the search it noted, if any.
    pub fn order(&self) -> Option<Order> {
        self.key.as_ref().map(|k| k.1)
    }

    /// Placements of the units it holds: what a search taking them counts
    /// without making them.
    pub fn nodes(&self) -> u64 {
        self.units
            .iter()
            .flatten()
            .map(|f| f.nodes.iter().sum::<u64>())
            .sum()
    }

    /// Units known searched (for the tests).
    #[cfg(test)]
    pub(crate) fn units(&self) -> usize {
        self.units.iter().flatten().count()
    }
}

/// [`solve`], taking the units `searched` holds for this puzzle from it
/// and noting in it the units this search went through without a solution
/// (see [`Searched`]).
pub fn solve_noting(puzzle: &Puzzle, limits: &Limits, searched: &mut Searched) -> Outcome {
    let key = Searched::key(puzzle, limits);
    if searched.key.as_ref() != Some(&key) {
        *searched = Searched {
            key: Some(key),
            units: Vec::new(),
            free: searched.free,
            clear: 0,
        };
    }
    search_all(puzzle, limits, Some(searched))
}

fn search_all(puzzle: &Puzzle, limits: &Limits, searched: Option<&mut Searched>) -> Outcome {
    let start = Instant::now();
    let kinds = if limits.symmetry && limits.kinds {
        kinds::Kinds::new(puzzle)
    } else {
        kinds::Kinds::cards(puzzle)
    };
    let tables = tables::Tables::of(puzzle, &kinds, limits.turn_order);
    let split = symmetry::split(puzzle, (&tables, &kinds), limits.order, limits.symmetry);
    let orbits = (!kinds.all_distinct()).then(|| unit::Orbits {
        rows: puzzle.rows,
        cols: puzzle.cols,
        orients: kinds.orients.clone(),
    });
    let counting = counting::possible(puzzle, &kinds, limits);
    let deadline = limits.timeout.map(|t| start + t);
    let budget = parallel::Budget {
        max_members: limits.max_solutions,
        max_looks: counting
            .as_ref()
            .and(limits.count_after)
            .unwrap_or(usize::MAX),
        max_nodes: limits.max_nodes,
        listed: usize::try_from(limits.max_solutions).map_or(MAX_LISTED, |m| m.min(MAX_LISTED)),
        deadline,
        cancel: limits.cancel.clone(),
    };
    let listed = budget.listed;
    let known = searched.as_ref().map_or(&[][..], |s| &s.units[..]);
    let free = searched.as_ref().is_some_and(|s| s.free);
    let merged = parallel::run_all(
        (&tables, &kinds, orbits.as_ref()),
        &split,
        budget,
        (known, free),
    );
    if let Some(searched) = searched {
        let noted = parallel::known(&merged, split.units.len());
        if searched.units.len() != noted.len() {
            searched.units = vec![None; noted.len()];
        }
        // A unit taken free was noted already, with its placements.
        for (slot, n) in searched.units.iter_mut().zip(noted) {
            if slot.is_none() {
                *slot = n;
            }
        }
    }
    let cx = assemble::Context {
        puzzle,
        kinds: &kinds,
        split: &split,
        turns: tables.turns,
        listed,
    };
    let mut outcome = assemble::assemble(&cx, &merged, limits);
    if let (true, Some(setup)) = (merged.many, counting) {
        counting::finish(
            &mut outcome,
            (setup, &kinds, split.members),
            limits,
            deadline,
        );
    }
    outcome
}

#[cfg(test)]
mod budget_tests;
#[cfg(test)]
mod exact;
#[cfg(test)]
mod fruitless_tests;
#[cfg(test)]
mod kinds_tests;
#[cfg(test)]
mod probe_tests;
#[cfg(test)]
mod searched_tests;
#[cfg(test)]
mod stats_tests;
#[cfg(test)]
mod tests;
