use super::*;
use crate::input::tile_dict;
use crate::model::Placement;
use std::path::Path;

pub(crate) const SEED_000: &str = "\
1: [['ylw', '+'], ['red', '-'], ['grn', '+'], ['blu', '+']]
2: [['blu', '-'], ['blu', '+'], ['ylw', '-'], ['grn', '+']]
3: [['red', '-'], ['grn', '-'], ['blu', '+'], ['ylw', '-']]
4: [['red', '-'], ['ylw', '-'], ['blu', '-'], ['grn', '-']]
5: [['grn', '+'], ['red', '+'], ['ylw', '+'], ['blu', '+']]
6: [['red', '-'], ['blu', '+'], ['grn', '-'], ['red', '+']]
7: [['red', '+'], ['ylw', '+'], ['grn', '-'], ['ylw', '-']]
8: [['red', '-'], ['ylw', '+'], ['grn', '-'], ['blu', '-']]
9: [['ylw', '-'], ['red', '-'], ['grn', '-'], ['blu', '-']]
";

fn puzzle(text: &str) -> Puzzle {
    tile_dict::parse(Path::new("t.yaml"), text)
        .expect("valid")
        .puzzle
}

/// Every arrangement of tiles and turns, checked one by one: the reference the
/// backtracker must agree with on small boards.
fn brute_force(p: &Puzzle) -> Vec<Board> {
    fn rec(p: &Puzzle, board: &mut Board, used: &mut Vec<bool>, out: &mut Vec<Board>) {
        if board.len() == p.cells() {
            if p.check(board).is_ok() {
                out.push(board.clone());
            }
            return;
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
                rec(p, board, used, out);
                board.pop();
            }
            used[t] = false;
        }
    }
    let mut out = Vec::new();
    rec(
        p,
        &mut Vec::new(),
        &mut vec![false; p.tiles.len()],
        &mut out,
    );
    out
}

#[test]
fn seed_000_has_four_solutions_in_one_class() {
    let out = solve(&puzzle(SEED_000), &Limits::default());
    assert_eq!(out.solutions.len(), 4);
    assert_eq!(out.unique, 1);
    assert_eq!(out.classes, vec![1, 1, 1, 1]);
    assert!(out.complete());
    // The seed's solution has tile 5 in the centre.
    assert!(out.solutions.iter().all(|b| b[4].tile == 4));
}

#[test]
fn agrees_with_brute_force_on_small_boards() {
    // 2x2 boards with few tokens have many solutions, duplicates and symmetric tiles.
    let cases = [
        "1: [[a, '+'], [a, '-'], [a, '+'], [a, '-']]\n2: [[a, '+'], [a, '-'], [a, '+'], [a, '-']]\n3: [[a, '+'], [b, '-'], [a, '+'], [b, '-']]\n4: [[b, '+'], [a, '-'], [b, '+'], [a, '-']]\n",
        "1: [[a, '+'], [a, '+'], [a, '+'], [a, '+']]\n2: [[a, '-'], [a, '-'], [a, '-'], [a, '-']]\n3: [[a, '+'], [a, '-'], [a, '+'], [a, '-']]\n4: [[a, '-'], [a, '+'], [a, '-'], [a, '+']]\n",
        "1: [[a, '+'], [b, '-'], [c, '+'], [a, '-']]\n2: [[b, '+'], [c, '-'], [a, '+'], [b, '-']]\n3: [[c, '+'], [a, '-'], [b, '+'], [c, '-']]\n4: [[a, '-'], [b, '+'], [c, '-'], [a, '+']]\n",
        "1: [[a, '+'], [b, '+'], [c, '+'], [d, '+']]\n",
    ];
    for text in cases {
        let p = puzzle(text);
        let expected = brute_force(&p);
        let out = solve(
            &p,
            &Limits {
                max_solutions: usize::MAX,
            },
        );
        assert_eq!(out.solutions.len(), expected.len(), "{text}");
        assert_eq!(out.solutions, expected, "{text}");
        assert_eq!(out.unique * 4, expected.len(), "{text}");
    }
}

#[test]
fn agrees_with_brute_force_on_seed_000_subsets() {
    // Four of the seed's tiles as a 2x2 puzzle, several ways.
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
        let p = puzzle(&text);
        assert_eq!(
            solve(&p, &Limits::default()).solutions,
            brute_force(&p),
            "{text}"
        );
    }
}

#[test]
fn max_solutions_stops_early_and_says_so() {
    let text = "1: [[a, '+'], [a, '+'], [a, '+'], [a, '+']]\n2: [[a, '-'], [a, '-'], [a, '-'], [a, '-']]\n3: [[a, '-'], [a, '-'], [a, '-'], [a, '-']]\n4: [[a, '+'], [a, '+'], [a, '+'], [a, '+']]\n";
    let p = puzzle(text);
    let all = solve(
        &p,
        &Limits {
            max_solutions: usize::MAX,
        },
    );
    assert!(all.complete());
    assert_eq!(all.solutions.len(), brute_force(&p).len());
    let n = all.solutions.len();
    let capped = solve(&p, &Limits { max_solutions: 5 });
    assert_eq!(capped.solutions, all.solutions[..5].to_vec());
    assert_eq!(capped.stopped, Some(StopReason::MaxSolutions(5)));
    // A cap equal to the true count finds them all and knows it is done.
    let exact = solve(&p, &Limits { max_solutions: n });
    assert!(exact.complete());
    assert_eq!(exact.solutions.len(), n);
}

#[test]
fn a_puzzle_without_solution_is_a_normal_outcome() {
    let p = puzzle("1: [[a, '+'], [a, '+'], [a, '+'], [a, '+']]\n2: [[a, '+'], [a, '+'], [a, '+'], [a, '+']]\n3: [[a, '+'], [a, '+'], [a, '+'], [a, '+']]\n4: [[a, '-'], [a, '-'], [a, '-'], [a, '-']]\n");
    let out = solve(&p, &Limits::default());
    assert!(out.solutions.is_empty() && out.complete());
    assert_eq!(out.unique, 0);
    assert!(out.nodes > 0);
}
