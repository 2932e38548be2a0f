use super::*;
use crate::kind::tiles::model::{BOTTOM, LEFT, RIGHT, TOP};

/// A 2x2 board planted with pictures A (classes 0 and 1) and B (2 and 3),
/// every outer edge B's `+` half; `flipped`: the top of tile 3 shows A's
/// `+` half where its `-` half belongs, as the bench makes a puzzle
/// unsolvable (three `-` halves for four inner seams).
fn planted(flipped: bool) -> Vec<usize> {
    let mut of = vec![2; 16];
    let mut put = |tile: usize, side: usize, class: usize| of[4 * tile + side] = class;
    put(0, RIGHT, 0);
    put(1, LEFT, 1);
    put(0, BOTTOM, 2);
    put(2, TOP, 3);
    put(1, BOTTOM, 0);
    put(3, TOP, if flipped { 0 } else { 1 });
    put(2, RIGHT, 2);
    put(3, LEFT, 3);
    of
}

const PAIRS: [(usize, usize); 2] = [(0, 1), (2, 3)];

#[test]
fn a_puzzle_one_card_off_misses_one_edge_on_its_closest_board() {
    assert_eq!(missed(2, (&planted(false), &PAIRS), 1_000_000), Some(0));
    let off = planted(true);
    let probe = solve::probe(
        &pairing::puzzle(2, &off, &PAIRS),
        1_000_000,
        solve::Searched::default(),
    );
    assert_eq!(probe.solves, Some(false));
    assert_eq!(missed(2, (&off, &PAIRS), 1_000_000), Some(1));
    // Out of placements before any board: nothing said.
    assert_eq!(missed(2, (&off, &PAIRS), 0), None);
}

/// Classes 0..4 of two halves each (halves 2c and 2c + 1), the distances
/// between halves `within` inside a class, `across` between the classes
/// of a pair ((0, 1) and (2, 3)), 1 otherwise.
fn looks_apart(within: f32, across: f32) -> (Classes, Vec<Vec<f32>>) {
    let of: Vec<usize> = (0..8).map(|h| h / 2).collect();
    let members = (0..4).map(|c| vec![2 * c, 2 * c + 1]).collect();
    let dist = (0..8)
        .map(|a| {
            (0..8)
                .map(|b| match (a / 2, b / 2) {
                    _ if a == b => 0.0,
                    (x, y) if x == y => within,
                    (x, y) if x / 2 == y / 2 => across,
                    _ => 1.0,
                })
                .collect()
        })
        .collect();
    let classes = Classes {
        of,
        members,
        confidence: vec![0.7; 4],
        gap: 5.0,
        finer: 1.0,
        two_prints: Vec::new(),
    };
    (classes, dist)
}

#[test]
fn a_pair_whose_classes_look_like_one_class_does_not_stand_apart() {
    let pairs = [(0, 1), (2, 3)];
    // A photo crop's two halves: nearer each other than other prints, yet
    // three times a copy's spread apart.
    let (classes, dist) = looks_apart(0.06, 0.2);
    assert!(apart(&dist, &classes, &pairs) >= APART);
    // One picture whose halves look alike, its copies split in two classes
    // paired with each other: the classes are as near as their own copies.
    let (classes, dist) = looks_apart(0.06, 0.05);
    assert!(apart(&dist, &classes, &pairs) < APART);
}
