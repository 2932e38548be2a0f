//! The `unscramble` command: reads the arguments and hands each command to
//! its module in `cli/`, whose exit code it returns.
// A binary has no public API: `pub` here only opens a module to its siblings.
#![allow(unreachable_pub)]

mod cli;

use cli::term::{print_error, set_colors};
use cli::{
    animate_cmd, config_file, convert_cmd, cut_cmd, draw_tiles_cmd, generate_cmd, infer_cmd,
    meta_cmd, render_cmd, serve_cmd, solve_cmd, Command,
};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match config_file::parse_args() {
        Ok(parsed) => {
            for note in &parsed.notes {
                eprintln!("note: {note}");
            }
            parsed.cli
        }
        Err(config_file::Failure::Clap(e)) => e.exit(),
        // A bad config file is a bad option: a usage error.
        Err(config_file::Failure::Config(errors)) => {
            errors.iter().for_each(|e| print_error(&e.to_string()));
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
            None => render_cmd::run(cli.render),
        },
        Some(Command::Render(args)) => render_cmd::run(args),
        Some(Command::Solve(args)) => solve_cmd::run(&args),
        Some(Command::Animate(args)) => animate_cmd::run(&args),
        Some(Command::Generate(args)) => generate_cmd::run(&args),
        Some(Command::Convert(args)) => convert_cmd::run(&args),
        Some(Command::DrawTiles(args)) => draw_tiles_cmd::run(&args),
        Some(Command::Serve(args)) => serve_cmd::run(args),
        Some(Command::Cut(args)) => cut_cmd::run(&args),
        Some(Command::Completions { shell }) => meta_cmd::run_completions(shell),
        Some(Command::Man) => meta_cmd::run_man(),
        Some(Command::Infer(args)) => infer_cmd::run(&args),
    }
}
