//! Each `key = value` of the file checked where it stands, by the option's
//! own clap parser as if given on the command line, and which of them
//! reach one command.

use super::keys::{arg_of, is_switch, misplaced, shared, sub, value_of, Wrong};
use super::problem::{ConfigError, Problem};
use super::read::{Entry, Origin, Source};
use super::{reach, SECTIONS};
use clap::{Arg, Command};

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
