//! `unscramble solve`: one puzzle, its solutions printed as text.

use crate::cli::report;
use crate::cli::solve_print::Printed;
use crate::cli::term::{self, fail};
use crate::cli::values::{Cover, TurnOrder};
use crate::cli::{Chatter, SearchArgs, TextArgs};
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;
use unscramble::kind::domino::Domino;
use unscramble::kind::stop::{Cancel, Count, StopReason};
use unscramble::kind::tiles::Tiles;
use unscramble::kind::{Kind, Search};
use unscramble::phrases;

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
    let cancel = Cancel::new();
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
    match Kind::of(&file) {
        Kind::Domino => solve::<Domino>(&file, args, &pool, (start, cancel)),
        Kind::Tiles => solve::<Tiles>(&file, args, &pool, (start, cancel)),
    }
}

/// One puzzle of kind `K`, read, searched and reported the same way for
/// every kind, as the render job drives it; [`Printed`] says what differs.
fn solve<K: Printed>(
    file: &Path,
    args: &SolveArgs,
    pool: &rayon::ThreadPool,
    (start, cancel): (Instant, Cancel),
) -> ExitCode {
    let read = match K::read_model(file) {
        Ok(read) => read,
        Err(failed) => return fail(&failed.error.to_string()),
    };
    read.warnings.iter().for_each(|w| {
        let warning = console::style("warning:").yellow().bold().for_stderr();
        eprintln!("{warning} {}", unscramble::error::printable(w));
    });
    let s = &args.search;
    let search = Search {
        max_solutions: s.max_solutions,
        max_nodes: s.max_nodes,
        deadline: s.timeout.map(|t| Instant::now() + t),
        order: s.order.into(),
        symmetry: !args.no_symmetry,
        turn_order: args.try_turns.into(),
        closest_nodes: (!s.no_closest).then_some(s.closest_nodes),
        cover: args.domino_cover.into(),
        cancel,
    };
    let model = &read.source;
    let found = pool.install(|| K::solve(model, &search));
    let elapsed = start.elapsed();
    if let Err(code) = term::print_stdout(K::listing(model, &found, args).as_bytes()) {
        return code;
    }
    let facts = K::facts(model, &found);
    let complete = facts.stopped.is_none();
    let counts = report::counts(facts.total, facts.unique, facts.looks, complete);
    let why = facts.stopped.map_or(String::new(), |stop| {
        format!("; {}", phrases::stop_reason(stop, s.timeout))
    });
    let listed = listed_note(facts.listed, facts.total);
    if speaks(args, facts.stopped) {
        eprintln!(
            "{counts}{}{why}{listed}; {} in {}",
            K::rule(args),
            phrases::plural(facts.nodes, "node"),
            phrases::duration(elapsed)
        );
        K::closest_line(&found)
            .iter()
            .for_each(|l| eprintln!("{l}"));
    }
    if args.stats {
        K::stats(&found, elapsed)
            .iter()
            .for_each(|l| eprintln!("{l}"));
    }
    exit_code(facts.stopped)
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
fn listed_note(listed: usize, total: Count) -> String {
    if (listed as Count) < total {
        format!("; the first {listed} printed")
    } else {
        String::new()
    }
}
