use super::against::seams_ratio;
use super::*;
use crate::prepare::infer::classes;

/// Eight halves, four prints of two halves each (copies 0.1 apart), the
/// prints of one photograph 0.2 apart and the two photographs far apart:
/// dev seed 1's 3x3 of photo crops after JPEG, whose clearest jump was
/// between the cat's crops and the astronaut's.
fn two_photographs_of_two_prints_each() -> Vec<Vec<f32>> {
    (0..8)
        .map(|i: usize| {
            (0..8)
                .map(|j: usize| {
                    if i == j {
                        0.0
                    } else if i / 2 == j / 2 {
                        0.1
                    } else if i / 4 == j / 4 {
                        0.2
                    } else {
                        2.0
                    }
                })
                .collect()
        })
        .collect()
}

#[test]
fn the_pictures_are_cut_into_prints_not_into_one_picture() {
    let dist = two_photographs_of_two_prints_each();
    // The plain cut takes the largest jump: two classes, one picture.
    let plain = classes::cluster(&dist, false).expect("a cut");
    assert_eq!(plain.members.len(), 2);
    let prints = classes::cluster_into(&dist, false, FEWEST_CLASSES).expect("a cut");
    assert_eq!(
        prints.members,
        vec![vec![0, 1], vec![2, 3], vec![4, 5], vec![6, 7]]
    );
}

#[test]
fn the_seams_of_two_pairings_are_compared_where_they_differ() {
    // Pictures 0/1, 2/3, 4/5 continue at 0.05, strangers at 1.9; the
    // pair 4/5, in both pairings, counts in neither.
    let mut s = vec![vec![1.9f32; 6]; 6];
    for (a, b) in [(0, 1), (2, 3), (4, 5)] {
        s[a][b] = 0.05;
        s[b][a] = 0.05;
    }
    let truth = [(0, 1), (2, 3), (4, 5)];
    let colours = [(0, 2), (3, 1), (5, 4)];
    let ratio = seams_ratio(&s, &colours, &truth);
    assert!((ratio - 0.1 / 3.8).abs() < 1e-6, "{ratio}");
    assert!((seams_ratio(&s, &truth, &colours) - 38.0).abs() < 1e-4);
    assert_eq!(seams_ratio(&s, &truth, &truth), 1.0);
}
