//! The `unscramble` command: parses arguments, calls the library, reports.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::Instant;
use unscramble::report::{Reporter, Verbosity};
use unscramble::{batch, draw, input, output, render, report, solve};

/// Solve edge-matching tile puzzles (Scramble Squares and kin) and render their boards.
///
/// With no command, renders `puzzles/` into `output/` (the same as `unscramble render`).
#[derive(Parser)]
#[command(version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    render: RenderArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Solve every puzzle under PUZZLES and write its board images to OUT.
    Render(RenderArgs),
    /// Solve one puzzle and print its solutions as text (no images).
    Solve {
        /// A tile_dict.yaml file, or a puzzle folder.
        path: PathBuf,
        /// Stop after this many solutions (the count is then a lower bound).
        #[arg(long, default_value_t = 1000)]
        max_solutions: usize,
        /// Print solutions.json instead of text.
        #[arg(long)]
        json: bool,
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
struct RenderArgs {
    /// Folder to search for puzzles (folders with input/tile_dict.yaml).
    #[arg(default_value = "puzzles")]
    puzzles: PathBuf,
    /// Folder for the images and reports.
    #[arg(short, long, default_value = "output")]
    out: PathBuf,
    /// Worker threads (default: one per core).
    #[arg(short, long, value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// Render one board per rotation class (its first solution) instead of every solution.
    #[arg(long)]
    unique: bool,
    /// Stop searching a puzzle after this many solutions (the count is then a lower bound).
    #[arg(long, default_value_t = 1000)]
    max_solutions: usize,
    /// Render at most this many solution boards per puzzle.
    #[arg(long, default_value_t = 32)]
    max_images: usize,
    /// Refuse tile pictures larger than this many pixels per side.
    #[arg(long, default_value_t = 4096)]
    max_tile_side: u32,
    /// Scale every tile to this many pixels per side (Lanczos) before compositing.
    #[arg(long, value_parser = clap::value_parser!(u32).range(4..=4096))]
    tile_size: Option<u32>,
    /// PNG compression effort (the pixels are the same at every level).
    #[arg(long, value_enum, default_value_t = render::PngEffort::Default)]
    png: render::PngEffort,
    /// Draw each tile's number and counter-clockwise turns on solved boards.
    #[arg(long)]
    labels: bool,
    /// Outline the matched pairs of edges on solved boards.
    #[arg(long)]
    highlight: bool,
    /// Redo every puzzle, even those whose outputs are up to date.
    #[arg(long)]
    force: bool,
    /// Write nothing; exit 1 and list what is stale or missing.
    #[arg(long)]
    check: bool,
    /// Print the run summary as JSON on stdout.
    #[arg(long)]
    json: bool,
    /// When to colour the terminal output.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,
    /// Print only errors.
    #[arg(short, long, conflicts_with = "verbose")]
    quiet: bool,
    /// Print search statistics per puzzle.
    #[arg(short, long)]
    verbose: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum Color {
    Auto,
    Always,
    Never,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => render(cli.render),
        Some(Command::Render(args)) => render(args),
        Some(Command::Solve {
            path,
            max_solutions,
            json,
        }) => solve_one(&path, max_solutions, json),
        Some(Command::DrawTiles {
            puzzle_dir,
            size,
            force,
        }) => draw_tiles(&puzzle_dir, size, force),
    }
}

fn render(args: RenderArgs) -> ExitCode {
    let options = batch::Options {
        output: batch::OutputOptions {
            max_solutions: args.max_solutions,
            max_images: args.max_images,
            unique: args.unique,
            style: render::Style {
                tile_size: args.tile_size,
                labels: args.labels,
                highlight: args.highlight,
                png: args.png,
            },
        },
        max_tile_side: args.max_tile_side,
        force: args.force,
        check: args.check,
        ..batch::Options::default()
    };
    let cancel = options.cancel.clone();
    // A first Ctrl-C lets running puzzles finish their files; a second one quits at once.
    let _ = ctrlc::set_handler(move || {
        if cancel.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
    let terminal =
        std::io::stderr().is_terminal() && std::env::var("TERM").map_or(true, |t| t != "dumb");
    let colour = match args.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    };
    console::set_colors_enabled_stderr(colour);
    let verbosity = match (args.quiet, args.verbose) {
        (true, _) => Verbosity::Quiet,
        (_, true) => Verbosity::Verbose,
        _ => Verbosity::Normal,
    };
    let reporter = Reporter::new(verbosity, terminal);
    let start = Instant::now();
    let jobs = args.jobs.map(usize::from);
    let run = batch::render_all(
        &args.puzzles,
        &args.out,
        &options,
        jobs,
        &|n| reporter.start(n),
        &|r| reporter.done(r),
    );
    let run = match run {
        Ok(run) => run,
        // The puzzles folder itself is unusable: the command line is wrong.
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    reporter.finish(&run, args.check, start.elapsed());
    if args.json {
        print!("{}", run.to_json(args.check));
    }
    if run.interrupted {
        ExitCode::from(130)
    } else if run.summary.failed() || (args.check && run.stale()) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn solve_one(path: &Path, max_solutions: usize, json: bool) -> ExitCode {
    let parsed = match input::resolve_notation(path).and_then(|f| input::read_notation_file(&f)) {
        Ok(p) => p,
        Err(e) => return fail(&e.to_string()),
    };
    parsed
        .warnings
        .iter()
        .for_each(|w| eprintln!("warning: {w}"));
    let start = Instant::now();
    let outcome = solve::solve(&parsed.puzzle, &solve::Limits { max_solutions });
    let elapsed = start.elapsed();
    if json {
        print!(
            "{}",
            output::solutions::SolutionsFile::new(&parsed.puzzle, &outcome, &[]).to_json()
        );
    } else {
        for (i, board) in outcome.solutions.iter().enumerate() {
            println!("=== Solution {} (class {}) ===", i + 1, outcome.classes[i]);
            print!(
                "{}",
                output::solutions::board_text(parsed.puzzle.cols, board)
            );
        }
    }
    let counts = report::counts(outcome.solutions.len(), outcome.unique, outcome.complete());
    eprintln!(
        "{counts}; {} nodes in {}",
        outcome.nodes,
        report::format_duration(elapsed)
    );
    ExitCode::SUCCESS
}

fn draw_tiles(puzzle_dir: &Path, size: u32, force: bool) -> ExitCode {
    match draw::draw_missing_tiles(puzzle_dir, size, force) {
        Ok(written) => {
            written
                .iter()
                .for_each(|p| eprintln!("wrote {}", p.display()));
            eprintln!("{} tile picture(s) drawn", written.len());
            ExitCode::SUCCESS
        }
        Err(e) => fail(&e.to_string()),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::FAILURE
}
