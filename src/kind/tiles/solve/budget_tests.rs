//! The node budget and the listing cap: deterministic on any number of
//! threads, and bounded whatever `max_solutions` is.

use super::tests::puzzle;
use super::*;

/// `cells` tiles that fit everywhere: astronomically many solutions.
fn identical(rows: usize, cols: usize) -> Puzzle {
    let mut text = String::new();
    if rows != cols {
        text.push_str(&format!("rows: {rows}\ncols: {cols}\n"));
    }
    let tile = "[['a', '+'], ['a', '+'], ['a', '-'], ['a', '-']]";
    let yaml: String = (1..=rows * cols)
        .map(|k| format!("{k}: {tile}\n"))
        .collect();
    puzzle(&yaml)
}

fn with_threads(threads: usize, p: &Puzzle, limits: &Limits) -> Outcome {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("pool")
        .install(|| solve(p, limits))
}

/// What must not depend on the number of threads, as text.
pub(super) fn key(o: &Outcome) -> String {
    format!(
        "{} {} {:?} {:?} {:?} {:?}",
        o.total, o.nodes, o.extra.nodes_per_depth, o.stopped, o.solutions, o.extra.classes
    )
}

#[test]
fn the_node_budget_stops_the_same_way_on_any_number_of_threads() {
    // The plain search on identical tiles, and the search over kinds on a
    // 4x4 board drawn from the Ant Trails Puzzle's kinds (millions of looks).
    let trails = super::count::tests::drawn(4, 4, &super::count::tests::TRAILS, 3, true);
    for max_nodes in [1, 777, 65_536, 65_537, 300_001] {
        for (p, symmetry) in [(identical(3, 3), false), (trails.clone(), true)] {
            budget_is_deterministic(&p, symmetry, max_nodes);
        }
    }
}

fn budget_is_deterministic(p: &Puzzle, symmetry: bool, max_nodes: u64) {
    {
        let limits = Limits {
            max_solutions: Count::MAX,
            max_nodes,
            symmetry,
            ..Limits::default()
        };
        let one = with_threads(1, p, &limits);
        assert_eq!(one.stopped, Some(StopReason::MaxNodes(max_nodes)));
        // Every node but the units' first placements counts against the budget.
        assert!(
            one.nodes - one.extra.nodes_per_depth[0] <= max_nodes,
            "{max_nodes}"
        );
        for threads in [2, 3] {
            let many = with_threads(threads, p, &limits);
            assert_eq!(
                key(&one),
                key(&many),
                "{max_nodes} nodes, {threads} threads"
            );
        }
    }
}

#[test]
fn a_search_within_the_budget_is_complete() {
    let p = puzzle(tests::SEED_000);
    let all = solve(&p, &Limits::default());
    assert!(all.complete());
    let limits = Limits {
        max_nodes: all.nodes - all.extra.nodes_per_depth[0],
        ..Limits::default()
    };
    let exact = solve(&p, &limits);
    assert!(exact.complete(), "{:?}", exact.stopped);
    let short = Limits {
        max_nodes: limits.max_nodes - 1,
        ..limits
    };
    assert_eq!(
        solve(&p, &short).stopped,
        Some(StopReason::MaxNodes(short.max_nodes))
    );
}

#[test]
fn beyond_the_listing_cap_solutions_are_counted_not_kept() {
    let p = identical(4, 4);
    let limits = Limits {
        max_solutions: (5 * MAX_LISTED + 3) as Count,
        ..Limits::default()
    };
    let one = with_threads(1, &p, &limits);
    assert_eq!(one.total, limits.max_solutions);
    assert_eq!(
        one.stopped,
        Some(StopReason::MaxSolutions(limits.max_solutions))
    );
    assert_eq!(one.solutions.len(), MAX_LISTED);
    assert!(!one.listed_all());
    // Classes are counted over every solution counted, 4 members each.
    assert_eq!(one.extra.unique, limits.max_solutions.div_ceil(4));
    assert_eq!(one.extra.classes.len(), MAX_LISTED);
    assert_eq!(one.extra.look_classes.len(), MAX_LISTED);
    for threads in [2, 3] {
        assert_eq!(key(&one), key(&with_threads(threads, &p, &limits)));
    }
    // The listed solutions are the first ones: those a smaller limit lists.
    let first = Limits {
        max_solutions: MAX_LISTED as Count,
        ..limits
    };
    let first = with_threads(3, &p, &first);
    assert!(first.listed_all());
    assert_eq!(first.solutions, one.solutions);
    assert_eq!(first.extra.classes, one.extra.classes);
}
