//! Tests across the module: the board of Philippe Olivier's post, brute force against the solver, and
//! generated boards.

use super::generate::generate_with_tiling;
use super::*;
use crate::kind::seeded::SplitMix64;
use crate::kind::stop::StopReason;
use std::collections::BTreeSet;
use std::path::Path;

pub(crate) const SEED: &str = include_str!("../../../puzzles/domino-fit/input/domino_fit.yaml");

/// The solution as printed in Philippe Olivier's "Solving Domino Fit Using
/// Constraint Programming", whose board `puzzles/domino-fit` is.
const SEED_SOLUTION: &str = "\
1X-2-2X
|1-2X-2
1|-21-2
|1-2|11
1|-21||
|-2X|-2
X-2-2-2
";

pub(crate) fn seed() -> DominoPuzzle {
    parse(Path::new("domino_fit.yaml"), SEED).expect("the seed parses")
}

#[test]
fn the_seed_has_exactly_its_printed_solution_under_both_rules() {
    let p = seed();
    for cover in [Cover::Full, Cover::Partial] {
        let o = solve(&p, cover, 100, None);
        assert!(o.complete(), "{cover:?}");
        assert_eq!(o.solutions.len(), 1, "{cover:?}");
        assert_eq!(text(&p, &o.solutions[0]), SEED_SOLUTION, "{cover:?}");
    }
}

#[test]
fn limits_stop_the_search_and_say_why() {
    let (p, _) = generate_with_tiling(14, 14, 0.12, 3);
    let o = solve(&p, Cover::Full, 1, None);
    assert_eq!(o.solutions.len(), 1);
    assert_eq!(o.stopped, Some(StopReason::MaxSolutions(1)));
    assert!(!o.complete());
    let p = generate(12, 12, 0.12, 1);
    let past = std::time::Instant::now();
    let o = solve(&p, Cover::Partial, 1000, Some(past));
    assert!(matches!(o.stopped, Some(StopReason::Timeout(_))));
}

/// Every set of non-overlapping dominoes, by plain recursion over all placements.
fn brute_force(p: &DominoPuzzle, cover: Cover) -> BTreeSet<Vec<Placement>> {
    let (w, h) = (p.width(), p.height());
    let free = |x: usize, y: usize| x < w && y < h && !p.is_black(x, y);
    let all: Vec<Placement> = (0..h)
        .flat_map(|y| {
            (0..w).flat_map(move |x| [Kind::One, Kind::Two].map(|k| Placement::new(k, x, y)))
        })
        .filter(|d| d.cells().iter().all(|&(x, y)| free(x, y)))
        .collect();
    let mut found = BTreeSet::new();
    let mut chosen = Vec::new();
    fn go(
        p: &DominoPuzzle,
        cover: Cover,
        all: &[Placement],
        i: usize,
        used: &mut Vec<(usize, usize)>,
        chosen: &mut Vec<Placement>,
        found: &mut BTreeSet<Vec<Placement>>,
    ) {
        if i == all.len() {
            let mut s = chosen.clone();
            s.sort();
            if p.check(
                &DominoSolution {
                    dominoes: s.clone(),
                },
                cover,
            )
            .is_ok()
            {
                found.insert(s);
            }
            return;
        }
        go(p, cover, all, i + 1, used, chosen, found);
        let cells = all[i].cells();
        if cells.iter().all(|c| !used.contains(c)) {
            used.extend(cells);
            chosen.push(all[i]);
            go(p, cover, all, i + 1, used, chosen, found);
            chosen.pop();
            used.truncate(used.len() - 2);
        }
    }
    go(p, cover, &all, 0, &mut Vec::new(), &mut chosen, &mut found);
    found
}

/// A small board whose sums come from random dominoes placed at random,
/// sometimes leaving cells empty, so both rules get exercised.
/// `skip` in 4 placements that fit are left out.
fn random_board(rng: &mut SplitMix64, widths: u64, skip: u64) -> DominoPuzzle {
    let (w, h) = (
        3 + (rng.next() % widths) as usize,
        3 + (rng.next() % 2) as usize,
    );
    let blacks: Vec<(usize, usize)> = (0..w * h)
        .filter(|_| rng.next().is_multiple_of(6))
        .map(|i| (i % w, i / w))
        .collect();
    let board = DominoPuzzle::new(w, h, &blacks, vec![0; w], vec![0; h]);
    let mut used = vec![false; w * h];
    let (mut top, mut side) = (vec![0; w], vec![0; h]);
    for i in 0..w * h {
        let kind = if rng.next().is_multiple_of(2) {
            Kind::One
        } else {
            Kind::Two
        };
        let d = Placement::new(kind, i % w, i / w);
        let fits = d
            .cells()
            .iter()
            .all(|&(x, y)| x < w && y < h && !board.is_black(x, y) && !used[y * w + x]);
        if fits && rng.next() % 4 >= skip {
            d.cells().iter().for_each(|&(x, y)| used[y * w + x] = true);
            let (x, y) = d.dot_cell();
            top[x] += kind.dots();
            side[y] += kind.dots();
        }
    }
    DominoPuzzle::new(w, h, &blacks, top, side)
}

#[test]
fn solver_finds_exactly_what_brute_force_finds() {
    let mut rng = SplitMix64(7);
    let mut seen = [0usize; 2];
    for i in 0..200 {
        // Fully tiled boards too, or the full rule would rarely have a solution.
        let p = if i % 2 == 0 {
            random_board(&mut rng, 2, 1)
        } else {
            let (w, h) = (3 + i / 2 % 2, 3 + i / 4 % 2);
            generate_with_tiling(w, h, 0.15, i as u64).0
        };
        for (k, cover) in [Cover::Full, Cover::Partial].into_iter().enumerate() {
            let o = solve(&p, cover, usize::MAX, None);
            assert!(o.complete());
            let got: Vec<Vec<Placement>> = o.solutions.iter().map(|s| s.dominoes.clone()).collect();
            let unique: BTreeSet<Vec<Placement>> = got.iter().cloned().collect();
            assert_eq!(unique.len(), got.len(), "duplicates on {p:?}");
            assert_eq!(unique, brute_force(&p, cover), "{cover:?} on {p:?}");
            seen[k] += got.len();
        }
    }
    // The boards must be varied enough to test something under both rules.
    assert!(seen[0] > 20 && seen[1] > seen[0], "{seen:?}");
}

#[test]
fn generated_boards_contain_their_tiling_and_solve_the_same_every_time() {
    for (size, seed) in [(6, 1), (8, 2), (10, 3), (12, 4)] {
        let (p, tiling) = generate_with_tiling(size, size, 0.12, seed);
        assert_eq!(p, generate(size, size, 0.12, seed));
        assert_eq!(p.check(&tiling, Cover::Full), Ok(()));
        let o = solve(&p, Cover::Full, 10_000, None);
        assert!(
            o.complete() && o.solutions.contains(&tiling),
            "{size} {seed}"
        );
        assert_eq!(o.solutions, solve(&p, Cover::Full, 10_000, None).solutions);
    }
}

#[test]
fn check_rejects_corrupted_solutions() {
    let p = seed();
    let good = solve(&p, Cover::Full, 10, None).solutions.remove(0);
    let with = |f: &dyn Fn(&mut Vec<Placement>)| {
        let mut d = good.dominoes.clone();
        f(&mut d);
        let fault = p
            .check(&DominoSolution { dominoes: d }, Cover::Full)
            .expect_err("corrupted");
        (fault.clone(), fault.to_string())
    };
    let n = good.dominoes.len();
    assert_eq!(
        with(&|d| d.push(d[0])),
        (
            DominoFault::Overlap {
                first: 0,
                second: n,
                cell: (0, 0)
            },
            format!("dominoes 0 and {n} both cover (0, 0)")
        )
    );
    assert_eq!(
        with(&|d| d[0].w = 1),
        (
            DominoFault::OnBlack {
                index: 0,
                domino: Placement::new(Kind::One, 1, 0),
                cell: (1, 0)
            },
            "domino 0 (one-dot at (1, 0)) covers black cell (1, 0)".into()
        )
    );
    assert_eq!(
        with(&|d| *d = vec![Placement::new(Kind::Two, 6, 3)]).1,
        "domino 0 (two-dot at (6, 3)) leaves the board at (7, 3)"
    );
    assert!(matches!(
        with(&|d| d[1].kind = Kind::One).0,
        DominoFault::Overlap { second: 1, .. } | DominoFault::Overlap { first: 1, .. }
    ));
    assert_eq!(
        with(&|d| {
            d.pop();
        }),
        (
            DominoFault::Column {
                column: 6,
                dots: 7,
                needs: 9
            },
            "column 6 has 7 dots, needs 9".into()
        )
    );
    // The rows are checked once the columns add up: here the one dot is a
    // row too low.
    let low = DominoSolution {
        dominoes: vec![Placement::new(Kind::One, 0, 1)],
    };
    let p1 = DominoPuzzle::new(1, 3, &[], vec![1], vec![1, 0, 0]);
    assert_eq!(
        p1.check(&low, Cover::Partial).map_err(|e| e.to_string()),
        Err("row 0 has 0 dots, needs 1".into())
    );
    // An uncovered free cell is wrong only under the full rule.
    let p2 = DominoPuzzle::new(2, 2, &[], vec![1, 0], vec![1, 0]);
    let one = DominoSolution {
        dominoes: vec![Placement::new(Kind::One, 0, 0)],
    };
    assert_eq!(
        p2.check(&one, Cover::Full).map_err(|e| e.to_string()),
        Err("cell (1, 0) is not covered under the full rule".into())
    );
    assert_eq!(p2.check(&one, Cover::Partial), Ok(()));
    assert_eq!(text(&p2, &one), "1.\n|.\n");
}

#[test]
fn solutions_json_lists_rule_counts_and_dominoes() {
    let p = seed();
    let o = solve(&p, Cover::Full, 10, None);
    let json = solutions_json(&p, &o, &[1]);
    assert!(json.starts_with("{\n  \"width\": 7,\n  \"height\": 7,\n  \"rule\": \"full\",\n  \"solutions_total\": 1,\n  \"complete\": true,\n  \"stopped_by\": null,\n  \"rendered\": [1],\n"), "{json}");
    assert!(json.contains("\n    {\"index\": 1, \"dominoes\": [{\"kind\": \"one\", \"cells\": [[0, 0], [0, 1]]}, {\"kind\": \"two\", \"cells\": [[2, 0], [3, 0]]},"), "{json}");
    let v: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
    assert_eq!(
        v["solutions"][0]["dominoes"].as_array().map(Vec::len),
        Some(22)
    );
}

/// Boards with many cells left empty, up to 5 wide, so that the column cell
/// budget in the solver (twos ending in a column eat into the column on its
/// left) is tested where it is least tight and most often cuts.
#[test]
fn sparse_boards_match_brute_force_under_the_partial_rule() {
    let mut rng = SplitMix64(11);
    let mut found = 0;
    for _ in 0..100 {
        let p = random_board(&mut rng, 3, 2);
        for cover in [Cover::Full, Cover::Partial] {
            let o = solve(&p, cover, usize::MAX, None);
            assert!(o.complete());
            let got: BTreeSet<Vec<Placement>> =
                o.solutions.iter().map(|s| s.dominoes.clone()).collect();
            assert_eq!(got.len(), o.solutions.len(), "duplicates on {p:?}");
            assert_eq!(got, brute_force(&p, cover), "{cover:?} on {p:?}");
            found += got.len();
        }
    }
    assert!(found > 80, "{found}");
}
