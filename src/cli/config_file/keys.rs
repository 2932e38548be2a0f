//! What a config key names: derived from clap's own command, so an option
//! added to the command line is a key at once, under its command's section.

use super::problem::Problem;
use super::read::{Entry, Pos};
use super::SECTIONS;
use crate::cli::meta_cmd::edit_distance;
use clap::{Arg, ArgAction, Command};

/// Where a key stands, what is wrong, and how to fix it.
pub type Wrong = (Pos, Problem, String);

/// The command named (the root for `render` when none is).
pub fn sub<'c>(root: &'c Command, name: &str) -> &'c Command {
    root.find_subcommand(name).unwrap_or(root)
}

/// The option of `cmd` that `key` names: a long option by its long name,
/// or a positional argument that has a default (`puzzles`). Help, version,
/// the hidden opposites (a file says `labels = false`) and the global
/// config options are not for a file to set.
pub fn arg_of<'c>(cmd: &'c Command, key: &str) -> Option<&'c Arg> {
    keys(cmd).find(|(k, _)| k == key).map(|(_, a)| a)
}

fn keys(cmd: &Command) -> impl Iterator<Item = (String, &Arg)> {
    let meta = |a: &Arg| {
        matches!(
            a.get_action(),
            ArgAction::Help | ArgAction::HelpShort | ArgAction::HelpLong | ArgAction::Version
        )
    };
    let settable = move |a: &&Arg| !a.is_global_set() && !a.is_hide_set() && !meta(a);
    cmd.get_arguments().filter(settable).filter_map(|a| {
        let positional = a.is_positional() && !a.get_default_values().is_empty();
        let key = match a.get_long() {
            Some(long) => long.to_string(),
            None => positional.then(|| a.get_id().as_str().replace('_', "-"))?,
        };
        Some((key, a))
    })
}

pub fn is_switch(arg: &Arg) -> bool {
    matches!(arg.get_action(), ArgAction::SetTrue | ArgAction::SetFalse)
}

/// The keys every command has: these may stand above the sections.
pub fn shared(root: &Command) -> Vec<String> {
    let every = |k: &String| SECTIONS.iter().all(|s| arg_of(sub(root, s), k).is_some());
    keys(sub(root, SECTIONS[0]))
        .map(|(k, _)| k)
        .filter(every)
        .collect()
}

/// What is wrong with a key that names no option where it stands.
pub fn misplaced(root: &Command, entry: &Entry) -> Wrong {
    let (key, section) = (entry.key.clone(), entry.section.as_deref());
    let under: Vec<String> = (SECTIONS.iter())
        .filter(|s| arg_of(sub(root, s), &key).is_some())
        .map(|s| format!("[{s}]"))
        .collect();
    let shared = shared(root);
    let known: Vec<String> = match section {
        Some(s) => keys(sub(root, s)).map(|(k, _)| k).collect(),
        None => shared
            .iter()
            .cloned()
            .chain(SECTIONS.map(String::from))
            .collect(),
    };
    let near = (known.into_iter().map(|k| (edit_distance(&key, &k), k))).filter(|n| n.0 <= 2);
    let (problem, hint) = match (section, near.min()) {
        (None, _) if !under.is_empty() => {
            let hint = format!("put it under {}", list(&under, "or"));
            (Problem::NotShared(key), hint)
        }
        (None, _) if SECTIONS.contains(&key.as_str()) => {
            let hint = format!("write [{key}] on a line of its own, with its keys below it");
            (Problem::Section(key), hint)
        }
        (_, Some((_, near))) => (Problem::Unknown(key), format!("did you mean '{near}'?")),
        (Some(s), None) => (
            Problem::Unknown(key),
            format!("the keys are the long options of `unscramble {s} --help`, without the dashes"),
        ),
        (None, None) => (
            Problem::Unknown(key),
            format!("above the sections stand only {}", list(&shared, "and")),
        ),
    };
    (entry.key_at, problem, hint)
}

/// `a, b or c` (with `word` "or").
fn list(items: &[String], word: &str) -> String {
    match items {
        [rest @ .., last] if !rest.is_empty() => format!("{} {word} {last}", rest.join(", ")),
        _ => items.join(""),
    }
}
