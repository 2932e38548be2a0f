use super::*;

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
