//! The per-depth statistics against their definition, counted independently.

use super::order::{cells_in_order, Order};
use super::tests::{puzzle, SEED_000};
use super::*;
use crate::kind::tiles::model::{Placement, BOTTOM, LEFT, RIGHT, TOP};

/// Partial boards on the first `d + 1` cells of `cells` in which every placed
/// pair of neighbours fits and `first` accepts the first placement: by
/// definition the nodes a search in that order visits at depth `d`.
fn partial_boards(p: &Puzzle, cells: &[usize], first: &dyn Fn(Placement) -> bool) -> Vec<u64> {
    fn fits_placed(p: &Puzzle, board: &[Option<Placement>], cell: usize, pl: Placement) -> bool {
        let (r, c) = (cell / p.cols, cell % p.cols);
        let tile = &p.tiles[usize::from(pl.tile)];
        let sides = [
            (RIGHT, (c + 1 < p.cols).then(|| cell + 1)),
            (TOP, (r > 0).then(|| cell - p.cols)),
            (LEFT, (c > 0).then(|| cell - 1)),
            (BOTTOM, (r + 1 < p.rows).then(|| cell + p.cols)),
        ];
        sides.iter().all(|&(side, other)| {
            let Some(Some(o)) = other.map(|o| board[o]) else {
                return true;
            };
            let theirs = p.tiles[usize::from(o.tile)].edge((side + 2) % 4, o.turns);
            p.fits(tile.edge(side, pl.turns), theirs)
        })
    }
    fn rec(
        p: &Puzzle,
        cells: &[usize],
        d: usize,
        board: &mut Vec<Option<Placement>>,
        first: &dyn Fn(Placement) -> bool,
        counts: &mut Vec<u64>,
    ) {
        if d == cells.len() {
            return;
        }
        for t in 0..p.tiles.len() as u8 {
            if board.iter().flatten().any(|q| q.tile == t) {
                continue;
            }
            for turns in 0..4 {
                let pl = Placement { tile: t, turns };
                if (d == 0 && !first(pl)) || !fits_placed(p, board, cells[d], pl) {
                    continue;
                }
                counts[d] += 1;
                board[cells[d]] = Some(pl);
                rec(p, cells, d + 1, board, first, counts);
                board[cells[d]] = None;
            }
        }
    }
    let mut counts = vec![0; cells.len()];
    rec(p, cells, 0, &mut vec![None; p.cells()], first, &mut counts);
    counts
}

fn everything(order: Order, symmetry: bool) -> Limits {
    Limits {
        max_solutions: Count::MAX,
        order,
        symmetry,
        ..Limits::default()
    }
}

#[test]
fn nodes_per_depth_count_the_partial_boards_of_each_order() {
    let p = puzzle(SEED_000);
    for order in [Order::RowMajor, Order::Spiral] {
        let cells = cells_in_order(3, 3, order);
        let plain = solve(&p, &everything(order, false));
        assert_eq!(
            plain.extra.nodes_per_depth,
            partial_boards(&p, &cells, &|_| true)
        );
    }
    // Spiral with symmetry breaking is the backtracking post's search: the centre tile
    // keeps turns 0, so its counts are the backtracking post's "calls" (without the leading 1).
    let cells = cells_in_order(3, 3, Order::Spiral);
    let seed_002 = solve(&p, &everything(Order::Spiral, true));
    let expected = partial_boards(&p, &cells, &|pl| pl.turns == 0);
    assert_eq!(seed_002.extra.nodes_per_depth, expected);
    assert_eq!(expected[0], 9);
    assert_eq!(
        seed_002.extra.nodes_per_depth[8], 1,
        "one class, found once"
    );
}

#[test]
fn tries_count_every_unused_oriented_tile_examined() {
    let p = puzzle(SEED_000);
    let out = solve(&p, &everything(Order::RowMajor, false));
    // A complete plain search examines all 4 * (9 - d) unused oriented tiles
    // at depth d once for every placement at depth d - 1.
    let mut expected = 36;
    for d in 1..9 {
        expected += out.extra.nodes_per_depth[d - 1] * 4 * (9 - d as u64);
    }
    assert_eq!(out.extra.tries, expected);
    let first = out.extra.tries_to_first.expect("solvable");
    assert!(first > 0 && first < out.extra.tries);
}

/// The dog puzzle of the blog post with the Java search (kalmas/squareshack)
/// that "Solved it in 14411 tries" (pieces A..I; its `new Piece` lists top, right,
/// bottom, left, and its turns are clockwise), in our edge order right, top,
/// left, bottom, with FRONT as '+'.
const SEED_003: &str = include_str!("../../../../tests/fixtures/seed-003/tile_dict.yaml");

#[test]
fn seed_003_first_solution_and_its_tries() {
    let out = solve(&puzzle(SEED_003), &everything(Order::RowMajor, false));
    // The blog's board: B2 C3 H1 / I1 D2 A3 / F3 E1 G2 (clockwise turns).
    let blog = [
        (2, 2),
        (3, 3),
        (8, 1),
        (9, 1),
        (4, 2),
        (1, 3),
        (6, 3),
        (5, 1),
        (7, 2),
    ];
    let first: Vec<(u8, u8)> = out.solutions[0]
        .iter()
        .map(|p| (p.tile + 1, (4 - p.turns) % 4))
        .collect();
    assert_eq!(first, blog);
    assert_eq!((out.solutions.len(), out.extra.unique), (4, 1));
    // The blog reports 14411 tries: its Java turns each piece clockwise
    // (0, 1, 2, 3), we turn counter-clockwise, so our candidates come in the
    // order 0, 3, 2, 1 of its turns. A model of its code with that order also
    // counts 16111 (and 14411 with its own order).
    assert_eq!(out.extra.tries_to_first, Some(16111));
    // Trying turns clockwise, as its Java does, gives the blog's own count.
    let cw = Limits {
        turn_order: super::TurnOrder::Clockwise,
        ..everything(Order::RowMajor, false)
    };
    let out = solve(&puzzle(SEED_003), &cw);
    let first: Vec<(u8, u8)> = out.solutions[0]
        .iter()
        .map(|p| (p.tile + 1, (4 - p.turns) % 4))
        .collect();
    assert_eq!(first, blog);
    assert_eq!(out.extra.tries_to_first, Some(14411));
}
