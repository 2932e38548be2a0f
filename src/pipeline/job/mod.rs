//! One puzzle, start to end: read → (skip if up to date) → solve → render →
//! write, for each kind of puzzle ([`tiles`], [`domino`]) with the same
//! manifest, sink and report. Every failure, a panic included, becomes the
//! puzzle's `error` report; the rest of the batch goes on.

mod context;
mod domino;
mod pixels;
mod report;
mod scratch;
mod tiles;
mod write;

use crate::error::{InputError, PuzzleError};
use crate::input::file;
use crate::kind::domino::Domino;
use crate::kind::tiles::Tiles;
use crate::kind::{Image, Kind, PuzzleKind, Search};
use crate::pipeline::discover::PuzzleDir;
use crate::pipeline::options::Options;
use crate::pipeline::output::manifest;
use crate::pipeline::output::solutions::Notation;
use crate::present::summary::PuzzleKind as PuzzleKindName;
use crate::present::summary::PuzzleReport;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::pipeline::budget::Budget;
use context::Context;
use pixels::Needs;
use report::report_of;

/// A puzzle whose render alone needs more than the run's memory budget.
fn too_big(dir: &Path, bytes: u64, total: u64) -> InputError {
    let mb = |b: u64| b.div_ceil(1_000_000);
    InputError::new(
        dir,
        format!(
            "rendering this puzzle takes about {} MB (estimated from its pictures and boards), above the limit of {} MB for all puzzles at once",
            mb(bytes),
            mb(total)
        ),
    )
    .hint("lower --tile-size or scale the pictures down, or raise the limit with --max-memory")
}

/// `render --infer`: the notation inferred from the pictures, once the
/// budget has room for them all decoded (RGBA, and the decoder's own
/// buffer for one).
fn infer(p: &PuzzleDir, options: &Options, gate: &Gate) -> Result<(PathBuf, Vec<u8>), PuzzleError> {
    let input_dir = p.input_dir();
    let limits = crate::prepare::infer::PictureLimits {
        max_side: options.max_tile_side,
        max_pixels: options.max_pixels,
    };
    let bytes = pixels::infer_needs(&input_dir, (limits.max_side, limits.max_pixels))?;
    if bytes > gate.budget.total() {
        return Err(too_big(&input_dir, bytes, gate.budget.total()).into());
    }
    let _share = gate
        .budget
        .take(bytes, &options.cancel)
        .ok_or_else(|| PuzzleError::Interrupted(p.dir.clone()))?;
    gate.pool
        .install(|| crate::prepare::infer::notation(&input_dir, limits))
}

/// Where a puzzle's heavy work runs: the run's worker threads, once the
/// run's memory budget has room for it.
pub(crate) struct Gate<'r> {
    pub(crate) budget: &'r Budget,
    pub(crate) pool: &'r rayon::ThreadPool,
}

/// Runs one puzzle into `out_root/<its name>`. Called outside `gate`'s
/// pool: a puzzle waits for its share of the budget here, where waiting
/// holds up no worker thread (a worker that waited could be the one whose
/// work would free the budget).
pub(crate) fn run(p: &PuzzleDir, out_root: &Path, options: &Options, gate: &Gate) -> PuzzleReport {
    let start = Instant::now();
    // The pool and the budget stay sound through a panic: the budget's
    // locks ignore poisoning and a share is given back as it unwinds.
    let run = std::panic::AssertUnwindSafe(|| process(p, out_root, options, gate));
    let result = std::panic::catch_unwind(run);
    let mut report = match result {
        Ok(Ok(report)) => report,
        Ok(Err(f)) => PuzzleReport::failed(&p.name, f.error.to_string(), f.warnings),
        Err(_) => PuzzleReport::failed(
            &p.name,
            format!(
                "{}: internal error while solving or rendering (a bug in unscramble; please report it with this puzzle)",
                p.dir.display()
            ),
            Vec::new(),
        ),
    };
    report.elapsed = start.elapsed();
    report
}

/// A puzzle that failed, with the warnings of what was read before.
struct Failure {
    error: PuzzleError,
    warnings: Vec<String>,
}

impl From<PuzzleError> for Failure {
    fn from(error: PuzzleError) -> Self {
        Failure {
            error,
            warnings: Vec::new(),
        }
    }
}

impl From<InputError> for Failure {
    fn from(error: InputError) -> Self {
        PuzzleError::from(error).into()
    }
}

fn process(
    p: &PuzzleDir,
    out_root: &Path,
    options: &Options,
    gate: &Gate,
) -> Result<PuzzleReport, Failure> {
    if let Some(root) = &p.within {
        let within = "the puzzles folder";
        crate::kind::tiles::input::confine(&p.input_dir(), root, within)?;
    }
    let inferred = options.infer && crate::prepare::infer::is_picture_puzzle(&p.dir);
    let (notation, bytes) = if inferred {
        infer(p, options, gate)?
    } else {
        let notation = crate::kind::notation_file(&p.input_dir())?;
        let bytes = file::read_capped(&notation, file::NOTATION_CAP)?;
        (notation, bytes)
    };
    let ctx = Context {
        p,
        out_root,
        options,
        gate,
        out_dir: out_root.join(&p.rel),
        notation,
        bytes,
        inferred,
    };
    match Kind::of(&ctx.notation) {
        Kind::Domino => drive::<Domino>(&ctx),
        Kind::Tiles => drive::<Tiles>(&ctx),
    }
}

/// What the job adds to a kind: the checks that need its options, and the
/// files beside the boards (their text forms, `solutions.json`, the tile
/// puzzles' play page), whose writers live in `pipeline::output` and
/// `present`, above `kind`.
trait JobKind: PuzzleKind<Source: Send> {
    const REPORTED_AS: PuzzleKindName;
    /// Checks the pixels the boards will need before anything is decoded
    /// or allocated, and says how much memory rendering them takes.
    fn check_pixels(ctx: &Context, source: &Self::Source) -> Result<Needs, InputError>;
    /// The text file beside a solved or closest board.
    fn text(puzzle: &Self::Puzzle, found: &Self::Found, image: Image, n: Notation) -> String;
    fn solutions_json(puzzle: &Self::Puzzle, found: &Self::Found, report: &PuzzleReport) -> String;
    /// Files other than the boards and `solutions.json`.
    fn more_files(
        name: &str,
        puzzle: &Self::Puzzle,
        found: &Self::Found,
        boards: &Self::Boards<'_>,
    ) -> Vec<(&'static str, String)>;
}

/// One puzzle of kind `K`, read to written, the same way for every kind.
fn drive<K: JobKind>(ctx: &Context) -> Result<PuzzleReport, Failure> {
    let max_side = ctx.options.max_tile_side;
    let inferred = |mut warnings: Vec<String>| {
        if ctx.inferred {
            warnings.push(crate::prepare::infer::WARNING.to_string());
        }
        warnings
    };
    let read = K::read(&ctx.notation, &ctx.bytes, max_side).map_err(|f| Failure {
        error: f.error.into(),
        warnings: inferred(f.warnings),
    })?;
    let warnings = inferred(read.warnings);
    let fail = |error: PuzzleError| Failure {
        error,
        warnings: warnings.clone(),
    };
    let key = ctx.key(&K::key_files(&read.source)).map_err(fail)?;
    if let Some(report) = ctx.up_to_date(&key) {
        return Ok(report);
    }
    let needs = K::check_pixels(ctx, &read.source).map_err(|e| fail(e.into()))?;
    let _share = ctx.admit(needs.first).map_err(fail)?;
    let source = read.source;
    ctx.gate
        .pool
        .install(|| render::<K>(ctx, source, (key, needs), warnings))
}

/// A puzzle of kind `K` that has its share of the budget: decoded, solved,
/// painted and written, on the run's worker threads.
fn render<K: JobKind>(
    ctx: &Context,
    source: K::Source,
    (key, needs): (String, Needs),
    warnings: Vec<String>,
) -> Result<PuzzleReport, Failure> {
    let fail = |error: PuzzleError| Failure {
        error,
        warnings: warnings.clone(),
    };
    // The clock starts once the puzzle may run, not while it waits.
    let deadline = ctx.options.timeout.map(|t| Instant::now() + t);
    // Pictures are checked before solving, so a broken scan fails fast.
    let puzzle = K::load(source, ctx.options.max_tile_side).map_err(|e| fail(e.into()))?;
    let output = &ctx.options.output;
    let search = Search {
        max_solutions: output.max_solutions,
        max_nodes: output.max_nodes,
        deadline,
        order: output.order,
        symmetry: true,
        turn_order: Default::default(),
        closest_nodes: output.closest.then_some(output.closest_nodes),
        cover: output.cover,
        cancel: ctx.options.cancel.clone(),
    };
    let found = K::solve(K::model(&puzzle), &search);
    ctx.interrupted().map_err(fail)?;
    let facts = K::facts(K::model(&puzzle), &found);
    let mut report = report_of::<K>(&ctx.p.name, &facts, output);
    report.warnings = warnings.clone();
    let mut sink = ctx.sink().map_err(fail)?;
    write::write::<K>(
        &mut sink,
        ctx,
        (&puzzle, &found),
        (&mut report, needs.board),
    )
    .map_err(fail)?;
    ctx.finish(sink, key, report).map_err(fail)
}

/// With `--check`: what the run says when puzzle folders have no manifest
/// (`.unscramble-*` files left out of a commit), or nothing.
pub(crate) fn records_missing_warning(
    summary: &crate::present::summary::Summary,
) -> Option<String> {
    let n = summary.puzzles.iter().filter(|r| r.records_missing).count();
    (n > 0).then(|| {
        format!(
            "{} no {} (the .unscramble-*.json records were not committed?): the files were compared by content; \
but a render replaces or removes only files its records name, so one that changes later is refused. \
Run unscramble once and commit the .unscramble-*.json files it writes (keep .unscramble-lock out of git)",
            match n {
                1 => "1 puzzle folder has".to_string(),
                n => format!("{n} puzzle folders have"),
            },
            manifest::FILE_NAME
        )
    })
}

#[cfg(test)]
mod tests;
