//! Two names in one class: copies of two different names whose ink differs
//! in one word only ("Katze TOP" / "Biene TOP") can lie closer, whole, than
//! blurred copies of one name do, and the cut into classes then merges them.
//! Read word by word, the merged class shows it: its members carry two
//! different words of one size, each on two or more of them, never both on
//! one. Copies of one name read so only when noise makes one word two, each
//! twice; splitting them then over-splits, which no pairing solves (a
//! refusal), where a merged class is paired and written wrong.

use super::{word_gap, word_ids, words, MAX_LINE, SAME_WORD};
use crate::prepare::infer::classes::{mask_distance, Classes};
use crate::prepare::infer::halves::{Half, Mask};

/// A word's ink as read and turned half a turn: a name written along an
/// edge of a card is upside down on the opposite edge.
fn both_ways(m: &Mask) -> [Mask; 2] {
    [m.clone(), m.turned().turned()]
}

/// The two groups of members (indices into `masks`) that carry two
/// different words of one size, each on at least two members and never
/// both on one: the most different such two words. `None` when no two
/// words split the members so.
pub(crate) fn two_names(masks: &[&Mask]) -> Option<(Vec<usize>, Vec<usize>)> {
    let mut prototypes: Vec<[Mask; 2]> = Vec::new();
    let mut holders: Vec<Vec<usize>> = Vec::new();
    let gap = word_gap(masks);
    for (k, m) in masks.iter().enumerate() {
        if m.h.min(m.w) > MAX_LINE {
            continue;
        }
        for w in words(m, gap) {
            let w = both_ways(&w.whole);
            let seen = prototypes
                .iter()
                .position(|p| mask_distance(&p[0], &w) < SAME_WORD);
            let id = seen.unwrap_or_else(|| {
                prototypes.push(w);
                holders.push(Vec::new());
                prototypes.len() - 1
            });
            if !holders[id].contains(&k) {
                holders[id].push(k);
            }
        }
    }
    let mut best: Option<(f32, usize, usize)> = None;
    for x in 0..prototypes.len() {
        for y in x + 1..prototypes.len() {
            let (hx, hy) = (&holders[x], &holders[y]);
            if hx.len() < 2 || hy.len() < 2 || hx.iter().any(|k| hy.contains(k)) {
                continue;
            }
            // Words of other sizes are other parts of a name cut into
            // words differently ("Igel" and "IgelTOP"), not rivals.
            let d = mask_distance(&prototypes[x][0], &prototypes[y]);
            if d < 1.0 && best.is_none_or(|(b, _, _)| d > b) {
                best = Some((d, x, y));
            }
        }
    }
    best.map(|(_, x, y)| (holders[x].clone(), holders[y].clone()))
}

/// Splits every class whose members carry two names ([`two_names`]) in
/// two: the members of each name, and each other member with the name
/// whose members it lies closer to on average (`dist`). Each half keeps
/// its class's confidence.
pub(crate) fn split_merged(classes: &mut Classes, halves: &[Half], dist: &[Vec<f32>]) {
    let mut members = Vec::new();
    let mut confidence = Vec::new();
    for (m, &sure) in classes.members.iter().zip(&classes.confidence) {
        let masks: Vec<&Mask> = m.iter().map(|&h| &halves[h].upright).collect();
        let Some((a, b)) = two_names(&masks) else {
            members.push(m.clone());
            confidence.push(sure);
            continue;
        };
        let (mut a, mut b): (Vec<usize>, Vec<usize>) = (
            a.iter().map(|&k| m[k]).collect(),
            b.iter().map(|&k| m[k]).collect(),
        );
        let near =
            |h: usize, g: &[usize]| g.iter().map(|&o| dist[h][o]).sum::<f32>() / g.len() as f32;
        for &h in m {
            if !a.contains(&h) && !b.contains(&h) {
                if near(h, &a) <= near(h, &b) {
                    a.push(h);
                } else {
                    b.push(h);
                }
            }
        }
        for mut g in [a, b] {
            g.sort_unstable();
            members.push(g);
            confidence.push(sure);
        }
    }
    let mut order: Vec<usize> = (0..members.len()).collect();
    order.sort_unstable_by_key(|&c| members[c][0]);
    classes.members = order.iter().map(|&c| members[c].clone()).collect();
    classes.confidence = order.iter().map(|&c| confidence[c]).collect();
    for (c, m) in classes.members.iter().enumerate() {
        for &h in m {
            classes.of[h] = c;
        }
    }
}

/// Whether the members of one class, all on the card's ground, read as two
/// names: two different sets of as many words ([`word_ids`]), each on at
/// least two members. A class that [`split_merged`] could not split (the two names'
/// words are of different sizes, as on a small print shrunk to half its
/// size, where "Scared lower" and "Happy upper" fell into one class)
/// still shows it; its pairing then means little, and a puzzle of so few
/// classes solves easily under a wrong one (written at 0.97 on three
/// shrunk corpus puzzles). Copies of one name read as one set of words.
pub(crate) fn holds_two_names(members: &[&Half]) -> bool {
    if members.len() < 4 || !members.iter().all(|h| h.card_ground) {
        return false;
    }
    let masks: Vec<&Mask> = members.iter().map(|h| &h.upright).collect();
    let ids = word_ids(&masks);
    let mut sets: Vec<(&Vec<usize>, usize)> = Vec::new();
    for w in ids.iter().filter(|w| !w.is_empty()) {
        match sets.iter_mut().find(|(s, _)| *s == w) {
            Some((_, n)) => *n += 1,
            None => sets.push((w, 1)),
        }
    }
    // Two names have as many words each; one name misread (a gap taken
    // for a space, two words run together) has one word more or less
    // than its other copies, as on text cards after JPEG or noise.
    let read: Vec<usize> = sets
        .iter()
        .filter(|(_, n)| *n >= 2)
        .map(|(w, _)| w.len())
        .collect();
    read.iter()
        .enumerate()
        .any(|(i, a)| read[i + 1..].contains(a))
}
