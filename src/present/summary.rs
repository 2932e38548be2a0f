//! What a run says of each puzzle: written as `output/summary.json`, cached in
//! each puzzle's manifest, and printed with `--json`. Nothing here may depend
//! on time or thread count, except the fields marked as run-only.

use crate::kind::stop::{Count, StoppedBy};
use serde::{Deserialize, Serialize};
use std::time::Duration;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Solved,
    NoSolution,
    /// A limit (`--timeout`, `--max-nodes`) stopped the search before it
    /// found a solution: unknown whether one exists.
    Stopped,
    /// The default: a report nobody filled in did not succeed.
    #[default]
    Error,
}

/// What this run did with a puzzle; printed with `--json`, never written to a file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Solved and rendered; files whose bytes changed were written.
    #[default]
    Rendered,
    /// Inputs, options and outputs matched the manifest: nothing was done.
    UpToDate,
    /// `--check`: the outputs on disk are not what a render would write.
    Stale,
    /// The puzzle's input is broken.
    Failed,
}

/// Which kind of puzzle a folder holds, by its notation file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PuzzleKind {
    /// Edge-matching tiles (`tile_dict.yaml`).
    Tiles,
    /// Domino Fit (`domino_fit.yaml`).
    DominoFit,
}

/// One puzzle's line of `summary.json`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct PuzzleReport {
    pub name: String,
    /// Unknown (null) when the puzzle failed before its notation was read.
    pub kind: Option<PuzzleKind>,
    pub status: Status,
    pub rows: Option<usize>,
    pub cols: Option<usize>,
    pub tiles: Option<usize>,
    pub solutions_total: Option<Count>,
    pub solutions_unique: Option<Count>,
    /// Tile puzzles: solutions as a person sees them (identical and symmetric
    /// tiles merged, and turns of the board).
    pub solutions_distinct_looks: Option<Count>,
    pub complete: Option<bool>,
    pub stopped_by: Option<StoppedBy>,
    /// Only when `solutions.json` lists fewer solutions than the total.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solutions_listed: Option<usize>,
    /// Indices of the solutions that have a `solution-<k>.png`.
    pub rendered: Vec<usize>,
    /// Tile puzzles: the look class of each rendered solution, in the order
    /// of `rendered`, so the gallery can show one board per look.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rendered_looks: Vec<u32>,
    /// True when `--max-images` (or `--unique`) left solutions without an image.
    pub images_capped: bool,
    /// Width and height of every board image of the puzzle, in pixels.
    pub image_size: Option<[u32; 2]>,
    /// Width and height of every board's `thumb-` picture, when the boards
    /// are larger than a thumbnail.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumb_size: Option<[u32; 2]>,
    pub warnings: Vec<String>,
    pub error: Option<String>,
    /// A tile puzzle without a solution: its closest boards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closest: Option<ClosestReport>,
    #[serde(skip)]
    pub elapsed: Duration,
    #[serde(skip)]
    pub action: Action,
    /// Search statistics for `-v`; files hold them in `solutions.json`.
    #[serde(skip)]
    pub nodes: u64,
    /// `--check`: output files that are missing, differ, or would be removed.
    #[serde(skip)]
    pub stale_files: Vec<String>,
    /// `--check`: the folder has no manifest, so it was checked by content.
    #[serde(skip)]
    pub records_missing: bool,
}

/// The closest boards of a puzzle without a solution, in brief (the boards
/// themselves are in its `solutions.json`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClosestReport {
    pub matched_edges: usize,
    pub inner_edges: usize,
    /// Closest boards found, one per rotation class.
    pub boards: usize,
    /// False when a limit stopped the search (see `solutions.json`).
    pub complete: bool,
    /// Indices of the boards that have a `closest-<k>.png`.
    pub rendered: Vec<usize>,
}

impl Status {
    /// A search's status from what it found: only a whole search that found
    /// nothing proves there is no solution.
    pub fn of(solutions: Count, complete: bool) -> Status {
        match (solutions, complete) {
            (0, true) => Status::NoSolution,
            (0, false) => Status::Stopped,
            _ => Status::Solved,
        }
    }
}

impl PuzzleReport {
    pub fn failed(name: &str, error: String, warnings: Vec<String>) -> Self {
        PuzzleReport {
            name: name.to_string(),
            warnings,
            error: Some(error),
            action: Action::Failed,
            ..PuzzleReport::default()
        }
    }

    /// What the terminal, the gallery and `index.md` say of a `Stopped` puzzle.
    pub fn stopped_text(&self) -> String {
        crate::phrases::stopped_before_a_solution(self.stopped_by.unwrap_or(StoppedBy::Timeout))
    }

    pub fn is(&self, status: Status) -> bool {
        self.status == status
    }
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Totals {
    pub puzzles: usize,
    pub solved: usize,
    pub no_solution: usize,
    pub stopped: usize,
    pub error: usize,
}

/// The run's report, written as `summary.json`.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub totals: Totals,
    pub puzzles: Vec<PuzzleReport>,
}

impl Summary {
    pub fn new(mut puzzles: Vec<PuzzleReport>) -> Summary {
        puzzles.sort_by(|a, b| a.name.cmp(&b.name));
        let count = |s: Status| puzzles.iter().filter(|r| r.is(s)).count();
        Summary {
            totals: Totals {
                puzzles: puzzles.len(),
                solved: count(Status::Solved),
                no_solution: count(Status::NoSolution),
                stopped: count(Status::Stopped),
                error: count(Status::Error),
            },
            puzzles,
        }
    }

    pub fn failed(&self) -> bool {
        self.totals.error > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A limit is named as the option to raise; Ctrl-C is no limit.
    #[test]
    fn stopped_text_names_the_limit_but_not_an_interrupt() {
        let mut r = PuzzleReport {
            stopped_by: Some(StoppedBy::MaxNodes),
            ..PuzzleReport::default()
        };
        assert!(r
            .stopped_text()
            .starts_with("stopped by --max-nodes before"));
        r.stopped_by = None;
        assert!(r.stopped_text().starts_with("stopped by --timeout before"));
        r.stopped_by = Some(StoppedBy::Interrupted);
        let text = r.stopped_text();
        assert!(text.starts_with("interrupted before a solution"), "{text}");
        assert!(!text.contains("--"), "{text}");
    }
}
