//! Watches the puzzles folder and re-renders after a change. A change starts
//! a render once the folder has been quiet for [`DEBOUNCE`] (an editor's
//! burst of writes is one render); the renders run one at a time on the
//! watcher's own thread. Reads (which the render itself does) are ignored.

use super::{Failure, Render, Shared};
use crate::kind::stop::Cancel;
use notify::{Event, EventKind, RecommendedWatcher, RecursiveMode, Watcher};
use std::path::Path;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// How long the folder must be quiet before a render starts.
pub(super) const DEBOUNCE: Duration = Duration::from_millis(200);

/// Starts watching. The watch ends when the watcher drops; the thread then
/// ends after the render under way, if any (join it before exiting, so a
/// render stopped by Ctrl-C finishes the files it has started).
pub(super) fn start(
    shared: Arc<Shared>,
    render: Box<Render>,
    cancel: Cancel,
) -> Result<(RecommendedWatcher, JoinHandle<()>), Failure> {
    let (tx, rx) = std::sync::mpsc::channel::<notify::Result<Event>>();
    let cannot = |cause| Failure::Watch {
        path: shared.puzzles.clone(),
        cause,
    };
    let mut watcher = notify::recommended_watcher(tx).map_err(cannot)?;
    watcher
        .watch(&shared.puzzles, RecursiveMode::Recursive)
        .map_err(cannot)?;
    let thread = std::thread::spawn(move || {
        while wait_for_change(&shared, &rx) {
            if cancel.is_cancelled() {
                break;
            }
            eprintln!("change in {}: rendering", shared.puzzles.display());
            let run = render();
            if let Err(e) = &run {
                eprintln!("error: {e}");
            }
            if cancel.is_cancelled() {
                break;
            }
            shared.rendered(&run);
        }
    });
    Ok((watcher, thread))
}

/// Blocks until a change the render cares about, then until the folder is
/// quiet; false when the watcher is gone.
fn wait_for_change(shared: &Shared, rx: &Receiver<notify::Result<Event>>) -> bool {
    loop {
        match rx.recv() {
            Ok(event) if changes(shared, &event) => break,
            Ok(_) => {}
            Err(_) => return false,
        }
    }
    loop {
        match rx.recv_timeout(DEBOUNCE) {
            Ok(_) => {}
            Err(RecvTimeoutError::Timeout) => return true,
            Err(RecvTimeoutError::Disconnected) => return false,
        }
    }
}

/// A write, creation, removal or rename of something the render reads: not
/// a read, not below the output folder (when it lies inside the puzzles
/// folder), not a hidden file (an editor's swap file, a new puzzle still
/// being saved from the form).
fn changes(shared: &Shared, event: &notify::Result<Event>) -> bool {
    let event = match event {
        Ok(e) => e,
        Err(e) => {
            eprintln!("warning: watching {}: {e}", shared.puzzles.display());
            return false;
        }
    };
    if matches!(event.kind, EventKind::Access(_)) {
        return false;
    }
    event.paths.iter().any(|p| relevant(shared, p))
}

fn relevant(shared: &Shared, path: &Path) -> bool {
    if path.starts_with(&shared.out) {
        return false;
    }
    let rel = path.strip_prefix(&shared.puzzles).unwrap_or(path);
    !rel.components()
        .any(|c| c.as_os_str().to_string_lossy().starts_with('.'))
}
