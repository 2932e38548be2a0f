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
    // The argument of `cmd` (or a global one of `root`) that `is` picks.
    let find = |cmd: &'_ Command, is: &dyn Fn(&Arg) -> bool| {
        let global = || root.get_arguments().find(|a| a.is_global_set() && is(a));
        cmd.get_arguments().find(|a| is(a)).or_else(global).cloned()
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
            let option = find(cmd, &|a| a.get_long() == Some(name));
            let takes = option
                .as_ref()
                .is_some_and(|a| a.get_action().takes_values());
            let value = attached.or_else(|| takes.then(|| args.next_if(is_value).cloned())?);
            if name == "config" {
                found.config = value.map(PathBuf::from);
            }
            found.given.extend(option.map(|a| a.get_id().clone()));
        } else if text.len() > 1 && text.starts_with('-') {
            // A cluster of short options: the first that takes a value
            // takes the rest of the cluster, or the next argument.
            for (i, c) in text.char_indices().skip(1) {
                let option = find(cmd, &|a| a.get_short() == Some(c));
                found.help |= option.is_none() && matches!(c, 'h' | 'V');
                let takes = option
                    .as_ref()
                    .is_some_and(|a| a.get_action().takes_values());
                found.given.extend(option.map(|a| a.get_id().clone()));
                if takes {
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

#[test]
fn the_command_options_and_config_are_found_wherever_clap_finds_them() {
    let scanned = |args: &str| {
        let argv = std::iter::once("unscramble").chain(args.split_whitespace());
        let found = scan(
            &crate::cli::negate::command(),
            &argv.map(OsString::from).collect::<Vec<_>>(),
        );
        let given: Vec<&str> = found.given.iter().map(Id::as_str).collect();
        let config = found.config.as_ref().map(|c| c.display().to_string());
        let help = if found.help { " help" } else { "" };
        format!(
            "{:?} {config:?} {} {given:?}{help}",
            found.command, found.no_config
        )
    };
    for (args, expected) in [
        ("", "None None false []"),
        (
            "-q --tile-size 40",
            r#"None None false ["quiet", "tile_size"]"#,
        ),
        (
            "--config=a.toml solve p",
            r#"Some("solve") Some("a.toml") false ["config"]"#,
        ),
        (
            "solve p --config a.toml",
            r#"Some("solve") Some("a.toml") false ["config"]"#,
        ),
        ("--config render", r#"None Some("render") false ["config"]"#),
        (
            "render --no-config -q",
            r#"Some("render") None true ["no_config", "quiet"]"#,
        ),
        (
            "animate -o --config x",
            r#"Some("animate") Some("x") false ["out", "config"]"#,
        ),
        ("-o--config -q", r#"None None false ["out", "quiet"]"#),
        (
            "-qo --no-config",
            r#"None None true ["quiet", "out", "no_config"]"#,
        ),
        ("-o solve", r#"None None false ["out"]"#),
        (
            "render -v -- --config x --no-config -h",
            r#"Some("render") None false ["verbose"]"#,
        ),
        (
            "serve p --no-labels",
            r#"Some("serve") None false ["labels-off"]"#,
        ),
        ("puzzles solve", "None None false []"),
        (
            "generate g --size 2 -h",
            r#"Some("generate") None false ["size"] help"#,
        ),
        ("-qh", r#"None None false ["quiet"] help"#),
        ("-oh", r#"None None false ["out"]"#),
        ("help render", "None None false [] help"),
        ("--version", "None None false [] help"),
    ] {
        assert_eq!(scanned(args), expected, "{args}");
    }
}
