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

/// Names classes by the smallest reading of a board among its turns, where
/// `code` reads a placement turned by `q` more quarter turns as one cell;
/// numbers them from 1 in order of first appearance.
struct Reader<F> {
    maps: Vec<(u8, Vec<usize>)>,
    code: F,
    ids: HashMap<Vec<u16>, u32>,
    best: Vec<u16>,
    cur: Vec<u16>,
}

impl<F: Fn(Placement, u8) -> u16> Reader<F> {
    fn new(puzzle: &Puzzle, code: F) -> Self {
        let cells = puzzle.rows * puzzle.cols;
        Reader {
            maps: turn_maps(puzzle),
            code,
            ids: HashMap::new(),
            best: vec![0; cells],
            cur: vec![0; cells],
        }
    }

    fn class_of(&mut self, board: &[Placement]) -> u32 {
        for (k, (q, map)) in self.maps.iter().enumerate() {
            for (slot, &src) in self.cur.iter_mut().zip(map) {
                *slot = (self.code)(board[src], *q);
            }
            if k == 0 || self.cur < self.best {
                std::mem::swap(&mut self.cur, &mut self.best);
            }
        }
        if let Some(&id) = self.ids.get(self.best.as_slice()) {
            return id;
        }
        let next = self.ids.len() as u32 + 1;
        self.ids.insert(self.best.clone(), next);
        next
    }
}

/// Numbers each board's class (from 1, in order of first appearance) where
/// `code` reads a placement turned by `q` more quarter turns as one cell.
fn classes_by(
    puzzle: &Puzzle,
    solutions: &[Board],
    code: impl Fn(Placement, u8) -> u16,
) -> (Vec<u32>, usize) {
    let mut reader = Reader::new(puzzle, code);
    let classes = solutions.iter().map(|b| reader.class_of(b)).collect();
    (classes, reader.ids.len())
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
    let code_of = look_codes(puzzle);
    classes_by(puzzle, solutions, |p, q| {
        code_of[usize::from(p.tile) * 4 + usize::from((p.turns + q) % 4)]
    })
}

/// [`look_classes`] where the caller knows that solutions with the same
/// `source` look the same (the turns of one board; the boards of one
/// kind-level solution, which show the same edges in every cell): only the
/// first solution of each source is read, the others take its class.
/// Sources are numbered from 0.
pub(crate) fn look_classes_by_source(
    puzzle: &Puzzle,
    solutions: &[Board],
    sources: &[usize],
) -> (Vec<u32>, usize) {
    let code_of = look_codes(puzzle);
    let mut reader = Reader::new(puzzle, |p: Placement, q: u8| {
        code_of[usize::from(p.tile) * 4 + usize::from((p.turns + q) % 4)]
    });
    let mut known: Vec<Option<u32>> = vec![None; sources.iter().max().map_or(0, |&m| m + 1)];
    let classes = solutions
        .iter()
        .zip(sources)
        .map(|(board, &source)| *known[source].get_or_insert_with(|| reader.class_of(board)))
        .collect();
    (classes, reader.ids.len())
}

/// One code per distinct picture a turned tile shows on its four sides, per
/// tile and turn (`tile * 4 + turns`).
fn look_codes(puzzle: &Puzzle) -> Vec<u16> {
    let mut shown: HashMap<Vec<u8>, u16> = HashMap::new();
    let mut code_of = vec![0u16; puzzle.tiles.len() * 4];
    for (t, tile) in puzzle.tiles.iter().enumerate() {
        for r in 0..4u8 {
            let sides: Vec<u8> = (0..SIDE_NAMES.len()).map(|s| tile.edge(s, r).0).collect();
            let next = shown.len() as u16;
            code_of[t * 4 + usize::from(r)] = *shown.entry(sides).or_insert(next);
        }
    }
    code_of
}
