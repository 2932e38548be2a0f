//! The command line, as clap reads it.

pub mod animate_cmd;
pub mod config_file;
pub mod convert_cmd;
pub mod cut_cmd;
pub mod draw_tiles_cmd;
pub mod generate_cmd;
pub mod infer_cmd;
mod interrupt;
pub mod json_cmd;
pub mod meta_cmd;
pub mod negate;
pub mod render_cmd;
pub mod report;
pub mod serve_cmd;
pub mod solve_cmd;
mod solve_print;
mod solve_text;
pub mod term;
mod values;

use crate::cli::values::{Order, Turns};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;
use unscramble::defaults;
use unscramble::kind::tiles::solve;
use unscramble::kind::Count;
use unscramble::pipeline::output::solutions::Notation;

use crate::cli::animate_cmd::AnimateArgs;
use crate::cli::render_cmd::RenderArgs;
use crate::cli::serve_cmd::ServeArgs;
use crate::cli::solve_cmd::SolveArgs;
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
    /// Named, it may also set what a file found in the folder may not.
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
  [generate], [convert], [draw-tiles], [cut] or [infer]; color, json and
  quiet may also stand above them, for every command. serve reads [render]
  first, then [serve]. Options given on the command line win; every switch
  has an opposite that turns off the file's (--no-labels, --closest for
  --no-closest). A ./unscramble.toml may not set paths outside the current
  folder, force, allow-links-out, a budget above its default, a
  non-loopback bind or allow-host: name the file with --config (or
  UNSCRAMBLE_CONFIG) for those.

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
    #[command(mut_args(json_help("Print what was done (the search's end, the files written, or the error) as one JSON document on stdout")))]
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
    #[command(mut_args(json_help(
        "Print what was done (files written, classes, or the error) as one JSON document on stdout"
    )))]
    Infer(crate::cli::infer_cmd::InferArgs),
    /// Draw input/K.png for every tile that has no picture yet, from its edges.
    DrawTiles(crate::cli::draw_tiles_cmd::DrawTilesArgs),
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
            turns: self.turns.into(),
            first: self.numbering,
        }
    }
}

/// Options of the search shared by `render` and `solve`.
#[derive(Args)]
pub struct SearchArgs {
    /// Stop searching a puzzle after this many solutions (the count is then
    /// a lower bound); `all`: count every one.
    #[arg(long, default_value_t = defaults::MAX_SOLUTIONS, value_parser = parse_count)]
    pub max_solutions: Count,
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
    #[arg(long, value_enum, default_value_t = Order::RowMajor)]
    pub order: Order,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

/// `--json`, `-q` and `--color` of the commands that write files: what a
/// script reads on stdout, and how much people read on stderr (`infer` and
/// `animate` say more in `--json`'s help: see [`json_help`]).
#[derive(Args)]
pub struct Reporting {
    /// Print what was done (files written, or the error) as one JSON
    /// document on stdout.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub chatter: Chatter,
}

impl Reporting {
    /// Fails the command: the error on stderr, and with `--json` the
    /// document saying so on stdout.
    pub fn fail(&self, command: &str, puzzle: &Path, failure: json_cmd::Failure) -> ExitCode {
        term::fail_json(self.json.then_some((command, puzzle)), failure)
    }
}

/// `--json`'s help for a command whose document says more than
/// [`Reporting`]'s, changed in place (`mut_arg` would move it last in the
/// shell completions).
fn json_help(help: &'static str) -> impl FnMut(clap::Arg) -> clap::Arg {
    move |a| {
        if a.get_id() == "json" {
            a.help(help)
        } else {
            a
        }
    }
}

/// `--allow-links-out` of the commands given one puzzle (`render`'s own
/// says more): the puzzle's files must really lie in the folder named.
#[derive(Args)]
pub struct Links {
    /// Read puzzle files through links that lead out of the puzzle's folder
    /// (refused by default: a link could show any file of the machine).
    #[arg(long)]
    pub allow_links_out: bool,
}

impl Links {
    /// Refuses the puzzle at `path` whose files link out of its folder,
    /// unless `--allow-links-out` is given.
    pub fn check(&self, path: &Path) -> Result<(), unscramble::error::InputError> {
        if self.allow_links_out {
            return Ok(());
        }
        unscramble::kind::tiles::input::confine_named(path)
    }
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
