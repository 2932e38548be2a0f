//! `unscramble render` (and the bare `unscramble`): every puzzle under the
//! puzzles folder, with a progress bar or a line per puzzle.

use crate::cli::term::{print_error, set_colors, stderr_is_terminal};
use crate::cli::RenderArgs;
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::Instant;
use unscramble::kind::tiles::{render, solve};
use unscramble::pipeline::batch;
use unscramble::present::report::{Reporter, Verbosity};

/// The library's options from `render`'s (and `serve`'s) arguments.
pub fn options(args: &RenderArgs) -> batch::Options {
    let style = render::Style {
        tile_size: args.tile_size,
        labels: args.labels,
        highlight: args.highlight,
        png: args.png,
    };
    batch::Options {
        output: batch::OutputOptions {
            max_solutions: args.search.max_solutions,
            max_nodes: args.search.max_nodes,
            max_images: args.max_images,
            unique: args.unique,
            distinct_looks: args.distinct_looks,
            style,
            notation: args.text.notation(),
            order: args.search.order,
            cover: args.domino_cover,
            closest: !args.search.no_closest,
            closest_nodes: args.search.closest_nodes,
            link_prefix: args.link_prefix.clone(),
        },
        max_tile_side: args.max_tile_side,
        max_pixels: args.max_pixels,
        timeout: args.search.timeout,
        force: args.force,
        check: args.check,
        no_wait: args.no_wait,
        allow_empty: args.allow_empty,
        snippet: (!args.no_snippet).then(|| args.snippet.clone()),
        infer: args.infer,
        ..batch::Options::default()
    }
}

/// `-q` and `-v` as the reporter takes them.
pub fn verbosity(args: &RenderArgs) -> Verbosity {
    match (args.quiet, args.verbose) {
        (true, _) => Verbosity::Quiet,
        (_, true) => Verbosity::Verbose,
        _ => Verbosity::Normal,
    }
}

pub fn run(args: RenderArgs) -> ExitCode {
    let options = options(&args);
    let cancel = options.cancel.clone();
    // A first Ctrl-C (or SIGTERM, SIGHUP: a CI runner's cancel button, a
    // closed terminal) lets running puzzles finish their files; a second one
    // quits at once.
    let _ = ctrlc::set_handler(move || {
        if cancel.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
        solve::interrupt();
    });
    let terminal = stderr_is_terminal();
    set_colors(args.color);
    let reporter = Reporter::new(verbosity(&args), terminal);
    let start = Instant::now();
    let (jobs, note) = crate::cli::worker_threads(args.jobs);
    if let Some(note) = note.filter(|_| !args.quiet) {
        eprintln!("note: {note}");
    }
    let run = batch::render_all(
        &args.puzzles,
        &args.out,
        &options,
        Some(jobs),
        &|n| reporter.start(n),
        &|r| reporter.done(r),
    );
    let run = match run {
        Ok(run) => run,
        // A usage error (2), an unusable output folder (3), or it is busy (4).
        Err(e) => {
            print_error(&e.to_string());
            return ExitCode::from(e.exit_code());
        }
    };
    reporter.finish(&run, args.check, start.elapsed());
    if args.json {
        print!("{}", run.to_json(args.check));
    }
    if run.interrupted {
        ExitCode::from(130)
    } else if run.summary.failed() || (args.check && run.stale()) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
