//! One run over a puzzles folder: discover, then each puzzle as a rayon task
//! ([`job::run`]), then the run-level files: `summary.json`, `index.html`, and
//! pruning of outputs whose puzzle is gone.

use crate::error::{InputError, OutputError};
use crate::pipeline::budget::Budget;
use crate::pipeline::discover::{discover_with, PuzzleDir};
use crate::pipeline::job;
use crate::pipeline::output::lock::{self, LockError, Mode};
use crate::present::summary::{Action, PuzzleReport, Summary};
use serde::Serialize;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

pub use crate::pipeline::options::{Options, OutputOptions, Progress};

/// What a run did.
#[derive(Debug)]
pub struct Run {
    pub summary: Summary,
    /// Output folders of puzzles that are gone: removed, or with `--check` to be removed.
    pub pruned: Vec<String>,
    /// Every file in them removed (with `--check`: to be), below the output folder.
    pub pruned_files: Vec<String>,
    /// What the run left alone in the output folder, and why.
    pub warnings: Vec<String>,
    /// Run-level files (`summary.json`, `index.html`) written, or with `--check` stale.
    pub changed: Vec<String>,
    /// Ctrl-C stopped the run; the run-level files were left as they were.
    pub interrupted: bool,
}

/// One puzzle as `--json` shows it: its summary entry and what this run did.
#[derive(Serialize)]
struct JsonPuzzle<'a> {
    #[serde(flatten)]
    report: &'a PuzzleReport,
    action: Action,
    stale_files: &'a [String],
}

/// The run as `--json` prints it on stdout. Field order is the output order.
#[derive(Serialize)]
struct JsonRun<'a> {
    command: &'static str,
    ok: bool,
    interrupted: bool,
    totals: &'a crate::present::summary::Totals,
    rendered: usize,
    up_to_date: usize,
    stale: usize,
    puzzles: Vec<JsonPuzzle<'a>>,
    pruned: &'a [String],
    pruned_files: &'a [String],
    changed: &'a [String],
    warnings: &'a [String],
}

impl Run {
    /// The run summary for `--json`: `summary.json`'s entries plus what this
    /// run did with each puzzle, and no times, so it is stable for scripts.
    pub fn to_json(&self, check: bool) -> String {
        let count = |a: Action| {
            self.summary
                .puzzles
                .iter()
                .filter(|r| r.action == a)
                .count()
        };
        let stale = count(Action::Stale);
        let view = JsonRun {
            command: if check { "check" } else { "render" },
            ok: !(self.interrupted || self.summary.failed() || check && self.stale()),
            interrupted: self.interrupted,
            totals: &self.summary.totals,
            rendered: count(Action::Rendered),
            up_to_date: count(Action::UpToDate),
            stale,
            puzzles: self
                .summary
                .puzzles
                .iter()
                .map(|r| JsonPuzzle {
                    report: r,
                    action: r.action,
                    stale_files: &r.stale_files,
                })
                .collect(),
            pruned: &self.pruned,
            pruned_files: &self.pruned_files,
            changed: &self.changed,
            warnings: &self.warnings,
        };
        crate::json::to_string(&view, 2)
    }

    /// A run Ctrl-C stopped: the run-level files are left as they were.
    fn interrupted(summary: Summary) -> Run {
        Run {
            summary,
            pruned: Vec::new(),
            pruned_files: Vec::new(),
            warnings: Vec::new(),
            changed: Vec::new(),
            interrupted: true,
        }
    }

    /// With `--check`: is anything on disk not what a render would write?
    pub fn stale(&self) -> bool {
        !self.changed.is_empty()
            || !self.pruned.is_empty()
            || self
                .summary
                .puzzles
                .iter()
                .any(|r| !r.stale_files.is_empty())
    }
}

/// Why a run could not start or finish its run-level files.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The command line is wrong: the puzzles folder, or `-o` against it.
    #[error(transparent)]
    Usage(#[from] InputError),
    /// The output folder cannot be created, locked or written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// The worker threads could not be started: the machine's doing, not
    /// the command line's, though it exits as a usage error always did.
    /// The message says the system's reason (no `source()`, said once).
    #[error("{}: cannot start worker threads: {cause}", root.display())]
    Threads {
        root: PathBuf,
        cause: rayon::ThreadPoolBuildError,
    },
    /// Another run holds the output folder's lock, and `--no-wait` was given.
    #[error("{}: another unscramble run is using this output folder (wait for it to finish, or run without --no-wait to wait for it)", .0.display())]
    Busy(PathBuf),
}

impl RunError {
    /// The exit codes the README documents.
    pub fn exit_code(&self) -> u8 {
        match self {
            RunError::Usage(_) | RunError::Threads { .. } => 2,
            RunError::Output(_) => 3,
            RunError::Busy(_) => 4,
        }
    }
}

impl From<LockError> for RunError {
    fn from(e: LockError) -> Self {
        match e {
            LockError::Busy(out) => RunError::Busy(out),
            LockError::Io(e) => RunError::Output(e),
        }
    }
}

/// A puzzles folder without a puzzle is most often the wrong folder, and a
/// run that writes an empty gallery and exits 0 hides that from a build.
fn no_puzzle(root: &Path) -> InputError {
    InputError::new(root, "no puzzle found in this folder").hint(format!(
        "a puzzle is a folder whose input/ holds one of {}; pass the folder that holds your puzzles, or --allow-empty if having none is fine",
        crate::kind::NOTATIONS.join(", ")
    ))
}

/// Runs `each` on every puzzle from `threads` threads of their own (this
/// one among them), taking the puzzles in order: the results in the
/// puzzles' order. These threads only read, check and wait for the memory
/// budget; the work itself goes to the run's pool ([`job::Gate`]).
fn run_puzzles<T: Send>(
    puzzles: &[PuzzleDir],
    threads: usize,
    each: impl Fn(&PuzzleDir) -> Option<T> + Sync,
) -> Vec<Option<T>> {
    let results: Vec<std::sync::Mutex<Option<T>>> = puzzles
        .iter()
        .map(|_| std::sync::Mutex::new(None))
        .collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let work = || loop {
        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let (Some(p), Some(slot)) = (puzzles.get(i), results.get(i)) else {
            break;
        };
        let result = each(p);
        if let Ok(mut slot) = slot.lock() {
            *slot = result;
        }
    };
    std::thread::scope(|s| {
        for _ in 1..threads.max(1) {
            // Fewer threads only make the run slower.
            if std::thread::Builder::new().spawn_scoped(s, work).is_err() {
                break;
            }
        }
        work();
    });
    results
        .into_iter()
        .map(|m| {
            m.into_inner()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
        })
        .collect()
}

/// Renders (or checks) every puzzle under `root` into `out`, calling `on_done`
/// as each finishes (from worker threads, in completion order).
pub fn render_all(
    root: &Path,
    out: &Path,
    options: &Options,
    jobs: Option<usize>,
    on_start: &(dyn Fn(usize) + Sync),
    on_done: &(dyn Fn(&PuzzleReport) + Sync),
) -> Result<Run, RunError> {
    crate::pipeline::output::root::check_conflicts(root, out)?;
    let found = discover_with(root, Some(out), options)?;
    if found.interrupted {
        return Ok(Run::interrupted(Summary::new(Vec::new())));
    }
    if found.puzzles.is_empty() && found.problems.is_empty() && !options.allow_empty {
        return Err(RunError::Usage(no_puzzle(root)));
    }
    let exists = crate::pipeline::output::root::prepare(out, options.check)?;
    let _lock = if exists {
        let mode = if options.check {
            Mode::Shared
        } else {
            Mode::Exclusive
        };
        Some(lock::acquire(out, mode, !options.no_wait, || {
            eprintln!(
                "waiting for another unscramble run to finish with {} (pass --no-wait to fail instead)",
                out.display()
            )
        })?)
    } else {
        None
    };
    on_start(found.puzzles.len() + found.problems.len());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.unwrap_or(0))
        .build()
        .map_err(|cause| RunError::Threads {
            root: root.to_path_buf(),
            cause,
        })?;
    let budget = Budget::new(options.max_memory);
    let gate = job::Gate {
        budget: &budget,
        pool: &pool,
    };
    let cancelled = || options.cancel.is_cancelled();
    let reports = run_puzzles(&found.puzzles, pool.current_num_threads(), |p| {
        if cancelled() {
            return None;
        }
        let report = job::run(p, out, options, &gate);
        on_done(&report);
        Some(report)
    });
    let mut reports: Vec<PuzzleReport> = reports.into_iter().flatten().collect();
    for (name, problem) in found.problems {
        let report = PuzzleReport::failed(&name, problem.to_string(), Vec::new());
        on_done(&report);
        reports.push(report);
    }
    let summary = Summary::new(reports);
    if cancelled() {
        return Ok(Run::interrupted(summary));
    }
    let keep: BTreeSet<PathBuf> = found.puzzles.iter().map(|p| p.rel.clone()).collect();
    let walk = crate::pipeline::prune::Walk {
        keep: &keep,
        puzzles: root,
        check: options.check,
        cancel: &options.cancel,
    };
    let pruned = crate::pipeline::prune::prune(out, &walk)?;
    let snippet = (
        options.snippet.as_deref(),
        options.output.link_prefix.as_deref(),
    );
    let changed =
        crate::pipeline::output::root::write_run_files(out, &summary, options.check, snippet)?;
    let mut warnings = pruned.warnings;
    warnings.extend(changed.1);
    if options.check {
        warnings.extend(job::records_missing_warning(&summary));
    }
    Ok(Run {
        summary,
        pruned: pruned.folders,
        pruned_files: pruned.files,
        changed: changed.0,
        warnings,
        interrupted: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_error_says_its_cause_once() {
        let out = OutputError::new("o", std::io::Error::other("read-only file system"));
        let e = RunError::from(LockError::Io(out));
        assert!(
            e.to_string().starts_with("o: read-only file system ("),
            "{e}"
        );
        assert_eq!(e.exit_code(), 3);
        crate::error::assert_said_once(&e);
        let busy = RunError::from(LockError::Busy(PathBuf::from("o")));
        assert!(
            busy.to_string().starts_with("o: another unscramble run"),
            "{busy}"
        );
        assert_eq!(busy.exit_code(), 4);
    }
}
