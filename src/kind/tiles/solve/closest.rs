//! The closest boards of a puzzle without a solution: the arrangements of all
//! its tiles that match the most inner edges.
//!
//! An exact search by iterative deepening on the number of mismatched edges:
//! round `k` is a depth-first search that allows at most `k` mismatches, so
//! the first round that finds boards proves their score optimal and finds all
//! of them. The case it is built for, a real puzzle with a transcription
//! error or two, needs only small `k`, where each round is a slightly widened
//! ordinary search; a plain branch and bound would start from poor boards and
//! wander through far more of them. Each round's units (the first cell's
//! candidates) run on rayon and are merged in order, so the boards and their
//! order are the same for any number of threads.
//!
//! Turning the board keeps its score, so as in the solver only the member of
//! each rotation class in which tile 1 has turns 0 (0 or 1 on a rectangle) is
//! searched: the boards are one per class.

use super::tables::{Cand, Tables};
use super::{Cancel, Limits, StopReason, TurnOrder};
use crate::kind::tiles::model::{Board, Placement, Puzzle, BOTTOM, LEFT, RIGHT, TOP};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

mod dfs;
use dfs::Dfs;

/// The default node budget: every board of `scripts/bench-closest` stays
/// under it, and it bounds the time of a search with no timeout (figures
/// in docs/performance.md).
pub const CLOSEST_NODES: u64 = 5_000_000_000;

/// What the search for the closest boards found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closest {
    pub inner_edges: usize,
    /// The score of `boards`: the most inner edges any board matches when the
    /// search was not stopped by the clock, otherwise the best seen.
    pub matched_edges: usize,
    /// Proven: no arrangement matches more inner edges than this.
    pub matched_at_most: usize,
    /// One board per rotation class (tile 1 unturned), in search order; at
    /// most `max_solutions` of them.
    pub boards: Vec<Board>,
    /// `None`: `matched_edges` is optimal and `boards` lists every class.
    pub stopped: Option<StopReason>,
    /// Placements tried, over all rounds.
    pub nodes: u64,
}

impl Closest {
    pub fn complete(&self) -> bool {
        self.stopped.is_none()
    }
}

/// Finds the closest boards within `limits` (its timeout counts from this
/// call) and about `max_nodes` placements. Every board is checked to have the
/// score it is reported with.
///
/// The node budget keeps a batch from hanging on a big board with many
/// errors without making the result depend on the machine, as a timeout
/// does: each round gives every unit an equal share of what is left, and a
/// unit's search is the same on every run and thread count.
pub fn closest(puzzle: &Puzzle, limits: &Limits, max_nodes: u64) -> Closest {
    let start = Instant::now();
    let deadline = limits.timeout.map(|t| start + t);
    let inner = puzzle.inner_edges();
    let space = Space::new(puzzle);
    let timed_out = AtomicBool::new(false);
    let mut nodes = 0;
    let most = usize::try_from(limits.max_solutions).unwrap_or(usize::MAX);
    for budget in 0..=inner {
        let cancel = &limits.cancel;
        if cancel.is_cancelled() || deadline.is_some_and(|d| Instant::now() >= d) {
            timed_out.store(true, Ordering::Relaxed);
        }
        let left = max_nodes.saturating_sub(nodes);
        let clock = (deadline, cancel);
        let round = space.round(budget, most, clock, &timed_out, left);
        nodes += round.iter().map(|f| f.nodes).sum::<u64>();
        let out_of_nodes = left == 0 || round.iter().any(|f| f.out_of_nodes);
        let mut boards: Vec<Board> = round.into_iter().flat_map(|f| f.boards).collect();
        let stopped = if cancel.is_cancelled() {
            Some(StopReason::Interrupted)
        } else if timed_out.load(Ordering::Relaxed) {
            Some(StopReason::Timeout(limits.timeout.unwrap_or_default()))
        } else if out_of_nodes {
            Some(StopReason::MaxNodes(max_nodes))
        } else if boards.len() > most {
            Some(StopReason::MaxSolutions(limits.max_solutions))
        } else {
            None
        };
        if boards.is_empty() {
            if stopped.is_none() {
                continue;
            }
            // Every board has more than `budget - 1` mismatches (the earlier
            // rounds were whole), and the greedy board is the best at hand.
            let best = greedy(&space);
            return Closest {
                inner_edges: inner,
                matched_edges: inner - puzzle.unmatched(&best).len(),
                matched_at_most: inner - budget,
                boards: vec![best],
                stopped,
                nodes,
            };
        }
        // Any board of this round is optimal, even one found just before
        // the clock stopped the round: the rounds before it were whole.
        boards.truncate(most);
        for b in &boards {
            // A failure here is a solver bug, never a property of the input.
            assert_eq!(puzzle.unmatched(b).len(), budget, "closest board {b:?}");
        }
        return Closest {
            inner_edges: inner,
            matched_edges: inner - budget,
            matched_at_most: inner - budget,
            boards,
            stopped,
            nodes,
        };
    }
    unreachable!("a round allowing every edge to mismatch finds every board");
}

/// The puzzle as the search reads it: every tile's edge codes per turn.
struct Space {
    rows: usize,
    cols: usize,
    /// `edges[tile][turns][side]`.
    edges: Vec<[[u8; 4]; 4]>,
    /// Turns tile 0 may take: one member per rotation class.
    first_turns: u8,
    /// The solver's candidate lists, for cells where no more mismatches are
    /// allowed: most cells of a round, where they spare scanning every tile.
    tables: Tables,
    /// The table keyed by a cell's top and left neighbours.
    base: usize,
}

/// One unit's result in one round.
struct Found {
    boards: Vec<Board>,
    nodes: u64,
    /// The unit used up its share of the node budget.
    out_of_nodes: bool,
}

impl Space {
    fn new(puzzle: &Puzzle) -> Space {
        // Counter-clockwise, the lists keep the (tile, turns) order of the scan.
        let tables = Tables::new(puzzle, TurnOrder::CounterClockwise);
        let base = tables.base((TOP, LEFT)) as usize;
        Space {
            rows: puzzle.rows,
            cols: puzzle.cols,
            edges: puzzle
                .tiles
                .iter()
                .map(|t| [0, 1, 2, 3].map(|r| [0, 1, 2, 3].map(|s| t.edge(s, r).0)))
                .collect(),
            first_turns: 4 / puzzle.board_turns(),
            tables,
            base,
        }
    }

    fn turns(&self, tile: usize) -> std::ops::Range<u8> {
        0..if tile == 0 { self.first_turns } else { 4 }
    }

    /// The edge code `p` shows on `side`.
    fn shows(&self, p: Placement, side: usize) -> usize {
        usize::from(self.edges[usize::from(p.tile)][usize::from(p.turns)][side])
    }

    /// The codes the left and top neighbours of `cell` show it (`any` at
    /// the board's edge, which fits everything).
    fn neighbours(&self, placed: &[Placement], cell: usize) -> (usize, usize) {
        let any = usize::from(self.tables.any);
        let left = if !cell.is_multiple_of(self.cols) {
            self.shows(placed[cell - 1], RIGHT)
        } else {
            any
        };
        let top = if cell >= self.cols {
            self.shows(placed[cell - self.cols], BOTTOM)
        } else {
            any
        };
        (left, top)
    }

    /// Mismatches of `cand` in cell `cell` against its left and top neighbours.
    fn misses(&self, placed: &[Placement], cell: usize, cand: Placement) -> usize {
        let t = &self.tables;
        let (left, top) = self.neighbours(placed, cell);
        let fits = |a: usize, side: usize| t.fit[a * t.width + self.shows(cand, side)];
        usize::from(!fits(left, LEFT)) + usize::from(!fits(top, TOP))
    }

    /// The candidates that fit both neighbours of `cell`, from the tables.
    fn fitting(&self, placed: &[Placement], cell: usize) -> &[Cand] {
        let t = &self.tables;
        let (left, top) = self.neighbours(placed, cell);
        let i = self.base + top * t.width + left;
        &t.entries[t.offsets[i] as usize..t.offsets[i + 1] as usize]
    }

    /// All boards with at most `budget` mismatches, unit by unit, each unit
    /// keeping one more than `want` so that a cap is seen.
    fn round(
        &self,
        budget: usize,
        want: usize,
        (deadline, cancel): (Option<Instant>, &Cancel),
        timed_out: &AtomicBool,
        max_nodes: u64,
    ) -> Vec<Found> {
        let n = self.rows * self.cols;
        let units: Vec<Placement> = (0..n)
            .flat_map(|t| {
                self.turns(t).map(move |r| Placement {
                    tile: t as u8,
                    turns: r,
                })
            })
            .collect();
        let share = (max_nodes / units.len() as u64).max(1);
        units
            .par_iter()
            .map(|&first| {
                if timed_out.load(Ordering::Relaxed) {
                    return Found {
                        boards: Vec::new(),
                        nodes: 0,
                        out_of_nodes: false,
                    };
                }
                let mut dfs = Dfs {
                    space: self,
                    budget,
                    want: want.saturating_add(1),
                    deadline,
                    cancel,
                    timed_out,
                    placed: vec![first; n],
                    used: 1u128 << first.tile,
                    boards: Vec::new(),
                    nodes: 1,
                    max_nodes: share,
                };
                dfs.go(1, 0);
                Found {
                    out_of_nodes: dfs.nodes >= share,
                    boards: dfs.boards,
                    nodes: dfs.nodes,
                }
            })
            .collect()
    }
}

/// A quick board for when the clock stops the exact search: each cell in
/// turn takes the first unused oriented tile with the fewest mismatches.
fn greedy(space: &Space) -> Board {
    let n = space.rows * space.cols;
    let mut placed = vec![Placement { tile: 0, turns: 0 }; n];
    let mut used = 1u128;
    for cell in 1..n {
        let best = (0..n)
            .filter(|&t| used >> t & 1 == 0)
            .flat_map(|t| {
                space.turns(t).map(move |r| Placement {
                    tile: t as u8,
                    turns: r,
                })
            })
            .min_by_key(|&c| space.misses(&placed, cell, c));
        if let Some(c) = best {
            placed[cell] = c;
            used |= 1 << c.tile;
        }
    }
    placed
}

#[cfg(test)]
#[path = "closest_tests.rs"]
mod tests;
