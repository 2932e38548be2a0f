//! The check every solution the solver reports passes: written apart from
//! the solver, so that a solver bug cannot hide behind a shared mistake.

use super::{Cover, DominoPuzzle, DominoSolution, Kind, Placement};

/// Why a list of dominoes is not a solution of a board. Only a solver bug
/// produces one, so each says exactly which domino, cell, row or column.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DominoFault {
    #[error("domino {index} ({}) leaves the board at {}", described(.domino), at(*.cell))]
    OffBoard {
        index: usize,
        domino: Placement,
        cell: (usize, usize),
    },
    #[error("domino {index} ({}) covers black cell {}", described(.domino), at(*.cell))]
    OnBlack {
        index: usize,
        domino: Placement,
        cell: (usize, usize),
    },
    #[error("dominoes {first} and {second} both cover {}", at(*.cell))]
    Overlap {
        first: usize,
        second: usize,
        cell: (usize, usize),
    },
    #[error("column {column} has {}, needs {needs}", crate::phrases::plural((*.dots).into(), "dot"))]
    Column {
        column: usize,
        dots: u32,
        needs: u32,
    },
    #[error("row {row} has {}, needs {needs}", crate::phrases::plural((*.dots).into(), "dot"))]
    Row { row: usize, dots: u32, needs: u32 },
    #[error("cell {} is not covered under the full rule", at(*.cell))]
    Uncovered { cell: (usize, usize) },
}

fn at((w, h): (usize, usize)) -> String {
    format!("({w}, {h})")
}

fn described(d: &Placement) -> String {
    let kind = match d.kind {
        Kind::One => "one-dot",
        Kind::Two => "two-dot",
    };
    format!("{kind} at {}", at((d.w, d.h)))
}

impl DominoPuzzle {
    /// Checks a solution without reusing anything from the solver.
    pub fn check(&self, solution: &DominoSolution, cover: Cover) -> Result<(), DominoFault> {
        let (width, height) = (self.width, self.height);
        let mut owner: Vec<Option<usize>> = vec![None; width * height];
        let mut cols = vec![0u32; width];
        let mut rows = vec![0u32; height];
        for (index, &domino) in solution.dominoes.iter().enumerate() {
            for cell @ (w, h) in domino.cells() {
                if w >= width || h >= height {
                    return Err(DominoFault::OffBoard {
                        index,
                        domino,
                        cell,
                    });
                }
                if self.is_black(w, h) {
                    return Err(DominoFault::OnBlack {
                        index,
                        domino,
                        cell,
                    });
                }
                if let Some(first) = owner[h * width + w] {
                    return Err(DominoFault::Overlap {
                        first,
                        second: index,
                        cell,
                    });
                }
                owner[h * width + w] = Some(index);
            }
            let (w, h) = domino.dot_cell();
            cols[w] += domino.kind.dots();
            rows[h] += domino.kind.dots();
        }
        if let Some(w) = (0..width).find(|&w| cols[w] != self.top[w]) {
            return Err(DominoFault::Column {
                column: w,
                dots: cols[w],
                needs: self.top[w],
            });
        }
        if let Some(h) = (0..height).find(|&h| rows[h] != self.side[h]) {
            return Err(DominoFault::Row {
                row: h,
                dots: rows[h],
                needs: self.side[h],
            });
        }
        if cover == Cover::Full {
            if let Some(i) = (0..width * height).find(|&i| !self.black[i] && owner[i].is_none()) {
                return Err(DominoFault::Uncovered {
                    cell: (i % width, i / width),
                });
            }
        }
        Ok(())
    }
}
