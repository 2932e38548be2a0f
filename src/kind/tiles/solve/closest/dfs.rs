//! One unit of one round of the closest-board search: a depth-first search
//! that fills the cells in row-major order and allows at most the round's
//! number of mismatched edges. Apart from closest.rs, which runs the rounds
//! and their units, because the inner search is where the time goes.

use super::Space;
use crate::kind::tiles::model::{Board, Placement};
use crate::kind::tiles::solve::Cancel;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

pub(super) struct Dfs<'a> {
    pub(super) space: &'a Space,
    pub(super) budget: usize,
    pub(super) want: usize,
    pub(super) deadline: Option<Instant>,
    pub(super) cancel: &'a Cancel,
    pub(super) timed_out: &'a AtomicBool,
    pub(super) placed: Vec<Placement>,
    pub(super) used: u128,
    pub(super) boards: Vec<Board>,
    pub(super) nodes: u64,
    pub(super) max_nodes: u64,
}

impl Dfs<'_> {
    fn stop(&self) -> bool {
        self.boards.len() >= self.want
            || self.nodes >= self.max_nodes
            || self.timed_out.load(Ordering::Relaxed)
    }

    /// Fills cells `cell..` in row-major order with `misses` mismatches so far.
    pub(super) fn go(&mut self, cell: usize, misses: usize) {
        let n = self.placed.len();
        if cell == n {
            self.boards.push(self.placed.clone());
            return;
        }
        if misses == self.budget {
            let space = self.space;
            for c in space.fitting(&self.placed, cell) {
                if self.used >> c.tile & 1 == 0 && (c.tile > 0 || c.turns < space.first_turns) {
                    let cand = Placement {
                        tile: c.tile,
                        turns: c.turns,
                    };
                    if self.try_place(cell, cand, misses) {
                        return;
                    }
                }
            }
            return;
        }
        for tile in 0..n {
            if self.used >> tile & 1 == 1 {
                continue;
            }
            for turns in self.space.turns(tile) {
                let cand = Placement {
                    tile: tile as u8,
                    turns,
                };
                let m = misses + self.space.misses(&self.placed, cell, cand);
                if m <= self.budget && self.try_place(cell, cand, m) {
                    return;
                }
            }
        }
    }

    /// Places `cand` and searches on; true when the search must stop.
    fn try_place(&mut self, cell: usize, cand: Placement, misses: usize) -> bool {
        if self.nodes >= self.max_nodes {
            return true;
        }
        self.nodes += 1;
        if self.nodes & 0xffff == 0 && self.clock_says_stop() {
            return true;
        }
        self.placed[cell] = cand;
        self.used |= 1 << cand.tile;
        self.go(cell + 1, misses);
        self.used &= !(1 << cand.tile);
        self.stop()
    }

    fn clock_says_stop(&self) -> bool {
        if self.cancel.is_cancelled() || self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out.store(true, Ordering::Relaxed);
        }
        self.timed_out.load(Ordering::Relaxed)
    }
}
