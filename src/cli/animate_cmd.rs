//! `unscramble animate`: what it prints of the traced search it drew.

use crate::cli::json_cmd;
use crate::cli::term::set_colors;
use crate::cli::values::{Order, TurnOrder};
use crate::cli::Reporting;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use unscramble::defaults;
use unscramble::kind::tiles::animate;
use unscramble::kind::Count;
use unscramble::phrases;
use unscramble::pipeline::output;

#[derive(Args)]
pub struct AnimateArgs {
    /// A puzzle folder (its input/ holds the notation file and the tile pictures).
    pub puzzle_dir: PathBuf,
    /// Where to write the animation (default: output/<name>/search.png); the
    /// chart goes beside it as nodes-per-depth.svg.
    #[arg(short, long)]
    pub out: Option<PathBuf>,
    /// Order in which the search fills the cells (spiral: centre first, then round it).
    #[arg(long, value_enum, default_value_t = Order::RowMajor)]
    pub order: Order,
    /// The order in which the search tries a tile's turns.
    #[arg(long, value_enum, default_value_t = TurnOrder::CounterClockwise)]
    pub try_turns: TurnOrder,
    /// At most this many frames: past that, the first half shows the first
    /// events one by one and the rest fast-forwards to the last event.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(2..=100_000))]
    pub max_frames: u32,
    /// Side of each tile in the animation, in pixels (at 64 the numbers
    /// printed on the tiles could not be read).
    #[arg(long, default_value_t = 96, value_parser = clap::value_parser!(u32).range(4..=1024))]
    pub tile_size: u32,
    /// Refuse tile pictures with more pixels than this (all together), or
    /// a frame with more, before decoding or painting them.
    #[arg(long, default_value_t = defaults::MAX_PIXELS, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_pixels: u64,
    /// Refuse, before the first frame is painted, an animation whose frames
    /// have more pixels than this together (frames x width x height): what
    /// painting and compressing them costs.
    #[arg(long, default_value_t = defaults::MAX_ANIMATION_PIXELS, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_output_pixels: u64,
    /// Stop the traced search after this many events (placements, rejections
    /// and take-backs); the animation then ends where the search was.
    #[arg(long, default_value_t = 100_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_events: u64,
    /// Chart the plain search instead of the one `solve` runs (with
    /// symmetry breaking); the animation always shows the plain search.
    #[arg(long)]
    pub no_symmetry: bool,
    /// The charted search stops after this many solutions, as `solve`'s does.
    #[arg(long, default_value_t = defaults::MAX_SOLUTIONS, value_parser = super::values::parse_count)]
    pub max_solutions: Count,
    #[command(flatten)]
    pub links: crate::cli::Links,
    #[command(flatten)]
    pub reporting: Reporting,
}

pub fn run(args: &AnimateArgs) -> ExitCode {
    set_colors(args.reporting.chatter.color);
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| animate::default_out(&args.puzzle_dir));
    let options = animate::Options {
        order: args.order.into(),
        turn_order: args.try_turns.into(),
        max_frames: args.max_frames,
        max_events: args.max_events,
        tile_size: args.tile_size,
        max_tile_side: unscramble::defaults::MAX_TILE_SIDE,
        max_pixels: args.max_pixels,
        max_output_pixels: args.max_output_pixels,
        chart_symmetry: !args.no_symmetry,
        chart_max_solutions: args.max_solutions,
    };
    if let Err(e) = args.links.check(&args.puzzle_dir) {
        let e = unscramble::error::PuzzleError::from(e);
        return args.reporting.fail("animate", &args.puzzle_dir, e.into());
    }
    let start = Instant::now();
    let r = match animate::animate(&args.puzzle_dir, &out, &options) {
        Ok(r) => r,
        Err(e) => return args.reporting.fail("animate", &args.puzzle_dir, e.into()),
    };
    if args.reporting.json {
        let (written, fields) = json_cmd::animate_fields(&r);
        if let Err(code) = json_cmd::print("animate", &args.puzzle_dir, Ok((&written, fields))) {
            return code;
        }
    }
    if args.reporting.chatter.quiet {
        return ExitCode::SUCCESS;
    }
    let placed: u64 = r.places.iter().sum();
    match &r.end {
        animate::End::Solved(_) => eprintln!(
            "first solution after {} ({})",
            phrases::plural(r.events, "event"),
            phrases::plural(placed, "placement")
        ),
        animate::End::NoSolution => eprintln!(
            "no solution: the search ended after {} ({})",
            phrases::plural(r.events, "event"),
            phrases::plural(placed, "placement")
        ),
        animate::End::Stopped => eprintln!(
            "stopped by --max-events after {}, before a solution",
            phrases::plural(r.events, "event")
        ),
    }
    let (path, bytes, written) = &r.animation;
    let [w, h] = r.size;
    eprintln!(
        "{} {}: {} of {w}x{h}, {} KiB",
        verb(*written),
        path.display(),
        phrases::plural(r.frames as u64, "frame"),
        bytes.div_ceil(1024)
    );
    eprintln!("{} {}", verb(r.chart.1), r.chart.0.display());
    eprintln!("({})", phrases::duration(start.elapsed()));
    ExitCode::SUCCESS
}

fn verb(w: output::Written) -> &'static str {
    match w {
        output::Written::Unchanged => "unchanged",
        _ => "wrote",
    }
}
