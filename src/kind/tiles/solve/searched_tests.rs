//! [`Searched`]: a search that takes the units an earlier search of the
//! same puzzle went through gives the outcome it gives on its own.

use super::budget_tests::key;
use super::count::tests::{corpus_puzzle, drawn, TRAILS};
use super::*;

/// `infer`'s two searches of one puzzle: does it solve (one solution,
/// `check` placements), then its count (`count` placements).
fn check_then_count(p: &Puzzle, check: u64, count: u64) -> (Outcome, Outcome, usize) {
    let mut searched = Searched::default();
    let limits = |max_solutions, max_nodes| Limits {
        max_solutions,
        max_nodes,
        ..Limits::default()
    };
    solve_noting(p, &limits(1, check), &mut searched);
    let known = searched.units();
    let alone = solve(p, &limits(1000, count));
    let after = solve_noting(p, &limits(1000, count), &mut searched);
    (alone, after, known)
}

#[test]
fn a_count_after_a_check_is_the_count_alone() {
    // Cards all different (corpus), kinds of identical cards, and random
    // boards of halves, solvable or not; budgets that stop the check, the
    // count, both or neither.
    let halves: Vec<[u8; 4]> = (0..24u8)
        .map(|k| [k % 8, (k * 3 + 1) % 8, (k * 5 + 2) % 8, (k * 7 + 3) % 8])
        .collect();
    let mut puzzles = vec![
        corpus_puzzle("quadromino.config.xml"),
        corpus_puzzle("catsscramblesquares.config.xml"),
        drawn(3, 3, &TRAILS, 2, true),
    ];
    puzzles.extend((0..12).map(|s| drawn(4, 4, &halves, s, false)));
    let mut reused = 0;
    for (i, p) in puzzles.iter().enumerate() {
        for (check, count) in [
            (u64::MAX / 4, 2_000_000_000),
            (5_000, 20_000),
            (300, 1_000_000),
        ] {
            let (alone, after, known) = check_then_count(p, check, count);
            assert_eq!(
                key(&alone),
                key(&after),
                "puzzle {i}, budgets {check} {count}"
            );
            assert_eq!(alone.extra.tries, after.extra.tries, "puzzle {i}");
            reused += known;
        }
    }
    assert!(reused > 0, "no unit was taken from a check");
}

#[test]
fn what_another_puzzle_searched_is_not_taken() {
    let (a, b) = (drawn(3, 3, &TRAILS, 2, true), drawn(3, 3, &TRAILS, 3, true));
    let mut searched = Searched::default();
    solve_noting(&a, &Limits::default(), &mut searched);
    let after = solve_noting(&b, &Limits::default(), &mut searched);
    assert_eq!(key(&after), key(&solve(&b, &Limits::default())));
}
