//! A second look at the halves' cut when the pictures reading at the cut
//! the ladder chose is refused: the finer cuts whose jump also stands out
//! a little are read in turn, and the first that solves at a confidence
//! `infer` writes is taken.
//!
//! Photo crops after damage (held-out seeds 110-117, docs/infer-journal.md, "Photo
//! crops after damage: a finer cut read when the chosen one is refused")
//! keep their prints apart (every print's copies nearer each other than any
//! other print's halves) but the jumps between them shrink: the two halves
//! of one crop, alike in tone, merge next, and that jump is larger than
//! the one between prints (3x3 s113 after JPEG: 8 prints at a jump of
//! 1.84, cut at 4 for 1.89; 3x3 s117 under uneven light: 8 at 1.84, cut at
//! 6 for 2.84), or no jump reaches [`super::classes::MIN_GAP`] (5x5 s111
//! from a crooked sheet: 12 at 1.37; 6x6 s116 turned: 14 at 1.46) and the
//! pictures reading gives up. A cut too coarse holds both halves of a
//! picture in one class, and its pairing is refused or solves nothing.
//!
//! The finer cut is trusted no more than a first one: its classes' sureness,
//! its margin and its support bound its confidence as usual, and it must
//! solve: a cut found on a second look is not let say "unsolvable". Its
//! pairing must also agree with the coarser cut's classes it splits
//! ([`coarse`]). A reading that stands is read again at the finer cuts
//! just under it only to look for a class of it read there as a whole
//! picture ([`second_opinion`]).

use super::art::{self, Reading};
use super::classes::{self, Classes};
use super::decide;
use super::pairing::NODE_BUDGET;

/// The least jump in merge distance of a finer cut read on a second look:
/// under [`classes::MIN_GAP`], which a first cut needs, since the second
/// look's reading must solve and pass as a first one would.
const LEAST_GAP: f32 = 1.3;
/// At most this many finer cuts are read.
const MOST: usize = 2;
/// The placements each finer cut's check may make: a cut into its prints
/// solves within a few thousand; a search that runs long is a cut's doing.
pub(super) const BUDGET: u64 = NODE_BUDGET / 4;

/// `first`, the pictures reading of the cut whose class of half `h` is
/// `coarse[h]` (`None` when no cut stood out), unless it is refused and a
/// finer cut read by `read` solves at a confidence that is written
/// ([`stands`]) and pairs its classes as a finer cut of those halves may
/// ([`coarse::against`]); or, failing that, an odd cut with one class split
/// in two ([`split`]) does so.
pub(super) fn or_finer(
    first: Result<Reading, String>,
    coarse: Option<&[usize]>,
    dist: &[Vec<f32>],
    read: impl Fn(Classes) -> Result<Reading, String>,
) -> Result<Reading, String> {
    if first
        .as_ref()
        .is_ok_and(|r| decide::confidence(r) >= decide::WRITE_AT)
    {
        return match (first, coarse) {
            (Ok(r), Some(of)) => Ok(second_opinion(r, of, dist, &read)),
            (first, _) => first,
        };
    }
    let debugging = std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some();
    let than = coarse.map(|of| of.iter().max().map_or(0, |&c| c + 1));
    let finer = classes::finer_cuts(dist, than, (art::FEWEST_CLASSES, LEAST_GAP, MOST));
    // Then an odd cut with a picture's two halves in one class, split:
    // its pairing must join the two parts.
    let split = std::iter::once_with(|| split::split_cuts(dist, art::FEWEST_CLASSES)).flatten();
    let cuts = finer
        .into_iter()
        .map(|c| (c, None))
        .chain(split.map(|(c, parts)| (c, Some(parts))));
    for (classes, parts) in cuts {
        let count = classes.members.len();
        let second = read(classes);
        let together = parts.is_none_or(|(x, y)| {
            second
                .as_ref()
                .is_ok_and(|r| r.pairs.iter().any(|&p| p == (x, y) || p == (y, x)))
        });
        let against = match (&second, coarse) {
            (Ok(r), Some(of)) => coarse::against(of, r, dist),
            _ => None,
        };
        if debugging {
            let what = match parts {
                Some(p) => format!("an odd cut split into {count} classes, the parts {p:?} paired together {together}"),
                None => format!("{count} classes"),
            };
            match &second {
                Ok(r) => eprintln!(
                    "DEBUG recut: {what} (gap {:.2}), solves {}, confidence {:.2} (margin {:.2}, support {:.2}, least sure class {:.2}), against the coarse cut {against:?}",
                    r.classes.gap,
                    r.solves,
                    decide::confidence(r),
                    r.rival - r.cost,
                    r.support,
                    r.classes.least_sure(),
                ),
                Err(why) => eprintln!("DEBUG recut: {what}: {why}"),
            }
        }
        if let Ok(r) = second {
            if stands(&r) && together && against.is_none() {
                return Ok(r);
            }
        }
    }
    first
}

/// `first`, a reading that stands, with its classes marked as two prints'
/// ([`Classes::two_prints`]) where a finer cut just under it
/// ([`NEAR`] more classes at most, a jump of [`LEAST_GAP`]) reads a class
/// of it as a whole picture: two parts that stand apart, paired in a
/// reading that solves at a confidence `infer` writes
/// ([`coarse::whole_pictures`]). The two readings then contradict each
/// other, and the first, which pairs that class with another, is
/// refused. Clip art `things` 3x3 of seed 1 after JPEG was written wrong
/// at 0.99 so: two drawings each whole in a class (cut at a jump of 1.92,
/// just over [`classes::CLEAR_GAP`]) paired as one picture.
fn second_opinion(
    mut first: Reading,
    coarse: &[usize],
    dist: &[Vec<f32>],
    read: &impl Fn(Classes) -> Result<Reading, String>,
) -> Reading {
    if first.classes.finer < LEAST_GAP {
        return first;
    }
    let than = first.classes.members.len();
    let cuts = classes::finer_cuts(
        dist,
        Some(than),
        (art::FEWEST_CLASSES, LEAST_GAP, usize::MAX),
    );
    let near = cuts.into_iter().filter(|c| c.members.len() <= than + NEAR);
    for classes in near.take(MOST) {
        let Ok(r) = read(classes) else {
            continue;
        };
        let whole = coarse::whole_pictures(coarse, &r, dist);
        if std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some() {
            eprintln!(
                "DEBUG recut: a written reading's finer cut, {} classes, solves {}, confidence {:.2}, classes read whole {whole:?}",
                r.classes.members.len(),
                r.solves,
                decide::confidence(&r)
            );
        }
        if stands(&r) && !whole.is_empty() {
            first.classes.two_prints.extend(&whole);
            first.classes.two_prints.sort_unstable();
            first.classes.two_prints.dedup();
            first.doubt.extend(whole);
            first.doubt.sort_unstable();
            first.doubt.dedup();
            break;
        }
    }
    first
}

/// How many classes more than a written reading's cut a finer cut read
/// for [`second_opinion`] may have: the cuts [`Classes::finer`] weighs.
const NEAR: usize = 4;

/// Whether a reading of a finer cut is taken: it solves, at a confidence
/// `infer` writes.
fn stands(r: &Reading) -> bool {
    r.solves && decide::confidence(r) >= decide::WRITE_AT
}

mod coarse;
mod split;
#[cfg(test)]
mod tests;
