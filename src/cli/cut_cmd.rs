//! `unscramble cut`: its arguments and what it prints.

use crate::cli::term::set_colors;
use crate::cli::tile_side;
use crate::cli::Reporting;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use unscramble::phrases;
use unscramble::prepare::cut;

#[derive(Args)]
pub struct CutArgs {
    /// A PNG scan or photo of the tiles, laid in rows and columns on one
    /// plain colour with a margin round them (tiles may sit a few degrees
    /// crooked and unevenly spaced, but must not touch).
    pub sheet: PathBuf,
    /// The tiles' layout on the sheet as ROWSxCOLS, e.g. 3x3: the pictures
    /// are numbered row by row from the top left.
    #[arg(long, value_name = "ROWSxCOLS", value_parser = cut::parse_grid)]
    pub grid: (usize, usize),
    /// The folder to write 1.png … N.png into, usually PUZZLE_DIR/input
    /// (made if missing).
    #[arg(short, long, value_name = "DIR")]
    pub out: PathBuf,
    /// Side of every tile picture in pixels [default: the median side of the
    /// tiles found on the sheet, at most 4096].
    #[arg(long, value_parser = tile_side())]
    pub size: Option<u32>,
    /// Where to write the contact sheet, the scan with each tile found
    /// outlined and numbered [default: cut.png in the --out folder].
    #[arg(long = "sheet", value_name = "PATH")]
    pub contact: Option<PathBuf>,
    /// Refuse a scan with more pixels than this, before decoding it.
    #[arg(long, default_value_t = cut::MAX_PIXELS, value_parser = clap::value_parser!(u64).range(1..=cut::PIXEL_CEILING))]
    pub max_pixels: u64,
    /// Refuse to make tile pictures with more pixels than this together
    /// (tiles x side x side), before the first is made; `render` refuses
    /// a puzzle whose pictures have more at its default --max-pixels.
    #[arg(long, default_value_t = unscramble::defaults::MAX_PIXELS, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_output_pixels: u64,
    /// Replace tile pictures and a contact sheet that already exist.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub reporting: Reporting,
}

pub fn run(args: &CutArgs) -> ExitCode {
    set_colors(args.reporting.chatter.color);
    let (rows, cols) = args.grid;
    let options = cut::Options {
        rows,
        cols,
        size: args.size,
        force: args.force,
        contact: args.contact.clone(),
        max_pixels: args.max_pixels,
        max_output_pixels: args.max_output_pixels,
    };
    let r = match cut::cut(&args.sheet, &args.out, &options) {
        Ok(r) => r,
        Err(e) => return args.reporting.fail("cut", &args.out, e.into()),
    };
    if args.reporting.json {
        let mut fields = serde_json::Map::new();
        fields.insert("sheet".into(), args.sheet.display().to_string().into());
        fields.insert("tiles".into(), r.squares.len().into());
        fields.insert("side".into(), r.side.into());
        let turns: Vec<f64> = r.squares.iter().map(|s| degrees(s.angle)).collect();
        fields.insert("turns".into(), turns.into());
        if let Err(code) = crate::cli::json_cmd::print("cut", &args.out, Ok((&r.written, fields))) {
            return code;
        }
    }
    if !args.reporting.chatter.quiet {
        let turns = r.squares.iter().map(|s| degrees(s.angle));
        let (lo, hi) = turns.fold((f64::MAX, f64::MIN), |(lo, hi), t| (lo.min(t), hi.max(t)));
        eprintln!(
            "found {} turned {lo:.1}° to {hi:.1}°; wrote {} of {2}x{2} pixels to {3} and the contact sheet {4}",
            phrases::plural(r.squares.len() as u64, "tile"),
            phrases::plural(r.squares.len() as u64, "tile picture"),
            r.side,
            args.out.display(),
            r.written.last().map_or(String::new(), |p| p.display().to_string()),
        );
    }
    ExitCode::SUCCESS
}

/// A turn in degrees, clockwise on the sheet, to a tenth.
fn degrees(radians: f64) -> f64 {
    (radians.to_degrees() * 10.0).round() / 10.0
}
