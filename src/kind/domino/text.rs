//! The text and JSON forms of Domino Fit solutions.

use super::{DominoPuzzle, DominoSolution, Kind, Outcome};
use crate::json::Inline;
use crate::kind::stop::StoppedBy;
use serde::Serialize;

/// Seed 001's text form, one line per row: `1` the dot (upper) cell of a one,
/// `|` its lower cell, `2` the dot (right) cell of a two, `-` its left cell,
/// `X` a black cell. A free cell left empty (only under [`super::Cover::Partial`])
/// is `.`; the seed's printer would show it as `|`, which hides it.
pub fn text(p: &DominoPuzzle, solution: &DominoSolution) -> String {
    let (width, height) = (p.width(), p.height());
    let mut grid: Vec<u8> = (0..width * height)
        .map(|i| {
            if p.is_black(i % width, i / width) {
                b'X'
            } else {
                b'.'
            }
        })
        .collect();
    for d in &solution.dominoes {
        let symbols = match d.kind {
            Kind::One => [b'1', b'|'],
            Kind::Two => [b'-', b'2'],
        };
        for ((w, h), symbol) in d.cells().into_iter().zip(symbols) {
            if w < width && h < height {
                grid[h * width + w] = symbol;
            }
        }
    }
    let mut out = String::with_capacity((width + 1) * height);
    for row in grid.chunks(width.max(1)) {
        out.extend(row.iter().map(|&b| char::from(b)));
        out.push('\n');
    }
    out
}

#[derive(Serialize)]
struct JsonDomino {
    kind: &'static str,
    /// Both cells as `[w, h]`, the anchor (top or left) first.
    cells: [[usize; 2]; 2],
}

#[derive(Serialize)]
struct Entry {
    index: usize,
    dominoes: Vec<JsonDomino>,
}

/// `solutions.json`, with the count fields of the tile puzzles' file. Field
/// order is the order in the file; nothing here depends on time or threads,
/// so an unchanged puzzle rewrites the same bytes.
#[derive(Serialize)]
pub struct SolutionsFile {
    width: usize,
    height: usize,
    rule: &'static str,
    solutions_total: usize,
    /// Only when `solutions` lists fewer than `solutions_total` (it lists at
    /// most `solve::MAX_LISTED`): how many it lists.
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions_listed: Option<usize>,
    /// False when a limit stopped the search: the count is then a lower bound.
    complete: bool,
    stopped_by: Option<StoppedBy>,
    /// Indices of the solutions rendered as `solution-<index>.png`.
    rendered: Inline<Vec<usize>>,
    nodes: u64,
    solutions: Vec<Entry>,
}

impl SolutionsFile {
    pub fn new(p: &DominoPuzzle, outcome: &Outcome, rendered: &[usize]) -> Self {
        SolutionsFile {
            width: p.width(),
            height: p.height(),
            rule: outcome.extra.name(),
            solutions_total: outcome.total,
            solutions_listed: (!outcome.listed_all()).then_some(outcome.solutions.len()),
            complete: outcome.complete(),
            // A timeout depends on the machine, but saying that one happened is
            // the honest record; the count is then marked incomplete anyway.
            stopped_by: outcome.stopped.map(|s| s.by()),
            rendered: Inline(rendered.to_vec()),
            nodes: outcome.nodes,
            solutions: outcome
                .solutions
                .iter()
                .enumerate()
                .map(|(i, s)| Entry {
                    index: i + 1,
                    dominoes: s
                        .dominoes
                        .iter()
                        .map(|d| {
                            let [(aw, ah), (bw, bh)] = d.cells();
                            JsonDomino {
                                kind: match d.kind {
                                    Kind::One => "one",
                                    Kind::Two => "two",
                                },
                                cells: [[aw, ah], [bw, bh]],
                            }
                        })
                        .collect(),
                })
                .collect(),
        }
    }

    pub fn to_json(&self) -> String {
        crate::json::to_string(self, 2)
    }
}
