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
fn reading(mut classes: Classes, margin: f32, solves: bool) -> Reading {
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
    let taken =
        or_finer(Ok(refused), Some(4), &dist, |c| Ok(reading(c, 1.5, true))).expect("a reading");
    assert_eq!(taken.classes.members.len(), 8);
    // A finer cut that solves nothing is not let say "unsolvable".
    let kept = or_finer(Ok(reading(first.clone(), 0.1, true)), Some(4), &dist, |c| {
        Ok(reading(c, 3.0, false))
    })
    .expect("a reading");
    assert_eq!(kept.classes.members.len(), 4);
    // Nor one whose margin is small.
    let kept = or_finer(Ok(reading(first.clone(), 0.1, true)), Some(4), &dist, |c| {
        Ok(reading(c, 0.2, true))
    })
    .expect("a reading");
    assert_eq!(kept.classes.members.len(), 4);
    // A first reading that stands is kept without a second look.
    let kept = or_finer(Ok(reading(first, 1.5, true)), Some(4), &dist, |_| {
        panic!("read again")
    })
    .expect("a reading");
    assert_eq!(kept.classes.members.len(), 4);
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
