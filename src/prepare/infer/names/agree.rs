//! The cut into classes checked against the words written on the halves.
//!
//! A names reading is as sure as its least sure class when that is below
//! [`WORDS_SURE`] (`decide::names_confidence`): a class whose members lie
//! nearly as far apart as from another class may be two names taken for
//! one. On names written along their edges after noise or blur
//! (`unseen-styles.py` labels, 6x6 of seed 1032 after noise) the copies of
//! one name spread so that the truth's classes, cut right and paired right
//! by the names, were only 0.49 sure, and the reading was refused. The
//! words read the cut directly: when every half of each class reads as the
//! same words ([`super::word_ids`], read half by half), and no two classes
//! as the same words, no class holds two names and no name is in two
//! classes, whatever the ink's spread says. The classes are then taken as
//! sure as the names reading needs; the pairing's margin still decides
//! how sure the reading is.

use super::super::classes::Classes;
use super::super::halves::{Half, Mask};
use super::{word_ids, word_lists, MAX_LINE};

/// The least class confidence under which the names reading is bounded by
/// its classes: classes the words agree with are lifted to it.
pub(crate) const WORDS_SURE: f32 = super::super::decide::NAMES_CLASS_SURE;

/// Whether the words on the halves agree with the cut: every half is a
/// line of writing ([`written`]) on the card's ground and reads as some
/// words, the halves of each class as
/// the same ones, and no two classes as the same ones.
pub(crate) fn words_agree(classes: &Classes, halves: &[Half]) -> bool {
    if halves
        .iter()
        .any(|h| !h.card_ground || !written(&h.upright))
    {
        return false;
    }
    let masks: Vec<&Mask> = halves.iter().map(|h| &h.upright).collect();
    agree(&classes.members, &word_ids(&masks))
}

/// A line of writing: ink no taller than a name ([`MAX_LINE`]) and at
/// least twice as long. Marks and drawings (half-discs, stripes, emoji)
/// are read as words too, one shape everywhere: their agreement says
/// nothing of names, and the pictures' classes stay as their cut left
/// them.
fn written(m: &Mask) -> bool {
    let (short, long) = (m.w.min(m.h), m.w.max(m.h));
    m.count > 0 && short <= MAX_LINE && long >= 2 * short
}

/// [`words_agree`] on the words `ids` of each half: every class with
/// members reads as one non-empty set of words, each class another, and no
/// class's words hold all of another's. A copy of a name with a speck of
/// a scan beside it reads as that name and one word more: text 3x3 of
/// seed 105 after a scan cut two such copies into classes of their own
/// ("kl j t" beside "kl j"), the words were taken to agree, and the names
/// paired each with a copy of its own name: written wrong at 0.90.
fn agree(members: &[Vec<usize>], ids: &[Vec<usize>]) -> bool {
    let mut read: Vec<&Vec<usize>> = Vec::new();
    for m in members.iter().filter(|m| !m.is_empty()) {
        let words = &ids[m[0]];
        let alike = |r: &&Vec<usize>| one_name(r, words);
        if words.is_empty() || m.iter().any(|&h| ids[h] != *words) || read.iter().any(alike) {
            return false;
        }
        read.push(words);
    }
    !read.is_empty()
}

/// Whether two lists of words ([`word_ids`], [`word_lists`]) are one
/// name: neither empty, and one holds all of the other's words, each as
/// often as the other does. On names along the edge (`unseen-styles.py`
/// labels, 4x4 of seed 1058) "Birne" and "Blüte" are one word whole, so
/// "Birne Blüte" read as that word twice, and with each word counted once
/// it lay within "Birne Stiel": the picture's two halves, paired right,
/// were taken for a name paired with itself and refused.
pub(crate) fn one_name(a: &[usize], b: &[usize]) -> bool {
    let within = |x: &[usize], y: &[usize]| {
        x.iter()
            .all(|w| x.iter().filter(|v| *v == w).count() <= y.iter().filter(|v| *v == w).count())
    };
    !a.is_empty() && !b.is_empty() && (within(a, b) || within(b, a))
}

/// Whether `pairs` pairs two classes (their representatives `reps`, both
/// on the card's ground) that read as one name ([`one_name`]): a name
/// paired with a copy of itself. A picture's two halves carry two names
/// ("EAGLE TOP" / "EAGLE BOTTOM", "+Karo" / "-Karo"). A copy of a name
/// with a speck of a scan beside it reads as that name and one word more:
/// the text 3x3 of seed 105 after a scan, quantised to 32 colours, cut two
/// such copies into classes of their own ("xyb cg z" beside "xyb cg",
/// "#26 ef op" beside "ef op"), and the names paired the second with its
/// own name's class (words and glyphs the likest of all): written wrong at
/// 0.97. Only pairs are asked: two classes of different names may read so
/// on their own (mini-logix-piraten's "abc defge" and "abc sgfugv dese",
/// whose "defge" and "dese" are one word to [`word_ids`]), read right.
pub(crate) fn a_name_paired_with_itself(reps: &[&Half], pairs: &[(usize, usize)]) -> bool {
    let masks: Vec<&Mask> = reps.iter().map(|h| &h.upright).collect();
    let ids = word_lists(&masks);
    let on_card = |c: usize| reps.get(c).is_some_and(|h| h.card_ground);
    pairs
        .iter()
        .any(|&(a, b)| on_card(a) && on_card(b) && one_name(&ids[a], &ids[b]))
}

/// Lifts every class with members to [`WORDS_SURE`] when the words agree
/// with the cut ([`words_agree`]); leaves the classes as they are
/// otherwise.
pub(crate) fn lift(classes: &mut Classes, halves: &[Half]) {
    // Classes already that sure bound nothing: the words are not read
    // (reading every half's words costs as much as a cut's pairing).
    if classes.least_sure() >= WORDS_SURE {
        return;
    }
    let agree = words_agree(classes, halves);
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some() {
        eprintln!(
            "DEBUGAGREE {} classes, the words agree with the cut: {agree}",
            classes.members.len()
        );
    }
    if !agree {
        return;
    }
    for (c, m) in classes.members.iter().enumerate() {
        if !m.is_empty() {
            classes.confidence[c] = classes.confidence[c].max(WORDS_SURE);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::agree;

    /// Six halves: "Birne links" twice, "Birne rechts" twice, "Apfel
    /// links" twice (words 0 Birne, 1 links, 2 rechts, 3 Apfel).
    fn ids() -> Vec<Vec<usize>> {
        vec![
            vec![0, 1],
            vec![0, 1],
            vec![0, 2],
            vec![0, 2],
            vec![1, 3],
            vec![1, 3],
        ]
    }

    #[test]
    fn classes_each_of_one_name_agree() {
        let members = vec![vec![0, 1], vec![2, 3], vec![4, 5], Vec::new()];
        assert!(agree(&members, &ids()));
    }

    #[test]
    fn a_class_holding_two_names_does_not_agree() {
        let members = vec![vec![0, 1, 2], vec![3], vec![4, 5]];
        assert!(!agree(&members, &ids()));
    }

    #[test]
    fn one_name_in_two_classes_does_not_agree() {
        let members = vec![vec![0], vec![1], vec![2, 3], vec![4, 5]];
        assert!(!agree(&members, &ids()));
    }

    #[test]
    fn a_name_read_with_a_word_more_in_a_class_of_its_own_does_not_agree() {
        let mut ids = ids();
        ids.push(vec![0, 1, 4]);
        let members = vec![vec![0, 1], vec![2, 3], vec![4, 5], vec![6]];
        assert!(!agree(&members, &ids));
    }

    #[test]
    fn halves_that_read_as_no_words_do_not_agree() {
        let members = vec![vec![0, 1], vec![2, 3]];
        assert!(!agree(
            &members,
            &[Vec::new(), Vec::new(), vec![0], vec![0]]
        ));
        assert!(!agree(&[Vec::new()], &[]));
    }
}
