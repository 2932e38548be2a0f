//! A reading whose pairing the solver neither solved nor proved unsolvable.
//!
//! The pictures reading takes the cheapest pairing that solves, or reads
//! the puzzle as unsolvable when the pairing the pictures prefer is proved
//! to solve nothing. When the solver's budget runs out on that pairing
//! before either (a 6x6 of few, large classes), the choice stands on the
//! seams' margin alone, with no solver behind it either way; the count
//! after it finds nothing either. No such reading was written on the 385
//! seen cases whose rows were collected (docs/infer-journal.md, "A reading
//! with a great many solutions"); the first, Open Clip Art's 6x6 of seed
//! 8 (scripts/clipart-styles.py), was written wrong at 0.91: six classes
//! read right, paired wrong; two more on the held-out seeds were right
//! ("A pairing neither solved nor proved unsolvable").

use super::decide::WRITE_AT;
use crate::kind::Count;

/// The confidence of a reading left unchecked, measured on the fresh sets
/// of 2026-11-27 (docs/infer-journal.md, "A pairing neither solved nor
/// proved unsolvable"): three such readings, two right (symbols 6x6 of
/// held-out seed 124, clean and under uneven light) and one wrong;
/// (right + 1) / (readings + 2).
pub(crate) const CONFIDENCE: f32 = 0.6;

/// Why a reading whose count found `total` solutions, `complete` or cut
/// short by its budget, is not written; `None` when the count found a
/// solution or searched the whole puzzle.
pub(crate) fn refusal(total: Count, complete: bool) -> Option<String> {
    (total == 0 && !complete).then(|| {
        format!(
            "the solver neither solved the puzzle as read nor proved it unsolvable within infer's budget, so nothing checks the pairing the seams chose (confidence {CONFIDENCE:.2}, at least {WRITE_AT} needed)"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_count_that_found_nothing_and_stopped_short_refuses() {
        assert!(refusal(0, false).is_some_and(|w| w.contains("neither solved")));
        // Proved unsolvable: the reading of an unsolvable puzzle stands.
        assert_eq!(refusal(0, true), None);
        // A solution found, the count cut short: "at least", written.
        assert_eq!(refusal(3, false), None);
        assert_eq!(refusal(8, true), None);
    }
}
