//! Why a search of either kind ended before it had seen the whole tree, and
//! the one machine-readable name each reason has in `solutions.json`,
//! `summary.json` and the manifests.

use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// One more solution than the limit was found.
    MaxSolutions(usize),
    /// The time limit (or Ctrl-C) ended the search after this long.
    Timeout(Duration),
    /// The node budget ran out: the search's `max_nodes`, or for the
    /// closest-board search its own.
    MaxNodes(u64),
}

impl StopReason {
    /// The name the JSON files carry, and `stopped_by` compares against.
    pub fn name(&self) -> &'static str {
        match self {
            StopReason::MaxSolutions(_) => "max-solutions",
            StopReason::Timeout(_) => "timeout",
            StopReason::MaxNodes(_) => "max-nodes",
        }
    }
}
