//! Grouping solutions that are the same arrangement seen after turning the
//! whole board (4 turns on a square, 2 on a rectangle).
//!
//! Each board is read in each of its turns as one code per cell, straight
//! into a reused buffer, and the smallest reading names its class: listing
//! classes costs no allocation per board but one per new class.

use crate::kind::tiles::model::{Board, Placement, Puzzle, SIDE_NAMES};
use std::collections::HashMap;

/// Per turn of the board used for classes: the quarter turns, and for each
/// cell of the turned board the cell of the board it comes from.
fn turn_maps(puzzle: &Puzzle) -> Vec<(u8, Vec<usize>)> {
    let (r, c) = (puzzle.rows, puzzle.cols);
    let step = 4 / puzzle.board_turns();
    (0..puzzle.board_turns())
        .map(|k| {
            let q = k * step;
            let map = (0..r * c)
                .map(|dst| {
                    let (i, j) = (dst / c, dst % c);
                    match q % 4 {
                        0 => i * c + j,
                        1 => j * c + (c - 1 - i),
                        2 => (r - 1 - i) * c + (c - 1 - j),
                        _ => (r - 1 - j) * c + i,
                    }
                })
                .collect();
            (q, map)
        })
        .collect()
}

/// Numbers each board's class (from 1, in order of first appearance) where
/// `code` reads a placement turned by `q` more quarter turns as one cell.
fn classes_by(
    puzzle: &Puzzle,
    solutions: &[Board],
    code: impl Fn(Placement, u8) -> u16,
) -> (Vec<u32>, usize) {
    let maps = turn_maps(puzzle);
    let cells = puzzle.rows * puzzle.cols;
    let mut ids: HashMap<Vec<u16>, u32> = HashMap::new();
    let (mut best, mut cur) = (vec![0u16; cells], vec![0u16; cells]);
    let classes = solutions
        .iter()
        .map(|board| {
            for (k, (q, map)) in maps.iter().enumerate() {
                for (slot, &src) in cur.iter_mut().zip(map) {
                    *slot = code(board[src], *q);
                }
                if k == 0 || cur < best {
                    std::mem::swap(&mut cur, &mut best);
                }
            }
            if let Some(&id) = ids.get(best.as_slice()) {
                return id;
            }
            let next = ids.len() as u32 + 1;
            ids.insert(best.clone(), next);
            next
        })
        .collect();
    (classes, ids.len())
}

/// Returns the class of each solution (numbered from 1 in order of first
/// appearance, so the first solution of each class is its representative)
/// and the number of classes.
pub fn rotation_classes(puzzle: &Puzzle, solutions: &[Board]) -> (Vec<u32>, usize) {
    classes_by(puzzle, solutions, |p, q| {
        u16::from(p.tile) * 4 + u16::from((p.turns + q) % 4)
    })
}

/// Groups solutions that look the same to a person: equal after turning the
/// whole board, swapping identical tiles, or turning a tile that looks the
/// same turned. A board's look is the edge each cell shows on each side, so
/// two tiles look alike exactly when the puzzle gives them the same edges.
/// Returns each solution's look class (numbered from 1 in order of first
/// appearance) and the number of looks.
pub fn look_classes(puzzle: &Puzzle, solutions: &[Board]) -> (Vec<u32>, usize) {
    // One code per distinct picture a turned tile shows on its four sides.
    let mut shown: HashMap<Vec<u8>, u16> = HashMap::new();
    let mut code_of = vec![0u16; puzzle.tiles.len() * 4];
    for (t, tile) in puzzle.tiles.iter().enumerate() {
        for r in 0..4u8 {
            let sides: Vec<u8> = (0..SIDE_NAMES.len()).map(|s| tile.edge(s, r).0).collect();
            let next = shown.len() as u16;
            code_of[t * 4 + usize::from(r)] = *shown.entry(sides).or_insert(next);
        }
    }
    classes_by(puzzle, solutions, |p, q| {
        code_of[usize::from(p.tile) * 4 + usize::from((p.turns + q) % 4)]
    })
}
