use super::*;
use crate::kind::tiles::input::tile_dict;
use crate::kind::tiles::model::Placement;
use crate::kind::tiles::solve::Order;
use std::path::Path;

/// The 3x3 puzzle of the blog series "Scramble Squares, Pt. 1/3: Constraint
/// Programming", as bundled in `puzzles/3x3-original`.
pub(crate) const SEED_000: &str =
    include_str!("../../../../puzzles/3x3-original/input/tile_dict.yaml");

pub(crate) fn puzzle(text: &str) -> Puzzle {
    tile_dict::parse(Path::new("t.yaml"), text)
        .expect("valid")
        .puzzle
}

/// Calls `f` with every arrangement of the tiles, turns included, in
/// row-major (tile, turns) order: the reference searches are checked against.
pub(crate) fn every_board(p: &Puzzle, f: &mut impl FnMut(&Board)) {
    fn rec(p: &Puzzle, board: &mut Board, used: &mut [bool], f: &mut impl FnMut(&Board)) {
        if board.len() == p.cells() {
            return f(board);
        }
        for t in 0..p.tiles.len() {
            if used[t] {
                continue;
            }
            used[t] = true;
            for turns in 0..4 {
                board.push(Placement {
                    tile: t as u8,
                    turns,
                });
                rec(p, board, used, f);
                board.pop();
            }
            used[t] = false;
        }
    }
    rec(p, &mut Vec::new(), &mut vec![false; p.tiles.len()], f);
}

/// Every solution, found by checking every arrangement.
fn brute_force(p: &Puzzle) -> Vec<Board> {
    let mut out = Vec::new();
    every_board(p, &mut |b| {
        if p.check(b).is_ok() {
            out.push(b.clone());
        }
    });
    out
}

#[test]
fn seed_000_has_four_solutions_in_one_class() {
    let out = solve(&puzzle(SEED_000), &Limits::default());
    assert_eq!(out.solutions.len(), 4);
    assert_eq!(out.extra.unique, 1);
    assert_eq!(out.extra.classes, vec![1, 1, 1, 1]);
    assert!(out.complete());
    // The 3x3 blog puzzle's solution has tile 5 in the centre.
    assert!(out.solutions.iter().all(|b| b[4].tile == 4));
}

/// A puzzle of any shape from tiles written like `"a+ b- a+ b-"` (right,
/// top, left, bottom; one letter per token).
pub(crate) fn shaped(rows: usize, cols: usize, tiles: &[&str]) -> Puzzle {
    let tiles = tiles
        .iter()
        .map(|t| {
            let codes: Vec<u8> = t
                .split_whitespace()
                .map(|e| {
                    let b = e.as_bytes();
                    (b[0] - b'a') * 2 + u8::from(b[1] == b'-')
                })
                .collect();
            crate::kind::tiles::model::Tile {
                edges: [0, 1, 2, 3].map(|i| crate::kind::tiles::model::Edge(codes[i])),
            }
        })
        .collect();
    Puzzle {
        rows,
        cols,
        tiles,
        tokens: ["a", "b", "c", "d"].map(String::from).to_vec(),
        matching: crate::kind::tiles::model::Matching::halves(4),
    }
}

fn sorted(mut v: Vec<Board>) -> Vec<Board> {
    v.sort();
    v
}

/// Every way of searching must find exactly the brute-force solutions; the
/// plain row-major search in brute force's order, the symmetric one class by
/// class with each class the `k` turns of its first member.
fn agrees_with_brute_force(p: &Puzzle) -> usize {
    let expected = brute_force(p);
    let k = usize::from(p.board_turns());
    for order in [Order::RowMajor, Order::Spiral] {
        for symmetry in [false, true] {
            for jobs in [1, 3] {
                let limits = Limits {
                    max_solutions: Count::MAX,
                    order,
                    symmetry,
                    ..Limits::default()
                };
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(jobs)
                    .build()
                    .expect("pool");
                let out = pool.install(|| solve(p, &limits));
                let what = format!("{p:?} {order:?} symmetry {symmetry} -j {jobs}");
                assert!(out.complete(), "{what}");
                if order == Order::RowMajor && !symmetry {
                    assert_eq!(out.solutions, expected, "{what}");
                }
                assert_eq!(sorted(out.solutions.clone()), expected, "{what}");
                assert_eq!(
                    out.extra.unique * k as Count,
                    expected.len() as Count,
                    "{what}"
                );
                if symmetry {
                    // Each class starts with its representative: the centre
                    // tile (spiral on an odd board) or tile 1 has turns 0
                    // (0 or 1 on a rectangle).
                    let centre = (p.rows - 1) / 2 * p.cols + (p.cols - 1) / 2;
                    let odd = p.rows % 2 == 1 && p.cols % 2 == 1;
                    for rep in out.solutions.iter().step_by(k) {
                        let fixed = if order == Order::Spiral && odd {
                            rep[centre]
                        } else {
                            *rep.iter().find(|c| c.tile == 0).expect("tile 1 placed")
                        };
                        assert!(usize::from(fixed.turns) < 4 / k, "{what}: {rep:?}");
                    }
                }
                for (i, board) in out.solutions.iter().enumerate() {
                    let first = out
                        .extra
                        .classes
                        .iter()
                        .position(|&c| c == out.extra.classes[i]);
                    let first = &out.solutions[first.expect("class")];
                    let turned =
                        (0..k as u8).any(|q| p.turn_board(first, q * (4 / k as u8)) == *board);
                    assert!(turned, "{what}: solution {i} is no turn of its class");
                }
            }
        }
    }
    expected.len()
}

#[test]
fn agrees_with_brute_force_on_small_boards() {
    // Duplicates, tiles that look the same after a half or quarter turn, many solutions.
    let cases: [&[&str]; 6] = [
        &["a+ a- a+ a-", "a+ a- a+ a-", "a+ b- a+ b-", "b+ a- b+ a-"],
        &["a+ a+ a+ a+", "a- a- a- a-", "a+ a- a+ a-", "a- a+ a- a+"],
        &["a+ b- c+ a-", "b+ c- a+ b-", "c+ a- b+ c-", "a- b+ c- a+"],
        &["a+ a+ a+ a+", "a+ a+ a+ a+", "a- a- a- a-", "a- a- a- a-"],
        &["a+ a- b+ b-", "a- a+ b- b+", "b+ a+ b- a-", "a+ b+ a- b-"],
        &["a+ b+ c+ d+"],
    ];
    let counts: Vec<usize> = cases
        .iter()
        .map(|tiles| {
            let side = if tiles.len() == 4 { 2 } else { 1 };
            agrees_with_brute_force(&shaped(side, side, tiles))
        })
        .collect();
    eprintln!("{counts:?}");
    assert!(counts.iter().all(|&c| c > 0), "{counts:?}");
}

#[test]
fn agrees_with_brute_force_on_rectangles() {
    let six = [
        "a+ b- a- b+",
        "a- a+ b+ b-",
        "b+ a- a+ b-",
        "a+ a- a+ a-",
        "b- b+ a- a+",
        "a- b- a+ b+",
    ];
    let counts = [
        agrees_with_brute_force(&shaped(2, 3, &six)),
        agrees_with_brute_force(&shaped(3, 2, &six)),
        agrees_with_brute_force(&shaped(1, 3, &six[..3])),
        agrees_with_brute_force(&shaped(1, 2, &["a+ a+ a+ a+", "a- a- a- a-"])),
    ];
    eprintln!("{counts:?}");
    assert!(counts.iter().all(|&c| c > 0), "{counts:?}");
}

#[test]
fn agrees_with_brute_force_on_seed_000_subsets() {
    // Four tiles of the 3x3 blog puzzle as a 2x2 puzzle, several ways.
    let lines: Vec<&str> = SEED_000.lines().collect();
    for pick in [[0, 1, 2, 3], [4, 5, 6, 7], [1, 3, 5, 7], [0, 4, 8, 2]] {
        let text: String = pick
            .iter()
            .enumerate()
            .map(|(i, &l)| {
                format!(
                    "{}:{}\n",
                    i + 1,
                    lines[l].split_once(':').map_or("", |x| x.1)
                )
            })
            .collect();
        agrees_with_brute_force(&puzzle(&text));
    }
}

#[test]
fn max_solutions_stops_early_and_says_so() {
    let text = "1: [[a, '+'], [a, '+'], [a, '+'], [a, '+']]\n2: [[a, '-'], [a, '-'], [a, '-'], [a, '-']]\n3: [[a, '-'], [a, '-'], [a, '-'], [a, '-']]\n4: [[a, '+'], [a, '+'], [a, '+'], [a, '+']]\n";
    let p = puzzle(text);
    let all = solve(
        &p,
        &Limits {
            max_solutions: Count::MAX,
            ..Limits::default()
        },
    );
    assert!(all.complete());
    assert_eq!(all.solutions.len(), brute_force(&p).len());
    let n = all.solutions.len();
    let capped = solve(
        &p,
        &Limits {
            max_solutions: 5,
            ..Limits::default()
        },
    );
    assert_eq!(capped.solutions, all.solutions[..5].to_vec());
    assert_eq!(capped.stopped, Some(StopReason::MaxSolutions(5)));
    // A cap equal to the true count finds them all and knows it is done.
    let exact = solve(
        &p,
        &Limits {
            max_solutions: n as Count,
            ..Limits::default()
        },
    );
    assert!(exact.complete());
    assert_eq!(exact.solutions.len(), n);
}

#[test]
fn a_puzzle_without_solution_is_a_normal_outcome() {
    let p = puzzle("1: [[a, '+'], [a, '+'], [a, '+'], [a, '+']]\n2: [[a, '+'], [a, '+'], [a, '+'], [a, '+']]\n3: [[a, '+'], [a, '+'], [a, '+'], [a, '+']]\n4: [[a, '-'], [a, '-'], [a, '-'], [a, '-']]\n");
    let out = solve(&p, &Limits::default());
    assert!(out.solutions.is_empty() && out.complete());
    assert_eq!(out.extra.unique, 0);
    assert!(out.nodes > 0);
}
