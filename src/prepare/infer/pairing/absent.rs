//! The class paired with the half no tile shows.
//!
//! An odd number of classes has one picture whose other half is on no
//! tile: the names reading adds an empty class for it, and the pairing
//! (checked by solving) gives it a partner. That partner is the class
//! the names join to nothing, and solving decides which; it is rightly
//! read so on a puzzle with a picture shown by one half only (the corpus
//! card fantastische-fische: 15 classes, the one paired with the absent
//! half on three sides of three tiles, right at 0.90).
//!
//! But an odd count is also what a name misread on some of its copies
//! leaves: the copies read alike are cut into a class of their own, and
//! the reading pairs that class with the absent half. The Legespiel card
//! das-verflixte-legespiel-sparkasse-schweinchen saved as JPEG quality 60
//! read the three copies of "grün vorn" at the bottom of tiles 4, 5 and 8
//! as another name: 9 classes, the bottom copies paired with the absent
//! half at the sure margin, written at 0.97 with 3 edges wrong. The copies
//! a misreading takes alike are those printed alike: the same name at the
//! same place of the card, on one side of every tile it is on. Measured
//! (docs/infer-journal.md, "A names class paired with the absent half"):
//! of the absent half's partners in the corpus, damaged corpus, text and
//! labels cases, and the names readings of the variants hunts, every one
//! on one side was a misreading (20: 15 refused on other grounds, 5
//! written wrong at 0.97); the one
//! right reading has its partner on three sides. A misreading whose
//! partner lies on two sides was seen once (written at 0.90) and is not
//! caught: copies of a picture shown by one half lie on two sides or
//! fewer too often for that to be a bound.

/// Why a names reading whose absent half's partner lies on one side is
/// refused.
pub(crate) const REFUSAL: &str = "the class of halves paired with a half that no tile shows lies on one side of every tile it is on: copies of a name misread alike, not a picture shown by one half, so the pairing is a guess";

/// The confidence of such a reading: a guess (see the module's doc).
pub(crate) const CONFIDENCE: f32 = 0.0;

/// Whether `pairs` pairs the empty class (the half no tile shows) with a
/// class whose halves (`members`, by half index: tile times four plus
/// side) all lie on one side of their tiles. A class of one half lies on
/// one side.
pub(crate) fn partner_on_one_side(members: &[Vec<usize>], pairs: &[(usize, usize)]) -> bool {
    let Some([_, partner]) = in_doubt(members, pairs) else {
        return false;
    };
    let halves = &members[partner];
    halves.iter().all(|h| h % 4 == halves[0] % 4)
}

/// The empty class and the class `pairs` pairs it with, when there are
/// both: the classes in doubt when the pairing is refused for it.
pub(crate) fn in_doubt(members: &[Vec<usize>], pairs: &[(usize, usize)]) -> Option<[usize; 2]> {
    let absent = members.iter().position(Vec::is_empty)?;
    pairs
        .iter()
        .find_map(|&(a, b)| match (a == absent, b == absent) {
            (true, false) => Some([absent, b]),
            (false, true) => Some([absent, a]),
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::{in_doubt, partner_on_one_side};

    /// Five classes and the absent half's class 5 (halves by tile * 4 +
    /// side): class 3 at the bottom (side 3) of tiles 4, 5 and 8.
    fn members() -> Vec<Vec<usize>> {
        vec![
            vec![0, 5, 16],
            vec![1, 12, 21],
            vec![2, 8, 14],
            vec![15, 19, 31],
            vec![4, 9, 22],
            Vec::new(),
        ]
    }

    #[test]
    fn a_partner_on_one_side_of_every_tile_is_caught() {
        let pairs = [(0, 1), (2, 4), (3, 5)];
        assert!(partner_on_one_side(&members(), &pairs));
        // Either way round.
        let pairs = [(0, 1), (2, 4), (5, 3)];
        assert!(partner_on_one_side(&members(), &pairs));
    }

    #[test]
    fn a_partner_on_several_sides_is_not() {
        let pairs = [(0, 5), (2, 4), (1, 3)];
        assert!(!partner_on_one_side(&members(), &pairs));
    }

    #[test]
    fn a_partner_of_one_half_lies_on_one_side() {
        let mut members = members();
        members[0] = vec![6];
        assert!(partner_on_one_side(&members, &[(0, 5), (1, 2), (3, 4)]));
    }

    #[test]
    fn no_absent_half_no_partner() {
        let pairs = [(0, 1), (2, 4)];
        assert!(!partner_on_one_side(&members()[..5], &pairs));
        assert_eq!(in_doubt(&members()[..5], &pairs), None);
    }

    #[test]
    fn the_absent_half_and_its_partner_are_in_doubt() {
        let pairs = [(0, 1), (2, 4), (3, 5)];
        assert_eq!(in_doubt(&members(), &pairs), Some([5, 3]));
    }
}
