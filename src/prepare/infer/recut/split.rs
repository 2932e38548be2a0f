//! An odd cut whose one class holds both halves of a picture, split in two.
//!
//! Some drawings look alike on both sides of their cut: a can, a ball, a
//! pyramid, a bar across the seam. Their two halves lie nearer each other
//! than damage spreads the copies of other halves (clip art `things` 5x5
//! of seed 11 turned: an onion's two halves 0.15 apart, each tight within
//! 0.03, while the copies of other halves spread up to 0.24), so no cut
//! of the ladder parts them without parting those copies too: the cut that
//! stands out is odd, the picture's two halves in one class. Yet inside
//! that class the two halves fall into two tight groups clearly apart
//! ([`merged::split`]): split there, the cut is even and every class one
//! print. It is read as a finer cut is ([`super::or_finer`]): it must
//! solve at a confidence `infer` writes, and pair the two groups with each
//! other, as the two halves of one picture.

use super::super::classes::{self, merged, Classes};

/// The odd cut's least jump: what a first cut needs ([`classes::MIN_GAP`]).
const LEAST_GAP: f32 = classes::MIN_GAP;
/// How far apart the two groups of the class split must stand
/// ([`merged::Split::apart`]). Under [`merged::APART`], which marks a class
/// of any cut as two prints: here the odd count already says that a class
/// holds two prints, and the split is read only if it solves, at a
/// confidence `infer` writes, pairing the two groups. Clip art `things`
/// 6x6 of seed 16 blurred: a drawing's two halves 3.5 apart, and 3.4 on
/// the 6x6 of seed 8 after JPEG.
const APART: f32 = 3.0;
/// At most this many odd cuts are looked at.
const MOST: usize = 2;

/// The odd cuts into at least `fewest - 1` classes that stand out, with the
/// one class whose members fall into two groups of two prints (each of two
/// members or more, [`APART`]) split into them: each cut with the classes
/// of the two groups, finest first. A cut with no such class, or more than
/// one, is left out: one split makes an odd count even.
pub(super) fn split_cuts(dist: &[Vec<f32>], fewest: usize) -> Vec<(Classes, (usize, usize))> {
    classes::odd_cuts(dist, (fewest.saturating_sub(1), LEAST_GAP, MOST))
        .into_iter()
        .filter_map(|cut| {
            let mut two = (0..cut.members.len()).filter_map(|c| {
                merged::split(dist, &cut, c)
                    .filter(|s| s.groups.iter().all(|g| g.len() >= 2) && s.apart() >= APART)
            });
            let split = two.next()?;
            if two.next().is_some() {
                return None;
            }
            Some(split_into(dist, &cut, split.groups))
        })
        .collect()
}

/// `cut` with the class of `groups` replaced by the two groups, each class
/// as sure as its looks say ([`classes::sureness`]); and the classes of the
/// two groups.
fn split_into(
    dist: &[Vec<f32>],
    cut: &Classes,
    groups: [Vec<usize>; 2],
) -> (Classes, (usize, usize)) {
    let [a, b] = groups;
    let mut members: Vec<Vec<usize>> = cut
        .members
        .iter()
        .filter(|m| !m.iter().any(|h| a.contains(h)))
        .cloned()
        .collect();
    let (first_a, first_b) = (a.iter().min().copied(), b.iter().min().copied());
    members.push(a);
    members.push(b);
    let classes = classes::classes_of(dist, members, (cut.gap, cut.finer));
    let class_of = |h: Option<usize>| h.map_or(0, |h| classes.of[h]);
    let parts = (class_of(first_a), class_of(first_b));
    (classes, parts)
}

#[cfg(test)]
mod tests;
