//! `fruitless`: a count within what the probe searched clear finds nothing
//! and stops at its budget, as `known_fruitless` says.

use super::count::tests::drawn;
use super::probe::probe_from;
use super::*;

/// The count `infer` makes after a check: row-major unless the check's
/// units say otherwise, within `max_nodes`.
fn count(max_nodes: u64) -> Limits {
    Limits {
        max_nodes,
        ..Limits::default()
    }
}

/// The largest count budget `searched` says is fruitless for `p`.
fn largest(searched: &Searched, p: &Puzzle) -> Option<u64> {
    let mut c = searched.clear.saturating_sub(4 * p.cells() as u64) * 4 / 5;
    while c > 0 && !searched.known_fruitless(p, &count(c)) {
        c -= 1;
    }
    while searched.known_fruitless(p, &count(c + 1)) {
        c += 1;
    }
    (c > 0).then_some(c)
}

#[test]
fn a_count_within_what_the_probe_searched_clear_finds_nothing() {
    let halves: Vec<[u8; 4]> = (0..24u8)
        .map(|k| [k % 8, (k * 3 + 1) % 8, (k * 5 + 2) % 8, (k * 7 + 3) % 8])
        .collect();
    let (mut fruitless, mut answered) = (0, 0);
    for s in 0..24 {
        let p = drawn(5, 5, &halves, s, false);
        for budget in [3_000u64, 20_000, 100_000] {
            // Small first rounds: many of them, units shared.
            let probe = probe_from(&p, budget, Searched::default(), 64);
            let searched = &probe.searched;
            if probe.solves.is_some() {
                assert_eq!(searched.clear, 0, "puzzle {s}");
                answered += 1;
                continue;
            }
            assert!(
                searched.units.is_empty() && searched.clear > 0,
                "puzzle {s}"
            );
            let Some(c) = largest(searched, &p) else {
                continue;
            };
            let out = solve_noting(&p, &count(c), &mut searched.clone());
            assert_eq!(out.total, 0, "puzzle {s}, budget {budget}, count {c}");
            assert!(!out.complete(), "puzzle {s}, budget {budget}, count {c}");
            // Another order, or another puzzle, knows nothing.
            let spiral = Limits {
                order: Order::Spiral,
                ..count(c)
            };
            assert!(!searched.known_fruitless(&p, &spiral));
            let other = drawn(5, 5, &halves, s + 100, false);
            assert!(!searched.known_fruitless(&other, &count(c)));
            fruitless += 1;
        }
    }
    assert!(
        fruitless >= 5 && answered >= 5,
        "{fruitless} fruitless, {answered} answered"
    );
}

#[test]
fn nothing_noted_is_fruitless_for_nothing() {
    let halves: &[[u8; 4]] = &[[0, 2, 1, 3], [1, 3, 0, 2], [0, 1, 0, 1], [2, 3, 3, 2]];
    let p = drawn(3, 3, halves, 1, false);
    assert!(!Searched::default().known_fruitless(&p, &count(1)));
}
