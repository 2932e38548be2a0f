//! Unit tests of describing halves, apart so halves.rs holds only the description.

use super::*;

#[test]
fn a_long_name_beside_the_left_edge_keeps_its_word_near_the_centre() {
    // Two dark words on white, 10 px apart, the second ending 20 px
    // short of the centre: one name, like "Schwarz Körper".
    let mut px = vec![[250.0f32; 3]; WORK * WORK];
    for y in 195..211 {
        for x in (15..96).chain(106..181) {
            px[y * WORK + x] = [0.0; 3];
        }
    }
    let left = &describe(&Work { px })[2];
    assert_eq!(left.upright.w, 166, "both words are the left edge's ink");
}
