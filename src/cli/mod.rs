//! The command line, as clap reads it.

pub mod animate_cmd;
pub mod config;
mod config_file;
mod config_keys;
pub mod convert_cmd;
pub mod cut_cmd;
pub mod draw_tiles_cmd;
pub mod generate_cmd;
pub mod infer_cmd;
pub mod json_cmd;
pub mod meta_cmd;
pub mod render_cmd;
pub mod serve_cmd;
pub mod solve_cmd;
pub mod term;
mod values;

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::time::Duration;
use unscramble::config as defaults;
use unscramble::kind::domino;
use unscramble::kind::tiles::{render, solve};
use unscramble::pipeline::output::solutions::{Notation, Turns};

pub(crate) use crate::cli::values::tile_side;
pub use crate::cli::values::worker_threads;
use crate::cli::values::{parse_count, parse_seconds};

/// Solve edge-matching tile puzzles (Scramble Squares and kin) and render their boards.
///
/// With no command, renders `puzzles/` into `output/` (the same as `unscramble render`).
#[derive(Parser)]
#[command(version, about, args_conflicts_with_subcommands = true, after_long_help = EXIT_AND_ENV)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub render: RenderArgs,
    /// Read options from this TOML file instead of ./unscramble.toml; keys
    /// are long option names, under [render], [solve]... (see --help's end).
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<std::path::PathBuf>,
    /// Read no config file: neither --config, $UNSCRAMBLE_CONFIG nor ./unscramble.toml.
    #[arg(long, global = true, conflicts_with = "config")]
    pub no_config: bool,
}

/// What scripts need to know and `--help` alone can tell them (the README's
/// Exit codes paragraph says the same at length).
const EXIT_AND_ENV: &str = "\
Exit codes:
  0    done (a puzzle without a solution counts as done)
  1    a puzzle failed, or --check found stale files; for the other commands:
       the command failed (the message says why)
  2    usage error: a bad option (on the command line or in the config
       file), a puzzles folder that is missing or not a folder, or -o that
       is the puzzles folder or inside a puzzle
  3    the output folder could not be created, locked or written
  4    another run holds the output folder's lock and --no-wait was given
  130  interrupted by Ctrl-C, SIGTERM or SIGHUP

Config file:
  ./unscramble.toml (not a symbolic link), or the file --config or
  UNSCRAMBLE_CONFIG names: `key = value` lines, keys being long option names
  (tile-size = 200) under [render], [serve], [solve], [animate],
  [generate], [convert], [draw-tiles] or [cut]; color and quiet may also stand above them, for
  every command. Options given on the command line win.

Environment:
  UNSCRAMBLE_CONFIG  the config file to read instead of ./unscramble.toml;
             set but empty: none
  NO_COLOR   set and not empty: --color auto prints no colours
  TERM=dumb  no progress bar and no colours with --color auto: one plain line
             per puzzle, as in a pipe or CI";

#[derive(Subcommand)]
pub enum Command {
    /// Solve every puzzle under PUZZLES and write its board images to OUT.
    #[command(after_long_help = EXIT_AND_ENV)]
    Render(RenderArgs),
    /// Solve one puzzle and print its solutions as text (no images).
    Solve(SolveArgs),
    /// Write an animated PNG of the plain backtracking search up to its first
    /// solution, and a chart of the nodes per depth beside it.
    Animate(AnimateArgs),
    /// Write a solvable benchmark puzzle (tile_dict.yaml and drawn tiles) to OUT_DIR.
    Generate(crate::cli::generate_cmd::GenerateArgs),
    /// Write a puzzle's notation (letters.txt, signed.txt, legespiel.xml, ...)
    /// as tile_dict.yaml, and board.yaml where the board is not square, in TO_DIR.
    Convert(crate::cli::convert_cmd::ConvertArgs),
    /// Cut a scan of the tiles laid out in a grid into the tile pictures
    /// 1.png … N.png, straightened and all one size, and a contact sheet.
    Cut(crate::cli::cut_cmd::CutArgs),
    /// Print a shell's completion script to stdout, e.g.
    /// `unscramble completions bash > ~/.local/share/bash-completion/completions/unscramble`.
    Completions {
        /// The shell to complete in.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff) to stdout, e.g. `unscramble man > unscramble.1`.
    Man,
    /// Render like `render`, then serve OUT over HTTP; re-render and reload
    /// open pages when a puzzle changes; /new adds a puzzle from a form.
    #[command(after_long_help = EXIT_AND_ENV)]
    Serve(ServeArgs),
    /// Read a puzzle's edges from its tile pictures alone: write
    /// input/tile_dict.yaml and the review sheet input/infer.png.
    Infer(crate::cli::infer_cmd::InferArgs),
    /// Draw input/K.png for every tile that has no picture yet, from its edges.
    DrawTiles(crate::cli::draw_tiles_cmd::DrawTilesArgs),
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
    /// The order in which the search tries each tile's turns: ccw (counter-clockwise)
    /// or cw (clockwise). Only which solution comes first and the tries in --stats change.
    #[arg(long, value_enum, default_value_t = solve::TurnOrder::CounterClockwise)]
    pub try_turns: solve::TurnOrder,
    /// Domino Fit: must a solution cover every free cell.
    #[arg(long, value_enum, default_value_t = domino::Cover::Full)]
    pub domino_cover: domino::Cover,
    #[command(flatten)]
    pub text: TextArgs,
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

/// How text outputs number tiles and count turns (solutions.json does not change).
#[derive(Args)]
pub struct TextArgs {
    /// Count each tile's quarter turns counter-clockwise (ccw) or clockwise (cw)
    /// in the text outputs; solutions.json always counts counter-clockwise.
    #[arg(long, value_enum, default_value_t = Turns::Ccw)]
    pub turns: Turns,
    /// Number the tiles from 1 or from 0 in the text outputs; solutions.json
    /// always numbers from 1.
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
    #[arg(long, default_value_t = defaults::MAX_SOLUTIONS, value_parser = parse_count)]
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
    /// Scale every tile to this many pixels per side (Lanczos) before
    /// compositing; for Domino Fit, the side of a cell (default 48).
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

#[derive(Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub render: RenderArgs,
    /// Port to listen on (0: any free port; the URL printed says which).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on. Anything but a loopback address lets other
    /// machines read OUT and add puzzles through /new (a warning says so).
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
    /// Open the gallery in a browser (xdg-open, or open on macOS).
    #[arg(long)]
    pub open: bool,
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
    /// Side of each tile in the animation, in pixels (at 64 the numbers
    /// printed on the tiles could not be read).
    #[arg(long, default_value_t = 96, value_parser = clap::value_parser!(u32).range(4..=1024))]
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
    #[arg(long, default_value_t = defaults::MAX_SOLUTIONS)]
    pub max_solutions: usize,
    /// Print what was done (the search's end, the files written, or the
    /// error) as one JSON document on stdout.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub chatter: Chatter,
}

/// `-q` and `--color` for the commands other than `render` (whose own say
/// more): scripts silence the progress lines, and errors stand out.
#[derive(Args)]
pub struct Chatter {
    /// Print only errors, warnings and what --stats asks for on stderr: no
    /// summary or "wrote" lines (stdout is the same).
    #[arg(short, long)]
    pub quiet: bool,
    /// When to colour "error:" and "warning:" on stderr (auto: on a terminal,
    /// unless NO_COLOR is set or TERM=dumb).
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
}
