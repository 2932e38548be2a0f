//! Running the units on rayon's pool and merging their results so that the
//! outcome never depends on how many threads ran them or in what order.

use super::kinds::Kinds;
use super::search::run;
use super::symmetry::Split;
use super::tables::Tables;
use super::unit::{Control, End, Found, Orbits, Quota};
use super::Count;
use crate::kind::stop::Cancel;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// What the whole search may do: the limits of [`super::Limits`] in members
/// (boards times their turns), plus the boards it may list.
#[derive(Clone)]
pub(super) struct Budget {
    pub max_members: Count,
    /// Kind-level solutions after which the search stops because counting
    /// will finish the count (`usize::MAX`: never).
    pub max_looks: usize,
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
    /// More than `max_looks` kind-level solutions were found (and not more
    /// members than `max_members`), so the search stopped there.
    pub many: bool,
    pub timed_out: bool,
    /// The node budget ran out before the search was done.
    pub out_of_nodes: bool,
}

/// Nodes a unit counts against the budget: all but its first placement.
fn loop_nodes(f: &Found) -> u64 {
    f.nodes.iter().skip(1).sum()
}

/// Kind-level solutions of a unit worth `weight` boards each that make at
/// least `boards` boards.
fn solutions_for(boards: u128, weight: u128) -> usize {
    usize::try_from(boards.div_ceil(weight.max(1))).unwrap_or(usize::MAX)
}

/// Runs every unit in the current rayon pool. Each unit may find `max_members`
/// solutions' worth of boards and visit `max_nodes` nodes; once a prefix of
/// units has found more members, or spent the node budget, later units are
/// cancelled, and the unit where a serial search would have stopped is run
/// again with the exact allowances, so counts and statistics equal those of
/// one thread going through the units in order. Kept boards are bounded by a
/// shared allowance; a unit that could not keep the boards the listing needs
/// is run again up to its last needed board.
///
/// `known` holds, by unit, the results of units an earlier search of the
/// same puzzle went through to the end without a solution ([`known`]):
/// they are taken as they are, as a search of the unit would give them;
/// or, when `free`, whatever their placements, as a unit searched at no
/// cost (no placements, no tries), so that only the units searched now
/// count against the budget and in the outcome.
pub(super) fn run_all(
    (tables, kinds, orbits): (&Tables, &Kinds, Option<&Orbits>),
    split: &Split,
    b: Budget,
    (known, free): (&[Option<Found>], bool),
) -> Merged {
    let per_board = u128::from(split.members);
    let max_members = b.max_members;
    // Boards (members of a class) to list, and to see before a cap: the
    // counts are in boards, each unit's search in its kind-level solutions.
    let listed_boards = b.listed.div_ceil(split.members.into());
    let want_boards = (max_members / per_board).saturating_add(1);
    let ctl = control(b.deadline, &b.cancel, listed_boards.saturating_mul(2));
    let done: Mutex<Vec<Option<Work>>> = Mutex::new(vec![None; split.units.len()]);
    let looks_left = |before: usize| b.max_looks.saturating_sub(before).saturating_add(1);
    let members = |i: usize, f: &Found| {
        (f.count as u128)
            .saturating_mul(split.units[i].weight)
            .saturating_mul(per_board)
    };
    let go = |i: usize, quota: Quota, ctl: &Control| {
        let u = &split.units[i];
        run(
            (tables, kinds, orbits),
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
        .map(|(i, u)| {
            let quota = Quota {
                want: solutions_for(want_boards, u.weight)
                    .max(listed_boards)
                    .min(looks_left(0)),
                keep: listed_boards,
                nodes: b.max_nodes,
            };
            let found = match known.get(i) {
                Some(Some(f)) if free => costless(f),
                // Within this search's allowance, or a search of the unit
                // would stop at the allowance instead.
                Some(Some(f)) if loop_nodes(f) < quota.nodes => f.clone(),
                _ => go(i, quota, &ctl),
            };
            if matches!(found.end, End::Done | End::Capped | End::NodeLimit) {
                let work = (members(i, &found), found.count, loop_nodes(&found));
                note_done(&done, &ctl, i, work, &b);
            }
            found
        })
        .collect();
    let (mut before, mut spent, mut kept, mut looks) = (0u128, 0u64, 0usize, 0usize);
    let (mut capped, mut many, mut out_of_nodes) = (false, false, false);
    for i in 0..units.len() {
        let keep = listed_boards.saturating_sub(kept);
        // Looks come in the order of their first boards, each worth at
        // least one board: the first `keep` looks hold the first `keep`
        // boards, so a cap lets the unit find those (see `search`).
        let need = solutions_for(
            ((max_members - before) / per_board).saturating_add(1),
            split.units[i].weight,
        )
        .max(keep)
        .min(looks_left(looks));
        let allowance = b.max_nodes - spent;
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
        // Boards this unit lists from: later units need keep none of theirs.
        kept =
            kept.saturating_add(usize::try_from(members(i, u) / per_board).unwrap_or(usize::MAX));
        spent += loop_nodes(u);
        before = before.saturating_add(members(i, u));
        looks = looks.saturating_add(u.count);
        capped = before > max_members;
        many = !capped && looks > b.max_looks;
        out_of_nodes = u.end == End::NodeLimit;
        if capped || many || out_of_nodes || u.end == End::Timeout {
            // Keep the search order: what lies after a cut-off unit is dropped.
            units.truncate(i + 1);
            break;
        }
    }
    Merged {
        units,
        capped,
        many,
        timed_out: ctl.timed_out.load(Ordering::Relaxed),
        out_of_nodes,
    }
}

/// The units of `merged` that searched their whole subtree and found no
/// solution, by unit: what [`run_all`] may take from a later search of the
/// same puzzle. (A unit that found solutions is not kept: which of its
/// boards it keeps depends on the search's limits.)
pub(super) fn known(merged: &Merged, units: usize) -> Vec<Option<Found>> {
    let mut out = vec![None; units];
    for (slot, u) in out.iter_mut().zip(&merged.units) {
        if u.end == End::Done && u.count == 0 {
            *slot = Some(u.clone());
        }
    }
    out
}

/// A unit searched before, taken at no cost: its placements and tries
/// zero (it found no solution, so it holds no board).
fn costless(f: &Found) -> Found {
    Found {
        nodes: vec![0; f.nodes.len()],
        tries: vec![0; f.tries.len()],
        ..f.clone()
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

/// A finished unit's members, kind-level solutions and nodes.
type Work = (u128, usize, u64);

/// Records a finished unit's work and, if the finished prefix already
/// exceeds the solutions limit or the kind-level solutions before counting,
/// or spent the node budget, tells later units they are not needed.
fn note_done(done: &Mutex<Vec<Option<Work>>>, ctl: &Control, unit: usize, work: Work, b: &Budget) {
    let Ok(mut done) = done.lock() else {
        return;
    };
    done[unit] = Some(work);
    let (mut members, mut looks, mut nodes) = (0u128, 0usize, 0u64);
    for (i, w) in done.iter().enumerate() {
        let Some((m, l, n)) = w else { break };
        members = members.saturating_add(*m);
        looks = looks.saturating_add(*l);
        nodes = nodes.saturating_add(*n);
        if members > b.max_members || looks > b.max_looks || nodes >= b.max_nodes {
            ctl.needed_up_to.fetch_min(i, Ordering::Relaxed);
            break;
        }
    }
}
