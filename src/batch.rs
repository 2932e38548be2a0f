//! One run over a puzzles folder: discover → read → solve → render → write,
//! one puzzle per rayon task. A failing puzzle becomes an `error` entry in the
//! report; every other puzzle still renders.

use crate::discover::{discover, PuzzleDir};
use crate::error::{InputError, OutputError, PuzzleError};
use crate::input::{self, pictures};
use crate::model::Puzzle;
use crate::output::{self, solutions::board_text, solutions::SolutionsFile};
use crate::render::{encode_png, PngEffort, Renderer};
use crate::solve::{self, Limits, Outcome};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Everything that changes what a run writes.
#[derive(Clone, Debug)]
pub struct Options {
    pub max_solutions: usize,
    /// At most this many solution boards are rendered per puzzle.
    pub max_images: usize,
    /// Render one board per rotation class instead of all: its first solution,
    /// which is the representative the search found (the board in which the
    /// solver's chosen tile, or the centre tile, has turns 0).
    pub unique: bool,
    pub max_tile_side: u32,
    pub png: PngEffort,
    /// Give up on a puzzle after this long; its result is then marked partial.
    pub timeout: Option<Duration>,
    pub order: solve::Order,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_solutions: 1000,
            max_images: 32,
            unique: false,
            max_tile_side: 4096,
            png: PngEffort::Default,
            timeout: None,
            order: solve::Order::RowMajor,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Solved,
    NoSolution,
    Error,
}

/// What happened to one puzzle; a line of `summary.json`.
#[derive(Clone, Debug, Serialize)]
pub struct PuzzleReport {
    pub name: String,
    pub status: Status,
    pub rows: Option<usize>,
    pub cols: Option<usize>,
    pub tiles: Option<usize>,
    pub solutions_total: Option<usize>,
    pub solutions_unique: Option<usize>,
    pub complete: Option<bool>,
    pub stopped_by: Option<&'static str>,
    /// Solution boards rendered (the unsolved board not counted).
    pub images: usize,
    /// True when `--max-images` left solutions unrendered.
    pub images_capped: bool,
    pub warnings: Vec<String>,
    pub error: Option<String>,
    #[serde(skip)]
    pub elapsed: Duration,
}

impl PuzzleReport {
    fn failed(name: &str, error: String, warnings: Vec<String>, elapsed: Duration) -> Self {
        PuzzleReport {
            name: name.to_string(),
            status: Status::Error,
            rows: None,
            cols: None,
            tiles: None,
            solutions_total: None,
            solutions_unique: None,
            complete: None,
            stopped_by: None,
            images: 0,
            images_capped: false,
            warnings,
            error: Some(error),
            elapsed,
        }
    }
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Totals {
    pub puzzles: usize,
    pub solved: usize,
    pub no_solution: usize,
    pub error: usize,
}

/// The run's report, written as `summary.json` (no times in it: its bytes must
/// not change from run to run).
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub totals: Totals,
    pub puzzles: Vec<PuzzleReport>,
}

impl Summary {
    pub fn failed(&self) -> bool {
        self.totals.error > 0
    }
}

/// Renders every puzzle under `root` into `out`, calling `on_done` as each
/// finishes (from worker threads, in completion order).
pub fn render_all(
    root: &Path,
    out: &Path,
    options: &Options,
    jobs: Option<usize>,
    on_done: &(dyn Fn(&PuzzleReport) + Sync),
) -> Result<Summary, PuzzleError> {
    let found = discover(root, Some(out))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.unwrap_or(0))
        .build()
        .map_err(|e| InputError::new(root, format!("cannot start worker threads: {e}")))?;
    let mut reports: Vec<PuzzleReport> = pool.install(|| {
        found
            .puzzles
            .par_iter()
            .map(|p| {
                let report = run_one(p, out, options);
                on_done(&report);
                report
            })
            .collect()
    });
    for (name, problem) in found.problems {
        let report = PuzzleReport::failed(&name, problem.to_string(), Vec::new(), Duration::ZERO);
        on_done(&report);
        reports.push(report);
    }
    reports.sort_by(|a, b| a.name.cmp(&b.name));
    let summary = Summary {
        totals: Totals {
            puzzles: reports.len(),
            solved: reports
                .iter()
                .filter(|r| r.status == Status::Solved)
                .count(),
            no_solution: reports
                .iter()
                .filter(|r| r.status == Status::NoSolution)
                .count(),
            error: reports.iter().filter(|r| r.status == Status::Error).count(),
        },
        puzzles: reports,
    };
    std::fs::create_dir_all(out).map_err(|e| OutputError::new(out, e))?;
    let path = out.join("summary.json");
    output::write_if_changed(&path, output::json::to_string(&summary, 3).as_bytes())
        .map_err(|e| OutputError::new(&path, e))?;
    Ok(summary)
}

/// Runs one puzzle, turning every failure (a panic included: a bug must not
/// take the batch down) into an `error` report.
fn run_one(p: &PuzzleDir, out: &Path, options: &Options) -> PuzzleReport {
    let start = Instant::now();
    let result = std::panic::catch_unwind(|| process(p, out, options));
    let elapsed = start.elapsed();
    match result {
        Ok(Ok(mut report)) => {
            report.elapsed = elapsed;
            report
        }
        Ok(Err((e, warnings))) => PuzzleReport::failed(&p.name, e.to_string(), warnings, elapsed),
        Err(_) => PuzzleReport::failed(
            &p.name,
            format!("{}: internal error while solving or rendering (a bug in unscramble; please report it with this puzzle)", p.dir.display()),
            Vec::new(),
            elapsed,
        ),
    }
}

type Failure = (PuzzleError, Vec<String>);

fn process(p: &PuzzleDir, out: &Path, options: &Options) -> Result<PuzzleReport, Failure> {
    let input_dir = p.input_dir();
    let parsed = input::read_puzzle(&input_dir).map_err(|e| (e.into(), Vec::new()))?;
    let warnings = parsed.warnings;
    let puzzle = parsed.puzzle;
    let fail = |e: PuzzleError| (e, warnings.clone());
    // Pictures are checked before solving, so a broken scan fails fast.
    let pics = pictures::load(&input_dir, puzzle.tiles.len(), options.max_tile_side)
        .map_err(|e| fail(e.into()))?;
    let outcome = solve::solve(
        &puzzle,
        &Limits {
            max_solutions: options.max_solutions,
            timeout: options.timeout,
            order: options.order,
            ..Limits::default()
        },
    );
    let chosen = chosen_for_images(&outcome, options);
    let out_dir = out.join(&p.rel);
    write_outputs(&out_dir, &puzzle, &outcome, &chosen, &pics, options)
        .map_err(|e| fail(e.into()))?;
    Ok(PuzzleReport {
        name: p.name.clone(),
        status: if outcome.solutions.is_empty() {
            Status::NoSolution
        } else {
            Status::Solved
        },
        rows: Some(puzzle.rows),
        cols: Some(puzzle.cols),
        tiles: Some(puzzle.tiles.len()),
        solutions_total: Some(outcome.solutions.len()),
        solutions_unique: Some(outcome.unique),
        complete: Some(outcome.complete()),
        stopped_by: outcome.stopped.as_ref().map(output::solutions::stop_name),
        images: chosen.len(),
        images_capped: chosen.len() < candidates_for_images(&outcome, options).count(),
        warnings,
        error: None,
        elapsed: Duration::ZERO,
    })
}

/// Solutions eligible for an image: all of them, or with `--unique` the first
/// (lowest-index) member of each rotation class.
fn candidates_for_images<'a>(
    outcome: &'a Outcome,
    options: &'a Options,
) -> impl Iterator<Item = usize> + 'a {
    let mut seen = BTreeSet::new();
    (0..outcome.solutions.len())
        .filter(move |&i| !options.unique || seen.insert(outcome.classes[i]))
}

fn chosen_for_images(outcome: &Outcome, options: &Options) -> Vec<usize> {
    candidates_for_images(outcome, options)
        .take(options.max_images)
        .collect()
}

fn write_outputs(
    dir: &Path,
    puzzle: &Puzzle,
    outcome: &Outcome,
    chosen: &[usize],
    pics: &[image::RgbaImage],
    options: &Options,
) -> Result<(), OutputError> {
    std::fs::create_dir_all(dir).map_err(|e| OutputError::new(dir, e))?;
    let mut keep = BTreeSet::new();
    let mut renderer = Renderer::new(puzzle.rows, puzzle.cols, pics);
    let mut png = Vec::new();
    let mut put = |name: String, bytes: &[u8]| -> Result<(), OutputError> {
        let path: PathBuf = dir.join(&name);
        output::write_if_changed(&path, bytes).map_err(|e| OutputError::new(&path, e))?;
        keep.insert(name);
        Ok(())
    };
    let encode_err = |e: image::ImageError| OutputError::new(dir, std::io::Error::other(e));
    encode_png(renderer.unsolved(), options.png, &mut png).map_err(encode_err)?;
    put("unsolved.png".into(), &png)?;
    for &i in chosen {
        let board = &outcome.solutions[i];
        encode_png(renderer.board(board), options.png, &mut png).map_err(encode_err)?;
        put(format!("solution-{}.png", i + 1), &png)?;
        put(
            format!("solution-{}.txt", i + 1),
            board_text(puzzle.cols, board).as_bytes(),
        )?;
    }
    let rendered: Vec<usize> = chosen.iter().map(|i| i + 1).collect();
    put(
        "solutions.json".into(),
        SolutionsFile::new(puzzle, outcome, &rendered)
            .to_json()
            .as_bytes(),
    )?;
    output::remove_stale(dir, &keep).map_err(|e| OutputError::new(dir, e))?;
    Ok(())
}
