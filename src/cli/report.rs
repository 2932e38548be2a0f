//! The terminal: a progress bar on a terminal, one plain line per puzzle
//! elsewhere (CI, pipes, `TERM=dumb`), colours only where wanted. Times appear
//! here and never in files.

use console::style;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::time::Duration;
use unscramble::error::printable;
use unscramble::kind::stop::{Count, StoppedBy};
use unscramble::phrases;
use unscramble::pipeline::batch::{Progress, Run};
use unscramble::present::summary::{Action, PuzzleReport, Status};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verbosity {
    Quiet,
    Normal,
    Verbose,
}

/// Prints a run's progress and results to stderr.
pub struct Reporter {
    verbosity: Verbosity,
    bar: Option<ProgressBar>,
}

impl Reporter {
    /// `progress`: draw a bar (only sensible on a terminal).
    pub fn new(verbosity: Verbosity, progress: bool) -> Reporter {
        let bar = (progress && verbosity != Verbosity::Quiet).then(|| {
            let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
            let template = "{spinner} [{elapsed}] {bar:30} {pos}/{len} puzzles {msg}";
            if let Ok(s) = ProgressStyle::with_template(template) {
                bar.set_style(s);
            }
            bar.enable_steady_tick(Duration::from_millis(120));
            bar
        });
        Reporter { verbosity, bar }
    }

    /// What the library tells of each board encoded, shown on the bar
    /// (`owls: board 3/20`): a puzzle whose boards take long (`--png
    /// best`) moves it too. Without a bar (`-q`, not a terminal): nothing.
    pub fn progress(&self) -> Progress {
        match &self.bar {
            Some(bar) => {
                let bar = bar.clone();
                Progress::new(move |name, done, boards| {
                    bar.set_message(format!("{}: board {done}/{boards}", printable(name)));
                })
            }
            None => Progress::default(),
        }
    }

    pub fn start(&self, puzzles: usize) {
        if let Some(bar) = &self.bar {
            bar.set_length(puzzles as u64);
        }
    }

    fn line(&self, text: String) {
        match &self.bar {
            Some(bar) => bar.println(text),
            None => eprintln!("{text}"),
        }
    }

    /// One puzzle finished (called from worker threads). Names, warnings and
    /// errors quote the puzzles folder, so they pass through [`printable`].
    pub fn done(&self, r: &PuzzleReport) {
        let name = printable(&r.name);
        if let Some(bar) = &self.bar {
            bar.inc(1);
            bar.set_message(printable(&r.name).into_owned());
        }
        for w in &r.warnings {
            if self.verbosity > Verbosity::Quiet {
                self.line(format!(
                    "{} puzzle '{name}': {}",
                    style("warning:").yellow().bold().for_stderr(),
                    printable(w)
                ));
            }
        }
        if r.status == Status::Error {
            let e = r.error.as_deref().unwrap_or("failed");
            self.line(format!(
                "{} puzzle '{name}': {}",
                style("error:").red().bold().for_stderr(),
                printable(e)
            ));
        } else if r.status == Status::Stopped && self.verbosity > Verbosity::Quiet {
            // Not a broken input, so not an error; but a build must see it.
            let raise = match r.stopped_by.unwrap_or(StoppedBy::Timeout) {
                StoppedBy::Interrupted => String::new(),
                by => format!(" (raise --{})", by.name()),
            };
            self.line(format!(
                "{} puzzle '{}': {}{raise}",
                style("warning:").yellow().bold().for_stderr(),
                r.name,
                r.stopped_text()
            ));
        } else if self.verbosity > Verbosity::Quiet || r.action == Action::Stale {
            // A stale puzzle makes `--check` exit 1: even -q says which files.
            self.line(puzzle_line(r, self.verbosity == Verbosity::Verbose));
        }
    }

    /// The run is over: clears the bar and prints the summary line.
    pub fn finish(&self, run: &Run, check: bool, elapsed: Duration) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
        // -q keeps a passing run silent, but never a failing one: a build
        // log that shows exit 1 and nothing else helps no one.
        let quiet = self.verbosity == Verbosity::Quiet;
        let failing = run.interrupted || run.summary.failed() || (check && run.stale());
        if quiet && !failing {
            return;
        }
        for p in run.pruned.iter().filter(|_| check || !quiet) {
            let verb = if check { "would remove" } else { "removed" };
            eprintln!(
                "{}: {verb} the outputs (its puzzle folder is gone)",
                printable(p)
            );
        }
        if check {
            for f in &run.pruned_files {
                eprintln!("would remove: {f}");
            }
        }
        for w in run.warnings.iter().filter(|_| !quiet) {
            eprintln!("{} {w}", style("warning:").yellow().bold().for_stderr());
        }
        for f in &run.changed {
            if check {
                eprintln!("stale: {}", printable(f));
            }
        }
        eprintln!("{}", summary_line(run, check, elapsed));
    }
}

/// `solutions` with its qualifiers: `4 solutions (1 unique ...)`,
/// `1000+ solutions ...`; `unique` is `None` for puzzles that cannot be
/// turned, and `looks` is named only where it is fewer than `unique`
/// (identical or symmetric tiles).
pub fn counts(total: Count, unique: Option<Count>, looks: Option<Count>, complete: bool) -> String {
    let total = phrases::solutions(total, complete);
    match (unique, looks) {
        (Some(u), Some(l)) if l < u => format!(
            "{total} ({}, {})",
            phrases::unique(u, complete),
            phrases::looks(l, complete)
        ),
        (Some(u), _) => format!("{total} ({})", phrases::unique(u, complete)),
        (None, _) => total,
    }
}

/// The line for a puzzle that did not fail.
pub fn puzzle_line(r: &PuzzleReport, verbose: bool) -> String {
    let time = phrases::duration(r.elapsed);
    let what = match r.status {
        Status::Stopped => r.stopped_text(),
        Status::NoSolution => match &r.closest {
            Some(c) => {
                let n = c.rendered.len();
                let mut s = format!(
                    "{}; the closest boards match {} of {} inner edges ({}{} {}, {})",
                    phrases::NO_SOLUTION,
                    c.matched_edges,
                    c.inner_edges,
                    c.boards,
                    if c.complete { "" } else { "+" },
                    phrases::noun(c.boards as u64, "board"),
                    phrases::plural(n as u64, "image"),
                );
                if !c.complete {
                    s.push_str("; the closest search was stopped, the best board found is shown");
                }
                s
            }
            None => phrases::NO_SOLUTION.to_string(),
        },
        _ => {
            let mut s = counts(
                r.solutions_total.unwrap_or(0),
                r.solutions_unique,
                r.solutions_distinct_looks,
                r.complete.unwrap_or(true),
            );
            let n = r.rendered.len();
            s.push_str(&format!(", {}", phrases::plural(n as u64, "image")));
            if r.images_capped {
                s.push_str(" (capped by --max-images)");
            }
            if let Some(by) = r.stopped_by {
                s.push_str(&format!(", search {}", phrases::stopped_by(by)));
            }
            if let Some(listed) = r.solutions_listed {
                s.push_str(&format!(
                    "; solutions.json lists the first {listed}, distinct looks counted among those"
                ));
            }
            s
        }
    };
    let action = match r.action {
        Action::UpToDate => " [up to date]".to_string(),
        Action::Stale => format!(" [stale: {}]", printable(&r.stale_files.join(", "))),
        Action::Rendered | Action::Failed => String::new(),
    };
    let mut line = format!("{}: {what}{action} ({time})", printable(&r.name));
    if verbose && r.action == Action::Rendered {
        let rate = r.nodes as f64 / r.elapsed.as_secs_f64().max(1e-9);
        line.push_str(&format!(
            " [{}, {:.1} M nodes/s]",
            phrases::plural(r.nodes, "node"),
            rate / 1e6
        ));
    }
    line
}

/// The end of the totals line when no puzzle was rendered: "nothing
/// written" only when the run-level files did not change either.
fn run_files_line(run: &Run, fresh: usize) -> String {
    let (removed, written): (Vec<&str>, Vec<&str>) = run
        .changed
        .iter()
        .filter(|c| !c.ends_with("(kept: changed since unscramble wrote it)"))
        .map(String::as_str)
        .partition(|c| c.ends_with(" (removed)"));
    if written.is_empty() && removed.is_empty() && run.pruned.is_empty() {
        return "; all up to date, nothing written".to_string();
    }
    let mut s = format!("; {} up to date", phrases::plural(fresh as u64, "puzzle"));
    if !written.is_empty() {
        s.push_str(&format!("; wrote {}", printable(&written.join(", "))));
    }
    if !removed.is_empty() {
        let names: Vec<&str> = removed
            .iter()
            .map(|c| c.trim_end_matches(" (removed)"))
            .collect();
        s.push_str(&format!("; removed {}", printable(&names.join(", "))));
    }
    s
}

pub fn summary_line(run: &Run, check: bool, elapsed: Duration) -> String {
    let t = &run.summary.totals;
    let n = |a: Action| run.summary.puzzles.iter().filter(|r| r.action == a).count();
    let mut s = format!(
        "{}: {} solved, {} without solution, {}{} failed",
        phrases::plural(t.puzzles as u64, "puzzle"),
        t.solved,
        t.no_solution,
        phrases::stopped_count(t.stopped),
        t.error
    );
    let (rendered, fresh, stale) = (n(Action::Rendered), n(Action::UpToDate), n(Action::Stale));
    if check {
        let verdict = if run.stale() {
            "stale output"
        } else {
            "output up to date"
        };
        s.push_str(&format!(
            "; {verdict}: {} stale, {fresh} up to date",
            phrases::plural(stale as u64, "puzzle")
        ));
    } else if fresh > 0 && rendered == 0 {
        s.push_str(&run_files_line(run, fresh));
    } else if fresh > 0 {
        s.push_str(&format!("; {rendered} rendered, {fresh} up to date"));
    }
    if run.interrupted {
        s.push_str("; interrupted");
    }
    s.push_str(&format!(" ({})", phrases::duration(elapsed)));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--png best` spends up to minutes on a puzzle's boards: the bar says
    /// which board it is at (drawn only on a terminal; the message is kept
    /// either way). `-q` has no bar, so it hears of no board.
    #[test]
    fn the_bar_moves_with_each_board_and_q_has_none() {
        let reporter = Reporter::new(Verbosity::Normal, true);
        reporter.start(2);
        reporter.progress().board("owls", 3, 20);
        let bar = reporter.bar.as_ref().expect("a bar");
        assert_eq!(bar.message(), "owls: board 3/20");
        reporter.progress().board("owls", 4, 20);
        assert_eq!(bar.message(), "owls: board 4/20");
        let quiet = Reporter::new(Verbosity::Quiet, true);
        assert!(quiet.bar.is_none());
        assert_eq!(format!("{:?}", quiet.progress()), "Progress(none)");
    }

    #[test]
    fn counts_mark_lower_bounds() {
        assert_eq!(
            counts(4, Some(1), Some(1), true),
            "4 solutions (1 unique up to turning the board)"
        );
        assert_eq!(
            counts(1000, Some(251), None, false),
            "1000+ solutions (251+ unique up to turning the board)"
        );
        assert_eq!(counts(1, None, None, true), "1 solution");
        assert_eq!(
            counts(48, Some(12), Some(3), true),
            "48 solutions (12 unique up to turning the board, 3 distinct looks)"
        );
    }

    #[test]
    fn a_puzzle_line_says_what_was_done() {
        let r = PuzzleReport {
            name: "owls".into(),
            status: Status::Solved,
            solutions_total: Some(8),
            solutions_unique: Some(2),
            complete: Some(true),
            rendered: vec![1, 2],
            images_capped: true,
            action: Action::UpToDate,
            ..PuzzleReport::default()
        };
        let line = puzzle_line(&r, false);
        let mut odd = r.clone();
        odd.name = "a\nb\u{1b}]0;x\u{7}".into();
        let odd = puzzle_line(&odd, false);
        assert!(
            odd.starts_with("a\\u{a}b\\u{1b}]0;x\\u{7}: 8 solutions"),
            "{odd}"
        );
        assert!(line.starts_with("owls: 8 solutions (2 unique up to turning the board), 2 images (capped by --max-images) [up to date] ("), "{line}");
    }
}
