//! A names reading of a puzzle that has no solution.
//!
//! A lost or misprinted card makes a puzzle unsolvable: its true pairing
//! then solves nothing, and the names reading, which hands pairings to the
//! solver best-fitting first, ends on one that solves although the names
//! clearly preferred another ([`decide::overruled`](super::decide::overruled)):
//! a guess, refused. But a solvable puzzle whose classes were cut wrong
//! (a name split in two, two names in one class) looks the same: its
//! best-fitting pairing solves nothing either. What tells them apart,
//! measured on unsolvable and solvable puzzles of all six styles
//! (docs/infer-journal.md, "Unsolvable puzzles read as they are"): with classes cut
//! wrong the names fit several pairings about as well (the best leads the
//! next by under 10 % of its score), with classes cut right the best leads
//! by 20 % or more; but four puzzles whose classes were cut wrong (one
//! of them solvable: names merged into one class) led by 30 % to 76 %,
//! and their cuts barely stood out (jumps of 1.52 to 1.63, against 2.9
//! and more for classes cut right). So the best-fitting pairing is
//! written as the puzzle is, without solutions, when the cut stands out
//! clearly ([`classes::CLEAR_GAP`]), it leads the next pairing by
//! [`LEAD`], no pairing that solves scores within [`SOLVING_BELOW`] of
//! it, every class is read sure, and every pair of it is joined by more
//! than being left over ([`merged::least_support`]: a class holding both
//! halves of a picture has no partner, and "no solution" is then the
//! cut's doing).

use super::classes::{self, merged, Classes};
use super::pairing::{self, Pairing};

/// How far ahead of the next pairing the best-fitting one must score (a
/// share of its score). Measured: classes cut wrong on a clear cut led
/// by at most 0.098, classes cut right by at least 0.198.
const LEAD: f32 = 0.15;
/// How far below the best-fitting pairing the first one that solves must
/// score: the names reading's sure margin, so that no solving pairing is
/// a near rival (measured, right readings: 0.32 and more).
const SOLVING_BELOW: f32 = pairing::SURE_MARGIN;
/// The least class confidence: a class the cut is unsure of may be two
/// names taken for one.
const CLASS_SURE: f32 = 0.5;

/// The confidence of such a reading: measured on the readings that pass
/// (docs/infer-journal.md, 53 of 53 right on unsolvable and solvable puzzles of
/// all six styles, the benchmark's seeds 1-10 and 58-64 and the corpus),
/// (right + 1) / (readings + 2) = 0.98, given as 0.97.
pub(crate) const CONFIDENCE: f32 = 0.97;

/// The names' preferred pairing written as the puzzle is, when `pairing`
/// was [`overruled`](super::decide::overruled) and the preferred one
/// stands on its own (see the module's doc); `None` otherwise.
pub(crate) fn as_read(side: usize, classes: &Classes, pairing: &Pairing) -> Option<Pairing> {
    let preferred = pairing.preferred.as_ref()?;
    let least = classes.least_sure();
    let stands = pairing.lead >= LEAD
        && pairing.below_best >= SOLVING_BELOW
        && classes.gap >= classes::CLEAR_GAP
        && least >= CLASS_SURE
        && !pairing.names_confused
        && !pairing.number_in_name
        && !pairing.names_silent
        && pairing.support >= merged::PARTNERED;
    if !stands {
        return None;
    }
    Some(Pairing {
        pairs: preferred.clone(),
        puzzle: pairing::puzzle(side, &classes.of, preferred),
        weak: false,
        tried: pairing.tried,
        margin: pairing.lead,
        // The closest other reading: the one that solves, a guess.
        rival: Some(pairing.pairs.clone()),
        below_best: 0.0,
        preferred: None,
        lead: pairing.lead,
        names_confused: false,
        number_in_name: false,
        names_silent: false,
        absent_one_side: false,
        support: pairing.support,
        no_solution: true,
        // Its check found nothing; the count searches afresh.
        searched: Default::default(),
    })
}

pub(crate) mod none;
#[cfg(test)]
mod tests;
