//! The search core: a depth-first backtracker over cells in row-major order.
//!
//! Each oriented tile (tile, turns) is filed in a bucket keyed by the edges it
//! shows on its left and top, so the candidates for a cell are one slice
//! lookup away: no edge comparison happens in the loop at all. Used tiles are
//! a `u128` bitset and the stack is explicit, so the loop never allocates.

use super::{Limits, StopReason};
use crate::model::{Board, Placement, Puzzle, BOTTOM, LEFT, RIGHT, TOP};

#[derive(Clone, Copy, Debug)]
struct Cand {
    tile: u8,
    turns: u8,
    /// Edge code that the cell to the right must show on its left.
    need_right: u8,
    /// Edge code that the cell below must show on its top.
    need_below: u8,
}

/// Candidate tables for one puzzle, built once and shared by every search.
pub struct Tables {
    rows: usize,
    cols: usize,
    /// Number of edge codes plus one for "anything" (a board border).
    width: usize,
    any: u8,
    /// Bucket `left * width + top` holds `entries[offsets[b]..offsets[b + 1]]`.
    offsets: Vec<u32>,
    entries: Vec<Cand>,
}

pub(super) struct Found {
    pub solutions: Vec<Board>,
    pub stopped: Option<StopReason>,
    pub nodes_per_depth: Vec<u64>,
}

impl Tables {
    pub fn new(puzzle: &Puzzle) -> Tables {
        let codes = puzzle.tokens.len() * 2;
        let any = codes as u8;
        let width = codes + 1;
        let mut buckets: Vec<Vec<Cand>> = vec![Vec::new(); width * width];
        for (t, tile) in puzzle.tiles.iter().enumerate() {
            for turns in 0..4u8 {
                let cand = Cand {
                    tile: t as u8,
                    turns,
                    need_right: tile.edge(RIGHT, turns).partner().0,
                    need_below: tile.edge(BOTTOM, turns).partner().0,
                };
                let left = usize::from(tile.edge(LEFT, turns).0);
                let top = usize::from(tile.edge(TOP, turns).0);
                let anyi = usize::from(any);
                for (l, tp) in [(left, top), (anyi, top), (left, anyi), (anyi, anyi)] {
                    buckets[l * width + tp].push(cand);
                }
            }
        }
        let mut offsets = Vec::with_capacity(buckets.len() + 1);
        let mut entries = Vec::new();
        offsets.push(0);
        for b in buckets {
            entries.extend(b);
            offsets.push(entries.len() as u32);
        }
        Tables {
            rows: puzzle.rows,
            cols: puzzle.cols,
            width,
            any,
            offsets,
            entries,
        }
    }

    fn bucket(&self, left: u8, top: u8) -> (u32, u32) {
        let b = usize::from(left) * self.width + usize::from(top);
        (self.offsets[b], self.offsets[b + 1])
    }

    pub(super) fn search(&self, limits: &Limits) -> Found {
        let cells = self.rows * self.cols;
        let mut nodes_per_depth = vec![0u64; cells];
        let mut solutions: Vec<Board> = Vec::new();
        let mut stopped = None;
        let mut pos = vec![0u32; cells];
        let mut end = vec![0u32; cells];
        let mut placed: Vec<Cand> = vec![
            Cand {
                tile: 0,
                turns: 0,
                need_right: 0,
                need_below: 0
            };
            cells
        ];
        let mut used: u128 = 0;
        let (s, e) = self.bucket(self.any, self.any);
        pos[0] = s;
        end[0] = e;
        let mut depth = 0usize;
        'search: loop {
            if pos[depth] == end[depth] {
                if depth == 0 {
                    break;
                }
                depth -= 1;
                used &= !(1u128 << placed[depth].tile);
                continue;
            }
            let cand = self.entries[pos[depth] as usize];
            pos[depth] += 1;
            let bit = 1u128 << cand.tile;
            if used & bit != 0 {
                continue;
            }
            nodes_per_depth[depth] += 1;
            placed[depth] = cand;
            if depth + 1 == cells {
                if solutions.len() == limits.max_solutions {
                    stopped = Some(StopReason::MaxSolutions(limits.max_solutions));
                    break 'search;
                }
                solutions.push(
                    placed
                        .iter()
                        .map(|c| Placement {
                            tile: c.tile,
                            turns: c.turns,
                        })
                        .collect(),
                );
                continue;
            }
            used |= bit;
            depth += 1;
            let col = depth % self.cols;
            let left = if col > 0 {
                placed[depth - 1].need_right
            } else {
                self.any
            };
            let top = if depth >= self.cols {
                placed[depth - self.cols].need_below
            } else {
                self.any
            };
            let (s, e) = self.bucket(left, top);
            pos[depth] = s;
            end[depth] = e;
        }
        Found {
            solutions,
            stopped,
            nodes_per_depth,
        }
    }
}
