//! What a config key names in one command, and how its value is checked:
//! by the option's own clap parser, as if given on the command line.

use super::problem::Problem;
use super::read::{Entry, Pos, Val};
use super::SECTIONS;
use crate::cli::meta_cmd::edit_distance;
use clap::error::{ContextKind, ContextValue};
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
    let help = |a: &Arg| {
        matches!(
            a.get_action(),
            ArgAction::Help | ArgAction::HelpShort | ArgAction::HelpLong | ArgAction::Version
        )
    };
    cmd.get_arguments()
        .filter(move |a| !a.is_global_set() && !a.is_hide_set() && !help(a))
        .filter_map(|a| match a.get_long() {
            Some(long) => Some((long.to_string(), a)),
            None if a.is_positional() && !a.get_default_values().is_empty() => {
                Some((a.get_id().as_str().replace('_', "-"), a))
            }
            None => None,
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

/// The value as the command line would give it, checked by the option's
/// own value parser (in a command of that one option: the others'
/// requirements and conflicts are not this value's business).
pub fn value_of(
    arg: &Arg,
    key: &str,
    val: &Val,
    command: &str,
) -> Result<String, (Problem, String)> {
    let like_cli = || format!("give it as on the command line: {key} = VALUE");
    let text = match (val, is_switch(arg)) {
        (Val::Switch(on), true) => return Ok(on.to_string()),
        (_, true) => {
            return Err((
                Problem::Switch(key.into()),
                format!("write {key} = true or {key} = false"),
            ))
        }
        (Val::Text(text), false) => text,
        (Val::Switch(_), false) => return Err((Problem::NotSwitch(key.into()), like_cli())),
        (Val::Other(what), false) => {
            return Err((
                Problem::NotOne {
                    key: key.into(),
                    what,
                },
                like_cli(),
            ))
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
    let option = arg
        .get_long()
        .map_or(key.to_uppercase(), |long| format!("--{long}"));
    let help = format!("see `unscramble {command} --help` for {option}");
    let invalid = |why| Problem::Invalid {
        key: key.into(),
        value: text.clone(),
        why,
    };
    Err(
        match (
            std::error::Error::source(&e),
            e.get(ContextKind::ValidValue),
        ) {
            (Some(source), _) => (invalid(Some(source.to_string())), help),
            (None, Some(ContextValue::Strings(valid))) => (
                invalid(None),
                format!("the values are {}", valid.join(", ")),
            ),
            _ => (invalid(Some(e.kind().to_string())), help),
        },
    )
}

/// What is wrong with a key that names no option where it stands.
pub fn misplaced(root: &Command, entry: &Entry) -> Wrong {
    let (key, at) = (entry.key.clone(), entry.key_at);
    let section = entry.section.as_deref();
    let shared = shared(root);
    let under: Vec<String> = (SECTIONS.iter())
        .filter(|s| {
            root.find_subcommand(s)
                .is_some_and(|c| arg_of(c, &key).is_some())
        })
        .map(|s| format!("[{s}]"))
        .collect();
    if section.is_none() && !under.is_empty() {
        return (
            at,
            Problem::NotShared(key),
            format!("put it under {}", list(&under, "or")),
        );
    }
    if section.is_none() && SECTIONS.contains(&key.as_str()) {
        let hint = format!("write [{key}] on a line of its own, with its keys below it");
        return (at, Problem::Section(key), hint);
    }
    let known: Vec<String> = match section {
        Some(s) => keys(sub(root, s)).map(|(k, _)| k).collect(),
        None => shared
            .iter()
            .cloned()
            .chain(SECTIONS.map(String::from))
            .collect(),
    };
    let closest = (known.iter())
        .map(|k| (edit_distance(&key, k), k))
        .filter(|&(d, _)| d <= 2)
        .min();
    let hint = match (closest, section) {
        (Some((_, k)), _) => format!("did you mean '{k}'?"),
        (None, Some(s)) => {
            format!("the keys are the long options of `unscramble {s} --help`, without the dashes")
        }
        (None, None) => format!("above the sections stand only {}", list(&shared, "and")),
    };
    (at, Problem::Unknown(key), hint)
}

/// `a, b or c` (with `word` "or").
fn list(items: &[String], word: &str) -> String {
    match items {
        [rest @ .., last] if !rest.is_empty() => format!("{} {word} {last}", rest.join(", ")),
        _ => items.join(""),
    }
}
