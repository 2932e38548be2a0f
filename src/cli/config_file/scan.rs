//! Which command the arguments name, which config file they choose and
//! which options they give, found before clap reads them, so that clap
//! reads them once, with the file's values as its defaults. This is no
//! second parser: it knows only which options take a value (from clap's
//! own command, as clap does), so a value is never taken for an option
//! (`-o --config` is an error clap reports, `-o--config` an output folder)
//! and nothing after `--` is one.

use clap::{Arg, Command, Id};
use std::ffi::OsString;
use std::path::PathBuf;

/// What the arguments say before clap reads them.
#[derive(Default)]
pub struct Scan {
    /// The command named, if any (none: `render`).
    pub command: Option<String>,
    /// `--config FILE`, the last one given.
    pub config: Option<PathBuf>,
    pub no_config: bool,
    /// `--help`, `-h`, `--version`, `-V` or `help`: answered with the
    /// built-in defaults, so no file is read.
    pub help: bool,
    /// The options given, which undo the file's for their partners.
    pub given: Vec<Id>,
}

/// Scans `argv` (with the program's name first) against `root`.
pub fn scan(root: &Command, argv: &[OsString]) -> Scan {
    let mut found = Scan::default();
    let (mut cmd, mut positional) = (root, false);
    let mut args = argv.iter().skip(1).peekable();
    // The next argument as the value of the option before it, unless it is
    // an option itself (clap then reports the missing value).
    let is_value = |v: &&OsString| v.to_str().is_none_or(|t| t == "-" || !t.starts_with('-'));
    // The option of `cmd` (or a global one of `root`) that `is` picks:
    // its id, and whether it takes a value.
    let find = |cmd: &Command, is: &dyn Fn(&Arg) -> bool| {
        let global = || root.get_arguments().find(|a| a.is_global_set() && is(a));
        let arg = cmd.get_arguments().find(|a| is(a)).or_else(global)?;
        Some((arg.get_id().clone(), arg.get_action().takes_values()))
    };
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        if text == "--" {
            break;
        } else if let Some(long) = text.strip_prefix("--") {
            let (name, attached) = match long.split_once('=') {
                Some((name, value)) => (name, Some(OsString::from(value))),
                None => (long, None),
            };
            found.help |= matches!(name, "help" | "version");
            found.no_config |= name == "no-config";
            let (id, takes) = find(cmd, &|a| a.get_long() == Some(name)).unzip();
            let value = attached.or_else(|| takes?.then(|| args.next_if(is_value).cloned())?);
            if name == "config" {
                found.config = value.map(PathBuf::from);
            }
            found.given.extend(id);
        } else if text.len() > 1 && text.starts_with('-') {
            // A cluster of short options: the first that takes a value
            // takes the rest of the cluster, or the next argument.
            for (i, c) in text.char_indices().skip(1) {
                let (id, takes) = find(cmd, &|a| a.get_short() == Some(c)).unzip();
                found.help |= id.is_none() && matches!(c, 'h' | 'V');
                found.given.extend(id);
                if takes == Some(true) {
                    if i + c.len_utf8() == text.len() {
                        args.next_if(is_value);
                    }
                    break;
                }
            }
        } else if !positional {
            positional = true;
            found.help |= found.command.is_none() && text == "help";
            if let Some(sub) = cmd.find_subcommand(text.as_ref()) {
                (found.command, cmd, positional) = (Some(sub.get_name().into()), sub, false);
            }
        }
    }
    found
}

/// `command config given...` (`-` for none; `help` last when asked).
#[test]
fn the_command_options_and_config_are_found_wherever_clap_finds_them() {
    let scanned = |args: &str| {
        let argv = std::iter::once("unscramble").chain(args.split_whitespace());
        let argv: Vec<OsString> = argv.map(OsString::from).collect();
        let found = scan(&crate::cli::negate::command(), &argv);
        let config = found.config.map(|c| c.display().to_string());
        let mut said = vec![
            found.command.unwrap_or("-".into()),
            config.unwrap_or("-".into()),
        ];
        said.extend(found.given.iter().map(|id| id.to_string()));
        said.extend(found.no_config.then(|| "NO".into()));
        said.extend(found.help.then(|| "help".into()));
        said.join(" ")
    };
    for (args, expected) in [
        ("", "- -"),
        ("-q --tile-size 40", "- - quiet tile_size"),
        ("--config=a.toml solve p", "solve a.toml config"),
        ("solve p --config a.toml", "solve a.toml config"),
        ("--config render", "- render config"),
        ("render --no-config -q", "render - no_config quiet NO"),
        ("animate -o --config x", "animate x out config"),
        ("-o--config -q", "- - out quiet"),
        ("-qo --no-config", "- - quiet out no_config NO"),
        ("-o solve", "- - out"),
        ("render -v -- --config x --no-config -h", "render - verbose"),
        ("serve p --no-labels", "serve - labels-off"),
        ("puzzles solve", "- -"),
        ("generate g --size 2 -h", "generate - size help"),
        ("-qh", "- - quiet help"),
        ("-oh", "- - out"),
        ("help render", "- - help"),
        ("--version", "- - help"),
    ] {
        assert_eq!(scanned(args), expected, "{args}");
    }
}
