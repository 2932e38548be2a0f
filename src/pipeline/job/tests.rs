//! Unit tests of which boards a job draws ([`super::report`]), apart so the job's code reads on its own.

use super::report::chosen_for_images;
use crate::kind::Facts;
use crate::pipeline::options::OutputOptions;

fn facts<'a>(listed: usize, classes: &'a [u32], look_classes: &'a [u32]) -> Facts<'a> {
    Facts {
        rows: 2,
        cols: 2,
        tiles: None,
        total: listed as crate::kind::Count,
        unique: None,
        looks: None,
        stopped: None,
        listed,
        nodes: 0,
        classes,
        look_classes,
        closest: None,
    }
}

/// Domino Fit has no classes: `--unique` changes nothing, and only
/// `--max-images` leaves a solution without its board.
#[test]
fn a_kind_without_classes_gets_the_first_boards_up_to_max_images() {
    let output = OutputOptions {
        max_images: 2,
        unique: true,
        ..OutputOptions::default()
    };
    assert_eq!(
        chosen_for_images(&facts(3, &[], &[]), &output),
        (vec![0, 1], true)
    );
    assert_eq!(
        chosen_for_images(&facts(2, &[], &[]), &output),
        (vec![0, 1], false)
    );
}

#[test]
fn classes_pick_each_first_member_and_only_max_images_counts_as_capped() {
    let (classes, looks) = ([1, 1, 1, 1, 2, 2, 2, 2], [1, 1, 2, 2, 1, 1, 3, 3]);
    let f = facts(8, &classes, &looks);
    let unique = OutputOptions {
        max_images: 2,
        unique: true,
        ..OutputOptions::default()
    };
    assert_eq!(chosen_for_images(&f, &unique), (vec![0, 4], false));
    let looks = OutputOptions {
        max_images: 2,
        distinct_looks: true,
        ..OutputOptions::default()
    };
    assert_eq!(chosen_for_images(&f, &looks), (vec![0, 2], true));
}
