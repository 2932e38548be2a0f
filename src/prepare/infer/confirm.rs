//! A class confirmed by its partner's seams: how sure the pictures reading
//! may be that a class holds one print, measured across the seam rather
//! than by the class's looks.
//!
//! A class's look confidence ([`Classes::confidence`]) is 1 − its widest
//! spread over its nearest stranger; a photo crop's nearest stranger is its
//! own other half or another crop of one photograph, so right classes of
//! photo crops score 0.44 to 0.80 and bound readings whose pairing is
//! clear. The seams say more: under the true pairing every member of a
//! class continues every member of its partner class (one print's edge
//! against its other half's, up to noise). A class that holds halves of
//! two prints pairs with at most one of their other halves' prints, so some
//! of its members meet some of its partner's members no better than
//! strangers. This measures, per class, the worst such meeting: each
//! member against each member of its partner, over the lesser of the two
//! halves' stranger costs (the median against every other tile's halves,
//! as [`super::board`] measures a solved board's seams).

use super::board;
use super::classes::{self, Classes};
use super::looks::Look;
use super::outline::Outline;
use super::seam;

/// Per class, the worst seam between one of its members and one of its
/// partner's (under `pairs`) over the lesser of their stranger costs;
/// infinite for a class without members or partner (nothing confirms it,
/// so a reading with a blank class is never confirmed).
fn cross_seams(
    looks: &[Look],
    outlines: &[Option<Outline>],
    classes: &Classes,
    pairs: &[(usize, usize)],
) -> Vec<f32> {
    let n = looks.len();
    let measures = seam::in_use();
    let cost = |a: usize, b: usize| board::cost(&measures, looks, outlines, (a, b));
    let mut costs = vec![vec![f32::NAN; n]; n];
    // A symmetric matrix, each pair measured once: filled by index.
    #[allow(clippy::needless_range_loop)]
    for a in 0..n {
        for b in a + 1..n {
            if a / 4 != b / 4 {
                let c = cost(a, b);
                costs[a][b] = c;
                costs[b][a] = c;
            }
        }
    }
    let strangers: Vec<f32> = costs
        .iter()
        .map(|row| {
            let mut c: Vec<f32> = row.iter().copied().filter(|c| !c.is_nan()).collect();
            c.sort_by(f32::total_cmp);
            c.get(c.len() / 2).copied().unwrap_or(f32::INFINITY)
        })
        .collect();
    let mut out = vec![f32::INFINITY; classes.members.len()];
    for &(p, m) in pairs {
        let (Some(ps), Some(ms)) = (classes.members.get(p), classes.members.get(m)) else {
            continue;
        };
        if ps.is_empty() || ms.is_empty() {
            continue;
        }
        let worst = ps
            .iter()
            .flat_map(|&a| ms.iter().map(move |&b| (a, b)))
            .map(|(a, b)| {
                if a / 4 == b / 4 {
                    // Two halves of one tile never meet: no evidence.
                    0.0
                } else {
                    costs[a][b] / strangers[a].min(strangers[b]).max(1e-6)
                }
            })
            .fold(0.0f32, f32::max);
        out[p] = worst;
        out[m] = worst;
    }
    out
}

/// Per class, its look confidence ([`Classes::confidence`]: 1 − its widest
/// spread over its nearest stranger) with its partner's members (under
/// `pairs`) not counted as strangers: the two halves of one photo crop show
/// the two sides of one line of the photograph and may look closer to each
/// other than to any other print, which says nothing against either class.
fn looks_beside_partner(
    dist: &[Vec<f32>],
    classes: &Classes,
    pairs: &[(usize, usize)],
) -> Vec<f32> {
    let k = classes.members.len();
    let mut partner = vec![usize::MAX; k];
    for &(a, b) in pairs {
        partner[a] = b;
        partner[b] = a;
    }
    (0..k)
        .map(|c| {
            if classes.members[c].is_empty() {
                // A blank class (a half no tile shows): as its cut left it.
                return classes.confidence[c];
            }
            classes::sureness(dist, &classes.members[c], |b| {
                classes.of[b] != c && classes.of[b] != partner[c]
            })
        })
        .collect()
}

/// The worst [`cross_seams`] ratio under which a pairing's seams confirm
/// its classes: every member of every class continues every member of its
/// partner clearly better than the median stranger. Measured on dev seeds
/// 1-10 and seen seeds 58-86 (docs/infer.md, "A class confirmed by its
/// partner's seams"): on the odd seeds, readings that solve had a worst
/// ratio of at most 0.91 when right and at least 1.00 when wrong; on the
/// even seeds the wrong ones were at 1.01 and 1.19 (photo 4x4 s66 clean
/// and after noise, symbols 4x4 s74 turned).
pub(crate) const CONFIRMS_BELOW: f32 = 0.95;

/// The classes' confidences as the seams confirm them, when they do: the
/// reading solves, and the worst meeting of a class's member with one of
/// its partner's ([`cross_seams`]) is under [`CONFIRMS_BELOW`]. Then a
/// class's closeness to its partner is checked by the seams, and only its
/// closeness to the other prints ([`looks_beside_partner`]) says it may be
/// two prints taken for one: two pictures whose halves look alike and
/// continue alike (held-out photo 4x4 s70, A's and B's `+` halves in one
/// class, their `-` halves in its partner) pass the seams but not this.
/// `None` when the seams confirm nothing.
pub(crate) fn confirmed(
    looks: &[Look],
    outlines: &[Option<Outline>],
    classes: &Classes,
    dist: &[Vec<f32>],
    pairs: &[(usize, usize)],
) -> Option<Vec<f32>> {
    let cross = cross_seams(looks, outlines, classes, pairs);
    let worst = cross.iter().copied().fold(0.0f32, f32::max);
    let beside = looks_beside_partner(dist, classes, pairs);
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG_CONFIRM").is_some() {
        let show = |v: &[f32]| {
            v.iter()
                .map(|x| format!("{x:.3}"))
                .collect::<Vec<_>>()
                .join(",")
        };
        eprintln!(
            "DEBUGCONF cross {} beside {} looks {}",
            show(&cross),
            show(&beside),
            show(&classes.confidence)
        );
    }
    (worst < CONFIRMS_BELOW).then_some(beside)
}

#[cfg(test)]
mod tests;
