//! Unit tests of reading names, apart so names.rs holds only the reading.

use super::*;

const S: usize = SPACE;

#[test]
fn a_name_shared_by_two_outweighs_a_marker_shared_by_four() {
    // 0..3 "Grün", 4..8 "Kopf", 9..15 "Schwanz", 16..19 "Blau", 20..23 "Bunt"
    let strings = vec![
        vec![0, 1, 2, 3, S, 4, 5, 6, 7],
        vec![0, 1, 2, 3, S, 9, 10, 11, 12, 13, 14, 15],
        vec![16, 17, 18, 19, S, 4, 5, 6, 7],
        vec![16, 17, 18, 19, S, 9, 10, 11, 12, 13, 14, 15],
        vec![20, 21, 22, 23, S, 4, 5, 6, 7],
        vec![20, 21, 22, 23, S, 9, 10, 11, 12, 13, 14, 15],
    ];
    let s = likeness(&strings);
    assert!(s[0][1] > s[1][3], "{:?}", s);
    assert!(s[2][3] > s[0][2], "{:?}", s);
}

#[test]
fn a_name_with_its_words_swapped_is_the_other_half() {
    // "blau-rot", "rot-blau", "blau-grün": 0..3 blau, 4 '-', 5..7 rot, 8..11 grün
    let strings = vec![
        vec![0, 1, 2, 3, 4, 5, 6, 7],
        vec![5, 6, 7, 4, 0, 1, 2, 3],
        vec![0, 1, 2, 3, 4, 8, 9, 10, 11],
        vec![8, 9, 10, 11, 4, 0, 1, 2, 3],
    ];
    let s = likeness(&strings);
    assert!(s[0][1] > s[0][2], "{:?}", s);
}

/// A solid 10x8 word with the rows `rows` of the columns `cols` left blank.
fn word_with_hole(rows: std::ops::Range<usize>, cols: std::ops::Range<usize>) -> Mask {
    let (w, h) = (10, 8);
    let on: Vec<bool> = (0..w * h)
        .map(|i| !(rows.contains(&(i / w)) && cols.contains(&(i % w))))
        .collect();
    let count = on.iter().filter(|&&b| b).count();
    Mask {
        w,
        h,
        on,
        count,
        ..Mask::default()
    }
}

#[test]
fn words_a_quarter_of_whose_ink_differs_are_two_words() {
    let whole = word_with_hole(0..0, 0..0);
    // 32 of 80 pixels gone: a share of 0.25 differs, like "r2" and "r3".
    let other = word_with_hole(2..6, 1..9);
    // 8 pixels gone: the same word fallen differently on the pixel grid.
    let same = word_with_hole(3..5, 3..7);
    let ids = word_ids(&[&whole, &other, &same]);
    assert_ne!(ids[0], ids[1], "{ids:?}");
    assert_eq!(ids[0], ids[2], "{ids:?}");
}

#[test]
fn spaces_are_found_when_they_outnumber_the_gaps_between_letters() {
    // A small serif print: letters run together, a gap of a pixel left
    // here and there, the spaces 6 pixels on every name.
    assert_eq!(gap_from(&[1, 1, 1, 6, 6, 6, 6]), 6);
    // Letter gaps the majority: the median rule as before.
    assert_eq!(gap_from(&[1, 1, 2, 2, 2, 3, 3, 12, 12]), 5);
    // No clear second group: nothing changes.
    assert_eq!(gap_from(&[7, 7, 8, 8]), 17);
    assert_eq!(gap_from(&[1, 3, 3]), 7);
}

#[test]
fn a_name_and_the_same_name_with_a_word_more_are_one_name() {
    // "xyb cg" and "xyb cg z" (a speck read as a word): one name twice;
    // "Frosch Kopf" and "Frosch Bein" share a word only.
    assert!(agree::one_name(&[0, 1], &[0, 1, 6]));
    assert!(agree::one_name(&[2, 4, 7], &[2, 4]));
    assert!(agree::one_name(&[3], &[3]));
    assert!(!agree::one_name(&[0, 1], &[0, 2]));
    assert!(!agree::one_name(&[], &[0]));
    // "Birne Blüte" read as one word twice is not "Birne Stiel".
    assert!(!agree::one_name(&[2, 2], &[1, 2]));
    assert!(agree::one_name(&[2, 2], &[1, 2, 2]));
}
