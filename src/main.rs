//! The `unscramble` command: parses arguments, calls the library, reports.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use unscramble::{batch, draw, generate, input, output, report, solve};

/// Solve edge-matching tile puzzles (Scramble Squares and kin) and render their boards.
///
/// With no command, renders `puzzles/` into `output/`.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Solve every puzzle under PUZZLES and write its board images to OUT.
    Render(RenderArgs),
    /// Solve one puzzle and print its solutions as text (no images).
    Solve(SolveArgs),
    /// Write a solvable benchmark puzzle (tile_dict.yaml and drawn tiles) to OUT_DIR.
    Generate {
        out_dir: PathBuf,
        /// Board side: the puzzle has SIZE x SIZE tiles.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=generate::MAX_SIZE as i64))]
        size: u16,
        /// Kinds of picture on the edges (fewer kinds: more solutions, harder search).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=100))]
        tokens: u16,
        /// Seed of the generator: the same seed always makes the same puzzle.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Side of each tile picture in pixels.
        #[arg(long, default_value_t = 240)]
        tile_size: u32,
    },
    /// Draw input/K.png for every tile that has no picture yet, from its edges.
    DrawTiles {
        puzzle_dir: PathBuf,
        /// Side of each tile picture in pixels.
        #[arg(long, default_value_t = 240)]
        size: u32,
        /// Redraw pictures that already exist.
        #[arg(long)]
        force: bool,
    },
}

#[derive(Args)]
struct SolveArgs {
    /// A tile_dict.yaml file, or a puzzle folder.
    path: PathBuf,
    #[command(flatten)]
    search: SearchArgs,
    /// Print solutions.json instead of text.
    #[arg(long)]
    json: bool,
    /// Print search statistics (nodes per depth, tries, time, rate) to stderr.
    #[arg(long)]
    stats: bool,
    /// Search without symmetry breaking: every member of every rotation class
    /// is searched for (slower; for comparison).
    #[arg(long)]
    no_symmetry: bool,
    /// Worker threads (default: one per core).
    #[arg(short, long)]
    jobs: Option<usize>,
}

/// Options of the search shared by `render` and `solve`.
#[derive(Args)]
struct SearchArgs {
    /// Stop searching a puzzle after this many solutions (the count is then a lower bound).
    #[arg(long, default_value_t = 1000)]
    max_solutions: usize,
    /// Stop searching a puzzle after this many seconds (the result is then partial).
    #[arg(long, value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Order in which the search fills the cells.
    #[arg(long, value_enum, default_value_t = OrderArg::RowMajor)]
    order: OrderArg,
}

#[derive(Clone, Copy, ValueEnum)]
enum OrderArg {
    RowMajor,
    /// Centre first, then round it (seeds 002 and 004).
    Spiral,
}

impl From<OrderArg> for solve::Order {
    fn from(o: OrderArg) -> Self {
        match o {
            OrderArg::RowMajor => solve::Order::RowMajor,
            OrderArg::Spiral => solve::Order::Spiral,
        }
    }
}

fn parse_seconds(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds"))?;
    Duration::try_from_secs_f64(secs)
        .map_err(|_| format!("'{s}' is not a usable number of seconds"))
}

#[derive(Args)]
struct RenderArgs {
    /// Folder to search for puzzles (folders with input/tile_dict.yaml).
    #[arg(default_value = "puzzles")]
    puzzles: PathBuf,
    /// Folder for the images and reports.
    #[arg(short, long, default_value = "output")]
    out: PathBuf,
    /// Worker threads (default: one per core).
    #[arg(short, long)]
    jobs: Option<usize>,
    /// Render one board per rotation class instead of every solution: the class's
    /// first solution, the representative the search found (see `solve::Outcome`).
    #[arg(long)]
    unique: bool,
    #[command(flatten)]
    search: SearchArgs,
    /// Render at most this many solution boards per puzzle.
    #[arg(long, default_value_t = 32)]
    max_images: usize,
    /// Refuse tile pictures larger than this many pixels per side.
    #[arg(long, default_value_t = 4096)]
    max_tile_side: u32,
    /// Print only errors.
    #[arg(short, long)]
    quiet: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // No command: the blogger's one-liner, `render puzzles -o output`.
    let command = cli
        .command
        .or_else(|| Cli::parse_from(["unscramble", "render"]).command);
    match command.expect("render has defaults for every argument") {
        Command::Render(args) => render(args),
        Command::Solve(args) => solve_one(&args),
        Command::Generate {
            out_dir,
            size,
            tokens,
            seed,
            tile_size,
        } => {
            let (size, tokens) = (usize::from(size), usize::from(tokens));
            match generate::write_puzzle(&out_dir, size, tokens, seed, tile_size) {
                Ok(written) => {
                    eprintln!("wrote {} files to {}", written.len(), out_dir.display());
                    ExitCode::SUCCESS
                }
                Err(e) => fail(&e.to_string()),
            }
        }
        Command::DrawTiles {
            puzzle_dir,
            size,
            force,
        } => match draw::draw_missing_tiles(&puzzle_dir, size, force) {
            Ok(written) => {
                written
                    .iter()
                    .for_each(|p| eprintln!("wrote {}", p.display()));
                eprintln!("{} tile picture(s) drawn", written.len());
                ExitCode::SUCCESS
            }
            Err(e) => fail(&e.to_string()),
        },
    }
}

fn render(args: RenderArgs) -> ExitCode {
    let options = batch::Options {
        max_solutions: args.search.max_solutions,
        timeout: args.search.timeout,
        order: args.search.order.into(),
        max_images: args.max_images,
        unique: args.unique,
        max_tile_side: args.max_tile_side,
        ..batch::Options::default()
    };
    let start = Instant::now();
    let quiet = args.quiet;
    let on_done = |r: &batch::PuzzleReport| {
        for line in report::puzzle_lines(r) {
            if !quiet || line.starts_with("error:") {
                eprintln!("{line}");
            }
        }
    };
    match batch::render_all(&args.puzzles, &args.out, &options, args.jobs, &on_done) {
        Ok(summary) => {
            if !quiet {
                eprintln!("{}", report::summary_line(&summary, start.elapsed()));
            }
            if summary.failed() {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) => fail(&e.to_string()),
    }
}

fn solve_one(args: &SolveArgs) -> ExitCode {
    let read = input::resolve_notation(&args.path).and_then(|f| input::read_notation_file(&f));
    let parsed = match read {
        Ok(p) => p,
        Err(e) => return fail(&e.to_string()),
    };
    parsed
        .warnings
        .iter()
        .for_each(|w| eprintln!("warning: {w}"));
    let limits = solve::Limits {
        max_solutions: args.search.max_solutions,
        timeout: args.search.timeout,
        order: args.search.order.into(),
        symmetry: !args.no_symmetry,
    };
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()
    {
        Ok(pool) => pool,
        Err(e) => return fail(&format!("cannot start worker threads: {e}")),
    };
    let start = Instant::now();
    let outcome = pool.install(|| solve::solve(&parsed.puzzle, &limits));
    let elapsed = start.elapsed();
    let puzzle = &parsed.puzzle;
    if args.json {
        let file = output::solutions::SolutionsFile::new(puzzle, &outcome, &[]);
        print!("{}", file.to_json());
    } else {
        for (i, board) in outcome.solutions.iter().enumerate() {
            println!("=== Solution {} (class {}) ===", i + 1, outcome.classes[i]);
            print!("{}", output::solutions::board_text(puzzle.cols, board));
        }
    }
    let counts = report::counts(outcome.solutions.len(), outcome.unique, outcome.complete());
    let why = match outcome.stopped {
        Some(solve::StopReason::MaxSolutions(n)) => format!("; stopped after {n} solutions"),
        Some(solve::StopReason::Timeout(t)) => {
            format!("; stopped by the timeout of {}", report::format_duration(t))
        }
        None => String::new(),
    };
    eprintln!(
        "{counts}{why}; {} nodes in {}",
        outcome.nodes,
        report::format_duration(elapsed)
    );
    if args.stats {
        report::stats_lines(&outcome, elapsed)
            .iter()
            .for_each(|l| eprintln!("{l}"));
    }
    ExitCode::SUCCESS
}

fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::FAILURE
}
