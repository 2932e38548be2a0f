//! Splitting the search into independent units, one rotation class at a time.
//!
//! Turning the whole board maps solutions to solutions, and with labelled
//! tiles the `k` turns of a solution (4 on a square, 2 on a rectangle) are
//! always `k` different boards, so each class has exactly `k` members. The
//! search therefore only looks for the one member of each class in which a
//! chosen tile `T` has turns 0 (turns 0 or 1 on a rectangle: the half turn
//! adds 2) and produces the others by turning the board.
//!
//! Fixing whatever lands in the first cell would be wrong (the first cell
//! moves when the board turns), so the search is split by where `T` lies:
//! one unit per cell `c`, with `T` pinned there and the other cells filled
//! in a spiral round `c`, so `T`'s edges prune from the start. (Filling the
//! rest in the board's own order instead repeats the search of the cells
//! before `c` in every unit, which costs more than the plain search where
//! the spirals cost a fraction of it: docs/performance.md.) So on a square board
//! the row-major order only decides the order of the units. When the order
//! starts at the centre of an odd board, which stays put under every turn,
//! fixing the turns of the centre tile is the same idea with less work
//! (the backtracking post): one unit per centre tile.

use super::kinds::Kinds;
use super::order::{cells_in_order, plan, spiral, Order, Step};
use super::search::second_range;
use super::tables::{Cand, Tables};
use crate::kind::tiles::model::{Placement, Puzzle};

/// One independent subtree: a plan, the placement of its first step and
/// optionally a slice of the candidates for its second.
#[derive(Clone, Copy)]
pub(super) struct Unit {
    pub plan: usize,
    /// The card and turns of the first step.
    pub first: Cand,
    pub second: Option<(u32, u32)>,
    /// The same as a placement: the searches over kinds pin the same card
    /// as the plain search, so both split alike.
    pub pin: Placement,
    /// Card-level boards per kind-level solution of this unit.
    pub weight: u128,
}

/// Boards from this many cells up are split one level deeper, so that no
/// unit is a large share of the work: a few units per cell are not enough
/// to keep every core busy to the end, one per second placement is.
const SPLIT_FROM_CELLS: usize = 16;

/// Splits each unit by its second step's candidates, one slice per candidate.
fn refine(tables: &Tables, plans: &[Vec<Step>], units: Vec<Unit>) -> Vec<Unit> {
    let mut out = Vec::new();
    for u in units {
        let (lo, hi) = second_range(tables, &plans[u.plan], u.first);
        if lo == hi {
            out.push(u);
            continue;
        }
        out.extend((lo..hi).map(|i| Unit {
            second: Some((i, i + 1)),
            ..u
        }));
    }
    out
}

pub(super) struct Split {
    pub plans: Vec<Vec<Step>>,
    pub units: Vec<Unit>,
    /// Members each found board stands for: the board and its turns by
    /// `quarter_turns_step`, `2 * quarter_turns_step`, ...
    pub members: u8,
    pub quarter_turns_step: u8,
}

pub(super) fn split(
    puzzle: &Puzzle,
    (tables, kinds): (&Tables, &Kinds),
    order: Order,
    symmetry: bool,
) -> Split {
    let mut split = by_first_placement(puzzle, (tables, kinds), order, symmetry);
    if puzzle.cells() >= SPLIT_FROM_CELLS {
        split.units = refine(tables, &split.plans, std::mem::take(&mut split.units));
    }
    split
}

fn by_first_placement(
    puzzle: &Puzzle,
    (tables, kinds): (&Tables, &Kinds),
    order: Order,
    symmetry: bool,
) -> Split {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let cells = cells_in_order(rows, cols, order);
    let tiles = puzzle.tiles.len();
    // Card `t` turned `r` first, in plan `plan`.
    let unit = |plan: usize, t: usize, r: u8| Unit {
        plan,
        first: tables.oriented(puzzle, t, r),
        second: None,
        pin: Placement {
            tile: t as u8,
            turns: r,
        },
        weight: kinds.boards_per_look(Some(t as u8)).unwrap_or(u128::MAX),
    };
    // Every tile in each of `turns` as the first placement of plan 0.
    let each_tile = |turns: &[u8]| -> Vec<Unit> {
        (0..tiles)
            .flat_map(|t| turns.iter().map(move |&r| (t, r)))
            .map(|(t, r)| unit(0, t, r))
            .collect()
    };
    if !symmetry {
        let units = each_tile(&tables.turns);
        return Split {
            plans: vec![plan(rows, cols, &cells)],
            units,
            members: 1,
            quarter_turns_step: 0,
        };
    }
    let members = puzzle.board_turns();
    let step = 4 / members;
    // Turns of the fixed tile that meet each class exactly once.
    let fixed_turns = 0..step;
    let centre = ((rows - 1) / 2) * cols + (cols - 1) / 2;
    let (plans, units) = if rows % 2 == 1 && cols % 2 == 1 && cells[0] == centre {
        (
            vec![plan(rows, cols, &cells)],
            each_tile(&fixed_turns.collect::<Vec<u8>>()),
        )
    } else {
        let chosen = 0;
        let plans: Vec<Vec<Step>> = cells
            .iter()
            .map(|&c| plan(rows, cols, &spiral(rows, cols, (c / cols, c % cols))))
            .collect();
        let units = (0..plans.len())
            .flat_map(|p| fixed_turns.clone().map(move |r| (p, r)))
            .map(|(p, r)| unit(p, chosen, r))
            .collect();
        (plans, units)
    };
    Split {
        plans,
        units,
        members,
        quarter_turns_step: step,
    }
}
