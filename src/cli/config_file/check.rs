//! Each `key = value` of the file checked where it stands, by the option's
//! own clap parser as if given on the command line, and which of them
//! reach one command.

use super::keys::{arg_of, is_switch, misplaced, shared, sub, Wrong};
use super::problem::{ConfigError, Problem};
use super::reach;
use super::read::{Entry, Source, Val};
use clap::error::{ContextKind, ContextValue};
use clap::{Arg, Command};

/// A key and its value as the command line would spell it; `beyond`: more
/// than a file found in the current folder may set (a named file's such
/// settings are printed).
pub struct Setting<'e> {
    pub entry: &'e Entry,
    pub value: String,
    pub beyond: bool,
}

/// Every key and value checked where it stands (a typo under `[solve]`
/// fails a render too, so CI finds it), every problem at once.
pub fn check<'e>(
    root: &Command,
    source: &Source,
    entries: &'e [Entry],
) -> Result<Vec<Setting<'e>>, Vec<ConfigError>> {
    let (mut settings, mut wrong) = (Vec::new(), Vec::new());
    for entry in entries {
        match checked(root, source.found, entry) {
            Ok(setting) => settings.push(setting),
            Err(problem) => wrong.push(problem),
        }
    }
    // Two keys of one place that its command refuses together.
    for (i, then) in settings.iter().enumerate() {
        let place = then.entry.section.as_deref();
        let command = place.unwrap_or(super::SECTIONS[0]);
        let same = |first: &&Setting| first.entry.section.as_deref() == place;
        let clashing = |first: &&Setting| clash(sub(root, command), first, then);
        if let Some(first) = settings[..i].iter().filter(same).find(clashing) {
            let (key, other) = (then.entry.key.clone(), first.entry.key.clone());
            let problem = Problem::Conflict(key, other, first.entry.key_at.0, command.into());
            wrong.push((then.entry.key_at, problem, "keep one of them".into()));
        }
    }
    if wrong.is_empty() {
        return Ok(settings);
    }
    wrong.sort_by_key(|w| w.0);
    let error = |(at, problem, hint)| ConfigError::Key(source.path.clone(), at, problem, hint);
    Err(wrong.into_iter().map(error).collect())
}

/// The settings that reach command `name` (whose clap command is `cmd`),
/// the most specific for each option: its own section, then for `serve`
/// `[render]`'s (`serve` renders exactly what `render` would, but
/// `--check` is render's alone), then those above the sections. One that
/// conflicts with a more specific one is left out.
pub fn select<'s, 'e, 'c>(
    cmd: &'c Command,
    settings: &'s [Setting<'e>],
    name: &str,
) -> Vec<(&'s Setting<'e>, &'c Arg)> {
    let rank = |s: &Setting| match s.entry.section.as_deref() {
        Some(own) if own == name => Some(0),
        Some("render") if name == "serve" && s.entry.key != "check" => Some(1),
        Some(_) => None,
        None => Some(2),
    };
    let mut ranked: Vec<(u8, &Setting, &Arg)> = (settings.iter())
        .filter_map(|s| Some((rank(s)?, s, arg_of(cmd, &s.entry.key)?)))
        .collect();
    ranked.sort_by_key(|r| r.0);
    let mut kept: Vec<(&Setting, &Arg)> = Vec::new();
    for (_, s, arg) in ranked {
        if !kept
            .iter()
            .any(|(k, a)| a.get_id() == arg.get_id() || clash(cmd, k, s))
        {
            kept.push((s, arg));
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
        (Some(a), Some(b)) => partners(cmd, a).any(|p| p.get_id() == b.get_id()),
        _ => false,
    }
}

/// The arguments of `cmd` that undo `arg` when given on the command line:
/// those it conflicts with (clap records a conflict on one side only) and
/// its opposite form (`--no-labels`).
pub fn partners<'c>(cmd: &'c Command, arg: &'c Arg) -> impl Iterator<Item = &'c Arg> {
    let opposite = crate::cli::negate::opposite(arg.get_id().as_str());
    let conflicts = |x: &Arg, y: &Arg| {
        let against = cmd.get_arg_conflicts_with(x);
        against.iter().any(|c| c.get_id() == y.get_id())
    };
    (cmd.get_arguments())
        .filter(move |p| p.get_id() == opposite.as_str() || conflicts(arg, p) || conflicts(p, arg))
}

/// `entry` checked where it stands, and by what a found file may set.
fn checked<'e>(root: &Command, found: bool, entry: &'e Entry) -> Result<Setting<'e>, Wrong> {
    let (key, section) = (entry.key.as_str(), entry.section.as_deref());
    let command = section.unwrap_or(super::SECTIONS[0]);
    let arg = arg_of(sub(root, command), key)
        .filter(|_| section.is_some() || shared(root).iter().any(|k| k == key))
        .ok_or_else(|| misplaced(root, entry))?;
    let wrong = |(problem, hint)| (entry.value_at, problem, hint);
    let value = value_of(arg, key, &entry.value, command).map_err(wrong)?;
    match reach::beyond(key, arg, &value) {
        Some(reach) if found => Err(wrong((Problem::Beyond(reach), reach::instead(key, arg)))),
        reach => Ok(Setting {
            entry,
            value,
            beyond: reach.is_some(),
        }),
    }
}

/// The value as the command line would give it, checked by the option's
/// own value parser (in a command of that one option: the others'
/// requirements and conflicts are not this value's business).
fn value_of(arg: &Arg, key: &str, val: &Val, command: &str) -> Result<String, (Problem, String)> {
    let like_cli = || format!("give it as on the command line: {key} = VALUE");
    let not_one = |what| Err((Problem::NotOne(key.into(), what), like_cli()));
    let text = match (val, is_switch(arg)) {
        (Val::Switch(on), true) => return Ok(on.to_string()),
        (_, true) => {
            let hint = format!("write {key} = true or {key} = false");
            return Err((Problem::Switch(key.into()), hint));
        }
        (Val::Text(text), false) => text.clone(),
        (Val::Switch(_), false) => return not_one("true or false"),
        (Val::Other(what), false) => return not_one(what),
    };
    let parser = arg.get_value_parser().clone();
    let probe = Command::new("unscramble").no_binary_name(true);
    let probe = probe.arg(Arg::new("value").long("value").value_parser(parser));
    let Err(e) = probe.try_get_matches_from([format!("--value={text}")]) else {
        return Ok(text);
    };
    let option = arg
        .get_long()
        .map_or(key.to_uppercase(), |long| format!("--{long}"));
    let help = format!("see `unscramble {command} --help` for {option}");
    let invalid = |why| Problem::Invalid(key.into(), text.clone(), why);
    let valid = match e.get(ContextKind::ValidValue) {
        Some(ContextValue::Strings(valid)) => Some(format!("the values are {}", valid.join(", "))),
        _ => None,
    };
    Err(match (std::error::Error::source(&e), valid) {
        (Some(source), _) => (invalid(Some(source.to_string())), help),
        (None, Some(valid)) => (invalid(None), valid),
        (None, None) => (invalid(Some(e.kind().to_string())), help),
    })
}
