//! A names reading none of whose pairings solves.
//!
//! [`super::as_read`] writes the names' best-fitting pairing as the puzzle
//! is when a worse-fitting one solves (a guess). When no pairing of the
//! classes solves at all, `pairing::decide` ends with "no pairing of the
//! N classes gives a solvable puzzle", and an unsolvable puzzle cut right
//! and named clearly was refused where one with a solving guess was read:
//! the text 4x4 of seed 150 (unsolvable), 12 classes on a cut whose jump
//! is 5.5, its best-fitting pairing every pair consistent and 26 % ahead of
//! the next, every one of the 10395 pairings tried. Here that pairing is
//! handed to [`super::as_read`] as if a pairing that solves lay as far
//! below it as the pairings tried reach: every test of it stands (the cut,
//! the lead, the classes, the names), and none is loosened.

use crate::prepare::infer::markers::Differences;
use crate::prepare::infer::pairing::{self, Pairing};

/// The names' best-fitting pairing of classes `of` (pairing scores
/// `score`), none of whose pairings solves (`tried` of them handed to the
/// solver, best-fitting first), as an overruled reading for
/// [`super::as_read`]: its pairing (standing for the guess) the next-best
/// one, and "below the best" as far as the pairings tried reach (1 when
/// every one was tried). `None` with fewer than two pairings.
pub(crate) fn overruled(
    side: usize,
    of: &[usize],
    score: &[Vec<f32>],
    differences: Option<&Differences>,
    tried: usize,
) -> Option<Pairing> {
    let candidates = pairing::candidates(score, differences);
    let (best, _) = candidates.first()?;
    let (next, guess) = candidates.get(1)?;
    let gap = |s: f32| (best - s) / best.abs().max(1e-6);
    let below = candidates.get(tried).map_or(1.0, |(s, _)| gap(*s));
    let mut read = pairing::finish(
        side,
        of,
        guess,
        0.0,
        None,
        (tried, below, Some(candidates[0].1.clone())),
    );
    read.lead = gap(*next);
    Some(read)
}

#[cfg(test)]
mod tests {
    use super::overruled;

    /// Four classes: 0/1 and 2/3 alike, everything else less.
    fn score() -> Vec<Vec<f32>> {
        let mut s = vec![vec![0.1f32; 4]; 4];
        for (i, j) in [(0, 1), (2, 3)] {
            s[i][j] = 0.9;
            s[j][i] = 0.9;
        }
        s
    }

    #[test]
    fn every_pairing_tried_is_overruled_by_the_whole_score() {
        let of = vec![0, 1, 2, 3];
        let read = overruled(2, &of, &score(), None, 3).expect("a reading");
        assert_eq!(read.preferred, Some(vec![(0, 1), (2, 3)]));
        assert_eq!(read.below_best, 1.0);
        assert!((read.lead - 0.889).abs() < 1e-3, "{}", read.lead);
        assert!(crate::prepare::infer::decide::overruled(&read));
    }

    #[test]
    fn pairings_left_untried_bound_how_far_below_the_guess_lies() {
        let of = vec![0, 1, 2, 3];
        let read = overruled(2, &of, &score(), None, 1).expect("a reading");
        assert!((read.below_best - 0.889).abs() < 1e-3);
    }
}
