//! Which command the arguments name and which config file they choose,
//! found before clap reads them, so that clap reads them once, with the
//! file's values as its defaults. This is no second parser: it knows only
//! which options take a value (from clap's own command, as clap does), so
//! a value is never taken for an option (`-o --config` is an error clap
//! reports, `-o--config` an output folder) and nothing after `--` is one.

use clap::{Arg, Command};
use std::ffi::OsString;
use std::path::PathBuf;

/// What the arguments say before clap reads them.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Scan {
    /// The command named, if any (none: `render`).
    pub command: Option<String>,
    /// `--config FILE`, the last one given.
    pub config: Option<PathBuf>,
    pub no_config: bool,
    /// `--help`, `-h`, `--version`, `-V` or `help`: answered with the
    /// built-in defaults, so no file is read.
    pub help: bool,
}

/// Scans `argv` (with the program's name first) against `root`.
pub fn scan(root: &Command, argv: &[OsString]) -> Scan {
    let mut found = Scan::default();
    let mut cmd = root;
    let mut positional = false;
    let mut args = argv.iter().skip(1).peekable();
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        if text == "--" {
            break;
        }
        if let Some(long) = text.strip_prefix("--") {
            let (name, attached) = match long.split_once('=') {
                Some((name, v)) => (name, Some(OsString::from(v))),
                None => (long, None),
            };
            found.help |= matches!(name, "help" | "version");
            found.no_config |= name == "no-config";
            let takes = find(root, cmd, |a| a.get_long() == Some(name)).is_some_and(takes_value);
            let given = match attached {
                Some(v) => Some(v),
                None if takes => value(&mut args),
                None => None,
            };
            if name == "config" {
                found.config = given.map(PathBuf::from);
            }
        } else if text.len() > 1 && text.starts_with('-') {
            // A cluster of short options: the first that takes a value
            // takes the rest of the cluster, or the next argument.
            for (i, c) in text.char_indices().skip(1) {
                match find(root, cmd, |a| a.get_short() == Some(c)) {
                    Some(a) if takes_value(a) => {
                        if i + c.len_utf8() == text.len() {
                            value(&mut args);
                        }
                        break;
                    }
                    Some(_) => {}
                    None => found.help |= matches!(c, 'h' | 'V'),
                }
            }
        } else if !positional {
            positional = true;
            if found.command.is_none() && text == "help" {
                found.help = true;
            } else if let Some(sub) = cmd
                .find_subcommand(text.as_ref())
                .filter(|_| found.command.is_none())
            {
                found.command = Some(sub.get_name().to_string());
                cmd = sub;
                positional = false;
            }
        }
    }
    found
}

/// The next argument as the value of the option before it, unless it is
/// an option itself (clap then reports the missing value).
fn value<'a>(
    args: &mut std::iter::Peekable<impl Iterator<Item = &'a OsString>>,
) -> Option<OsString> {
    let next = args.peek().map(|v| v.to_string_lossy());
    let is_value = next.is_some_and(|t| t == "-" || !t.starts_with('-'));
    is_value.then(|| args.next().cloned()).flatten()
}

/// The argument of `cmd` (or a global one of `root`) that `is` picks.
fn find<'c>(root: &'c Command, cmd: &'c Command, is: impl Fn(&Arg) -> bool) -> Option<&'c Arg> {
    let global = || root.get_arguments().find(|a| a.is_global_set() && is(a));
    cmd.get_arguments().find(|a| is(a)).or_else(global)
}

fn takes_value(arg: &Arg) -> bool {
    arg.get_action().takes_values()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scanned(args: &str) -> Scan {
        let argv: Vec<OsString> = std::iter::once("unscramble")
            .chain(args.split_whitespace())
            .map(OsString::from)
            .collect();
        scan(&crate::cli::negate::command(), &argv)
    }

    fn with(command: Option<&str>, config: Option<&str>, no_config: bool, help: bool) -> Scan {
        Scan {
            command: command.map(str::to_string),
            config: config.map(PathBuf::from),
            no_config,
            help,
        }
    }

    #[test]
    fn the_command_and_the_config_options_are_found_wherever_clap_finds_them() {
        for (args, expected) in [
            ("", with(None, None, false, false)),
            ("-q --tile-size 40", with(None, None, false, false)),
            (
                "--config=a.toml solve p",
                with(Some("solve"), Some("a.toml"), false, false),
            ),
            (
                "solve p --config a.toml",
                with(Some("solve"), Some("a.toml"), false, false),
            ),
            ("--config render", with(None, Some("render"), false, false)),
            (
                "render --no-config -q",
                with(Some("render"), None, true, false),
            ),
            (
                "animate -o --config x",
                with(Some("animate"), Some("x"), false, false),
            ),
            ("-o--config -q", with(None, None, false, false)),
            ("-qo --no-config", with(None, None, true, false)),
            ("-o solve", with(None, None, false, false)),
            (
                "render -- --config x --no-config -h",
                with(Some("render"), None, false, false),
            ),
            ("serve p", with(Some("serve"), None, false, false)),
            ("puzzles solve", with(None, None, false, false)),
            (
                "generate g --size 2 -h",
                with(Some("generate"), None, false, true),
            ),
            ("-qh", with(None, None, false, true)),
            ("-oh", with(None, None, false, false)),
            ("help render", with(None, None, false, true)),
            ("--version", with(None, None, false, true)),
        ] {
            assert_eq!(scanned(args), expected, "{args}");
        }
    }
}
