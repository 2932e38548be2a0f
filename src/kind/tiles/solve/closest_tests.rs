use super::*;
use crate::kind::tiles::model::{Edge, Half};
use crate::kind::tiles::solve::tests::{every_board, puzzle, shaped, SEED_000};
use crate::kind::tiles::solve::{solve, Limits};
use std::time::Duration;

fn all() -> Limits {
    Limits {
        max_solutions: crate::kind::Count::MAX,
        ..Limits::default()
    }
}

/// The best score and, in search order, every board with it whose tile 1
/// has the turns the search keeps, by looking at every arrangement.
fn brute_force(p: &Puzzle) -> (usize, Vec<Board>) {
    let keep = 4 / p.board_turns();
    let (mut best, mut boards) = (0, Vec::new());
    every_board(p, &mut |b| {
        let first = b.iter().find(|c| c.tile == 0).map_or(0, |c| c.turns);
        if first >= keep {
            return;
        }
        let score = p.inner_edges() - p.unmatched(b).len();
        if score > best {
            (best, boards) = (score, Vec::new());
        }
        if score == best {
            boards.push(b.clone());
        }
    });
    (best, boards)
}

/// Tiles of `tokens` kinds of picture with random halves, `xorshift` driven.
fn random_tiles(n: usize, tokens: u8, seed: u64) -> Vec<String> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    (0..n)
        .map(|_| {
            (0..4)
                .map(|_| {
                    let token = (b'a' + (next() % u64::from(tokens)) as u8) as char;
                    let half = if next() & 1 == 0 { '+' } else { '-' };
                    format!("{token}{half}")
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

#[test]
fn agrees_with_brute_force_on_small_boards() {
    let mut unsolvable = 0;
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (1, 4)] {
        for seed in 0..12 {
            let tiles = random_tiles(rows * cols, 4, seed);
            let refs: Vec<&str> = tiles.iter().map(String::as_str).collect();
            let p = shaped(rows, cols, &refs);
            let (best, expected) = brute_force(&p);
            unsolvable += usize::from(best < p.inner_edges());
            for jobs in [1, 3] {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(jobs)
                    .build()
                    .expect("pool");
                let c = pool.install(|| closest(&p, &all(), CLOSEST_NODES));
                let what = format!("{rows}x{cols} seed {seed} -j {jobs}");
                assert!(c.complete(), "{what}");
                assert_eq!(c.matched_edges, best, "{what}");
                assert_eq!(c.matched_at_most, best, "{what}");
                assert_eq!(c.boards, expected, "{what}");
            }
        }
    }
    // The test is about puzzles without a solution: many of these have none.
    assert!(unsolvable >= 15, "only {unsolvable} unsolvable puzzles");
}

/// The 3x3 blog puzzle (`puzzles/3x3-original`) with one edge of one tile
/// given the wrong half: where that edge
/// is an inner edge of the solution, the puzzle has no solution, and the
/// solution's own class is among the closest boards, wrong at that edge only.
#[test]
fn a_one_edge_error_shows_as_that_edge() {
    let good = puzzle(SEED_000);
    let solution = solve(&good, &Limits::default()).solutions[0].clone();
    let mut cases = 0;
    for tile in 0..9 {
        for side in 0..4 {
            let mut p = good.clone();
            let e = p.tiles[tile].edges[side];
            let flipped = if e.half() == Half::Plus {
                Half::Minus
            } else {
                Half::Plus
            };
            p.tiles[tile].edges[side] = Edge::new(e.token(), flipped);
            let Some(cell) = solution.iter().position(|c| usize::from(c.tile) == tile) else {
                continue;
            };
            // The side of the board the corrupted edge faces in the solution.
            let facing = (side + usize::from(solution[cell].turns)) % 4;
            let Some(seam) = seam(&p, cell, facing) else {
                continue; // an outer edge: the puzzle is still solvable
            };
            if !solve(&p, &Limits::default()).solutions.is_empty() {
                continue;
            }
            cases += 1;
            let c = closest(&p, &all(), CLOSEST_NODES);
            assert_eq!((c.matched_edges, c.inner_edges), (11, 12));
            let rep = (0..4)
                .map(|q| p.turn_board(&solution, q))
                .find(|b| c.boards.contains(b))
                .unwrap_or_else(|| panic!("tile {tile} side {side}: {:?}", c.boards));
            assert_eq!(p.unmatched(&rep), vec![seam], "tile {tile} side {side}");
        }
    }
    // The 3x3 board's twelve inner edges, each from either side; six of these
    // errors leave another arrangement that fits.
    assert_eq!(cases, 18);
}

/// The inner edge on `side` of `cell`, as `Puzzle::unmatched` names it.
fn seam(p: &Puzzle, cell: usize, side: usize) -> Option<(usize, usize)> {
    let (row, col) = (cell / p.cols, cell % p.cols);
    match side {
        RIGHT if col + 1 < p.cols => Some((cell, RIGHT)),
        LEFT if col > 0 => Some((cell - 1, RIGHT)),
        BOTTOM if row + 1 < p.rows => Some((cell, BOTTOM)),
        TOP if row > 0 => Some((cell - p.cols, BOTTOM)),
        _ => None,
    }
}

#[test]
fn a_solvable_puzzle_is_its_own_closest() {
    let p = puzzle(SEED_000);
    let c = closest(&p, &all(), CLOSEST_NODES);
    assert_eq!((c.matched_edges, c.boards.len()), (12, 1));
    assert!(p.check(&c.boards[0]).is_ok());
}

#[test]
fn the_cap_keeps_the_first_boards_and_says_so() {
    // Nothing fits anything: every arrangement matches no edge.
    let p = shaped(2, 2, &["a+ a+ a+ a+"; 4]);
    let limits = Limits {
        max_solutions: 5,
        ..Limits::default()
    };
    let c = closest(&p, &limits, CLOSEST_NODES);
    assert_eq!(c.matched_edges, 0);
    assert_eq!(c.boards.len(), 5);
    assert_eq!(c.stopped, Some(StopReason::MaxSolutions(5)));
    assert_eq!(c.boards, brute_force(&p).1[..5].to_vec());
}

#[test]
fn the_clock_leaves_a_scored_board_and_a_proven_bound() {
    let tiles = random_tiles(16, 3, 7);
    let refs: Vec<&str> = tiles.iter().map(String::as_str).collect();
    let p = shaped(4, 4, &refs);
    let limits = Limits {
        timeout: Some(Duration::ZERO),
        ..Limits::default()
    };
    let c = closest(&p, &limits, CLOSEST_NODES);
    assert!(matches!(c.stopped, Some(StopReason::Timeout(_))));
    assert_eq!(c.boards.len(), 1);
    let mut tiles: Vec<u8> = c.boards[0].iter().map(|c| c.tile).collect();
    tiles.sort();
    assert_eq!(tiles, (0..16).collect::<Vec<u8>>());
    assert_eq!(c.matched_edges, 24 - p.unmatched(&c.boards[0]).len());
    assert!(c.matched_edges <= c.matched_at_most);
}

#[test]
fn the_node_budget_stops_the_same_way_on_any_number_of_threads() {
    let tiles = random_tiles(16, 3, 7);
    let refs: Vec<&str> = tiles.iter().map(String::as_str).collect();
    let p = shaped(4, 4, &refs);
    let run = |jobs: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .build()
            .expect("pool");
        pool.install(|| closest(&p, &all(), 200_000))
    };
    let one = run(1);
    assert_eq!(one.stopped, Some(StopReason::MaxNodes(200_000)));
    assert!(one.nodes <= 200_000, "{}", one.nodes);
    assert!(one.matched_edges <= one.matched_at_most);
    assert_eq!(one, run(3));
    let whole = closest(&p, &all(), CLOSEST_NODES);
    assert!(whole.complete());
    assert!(one.matched_edges <= whole.matched_edges);
    assert!(whole.matched_edges <= one.matched_at_most);
}
