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
