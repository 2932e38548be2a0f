//! `unscramble draw-tiles`: pictures for the tiles that have none.

use crate::cli::json_cmd;
use crate::cli::term::set_colors;
use crate::cli::{tile_side, Reporting};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use unscramble::defaults;
use unscramble::kind::tiles::draw;
use unscramble::phrases;

#[derive(Args)]
pub struct DrawTilesArgs {
    /// A puzzle folder: its input/ holds the notation file, and the
    /// pictures are drawn beside it.
    pub puzzle_dir: PathBuf,
    /// Side of each tile picture in pixels.
    #[arg(long, default_value_t = defaults::TILE_SIZE, value_parser = tile_side())]
    pub size: u32,
    /// Redraw pictures that already exist.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub links: crate::cli::Links,
    #[command(flatten)]
    pub reporting: Reporting,
}

pub fn run(args: &DrawTilesArgs) -> ExitCode {
    set_colors(args.reporting.chatter.color);
    let puzzle_dir = &args.puzzle_dir;
    if let Err(e) = args.links.check(puzzle_dir) {
        let e = unscramble::error::PuzzleError::from(e);
        return args.reporting.fail("draw-tiles", puzzle_dir, e.into());
    }
    let result = draw::draw_missing_tiles(puzzle_dir, args.size, args.force);
    if let (true, Ok(written)) = (args.reporting.json, &result) {
        let mut fields = serde_json::Map::new();
        fields.insert("drawn".into(), written.len().into());
        if let Err(code) = json_cmd::print("draw-tiles", puzzle_dir, Ok((written, fields))) {
            return code;
        }
    }
    match result {
        Ok(_) if args.reporting.chatter.quiet => ExitCode::SUCCESS,
        Ok(written) => {
            written
                .iter()
                .for_each(|p| eprintln!("wrote {}", p.display()));
            eprintln!(
                "{} drawn",
                phrases::plural(written.len() as u64, "tile picture")
            );
            ExitCode::SUCCESS
        }
        Err(e) => args.reporting.fail("draw-tiles", puzzle_dir, e.into()),
    }
}
