//! "Unsolvable" checked against the seams: a pictures reading whose
//! pairing solves nothing was chosen by all the cost terms, the colour
//! terms among them; the seam terms alone may prefer one that solves.

use super::super::candidates::best_pairings;
use super::super::classes::Classes;
use super::super::pairing;
use crate::kind::tiles::solve;

/// Most placements the check of the seams' own best pairing may spend
/// ([`seams_against`]): a few tenths of a second.
const SEAMS_CHECK_BUDGET: u64 = 10_000_000;
/// The seams' own best pairing overrules "unsolvable" only when its seams
/// cost at most this share of the chosen pairing's, where the two differ.
const SEAMS_AGAINST: f32 = 0.7;

/// The pairing the seam terms alone find best, when it solves and
/// continues the seams clearly better than `pairs`, a pairing that solves
/// nothing: then "unsolvable" rests on the colour terms, which take a
/// picture's two halves to share colours, and two crops of one photograph
/// or two flags of one outer colour may share more. Held-out photo 3x3
/// s109 (two crops of the coffee photograph) and colour-band flags 5x5
/// s1003 were written so, wrong, at 0.93-0.97 (docs/infer-journal.md,
/// "Unsolvable against the seams").
///
/// The seam terms are asked twice (`by`, [`PairCosts`](super::super::cost::PairCosts)):
/// with the outlines and by the strips alone. Held-out clip-art animals
/// 3x3 s33 (a hen and a lobster, Tux Paint's photographed stamps) was
/// written unsolvable at 0.99, 12 edges wrong: the hen's feathered rim
/// cost its true pair the outlines' cap, so the seam terms leaned with the
/// colours (lobster and hen both brown), while the strips preferred the
/// true pairing, which solves, at half the cost.
pub(super) fn seams_against(
    side: usize,
    classes: &Classes,
    by: [&[Vec<f32>]; 2],
    pairs: &[(usize, usize)],
    budget: u64,
) -> Option<Vec<(usize, usize)>> {
    let mut budget = budget.clamp(1, SEAMS_CHECK_BUDGET);
    let mut probed: Vec<Vec<(usize, usize)>> = Vec::new();
    for seams in by {
        let Some((_, other)) = best_pairings(seams, 0.0, 1).into_iter().next() else {
            continue;
        };
        let ratio = seams_ratio(seams, pairs, &other);
        // One pairing may be both terms' best, clearly better by one of
        // them only: it is probed once, when one finds it so.
        let ask = ratio < SEAMS_AGAINST && budget > 0 && !probed.contains(&other);
        let probe = ask.then(|| {
            solve::probe(
                &pairing::puzzle(side, &classes.of, &other),
                budget,
                solve::Searched::default(),
            )
        });
        if ask {
            probed.push(other.clone());
        }
        budget = budget.saturating_sub(probe.as_ref().map_or(0, |p| p.nodes));
        let solves = probe.as_ref().and_then(|p| p.solves);
        if std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some() {
            eprintln!("DEBUG unsolvable seams: seams' best / chosen {ratio:.3}, solves {solves:?}");
        }
        if solves == Some(true) {
            return Some(other);
        }
    }
    None
}

/// The seam terms alone (`seams`) of the pairs of `other` that `chosen`
/// does not hold, over those of `chosen`'s pairs that `other` does not
/// (1 when they are the same pairing).
pub(super) fn seams_ratio(
    seams: &[Vec<f32>],
    chosen: &[(usize, usize)],
    other: &[(usize, usize)],
) -> f32 {
    let key = |&(a, b): &(usize, usize)| (a.min(b), a.max(b));
    let only = |p: &[(usize, usize)], q: &[(usize, usize)]| -> f32 {
        let q: Vec<_> = q.iter().map(key).collect();
        p.iter()
            .map(key)
            .filter(|k| !q.contains(k))
            .map(|(a, b)| seams[a][b])
            .sum()
    };
    let mine = only(chosen, other);
    if mine > 0.0 {
        only(other, chosen) / mine
    } else {
        1.0
    }
}
