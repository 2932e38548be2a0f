//! The text and JSON forms of a puzzle's solutions.

use crate::json::Inline;
use crate::kind::solutions_file::SolutionsFile;
use crate::kind::tiles::model::{Placement, Puzzle};
use crate::kind::tiles::solve::{Closest, Count, Outcome};
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

/// The text form of the blog series "Scramble Squares, Pt. 1/3": one board row per line, cells `[t=<tile>,r=<turns>]`
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

/// The letter-code solver's schematic (`letters.txt`'s source): the board as a grid of `piece/turns` pairs.
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

#[derive(Serialize)]
struct Head {
    rows: usize,
    cols: usize,
    tiles: usize,
}

#[derive(Serialize)]
struct Classes {
    solutions_unique: Count,
    /// Solutions as a person sees them (see `solve::look_classes`). When
    /// `solutions_listed` is written, counted among the listed only, a lower
    /// bound, as are unique ones without symmetry breaking.
    solutions_distinct_looks: Count,
}

/// What the counting mode did: the looks it counted and its work in nodes.
#[derive(Serialize)]
struct CountedJson {
    looks: Count,
    distinct_looks_exact: bool,
    work: u64,
}

#[derive(Serialize)]
struct Tail {
    /// Only when the counting mode gave the total (see `solve::counting`).
    #[serde(skip_serializing_if = "Option::is_none")]
    counted: Option<CountedJson>,
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

/// `solutions.json` of a tile puzzle: the board's size, the counts every
/// kind writes with the rotation and look classes among them, then the
/// solutions and, for a puzzle without one, the closest boards (`closest`:
/// them and those rendered).
pub fn solutions_json(
    puzzle: &Puzzle,
    outcome: &Outcome,
    rendered: &[usize],
    closest: Option<(&Closest, &[usize])>,
) -> String {
    let head = Head {
        rows: puzzle.rows,
        cols: puzzle.cols,
        tiles: puzzle.tiles.len(),
    };
    let stats = &outcome.extra;
    let classes = Classes {
        solutions_unique: stats.unique,
        solutions_distinct_looks: stats.looks,
    };
    let solutions = outcome
        .solutions
        .iter()
        .zip(stats.classes.iter().zip(&stats.look_classes))
        .enumerate()
        .map(|(i, (board, (&class, &look)))| {
            Inline(Entry {
                index: i + 1,
                class,
                look,
                cells: cells(board),
            })
        })
        .collect();
    let tail = Tail {
        counted: stats.counted.map(|c| CountedJson {
            looks: c.looks,
            distinct_looks_exact: c.distinct_looks_exact,
            work: c.work,
        }),
        nodes_per_depth: Inline(stats.nodes_per_depth.clone()),
        solutions,
        closest: closest.map(|(c, r)| super::closest::ClosestJson::new(puzzle, c, r)),
    };
    // Entries are inline, so the closest boards get a line each too.
    SolutionsFile::new(head, classes, outcome, rendered, tail).to_json(3)
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
