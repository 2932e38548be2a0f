//! What a finer cut's pairing may not say about the coarser cut it splits.
//!
//! A finer cut read on a second look ([`super`]) splits classes of the cut
//! the ladder chose. Photo crops after damage need it to split a class
//! holding both halves of one crop (alike in tone) and to pair the two
//! parts with each other: seen 3x3 s113 after JPEG is read right so with
//! three such pictures, s117 under uneven light with two. Two pairings are
//! refused instead (docs/infer-journal.md, "A finer cut checked against the
//! coarser one"):
//!
//! * two pictures read from the same two coarse classes: one picture whose
//!   two classes the finer cut each split in two (a copy or two apart from
//!   the rest) read as two pictures. Clip art `things` 3x3 of seed 1 was
//!   written wrong so at 0.99 (10 classes for 8, 4 solutions, a copy of
//!   each half of one drawing paired as a fifth picture);
//! * a picture read from two parts of one coarse class that stand apart
//!   less than two prints do: the ladder splits the copies of one print
//!   too when damage spreads them, and a print paired with itself is no
//!   picture.

use super::super::art::Reading;
use super::super::classes::MIN_GAP;

/// The classes of the finer reading `r` that are paired against the
/// coarser cut (`coarse[h]`: half `h`'s class there), or `None` when none
/// is.
pub(super) fn against(coarse: &[usize], r: &Reading, dist: &[Vec<f32>]) -> Option<Vec<usize>> {
    let members = &r.classes.members;
    let parent = |c: usize| members[c].first().map(|&h| coarse[h]);
    let parents = |&(a, b): &(usize, usize)| {
        let (pa, pb) = (parent(a)?, parent(b)?);
        Some((pa.min(pb), pa.max(pb)))
    };
    let mut paired_against = Vec::new();
    for (k, pair) in r.pairs.iter().enumerate() {
        let Some((pa, pb)) = parents(pair) else {
            continue;
        };
        let wrong = if pa == pb {
            !apart(&members[pair.0], &members[pair.1], dist)
        } else {
            r.pairs
                .iter()
                .enumerate()
                .any(|(l, other)| l != k && parents(other) == Some((pa, pb)))
        };
        if wrong {
            paired_against.extend([pair.0, pair.1]);
        }
    }
    (!paired_against.is_empty()).then_some(paired_against)
}

/// Whether two groups of halves stand apart as two prints do: their
/// nearest two halves at least [`MIN_GAP`] (the jump a first cut needs)
/// times farther apart than the widest two within either group. The parts
/// of photo crops read right measured 1.8 to 8.3 (docs/infer-journal.md).
fn apart(a: &[usize], b: &[usize], dist: &[Vec<f32>]) -> bool {
    let widest = |g: &[usize]| {
        g.iter()
            .flat_map(|&x| g.iter().map(move |&y| dist[x][y]))
            .fold(0.0f32, f32::max)
    };
    let nearest = a
        .iter()
        .flat_map(|&x| b.iter().map(move |&y| dist[x][y]))
        .fold(f32::INFINITY, f32::min);
    nearest > 0.0 && nearest >= MIN_GAP * widest(a).max(widest(b))
}

/// The coarse classes (`coarse[h]`: half `h`'s class there) that the finer
/// reading `r` reads as a whole picture: two parts of one coarse class,
/// each of two halves or more, standing apart ([`apart`]), paired with
/// each other. A part of one half has no spread to stand apart from: the
/// finer cut splits a damaged print's copies one by one too, and pairs
/// two of them as readily as two prints (clip art `things` 3x3 of seed 13
/// from a sheet: a drawing's three `+` copies 0.11 to 0.23 apart, split
/// into three classes of one, two of them paired).
pub(super) fn whole_pictures(coarse: &[usize], r: &Reading, dist: &[Vec<f32>]) -> Vec<usize> {
    let members = &r.classes.members;
    let parent = |c: usize| members[c].first().map(|&h| coarse[h]);
    let mut whole: Vec<usize> = r
        .pairs
        .iter()
        .filter_map(|&(a, b)| {
            let p = parent(a)?;
            let (ma, mb) = (&members[a], &members[b]);
            let parts = ma.len() >= 2 && mb.len() >= 2;
            (parent(b) == Some(p) && parts && apart(ma, mb, dist)).then_some(p)
        })
        .collect();
    whole.sort_unstable();
    whole.dedup();
    whole
}
