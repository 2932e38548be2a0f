//! The classes of a reading that solves nothing, confirmed by their seams.
//!
//! In a reading that solves, the solver backs the cut: classes cut wrong
//! rarely make a puzzle that solves. A reading whose pairing was proved to
//! solve nothing has no solver behind it: "no solution" may be the
//! puzzle's (a card misprinted: the bench flips one half of a tile) or the
//! cut's (a picture's copies split between two classes, or a copy in a
//! stranger's class). So its classes were never confirmed by the seams, and
//! a right reading of an unsolvable puzzle was held by a class its looks
//! left unsure (critters 3x3 of unseen seed 1045, clip art `things` 3x3 of
//! seed 25, photo crops 4x4 of seed 130 after a turn: docs/infer-journal.md,
//! "Unsolvable puzzles: classes the seams confirm without a solution").
//!
//! Here the seams confirm such a reading's classes more strictly than one
//! that solves ([`super::confirmed`] with no pair astray), and two checks
//! stand in for the solver:
//! * every pair's two classes stand clearly apart in looks ([`APART`]): a
//!   picture whose two halves look alike, its copies split into two mixed
//!   classes and paired with each other, continues across the seam as well
//!   as its true halves do, and no solver then says the split is wrong;
//! * the puzzle as read is one card off a solvable one: its closest boards
//!   ([`solve::closest`]) leave exactly one inner edge unmatched, as a
//!   puzzle with one misprinted card does. A wrong pairing or a wrong cut
//!   usually leaves more (the wrong readings measured left 2 to 16).

use super::super::classes::Classes;
use super::super::pairing;
use crate::kind::tiles::solve::{self, Limits};

/// How far apart in looks a pair's two classes must stand: the nearest
/// distance between a member of one and a member of the other, over the
/// wider class's spread. Measured in docs/infer-journal.md, "Unsolvable
/// puzzles: classes the seams confirm without a solution".
pub(crate) const APART: f32 = 1.5;

/// The most placements the closest boards are searched with: the search
/// proves the puzzle unsolvable again before it allows a mismatch.
const CLOSEST_BUDGET: u64 = 20_000_000;

/// The classes' confidences of a reading whose pairing `pairs` was proved
/// to solve nothing, as the seams confirm them (see the module), or `None`.
/// `sure`: the confidences the seams give the classes with no pair astray
/// ([`super::confirmed`]); `dist`: the halves' look distances; `side`: the
/// board's; `budget`: the placements left to the reading.
pub(crate) fn confirmed(
    sure: Option<Vec<f32>>,
    classes: &Classes,
    (dist, pairs): (&[Vec<f32>], &[(usize, usize)]),
    (side, budget): (usize, u64),
) -> Option<Vec<f32>> {
    let debug = std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some();
    let apart = apart(dist, classes, pairs);
    if !debug && (sure.is_none() || apart < APART) {
        return None;
    }
    let missed = missed(side, (&classes.of, pairs), budget.min(CLOSEST_BUDGET));
    if debug {
        eprintln!(
            "DEBUG unsolved: seams confirm {} least {:.3} -> {:.3}, apart {apart:.3}, closest misses {missed:?}",
            sure.is_some(),
            classes.least_sure(),
            sure.as_ref()
                .map_or(f32::NAN, |s| s.iter().copied().fold(1.0f32, f32::min)),
        );
    }
    sure.filter(|_| apart >= APART && missed == Some(1))
}

/// Over the pairs, the least of: the nearest distance between a member of
/// one class and a member of its partner, over the wider class's spread
/// (the widest distance between two of its members).
fn apart(dist: &[Vec<f32>], classes: &Classes, pairs: &[(usize, usize)]) -> f32 {
    let width = |m: &[usize]| {
        m.iter()
            .flat_map(|&a| m.iter().map(move |&b| dist[a][b]))
            .fold(0.0f32, f32::max)
    };
    pairs
        .iter()
        .filter_map(|&(p, q)| Some((classes.members.get(p)?, classes.members.get(q)?)))
        .map(|(a, b)| {
            let near = a
                .iter()
                .flat_map(|&x| b.iter().map(move |&y| dist[x][y]))
                .fold(f32::INFINITY, f32::min);
            near / width(a).max(width(b)).max(1e-6)
        })
        .fold(f32::INFINITY, f32::min)
}

/// How many inner edges the closest boards of the puzzle `pairs` makes of
/// classes `of` leave unmatched, or `None` when the search ran out of its
/// `max_nodes` placements before it found one.
fn missed(
    side: usize,
    (of, pairs): (&[usize], &[(usize, usize)]),
    max_nodes: u64,
) -> Option<usize> {
    let puzzle = pairing::puzzle(side, of, pairs);
    // One board is enough: the first round that finds any proves its
    // score the best (the rounds allow one more mismatch each).
    let limits = Limits {
        max_solutions: 1,
        ..Limits::default()
    };
    let found = solve::closest(&puzzle, &limits, max_nodes);
    let proved = found.matched_edges == found.matched_at_most;
    proved.then(|| found.inner_edges - found.matched_edges)
}

#[cfg(test)]
mod tests;
