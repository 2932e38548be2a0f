use super::*;
use crate::prepare::infer::looks::{Lab, HUES, STRIP};

/// A strip of print `p`: its own colour (on a circle of hues, print 5
/// far lighter than the rest), with a pattern along the side.
fn print(p: usize) -> Vec<Lab> {
    let angle = p as f32 * std::f32::consts::FRAC_PI_3;
    let light = if p == 5 { 80.0 } else { 0.0 };
    (0..STRIP)
        .map(|k| {
            let x = k as f32 * 0.1;
            [
                20.0 + light + 5.0 * x.sin(),
                30.0 * angle.cos(),
                30.0 * angle.sin() + 3.0 * x.cos(),
            ]
        })
        .collect()
}

/// The half showing print `p` (`+` halves) or its other half (`-`, the
/// same strip met from the other side: reversed along the seam).
fn half(p: usize, minus: bool) -> Look {
    let mut s = print(p);
    if minus {
        s.reverse();
    }
    Look {
        cells: Vec::new(),
        strips: [s.clone(), s],
        hues: [0.0; HUES],
        fg: Vec::new(),
        strip_fg: vec![1.0; STRIP],
    }
}

/// Six tiles whose halves show pictures 0-5 (`+` on the right and top,
/// `-` on the left and bottom), classes given by `class_of` on (picture,
/// minus).
/// Also the halves' look distances: 0 between halves of one print, 0.3
/// between a picture's two halves, 1 otherwise.
fn board(class_of: impl Fn(usize, bool) -> usize, k: usize) -> (Vec<Look>, Classes, Vec<Vec<f32>>) {
    let mut looks = Vec::new();
    let mut of = Vec::new();
    let mut prints = Vec::new();
    for t in 0..6 {
        for (side, minus) in [(0, false), (1, false), (2, true), (3, true)] {
            let p = (t + side) % 6;
            looks.push(half(p, minus));
            of.push(class_of(p, minus));
            prints.push((p, minus));
        }
    }
    let dist = prints
        .iter()
        .map(|a| {
            prints
                .iter()
                .map(|b| match (a.0 == b.0, a.1 == b.1) {
                    (true, true) => 0.0,
                    (true, false) => 0.3,
                    _ => 1.0,
                })
                .collect()
        })
        .collect();
    let mut members = vec![Vec::new(); k];
    for (h, &c) in of.iter().enumerate() {
        members[c].push(h);
    }
    let classes = Classes {
        of,
        members,
        confidence: vec![0.5; k],
        gap: 5.0,
        finer: 1.0,
        two_prints: Vec::new(),
    };
    (looks, classes, dist)
}

/// The hues' spread of coded art: the seam measures [`seam::USED`] alone.
const CODED: f32 = 1.0;

/// The classes' confidences the seams confirm (some pair's, at least).
fn sure_of(
    looks: &[Look],
    classes: &Classes,
    (dist, cost): (&[Vec<f32>], &[Vec<f32>]),
    pairs: &[(usize, usize)],
) -> Vec<f32> {
    let outlines = vec![None; looks.len()];
    confirmed(
        looks,
        &outlines,
        classes,
        (dist, cost),
        pairs,
        (CODED, Grounds::default()),
        ASTRAY,
    )
    .expect("seams confirm")
}

/// [`confirmed`] under pair costs that tell no two classes apart.
fn untold(
    looks: &[Look],
    outlines: &[Option<Outline>],
    classes: &Classes,
    dist: &[Vec<f32>],
    pairs: &[(usize, usize)],
) -> Option<Vec<f32>> {
    let cost = flat(classes.members.len());
    confirmed(
        looks,
        outlines,
        classes,
        (dist, &cost),
        pairs,
        (CODED, Grounds::default()),
        ASTRAY,
    )
}

/// Copies of a print 0.1 apart (a scan's noise), pictures 0's and 1's `+`
/// prints 0.3 apart (two crops of one photograph), in [`board`]'s
/// distances.
fn near_prints(dist: &mut [Vec<f32>]) {
    let pic = |h: usize| ((h / 4 + h % 4) % 6, h % 4 >= 2);
    for (a, row) in dist.iter_mut().enumerate() {
        for (b, d) in row.iter_mut().enumerate() {
            let (pa, pb) = (pic(a), pic(b));
            if a != b && pa == pb {
                *d = 0.1;
            } else if pa.0 != pb.0 && pa.0 < 2 && pb.0 < 2 && !pa.1 && !pb.1 {
                *d = 0.3;
            }
        }
    }
}

/// Pair costs that tell no two classes apart.
fn flat(k: usize) -> Vec<Vec<f32>> {
    vec![vec![0.0; k]; k]
}

#[test]
fn classes_of_one_print_each_are_confirmed_by_their_partners_seams() {
    let (looks, classes, dist) = board(|p, minus| 2 * p + usize::from(minus), 12);
    let pairs: Vec<(usize, usize)> = (0..6).map(|p| (2 * p, 2 * p + 1)).collect();
    let outlines = vec![None; looks.len()];
    let cross = cross_seams(&looks, &outlines, &classes, &pairs, (CODED, false));
    assert!(cross.iter().all(|&c| c < 0.7), "{cross:?}");
    // Their looks say 0.5 (set so); beside their partners they are sure.
    let sure = untold(&looks, &outlines, &classes, &dist, &pairs);
    assert_eq!(sure, Some(vec![1.0; 12]));
    // Pictures 0 and 3 (opposite hues) paired crosswise: a wrong pairing
    // of right classes puts two pairs astray, and the seams then confirm
    // no pair (the others' classes may be as wrong as the pairing).
    let mut swapped = pairs.clone();
    swapped[0] = (0, 7);
    swapped[3] = (6, 1);
    assert_eq!(untold(&looks, &outlines, &classes, &dist, &swapped), None);
}

/// Pictures 4 and 5 taken for one: class 8 holds both `+` prints, class 9
/// both `-` prints; ten classes, one pair astray.
fn two_pictures_as_one(p: usize, minus: bool) -> usize {
    2 * p.min(4) + usize::from(minus)
}

#[test]
fn one_pair_astray_leaves_the_other_pairs_confirmed() {
    let (looks, classes, dist) = board(two_pictures_as_one, 10);
    let pairs: Vec<(usize, usize)> = (0..5).map(|p| (2 * p, 2 * p + 1)).collect();
    let outlines = vec![None; looks.len()];
    let cross = cross_seams(&looks, &outlines, &classes, &pairs, (CODED, false));
    assert!(cross[8] >= CONFIRMS_BELOW, "{cross:?}");
    // The right pairs are judged beside their partners; the pair of two
    // prints keeps its looks (0.5, as the board sets them).
    let mut expect = vec![1.0; 10];
    expect[8..].fill(0.5);
    assert_eq!(
        untold(&looks, &outlines, &classes, &dist, &pairs),
        Some(expect)
    );
}

#[test]
fn a_print_in_a_pair_the_seams_do_not_confirm_stays_a_stranger() {
    // Copies 0.1 apart, picture 1's `+` prints (class 2) 0.3 from picture
    // 4's (in class 8, whose pair is astray). Class 2's own pair is
    // confirmed, and exchanging its partner with class 8's is dearer by
    // 0.4, yet class 8 is no class the seams vouch for: it stays class 2's
    // near stranger.
    let (looks, classes, mut dist) = board(two_pictures_as_one, 10);
    let pic = |h: usize| ((h / 4 + h % 4) % 6, h % 4 >= 2);
    for (a, row) in dist.iter_mut().enumerate() {
        for (b, d) in row.iter_mut().enumerate() {
            let (pa, pb) = (pic(a), pic(b));
            if a != b && pa == pb {
                *d = 0.1;
            } else if !pa.1 && !pb.1 && matches!((pa.0, pb.0), (1, 4) | (4, 1)) {
                *d = 0.3;
            }
        }
    }
    let pairs: Vec<(usize, usize)> = (0..5).map(|p| (2 * p, 2 * p + 1)).collect();
    let mut cost = flat(10);
    cost[2][9] = 0.4;
    cost[9][2] = 0.4;
    let sure = sure_of(&looks, &classes, (&dist, &cost), &pairs);
    assert!((sure[2] - (1.0 - 0.1 / 0.3)).abs() < 1e-5, "{sure:?}");
    // Class 8 keeps its looks.
    assert_eq!(sure[8], 0.5, "{sure:?}");
}

#[test]
fn a_class_holding_two_prints_meets_its_partner_like_strangers() {
    // Pictures 4 and 5's `+` halves taken for one print: class 8 holds
    // both, and whichever `-` class it pairs with, half its members meet
    // that class's members as strangers do.
    let class_of = |p: usize, minus: bool| match (p, minus) {
        (5, false) => 8,
        (5, true) => 10,
        _ => 2 * p + usize::from(minus),
    };
    let (looks, classes, dist) = board(class_of, 12);
    let pairs = vec![(0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (10, 11)];
    let outlines = vec![None; looks.len()];
    let cross = cross_seams(&looks, &outlines, &classes, &pairs, (CODED, false));
    assert!(
        cross[8] >= CONFIRMS_BELOW && cross[9] >= CONFIRMS_BELOW,
        "{cross:?}"
    );
    // The right pairs beside it stay confirmed.
    assert!(cross[..8].iter().all(|&c| c < 0.7), "{cross:?}");
    // A class without members is confirmed by nothing.
    assert!(cross[11].is_infinite(), "{cross:?}");
    // A class without members: the seams confirm nothing.
    assert_eq!(untold(&looks, &outlines, &classes, &dist, &pairs), None);
}

#[test]
fn two_pictures_that_look_and_continue_alike_stay_as_unsure_as_their_looks() {
    // Pictures 0 and 1 taken for one: class 0 holds both `+` halves,
    // class 1 both `-` halves. Their seams continue (each print against
    // its own other half... and, as their strips are made alike here, the
    // other picture's): the seams confirm the pairing, but beside the
    // partner the nearest stranger is still the other picture's print.
    let class_of = |p: usize, minus: bool| match p {
        0 | 1 => usize::from(minus),
        _ => 2 * p - 2 + usize::from(minus),
    };
    let (mut looks, classes, mut dist) = board(class_of, 10);
    for (h, l) in looks.iter_mut().enumerate() {
        let (t, side) = (h / 4, h % 4);
        if (t + side) % 6 == 1 {
            // Picture 1's strips as picture 0's: alike across the seam.
            let mut s = print(0);
            if side >= 2 {
                s.reverse();
            }
            l.strips = [s.clone(), s];
        }
    }
    // Picture 0's and 1's prints 0.4 apart in looks: the class's spread.
    let pic = |h: usize| ((h / 4 + h % 4) % 6, h % 4 >= 2);
    for (a, row) in dist.iter_mut().enumerate() {
        for (b, d) in row.iter_mut().enumerate() {
            let (pa, pb) = (pic(a), pic(b));
            if pa.0 != pb.0 && pa.0 < 2 && pb.0 < 2 {
                *d = if pa.1 == pb.1 { 0.4 } else { 0.5 };
            }
        }
    }
    let pairs: Vec<(usize, usize)> = (0..5).map(|p| (2 * p, 2 * p + 1)).collect();
    let sure = sure_of(&looks, &classes, (&dist, &flat(10)), &pairs);
    // Spread 0.4, wider than most and than the 0.3 from a print to its
    // own other half in the partner class: the partner counts as a
    // stranger ([`partner::mingled`]), 0 (against the nearest print
    // outside the pair at 1 alone it was 0.6).
    assert!(sure[0].abs() < 1e-5, "{sure:?}");
    assert!(sure[0] < super::super::decide::CLASS_SURE, "{sure:?}");
}

#[test]
fn a_near_print_the_seams_tell_apart_does_not_make_a_class_unsure() {
    // One class per print; copies 0.1 apart (a scan's noise), pictures 0's
    // and 1's `+` prints 0.3 apart (two crops of one photograph): by looks
    // alone class 0 is 1 − 0.1/0.3 sure.
    let (looks, classes, mut dist) = board(|p, minus| 2 * p + usize::from(minus), 12);
    let pic = |h: usize| ((h / 4 + h % 4) % 6, h % 4 >= 2);
    near_prints(&mut dist);
    let pairs: Vec<(usize, usize)> = (0..6).map(|p| (2 * p, 2 * p + 1)).collect();
    let unsure = 1.0 - 0.1 / 0.3;
    // Exchanging the partners of classes 0 and 2 costs nothing: the seams
    // do not tell them apart, the looks stand.
    let sure = sure_of(&looks, &classes, (&dist, &flat(12)), &pairs);
    assert!((sure[0] - unsure).abs() < 1e-5, "{sure:?}");
    // Each continues its own partner 0.2 better than the other's: 0.4
    // dearer exchanged, told apart; the next stranger is 1 away.
    let mut cost = flat(12);
    for (c, d) in [(0, 3), (2, 1)] {
        cost[c][d] = 0.2;
        cost[d][c] = 0.2;
    }
    let sure = sure_of(&looks, &classes, (&dist, &cost), &pairs);
    assert!((sure[0] - 0.9).abs() < 1e-5, "{sure:?}");
    assert!(sure[0] >= super::super::decide::CLASS_SURE, "{sure:?}");
    // A class wider than most may hold two prints: its near stranger
    // counts whatever the seams say.
    for (a, row) in dist.iter_mut().enumerate() {
        for (b, d) in row.iter_mut().enumerate() {
            if a != b && pic(a) == (0, false) && pic(b) == (0, false) {
                *d = 0.2;
            }
        }
    }
    let sure = sure_of(&looks, &classes, (&dist, &cost), &pairs);
    assert!((sure[0] - (1.0 - 0.2 / 0.3)).abs() < 1e-5, "{sure:?}");
    // On a coloured ground (emoji on a gradient) a copy's looks vary with
    // the ground under it: the wide class is judged beside the prints the
    // seams do not tell apart, as a narrow one is (the next at 1).
    let outlines = vec![None; looks.len()];
    let coloured = confirmed(
        &looks,
        &outlines,
        &classes,
        (&dist, &cost),
        &pairs,
        (
            CODED,
            Grounds {
                gradient: true,
                evened: false,
            },
        ),
        ASTRAY,
    )
    .expect("seams confirm");
    assert!((coloured[0] - 0.8).abs() < 1e-5, "{coloured:?}");
}

#[test]
fn a_wide_class_its_partner_comes_within_is_judged_beside_its_partner() {
    // Photo 4x4 s126 after JPEG 60 read at the second look's 6 classes:
    // class 0 holds both halves of picture 0 and picture 1's `+` halves,
    // its partner class 1 picture 1's `-` halves. Flat strips (a sky)
    // continue whatever they meet, so the seams confirm the pair.
    let class_of = |p: usize, minus: bool| match (p, minus) {
        (0, _) | (1, false) => 0,
        (1, true) => 1,
        _ => 2 * p - 2 + usize::from(minus),
    };
    let (mut looks, classes, mut dist) = board(class_of, 10);
    let pic = |h: usize| ((h / 4 + h % 4) % 6, h % 4 >= 2);
    for (h, l) in looks.iter_mut().enumerate() {
        if pic(h).0 < 2 {
            let s = vec![[50.0, 0.0, 0.0]; STRIP];
            l.strips = [s.clone(), s];
        }
    }
    // Class 0's prints 0.1 apart, each 0.08 from its partner's.
    for (a, row) in dist.iter_mut().enumerate() {
        for (b, d) in row.iter_mut().enumerate() {
            let (ca, cb) = (class_of(pic(a).0, pic(a).1), class_of(pic(b).0, pic(b).1));
            if pic(a) == pic(b) || ca > 1 || cb > 1 {
                continue;
            }
            *d = if ca == cb { 0.1 } else { 0.08 };
        }
    }
    let pairs: Vec<(usize, usize)> = (0..5).map(|p| (2 * p, 2 * p + 1)).collect();
    let sure = sure_of(&looks, &classes, (&dist, &flat(10)), &pairs);
    // Beside the other prints only it was 1 − 0.1/1 = 0.9 sure; its
    // partner, nearer than its own spread, says it may hold a picture's
    // two halves.
    assert!(sure[0] < super::super::decide::CLASS_SURE, "{sure:?}");
    assert!(sure[2] > 0.99, "{sure:?}");
}
