//! Running the units on rayon's pool and merging their results so that the
//! outcome never depends on how many threads ran them or in what order.

use super::search::{run, Control, End, Found, Quota};
use super::symmetry::Split;
use super::tables::Tables;
use crate::kind::stop::Cancel;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// What the whole search may do: the limits of [`super::Limits`] in members
/// (boards times their turns), plus the boards it may list.
#[derive(Clone)]
pub(super) struct Budget {
    pub max_members: usize,
    pub max_nodes: u64,
    /// Members whose boards are kept for listing; the rest are only counted.
    pub listed: usize,
    pub deadline: Option<Instant>,
    pub cancel: Cancel,
}

/// The units' results in unit order, cut where a serial search would have
/// stopped, plus whether (and why) it stopped. The units' boards together are
/// the first solutions in search order, at least `listed` members of them
/// when the search found that many.
pub(super) struct Merged {
    pub units: Vec<Found>,
    /// Members beyond `max_members` were found, so the search stopped there.
    pub capped: bool,
    pub timed_out: bool,
    /// The node budget ran out before the search was done.
    pub out_of_nodes: bool,
}

/// Nodes a unit counts against the budget: all but its first placement.
fn loop_nodes(f: &Found) -> u64 {
    f.nodes.iter().skip(1).sum()
}

/// Runs every unit in the current rayon pool. Each unit may find `max_members`
/// solutions' worth of boards and visit `max_nodes` nodes; once a prefix of
/// units has found more members, or spent the node budget, later units are
/// cancelled, and the unit where a serial search would have stopped is run
/// again with the exact allowances, so counts and statistics equal those of
/// one thread going through the units in order. Kept boards are bounded by a
/// shared allowance; a unit that could not keep the boards the listing needs
/// is run again up to its last needed board.
pub(super) fn run_all(tables: &Tables, split: &Split, b: Budget) -> Merged {
    let per_board = usize::from(split.members);
    let listed_boards = b.listed.div_ceil(per_board);
    let quota = Quota {
        want: (b.max_members / per_board).saturating_add(1),
        keep: listed_boards,
        nodes: b.max_nodes,
    };
    let ctl = control(b.deadline, &b.cancel, listed_boards.saturating_mul(2));
    let done: Mutex<Vec<Option<(usize, u64)>>> = Mutex::new(vec![None; split.units.len()]);
    let go = |i: usize, quota: Quota, ctl: &Control| {
        let u = &split.units[i];
        run(
            tables,
            &split.plans[u.plan],
            (u.first, u.second),
            quota,
            ctl,
            i,
        )
    };
    let mut units: Vec<Found> = split
        .units
        .par_iter()
        .enumerate()
        .map(|(i, _)| {
            let found = go(i, quota, &ctl);
            if matches!(found.end, End::Done | End::Capped | End::NodeLimit) {
                let work = (found.count.saturating_mul(per_board), loop_nodes(&found));
                note_done(&done, &ctl, i, work, &b);
            }
            found
        })
        .collect();
    let (mut before, mut spent, mut kept) = (0usize, 0u64, 0usize);
    let (mut capped, mut out_of_nodes) = (false, false);
    for i in 0..units.len() {
        let need = ((b.max_members - before) / per_board).saturating_add(1);
        let allowance = b.max_nodes - spent;
        let keep = listed_boards.saturating_sub(kept);
        let u = &units[i];
        // A unit that found or spent more than a serial search would have let
        // it, or that was cancelled although the search reached it, is run
        // again with the exact allowances. It already got this far once, so
        // it needs no deadline.
        let exact = Quota {
            want: need,
            keep,
            nodes: allowance,
        };
        if u.end == End::Cancelled || u.count > need || loop_nodes(u) > allowance {
            units[i] = go(i, exact, &control(None, &b.cancel, usize::MAX));
        } else if u.boards.len() < keep.min(u.count) {
            // Only its boards are missing: find them again, and no more.
            let again = go(
                i,
                Quota {
                    want: keep.min(u.count),
                    ..exact
                },
                &control(None, &b.cancel, usize::MAX),
            );
            units[i].boards = again.boards;
        }
        let u = &units[i];
        kept += u.boards.len();
        spent += loop_nodes(u);
        before = before.saturating_add(u.count.saturating_mul(per_board));
        capped = before > b.max_members;
        out_of_nodes = u.end == End::NodeLimit;
        if capped || out_of_nodes || u.end == End::Timeout {
            // Keep the search order: what lies after a cut-off unit is dropped.
            units.truncate(i + 1);
            break;
        }
    }
    Merged {
        units,
        capped,
        timed_out: ctl.timed_out.load(Ordering::Relaxed),
        out_of_nodes,
    }
}

fn control(deadline: Option<Instant>, cancel: &Cancel, keep: usize) -> Control {
    Control {
        deadline,
        cancel: cancel.clone(),
        keep_left: AtomicUsize::new(keep),
        timed_out: AtomicBool::new(false),
        needed_up_to: AtomicUsize::new(usize::MAX),
    }
}

/// Records a finished unit's members and nodes and, if the finished prefix
/// already exceeds the solutions limit or spent the node budget, tells later
/// units they are not needed.
fn note_done(
    done: &Mutex<Vec<Option<(usize, u64)>>>,
    ctl: &Control,
    unit: usize,
    work: (usize, u64),
    b: &Budget,
) {
    let Ok(mut done) = done.lock() else {
        return;
    };
    done[unit] = Some(work);
    let (mut members, mut nodes) = (0usize, 0u64);
    for (i, w) in done.iter().enumerate() {
        let Some((m, n)) = w else { break };
        members = members.saturating_add(*m);
        nodes = nodes.saturating_add(*n);
        if members > b.max_members || nodes >= b.max_nodes {
            ctl.needed_up_to.fetch_min(i, Ordering::Relaxed);
            break;
        }
    }
}
