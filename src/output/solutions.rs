//! The text and JSON forms of a puzzle's solutions.

use super::json::Inline;
use crate::model::{Placement, Puzzle};
use crate::solve::{Outcome, StopReason};
use serde::Serialize;

/// Seed 000's text form: one board row per line, cells `[t=<tile>,r=<turns>]`
/// (tiles numbered from 1, turns counter-clockwise) separated by single spaces.
pub fn board_text(cols: usize, board: &[Placement]) -> String {
    let mut s = String::new();
    for (i, p) in board.iter().enumerate() {
        s.push_str(&format!("[t={},r={}]", u32::from(p.tile) + 1, p.turns));
        s.push(if (i + 1) % cols == 0 { '\n' } else { ' ' });
    }
    s
}

/// Machine-readable short name of a stop reason.
pub fn stop_name(reason: &StopReason) -> &'static str {
    match reason {
        StopReason::MaxSolutions(_) => "max-solutions",
        StopReason::Timeout(_) => "timeout",
    }
}

#[derive(Serialize)]
struct Entry {
    index: usize,
    class: u32,
    /// `[tile, turns]` per cell, row-major; tiles from 1, turns counter-clockwise.
    cells: Vec<[u32; 2]>,
}

/// `solutions.json`. Field order is the order in the file; nothing here may
/// depend on time or thread count.
#[derive(Serialize)]
pub struct SolutionsFile {
    rows: usize,
    cols: usize,
    tiles: usize,
    solutions_total: usize,
    solutions_unique: usize,
    /// False when a limit stopped the search: the counts are then lower bounds.
    complete: bool,
    stopped_by: Option<&'static str>,
    /// Indices of the solutions rendered as `solution-<index>.png`.
    rendered: Inline<Vec<usize>>,
    nodes: u64,
    nodes_per_depth: Inline<Vec<u64>>,
    solutions: Vec<Entry>,
}

impl SolutionsFile {
    pub fn new(puzzle: &Puzzle, outcome: &Outcome, rendered: &[usize]) -> Self {
        SolutionsFile {
            rows: puzzle.rows,
            cols: puzzle.cols,
            tiles: puzzle.tiles.len(),
            solutions_total: outcome.solutions.len(),
            solutions_unique: outcome.unique,
            complete: outcome.complete(),
            stopped_by: outcome.stopped.as_ref().map(stop_name),
            rendered: Inline(rendered.to_vec()),
            nodes: outcome.nodes,
            nodes_per_depth: Inline(outcome.nodes_per_depth.clone()),
            solutions: outcome
                .solutions
                .iter()
                .zip(&outcome.classes)
                .enumerate()
                .map(|(i, (board, &class))| Entry {
                    index: i + 1,
                    class,
                    cells: board
                        .iter()
                        .map(|p| [u32::from(p.tile) + 1, u32::from(p.turns)])
                        .collect(),
                })
                .collect(),
        }
    }

    pub fn to_json(&self) -> String {
        super::json::to_string(self, 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_form_matches_seed_000() {
        let board: Vec<Placement> = (0..9)
            .map(|t| Placement {
                tile: t,
                turns: t % 4,
            })
            .collect();
        assert_eq!(
            board_text(3, &board),
            "[t=1,r=0] [t=2,r=1] [t=3,r=2]\n[t=4,r=3] [t=5,r=0] [t=6,r=1]\n[t=7,r=2] [t=8,r=3] [t=9,r=0]\n"
        );
    }
}
