//! The `closest` part of `solutions.json`, for a puzzle without a solution.

use super::solutions::cells;
use crate::json::Inline;
use crate::kind::stop::{StopReason, StoppedBy};
use crate::kind::tiles::model::{Puzzle, SIDE_NAMES};
use crate::kind::tiles::solve::Closest;
use serde::Serialize;

/// An inner edge whose two sides do not fit, named by the cell above or left
/// of it (rows and columns from 1) and that cell's side: `right` or `bottom`.
#[derive(Serialize)]
struct Unmatched {
    row: usize,
    col: usize,
    side: &'static str,
}

#[derive(Serialize)]
struct Entry {
    index: usize,
    /// `[tile, turns]` per cell, as in `solutions`.
    cells: Vec<[u32; 2]>,
    unmatched: Vec<Unmatched>,
}

/// `"closest"`: the boards that match the most inner edges.
#[derive(Serialize)]
pub(crate) struct ClosestJson {
    matched_edges: usize,
    inner_edges: usize,
    /// Proven: no board matches more (equal to `matched_edges` when complete).
    matched_at_most: usize,
    /// False when a limit stopped the search: the boards are then the best
    /// found, and not every closest board may be listed.
    complete: bool,
    stopped_by: Option<StoppedBy>,
    /// Indices of the boards rendered as `closest-<index>.png`.
    rendered: Inline<Vec<usize>>,
    /// One board per rotation class.
    boards: Vec<Inline<Entry>>,
}

impl ClosestJson {
    pub(crate) fn new(puzzle: &Puzzle, c: &Closest, rendered: &[usize]) -> Self {
        ClosestJson {
            matched_edges: c.matched_edges,
            inner_edges: c.inner_edges,
            matched_at_most: c.matched_at_most,
            complete: c.complete(),
            stopped_by: c.stopped.as_ref().map(StopReason::by),
            rendered: Inline(rendered.to_vec()),
            boards: c
                .boards
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    Inline(Entry {
                        index: i + 1,
                        cells: cells(b),
                        unmatched: puzzle
                            .unmatched(b)
                            .into_iter()
                            .map(|(cell, side)| Unmatched {
                                row: cell / puzzle.cols + 1,
                                col: cell % puzzle.cols + 1,
                                side: SIDE_NAMES[side],
                            })
                            .collect(),
                    })
                })
                .collect(),
        }
    }
}
