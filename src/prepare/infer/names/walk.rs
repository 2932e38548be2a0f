//! One name over-split by the cut, mended where the ink and the words agree.
//!
//! Copies of one name printed alike on one edge of several tiles are 0
//! apart; the same name beside another edge, turned with it and fallen
//! otherwise on the pixel grid, lies 0.06 to 0.17 from them. The step from
//! 0 counts as the finest clear jump, so every edge's copies get a class of
//! their own and no pairing of those classes solves (text 6x6 of seed 116:
//! 38 classes for 18 halves; copies of one name at most 0.17 apart, two
//! names at least 0.25, but no clear jump there: 1.68 times).
//!
//! Merging every two classes that read as the same words was tried and
//! backed out: after JPEG a thin print's words are misread, and two
//! corpus cards were written wrong by it (docs/infer-journal.md, "Corpus cards
//! after JPEG: the merge by words backed out"). Here the merges go in the
//! ink's own order instead: the classes are merged as average linkage
//! would, nearest two first, and only while those two read as the same
//! words. The first nearest two that read otherwise stop the walk: from
//! there on the ink and the words disagree, and neither is followed.

use super::word_ids;
use crate::prepare::infer::classes::Classes;
use crate::prepare::infer::halves::{Half, Mask};

/// `classes` merged up the ink's ladder while each next merge joins two
/// classes whose representatives (`reps`, one per class) read as the same
/// non-empty words on the card's ground; `None` when the first merge
/// already does not. A class whose every name took in the card's number
/// (`numbered`) is never merged: its words are misread. A merged class is
/// as sure as its least sure part: the names put the parts together.
pub(crate) fn by_words(
    classes: &Classes,
    reps: &[&Half],
    dist: &[Vec<f32>],
    numbered: impl Fn(usize) -> bool,
) -> Option<Classes> {
    let masks: Vec<&Mask> = reps.iter().map(|h| &h.upright).collect();
    let ids = word_ids(&masks);
    let mergeable = |c: usize| reps[c].card_ground && !numbered(c) && !ids[c].is_empty();
    let link = |a: &[usize], b: &[usize]| {
        let sum: f32 = a
            .iter()
            .flat_map(|&x| b.iter().map(move |&y| dist[x][y]))
            .sum();
        sum / (a.len() * b.len()).max(1) as f32
    };
    let members = |g: &[usize]| -> Vec<usize> {
        g.iter()
            .flat_map(|&c| classes.members[c].iter().copied())
            .collect()
    };
    let groups = walk(
        classes.members.len(),
        |a, b| link(&members(a), &members(b)),
        |a, b| mergeable(a) && mergeable(b) && ids[a] == ids[b],
    );
    (groups.len() < classes.members.len()).then(|| merged(classes, &groups))
}

/// Two classes further apart than this (average linkage) are not merged
/// whatever their words: copies of one name beside different edges of the
/// clean text cards lay up to 0.17 apart (6x6 of seed 116) and 0.20 (6x6
/// of seed 104), two different names from 0.25 on.
const MERGE_BELOW: f32 = 0.25;

/// Average linkage over `n` classes (`link` of two groups of classes),
/// merging the nearest two groups while they lie under [`MERGE_BELOW`]
/// and `same` holds for their first classes; the groups when it first
/// does not.
fn walk(
    n: usize,
    link: impl Fn(&[usize], &[usize]) -> f32,
    same: impl Fn(usize, usize) -> bool,
) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = (0..n).map(|c| vec![c]).collect();
    while groups.len() > 1 {
        let mut best: Option<(f32, usize, usize)> = None;
        for i in 0..groups.len() {
            for j in i + 1..groups.len() {
                let d = link(&groups[i], &groups[j]);
                if best.is_none_or(|(b, _, _)| d < b) {
                    best = Some((d, i, j));
                }
            }
        }
        let Some((d, i, j)) = best else { break };
        if d >= MERGE_BELOW || !same(groups[i][0], groups[j][0]) {
            break;
        }
        let gone = groups.remove(j);
        groups[i].extend(gone);
    }
    groups
}

/// `classes` with each group of them (`groups`) made one class, in the
/// order of each one's first half.
fn merged(classes: &Classes, groups: &[Vec<usize>]) -> Classes {
    let mut parts: Vec<(Vec<usize>, f32)> = groups
        .iter()
        .map(|g| {
            let mut m: Vec<usize> = g
                .iter()
                .flat_map(|&c| classes.members[c].iter().copied())
                .collect();
            m.sort_unstable();
            let sure = g
                .iter()
                .map(|&c| classes.confidence[c])
                .fold(1.0f32, f32::min);
            (m, sure)
        })
        .collect();
    parts.sort_unstable_by_key(|(m, _)| m.first().copied().unwrap_or(usize::MAX));
    let mut of = classes.of.clone();
    for (k, (m, _)) in parts.iter().enumerate() {
        for &h in m {
            of[h] = k;
        }
    }
    Classes {
        of,
        members: parts.iter().map(|(m, _)| m.clone()).collect(),
        confidence: parts.iter().map(|&(_, s)| s).collect(),
        gap: classes.gap,
        finer: classes.finer,
        two_prints: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::walk;

    /// Classes 0 and 1 near (one name), 2 and 3 near (another), the two
    /// names further apart, but under `MERGE_BELOW`.
    fn link(a: &[usize], b: &[usize]) -> f32 {
        let d = |x: usize, y: usize| if x / 2 == y / 2 { 0.1 } else { 0.2 };
        let sum: f32 = a
            .iter()
            .flat_map(|&x| b.iter().map(move |&y| d(x, y)))
            .sum();
        sum / (a.len() * b.len()) as f32
    }

    #[test]
    fn nearest_classes_of_the_same_words_are_merged() {
        let groups = walk(4, link, |a, b| a / 2 == b / 2);
        assert_eq!(groups, vec![vec![0, 1], vec![2, 3]]);
    }

    #[test]
    fn the_walk_stops_where_the_nearest_two_read_otherwise() {
        // Words say 0 and 2 are one name, but the ink's nearest two (0 and
        // 1) read otherwise: nothing is merged, not even 0 with 2.
        let groups = walk(4, link, |a, b| a % 2 == b % 2);
        assert_eq!(groups, vec![vec![0], vec![1], vec![2], vec![3]]);
    }

    #[test]
    fn every_class_reading_alike_merges_into_one() {
        let groups = walk(3, link, |_, _| true);
        assert_eq!(groups, vec![vec![0, 1, 2]]);
    }

    #[test]
    fn classes_far_apart_are_not_merged_whatever_their_words() {
        let far = |a: &[usize], b: &[usize]| link(a, b) * 2.0;
        let groups = walk(4, far, |_, _| true);
        assert_eq!(groups, vec![vec![0, 1], vec![2, 3]]);
    }
}
