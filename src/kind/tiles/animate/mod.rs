//! `unscramble animate`: the backtracking search as a picture. The plain
//! search (`solve::trace`) runs twice: once to count its events, because
//! APNG announces its frame count before the first frame and the frame rule
//! ([`frames`]) needs the total, and once to paint the chosen events as they
//! happen, so nothing grows with the length of the search but the file.
//! Beside the animation goes a chart of the nodes per depth ([`chart`]).

mod budget;
pub(crate) mod chart;
pub mod frames;
pub(crate) mod picture;

use crate::error::{EncodeError, InputError, OutputError, PuzzleError};
use crate::fsio::writer::Writer;
use crate::fsio::Written;
use crate::gfx::apng;
use crate::kind::tiles::input::{self, pictures};
use crate::kind::tiles::model::{Board, Puzzle};
use crate::kind::tiles::solve::trace::{self, Traced};
use crate::kind::tiles::solve::{self, Order, TurnOrder};
use frames::FramePlan;
use picture::{Layout, Painter, State};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

/// The chart's file name, beside the animation.
pub const CHART: &str = "nodes-per-depth.svg";
/// The animation's file name in the default output folder.
pub const ANIMATION: &str = "search.png";
/// In the animation's folder: what `animate` wrote there (names and
/// hashes), so a later run may replace those files and pruning remove them.
pub const RECORD: &str = ".unscramble-animate.json";

#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub order: Order,
    pub turn_order: TurnOrder,
    pub max_frames: u32,
    /// The traced search stops here: the animation then ends on the state
    /// it had, without a solution.
    pub max_events: u64,
    pub tile_size: u32,
    pub max_tile_side: u32,
    /// The most pixels the tile pictures may declare together, and one
    /// frame may have (`--max-pixels`).
    pub max_pixels: u64,
    /// The most pixels all frames may have together (`--max-output-pixels`):
    /// painting and compressing them is what an animation costs.
    pub max_output_pixels: u64,
    /// Chart the search with symmetry breaking, as `solve` runs it (the
    /// animation always shows the plain search).
    pub chart_symmetry: bool,
    pub chart_max_solutions: crate::kind::Count,
}

/// How the traced search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    Solved(Board),
    NoSolution,
    /// `max_events` was reached first.
    Stopped,
}

/// What was written and what the search did.
#[derive(Clone, Debug)]
pub struct Report {
    pub end: End,
    pub events: u64,
    pub frames: u32,
    pub size: [u32; 2],
    pub animation: (PathBuf, usize, Written),
    pub chart: (PathBuf, Written),
    /// Placements per depth of the traced search.
    pub places: Vec<u64>,
    /// The charted search's nodes per depth.
    pub chart_nodes: Vec<u64>,
}

/// `output/<name>/search.png` for a puzzle folder (or its `input/` folder,
/// or a notation file in it), `<name>` as `render` names its output folder:
/// see [`out_below`] with the default `puzzles` and `output` folders.
pub fn default_out(path: &Path) -> PathBuf {
    out_below(Path::new("output"), Path::new("puzzles"), path)
}

/// Where the animation of the puzzle at `path` goes beside the boards
/// `render` writes with the puzzles folder `puzzles` and the output folder
/// `out`: `out/<the puzzle's path below puzzles>/search.png`, so two nested
/// puzzles of one name do not share it; a puzzle outside `puzzles` goes in
/// `out/<its folder's name>/`.
pub fn out_below(out: &Path, puzzles: &Path, path: &Path) -> PathBuf {
    let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let mut dir = if path.is_file() {
        path.parent().map(Path::to_path_buf).unwrap_or_default()
    } else {
        path
    };
    if dir.file_name().is_some_and(|n| n == "input") {
        dir.pop();
    }
    let below = std::fs::canonicalize(puzzles)
        .ok()
        .and_then(|root| dir.strip_prefix(root).ok().map(Path::to_path_buf))
        .filter(|below| !below.as_os_str().is_empty());
    let name = below.unwrap_or_else(|| dir.file_name().map(PathBuf::from).unwrap_or_default());
    out.join(name).join(ANIMATION)
}

/// Reads the puzzle at `path`, writes its animation to `out` and the chart
/// beside it.
pub fn animate(path: &Path, out: &Path, options: &Options) -> Result<Report, PuzzleError> {
    let file = crate::kind::resolve_notation(path)?;
    if crate::kind::Kind::of(&file) == crate::kind::Kind::Domino {
        let e = InputError::new(&file, "a Domino Fit puzzle has no tile search to animate")
            .hint("animate a tile puzzle");
        return Err(e.into());
    }
    let puzzle = input::read_notation_file(&file)?.puzzle;
    let dir = file.parent().unwrap_or(Path::new("."));
    let sides = (options.max_tile_side, options.max_pixels);
    let pics = pictures::load_within(dir, puzzle.tiles.len(), sides)?;
    let counted = trace::trace(
        &puzzle,
        options.order,
        options.turn_order,
        options.max_events,
        |_| ControlFlow::Continue(()),
    );
    let plan = FramePlan::new(counted.events, options.max_frames);
    let most = counted.places.iter().copied().max().unwrap_or(0);
    let longest = caption(counted.events, counted.events)
        .len()
        .max(last_words(&counted).len());
    let layout = Layout::new(&puzzle, options.tile_size, most, longest);
    budget::check(path, (plan.frames(), layout.size()), options)?;
    let (bytes, size) = encode(&puzzle, &pics, options, (&counted, &plan), layout)
        .map_err(|e| EncodeError::new(out, e))?;
    let folder = out.parent().unwrap_or(Path::new("."));
    let Some(name) = out.file_name().and_then(|n| n.to_str()) else {
        let e = std::io::Error::other("is not a file name the tool can write");
        return Err(OutputError::new(out, e)
            .hint("name a file such as search.png")
            .into());
    };
    // The record proves which files here animate wrote, so a run replaces
    // its own animation but never a file it did not write.
    let mut writer = Writer::recorded(folder, RECORD)?;
    let written = writer.put(name, &bytes)?;
    let (chart_nodes, svg) = chart_of(&puzzle, options, &name_of(path));
    let chart_path = writer.path(CHART);
    let chart_written = writer.put(CHART, svg.as_bytes())?;
    writer.finish()?;
    let end = match (counted.solution, counted.stopped) {
        (Some(board), _) => End::Solved(board),
        (None, true) => End::Stopped,
        (None, false) => End::NoSolution,
    };
    Ok(Report {
        end,
        events: counted.events,
        frames: plan.frames(),
        size,
        animation: (out.to_path_buf(), bytes.len(), written),
        chart: (chart_path, chart_written),
        places: counted.places,
        chart_nodes,
    })
}

/// The caption of the frame after `k` of `total` events.
fn caption(k: u64, total: u64) -> String {
    format!("step {k}/{total}")
}

/// What the last frame says under its caption.
fn last_words(counted: &Traced) -> &'static str {
    match (&counted.solution, counted.stopped) {
        (Some(_), _) => "solved",
        (None, true) => "stopped",
        (None, false) => "no solution",
    }
}

/// Runs the traced search again and paints the frames `plan` picks.
fn encode(
    puzzle: &Puzzle,
    pics: &[image::RgbaImage],
    options: &Options,
    (counted, plan): (&Traced, &FramePlan),
    layout: Layout,
) -> Result<(Vec<u8>, [u32; 2]), apng::Error> {
    let step_caption = |k: u64| caption(k, counted.events);
    let last = last_words(counted);
    let mut painter = Painter::new(puzzle, pics, options.tile_size, layout);
    let size = painter.size();
    let mut bytes = Vec::new();
    let mut apng = apng::Apng::new(&mut bytes, size, plan.frames())?;
    let mut state = State::new(puzzle.cells());
    apng.frame(painter.paint(&state, ["step 0", ""]), plan.delay_ms(0))?;
    let mut next = 0usize;
    let mut failed = None;
    trace::trace(
        puzzle,
        options.order,
        options.turn_order,
        counted.events,
        |e| {
            state.apply(e);
            if plan.shown.get(next) != Some(&(state.events - 1)) {
                return ControlFlow::Continue(());
            }
            next += 1;
            let caption = step_caption(state.events);
            let status = if state.events == counted.events {
                last
            } else {
                ""
            };
            let frame = painter.paint(&state, [&caption, status]);
            match apng.frame(frame, plan.delay_ms(next)) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    failed = Some(e);
                    ControlFlow::Break(())
                }
            }
        },
    );
    if let Some(e) = failed {
        return Err(e);
    }
    apng.finish()?;
    Ok((bytes, size))
}

/// The chart's counts and its SVG: the search `solve --stats` reports for
/// the same order, turn order and symmetry.
fn chart_of(puzzle: &Puzzle, options: &Options, name: &str) -> (Vec<u64>, String) {
    let limits = solve::Limits {
        max_solutions: options.chart_max_solutions,
        timeout: None,
        order: options.order,
        symmetry: options.chart_symmetry,
        turn_order: options.turn_order,
        ..solve::Limits::default()
    };
    let outcome = solve::solve(puzzle, &limits);
    let order = match options.order {
        Order::RowMajor => "row-major",
        Order::Spiral => "spiral",
    };
    // The animation always shows the plain search: say when the chart does not.
    let search = if options.chart_symmetry {
        "all solutions with symmetry breaking (not the animated plain search)"
    } else {
        "plain search, as animated, all solutions"
    };
    let partial = if outcome.complete() {
        ""
    } else {
        " (stopped early)"
    };
    let title = format!(
        "{name}: nodes per depth, {order} order, {search}, {} nodes{partial}",
        outcome.nodes
    );
    let svg = chart::svg(&outcome.extra.nodes_per_depth, &title);
    (outcome.extra.nodes_per_depth, svg)
}

fn name_of(path: &Path) -> String {
    default_out(path)
        .parent()
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}
