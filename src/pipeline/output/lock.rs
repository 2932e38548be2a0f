//! One run at a time per output folder, as cargo does with its target
//! folder: renders take `<out>/.unscramble-lock` exclusively, `--check`
//! shares it. The file is never deleted (a deleted lock file lets two runs
//! lock two different files) and holds nothing.

use super::guard::{self, LOCK};
use crate::error::OutputError;
use std::fs::{File, OpenOptions, TryLockError};
use std::path::Path;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// A render: writes.
    Exclusive,
    /// A check: reads, with other checks.
    Shared,
}

/// Held until dropped.
#[derive(Debug)]
pub(crate) struct Lock {
    _file: Option<File>,
}

/// Why the lock was not taken. Not worded here: the run turns it into its
/// own error (`RunError::Busy`, `RunError::Output`), which says it.
#[derive(Debug)]
pub enum LockError {
    /// Another run holds the lock on this output folder.
    Busy(std::path::PathBuf),
    Io(OutputError),
}

impl From<OutputError> for LockError {
    fn from(e: OutputError) -> Self {
        LockError::Io(e)
    }
}

/// Locks the output folder `out` (which must exist, except for `Shared`:
/// a check of a folder no render has locked yet takes no lock and writes
/// nothing). When another run holds it: `on_busy` is called once and the
/// call blocks, or with `wait` off it fails with [`LockError::Busy`].
pub(crate) fn acquire(
    out: &Path,
    mode: Mode,
    wait: bool,
    on_busy: impl FnOnce(),
) -> Result<Lock, LockError> {
    let path = out.join(LOCK);
    let mut options = OpenOptions::new();
    match mode {
        // Never truncate: the file is only a handle.
        Mode::Exclusive => options.read(true).write(true).create(true),
        Mode::Shared => options.read(true),
    };
    let refuse = |e| {
        let e = OutputError::new(&path, e);
        // A read-only or full disk keeps the usual hint; a link or a folder in
        // the lock's place gets its own.
        match guard::entry(&path) {
            Ok(guard::Entry::Missing | guard::Entry::File) | Err(_) => e,
            Ok(_) => e.hint("the lock file must be a plain file: delete what is in its place"),
        }
    };
    let file = match guard::open_nofollow(&mut options, &path) {
        Ok(f) => f,
        Err(e) if mode == Mode::Shared && e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(Lock { _file: None })
        }
        Err(e) => return Err(refuse(e).into()),
    };
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Err(refuse(std::io::Error::other(guard::NOT_FILE)).into());
    }
    let tried = match mode {
        Mode::Exclusive => file.try_lock(),
        Mode::Shared => file.try_lock_shared(),
    };
    match tried {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) if !wait => return Err(LockError::Busy(out.to_path_buf())),
        Err(TryLockError::WouldBlock) => {
            on_busy();
            match mode {
                Mode::Exclusive => file.lock(),
                Mode::Shared => file.lock_shared(),
            }
            .map_err(|e| OutputError::new(&path, e))?;
        }
        Err(TryLockError::Error(e)) => return Err(OutputError::new(&path, e).into()),
    }
    Ok(Lock { _file: Some(file) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_exclusive_lock_is_busy_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().expect("tmp");
        let first = acquire(dir.path(), Mode::Exclusive, false, || {}).expect("free");
        let busy = acquire(dir.path(), Mode::Shared, false, || {});
        assert!(matches!(busy, Err(LockError::Busy(_))), "{busy:?}");
        drop(first);
        let _again = acquire(dir.path(), Mode::Exclusive, false, || {}).expect("free again");
        assert!(dir.path().join(LOCK).is_file());
    }
}
