//! `unscramble animate`: what it prints of the traced search it drew.

use crate::cli::json_cmd;
use crate::cli::term::{fail_json, set_colors};
use crate::cli::AnimateArgs;
use std::process::ExitCode;
use std::time::Instant;
use unscramble::kind::tiles::animate;
use unscramble::pipeline::output;
use unscramble::present::report;

pub fn run(args: &AnimateArgs) -> ExitCode {
    set_colors(args.chatter.color);
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| animate::default_out(&args.puzzle_dir));
    let options = animate::Options {
        order: args.order,
        turn_order: args.try_turns,
        max_frames: args.max_frames,
        max_events: args.max_events,
        tile_size: args.tile_size,
        max_tile_side: unscramble::config::MAX_TILE_SIDE,
        chart_symmetry: !args.no_symmetry,
        chart_max_solutions: args.max_solutions,
    };
    let start = Instant::now();
    let r = match animate::animate(&args.puzzle_dir, &out, &options) {
        Ok(r) => r,
        Err(e) => return fail_json(args.json.then_some(("animate", &args.puzzle_dir)), e.into()),
    };
    if args.json {
        let (written, fields) = json_cmd::animate_fields(&r);
        json_cmd::print("animate", &args.puzzle_dir, Ok((&written, fields)));
    }
    if args.chatter.quiet {
        return ExitCode::SUCCESS;
    }
    let placed: u64 = r.places.iter().sum();
    match &r.end {
        animate::End::Solved(_) => eprintln!(
            "first solution after {} ({})",
            report::plural(r.events, "event"),
            report::plural(placed, "placement")
        ),
        animate::End::NoSolution => eprintln!(
            "no solution: the search ended after {} ({})",
            report::plural(r.events, "event"),
            report::plural(placed, "placement")
        ),
        animate::End::Stopped => eprintln!(
            "stopped by --max-events after {}, before a solution",
            report::plural(r.events, "event")
        ),
    }
    let (path, bytes, written) = &r.animation;
    let [w, h] = r.size;
    eprintln!(
        "{} {}: {} of {w}x{h}, {} KiB",
        verb(*written),
        path.display(),
        report::plural(r.frames as u64, "frame"),
        bytes.div_ceil(1024)
    );
    eprintln!("{} {}", verb(r.chart.1), r.chart.0.display());
    eprintln!("({})", report::format_duration(start.elapsed()));
    ExitCode::SUCCESS
}

fn verb(w: output::Written) -> &'static str {
    match w {
        output::Written::Unchanged => "unchanged",
        _ => "wrote",
    }
}
