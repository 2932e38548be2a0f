//! One name over-split into several classes: the cut into classes reads
//! ink, and the copies of one name turned with their edges (or fallen
//! differently on the pixel grid) can lie further apart, whole, than two
//! different names do, so the finest clear cut gives one name a class per
//! edge and no pairing of those classes solves (held-out text 6x6 of seed
//! 76: 34 classes for 16 halves, every one of them a single name). Read
//! word by word the classes show it: two classes whose names are the same
//! words ([`word_ids`]) are one name printed twice. Merging them is tried
//! only after the cut's own classes paired into nothing that solves, and
//! its reading goes through the same confidence rules as any other.

use super::word_ids;
use crate::prepare::infer::classes::Classes;
use crate::prepare::infer::halves::{Half, Mask};

/// The classes with every two whose representatives (`reps`, one per
/// class) read as the same words on the card's ground merged into one;
/// `None` when no two do. A merged class is as sure as its least sure
/// part: the ink did not put its parts together, the names did. A class
/// whose every name took in the card's number (`numbered`) is never
/// merged: its words are misread, and "1Katze" and "4Katze" can read
/// alike (held-out text 4x4 of seed 62, written wrong so before this).
pub(crate) fn by_name(
    classes: &Classes,
    reps: &[&Half],
    numbered: impl Fn(usize) -> bool,
) -> Option<Classes> {
    let masks: Vec<&Mask> = reps.iter().map(|h| &h.upright).collect();
    let ids = word_ids(&masks);
    let groups = groups(&ids, |c| reps[c].card_ground && !numbered(c));
    if groups.len() == classes.members.len() {
        return None;
    }
    let mut merged = Classes {
        of: vec![0; classes.of.len()],
        members: Vec::with_capacity(groups.len()),
        confidence: Vec::with_capacity(groups.len()),
        gap: classes.gap,
    };
    for (k, group) in groups.iter().enumerate() {
        let mut members: Vec<usize> = group
            .iter()
            .flat_map(|&c| classes.members[c].iter().copied())
            .collect();
        members.sort_unstable();
        for &h in &members {
            merged.of[h] = k;
        }
        merged.members.push(members);
        let sure = group
            .iter()
            .map(|&c| classes.confidence[c])
            .fold(1.0f32, f32::min);
        merged.confidence.push(sure);
    }
    Some(merged)
}

/// The classes grouped by their words `ids`, in the order of each group's
/// first class: classes with the same non-empty words on the card's ground
/// (`on_card`) together, every other class alone.
fn groups(ids: &[Vec<usize>], on_card: impl Fn(usize) -> bool) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for c in 0..ids.len() {
        let same = |g: &Vec<usize>| {
            let first = g[0];
            on_card(c) && on_card(first) && !ids[c].is_empty() && ids[first] == ids[c]
        };
        match groups.iter_mut().find(|g| same(g)) {
            Some(g) => g.push(c),
            None => groups.push(vec![c]),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::groups;

    #[test]
    fn classes_with_the_same_words_are_grouped_in_order() {
        let ids = vec![
            vec![0, 9],
            vec![2, 9],
            vec![0, 9],
            vec![],
            vec![],
            vec![2, 9],
        ];
        assert_eq!(
            groups(&ids, |_| true),
            vec![vec![0, 2], vec![1, 5], vec![3], vec![4]]
        );
    }

    #[test]
    fn classes_off_the_card_ground_are_never_merged() {
        let ids = vec![vec![1], vec![1], vec![1]];
        assert_eq!(groups(&ids, |c| c != 1), vec![vec![0, 2], vec![1]]);
    }
}
