//! A count known to find nothing, not made.
//!
//! When the probe's budget runs out on a pairing, `infer` counts the
//! puzzle anyway, from the start in row-major order within its count
//! budget (2 x 10^7 placements), and refuses the reading when the count
//! finds nothing ("the solver neither solved ..."). But the probe's last
//! rounds already searched that order from its start further than the
//! count may (about 3.4 x 10^7 placements of 10^8), every unit it skipped
//! searched to its end by one order or the other: the count can only find
//! nothing and stop at its budget. On the slow 6x6s of the seen sets that
//! count was half a second of the 3.6-3.9 s (docs/infer-journal.md, "Speed,
//! 2026-11-28, branch `speed3`").

use super::{Limits, Searched};
use crate::kind::tiles::model::Puzzle;

impl Searched {
    /// Nothing noted, but the search of `puzzle` within `limits` (its order,
    /// no units taken) is known to hold no solution in its first `clear`
    /// placements.
    pub(super) fn clear_to(puzzle: &Puzzle, limits: &Limits, clear: u64) -> Searched {
        Searched {
            key: Some(Searched::key(puzzle, limits)),
            units: Vec::new(),
            free: false,
            clear,
        }
    }

    /// Whether a search of `puzzle` within `limits`, taking these units,
    /// is known to find no solution and to stop at its budget, unfinished:
    /// it searches from its start in the order that was searched clear
    /// (the same puzzle, order and turns), taking nothing, and its budget
    /// lies well within the placements known clear. A search that ended
    /// within those would have answered the probe. The margin is for the
    /// units' first placements, which the budgets count on top.
    pub fn known_fruitless(&self, puzzle: &Puzzle, limits: &Limits) -> bool {
        let reach = limits
            .max_nodes
            .saturating_add(limits.max_nodes / 4)
            .saturating_add(4 * puzzle.cells() as u64);
        self.units.is_empty()
            && self.clear >= reach
            && self.key.as_ref() == Some(&Searched::key(puzzle, limits))
    }
}
