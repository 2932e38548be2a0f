//! Why a search of either kind ended before it had seen the whole tree, and
//! the one machine-readable name each reason has in `solutions.json`,
//! `summary.json` and the manifests.

use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The run's one cancellation token: the pipeline makes it, hands clones to
/// every search through its limits, and the Ctrl-C handler trips it. A token
/// rather than a process-wide flag, so two runs in one process (`serve`'s
/// renders, tests) cannot stop each other's searches.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks every holder of a clone to stop; says whether it had been asked
    /// already, so a handler can quit at once on the second Ctrl-C.
    pub fn cancel(&self) -> bool {
        self.0.swap(true, Ordering::SeqCst)
    }

    /// Polled by the searches every few thousand nodes, and by the pipeline
    /// between puzzles and boards.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// A number of solutions. Identical cards multiply counts (The Ant Trails
/// Puzzle has about 10^34 solutions), so they are wider than a machine word.
pub type Count = u128;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// One more solution than the limit was found.
    MaxSolutions(Count),
    /// The time limit ended the search after this long.
    Timeout(Duration),
    /// Ctrl-C (or SIGTERM, SIGHUP) ended the search: not a limit, so nothing
    /// to raise, and the run discards the result.
    Interrupted,
    /// The node budget ran out: the search's `max_nodes`, or for the
    /// closest-board search its own.
    MaxNodes(u64),
}

/// A [`StopReason`] without its amount: what the files record and what
/// callers compare. Kept apart because a manifest read back holds only the
/// name, never the limit or the time that went with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StoppedBy {
    MaxSolutions,
    Timeout,
    MaxNodes,
    Interrupted,
}

impl StopReason {
    pub fn by(&self) -> StoppedBy {
        match self {
            StopReason::MaxSolutions(_) => StoppedBy::MaxSolutions,
            StopReason::Timeout(_) => StoppedBy::Timeout,
            StopReason::MaxNodes(_) => StoppedBy::MaxNodes,
            StopReason::Interrupted => StoppedBy::Interrupted,
        }
    }

    /// The name the JSON files carry.
    pub fn name(&self) -> &'static str {
        self.by().name()
    }
}

impl StoppedBy {
    /// The name the JSON files carry (as serde writes it), and the option
    /// that messages tell the user to raise.
    pub fn name(self) -> &'static str {
        match self {
            StoppedBy::MaxSolutions => "max-solutions",
            StoppedBy::Timeout => "timeout",
            StoppedBy::MaxNodes => "max-nodes",
            StoppedBy::Interrupted => "interrupted",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The files' bytes depend on serde writing exactly `name()`.
    #[test]
    fn serde_writes_and_reads_the_name() {
        for by in [
            StoppedBy::MaxSolutions,
            StoppedBy::Timeout,
            StoppedBy::MaxNodes,
            StoppedBy::Interrupted,
        ] {
            let json = serde_json::to_string(&by).expect("serialises");
            assert_eq!(json, format!("\"{}\"", by.name()));
            let back: StoppedBy = serde_json::from_str(&json).expect("parses");
            assert_eq!(back, by);
        }
    }

    #[test]
    fn a_clone_sees_the_cancel_and_others_do_not() {
        let run = Cancel::new();
        let search = run.clone();
        let other = Cancel::new();
        assert!(!search.is_cancelled());
        assert!(!run.cancel(), "the first cancel says it is the first");
        assert!(search.is_cancelled());
        assert!(run.cancel(), "the second cancel says it is not");
        assert!(!other.is_cancelled());
    }
}
