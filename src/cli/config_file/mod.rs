//! `unscramble.toml`: the options a blog's CI and its people share, written
//! once instead of in every command line.
//!
//! The file never becomes options by a route of its own: each value is
//! checked by the option's own clap parser and becomes that option's
//! default in clap's command, which then reads the command line once. So
//! every validator is the command line's, an option given on the command
//! line wins (also over one it conflicts with: `-v` over `quiet = true`,
//! and over a switch whose opposite it is: `--no-labels` over
//! `labels = true`), and `--help` shows the built-in defaults (no file is
//! read for it). The options reach the same structs as the command
//! line's, so those that change the outputs are in the build key.

mod check;
mod keys;
mod problem;
mod reach;
mod read;
mod scan;

use crate::cli::animate_cmd::AnimateArgs;
use crate::cli::{Cli, Command as Sub};
use check::Setting;
use clap::parser::ValueSource;
use clap::{Arg, Command, FromArgMatches};
use keys::sub;
pub use problem::ConfigError;
use std::ffi::OsString;
use std::path::Path;

/// The commands that read the file, each with its section; `completions`
/// and `man` are about the command itself and read none.
pub const SECTIONS: [&str; 9] = [
    "render",
    "serve",
    "solve",
    "animate",
    "generate",
    "convert",
    "draw-tiles",
    "cut",
    "infer",
];

/// Why the arguments could not be read: clap's own error (it prints itself
/// and knows its exit code), or every problem of the config file.
pub enum Failure {
    Clap(clap::Error),
    Config(Vec<ConfigError>),
}

/// The command line with the config file's values as defaults, and the
/// notes to print about what a named file sets beyond a found one's reach.
pub struct Parsed {
    pub cli: Cli,
    pub notes: Vec<String>,
}

/// Reads the command line once, with the config file's values as defaults.
pub fn parse_args() -> Result<Parsed, Failure> {
    let argv: Vec<OsString> = std::env::args_os().collect();
    let root = crate::cli::negate::command();
    let scanned = scan::scan(&root, &argv);
    let name = scanned.command.as_deref().unwrap_or(SECTIONS[0]);
    let source = (SECTIONS.contains(&name) && !scanned.help)
        .then(|| read::locate(scanned.no_config, scanned.config.clone()))
        .flatten();
    let entries = match &source {
        Some(source) => read::read(source).map_err(|e| Failure::Config(vec![e.into()]))?,
        None => Vec::new(),
    };
    let settings = match &source {
        Some(source) => check::check(&root, source, &entries).map_err(Failure::Config)?,
        None => Vec::new(),
    };
    let (cli, used) = parse(root, &argv, &scanned, &settings).map_err(Failure::Clap)?;
    let path = source.map(|s| s.path).unwrap_or_default();
    let note = |s: &Setting| {
        format!(
            "{} sets {} = {}",
            path.display(),
            s.entry.key,
            s.entry.written
        )
    };
    let notes = used.into_iter().filter(|s| s.beyond).map(note).collect();
    Ok(Parsed { cli, notes })
}

/// `argv` read by `root` with the `settings` as the defaults of the command
/// `scanned` names, but for those the command line undoes; and the
/// settings that reached the command.
fn parse<'s, 'e>(
    root: Command,
    argv: &[OsString],
    scanned: &scan::Scan,
    settings: &'s [Setting<'e>],
) -> Result<(Cli, Vec<&'s Setting<'e>>), clap::Error> {
    let name = scanned.command.as_deref().unwrap_or(SECTIONS[0]);
    let target = sub(&root, name);
    let undone = |a: &Arg| check::partners(target, a).any(|p| scanned.given.contains(p.get_id()));
    let mut chosen = check::select(target, settings, name);
    chosen.retain(|(_, a)| !undone(a));
    let with_defaults = |mut cmd: Command| {
        for (s, arg) in &chosen {
            let value = s.value.clone();
            cmd = cmd.mut_arg(arg.get_id(), |a| a.required(false).default_value(value));
        }
        cmd
    };
    let command = match &scanned.command {
        Some(sub) => root.clone().mut_subcommand(sub, with_defaults),
        None => with_defaults(root.clone()),
    };
    // The one reading of the command line.
    let matches = command.try_get_matches_from(argv)?;
    let mut cli = Cli::from_arg_matches(&matches)?;
    let given = matches.subcommand().map_or(&matches, |(_, m)| m);
    let defaulted =
        |a: &Arg| given.value_source(a.get_id().as_str()) == Some(ValueSource::DefaultValue);
    let mut used: Vec<&Setting> = (chosen.iter().filter(|(_, a)| defaulted(a)))
        .map(|(s, _)| *s)
        .collect();
    if let Some(Sub::Animate(args)) = &mut cli.command {
        used.extend(animate_out(settings, args));
    }
    Ok((cli, used))
}

/// `animate`'s output when the file sets `[render]`'s `out` or `puzzles`
/// and neither the command line nor `[animate]` names one: where `render`
/// puts that puzzle's boards. The render settings it comes from.
fn animate_out<'s, 'e>(
    settings: &'s [Setting<'e>],
    args: &mut AnimateArgs,
) -> Vec<&'s Setting<'e>> {
    let render = |key| {
        (settings.iter())
            .find(|s| s.entry.section.as_deref() == Some("render") && s.entry.key == key)
    };
    let from: Vec<&Setting> = [render("out"), render("puzzles")]
        .into_iter()
        .flatten()
        .collect();
    if args.out.is_some() || from.is_empty() {
        return Vec::new();
    }
    let value = |key, default| Path::new(render(key).map_or(default, |s| s.value.as_str()));
    let below = unscramble::kind::tiles::animate::out_below;
    args.out = Some(below(
        value("out", "output"),
        value("puzzles", "puzzles"),
        &args.puzzle_dir,
    ));
    from
}

#[cfg(test)]
mod tests;
