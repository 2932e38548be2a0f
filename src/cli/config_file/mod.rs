//! `unscramble.toml`: the options a blog's CI and its people share, written
//! once instead of in every command line.
//!
//! The file never becomes options by a route of its own: each value is
//! checked by the option's own clap parser and then becomes that option's
//! default in clap's command, which reads the command line once more. So
//! every validator is the command line's, an option given on the command
//! line wins (also over a conflicting one: `-v` over `quiet = true`, and a
//! switch's opposite: `--no-labels` over `labels = true`), and `--help`
//! shows the built-in defaults (it is answered before the file is read).
//! The options reach the same structs as the command line's, so those that
//! change the outputs are in the build key with no extra step.

mod keys;
mod layers;
mod reach;
mod read;

use crate::cli::negate::{command, switch_of};
use crate::cli::Cli;
use clap::parser::ValueSource;
use clap::{Arg, ArgMatches, Command, FromArgMatches};
use keys::conflict;
use layers::{check, Setting};
use read::{locate, Origin, Pos, Source};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use unscramble::error::InputError;
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
    Config(Vec<InputError>),
}

/// The command line with the config file's values as defaults, and the
/// notes to print about what a named file sets beyond a found one's reach.
pub struct Parsed {
    pub cli: Cli,
    pub notes: Vec<String>,
}

/// Values for clap's defaults, by argument id.
type Defaults = Vec<(String, OsString)>;

/// Where a key stands, what is wrong, and how to fix it.
type Problem = (Pos, String, String);

/// Reads the command line, with the config file's values as defaults.
pub fn parse_args() -> Result<Parsed, Failure> {
    let argv: Vec<OsString> = std::env::args_os().collect();
    // The first reading only finds the command, the config options and what
    // the command line gives: an option the file may supply (generate's
    // --size) is not required yet. A mistake is reported by the strict one.
    let relaxed = command().mut_subcommands(|c| c.mut_args(|a| a.required(false)));
    let first = match relaxed.try_get_matches_from(&argv) {
        Ok(m) => m,
        Err(e) => {
            return Err(Failure::Clap(
                command().try_get_matches_from(&argv).err().unwrap_or(e),
            ))
        }
    };
    let (name, user) = first.subcommand().unwrap_or(("render", &first));
    let source = SECTIONS
        .contains(&name)
        .then(|| locate(user.get_flag("no_config"), user.get_one("config")))
        .flatten();
    let (defaults, notes) = match &source {
        Some(source) => from_file(source, name, user)?,
        None => (Vec::new(), Vec::new()),
    };
    let set = |mut c: Command| {
        for (id, value) in &defaults {
            c = c.mut_arg(id, |a| a.required(false).default_value(value.clone()));
        }
        c
    };
    let root = match first.subcommand_name() {
        Some(sub) => command().mut_subcommand(sub, set),
        None => set(command()),
    };
    let matches = root.try_get_matches_from(&argv).map_err(Failure::Clap)?;
    let cli = Cli::from_arg_matches(&matches).map_err(Failure::Clap)?;
    Ok(Parsed { cli, notes })
}

/// The defaults the file gives command `name` (by argument id), leaving out
/// what the command line `user` gives or overrides, and the notes.
fn from_file(
    source: &Source,
    name: &str,
    user: &ArgMatches,
) -> Result<(Defaults, Vec<String>), Failure> {
    let entries = read::read(source).map_err(|e| Failure::Config(vec![e]))?;
    let root = command();
    let settings = check(&root, source, &entries).map_err(Failure::Config)?;
    let cmd = root.find_subcommand(name).unwrap_or(&root);
    let given: Vec<&Arg> = user
        .ids()
        .filter(|id| user.value_source(id.as_str()) == Some(ValueSource::CommandLine))
        .map(|id| switch_of(id.as_str()).unwrap_or(id.as_str()))
        .filter_map(|id| cmd.get_arguments().find(|a| a.get_id() == id))
        .collect();
    let unless_given = |s: &&Setting| {
        !given
            .iter()
            .any(|g| g.get_id() == s.arg.get_id() || conflict(cmd, g, s.arg))
    };
    let mut chosen: Vec<&Setting> = settings
        .iter()
        .filter(|s| s.command == name)
        .filter(unless_given)
        .collect();
    let mut defaults: Defaults = chosen
        .iter()
        .map(|s| (s.arg.get_id().to_string(), s.value.clone().into()))
        .collect();
    if let Some((out, used)) = animate_out(name, user, &settings, &chosen) {
        defaults.push(("out".to_string(), out.into_os_string()));
        chosen.extend(used);
    }
    let notes = match source.origin {
        Origin::Found => Vec::new(),
        Origin::Named => chosen
            .iter()
            .filter(|s| reach::beyond(&s.entry.key, s.arg, &s.value).is_some())
            .map(|s| {
                let (key, value) = (&s.entry.key, &s.entry.written);
                format!("{} sets {key} = {value}", source.path.display())
            })
            .collect(),
    };
    Ok((defaults, notes))
}

/// `animate`'s output when the file sets `[render]`'s `out` or `puzzles`
/// and neither the command line nor `[animate]` names one: where `render`
/// puts that puzzle's boards. With the render settings it comes from.
fn animate_out<'s, 'a>(
    name: &str,
    user: &ArgMatches,
    settings: &'s [Setting<'a>],
    chosen: &[&Setting],
) -> Option<(PathBuf, Vec<&'s Setting<'a>>)> {
    if name != "animate"
        || user.value_source("out") == Some(ValueSource::CommandLine)
        || chosen.iter().any(|s| s.arg.get_id() == "out")
    {
        return None;
    }
    let render = |key: &str| {
        settings
            .iter()
            .find(|s| s.command == "render" && s.entry.key == key)
    };
    let (out, puzzles) = (render("out"), render("puzzles"));
    let dir: &PathBuf = user.get_one("puzzle_dir")?;
    let path = animate::out_below(
        Path::new(out.map_or("output", |s| s.value.as_str())),
        Path::new(puzzles.map_or("puzzles", |s| s.value.as_str())),
        dir,
    );
    let used: Vec<&Setting> = out.into_iter().chain(puzzles).collect();
    (!used.is_empty()).then_some((path, used))
}
