//! The counting mode: when the search over kinds finds many solutions, it
//! stops listing them and `count` gives the exact total instead.
//!
//! The count follows `--max-solutions` as the search does: beyond it the
//! total is that limit and marked a lower bound. Within it the total is
//! exact, and so are the unique solutions (a whole-board turn never leaves
//! a board of told-apart cards unchanged) and, where the boards a turn
//! leaves unchanged could be counted, the distinct looks; `solutions` lists
//! what the search found before it stopped.

use super::count::{self, Setup};
use super::kinds::Kinds;
use super::{Count, Limits, Outcome, StopReason};
use std::time::Instant;

/// What the counting mode did, for `solutions.json`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    /// Kind-level boards (looks), each turn of the board apart.
    pub looks: Count,
    /// Whether `Stats::looks` is exact (else counted among the listed only).
    pub distinct_looks_exact: bool,
    /// Its work in nodes (one per 64 multiply-adds), not in `Outcome::nodes`.
    pub work: u64,
}

/// Kind-level solutions after which a search that counting can finish
/// stops listing and counts, by default: enough to list `MAX_LISTED`.
pub const COUNT_AFTER: usize = super::MAX_LISTED;

/// Whether the counting mode may finish `puzzle`'s count: the search is
/// over kinds and its least work fits the node budget.
pub(super) fn possible(
    puzzle: &crate::kind::tiles::model::Puzzle,
    kinds: &Kinds,
    limits: &Limits,
) -> Option<Setup> {
    if limits.count_after.is_none() || !limits.symmetry || kinds.all_distinct() {
        return None;
    }
    count::setup(puzzle, kinds).filter(|s| s.least_work() <= limits.max_nodes)
}

/// Replaces the counts of `outcome`, whose search stopped after
/// [`COUNT_AFTER`] kind-level solutions, by the exact ones.
pub(super) fn finish(
    outcome: &mut Outcome,
    (setup, kinds, members): (Setup, &Kinds, u8),
    limits: &Limits,
    deadline: Option<Instant>,
) {
    let plan = setup.build().filter(|p| p.work <= limits.max_nodes);
    let Some(plan) = plan else {
        // The count could be too large, or the work beyond the budget.
        outcome.stopped = Some(StopReason::MaxNodes(limits.max_nodes));
        return;
    };
    let cancel = &limits.cancel;
    let stop = || cancel.is_cancelled() || deadline.is_some_and(|d| Instant::now() >= d);
    let Some(c) = plan.run(&stop) else {
        outcome.stopped = Some(if cancel.is_cancelled() {
            StopReason::Interrupted
        } else {
            StopReason::Timeout(limits.timeout.unwrap_or_default())
        });
        return;
    };
    let total = kinds
        .boards_per_look(None)
        .and_then(|m| c.looks.checked_mul(m));
    let stats = &mut outcome.extra;
    stats.counted = Some(Counted {
        looks: c.looks,
        distinct_looks_exact: c.distinct.is_some(),
        work: plan.work,
    });
    match total.filter(|&t| t <= limits.max_solutions) {
        Some(t) => {
            outcome.total = t;
            outcome.stopped = None;
            stats.unique = t / Count::from(members);
            if let Some(d) = c.distinct {
                stats.looks = d;
            }
        }
        None => {
            outcome.total = limits.max_solutions;
            outcome.stopped = Some(StopReason::MaxSolutions(limits.max_solutions));
            stats.unique = limits.max_solutions.div_ceil(Count::from(members));
        }
    }
}
