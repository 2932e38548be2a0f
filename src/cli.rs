//! The command line, as clap reads it.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::time::Duration;
use unscramble::output::solutions::{Notation, Turns};
use unscramble::{domino, generate, render, solve};

/// Solve edge-matching tile puzzles (Scramble Squares and kin) and render their boards.
///
/// With no command, renders `puzzles/` into `output/` (the same as `unscramble render`).
#[derive(Parser)]
#[command(version, about, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub render: RenderArgs,
}

#[derive(Subcommand)]
pub enum Command {
    /// Solve every puzzle under PUZZLES and write its board images to OUT.
    Render(RenderArgs),
    /// Solve one puzzle and print its solutions as text (no images).
    Solve(SolveArgs),
    /// Write an animated PNG of the plain backtracking search up to its first
    /// solution, and a chart of the nodes per depth beside it.
    Animate(AnimateArgs),
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
        #[arg(long, default_value_t = 240, value_parser = tile_side())]
        tile_size: u32,
        /// Replace a tile_dict.yaml and tile pictures already in OUT_DIR/input.
        #[arg(long)]
        force: bool,
    },
    /// Write a puzzle's notation (letters.txt, signed.txt, legespiel.xml, ...)
    /// as tile_dict.yaml, and board.yaml where the board is not square, in TO_DIR.
    Convert {
        /// A notation file, or a folder (or puzzle folder) holding one.
        from: PathBuf,
        /// The folder to write tile_dict.yaml (and board.yaml) into.
        to_dir: PathBuf,
        /// Replace a tile_dict.yaml or board.yaml already in TO_DIR.
        #[arg(long)]
        force: bool,
    },
    /// Draw input/K.png for every tile that has no picture yet, from its edges.
    DrawTiles {
        puzzle_dir: PathBuf,
        /// Side of each tile picture in pixels.
        #[arg(long, default_value_t = 240, value_parser = tile_side())]
        size: u32,
        /// Redraw pictures that already exist.
        #[arg(long)]
        force: bool,
    },
}

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
    /// The order in which the search tries a tile's turns (cw: as seed 003's
    /// search, whose tries --stats then reproduces).
    #[arg(long, value_enum, default_value_t = solve::TurnOrder::CounterClockwise)]
    pub try_turns: solve::TurnOrder,
    /// Domino Fit: must a solution cover every free cell.
    #[arg(long, value_enum, default_value_t = domino::Cover::Full)]
    pub domino_cover: domino::Cover,
    #[command(flatten)]
    pub text: TextArgs,
    /// How to print the solutions: seed 000's cells, or seed 004's grid of piece/turns.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    Text,
    Schematic,
}

/// How text outputs number tiles and count turns (solutions.json does not change).
#[derive(Args)]
pub struct TextArgs {
    /// Count turns counter-clockwise (seed 000) or clockwise (seeds 003, 004).
    #[arg(long, value_enum, default_value_t = Turns::Ccw)]
    pub turns: Turns,
    /// Number tiles from 1 (seed 000) or from 0 (seeds 002, 004).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(0..=1))]
    pub numbering: u32,
}

impl TextArgs {
    pub fn notation(&self) -> Notation {
        Notation {
            turns: self.turns,
            first: self.numbering,
        }
    }
}

/// Options of the search shared by `render` and `solve`.
#[derive(Args)]
pub struct SearchArgs {
    /// Stop searching a puzzle after this many solutions (the count is then a lower bound).
    #[arg(long, default_value_t = 1000, value_parser = parse_count)]
    pub max_solutions: usize,
    /// Stop searching a puzzle after this many nodes, the same way on every
    /// machine and thread count [default: 2000000000 for tile puzzles,
    /// 500000000 for Domino Fit: about a minute each].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,
    /// Stop a puzzle after this many seconds (the result is then partial):
    /// the search, and the search for closest boards in the time left.
    #[arg(long, value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// For a tile puzzle without a solution, skip the search for the boards
    /// that match the most edges (closest-<k>.png).
    #[arg(long)]
    pub no_closest: bool,
    /// Stop the search for closest boards after about this many placements
    /// (unlike --timeout, the same result on every machine).
    #[arg(long, default_value_t = solve::CLOSEST_NODES)]
    pub closest_nodes: u64,
    /// Order in which the search fills the cells (spiral: centre first, then round it).
    #[arg(long, value_enum, default_value_t = solve::Order::RowMajor)]
    pub order: solve::Order,
}

/// The tile sides the drawing and scaling options take: the same bound as a
/// tile picture's default `--max-tile-side`, so nothing drawn is refused later.
fn tile_side() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(4..=4096)
}

/// More worker threads than this per core only add overhead (the work is
/// CPU-bound) and, in the thousands, take seconds just to start and stop.
const THREADS_PER_CORE: usize = 4;

/// The worker threads for `-j`: none or 0 means one per core, and more than
/// [`THREADS_PER_CORE`] per core are capped, with a note saying so. The
/// outputs are the same for any number of threads.
pub fn worker_threads(requested: Option<u16>) -> (usize, Option<String>) {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let cap = cores * THREADS_PER_CORE;
    match requested.map(usize::from) {
        None | Some(0) => (cores, None),
        Some(n) if n > cap => (
            cap,
            Some(format!(
                "-j {n} is more than {THREADS_PER_CORE} threads per core ({cores} {}); using {cap}",
                if cores == 1 { "core" } else { "cores" }
            )),
        ),
        Some(n) => (n, None),
    }
}

fn parse_count(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("0 would stop every search before it starts (give 1 or more)".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("'{s}' is not a count: {e}")),
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
pub struct RenderArgs {
    /// Folder to search for puzzles (folders with input/tile_dict.yaml).
    #[arg(default_value = "puzzles")]
    pub puzzles: PathBuf,
    /// Folder for the images and reports.
    #[arg(short, long, default_value = "output")]
    pub out: PathBuf,
    /// Worker threads (default or 0: one per core; at most 4 per core).
    #[arg(short, long)]
    pub jobs: Option<u16>,
    /// Render one board per rotation class instead of every solution: the class's
    /// first solution, the representative the search found (see `solve::Outcome`).
    #[arg(long)]
    pub unique: bool,
    /// Render one board per look: boards that differ only by turning the board,
    /// swapping identical tiles or turning a tile that looks the same turned
    /// are one solution to a person.
    #[arg(long)]
    pub distinct_looks: bool,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Render at most this many solution boards per puzzle.
    #[arg(long, default_value_t = 32)]
    pub max_images: usize,
    /// Refuse tile pictures larger than this many pixels per side.
    #[arg(long, default_value_t = 4096)]
    pub max_tile_side: u32,
    /// Fail a puzzle whose tile pictures (all together) or board images have
    /// more pixels than this; checked before decoding (64 million: under
    /// about 1.2 GB of memory per puzzle).
    #[arg(long, default_value_t = unscramble::job::MAX_PIXELS, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_pixels: u64,
    /// Scale every tile to this many pixels per side (Lanczos) before compositing.
    #[arg(long, value_parser = tile_side())]
    pub tile_size: Option<u32>,
    /// PNG compression effort (the pixels are the same at every level).
    #[arg(long, value_enum, default_value_t = render::PngEffort::Default)]
    pub png: render::PngEffort,
    #[command(flatten)]
    pub text: TextArgs,
    /// Domino Fit: must a solution cover every free cell (the game's rule) or not.
    #[arg(long, value_enum, default_value_t = domino::Cover::Full)]
    pub domino_cover: domino::Cover,
    /// Draw each tile's number and counter-clockwise turns on solved boards.
    #[arg(long)]
    pub labels: bool,
    /// Outline the matched pairs of edges on solved boards.
    #[arg(long)]
    pub highlight: bool,
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

#[derive(Clone, Copy, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

#[derive(Args)]
pub struct AnimateArgs {
    /// A puzzle folder (its input/ holds the notation file and the tile pictures).
    pub puzzle_dir: PathBuf,
    /// Where to write the animation (default: output/<name>/search.png); the
    /// chart goes beside it as nodes-per-depth.svg.
    #[arg(short, long)]
    pub out: Option<PathBuf>,
    /// Order in which the search fills the cells (spiral: centre first, then round it).
    #[arg(long, value_enum, default_value_t = solve::Order::RowMajor)]
    pub order: solve::Order,
    /// The order in which the search tries a tile's turns.
    #[arg(long, value_enum, default_value_t = solve::TurnOrder::CounterClockwise)]
    pub try_turns: solve::TurnOrder,
    /// At most this many frames: past that, the first half shows the first
    /// events one by one and the rest fast-forwards to the last event.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(2..=100_000))]
    pub max_frames: u32,
    /// Side of each tile in the animation, in pixels.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(4..=1024))]
    pub tile_size: u32,
    /// Stop the traced search after this many events (placements, rejections
    /// and take-backs); the animation then ends where the search was.
    #[arg(long, default_value_t = 100_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_events: u64,
    /// Chart the plain search instead of the one `solve` runs (with
    /// symmetry breaking); the animation always shows the plain search.
    #[arg(long)]
    pub no_symmetry: bool,
    /// The charted search stops after this many solutions, as `solve`'s does.
    #[arg(long, default_value_t = 1000)]
    pub max_solutions: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worker_threads_default_to_the_cores_and_are_capped() {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        assert_eq!(worker_threads(None), (cores, None));
        assert_eq!(worker_threads(Some(0)), (cores, None));
        assert_eq!(worker_threads(Some(1)), (1, None));
        let (n, note) = worker_threads(Some(u16::MAX));
        assert_eq!(n, cores * THREADS_PER_CORE);
        assert!(note.is_some_and(|t| t.contains("-j 65535") && t.contains(&format!("using {n}"))));
    }
}
