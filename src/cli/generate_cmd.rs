//! `unscramble generate`: a solvable benchmark puzzle from a seed.

use crate::cli::json_cmd;
use crate::cli::term::set_colors;
use crate::cli::{tile_side, Reporting};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use unscramble::defaults;
use unscramble::kind::tiles::generate;
use unscramble::phrases;

#[derive(Args)]
pub struct GenerateArgs {
    /// The puzzle folder to write: OUT_DIR/input/tile_dict.yaml and the
    /// tile pictures beside it (made if missing).
    pub out_dir: PathBuf,
    /// Board side: the puzzle has SIZE x SIZE tiles.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=generate::MAX_SIZE as i64))]
    pub size: u16,
    /// Kinds of picture on the edges (fewer kinds: more solutions, harder search).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=100))]
    pub tokens: u16,
    /// Seed of the generator: the same seed always makes the same puzzle.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Side of each tile picture in pixels.
    #[arg(long, default_value_t = defaults::TILE_SIZE, value_parser = tile_side())]
    pub tile_size: u32,
    /// Replace a tile_dict.yaml and tile pictures already in OUT_DIR/input.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub reporting: Reporting,
}

pub fn run(args: &GenerateArgs) -> ExitCode {
    set_colors(args.reporting.chatter.color);
    let (size, tokens) = (usize::from(args.size), usize::from(args.tokens));
    let (out_dir, seed) = (&args.out_dir, args.seed);
    let result = generate::write_puzzle(out_dir, size, tokens, seed, args.tile_size, args.force);
    let fields = || {
        let mut f = serde_json::Map::new();
        f.insert("size".into(), size.into());
        f.insert("tokens".into(), tokens.into());
        f.insert("seed".into(), seed.into());
        f
    };
    match result {
        Ok(written) => {
            if args.reporting.json {
                if let Err(code) = json_cmd::print("generate", out_dir, Ok((&written, fields()))) {
                    return code;
                }
            }
            if !args.reporting.chatter.quiet {
                eprintln!(
                    "wrote {} to {}",
                    phrases::plural(written.len() as u64, "file"),
                    out_dir.display()
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => args.reporting.fail("generate", out_dir, e.into()),
    }
}
