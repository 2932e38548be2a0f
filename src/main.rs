//! The `unscramble` command: parses arguments, calls the library, reports.
// A binary has no public API: `pub` here only opens a module to its siblings.
#![allow(unreachable_pub)]

mod cli;

use cli::{config, cut_cmd, infer_cmd, json_cmd, meta_cmd, serve_cmd, solve_cmd};

use cli::{AnimateArgs, Chatter, Color, Command, RenderArgs};
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;
use unscramble::kind::tiles::{animate, draw, generate, input, render};
use unscramble::pipeline::{batch, output};
use unscramble::present::report;
use unscramble::present::report::{Reporter, Verbosity};

fn main() -> ExitCode {
    let cli = match config::parse_args() {
        Ok(cli) => cli,
        Err(config::Failure::Clap(e)) => e.exit(),
        // A bad config file is a bad option: a usage error.
        Err(config::Failure::Config(errors)) => {
            errors.iter().for_each(|e| print_error(e));
            return ExitCode::from(2);
        }
    };
    match cli.command {
        None => match meta_cmd::mistyped_command(&cli.render.puzzles) {
            Some(message) => {
                set_colors(cli.render.color);
                print_error(&message);
                ExitCode::from(2)
            }
            None => run_render(cli.render),
        },
        Some(Command::Render(args)) => run_render(args),
        Some(Command::Solve(args)) => solve_cmd::run_solve(&args),
        Some(Command::Animate(args)) => run_animate(&args),
        Some(Command::Generate {
            out_dir,
            size,
            tokens,
            seed,
            tile_size,
            force,
            json,
            chatter,
        }) => {
            set_colors(chatter.color);
            let (size, tokens) = (usize::from(size), usize::from(tokens));
            let result = generate::write_puzzle(&out_dir, size, tokens, seed, tile_size, force);
            let fields = || {
                let mut f = serde_json::Map::new();
                f.insert("size".into(), size.into());
                f.insert("tokens".into(), tokens.into());
                f.insert("seed".into(), seed.into());
                f
            };
            match result {
                Ok(written) => {
                    if json {
                        json_cmd::print("generate", &out_dir, Ok((&written, fields())));
                    }
                    if !chatter.quiet {
                        eprintln!(
                            "wrote {} to {}",
                            report::plural(written.len() as u64, "file"),
                            out_dir.display()
                        );
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => fail_json(json.then_some(("generate", &out_dir)), e.into()),
            }
        }
        Some(Command::Convert {
            from,
            to_dir,
            force,
            json,
            chatter,
        }) => run_convert(&from, &to_dir, force, json, &chatter),
        Some(Command::DrawTiles {
            puzzle_dir,
            size,
            force,
            json,
            chatter,
        }) => run_draw_tiles(&puzzle_dir, size, force, json, &chatter),
        Some(Command::Serve(args)) => serve_cmd::run_serve(args),
        Some(Command::Cut(args)) => cut_cmd::run_cut(&args),
        Some(Command::Completions { shell }) => meta_cmd::run_completions(shell),
        Some(Command::Man) => meta_cmd::run_man(),
        Some(Command::Infer {
            puzzle_dir,
            force,
            check,
            json,
            chatter,
        }) => {
            set_colors(chatter.color);
            let done = infer_cmd::run(&puzzle_dir, force, check, json, chatter.quiet);
            done.unwrap_or_else(|e| fail_json(json.then_some(("infer", &puzzle_dir)), e))
        }
    }
}

fn options(args: &RenderArgs) -> batch::Options {
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

fn run_render(args: RenderArgs) -> ExitCode {
    let options = options(&args);
    let cancel = options.cancel.clone();
    // A first Ctrl-C (or SIGTERM, SIGHUP: a CI runner's cancel button, a
    // closed terminal) lets running puzzles finish their files; a second one
    // quits at once.
    let _ = ctrlc::set_handler(move || {
        if cancel.cancel() {
            std::process::exit(130);
        }
    });
    let terminal = stderr_is_terminal();
    set_colors(args.color);
    let verbosity = match (args.quiet, args.verbose) {
        (true, _) => Verbosity::Quiet,
        (_, true) => Verbosity::Verbose,
        _ => Verbosity::Normal,
    };
    let reporter = Reporter::new(verbosity, terminal);
    let start = Instant::now();
    let (jobs, note) = cli::worker_threads(args.jobs);
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

/// Whether stderr shows progress bars and colours: a terminal that is not
/// `TERM=dumb` (not a pipe or a CI log).
fn stderr_is_terminal() -> bool {
    std::io::stderr().is_terminal() && std::env::var("TERM").map_or(true, |t| t != "dumb")
}

/// `--color`: `auto` colours a terminal unless `NO_COLOR` is set (and not empty).
fn set_colors(color: Color) {
    console::set_colors_enabled_stderr(match color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => {
            stderr_is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    });
}

fn run_animate(args: &AnimateArgs) -> ExitCode {
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

fn run_convert(from: &Path, to_dir: &Path, force: bool, json: bool, chatter: &Chatter) -> ExitCode {
    set_colors(chatter.color);
    match input::convert_to_tile_dict(from, to_dir, force) {
        Ok(written) => {
            if json {
                let mut fields = serde_json::Map::new();
                fields.insert("from".into(), from.display().to_string().into());
                json_cmd::print("convert", to_dir, Ok((&written, fields)));
            }
            written
                .iter()
                .filter(|_| !chatter.quiet)
                .for_each(|p| eprintln!("wrote {}", p.display()));
            ExitCode::SUCCESS
        }
        Err(e) => fail_json(json.then_some(("convert", to_dir)), e.into()),
    }
}

fn run_draw_tiles(
    puzzle_dir: &Path,
    size: u32,
    force: bool,
    json: bool,
    chatter: &Chatter,
) -> ExitCode {
    set_colors(chatter.color);
    let result = draw::draw_missing_tiles(puzzle_dir, size, force);
    if let (true, Ok(written)) = (json, &result) {
        let mut fields = serde_json::Map::new();
        fields.insert("drawn".into(), written.len().into());
        json_cmd::print("draw-tiles", puzzle_dir, Ok((written, fields)));
    }
    match result {
        Ok(_) if chatter.quiet => ExitCode::SUCCESS,
        Ok(written) => {
            written
                .iter()
                .for_each(|p| eprintln!("wrote {}", p.display()));
            eprintln!(
                "{} drawn",
                report::plural(written.len() as u64, "tile picture")
            );
            ExitCode::SUCCESS
        }
        Err(e) => fail_json(json.then_some(("draw-tiles", puzzle_dir)), e.into()),
    }
}

/// Fails a command: the error on stderr, and with `--json` (`command` and
/// its puzzle given) the document saying so on stdout.
fn fail_json(json: Option<(&str, &Path)>, failure: json_cmd::Failure) -> ExitCode {
    if let Some((command, puzzle)) = json {
        json_cmd::print(command, puzzle, Err(&failure));
    }
    fail(&failure.message)
}

fn fail(message: &str) -> ExitCode {
    print_error(message);
    ExitCode::FAILURE
}

fn print_error(message: &str) {
    eprintln!(
        "{} {}",
        console::style("error:").red().bold().for_stderr(),
        unscramble::error::printable(message)
    );
}
