//! Each `key = value` of the file checked where it stands, by the option's
//! own clap parser as if given on the command line, and which of them
//! reach one command.

use super::problem::{ConfigError, Problem};
use super::read::{Entry, Origin, Pos, Source, Val};
use super::{reach, SECTIONS};
use crate::cli::meta_cmd::edit_distance;
use clap::error::{ContextKind, ContextValue};
use clap::{Arg, ArgAction, Command};

/// A command that renders as another does reads that command's section
/// first (its own then adds or overrides), but for the keys named here.
/// `serve` renders exactly what `render` would: the same puzzles, output
/// folder and image options; `--check` is render's alone.
const INHERITS: [(&str, &str, &[&str]); 1] = [("serve", "render", &["check"])];

/// A key and its value as the command line would spell it.
pub struct Setting<'e> {
    pub entry: &'e Entry,
    pub value: String,
}

type Wrong = (Pos, Problem, String);

/// Every key and value checked where it stands (a typo under `[solve]`
/// fails a render too, so CI finds it), every problem at once.
pub fn check<'e>(
    root: &Command,
    source: &Source,
    entries: &'e [Entry],
) -> Result<Vec<Setting<'e>>, Vec<ConfigError>> {
    let mut wrong: Vec<Wrong> = Vec::new();
    let mut settings = Vec::new();
    for entry in entries {
        match checked(root, source.origin, entry) {
            Ok(value) => settings.push(Setting { entry, value }),
            Err(problem) => wrong.push(problem),
        }
    }
    // Two keys of one place that its command refuses together.
    let places = std::iter::once((None, SECTIONS[0])).chain(SECTIONS.map(|s| (Some(s), s)));
    for (place, name) in places {
        let cmd = sub(root, name);
        let here: Vec<&Setting> = (settings.iter())
            .filter(|s| s.entry.section.as_deref() == place)
            .collect();
        for (i, then) in here.iter().enumerate() {
            let against = here[..i].iter().find(|first| clash(cmd, first, then));
            if let Some(first) = against {
                let problem = Problem::Conflict {
                    key: then.entry.key.clone(),
                    other: first.entry.key.clone(),
                    line: first.entry.key_at.0,
                    command: name,
                };
                wrong.push((then.entry.key_at, problem, "keep one of them".to_string()));
            }
        }
    }
    if wrong.is_empty() {
        return Ok(settings);
    }
    wrong.sort();
    let path = &source.path;
    Err(wrong
        .into_iter()
        .map(|(at, p, hint)| p.at(path, at, hint))
        .collect())
}

/// The settings that reach command `name` (whose clap command is `cmd`),
/// the most specific for each option: its own section, then the section
/// it inherits, then above the sections. One that conflicts with a more
/// specific one is left out.
pub fn select<'s, 'e>(
    cmd: &Command,
    settings: &'s [Setting<'e>],
    name: &str,
) -> Vec<&'s Setting<'e>> {
    let rank = |s: &&Setting| match s.entry.section.as_deref() {
        Some(section) if section == name => Some(0),
        Some(section) => INHERITS
            .iter()
            .any(|&(c, from, except)| {
                c == name && from == section && !except.contains(&s.entry.key.as_str())
            })
            .then_some(1),
        None => Some(2),
    };
    let mut ranked: Vec<(u8, &Setting)> = settings
        .iter()
        .filter_map(|s| rank(&s).map(|r| (r, s)))
        .collect();
    ranked.sort_by_key(|&(r, _)| r);
    let mut kept: Vec<&Setting> = Vec::new();
    for (_, s) in ranked {
        let Some(arg) = arg_of(cmd, &s.entry.key) else {
            continue;
        };
        let same =
            |k: &&Setting| arg_of(cmd, &k.entry.key).is_some_and(|a| a.get_id() == arg.get_id());
        if !kept.iter().any(|k| same(k) || clash(cmd, k, s)) {
            kept.push(s);
        }
    }
    kept
}

/// Whether two settings are both on and refused together in `cmd`.
fn clash(cmd: &Command, a: &Setting, b: &Setting) -> bool {
    let on = |s: &Setting| {
        arg_of(cmd, &s.entry.key).filter(|arg| !(is_switch(arg) && s.value == "false"))
    };
    match (on(a), on(b)) {
        (Some(a), Some(b)) => partners(cmd, a).iter().any(|p| p.get_id() == b.get_id()),
        _ => false,
    }
}

/// The arguments of `cmd` that undo `arg` when given on the command line:
/// those it conflicts with (clap records a conflict on one side only) and
/// its opposite form (`--no-labels`).
pub fn partners<'c>(cmd: &'c Command, arg: &Arg) -> Vec<&'c Arg> {
    let opposite = crate::cli::negate::opposite(arg.get_id().as_str());
    let conflicts = |x: &Arg, y: &Arg| {
        cmd.get_arg_conflicts_with(x)
            .iter()
            .any(|c| c.get_id() == y.get_id())
    };
    cmd.get_arguments()
        .filter(|p| p.get_id() == opposite.as_str() || conflicts(arg, p) || conflicts(p, arg))
        .collect()
}

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
fn shared(root: &Command) -> Vec<String> {
    let every = |k: &String| SECTIONS.iter().all(|s| arg_of(sub(root, s), k).is_some());
    keys(sub(root, SECTIONS[0]))
        .map(|(k, _)| k)
        .filter(every)
        .collect()
}

/// The value of `entry`, checked where it stands, and by what a file found
/// in the current folder may set.
fn checked(root: &Command, origin: Origin, entry: &Entry) -> Result<String, Wrong> {
    let key = entry.key.as_str();
    let name = SECTIONS
        .iter()
        .find(|&&s| entry.section.as_deref() == Some(s));
    let arg = match (name, arg_of(sub(root, name.unwrap_or(&SECTIONS[0])), key)) {
        (Some(_), Some(arg)) => arg,
        (None, Some(arg)) if shared(root).iter().any(|k| k == key) => arg,
        _ => return Err(misplaced(root, entry)),
    };
    let wrong = |(problem, hint)| (entry.value_at, problem, hint);
    let value = value_of(arg, key, &entry.value, name.unwrap_or(&SECTIONS[0])).map_err(wrong)?;
    match reach::beyond(key, arg, &value).filter(|_| origin == Origin::Found) {
        Some(reach) => Err(wrong((Problem::Beyond(reach), reach::instead(key, arg)))),
        None => Ok(value),
    }
}

/// The value as the command line would give it, checked by the option's
/// own value parser (in a command of that one option: the others'
/// requirements and conflicts are not this value's business).
fn value_of(arg: &Arg, key: &str, val: &Val, command: &str) -> Result<String, (Problem, String)> {
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
fn misplaced(root: &Command, entry: &Entry) -> Wrong {
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
