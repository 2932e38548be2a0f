use super::*;

/// The overlap counted pixel by pixel, every position tested: what
/// [`overlap`] must equal.
fn plain_overlap(a: &Mask, b: &Mask, (sx, sy): (i64, i64)) -> usize {
    let mut both = 0usize;
    for y in 0..b.h as i64 {
        let ay = y + sy;
        if ay < 0 || ay >= a.h as i64 {
            continue;
        }
        for x in 0..b.w as i64 {
            let ax = x + sx;
            if ax >= 0
                && ax < a.w as i64
                && b.on[(y as usize) * b.w + x as usize]
                && a.on[(ay as usize) * a.w + ax as usize]
            {
                both += 1;
            }
        }
    }
    both
}

#[test]
fn the_overlap_by_rows_counts_what_the_pixel_walk_counts() {
    let mut seed = 11u64;
    let mut mask = |w: usize, h: usize| {
        let on: Vec<bool> = (0..w * h)
            .map(|_| {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                (seed >> 33).is_multiple_of(3)
            })
            .collect();
        let count = on.iter().filter(|&&b| b).count();
        Mask {
            w,
            h,
            on,
            count,
            ..Mask::default()
        }
    };
    let masks = [
        mask(30, 9),
        mask(27, 12),
        mask(1, 1),
        mask(5, 40),
        mask(0, 0),
    ];
    for a in &masks {
        for b in &masks {
            for sy in -45..=45i64 {
                for sx in -35..=35i64 {
                    assert_eq!(
                        overlap(a, b, (sx, sy)),
                        plain_overlap(a, b, (sx, sy)),
                        "{}x{} on {}x{} at {sx},{sy}",
                        b.w,
                        b.h,
                        a.w,
                        a.h
                    );
                }
            }
        }
    }
}

/// Eight classes of four halves, copies within a class `near` apart (the
/// first two identical), classes 2k and 2k + 1 `twin` apart (one digit
/// differs), all others 1.0.
fn twins(near: f32, twin: f32) -> Vec<Vec<f32>> {
    (0..32usize)
        .map(|i| {
            (0..32usize)
                .map(|j| {
                    if i == j || (i / 4 == j / 4 && i % 4 < 2 && j % 4 < 2) {
                        0.0
                    } else if i / 4 == j / 4 {
                        near
                    } else if i / 8 == j / 8 {
                        twin
                    } else {
                        1.0
                    }
                })
                .collect()
        })
        .collect()
}

#[test]
fn names_one_digit_apart_are_two_classes() {
    // The distances of das-verrueckte-loriot-legespiel: copies 0.024
    // apart, "WOMAN GREEN 1" and "WOMAN GREEN 2" 0.112.
    let classes = cluster(&twins(0.024, 0.112), false).expect("classes");
    assert_eq!(classes.members.len(), 8);
    for (c, m) in classes.members.iter().enumerate() {
        assert_eq!(m, &(4 * c..4 * c + 4).collect::<Vec<_>>());
    }
}

#[test]
fn three_prints_are_three_classes_only_when_odd_is_allowed() {
    // Three classes of four halves, 0.01 within, 1.0 between: an even cut
    // cannot be right; allowed odd, the three are found.
    let d: Vec<Vec<f32>> = (0..12usize)
        .map(|i| {
            (0..12usize)
                .map(|j| if i / 4 == j / 4 { 0.01 } else { 1.0 })
                .collect()
        })
        .collect();
    let classes = cluster(&d, true).expect("classes");
    assert_eq!(
        classes.members,
        vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7], vec![8, 9, 10, 11]]
    );
    assert!(cluster(&d, false).map_or(true, |c| c.members.len() != 3));
}

/// Four names, each printed alike on two edges (0 apart) and turned with
/// two others (0.06 apart), the names 0.7 apart: the step from 0 is the
/// finest clear jump, a class per edge; the names' cut is the next one.
#[test]
fn copies_printed_alike_make_a_fine_cut_and_the_names_a_coarser_one() {
    let n = 16;
    let d: Vec<Vec<f32>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| match (i / 4 == j / 4, i / 2 == j / 2) {
                    _ if i == j => 0.0,
                    (true, true) => 0.0,
                    (true, false) => 0.06,
                    _ => 0.7,
                })
                .collect()
        })
        .collect();
    let cuts = cluster_then_coarser(&d, false).expect("classes");
    assert_eq!(cuts[0].members.len(), 8);
    assert_eq!(
        cluster(&d, false).expect("classes").members,
        cuts[0].members
    );
    assert_eq!(cuts.len(), 2, "no cut into 2 classes: one picture");
    assert_eq!(
        cuts[1].members,
        (0..4)
            .map(|k| (4 * k..4 * k + 4).collect::<Vec<_>>())
            .collect::<Vec<_>>()
    );
}

/// A stroke whose rim fell above the threshold on one print and below it
/// on the other: by grey level the rim's weak ink differs little.
#[test]
fn one_stroke_with_and_without_a_faint_rim_is_closer_by_grey_level() {
    let mask = |rim: bool, level: bool| {
        let (w, h) = (6, 8);
        let on: Vec<bool> = (0..w * h)
            .map(|i| i % w < 3 || (rim && i % w == 3))
            .collect();
        let count = on.iter().filter(|&&b| b).count();
        let lv = |i: usize| match (on[i], i % w) {
            (false, _) => 0,
            (true, 3) => 140,
            _ => 255,
        };
        Mask {
            w,
            h,
            level: if level {
                (0..w * h).map(lv).collect()
            } else {
                Vec::new()
            },
            on,
            count,
        }
    };
    let binary = mask_distance(&mask(true, false), &[mask(false, false)]);
    let grey = mask_distance(&mask(true, true), &[mask(false, true)]);
    assert!((binary - 8.0 / 56.0).abs() < 1e-6, "{binary}");
    assert!(grey < 0.7 * binary, "{grey} against {binary}");
}
