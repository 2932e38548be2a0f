//! How much one `serve` takes from its clients: connections, time to send a
//! request, forms checked at once, and puzzles saved from `/new` per run.
//! Each bound is checked before the memory or disk it guards is used.

use std::sync::Mutex;
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Forms (`/new` saves, checks and previews) handled at once; a request
/// beyond is answered 503 before its body is read. Each holds at most a
/// body of [`super::MAX_BODY`] and one puzzle's pictures decoded.
pub const FORMS_AT_ONCE: usize = 2;
/// Puzzles `/new` saves per run.
pub const MAX_NEW_PUZZLES: usize = 32;
/// Bytes `/new` writes into the puzzles folder per run.
pub const MAX_NEW_BYTES: u64 = 64 * 1024 * 1024;

/// The connection-level bounds (the command line's hidden options set them).
#[derive(Clone, Debug)]
pub struct Limits {
    /// A request's head must arrive within this.
    pub header_timeout: Duration,
    /// A form's body must arrive within this once it is being read.
    pub body_timeout: Duration,
    /// Open connections at most; one more is answered 503 and closed.
    /// Lowered to half the open-file limit where that is lower.
    pub max_connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(60),
            max_connections: 256,
        }
    }
}

impl Limits {
    /// `max_connections`, kept under half the process's open-file limit so
    /// the files served and rendered always find a descriptor.
    pub(crate) fn connections(&self) -> usize {
        #[cfg(unix)]
        {
            use rustix::process::{getrlimit, Resource};
            let files = getrlimit(Resource::Nofile).current.unwrap_or(u64::MAX);
            let half = usize::try_from(files / 2).unwrap_or(usize::MAX);
            self.max_connections.min(half).max(1)
        }
        #[cfg(not(unix))]
        {
            self.max_connections.max(1)
        }
    }

    /// Event streams at most: half the connections, so pages left open
    /// never take every connection.
    pub(crate) fn streams(&self) -> usize {
        (self.connections() / 2).max(1)
    }
}

/// The forms being handled.
pub(crate) struct Gate(std::sync::Arc<Semaphore>);

impl Gate {
    pub(crate) fn new() -> Gate {
        Gate(std::sync::Arc::new(Semaphore::new(FORMS_AT_ONCE)))
    }

    /// A place for one more form, or `None` when all are taken.
    pub(crate) fn enter(&self) -> Option<OwnedSemaphorePermit> {
        self.0.clone().try_acquire_owned().ok()
    }
}

/// Which of `/new`'s limits per run a puzzle would pass.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum QuotaError {
    #[error("this serve has saved {0} puzzles from the form, its limit per run (restart serve to add more)")]
    Puzzles(usize),
    #[error("this serve has saved {used} bytes from the form; {more} more would pass its limit of {MAX_NEW_BYTES} per run (restart serve to add more)")]
    Bytes { used: u64, more: u64 },
}

/// What `/new` has saved this run.
#[derive(Default)]
pub(crate) struct Quota(Mutex<(usize, u64)>);

impl Quota {
    fn counts(&self) -> std::sync::MutexGuard<'_, (usize, u64)> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Counts one more puzzle of `bytes`, or says which limit it passes.
    pub(crate) fn take(&self, bytes: u64) -> Result<(), QuotaError> {
        let mut counts = self.counts();
        let (puzzles, used) = *counts;
        if puzzles >= MAX_NEW_PUZZLES {
            return Err(QuotaError::Puzzles(puzzles));
        }
        if used.saturating_add(bytes) > MAX_NEW_BYTES {
            return Err(QuotaError::Bytes { used, more: bytes });
        }
        *counts = (puzzles + 1, used + bytes);
        Ok(())
    }

    /// Gives back what [`Quota::take`] counted for a puzzle not saved.
    pub(crate) fn give_back(&self, bytes: u64) {
        let mut counts = self.counts();
        *counts = (counts.0.saturating_sub(1), counts.1.saturating_sub(bytes));
    }

    /// Counts bytes written beside the ones taken (tiles drawn for it).
    pub(crate) fn add(&self, bytes: u64) {
        let mut counts = self.counts();
        counts.1 = counts.1.saturating_add(bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quota_counts_puzzles_and_bytes_and_gives_back() {
        let quota = Quota::default();
        assert!(quota.take(MAX_NEW_BYTES + 1).is_err());
        quota.take(MAX_NEW_BYTES - 10).expect("fits");
        let err = quota.take(11).expect_err("bytes");
        assert_eq!(
            err,
            QuotaError::Bytes {
                used: MAX_NEW_BYTES - 10,
                more: 11
            }
        );
        assert!(err.to_string().contains("limit of"), "{err}");
        quota.give_back(MAX_NEW_BYTES - 10);
        for _ in 0..MAX_NEW_PUZZLES {
            quota.take(1).expect("fits");
        }
        let err = quota.take(0).expect_err("count");
        assert!(err.to_string().contains("saved 32 puzzles"), "{err}");
    }

    #[test]
    fn the_gate_lets_a_fixed_number_in_at_once() {
        let gate = Gate::new();
        let held: Vec<_> = (0..FORMS_AT_ONCE).map(|_| gate.enter()).collect();
        assert!(held.iter().all(Option::is_some));
        assert!(gate.enter().is_none());
        drop(held);
        assert!(gate.enter().is_some());
    }

    #[test]
    fn connections_stay_under_the_open_file_limit() {
        let limits = Limits::default();
        assert!(limits.connections() >= 1 && limits.connections() <= 256);
        assert!(limits.streams() * 2 <= limits.connections().max(2));
    }
}
