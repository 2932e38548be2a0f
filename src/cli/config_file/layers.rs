//! Which of the file's settings reach which command, each checked: a key
//! above the sections reaches every command, a section its own command and
//! those that render as it does, and the most specific place wins.

use super::keys::{conflict, is_switch, misplaced, Options};
use super::read::{Entry, Origin, Source};
use super::{reach, Problem, SECTIONS};
use clap::{Arg, Command};
use unscramble::error::{quote, InputError};

/// A command that renders as another does reads that command's section
/// first (its own then adds or overrides), but for the keys named here.
/// `serve` renders exactly what `render` would: the same puzzles, output
/// folder and image options; `--check` is render's alone.
const INHERITS: [(&str, &str, &[&str]); 1] = [("serve", "render", &["check"])];

/// One value of the file for one command.
pub struct Setting<'a> {
    pub command: &'static str,
    cmd: &'a Command,
    pub entry: &'a Entry,
    pub arg: &'a Arg,
    /// As the command line would spell it.
    pub value: String,
    rank: Rank,
}

/// Where a setting stands, the most specific last: a more specific one wins
/// over a less specific one for the same option or a conflicting one.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Rank {
    /// Above the sections: for every command.
    Everywhere,
    /// In the section of a command this one renders as (see [`INHERITS`]).
    Inherited,
    /// In the command's own section.
    Own,
}

/// How a setting in `section` reaches `command`, if it does.
fn rank(command: &str, section: &str, key: &str) -> Option<Rank> {
    if command == section {
        return Some(Rank::Own);
    }
    let inherits = INHERITS
        .iter()
        .any(|&(c, s, except)| c == command && s == section && !except.contains(&key));
    inherits.then_some(Rank::Inherited)
}

/// Every key and value of the file checked against every command (a typo
/// under `[solve]` fails a render too, so CI finds it), all errors at once;
/// then for each command, the settings that apply to it.
pub fn check<'a>(
    root: &'a Command,
    source: &Source,
    entries: &'a [Entry],
) -> Result<Vec<Setting<'a>>, Vec<InputError>> {
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
        let reaches: Vec<(&Options, Rank)> = match entry.section.as_deref() {
            None if shared.contains(&key) => {
                commands.iter().map(|o| (o, Rank::Everywhere)).collect()
            }
            Some(s) if commands.iter().any(|o| o.name == s && o.arg(key).is_some()) => commands
                .iter()
                .filter_map(|o| rank(o.name, s, key).map(|r| (o, r)))
                .collect(),
            _ => {
                problems.push(misplaced(entry, &commands, &shared));
                continue;
            }
        };
        for (options, rank) in reaches {
            let Some(arg) = options.arg(key) else {
                continue;
            };
            let value = options.value(arg, key, &entry.value).and_then(|value| {
                let beyond = (source.origin == Origin::Found)
                    .then(|| reach::beyond(key, arg, &value))
                    .flatten();
                match beyond {
                    Some(problem) => Err((problem, reach::instead(key, arg))),
                    None => Ok(value),
                }
            });
            match value {
                Ok(value) => settings.push(Setting {
                    command: options.name,
                    cmd: options.cmd,
                    entry,
                    arg,
                    value,
                    rank,
                }),
                Err((problem, hint)) => {
                    problems.push((entry.value_at, problem, hint));
                    break;
                }
            }
        }
    }
    let settings = most_specific(settings, &mut problems);
    if problems.is_empty() {
        return Ok(settings);
    }
    problems.sort();
    problems.dedup();
    Err(problems
        .into_iter()
        .map(|(at, problem, hint)| {
            InputError::new(&source.path, problem)
                .at(at.0, at.1)
                .hint(hint)
        })
        .collect())
}

/// For each command, the most specific setting of each option; one that
/// conflicts with a more specific one is dropped, and two that conflict in
/// one place are a problem (reported for the section's own command).
fn most_specific<'a>(
    mut settings: Vec<Setting<'a>>,
    problems: &mut Vec<Problem>,
) -> Vec<Setting<'a>> {
    // Stable: within a rank, in the order the file has them.
    settings.sort_by_key(|s| std::cmp::Reverse(s.rank));
    let on = |s: &Setting| !(is_switch(s.arg) && s.value == "false");
    let mut kept: Vec<Setting> = Vec::new();
    for s in settings {
        let mine = |k: &&Setting| k.command == s.command;
        if kept
            .iter()
            .filter(mine)
            .any(|k| k.arg.get_id() == s.arg.get_id())
        {
            continue;
        }
        let against = kept
            .iter()
            .filter(mine)
            .find(|k| on(k) && on(&s) && conflict(s.cmd, k.arg, s.arg));
        if let Some(other) = against {
            if other.rank == s.rank && s.rank != Rank::Inherited {
                let (first, then) = if other.entry.key_at < s.entry.key_at {
                    (other, &s)
                } else {
                    (&s, other)
                };
                let problem = format!(
                    "{} cannot be used with {} (line {}) in `unscramble {}`",
                    quote(&then.entry.key),
                    quote(&first.entry.key),
                    first.entry.key_at.0,
                    s.command
                );
                problems.push((then.entry.key_at, problem, "keep one of them".to_string()));
            }
            continue;
        }
        kept.push(s);
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::super::read::parse;
    use super::*;
    use std::path::PathBuf;

    /// What the file `text` (named with --config) sets for `command`: each
    /// key with its value, or the problems.
    fn settings(text: &str, command: &str) -> Result<Vec<String>, Vec<String>> {
        let source = Source {
            path: PathBuf::from("u.toml"),
            origin: Origin::Named,
        };
        let entries = parse(&source.path, text).map_err(|e| vec![e.to_string()])?;
        let root = crate::cli::negate::command();
        let checked = check(&root, &source, &entries);
        let checked = checked.map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
        let mut found: Vec<String> = checked
            .iter()
            .filter(|s| s.command == command)
            .map(|s| format!("{}={}", s.entry.key, s.value))
            .collect();
        found.sort();
        Ok(found)
    }

    #[test]
    fn serve_takes_renders_section_then_its_own_but_not_check() {
        let file = "quiet = true\n[render]\ntile-size = 40\nlabels = true\ncheck = true\n[serve]\ntile-size = 60\nport = 9000\n";
        assert_eq!(
            settings(file, "serve"),
            Ok(
                vec!["labels=true", "port=9000", "quiet=true", "tile-size=60"]
                    .into_iter()
                    .map(String::from)
                    .collect()
            )
        );
        let render = settings(file, "render").expect("valid");
        assert_eq!(
            render,
            ["check=true", "labels=true", "quiet=true", "tile-size=40"]
        );
        assert_eq!(settings(file, "solve"), Ok(vec!["quiet=true".to_string()]));
    }

    #[test]
    fn a_more_specific_place_wins_over_a_conflicting_setting() {
        // [serve]'s verbose over [render]'s quiet, a section's over the top's.
        let file = "quiet = true\n[render]\nverbose = true\n[serve]\nquiet = true\n";
        assert_eq!(
            settings(file, "render"),
            Ok(vec!["verbose=true".to_string()])
        );
        assert_eq!(settings(file, "serve"), Ok(vec!["quiet=true".to_string()]));
        // In one place: a problem, said once (not again for serve).
        let both = settings("[render]\nquiet = true\nverbose = true\n", "render");
        assert_eq!(
            both,
            Err(vec!["u.toml:3:1: 'verbose' cannot be used with 'quiet' (line 2) in `unscramble render` (keep one of them)".to_string()])
        );
    }

    #[test]
    fn a_bad_value_in_an_inherited_section_is_said_once() {
        let problems = settings("[render]\ntile-size = 2\n", "serve").expect_err("invalid");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].contains("see `unscramble render --help`"),
            "{problems:?}"
        );
    }
}
