//! A reading whose puzzle has a great many solutions.
//!
//! Classes cut too coarsely (the halves of two pictures taken for one)
//! give an easier puzzle than the true one: every solution of the true
//! puzzle still solves it, and a great many more do. The pairing check
//! cannot see this (the coarse puzzle solves at once) and neither can the
//! margin (a coarse cut leaves few pairings, so none is a close rival).
//! A puzzle made to be solved has few solutions, and a count that reaches
//! the count's cap is the one sign left: docs/infer-journal.md, "A reading with
//! a great many solutions", has the counts measured.

use super::decide::WRITE_AT;
use crate::kind::stop::StopReason;
use crate::kind::Count;

/// The confidence of a reading whose count reached the cap, measured on
/// the seen seeds of both benchmarks: 4 such readings, 2 right (the photo
/// squares 4x4 of unseen seed 1002, clean and after JPEG, a planted puzzle
/// of 1000 solutions or more: the only one among the benchmarks' 552
/// planted puzzles counted) and 2 wrong (line art 5x5 of seed 1019 after a
/// turn, two pictures read for five; emoji on a gradient, the 3x3 of
/// unseen seed 1005 at 128 pixels in 256 colours, made unsolvable, read
/// with three pictures for four); (right + 1) / (readings + 2).
pub(crate) const CONFIDENCE: f32 = 0.5;

/// Why a reading whose count `stopped` as it did, after `total` solutions,
/// is not written; `None` when its count stayed under the cap.
pub(crate) fn refusal(total: Count, stopped: Option<&StopReason>) -> Option<String> {
    matches!(stopped, Some(StopReason::MaxSolutions(_))).then(|| {
        format!(
            "the puzzle as read has at least {total} solutions, and a puzzle made to be solved has few: the halves of different pictures were probably taken for one (confidence {CONFIDENCE:.2}, at least {WRITE_AT} needed)"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_count_stopped_at_the_cap_refuses() {
        let why = refusal(1000, Some(&StopReason::MaxSolutions(1000)));
        assert!(why.is_some_and(|w| w.contains("at least 1000 solutions")));
        assert_eq!(refusal(48, None), None);
        // A count cut short by its budget says nothing about the puzzle.
        assert_eq!(refusal(12, Some(&StopReason::MaxNodes(20_000_000))), None);
    }
}
