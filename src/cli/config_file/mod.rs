//! `unscramble.toml`: the options a blog's CI and its people share, written
//! once instead of in every command line.
//!
//! The file never becomes options by a route of its own: each value is
//! checked by the option's own clap parser and becomes that option's
//! default in clap's command, which then reads the command line once. So
//! every validator is the command line's, an option given on the command
//! line wins (also over a conflicting one: `-v` over `quiet = true`, and a
//! switch's opposite: `--no-labels` over `labels = true`), and `--help`
//! shows the built-in defaults (no file is read for it). The options reach
//! the same structs as the command line's, so those that change the
//! outputs are in the build key with no extra step.

mod check;
mod keys;
mod problem;
mod reach;
mod read;
mod scan;

use crate::cli::negate::command;
use crate::cli::{Cli, Command as Sub};
use check::{partners, Setting};
use clap::builder::ArgPredicate;
use clap::parser::ValueSource;
use clap::{ArgMatches, Command, FromArgMatches};
use keys::{arg_of, is_switch};
pub use problem::ConfigError;
use read::{locate, Origin, Source};
use std::ffi::OsString;
use std::path::Path;
use unscramble::kind::tiles::animate;

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
    let root = command();
    let scanned = scan::scan(&root, &argv);
    let name = scanned.command.as_deref().unwrap_or(SECTIONS[0]);
    let source = (SECTIONS.contains(&name) && !scanned.help)
        .then(|| locate(scanned.no_config, scanned.config.as_ref()))
        .flatten();
    let entries = match &source {
        Some(source) => read::read(source).map_err(|e| Failure::Config(vec![e.into()]))?,
        None => Vec::new(),
    };
    let settings = match &source {
        Some(source) => check::check(&root, source, &entries).map_err(Failure::Config)?,
        None => Vec::new(),
    };
    let target = match &scanned.command {
        Some(sub) => root.find_subcommand(sub).unwrap_or(&root),
        None => &root,
    };
    let chosen = check::select(target, &settings, name);
    let defaulted = match &scanned.command {
        Some(sub) => root
            .clone()
            .mut_subcommand(sub, |c| with_defaults(c, &chosen)),
        None => with_defaults(root.clone(), &chosen),
    };
    // The one reading of the command line.
    let matches = defaulted
        .try_get_matches_from(&argv)
        .map_err(Failure::Clap)?;
    let mut cli = Cli::from_arg_matches(&matches).map_err(Failure::Clap)?;
    let given = matches.subcommand().map_or(&matches, |(_, m)| m);
    let mut used: Vec<(&Setting, &clap::Arg)> = (chosen.iter())
        .filter_map(|s| arg_of(target, &s.entry.key).map(|a| (*s, a)))
        .filter(|(_, a)| from_file(target, given, a))
        .collect();
    if let Some(Sub::Animate(args)) = &mut cli.command {
        used.extend(animate_out(&root, &settings, args));
    }
    let notes = match &source {
        Some(Source {
            path,
            origin: Origin::Named,
        }) => (used.iter())
            .filter(|(s, arg)| reach::beyond(&s.entry.key, arg, &s.value).is_some())
            .map(|(s, _)| {
                format!(
                    "{} sets {} = {}",
                    path.display(),
                    s.entry.key,
                    s.entry.written
                )
            })
            .collect(),
        _ => Vec::new(),
    };
    Ok(Parsed { cli, notes })
}

/// `cmd` with each chosen setting as its option's default, unless the
/// command line gives a partner that undoes it (`-v` for `quiet = true`,
/// `--no-labels` for `labels = true`): then the built-in default stays.
fn with_defaults(mut cmd: Command, chosen: &[&Setting]) -> Command {
    let plan: Vec<_> = (chosen.iter())
        .filter_map(|s| arg_of(&cmd, &s.entry.key).map(|a| (s, a)))
        .map(|(s, arg)| {
            let builtin = match arg.get_default_values().first() {
                Some(d) => Some(d.clone()),
                None => is_switch(arg).then(|| "false".into()),
            };
            // A switch given says "true" (its default "false"); an option
            // with a value is present only if given, as long as clap has
            // not yet added its default when it looks at `arg`'s.
            let undo: Vec<_> = (partners(&cmd, arg).into_iter())
                .map(|p| match p.get_action().takes_values() {
                    true => (p.get_id().clone(), ArgPredicate::IsPresent),
                    false => (p.get_id().clone(), ArgPredicate::from("true")),
                })
                .collect();
            (arg.get_id().clone(), s.value.clone(), builtin, undo)
        })
        .collect();
    let mut later = Vec::new();
    for (id, value, builtin, undo) in plan {
        cmd = cmd.mut_arg(id, |mut a| {
            for (partner, when) in undo {
                if when == ArgPredicate::IsPresent {
                    later.push(partner.clone());
                }
                a = match &builtin {
                    Some(d) => a.default_value_if(partner, when, d),
                    None => a.default_value_if(partner, when, None::<&str>),
                };
            }
            a.required(false).default_value(value)
        });
    }
    // clap adds defaults in the order of the arguments, and `mut_arg`
    // moves the one it changes last: so these go after the file's.
    for id in later {
        cmd = cmd.mut_arg(id, |a| a);
    }
    cmd
}

/// Whether the value of `arg` in the matches `given` is the file's: clap
/// took its default, and no partner undid it.
fn from_file(cmd: &Command, given: &ArgMatches, arg: &clap::Arg) -> bool {
    let source = |a: &clap::Arg| given.value_source(a.get_id().as_str());
    source(arg) == Some(ValueSource::DefaultValue)
        && !partners(cmd, arg)
            .into_iter()
            .any(|p| source(p) == Some(ValueSource::CommandLine))
}

/// `animate`'s output when the file sets `[render]`'s `out` or `puzzles`
/// and neither the command line nor `[animate]` names one: where `render`
/// puts that puzzle's boards. The render settings it comes from.
fn animate_out<'s, 'e, 'c>(
    root: &'c Command,
    settings: &'s [Setting<'e>],
    args: &mut crate::cli::animate_cmd::AnimateArgs,
) -> Vec<(&'s Setting<'e>, &'c clap::Arg)> {
    let render = keys::sub(root, "render");
    let find = |key: &str| {
        (settings.iter())
            .find(|s| s.entry.section.as_deref() == Some("render") && s.entry.key == key)
            .and_then(|s| arg_of(render, key).map(|a| (s, a)))
    };
    let (out, puzzles) = (find("out"), find("puzzles"));
    if args.out.is_some() || (out.is_none() && puzzles.is_none()) {
        return Vec::new();
    }
    let (o, p) = (
        out.map_or("output", |s| &s.0.value),
        puzzles.map_or("puzzles", |s| &s.0.value),
    );
    args.out = Some(animate::out_below(
        Path::new(o),
        Path::new(p),
        &args.puzzle_dir,
    ));
    out.into_iter().chain(puzzles).collect()
}

#[cfg(test)]
mod tests;
