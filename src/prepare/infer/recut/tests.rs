use super::*;

/// `prints` prints of three copies each, copies 0.05 apart, the two halves
/// of one picture (prints 2k and 2k + 1) `halves` apart, other prints
/// `other`:
/// photo crops after damage, whose two halves of a crop alike in tone merge
/// before the prints of different crops.
fn crops(prints: usize, halves: f32, other: f32) -> Vec<Vec<f32>> {
    let n = 3 * prints;
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    let (p, q) = (i / 3, j / 3);
                    if i == j {
                        0.0
                    } else if p == q {
                        0.05
                    } else if p / 2 == q / 2 {
                        halves
                    } else {
                        other
                    }
                })
                .collect()
        })
        .collect()
}

/// A reading of `classes` pairing 0/1, 2/3, …, `margin` ahead of its
/// rival, well supported, every class sure.
pub(super) fn reading(mut classes: Classes, margin: f32, solves: bool) -> Reading {
    let k = classes.members.len();
    classes.confidence = vec![1.0; k];
    Reading {
        classes,
        pairs: (0..k / 2).map(|p| (2 * p, 2 * p + 1)).collect(),
        cost: 1.0,
        rival: 1.0 + margin,
        solves,
        doubt: Vec::new(),
        costs: Vec::new(),
        support: 1.5,
        searched: Default::default(),
        seams_against: false,
        open: None,
        worst_seam: None,
    }
}

#[test]
fn the_finer_cut_into_prints_is_offered_under_the_one_chosen() {
    let dist = crops(8, 0.12, 0.8);
    // The ladder cuts where the halves of each crop have merged.
    let first = classes::cluster_into(&dist, false, art::FEWEST_CLASSES).expect("a cut");
    assert_eq!(first.members.len(), 4);
    let finer = classes::finer_cuts(&dist, Some(4), (art::FEWEST_CLASSES, LEAST_GAP, MOST));
    let counts: Vec<usize> = finer.iter().map(|c| c.members.len()).collect();
    assert_eq!(counts, vec![8], "no cut of copies apart, only the prints");
    assert!(finer[0]
        .members
        .iter()
        .all(|m| m.len() == 3 && m[0] % 3 == 0));
    // Nothing finer stands out under a cut into the prints.
    assert!(classes::finer_cuts(&dist, Some(8), (4, LEAST_GAP, MOST)).is_empty());
}

#[test]
fn a_refused_reading_gives_way_to_a_finer_cut_that_solves_and_is_sure() {
    let dist = crops(8, 0.12, 0.8);
    let first = classes::cluster_into(&dist, false, art::FEWEST_CLASSES).expect("a cut");
    let refused = reading(first.clone(), 0.1, true);
    assert!(decide::confidence(&refused) < decide::WRITE_AT);
    let taken = or_finer(Ok(refused), Some(&first.of), &dist, |c| {
        Ok(reading(c, 1.5, true))
    })
    .expect("a reading");
    assert_eq!(taken.classes.members.len(), 8);
    // A finer cut that solves nothing is not let say "unsolvable".
    let kept = or_finer(
        Ok(reading(first.clone(), 0.1, true)),
        Some(&first.of),
        &dist,
        |c| Ok(reading(c, 3.0, false)),
    )
    .expect("a reading");
    assert_eq!(kept.classes.members.len(), 4);
    // Nor one whose margin is small.
    let kept = or_finer(
        Ok(reading(first.clone(), 0.1, true)),
        Some(&first.of),
        &dist,
        |c| Ok(reading(c, 0.2, true)),
    )
    .expect("a reading");
    assert_eq!(kept.classes.members.len(), 4);
    // A first reading that stands is kept, but the finer cut just under
    // it reads each of its classes as a whole picture, the two halves of a
    // crop paired: its classes are marked as two prints, and refused.
    let kept = or_finer(
        Ok(reading(first.clone(), 1.5, true)),
        Some(&first.of),
        &dist,
        |c| Ok(reading(c, 1.5, true)),
    )
    .expect("a reading");
    assert_eq!(kept.classes.members.len(), 4);
    assert_eq!(kept.classes.two_prints, vec![0, 1, 2, 3]);
    assert!(decide::confidence(&kept) < decide::WRITE_AT);
    // Nor when that finer reading is not one `infer` writes.
    let kept = or_finer(
        Ok(reading(first.clone(), 1.5, true)),
        Some(&first.of),
        &dist,
        |c| Ok(reading(c, 0.2, true)),
    )
    .expect("a reading");
    assert!(kept.classes.two_prints.is_empty());
}

#[test]
fn a_first_reading_without_a_finer_jump_is_not_read_again() {
    // The crops' halves 0.3 apart: the ladder cuts into the 8 prints, and
    // nothing finer stands out.
    let dist = crops(8, 0.3, 0.8);
    let first = classes::cluster_into(&dist, false, art::FEWEST_CLASSES).expect("a cut");
    assert_eq!(first.members.len(), 8);
    let kept = or_finer(
        Ok(reading(first.clone(), 1.5, true)),
        Some(&first.of),
        &dist,
        |_| panic!("read again"),
    )
    .expect("a reading");
    assert!(decide::confidence(&kept) >= decide::WRITE_AT);
}

#[test]
fn no_cut_that_stood_out_still_gets_a_second_look() {
    // Copies spread by a sheet's cut, crops of near tones: no jump
    // reaches the first cut's least (the prints 1.4, the pictures 1.43).
    let dist = crops(8, 0.09, 0.15);
    assert!(classes::cluster_into(&dist, false, art::FEWEST_CLASSES).is_err());
    let taken = or_finer(Err("not cut".into()), None, &dist, |c| {
        Ok(reading(c, 1.5, true))
    })
    .expect("a reading");
    assert_eq!(taken.classes.members.len(), 8);
}

/// Halves by print, `copies` each: copies of one print `spread` apart, the
/// prints of one class `parts` apart, any other two prints 0.8: the
/// distances and the coarse cut with prints `2k` and `2k + 1` in one class.
fn split_prints(
    prints: usize,
    copies: usize,
    spread: f32,
    parts: f32,
) -> (Vec<Vec<f32>>, Vec<usize>) {
    let n = prints * copies;
    let dist = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    let (p, q) = (i / copies, j / copies);
                    if i == j {
                        0.0
                    } else if p == q {
                        spread
                    } else if p / 2 == q / 2 {
                        parts
                    } else {
                        0.8
                    }
                })
                .collect()
        })
        .collect();
    let coarse = (0..n).map(|h| h / copies / 2).collect();
    (dist, coarse)
}

/// A sure, solving reading of classes whose members are the prints
/// `members` (by `copies` halves each), paired as `pairs`.
fn finer_reading(members: &[&[usize]], copies: usize, pairs: Vec<(usize, usize)>) -> Reading {
    let members: Vec<Vec<usize>> = members
        .iter()
        .map(|ps| {
            ps.iter()
                .flat_map(|&p| p * copies..(p + 1) * copies)
                .collect()
        })
        .collect();
    let mut of = vec![0; members.iter().map(Vec::len).sum()];
    for (c, m) in members.iter().enumerate() {
        for &h in m {
            of[h] = c;
        }
    }
    let k = members.len();
    let mut r = reading(
        Classes {
            of,
            members,
            confidence: vec![1.0; k],
            gap: 1.4,
            finer: 1.0,
            two_prints: Vec::new(),
        },
        3.0,
        true,
    );
    r.pairs = pairs;
    r
}

#[test]
fn the_two_halves_of_a_crop_split_from_one_class_may_be_paired() {
    // Coarse classes {0, 1} and {2, 3}: each crop's two halves, alike in
    // tone (0.12 apart, copies 0.05); the finer cut pairs them.
    let (dist, coarse) = split_prints(4, 3, 0.05, 0.12);
    let r = finer_reading(&[&[0], &[1], &[2], &[3]], 3, vec![(0, 1), (2, 3)]);
    assert_eq!(coarse::against(&coarse, &r, &dist), None);
}

#[test]
fn a_print_split_from_one_class_and_paired_with_itself_is_refused() {
    // Coarse classes {0, 1} and {2, 3}: each one print's copies spread by
    // damage (0.2 apart, two groups 0.28 apart: a jump of 1.32 with the
    // ladder's floor, under 1.5 without it), split by the finer cut and
    // each paired with itself.
    let (dist, coarse) = split_prints(4, 3, 0.2, 0.28);
    let parts = || finer_reading(&[&[0], &[1], &[2], &[3]], 3, vec![(0, 1), (2, 3)]);
    assert_eq!(
        coarse::against(&coarse, &parts(), &dist),
        Some(vec![0, 1, 2, 3])
    );
    // Nor is it taken on a second look: the refused first reading stays.
    let first = Classes {
        of: coarse.clone(),
        members: vec![(0..6).collect(), (6..12).collect()],
        confidence: vec![1.0; 2],
        gap: 2.6,
        finer: 1.32,
        two_prints: Vec::new(),
    };
    let offered = classes::finer_cuts(&dist, Some(2), (art::FEWEST_CLASSES, LEAST_GAP, MOST));
    assert_eq!(offered.len(), 1, "the cut into the four groups");
    let kept = or_finer(Ok(reading(first, 0.1, true)), Some(&coarse), &dist, |_| {
        Ok(parts())
    })
    .expect("a reading");
    assert_eq!(kept.classes.members.len(), 2);
}

#[test]
fn one_picture_read_as_two_from_the_same_two_classes_is_refused() {
    // Coarse classes 0 and 1 are one picture's halves (prints 0 and 2,
    // prints 1 and 3, by half); the finer cut splits a copy off each
    // (prints 2 and 3) and pairs them as a second picture: clip art
    // `things` 3x3 of seed 1. The distances do not matter here.
    let dist = vec![vec![0.5; 8]; 8];
    let coarse = vec![0, 0, 1, 1, 0, 0, 1, 1];
    let r = finer_reading(&[&[0], &[1], &[2], &[3]], 2, vec![(0, 1), (2, 3)]);
    assert_eq!(coarse::against(&coarse, &r, &dist), Some(vec![0, 1, 2, 3]));
    // Paired across instead, each class with the other's part, it is the
    // same two pictures read from two classes: refused alike.
    let r = finer_reading(&[&[0], &[1], &[2], &[3]], 2, vec![(0, 3), (1, 2)]);
    assert!(coarse::against(&coarse, &r, &dist).is_some());
}

#[test]
fn a_lone_copy_read_whole_with_another_does_not_refuse_the_coarser_cut() {
    // One print's three copies (halves 0-2, coarse class 0), two of them
    // apart from the third: the finer cut reads each alone and pairs two.
    let dist = vec![
        vec![0.0, 0.11, 0.23, 0.9],
        vec![0.11, 0.0, 0.12, 0.9],
        vec![0.23, 0.12, 0.0, 0.9],
        vec![0.9, 0.9, 0.9, 0.0],
    ];
    let coarse = vec![0, 0, 0, 1];
    let r = finer_reading(&[&[0], &[1], &[2], &[3]], 1, vec![(0, 2), (1, 3)]);
    assert!(coarse::whole_pictures(&coarse, &r, &dist).is_empty());
}
