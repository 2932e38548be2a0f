//! Two classes reading as the same words: one name cut in two, or two
//! names the word reading cannot tell apart.
//!
//! Either way the words vouch for a pair they cannot see, and a names
//! reading with such classes is refused ([`Pairing::names_confused`]). The
//! word reading is tolerant ([`super::SAME_WORD`], so that a name falling
//! differently on the pixel grid stays one word): on the corpus's
//! japanisches-kartenraetsel-parallelogramme "gelb-grün" and "blau-grün"
//! are one word (0.17 apart), and on the infer-styles text 5x5 of seed 143
//! "Biene" and "Maus" are (0.18 apart), each copy of each name read whole
//! and every class cut right. What tells the two apart is what the
//! confusion did. On the corpus puzzle the two classes read as one name
//! were paired with each other (the words' whole score went to that pair)
//! and lay nearer in ink than any other two classes: the reading was wrong.
//! On seed 143 the glyphs paired "Biene FRONT" with "Biene BACK" and
//! "Maus FRONT" with "Maus BACK", each of the four classes lay nearer in
//! ink to some other class than to its namesake, and the reading, refused,
//! was right. A name cut in two by damage leaves its two classes each
//! other's nearest; two names alike only to the word reading need not.
//!
//! [`Pairing::names_confused`]: super::super::pairing::Pairing::names_confused

use super::super::halves::{Half, Mask};
use super::word_ids;

/// Pairs of classes, by their representatives `reps`, both on the card's
/// ground and reading as the same words ([`word_ids`]). Drawn tiles'
/// classes differ by their ground, and their marks are one shape
/// everywhere: they are not asked.
pub(crate) fn same_words(reps: &[&Half]) -> Vec<(usize, usize)> {
    let masks: Vec<&Mask> = reps.iter().map(|h| &h.upright).collect();
    let ids = word_ids(&masks);
    let read = |i: usize| reps[i].card_ground && !ids[i].is_empty();
    (0..reps.len())
        .flat_map(|i| (i + 1..reps.len()).map(move |j| (i, j)))
        .filter(|&(i, j)| read(i) && read(j) && ids[i] == ids[j])
        .collect()
}

/// Whether classes read as one name (`twice`, from [`same_words`]) leave
/// the names reading a guess: two of them are paired with each other in one
/// of `pairings` (the pairing chosen, the one the names preferred, the
/// closest rival), or one of the two is the other's nearest class in ink
/// (`members`' halves, distances `dist`). Otherwise the two are two names
/// that only the word reading takes for one, and the pairing stands on
/// the rest of what the names say.
pub(crate) fn misleads(
    twice: &[(usize, usize)],
    members: &[Vec<usize>],
    dist: &[Vec<f32>],
    pairings: &[&[(usize, usize)]],
) -> bool {
    let together = |i: usize, j: usize| {
        pairings
            .iter()
            .any(|p| p.iter().any(|&(a, b)| (a, b) == (i, j) || (a, b) == (j, i)))
    };
    twice.iter().any(|&(i, j)| {
        together(i, j)
            || nearest(i, members, dist) == Some(j)
            || nearest(j, members, dist) == Some(i)
    })
}

/// The class whose halves come nearest to any half of class `c`, by the
/// least distance between two of their halves; `None` for a class without
/// members or with no other.
fn nearest(c: usize, members: &[Vec<usize>], dist: &[Vec<f32>]) -> Option<usize> {
    let apart = |k: usize| {
        members[c]
            .iter()
            .flat_map(|&a| members[k].iter().map(move |&b| dist[a][b]))
            .fold(f32::INFINITY, f32::min)
    };
    (0..members.len())
        .filter(|&k| k != c && !members[k].is_empty() && !members[c].is_empty())
        .min_by(|&x, &y| apart(x).total_cmp(&apart(y)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Four classes of one half each; 0 and 1 read as one name.
    fn four(d01: f32) -> (Vec<Vec<usize>>, Vec<Vec<f32>>) {
        let members = vec![vec![0], vec![1], vec![2], vec![3]];
        let mut dist = vec![vec![0.0, d01, 0.3, 0.9], vec![d01, 0.0, 0.9, 0.3]];
        dist.push(vec![0.3, 0.9, 0.0, 0.9]);
        dist.push(vec![0.9, 0.3, 0.9, 0.0]);
        (members, dist)
    }

    #[test]
    fn two_names_apart_in_ink_and_paired_elsewhere_do_not_mislead() {
        let (members, dist) = four(0.4);
        assert!(!misleads(&[(0, 1)], &members, &dist, &[&[(0, 2), (1, 3)]]));
    }

    #[test]
    fn two_classes_paired_with_each_other_mislead() {
        let (members, dist) = four(0.4);
        assert!(misleads(
            &[(0, 1)],
            &members,
            &dist,
            &[&[(0, 2), (1, 3)], &[(0, 1), (2, 3)]]
        ));
    }

    #[test]
    fn a_name_cut_in_two_leaves_its_classes_each_others_nearest() {
        let (members, dist) = four(0.2);
        assert!(misleads(&[(0, 1)], &members, &dist, &[&[(0, 2), (1, 3)]]));
    }
}
