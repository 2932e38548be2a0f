//! `unscramble convert`: another notation written as `tile_dict.yaml`.

use crate::cli::json_cmd;
use crate::cli::term::set_colors;
use crate::cli::Reporting;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use unscramble::kind::tiles::input;

#[derive(Args)]
pub struct ConvertArgs {
    /// A notation file, or a folder (or puzzle folder) holding one.
    pub from: PathBuf,
    /// The puzzle folder to write: its input/ gets tile_dict.yaml (and
    /// board.yaml), and copies of the tile pictures beside the notation. A
    /// folder named input is written into itself.
    pub to_dir: PathBuf,
    /// Replace a tile_dict.yaml, board.yaml or picture already there.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub links: crate::cli::Links,
    #[command(flatten)]
    pub reporting: Reporting,
}

pub fn run(args: &ConvertArgs) -> ExitCode {
    set_colors(args.reporting.chatter.color);
    let (from, to_dir) = (&args.from, &args.to_dir);
    if let Err(e) = args.links.check(from) {
        let e = unscramble::error::PuzzleError::from(e);
        return args.reporting.fail("convert", to_dir, e.into());
    }
    match input::convert_to_tile_dict(from, to_dir, args.force) {
        Ok(written) => {
            if args.reporting.json {
                let mut fields = serde_json::Map::new();
                fields.insert("from".into(), from.display().to_string().into());
                if let Err(code) = json_cmd::print("convert", to_dir, Ok((&written, fields))) {
                    return code;
                }
            }
            if args.reporting.chatter.quiet {
                return ExitCode::SUCCESS;
            }
            written
                .iter()
                .for_each(|p| eprintln!("wrote {}", p.display()));
            if !written
                .iter()
                .any(|p| p.extension().is_some_and(|e| e == "png"))
            {
                let puzzle = match to_dir.file_name() {
                    Some(n) if n == "input" => to_dir.parent().unwrap_or(to_dir),
                    _ => to_dir.as_path(),
                };
                eprintln!(
                    "no tile pictures beside the notation: draw them with `unscramble draw-tiles {}`, or add 1.png, 2.png, ...",
                    puzzle.display()
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => args.reporting.fail("convert", to_dir, e.into()),
    }
}
