//! `unscramble render` (and the bare `unscramble`): every puzzle under the
//! puzzles folder, with a progress bar or a line per puzzle.

use crate::cli::report::{Reporter, Verbosity};
use crate::cli::term::{self, print_error, set_colors, stderr_is_terminal};
use crate::cli::values::{Cover, PngEffort};
use crate::cli::{tile_side, Color, SearchArgs, TextArgs};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use unscramble::defaults;
use unscramble::kind::Style;
use unscramble::pipeline::batch;

#[derive(Args)]
pub struct RenderArgs {
    /// Folder to search, at any depth, for puzzle folders: folders whose input/
    /// holds one of tile_dict.yaml, letters.txt, signed.txt, legespiel.xml or
    /// domino_fit.yaml, with the tile pictures 1.png, 2.png, ... beside it.
    #[arg(default_value = "puzzles")]
    pub puzzles: PathBuf,
    /// Folder for the images and reports.
    #[arg(short, long, default_value = "output")]
    pub out: PathBuf,
    /// Worker threads (default or 0: one per core; at most 4 per core).
    #[arg(short, long)]
    pub jobs: Option<u16>,
    /// Render one board per rotation class (the four turns of a whole board are
    /// one class) instead of every solution: the one in which tile 1 (or, with
    /// --order spiral on an odd board, the centre tile) is unturned.
    #[arg(long)]
    pub unique: bool,
    /// Render one board per look: boards that differ only by turning the board,
    /// swapping identical tiles or turning a tile that looks the same turned
    /// are one solution to a person.
    #[arg(long)]
    pub distinct_looks: bool,
    /// A puzzle folder with tile pictures and no notation file is rendered
    /// too: its edges are inferred from the pictures (see `unscramble infer`),
    /// with a warning.
    #[arg(long)]
    pub infer: bool,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Render at most this many solution boards per puzzle.
    #[arg(long, default_value_t = defaults::MAX_IMAGES)]
    pub max_images: usize,
    /// Refuse tile pictures larger than this many pixels per side.
    #[arg(long, default_value_t = defaults::MAX_TILE_SIDE)]
    pub max_tile_side: u32,
    /// Fail a puzzle whose tile pictures (all together) or board images have
    /// more pixels than this; checked before decoding (64 million: under
    /// about 1.2 GB of memory per puzzle).
    #[arg(long, default_value_t = defaults::MAX_PIXELS, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_pixels: u64,
    /// The memory the puzzles rendered at once may take together, as
    /// estimated before decoding (e.g. 2G, 512M): a puzzle waits for room,
    /// and one that alone needs more fails. The files are the same for any
    /// value; only how many puzzles run at once changes.
    #[arg(long, value_name = "SIZE", default_value = crate::cli::values::MAX_MEMORY, value_parser = crate::cli::values::parse_bytes)]
    pub max_memory: u64,
    /// Scale every tile to this many pixels per side (Lanczos) before
    /// compositing; for Domino Fit, the side of a cell (default 48).
    #[arg(long, value_parser = tile_side())]
    pub tile_size: Option<u32>,
    /// PNG compression effort (the pixels are the same at every level).
    #[arg(long, value_enum, default_value_t = PngEffort::Default)]
    pub png: PngEffort,
    #[command(flatten)]
    pub text: TextArgs,
    /// Domino Fit: must a solution cover every free cell (the game's rule) or not.
    #[arg(long, value_enum, default_value_t = Cover::Full)]
    pub domino_cover: Cover,
    /// Add a key below each board: every cell's tile number and
    /// counter-clockwise turns (`t5 r1`), upright, one line per board row,
    /// outside the tile pictures.
    #[arg(long)]
    pub labels: bool,
    /// Outline the matched pairs of edges on solved boards.
    #[arg(long)]
    pub highlight: bool,
    /// Where OUT is published, e.g. /images/puzzles/: the image links of the
    /// Markdown snippets become PREFIX + the puzzle's folder + / + the file,
    /// so they work pasted into any post (a final / is added if missing;
    /// spaces, brackets, quotes and the like must be percent-encoded).
    #[arg(long, value_name = "PREFIX", value_parser = unscramble::present::snippet::parse_link_prefix)]
    pub link_prefix: Option<String>,
    /// File name, in OUT, of the Markdown snippet with every puzzle's boards.
    #[arg(long, value_name = "NAME", default_value = unscramble::present::snippet::DEFAULT_NAME, value_parser = unscramble::present::snippet::parse_name)]
    pub snippet: String,
    /// Write no combined snippet (one an earlier run wrote is removed).
    #[arg(long, conflicts_with = "snippet")]
    pub no_snippet: bool,
    /// Redo every puzzle, even those whose outputs are up to date.
    #[arg(long)]
    pub force: bool,
    /// Write nothing; exit 1 and list what is stale or missing.
    #[arg(long)]
    pub check: bool,
    /// When another run is using the output folder, exit 4 instead of waiting for it.
    #[arg(long)]
    pub no_wait: bool,
    /// Accept a puzzles folder with no puzzle in it (otherwise exit 2).
    #[arg(long)]
    pub allow_empty: bool,
    /// Follow links that lead out of the puzzles folder and read puzzle
    /// files through them (refused by default: a link in a pull request
    /// could publish any file of the machine that renders).
    #[arg(long)]
    pub allow_links_out: bool,
    /// Print the run summary as JSON on stdout.
    #[arg(long)]
    pub json: bool,
    /// When to colour the terminal output.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
    /// Print only errors.
    #[arg(short, long, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Print search statistics per puzzle.
    #[arg(short, long)]
    pub verbose: bool,
}

/// The library's options from `render`'s (and `serve`'s) arguments.
pub fn options(args: &RenderArgs) -> batch::Options {
    let style = Style {
        tile_size: args.tile_size,
        labels: args.labels,
        highlight: args.highlight,
        png: args.png.into(),
    };
    batch::Options {
        output: batch::OutputOptions {
            max_solutions: args.search.max_solutions,
            max_nodes: args.search.max_nodes,
            max_images: args.max_images,
            unique: args.unique,
            distinct_looks: args.distinct_looks,
            style,
            notation: args.text.notation(),
            order: args.search.order.into(),
            cover: args.domino_cover.into(),
            closest: !args.search.no_closest,
            closest_nodes: args.search.closest_nodes,
            link_prefix: args.link_prefix.clone(),
        },
        max_tile_side: args.max_tile_side,
        max_pixels: args.max_pixels,
        max_memory: args.max_memory,
        timeout: args.search.timeout,
        force: args.force,
        check: args.check,
        no_wait: args.no_wait,
        allow_empty: args.allow_empty,
        snippet: (!args.no_snippet).then(|| args.snippet.clone()),
        infer: args.infer,
        allow_links_out: args.allow_links_out,
        ..batch::Options::default()
    }
}

/// `-q` and `-v` as the reporter takes them.
pub fn verbosity(args: &RenderArgs) -> Verbosity {
    match (args.quiet, args.verbose) {
        (true, _) => Verbosity::Quiet,
        (_, true) => Verbosity::Verbose,
        _ => Verbosity::Normal,
    }
}

pub fn run(args: RenderArgs) -> ExitCode {
    let mut options = options(&args);
    // A first Ctrl-C stops the running puzzles, which write nothing more;
    // a second one quits at once.
    crate::cli::interrupt::on_ctrl_c(options.cancel.clone());
    let terminal = stderr_is_terminal();
    set_colors(args.color);
    let reporter = Reporter::new(verbosity(&args), terminal);
    options.progress = reporter.progress();
    let start = Instant::now();
    let (jobs, note) = crate::cli::worker_threads(args.jobs);
    if let Some(note) = note.filter(|_| !args.quiet) {
        eprintln!("note: {note}");
    }
    let run = batch::render_all(
        &args.puzzles,
        &args.out,
        &options,
        Some(jobs),
        &|n| reporter.start(n),
        &|r| reporter.done(r),
    );
    let run = match run {
        Ok(run) => run,
        // A usage error (2), an unusable output folder (3), or it is busy (4).
        Err(e) => {
            print_error(&e.to_string());
            return ExitCode::from(e.exit_code());
        }
    };
    reporter.finish(&run, args.check, start.elapsed());
    if args.json {
        if let Err(code) = term::print_stdout(run.to_json(args.check).as_bytes()) {
            return code;
        }
    }
    if run.interrupted {
        ExitCode::from(130)
    } else if run.summary.failed() || (args.check && run.stale()) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
