//! Running the units on rayon's pool and merging their results so that the
//! outcome never depends on how many threads ran them or in what order.

use super::search::{run, Control, End, Found};
use super::symmetry::Split;
use super::tables::Tables;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The units' results in unit order, cut where a serial search would have
/// stopped, plus whether (and why) it stopped.
pub(super) struct Merged {
    pub units: Vec<Found>,
    /// Members beyond `max_members` were found, so the search stopped there.
    pub capped: bool,
    pub timed_out: bool,
}

/// Runs every unit in the current rayon pool. Each unit keeps the first
/// `max_members` solutions' worth of boards; once a prefix of units holds more
/// than `max_members`, later units are cancelled, and the unit where a serial
/// search would have stopped is run again with the exact limit, so counts and
/// statistics equal those of one thread going through the units in order.
pub(super) fn run_all(
    tables: &Tables,
    split: &Split,
    max_members: usize,
    deadline: Option<Instant>,
) -> Merged {
    let per_board = usize::from(split.members);
    let want = (max_members / per_board).saturating_add(1);
    let ctl = control(deadline);
    let counts: Mutex<Vec<Option<usize>>> = Mutex::new(vec![None; split.units.len()]);
    let go = |i: usize, want: usize, ctl: &Control| {
        let u = &split.units[i];
        run(
            tables,
            &split.plans[u.plan],
            (u.first, u.second),
            want,
            ctl,
            i,
        )
    };
    let mut units: Vec<Found> = split
        .units
        .par_iter()
        .enumerate()
        .map(|(i, _)| {
            let found = go(i, want, &ctl);
            if matches!(found.end, End::Done | End::Capped) {
                note_done(
                    &counts,
                    &ctl,
                    i,
                    found.boards.len() * per_board,
                    max_members,
                );
            }
            found
        })
        .collect();
    let mut before = 0usize;
    let mut capped = false;
    for i in 0..units.len() {
        let here = units[i].boards.len() * per_board;
        if before + here > max_members {
            let need = (max_members - before) / per_board + 1;
            if units[i].boards.len() != need {
                // This unit already got this far once, so it needs no deadline.
                units[i] = go(i, need, &control(None));
            }
            units.truncate(i + 1);
            capped = true;
            break;
        }
        before += here;
        if units[i].end == End::Timeout {
            // Keep the search order: what lies after a cut-off unit is dropped.
            units.truncate(i + 1);
            break;
        }
    }
    Merged {
        units,
        capped,
        timed_out: ctl.timed_out.load(Ordering::Relaxed),
    }
}

fn control(deadline: Option<Instant>) -> Control {
    Control {
        deadline,
        timed_out: AtomicBool::new(false),
        needed_up_to: AtomicUsize::new(usize::MAX),
    }
}

/// Records a finished unit and, if the finished prefix already exceeds the
/// limit, tells later units they are not needed.
fn note_done(
    counts: &Mutex<Vec<Option<usize>>>,
    ctl: &Control,
    unit: usize,
    members: usize,
    max_members: usize,
) {
    let Ok(mut counts) = counts.lock() else {
        return;
    };
    counts[unit] = Some(members);
    let mut total = 0usize;
    for (i, c) in counts.iter().enumerate() {
        let Some(c) = c else { break };
        total = total.saturating_add(*c);
        if total > max_members {
            ctl.needed_up_to.fetch_min(i, Ordering::Relaxed);
            break;
        }
    }
}
