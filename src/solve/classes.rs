//! Grouping solutions that are the same arrangement seen after turning the
//! whole board (4 turns on a square, 2 on a rectangle).

use crate::model::{Board, Puzzle};
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
