//! The command line, as clap reads it.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use unscramble::{domino, render};

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
    Solve {
        /// A tile_dict.yaml file, or a puzzle folder.
        path: PathBuf,
        /// Stop after this many solutions (the count is then a lower bound).
        #[arg(long, default_value_t = 1000)]
        max_solutions: usize,
        /// Print solutions.json instead of text.
        #[arg(long)]
        json: bool,
        /// Domino Fit: must a solution cover every free cell.
        #[arg(long, value_enum, default_value_t = domino::Cover::Full)]
        domino_cover: domino::Cover,
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
pub struct RenderArgs {
    /// Folder to search for puzzles (folders with input/tile_dict.yaml).
    #[arg(default_value = "puzzles")]
    pub puzzles: PathBuf,
    /// Folder for the images and reports.
    #[arg(short, long, default_value = "output")]
    pub out: PathBuf,
    /// Worker threads (default: one per core).
    #[arg(short, long, value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Render one board per rotation class (its first solution) instead of every solution.
    #[arg(long)]
    pub unique: bool,
    /// Stop searching a puzzle after this many solutions (the count is then a lower bound).
    #[arg(long, default_value_t = 1000)]
    pub max_solutions: usize,
    /// Render at most this many solution boards per puzzle.
    #[arg(long, default_value_t = 32)]
    pub max_images: usize,
    /// Refuse tile pictures larger than this many pixels per side.
    #[arg(long, default_value_t = 4096)]
    pub max_tile_side: u32,
    /// Scale every tile to this many pixels per side (Lanczos) before compositing.
    #[arg(long, value_parser = clap::value_parser!(u32).range(4..=4096))]
    pub tile_size: Option<u32>,
    /// PNG compression effort (the pixels are the same at every level).
    #[arg(long, value_enum, default_value_t = render::PngEffort::Default)]
    pub png: render::PngEffort,
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
