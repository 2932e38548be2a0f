//! [`probe`]: the same answer as a whole search, within its budget, and a
//! count after it that is the count alone.

use super::budget_tests::key;
use super::count::tests::{corpus_puzzle, drawn, TRAILS};
use super::*;

/// Boards of halves drawn at random, solvable or not, and two real ones.
fn puzzles() -> Vec<Puzzle> {
    let halves: Vec<[u8; 4]> = (0..24u8)
        .map(|k| [k % 8, (k * 3 + 1) % 8, (k * 5 + 2) % 8, (k * 7 + 3) % 8])
        .collect();
    let mut puzzles = vec![
        corpus_puzzle("quadromino.config.xml"),
        drawn(3, 3, &TRAILS, 2, true),
    ];
    puzzles.extend((0..12).map(|s| drawn(4, 4, &halves, s, false)));
    puzzles
}

#[test]
fn a_probe_answers_as_a_whole_search_does() {
    let (mut yes, mut no) = (0, 0);
    for (i, p) in puzzles().iter().enumerate() {
        let whole = solve(
            p,
            &Limits {
                max_solutions: 1,
                ..Limits::default()
            },
        );
        assert!(whole.stopped.is_none() || whole.total > 0, "puzzle {i}");
        let probe = probe(p, u64::MAX / 4, Searched::default());
        assert_eq!(probe.solves, Some(whole.total > 0), "puzzle {i}");
        match &probe.board {
            Some(b) => {
                assert!(p.check(b).is_ok(), "puzzle {i}: {b:?}");
                yes += 1;
            }
            None => no += 1,
        }
    }
    assert!(yes > 0 && no > 0, "{yes} solvable, {no} not");
}

/// The budget bounds the placements below each unit's first one, as in
/// [`solve`]: the first placements of the units one search starts (one
/// per cell and turn at most) come on top.
fn over(p: &Puzzle) -> u64 {
    4 * p.cells() as u64
}

#[test]
fn a_probe_stays_within_its_budget_and_says_so() {
    let p = drawn(3, 3, &TRAILS, 2, true);
    let short = probe(&p, 1, Searched::default());
    assert_eq!(short.solves, None);
    assert!(short.board.is_none());
    assert!(short.nodes <= 1 + over(&p), "{}", short.nodes);
    for p in puzzles() {
        for budget in [10, 1_000, 100_000] {
            let probed = probe(&p, budget, Searched::default());
            let most = budget + over(&p);
            assert!(probed.nodes <= most, "{} > {most}", probed.nodes);
        }
    }
}

#[test]
fn a_count_after_a_probe_is_the_count_alone_in_the_order_that_answered() {
    let mut orders = Vec::new();
    for (i, p) in puzzles().iter().enumerate() {
        let probed = probe(p, u64::MAX / 4, Searched::default());
        let order = probed.searched.order().unwrap_or_default();
        orders.push(order);
        let limits = Limits {
            max_solutions: 1000,
            order,
            ..Limits::default()
        };
        let mut searched = probed.searched;
        let after = solve_noting(p, &limits, &mut searched);
        assert_eq!(key(&solve(p, &limits)), key(&after), "puzzle {i}");
    }
    assert!(orders.contains(&Order::RowMajor), "{orders:?}");
}

/// With small first allowances the orders take turns many times; sharing
/// the units each searched, a proof that a board has no solution costs
/// about one whole search, not up to one in each order, and the answers
/// are the whole search's.
#[test]
fn orders_that_share_their_units_answer_as_a_whole_search() {
    let mut proofs = 0;
    for (i, p) in puzzles().iter().enumerate() {
        let limits = |order| Limits {
            max_solutions: 1,
            order,
            ..Limits::default()
        };
        let whole = solve(p, &limits(Order::RowMajor));
        let probed = super::probe::probe_from(p, u64::MAX / 4, Searched::default(), 64);
        assert_eq!(probed.solves, Some(whole.total > 0), "puzzle {i}");
        if whole.total == 0 && p.rows % 2 == 0 {
            let most = whole.nodes + whole.nodes / 2 + over(p);
            assert!(
                probed.nodes <= most,
                "puzzle {i}: {} > {most}",
                probed.nodes
            );
            proofs += 1;
        }
    }
    assert!(proofs > 0, "no board without a solution");
}
