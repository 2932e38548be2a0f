//! The text and JSON forms of Domino Fit solutions.

use super::{DominoPuzzle, DominoSolution, Kind, Outcome};
use crate::kind::solutions_file::{Nothing, SolutionsFile};
use serde::Serialize;

/// The text form of Philippe Olivier's Domino Fit post, one line per row: `1` the dot (upper) cell of a one,
/// `|` its lower cell, `2` the dot (right) cell of a two, `-` its left cell,
/// `X` a black cell. A free cell left empty (only under [`super::Cover::Partial`])
/// is `.`; that post's printer would show it as `|`, which hides it.
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

#[derive(Serialize)]
struct Head {
    width: usize,
    height: usize,
    rule: &'static str,
}

#[derive(Serialize)]
struct Tail {
    solutions: Vec<Entry>,
}

/// `solutions.json`: the board's size and rule, the counts every kind
/// writes, then each solution's dominoes.
pub fn solutions_json(p: &DominoPuzzle, outcome: &Outcome, rendered: &[usize]) -> String {
    let head = Head {
        width: p.width(),
        height: p.height(),
        rule: outcome.extra.name(),
    };
    let solutions = outcome
        .solutions
        .iter()
        .enumerate()
        .map(|(i, s)| Entry {
            index: i + 1,
            dominoes: s.dominoes.iter().map(json_domino).collect(),
        })
        .collect();
    let tail = Tail { solutions };
    SolutionsFile::new(head, Nothing {}, outcome, rendered, tail).to_json(2)
}

fn json_domino(d: &super::Placement) -> JsonDomino {
    let [(aw, ah), (bw, bh)] = d.cells();
    JsonDomino {
        kind: match d.kind {
            Kind::One => "one",
            Kind::Two => "two",
        },
        cells: [[aw, ah], [bw, bh]],
    }
}
