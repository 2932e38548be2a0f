//! What a config key may name in one command, and how its value is checked:
//! by the option's own clap parser, as if given on the command line.

use super::read::{Entry, Val};
use super::{Problem, SECTIONS};
use crate::cli::meta_cmd::edit_distance;
use clap::error::{ContextKind, ContextValue};
use clap::{Arg, ArgAction, Command};
use unscramble::error::quote;

/// One command's options, by the keys that name them.
pub struct Options<'a> {
    pub name: &'static str,
    pub cmd: &'a Command,
    keys: Vec<(String, &'a Arg)>,
}

impl<'a> Options<'a> {
    /// The keys are every long option (by its long name) and a positional
    /// argument that has a default (`puzzles`). Help, version, the hidden
    /// `--no-` forms (a file says `labels = false`) and the config options
    /// themselves (global) are not for a file to set.
    pub fn new(name: &'static str, cmd: &'a Command) -> Self {
        let keys = cmd
            .get_arguments()
            .filter(|a| !a.is_global_set() && !a.is_hide_set())
            .filter(|a| {
                !matches!(
                    a.get_action(),
                    ArgAction::Help
                        | ArgAction::HelpShort
                        | ArgAction::HelpLong
                        | ArgAction::Version
                )
            })
            .filter_map(|a| match a.get_long() {
                Some(long) => Some((long.to_string(), a)),
                None if a.is_positional() && !a.get_default_values().is_empty() => {
                    Some((a.get_id().as_str().replace('_', "-"), a))
                }
                None => None,
            })
            .collect();
        Options { name, cmd, keys }
    }

    pub fn arg(&self, key: &str) -> Option<&'a Arg> {
        self.keys.iter().find(|(k, _)| k == key).map(|&(_, a)| a)
    }

    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.keys.iter().map(|(k, _)| k.as_str())
    }

    /// The value as the command line would give it, checked by the option's
    /// own value parser (in a command of that one option: the others'
    /// requirements and conflicts are not this value's business).
    pub fn value(&self, arg: &Arg, key: &str, val: &Val) -> Result<String, (String, String)> {
        let like_cli = || format!("give it as on the command line: {key} = VALUE");
        let text = match (val, is_switch(arg)) {
            (Val::Switch(on), true) => return Ok(on.to_string()),
            (_, true) => {
                let problem = format!("{} is a switch: true or false", quote(key));
                return Err((problem, format!("write {key} = true or {key} = false")));
            }
            (Val::Text(text), false) => text,
            (Val::Switch(_), false) => {
                let problem = format!("{} takes a value, not true or false", quote(key));
                return Err((problem, like_cli()));
            }
            (Val::Other(what), false) => {
                let problem = format!("{} takes one value, not {what}", quote(key));
                return Err((problem, like_cli()));
            }
        };
        let probe = Command::new("unscramble").no_binary_name(true).arg(
            Arg::new("value")
                .long("value")
                .num_args(1)
                .value_parser(arg.get_value_parser().clone()),
        );
        let Err(e) = probe.try_get_matches_from([format!("--value={text}")]) else {
            return Ok(text.clone());
        };
        let option = match arg.get_long() {
            Some(long) => format!("--{long}"),
            None => key.to_uppercase(),
        };
        let problem = format!("invalid value {} for {}", quote(text), quote(key));
        let help = format!("see `unscramble {} --help` for {option}", self.name);
        Err(
            match (
                std::error::Error::source(&e),
                e.get(ContextKind::ValidValue),
            ) {
                (Some(source), _) => (format!("{problem}: {source}"), help),
                (None, Some(ContextValue::Strings(valid))) => {
                    (problem, format!("the values are {}", valid.join(", ")))
                }
                _ => (format!("{problem}: {}", e.kind()), help),
            },
        )
    }
}

/// Whether `a` and `b` cannot be given together in `cmd` (clap records a
/// conflict on one side only).
pub fn conflict(cmd: &Command, a: &Arg, b: &Arg) -> bool {
    let names = |x: &Arg, y: &Arg| {
        cmd.get_arg_conflicts_with(x)
            .iter()
            .any(|c| c.get_id() == y.get_id())
    };
    names(a, b) || names(b, a)
}

pub fn is_switch(arg: &Arg) -> bool {
    matches!(arg.get_action(), ArgAction::SetTrue | ArgAction::SetFalse)
}

/// What is wrong with a key that names no option where it stands.
pub fn misplaced(entry: &Entry, commands: &[Options], shared: &[&str]) -> Problem {
    let key = entry.key.as_str();
    let at = entry.key_at;
    let section = entry.section.as_deref();
    let under: Vec<String> = commands
        .iter()
        .filter(|o| o.arg(key).is_some())
        .map(|o| format!("[{}]", o.name))
        .collect();
    if section.is_none() && !under.is_empty() {
        let problem = format!("{} is not an option of every command", quote(key));
        return (at, problem, format!("put it under {}", list(&under, "or")));
    }
    if section.is_none() && SECTIONS.contains(&key) {
        let problem = format!("{} is a section, not an option", quote(key));
        let hint = format!("write [{key}] on a line of its own, with its keys below it");
        return (at, problem, hint);
    }
    let known: Vec<&str> = match section {
        Some(s) => commands
            .iter()
            .filter(|o| o.name == s)
            .flat_map(Options::keys)
            .collect(),
        None => shared.iter().copied().chain(SECTIONS).collect(),
    };
    let hint = match (closest(key, &known), section) {
        (Some(k), _) => format!("did you mean '{k}'?"),
        (None, Some(s)) => {
            format!("the keys are the long options of `unscramble {s} --help`, without the dashes")
        }
        (None, None) => {
            let shared: Vec<String> = shared.iter().map(|k| k.to_string()).collect();
            format!("above the sections stand only {}", list(&shared, "and"))
        }
    };
    (at, format!("unknown key {}", quote(key)), hint)
}

/// The known key a typo's distance from `key`, if any (`tile_size`: `tile-size`).
fn closest<'k>(key: &str, known: &[&'k str]) -> Option<&'k str> {
    known
        .iter()
        .map(|k| (edit_distance(key, k), *k))
        .filter(|&(d, _)| d <= 2)
        .min()
        .map(|(_, k)| k)
}

/// `a, b or c` (with `word` "or").
fn list(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}
