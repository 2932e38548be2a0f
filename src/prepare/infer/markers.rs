//! What the two halves of a picture differ by, and how consistently a
//! pairing says so.
//!
//! On the corpus cards the two halves of one picture carry one name and
//! differ by a marker that is the same for every picture: "BLACK FRONT" /
//! "BLACK BACK" and "WHITE BROWN FRONT" / "WHITE BROWN BACK", "r2 oben" /
//! "r2 unten", "CDU Körper" / "CDU Kopf". Pairwise resemblance alone cannot
//! see this: "BLACK FRONT" holds every letter of "BLACK BROWN FRONT", and
//! "CDU Körper" / "CSU Körper" share more ink than "CDU Körper" / "CDU
//! Kopf". A whole pairing can: under the right one, every pair differs by
//! the same thing ("FRONT" against "BACK"); under a wrong one the
//! differences scatter ("BROWN" against nothing, "CDU" against "CSU",
//! "FRONT" against "BACK"). Drawn tiles, whose halves carry no name, differ
//! by nothing under every pairing, so this never reorders their pairings.

use super::names;
use std::collections::HashMap;

/// Per reading of the names (glyph by glyph, word by word), the number of
/// the difference between each two classes: equal numbers, equal
/// differences.
pub(crate) struct Differences {
    readings: [Vec<Vec<usize>>; 2],
}

impl Differences {
    /// `strings`: each class's name glyph by glyph ([`names::glyph_strings`]);
    /// `words`: its words ([`names::word_ids`]).
    pub(crate) fn new(strings: &[Vec<usize>], words: &[Vec<usize>]) -> Differences {
        let glyphs = number(strings.len(), |i, j| {
            names::leftovers(&strings[i], &strings[j])
        });
        let words = number(words.len(), |i, j| {
            let only = |a: &[usize], b: &[usize]| -> Vec<usize> {
                a.iter().copied().filter(|w| !b.contains(w)).collect()
            };
            (only(&words[i], &words[j]), only(&words[j], &words[i]))
        });
        Differences {
            readings: [glyphs, words],
        }
    }

    /// The share of `pairs` that differ by the most common difference, under
    /// the reading where that share is larger: 1 when every pair differs
    /// alike.
    pub(crate) fn consistency(&self, pairs: &[(usize, usize)]) -> f32 {
        let share = |ids: &Vec<Vec<usize>>| {
            let mut counts: HashMap<usize, usize> = HashMap::new();
            for &(i, j) in pairs {
                *counts.entry(ids[i][j]).or_default() += 1;
            }
            counts.values().copied().max().unwrap_or(0) as f32 / pairs.len().max(1) as f32
        };
        self.readings.iter().map(share).fold(0.0, f32::max)
    }
}

impl Differences {
    /// For every difference under either reading, the class pairs `(i, j)`,
    /// `i < j`, that differ by it: where one marker tells every picture's
    /// halves apart, one of these lists holds exactly the right pairs.
    pub(crate) fn alike(&self) -> Vec<Vec<(usize, usize)>> {
        let mut out = Vec::new();
        for ids in &self.readings {
            let mut by_id: HashMap<usize, Vec<(usize, usize)>> = HashMap::new();
            for (i, row) in ids.iter().enumerate() {
                for (j, &id) in row.iter().enumerate().skip(i + 1) {
                    by_id.entry(id).or_default().push((i, j));
                }
            }
            let mut lists: Vec<_> = by_id.into_iter().collect();
            lists.sort_unstable_by_key(|(id, _)| *id);
            out.extend(lists.into_iter().map(|(_, pairs)| pairs));
        }
        out
    }
}

/// Numbers the difference `diff(i, j)` of each two of `k` classes, the two
/// sides unordered (a pair is the same however it is written down).
#[allow(clippy::needless_range_loop)] // a symmetric matrix, written both ways
fn number(k: usize, diff: impl Fn(usize, usize) -> (Vec<usize>, Vec<usize>)) -> Vec<Vec<usize>> {
    let mut seen: HashMap<(Vec<usize>, Vec<usize>), usize> = HashMap::new();
    let mut ids = vec![vec![0; k]; k];
    for i in 0..k {
        for j in i + 1..k {
            let (a, b) = diff(i, j);
            let key = if a <= b { (a, b) } else { (b, a) };
            let next = seen.len();
            let id = *seen.entry(key).or_insert(next);
            ids[i][j] = id;
            ids[j][i] = id;
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: usize = usize::MAX;

    #[test]
    fn pairs_that_all_differ_by_the_marker_are_consistent() {
        // Glyphs B0 L1 A2 C3 K4 F5 R6 O7 N8 T9 W10 H11 I12 E13.
        let black = [0, 1, 2, 3, 4];
        let front = [5, 6, 7, 8, 9];
        let back = [0, 2, 3, 4];
        let brown = [0, 6, 7, 10, 8];
        let white = [10, 11, 12, 9, 13];
        let name = |parts: &[&[usize]]| parts.join(&S);
        let strings = vec![
            name(&[&black, &front]),
            name(&[&black, &back]),
            name(&[&black, &brown, &front]),
            name(&[&black, &brown, &back]),
            name(&[&white, &front]),
            name(&[&white, &back]),
        ];
        // Words BLACK 0, FRONT 1, BACK 2, BROWN 3, WHITE 4.
        let words = [
            [0, 1].as_slice(),
            &[0, 2],
            &[0, 1, 3],
            &[0, 2, 3],
            &[1, 4],
            &[2, 4],
        ];
        let words: Vec<Vec<usize>> = words.iter().map(|w| w.to_vec()).collect();
        let d = Differences::new(&strings, &words);
        assert_eq!(d.consistency(&[(0, 1), (2, 3), (4, 5)]), 1.0);
        // "BLACK FRONT" with "BLACK BROWN FRONT" (BROWN against nothing)
        // holds every letter of the one in the other, but then only two
        // of the three pairs differ alike.
        let wrong = d.consistency(&[(0, 2), (1, 3), (4, 5)]);
        assert!((wrong - 2.0 / 3.0).abs() < 1e-6, "{wrong}");
        // Too many pictures to enumerate: the pairs that differ alike are
        // offered as one list, the right pairing.
        let right = vec![(0, 1), (2, 3), (4, 5)];
        assert!(d.alike().contains(&right), "{:?}", d.alike());
    }

    #[test]
    fn halves_without_names_differ_alike_under_every_pairing() {
        let d = Differences::new(&vec![vec![]; 4], &vec![vec![]; 4]);
        assert_eq!(d.consistency(&[(0, 1), (2, 3)]), 1.0);
        assert_eq!(d.consistency(&[(0, 2), (1, 3)]), 1.0);
    }
}
