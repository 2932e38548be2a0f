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

#[test]
fn a_descender_reaching_into_the_border_rows_is_kept_and_the_frame_is_not() {
    // A dark word above the bottom side whose descender runs down to the
    // card's grey frame (the last three rows), like "Grey heads".
    let last = WORK - 1;
    let mut px = vec![[250.0f32; 3]; WORK * WORK];
    for y in 370..389 {
        for x in 150..251 {
            px[y * WORK + x] = [0.0; 3];
        }
    }
    for y in 389..=last - 3 {
        for x in 180..185 {
            px[y * WORK + x] = [0.0; 3];
        }
    }
    for y in last - 2..=last {
        for x in 0..WORK {
            px[y * WORK + x] = [125.0; 3];
        }
    }
    let bottom = &describe(&Work { px })[3];
    assert_eq!(
        (bottom.upright.w, bottom.upright.h),
        (101, last - 3 - 370 + 1),
        "the whole descender, and not the frame"
    );
    assert_eq!(bottom.upright.count, 101 * 19 + 5 * (last - 3 - 389 + 1));
}

#[test]
fn one_name_on_a_white_and_a_tinted_card_has_one_ink_colour() {
    // A dark grey bar beside the top edge with a one-pixel anti-aliased rim
    // (half ink, half card), once on a white card and once on a pale green
    // one, like a corpus card marked as the first tile.
    let word = |card: [f32; 3]| {
        let mut px = vec![card; WORK * WORK];
        let rim: [f32; 3] = std::array::from_fn(|c| (50.0 + card[c]) / 2.0);
        for y in 19..32 {
            for x in 149..252 {
                let edge = y == 19 || y == 31 || x == 149 || x == 251;
                px[y * WORK + x] = if edge { rim } else { [50.0; 3] };
            }
        }
        describe(&Work { px })[1].ink_colour
    };
    let (white, green) = (word([250.0; 3]), word([208.0, 240.0, 192.0]));
    assert_eq!(white, [50.0; 3], "the core, not the rim");
    assert!(
        colour_distance(white, green) < 0.01,
        "{white:?} against {green:?}"
    );
}

#[test]
fn one_colour_drawn_tile_among_mixed_ones_is_not_a_card() {
    // Drawn tiles: every half its token's colour. One tile all yellow, two
    // with four different colours: the yellow one is no card, so its
    // halves compare by colour with the other yellow halves.
    let colours = [
        [230.0, 190.0, 40.0],
        [200.0, 40.0, 40.0],
        [40.0, 80.0, 200.0],
        [40.0, 160.0, 60.0],
    ];
    let tile = |of: [usize; 4]| {
        let mut px = vec![[0.0f32; 3]; WORK * WORK];
        for y in 0..WORK {
            for x in 0..WORK {
                // Which side's triangle holds (x, y): right, top, left, bottom.
                let (dx, dy) = (x as i64 * 2 - WORK as i64, y as i64 * 2 - WORK as i64);
                let side = if dx.abs() > dy.abs() {
                    if dx > 0 {
                        0
                    } else {
                        2
                    }
                } else if dy < 0 {
                    1
                } else {
                    3
                };
                px[y * WORK + x] = colours[of[side]];
            }
        }
        Work { px }
    };
    let halves = describe_all(&[tile([0; 4]), tile([0, 1, 2, 3]), tile([1, 2, 3, 0])]);
    assert!(halves.iter().all(|h| !h.card_ground));
    assert!(
        describe(&tile([0; 4]))[0].card_ground,
        "alone it reads as a card"
    );
}

#[test]
fn jpeg_colour_bleed_beside_a_marker_is_not_ink() {
    // A dark square marker on a blue half, with a band of the neighbour's
    // colour bled in beside it (about 52 away from the ground), as JPEG at
    // quality 50 leaves: the marker alone is the ink.
    let mut px = vec![[31.0f32, 120.0, 180.0]; WORK * WORK];
    for y in 30..100 {
        for x in 165..235 {
            px[y * WORK + x] = [12.0, 37.0, 55.0];
        }
        for x in (120..165).chain(235..280) {
            px[y * WORK + x] = [61.0, 150.0, 150.0];
        }
    }
    let top = &describe(&Work { px })[1];
    assert_eq!(top.upright.w, 70, "only the marker is ink");
}

#[test]
fn the_middle_value_is_the_sorted_one() {
    let mut seed = 7u64;
    for len in [0usize, 1, 2, 5, 64, 1001] {
        let mut v: Vec<f32> = (0..len)
            .map(|_| {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                ((seed >> 33) % 50) as f32 * 0.5 - 3.0
            })
            .collect();
        let mut sorted = v.clone();
        sorted.sort_by(f32::total_cmp);
        assert_eq!(middle(&mut v), sorted.get(len / 2).copied(), "{len}");
    }
}

#[test]
fn one_name_24_and_25_pixels_high_is_compared_at_one_scale() {
    // A dark bar like a name along the top edge, 24 px high, and the same
    // bar one pixel higher along the left edge (written along it): the
    // first is compared at full resolution, the second shrunk by 2.
    let mut top = vec![[250.0f32; 3]; WORK * WORK];
    for y in 20..44 {
        for x in 125..274 {
            top[y * WORK + x] = [0.0; 3];
        }
    }
    let mut left = vec![[250.0f32; 3]; WORK * WORK];
    for y in 126..275 {
        for x in 20..45 {
            left[y * WORK + x] = [0.0; 3];
        }
    }
    let a = &describe(&Work { px: top })[1];
    let b = &describe(&Work { px: left })[2];
    assert_ne!(shrink_factor(&a.upright), shrink_factor(&b.upright));
    let d = crate::prepare::infer::classes::distance(a, b);
    assert!(d < 0.3, "one name, {d} apart");
}
