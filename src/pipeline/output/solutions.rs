//! The text and JSON forms of a puzzle's solutions.

use super::json::Inline;
use crate::kind::stop::StoppedBy;
use crate::kind::tiles::model::{Placement, Puzzle};
use crate::kind::tiles::solve::{Closest, Outcome, StopReason};
use serde::Serialize;

/// Which way the text outputs count turns: the constraint-programming post counts counter-clockwise
/// quarter turns, the Java solver post and Scramble Redux clockwise ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Turns {
    #[default]
    Ccw,
    Cw,
}

/// How the text outputs number tiles and count turns (`solutions.json` always
/// numbers from 1 and counts counter-clockwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Notation {
    pub turns: Turns,
    /// The number of the first tile: 1 (the constraint-programming post), or 0 (the backtracking post and Scramble Redux).
    pub first: u32,
}

impl Default for Notation {
    fn default() -> Self {
        Notation {
            turns: Turns::Ccw,
            first: 1,
        }
    }
}

impl Notation {
    fn cell(&self, p: &Placement) -> (u32, u8) {
        let turns = match self.turns {
            Turns::Ccw => p.turns % 4,
            Turns::Cw => (4 - p.turns % 4) % 4,
        };
        (u32::from(p.tile) + self.first, turns)
    }
}

/// Seed 000's text form: one board row per line, cells `[t=<tile>,r=<turns>]`
/// separated by single spaces.
pub fn board_text(cols: usize, board: &[Placement], n: Notation) -> String {
    let mut s = String::new();
    for (i, p) in board.iter().enumerate() {
        let (t, r) = n.cell(p);
        s.push_str(&format!("[t={t},r={r}]"));
        s.push(if (i + 1) % cols == 0 { '\n' } else { ' ' });
    }
    s
}

/// Seed 004's schematic: the board as a grid of `piece/turns` pairs.
pub fn schematic(cols: usize, board: &[Placement], n: Notation) -> String {
    let cells: Vec<String> = board
        .iter()
        .map(|p| n.cell(p))
        .map(|(t, r)| format!("{t}/{r}"))
        .collect();
    let w = cells.iter().map(String::len).max().unwrap_or(1) + 2;
    let rule = format!("{}+\n", format!("+{}", "-".repeat(w)).repeat(cols));
    let mut s = rule.clone();
    for row in cells.chunks(cols) {
        for c in row {
            s.push_str(&format!("|{c:^w$}"));
        }
        s.push_str("|\n");
        s.push_str(&rule);
    }
    s
}

#[derive(Serialize)]
struct Entry {
    index: usize,
    class: u32,
    /// Look class: solutions with one look class look the same to a person.
    look: u32,
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
    /// Solutions as a person sees them (see `solve::look_classes`).
    solutions_distinct_looks: usize,
    /// Only when `solutions` lists fewer than `solutions_total` (it lists at
    /// most `solve::MAX_LISTED`): how many it lists. Distinct looks are then
    /// counted among those only, a lower bound, as are unique ones without
    /// symmetry breaking.
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions_listed: Option<usize>,
    /// False when a limit stopped the search: the counts are then lower bounds.
    complete: bool,
    stopped_by: Option<StoppedBy>,
    /// Indices of the solutions rendered as `solution-<index>.png`.
    rendered: Inline<Vec<usize>>,
    nodes: u64,
    nodes_per_depth: Inline<Vec<u64>>,
    solutions: Vec<Inline<Entry>>,
    /// Only for a puzzle without a solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    closest: Option<super::closest::ClosestJson>,
}

/// `[tile, turns]` per cell, row-major; tiles from 1, turns counter-clockwise.
pub(super) fn cells(board: &[Placement]) -> Vec<[u32; 2]> {
    board
        .iter()
        .map(|p| [u32::from(p.tile) + 1, u32::from(p.turns)])
        .collect()
}

impl SolutionsFile {
    pub fn new(puzzle: &Puzzle, outcome: &Outcome, rendered: &[usize]) -> Self {
        SolutionsFile {
            rows: puzzle.rows,
            cols: puzzle.cols,
            tiles: puzzle.tiles.len(),
            solutions_total: outcome.total,
            solutions_unique: outcome.unique,
            solutions_distinct_looks: outcome.looks,
            solutions_listed: (!outcome.listed_all()).then_some(outcome.solutions.len()),
            complete: outcome.complete(),
            stopped_by: outcome.stopped.as_ref().map(StopReason::by),
            rendered: Inline(rendered.to_vec()),
            nodes: outcome.nodes,
            nodes_per_depth: Inline(outcome.nodes_per_depth.clone()),
            solutions: outcome
                .solutions
                .iter()
                .zip(outcome.classes.iter().zip(&outcome.look_classes))
                .enumerate()
                .map(|(i, (board, (&class, &look)))| {
                    Inline(Entry {
                        index: i + 1,
                        class,
                        look,
                        cells: cells(board),
                    })
                })
                .collect(),
            closest: None,
        }
    }

    /// Adds the closest boards (of a puzzle without a solution).
    pub fn with_closest(mut self, puzzle: &Puzzle, c: &Closest, rendered: &[usize]) -> Self {
        self.closest = Some(super::closest::ClosestJson::new(puzzle, c, rendered));
        self
    }

    pub fn to_json(&self) -> String {
        // Entries are inline, so the closest boards get a line each too.
        super::json::to_string(self, 3)
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
            board_text(3, &board, Notation::default()),
            "[t=1,r=0] [t=2,r=1] [t=3,r=2]\n[t=4,r=3] [t=5,r=0] [t=6,r=1]\n[t=7,r=2] [t=8,r=3] [t=9,r=0]\n"
        );
    }

    #[test]
    fn other_notations_number_from_0_and_turn_clockwise() {
        let board: Vec<Placement> = (0..4)
            .map(|t| Placement {
                tile: t,
                turns: t % 4,
            })
            .collect();
        let n = Notation {
            turns: Turns::Cw,
            first: 0,
        };
        assert_eq!(
            board_text(2, &board, n),
            "[t=0,r=0] [t=1,r=3]\n[t=2,r=2] [t=3,r=1]\n"
        );
        assert_eq!(
            schematic(2, &board, n),
            "+-----+-----+\n| 0/0 | 1/3 |\n+-----+-----+\n| 2/2 | 3/1 |\n+-----+-----+\n"
        );
    }
}
