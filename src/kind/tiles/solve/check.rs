//! The check of every board a solve lists, independent of the search: it
//! reads the puzzle's own tiles and matching (not the search's tables), once
//! per solve, into flat tables, so that checking tens of thousands of boards
//! costs a few lookups each.

use crate::kind::tiles::model::{Edge, Placement, Puzzle, BOTTOM, LEFT, RIGHT, TOP};

pub(super) struct Checker<'a> {
    puzzle: &'a Puzzle,
    /// Per tile and turns (`tile * 4 + turns`): the edge code on each side.
    sides: Vec<[u8; 4]>,
    /// Per pair of edge codes `a * codes + b`: whether they fit.
    fit: Vec<bool>,
    codes: usize,
}

impl<'a> Checker<'a> {
    pub(super) fn new(puzzle: &'a Puzzle) -> Self {
        let sides: Vec<[u8; 4]> = puzzle
            .tiles
            .iter()
            .flat_map(|tile| (0..4u8).map(move |r| [0, 1, 2, 3].map(|s| tile.edge(s, r).0)))
            .collect();
        let codes = sides
            .iter()
            .flatten()
            .max()
            .map_or(0, |&m| usize::from(m) + 1);
        let fit = (0..codes * codes)
            .map(|i| puzzle.fits(Edge((i / codes) as u8), Edge((i % codes) as u8)))
            .collect();
        Checker {
            puzzle,
            sides,
            fit,
            codes,
        }
    }

    /// Whether `board` is a solution: every tile once, every inner edge
    /// matched (what [`Puzzle::check`] accepts).
    pub(super) fn valid(&self, board: &[Placement]) -> bool {
        let p = self.puzzle;
        if board.len() != p.cells() || p.each_tile_once(board).is_err() {
            return false;
        }
        let side = |cell: usize, s: usize| {
            let c = board[cell];
            usize::from(self.sides[usize::from(c.tile) * 4 + usize::from(c.turns % 4)][s])
        };
        let fits = |a: usize, b: usize| self.fit[a * self.codes + b];
        // Rows and columns counted, not divided out of the cell: a division
        // per cell would cost more than the lookups.
        (0..p.rows).all(|row| {
            (0..p.cols).all(|col| {
                let cell = row * p.cols + col;
                (col + 1 == p.cols || fits(side(cell, RIGHT), side(cell + 1, LEFT)))
                    && (row + 1 == p.rows || fits(side(cell, BOTTOM), side(cell + p.cols, TOP)))
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::tiles::solve::tests::{puzzle, SEED_000};
    use crate::kind::tiles::solve::{solve, Limits};

    #[test]
    fn the_checker_agrees_with_the_puzzle_s_check() {
        let p = puzzle(SEED_000);
        let all = solve(&p, &Limits::default());
        assert!(!all.solutions.is_empty());
        let checker = Checker::new(&p);
        let mut boards = all.solutions.clone();
        // Every board one change away from each solution: a tile turned,
        // two cells swapped, a tile repeated or out of range, a cell short.
        for s in &all.solutions {
            for cell in 0..s.len() {
                for r in 1..4 {
                    let mut b = s.clone();
                    b[cell].turns = (b[cell].turns + r) % 4;
                    boards.push(b);
                }
                let mut b = s.clone();
                b.swap(0, cell);
                boards.push(b.clone());
                b[cell].tile = b[(cell + 1) % s.len()].tile;
                boards.push(b.clone());
                b[cell].tile = p.tiles.len() as u8;
                boards.push(b);
            }
            boards.push(s[1..].to_vec());
        }
        let mut invalid = 0;
        for b in &boards {
            assert_eq!(checker.valid(b), p.check(b).is_ok(), "{b:?}");
            invalid += usize::from(p.check(b).is_err());
        }
        assert!(invalid > boards.len() / 2, "{invalid} of {}", boards.len());
    }
}
