//! `unscramble.toml`: the options a blog's CI and its people share, written
//! once instead of in every command line.
//!
//! The file never becomes options by a route of its own: each value is
//! checked by the option's own clap parser and then becomes that option's
//! default, so every validator is the command line's, an option given on the
//! command line wins (even over a conflicting one: `-v` over `quiet = true`),
//! and `--help` shows the built-in defaults (it is answered before the file is
//! read). The options reach the same structs as the command line's, so those
//! that change the outputs are in the build key with no extra step.

use crate::cli::config_file::{locate, read, Entry};
use crate::cli::config_keys::{conflict, is_switch, misplaced, Options, Problem};
use crate::cli::Cli;
use clap::parser::ValueSource;
use clap::{Arg, Command, CommandFactory, FromArgMatches};
use std::ffi::OsString;
use std::path::Path;
use unscramble::error::{quote, InputError};

/// The commands that read the file, each with its section; `completions`
/// and `man` are about the command itself and read none.
pub const SECTIONS: [&str; 8] = [
    "render",
    "serve",
    "solve",
    "animate",
    "generate",
    "convert",
    "draw-tiles",
    "cut",
];

/// Why the arguments could not be read: clap's own error (it prints itself
/// and knows its exit code), or every problem of the config file.
pub enum Failure {
    Clap(clap::Error),
    Config(Vec<String>),
}

/// The command line, with the config file's values as defaults.
pub fn parse_args() -> Result<Cli, Failure> {
    let argv: Vec<OsString> = std::env::args_os().collect();
    // The first reading only finds the command, the config options and what
    // the command line gives: an option the file may supply (generate's
    // --size) is not required yet. A mistake is reported by the strict one.
    let relaxed = Cli::command().mut_subcommands(|c| c.mut_args(|a| a.required(false)));
    let first = match relaxed.try_get_matches_from(&argv) {
        Ok(m) => m,
        Err(e) => {
            let strict = Cli::command().try_get_matches_from(&argv);
            return Err(Failure::Clap(strict.err().unwrap_or(e)));
        }
    };
    let (name, user) = first.subcommand().unwrap_or(("render", &first));
    let path = SECTIONS
        .contains(&name)
        .then(|| locate(user.get_flag("no_config"), user.get_one("config")))
        .flatten();
    let entries = match &path {
        Some((path, found)) => {
            read(path, *found).map_err(|e| Failure::Config(vec![e.to_string()]))?
        }
        None => Vec::new(),
    };
    let root = Cli::command();
    let settings = match &path {
        Some((path, _)) => check(&root, path, &entries).map_err(Failure::Config)?,
        None => Vec::new(),
    };
    let cmd = root.find_subcommand(name).unwrap_or(&root);
    let given: Vec<&Arg> = user
        .ids()
        .filter(|id| user.value_source(id.as_str()) == Some(ValueSource::CommandLine))
        .filter_map(|id| cmd.get_arguments().find(|a| a.get_id() == id))
        .collect();
    // What the command line gives, or what conflicts with it, is left to it.
    let defaults: Vec<(String, String)> = settings
        .into_iter()
        .filter(|s| s.command == name)
        .filter(|s| {
            !given
                .iter()
                .any(|g| g.get_id() == s.arg.get_id() || conflict(cmd, g, s.arg))
        })
        .map(|s| (s.arg.get_id().to_string(), s.value))
        .collect();
    let set = |mut c: Command| {
        for (id, value) in &defaults {
            c = c.mut_arg(id, |a| a.required(false).default_value(value.clone()));
        }
        c
    };
    let root = match first.subcommand_name() {
        Some(sub) => Cli::command().mut_subcommand(sub, set),
        None => set(Cli::command()),
    };
    let matches = root.try_get_matches_from(&argv).map_err(Failure::Clap)?;
    Cli::from_arg_matches(&matches).map_err(Failure::Clap)
}

/// One option the file sets for one command.
struct Setting<'a> {
    command: &'static str,
    entry: &'a Entry,
    arg: &'a Arg,
    value: String,
}

/// Every key and value of the file checked against every command (a typo
/// under `[solve]` fails a render too, so CI finds it), all errors at once.
fn check<'a>(
    root: &'a Command,
    path: &Path,
    entries: &'a [Entry],
) -> Result<Vec<Setting<'a>>, Vec<String>> {
    let commands: Vec<Options> = SECTIONS
        .iter()
        .filter_map(|&s| root.find_subcommand(s).map(|c| Options::new(s, c)))
        .collect();
    let shared: Vec<&str> = commands.first().map_or(Vec::new(), |first| {
        first
            .keys()
            .filter(|k| commands.iter().all(|o| o.arg(k).is_some()))
            .collect()
    });
    let mut problems: Vec<Problem> = Vec::new();
    let mut settings: Vec<Setting> = Vec::new();
    for entry in entries {
        let key = entry.key.as_str();
        let homes: Vec<&str> = match entry.section.as_deref() {
            None if shared.contains(&key) => SECTIONS.to_vec(),
            Some(s) if commands.iter().any(|o| o.name == s && o.arg(key).is_some()) => vec![s],
            _ => {
                problems.push(misplaced(entry, &commands, &shared));
                continue;
            }
        };
        for options in commands.iter().filter(|o| homes.contains(&o.name)) {
            let Some(arg) = options.arg(key) else {
                continue;
            };
            let command = options.name;
            let set = |s: &Setting| s.command == command && s.entry.key == key;
            match options.value(arg, key, &entry.value) {
                // A section's own value wins over the one above the sections.
                Ok(value) if entry.section.is_some() || !settings.iter().any(set) => {
                    settings.retain(|s| !set(s));
                    settings.push(Setting {
                        command,
                        entry,
                        arg,
                        value,
                    });
                }
                Ok(_) => {}
                Err((problem, hint)) => {
                    problems.push((entry.value_at, problem, hint));
                    break;
                }
            }
        }
    }
    for options in &commands {
        let on: Vec<&Setting> = settings
            .iter()
            .filter(|s| s.command == options.name && !(is_switch(s.arg) && s.value == "false"))
            .collect();
        for (i, s) in on.iter().enumerate() {
            if let Some(other) = on[..i].iter().find(|o| conflict(options.cmd, o.arg, s.arg)) {
                let problem = format!(
                    "{} cannot be used with {} (line {}) in `unscramble {}`",
                    quote(&s.entry.key),
                    quote(&other.entry.key),
                    other.entry.key_at.0,
                    options.name
                );
                problems.push((s.entry.key_at, problem, "keep one of them".to_string()));
            }
        }
    }
    if problems.is_empty() {
        return Ok(settings);
    }
    problems.sort();
    problems.dedup();
    Err(problems
        .into_iter()
        .map(|(at, problem, hint)| {
            let e = InputError::new(path, problem).at(at.0, at.1).hint(hint);
            e.to_string()
        })
        .collect())
}
