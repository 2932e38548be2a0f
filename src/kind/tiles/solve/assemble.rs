//! The outcome of a search from its units' results: the counts multiplied
//! back out from kinds to cards, the listed boards in the plain search's
//! order, their classes, and the statistics.

use super::check::Checker;
use super::classes::look_classes_by_source;
use super::expand;
use super::kinds::Kinds;
use super::parallel::Merged;
use super::symmetry::Split;
use super::unit::End;
use super::{rotation_classes, Count, Limits, Outcome, Stats, StopReason};
use crate::kind::tiles::model::{Board, Puzzle};

/// What `assemble` needs besides the units: the kinds searched, the split,
/// the turns in the order tried, and how many boards may be listed.
pub(super) struct Context<'a> {
    pub puzzle: &'a Puzzle,
    pub kinds: &'a Kinds,
    pub split: &'a Split,
    pub turns: [u8; 4],
    pub listed: usize,
}

pub(super) fn assemble(cx: &Context, merged: &Merged, limits: &Limits) -> Outcome {
    let (puzzle, split) = (cx.puzzle, cx.split);
    let mut nodes_per_depth = vec![0u64; puzzle.cells()];
    let mut solutions = Vec::new();
    let mut classes = Vec::new();
    // Per listed board: its unit's kind-level solution, numbered over the
    // units (boards of one look alike: `look_classes_by_source`).
    let mut sources = Vec::new();
    let mut looks_before = 0;
    let mut tries = 0;
    let mut tries_to_first = None;
    let mut reps: u128 = 0;
    let members = u128::from(split.members);
    let mut orbits: Option<u128> = Some(0);
    for (i, unit) in merged.units.iter().enumerate() {
        let u = &split.units[i];
        for (d, n) in unit.nodes.iter().enumerate() {
            nodes_per_depth[d] += n;
        }
        if tries_to_first.is_none() {
            tries_to_first = unit.tries_to_first.map(|t| tries + t);
        }
        tries += unit.tries.iter().sum::<u64>();
        let boards = (unit.count as u128).saturating_mul(u.weight);
        orbits = orbits.and_then(|o| o.checked_add(unit.orbits.checked_mul(u.weight)?));
        // Boards are listed while every solution before them was.
        let listing = solutions.len() as u128 == reps.saturating_mul(members);
        let room = cx
            .listed
            .saturating_sub(solutions.len())
            .div_ceil(split.members.into());
        let mut k = usize::try_from(boards).unwrap_or(usize::MAX).min(room);
        if unit.end != End::Done || unit.boards.len() < unit.count {
            // The looks found are the first in the order of their first
            // boards (see `search`): they hold as many first boards as
            // there are of them, and the next look's boards may come next.
            k = k.min(unit.boards.len());
        }
        if listing && k > 0 {
            let first: Vec<(Board, usize)> = if cx.kinds.all_distinct() {
                // Each card its own kind: the looks are the boards.
                unit.boards.iter().take(k).cloned().zip(0..).collect()
            } else {
                let cells: Vec<usize> = split.plans[u.plan].iter().map(|s| s.cell).collect();
                expand::first_boards(cx.kinds, (&cells, u.pin), &unit.boards, cx.turns, k)
            };
            for (j, (board, look)) in first.into_iter().enumerate() {
                let at = solutions.len();
                solutions.push(board);
                for q in 1..split.members {
                    let turned = puzzle.turn_board(&solutions[at], q * split.quarter_turns_step);
                    solutions.push(turned);
                }
                let class = (reps as usize + j + 1) as u32;
                classes.extend(std::iter::repeat_n(class, split.members.into()));
                sources.extend(std::iter::repeat_n(
                    looks_before + look,
                    split.members.into(),
                ));
            }
        }
        looks_before += unit.boards.len();
        reps = reps.saturating_add(boards);
    }
    let checker = Checker::new(puzzle);
    for board in &solutions {
        // A failure here is a solver bug, never a property of the input.
        if !checker.valid(board) {
            let fault = puzzle.check(board).err();
            panic!("solver produced an invalid board ({fault:?}): {board:?}");
        }
    }
    let mut total: Count = reps.saturating_mul(members);
    // Ctrl-C stops the units as a timeout does: what they found is a lower
    // bound (`solve` prints it), but it is an interrupt, not a timeout.
    let stopped = if limits.cancel.is_cancelled() {
        Some(StopReason::Interrupted)
    } else if merged.capped {
        total = limits.max_solutions;
        Some(StopReason::MaxSolutions(limits.max_solutions))
    } else if merged.out_of_nodes {
        Some(StopReason::MaxNodes(limits.max_nodes))
    } else if merged.timed_out {
        Some(StopReason::Timeout(limits.timeout.unwrap_or_default()))
    } else {
        None
    };
    solutions.truncate(usize::try_from(total).map_or(cx.listed, |t| t.min(cx.listed)));
    classes.truncate(solutions.len());
    sources.truncate(solutions.len());
    let (classes, unique) = if split.members == 1 {
        let (classes, n) = rotation_classes(puzzle, &solutions);
        (classes, n as Count)
    } else {
        // The classes of the solutions the count keeps, listed or not.
        (classes, total.div_ceil(split.members.into()))
    };
    let (look_classes, looks) = look_classes_by_source(puzzle, &solutions, &sources);
    let mut looks = looks as Count;
    if stopped.is_none() && !cx.kinds.all_distinct() && split.members > 1 {
        // Every look weighed by the turns that leave it unchanged counts its
        // class once (see `unit::Orbits`), listed or not.
        if let (Some(o), Some(all)) = (orbits, cx.kinds.boards_per_look(None)) {
            looks = o / all;
        }
    }
    Outcome {
        solutions,
        total,
        stopped,
        nodes: nodes_per_depth.iter().sum(),
        extra: Stats {
            classes,
            unique,
            look_classes,
            looks,
            nodes_per_depth,
            tries,
            tries_to_first,
            counted: None,
        },
    }
}
