//! `unscramble solve`: one puzzle, its solutions printed as text.

use crate::cli::term::fail;
use crate::cli::values::{Cover, TurnOrder};
use crate::cli::{report, solve_text};
use crate::cli::{Chatter, SearchArgs, TextArgs};
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;
use unscramble::kind::stop::StopReason;
use unscramble::kind::tiles::{input, solve};
use unscramble::kind::{domino, Kind};
use unscramble::phrases;
use unscramble::pipeline::output;

#[derive(Args)]
pub struct SolveArgs {
    /// A puzzle file (tile_dict.yaml, domino_fit.yaml), or a puzzle folder.
    pub path: PathBuf,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Print solutions.json instead of text.
    #[arg(long)]
    pub json: bool,
    /// Print search statistics (nodes per depth, tries, time, rate) to stderr.
    #[arg(long)]
    pub stats: bool,
    /// Search without symmetry breaking: every member of every rotation class
    /// is searched for (slower; for comparison).
    #[arg(long)]
    pub no_symmetry: bool,
    /// Worker threads (default or 0: one per core; at most 4 per core).
    #[arg(short, long)]
    pub jobs: Option<u16>,
    /// The order in which the search tries each tile's turns: ccw (counter-clockwise)
    /// or cw (clockwise). Only which solution comes first and the tries in --stats change.
    #[arg(long, value_enum, default_value_t = TurnOrder::CounterClockwise)]
    pub try_turns: TurnOrder,
    /// Domino Fit: must a solution cover every free cell.
    #[arg(long, value_enum, default_value_t = Cover::Full)]
    pub domino_cover: Cover,
    #[command(flatten)]
    pub text: TextArgs,
    #[command(flatten)]
    pub links: crate::cli::Links,
    #[command(flatten)]
    pub chatter: Chatter,
    /// How to print the solutions: text (each cell's tile and turns, one line
    /// per cell) or schematic (the board as a grid of tile/turns).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    Text,
    Schematic,
}

pub fn run(args: &SolveArgs) -> ExitCode {
    // Ctrl-C stops the search: what it found so far is printed, marked as
    // interrupted, and the exit code is 130.
    let cancel = solve::Cancel::new();
    crate::cli::interrupt::on_ctrl_c(cancel.clone());
    crate::cli::term::set_colors(args.chatter.color);
    if let Err(e) = args.links.check(&args.path) {
        return fail(&e.to_string());
    }
    let file = match unscramble::kind::resolve_notation(&args.path) {
        Ok(f) => f,
        Err(e) => return fail(&e.to_string()),
    };
    let (jobs, note) = crate::cli::worker_threads(args.jobs);
    if let Some(note) = note.filter(|_| !args.chatter.quiet) {
        eprintln!("note: {note}");
    }
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => pool,
        Err(e) => return fail(&format!("cannot start worker threads: {e}")),
    };
    let start = Instant::now();
    if Kind::of(&file) == Kind::Domino {
        return solve_domino(&file, args, start, &cancel);
    }
    let parsed = match input::read_notation_file(&file) {
        Ok(p) => p,
        Err(e) => return fail(&e.to_string()),
    };
    parsed.warnings.iter().for_each(|w| {
        let warning = console::style("warning:").yellow().bold().for_stderr();
        eprintln!("{warning} {}", unscramble::error::printable(w));
    });
    let s = &args.search;
    let limits = solve::Limits {
        max_solutions: s.max_solutions,
        max_nodes: s.max_nodes.unwrap_or(solve::MAX_NODES),
        timeout: s.timeout,
        order: s.order.into(),
        symmetry: !args.no_symmetry,
        turn_order: args.try_turns.into(),
        cancel: cancel.clone(),
    };
    let deadline = s.timeout.map(|t| Instant::now() + t);
    let closest_nodes = (!s.no_closest).then_some(s.closest_nodes);
    let found =
        pool.install(|| solve::solve_or_closest(&parsed.puzzle, &limits, deadline, closest_nodes));
    let (outcome, closest) = (found.outcome, found.closest);
    let elapsed = start.elapsed();
    let puzzle = &parsed.puzzle;
    let board = |b: &[unscramble::kind::tiles::model::Placement]| {
        let n = args.text.notation();
        match args.format {
            Format::Text => output::solutions::board_text(puzzle.cols, b, n),
            Format::Schematic => output::solutions::schematic(puzzle.cols, b, n),
        }
    };
    if args.json {
        let closest = closest.as_ref().map(|c| (c, &[][..]));
        print!(
            "{}",
            output::solutions::solutions_json(puzzle, &outcome, &[], closest)
        );
    } else {
        for (i, b) in outcome.solutions.iter().enumerate() {
            println!(
                "=== Solution {} (class {}) ===",
                i + 1,
                outcome.extra.classes[i]
            );
            print!("{}", board(b));
        }
        for (i, b) in closest.iter().flat_map(|c| c.boards.iter()).enumerate() {
            println!("=== Closest board {} ===", i + 1);
            print!("{}", board(b));
            println!("{}", solve_text::unmatched_line(puzzle, b));
        }
    }
    let counts = report::counts(
        outcome.total,
        Some(outcome.extra.unique),
        Some(outcome.extra.looks),
        outcome.complete(),
    );
    let why = outcome.stopped.map_or(String::new(), |stop| {
        format!("; {}", phrases::stop_reason(stop, s.timeout))
    });
    let listed = listed_note(outcome.solutions.len(), outcome.total);
    if speaks(args, outcome.stopped) {
        eprintln!(
            "{counts}{why}{listed}; {} in {}",
            phrases::plural(outcome.nodes, "node"),
            phrases::duration(elapsed)
        );
        if let Some(c) = &closest {
            eprintln!("{}", solve_text::closest_line(c));
        }
    }
    if args.stats {
        solve_text::stats_lines(&outcome, elapsed)
            .iter()
            .for_each(|l| eprintln!("{l}"));
    }
    exit_code(outcome.stopped)
}

fn solve_domino(file: &Path, args: &SolveArgs, start: Instant, cancel: &solve::Cancel) -> ExitCode {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()));
    let puzzle = match text.and_then(|t| domino::parse(file, &t).map_err(|e| e.to_string())) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    let (cover, s) = (domino::Cover::from(args.domino_cover), &args.search);
    let bounds = (s.max_solutions, s.max_nodes.unwrap_or(domino::MAX_NODES));
    let deadline = s.timeout.map(|t| start + t);
    let outcome = domino::solve_within(&puzzle, cover, bounds, deadline, cancel);
    if args.json {
        print!("{}", domino::solutions_json(&puzzle, &outcome, &[]));
    } else {
        for (i, sol) in outcome.solutions.iter().enumerate() {
            println!("=== Solution {} ===\n{}", i + 1, domino::text(&puzzle, sol));
        }
    }
    let counts = report::counts(outcome.total, None, None, outcome.complete());
    let why = outcome.stopped.map_or(String::new(), |stop| {
        format!("; {}", phrases::stopped_by(stop.by()))
    });
    let listed = listed_note(outcome.solutions.len(), outcome.total);
    let elapsed = phrases::duration(start.elapsed());
    if speaks(args, outcome.stopped) {
        eprintln!(
            "{counts} ({} rule){why}{listed}; {} in {elapsed}",
            cover.name(),
            phrases::plural(outcome.nodes, "node")
        );
    }
    exit_code(outcome.stopped)
}

/// Whether the counts line is printed: `-q` silences a finished search, but
/// not an interrupted one (its exit code 130 alone would not say how far it got).
fn speaks(args: &SolveArgs, stopped: Option<StopReason>) -> bool {
    !args.chatter.quiet || stopped == Some(StopReason::Interrupted)
}

fn exit_code(stopped: Option<StopReason>) -> ExitCode {
    match stopped {
        Some(StopReason::Interrupted) => ExitCode::from(130),
        _ => ExitCode::SUCCESS,
    }
}

/// `; the first N printed` when the search counted more solutions than it kept.
fn listed_note(listed: usize, total: usize) -> String {
    if listed < total {
        format!("; the first {listed} printed")
    } else {
        String::new()
    }
}
