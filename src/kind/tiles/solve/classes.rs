//! Grouping solutions that are the same arrangement seen after turning the
//! whole board (4 turns on a square, 2 on a rectangle).

use crate::kind::tiles::model::{Board, Puzzle, SIDE_NAMES};
use std::collections::HashMap;

/// Returns the class of each solution (numbered from 1 in order of first
/// appearance, so the first solution of each class is its representative)
/// and the number of classes.
pub fn rotation_classes(puzzle: &Puzzle, solutions: &[Board]) -> (Vec<u32>, usize) {
    let mut ids: HashMap<Board, u32> = HashMap::new();
    let classes = solutions
        .iter()
        .map(|board| {
            let canonical = (0..puzzle.board_turns())
                .map(|q| puzzle.turn_board(board, q * (4 / puzzle.board_turns())))
                .min()
                .unwrap_or_else(|| board.clone());
            let next = ids.len() as u32 + 1;
            *ids.entry(canonical).or_insert(next)
        })
        .collect();
    (classes, ids.len())
}

/// Groups solutions that look the same to a person: equal after turning the
/// whole board, swapping identical tiles, or turning a tile that looks the
/// same turned. A board's look is the edge each cell shows on each side, so
/// two tiles look alike exactly when the puzzle gives them the same edges.
/// Returns each solution's look class (numbered from 1 in order of first
/// appearance) and the number of looks.
pub fn look_classes(puzzle: &Puzzle, solutions: &[Board]) -> (Vec<u32>, usize) {
    let look = |board: &Board| -> Vec<u8> {
        board
            .iter()
            .flat_map(|p| (0..SIDE_NAMES.len()).map(move |side| (p, side)))
            .map(|(p, side)| puzzle.tiles[usize::from(p.tile)].edge(side, p.turns).0)
            .collect()
    };
    let mut ids: HashMap<Vec<u8>, u32> = HashMap::new();
    let classes = solutions
        .iter()
        .map(|board| {
            let canonical = (0..puzzle.board_turns())
                .map(|q| look(&puzzle.turn_board(board, q * (4 / puzzle.board_turns()))))
                .min()
                .unwrap_or_default();
            let next = ids.len() as u32 + 1;
            *ids.entry(canonical).or_insert(next)
        })
        .collect();
    (classes, ids.len())
}
