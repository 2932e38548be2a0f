//! The memory that the puzzles of one run take together (`--max-memory`).
//! `--max-pixels` bounds each puzzle, but eight puzzles within it, rendered
//! at once with `-j 8`, took more memory than the machine had and the run
//! was killed without a summary (docs/safety.md). A puzzle now takes its
//! share of the run's budget before it decodes a picture and gives it back
//! when its files are written; one that does not fit waits, in the order
//! puzzles asked, until enough is given back. Waiting changes when a puzzle runs, never what it writes.
//!
//! The shares are estimates made from the pictures' headers and the
//! boards' sizes (`job::pixels`): upper bounds of what a render
//! allocates, not measurements.

use crate::kind::stop::Cancel;
use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// The run's budget, in bytes.
pub(crate) struct Budget {
    total: u64,
    state: Mutex<State>,
    given_back: Condvar,
}

struct State {
    free: u64,
    /// Who waits, by ticket, first come first served.
    queue: VecDeque<u64>,
    next_ticket: u64,
}

/// Bytes taken from a [`Budget`], given back when dropped.
pub(crate) struct Share<'b> {
    budget: &'b Budget,
    bytes: u64,
}

/// How often a waiting puzzle looks at the run's cancel token.
const POLL: Duration = Duration::from_millis(50);

impl Budget {
    pub(crate) fn new(total: u64) -> Budget {
        Budget {
            total,
            state: Mutex::new(State {
                free: total,
                queue: VecDeque::new(),
                next_ticket: 0,
            }),
            given_back: Condvar::new(),
        }
    }

    pub(crate) fn total(&self) -> u64 {
        self.total
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // The state is two counters and a queue, consistent after every
        // statement: a panic elsewhere leaves nothing half done.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits for its turn and for `bytes` to be free, and takes them. More
    /// than the whole budget is never free: the caller refuses such a
    /// puzzle first. `None` when `cancel` trips while waiting.
    pub(crate) fn take(&self, bytes: u64, cancel: &Cancel) -> Option<Share<'_>> {
        let bytes = bytes.min(self.total);
        let mut state = self.lock();
        let ticket = state.next_ticket;
        state.next_ticket += 1;
        state.queue.push_back(ticket);
        loop {
            if state.queue.front() == Some(&ticket) && state.free >= bytes {
                state.queue.pop_front();
                state.free -= bytes;
                // The next in line may fit in what is left.
                self.given_back.notify_all();
                return Some(Share {
                    budget: self,
                    bytes,
                });
            }
            if cancel.is_cancelled() {
                state.queue.retain(|&t| t != ticket);
                self.given_back.notify_all();
                return None;
            }
            state = match self.given_back.wait_timeout(state, POLL) {
                Ok((state, _)) => state,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
    }

    /// Takes `bytes` if they are free now and nobody waits, without
    /// waiting: for what only speeds a puzzle up (more boards encoded at
    /// once), so a puzzle that holds a share never waits for another.
    pub(crate) fn try_take(&self, bytes: u64) -> Option<Share<'_>> {
        let mut state = self.lock();
        if !state.queue.is_empty() || state.free < bytes {
            return None;
        }
        state.free -= bytes;
        Some(Share {
            budget: self,
            bytes,
        })
    }
}

impl Drop for Share<'_> {
    fn drop(&mut self) {
        let mut state = self.budget.lock();
        state.free += self.bytes;
        drop(state);
        self.budget.given_back.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn shares_are_given_back_and_try_take_never_waits() {
        let budget = Budget::new(100);
        let cancel = Cancel::new();
        let a = budget.take(60, &cancel).expect("fits");
        assert!(budget.try_take(50).is_none(), "40 left");
        let b = budget.try_take(40).expect("40 left");
        drop(a);
        let c = budget.take(60, &cancel).expect("given back");
        drop((b, c));
        // More than the whole budget is capped at it.
        let all = budget.take(1000, &cancel).expect("all of it");
        assert!(budget.try_take(1).is_none());
        drop(all);
        assert!(budget.try_take(100).is_some());
    }

    /// Puzzles that do not fit wait, all of them finish, and at no moment
    /// do the shares taken add up to more than the budget.
    #[test]
    fn waiting_puzzles_all_run_within_the_budget() {
        let budget = Budget::new(100);
        let cancel = Cancel::new();
        let (held, most) = (AtomicU64::new(0), AtomicU64::new(0));
        let done = AtomicU64::new(0);
        std::thread::scope(|s| {
            for k in 0..8u64 {
                let (budget, cancel) = (&budget, &cancel);
                let (held, most, done) = (&held, &most, &done);
                s.spawn(move || {
                    let bytes = 30 + 10 * (k % 3);
                    let share = budget.take(bytes, cancel).expect("in turn");
                    let now = held.fetch_add(bytes, Ordering::SeqCst) + bytes;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(5));
                    held.fetch_sub(bytes, Ordering::SeqCst);
                    drop(share);
                    done.fetch_add(1, Ordering::SeqCst);
                });
            }
        });
        assert_eq!(done.load(Ordering::SeqCst), 8);
        assert!(most.load(Ordering::SeqCst) <= 100);
    }

    #[test]
    fn a_waiting_puzzle_leaves_the_line_when_the_run_is_cancelled() {
        let budget = Budget::new(100);
        let cancel = Cancel::new();
        let all = budget.take(100, &cancel).expect("all");
        std::thread::scope(|s| {
            let waiting = s.spawn(|| budget.take(10, &cancel).is_none());
            cancel.cancel();
            assert!(waiting.join().expect("joins"), "gave up");
        });
        drop(all);
        // Nobody is left in the line.
        assert!(budget.try_take(100).is_some());
    }
}
