//! The layering and the one reading of the command line, on files given as
//! text (named with --config, so nothing is beyond their reach).

use super::check::{check, select};
use super::keys::sub;
use super::read::{parse, Origin, Source};
use super::with_defaults;
use crate::cli::negate::command;
use crate::cli::{Cli, Command as Sub};
use clap::FromArgMatches;
use std::path::PathBuf;

fn source() -> Source {
    Source {
        path: PathBuf::from("u.toml"),
        origin: Origin::Named,
    }
}

/// What the file `text` sets for `command`: each key with its value, or
/// the problems.
fn settings(text: &str, command: &str) -> Result<Vec<String>, Vec<String>> {
    let entries = parse(&source().path, text).map_err(|e| vec![e.to_string()])?;
    let root = super::command();
    let checked = check(&root, &source(), &entries);
    let checked = checked.map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    let chosen = select(sub(&root, command), &checked, command);
    let mut found: Vec<String> = (chosen.iter())
        .map(|s| format!("{}={}", s.entry.key, s.value))
        .collect();
    found.sort();
    Ok(found)
}

/// The command line `args` read once, with the file `text` as defaults.
fn parsed(text: &str, args: &[&str]) -> Cli {
    let entries = parse(&source().path, text).expect("TOML");
    let root = command();
    let checked = check(&root, &source(), &entries).expect("valid");
    let cmd = sub(&root, args[0]);
    let chosen = select(cmd, &checked, args[0]);
    let defaulted = root
        .clone()
        .mut_subcommand(args[0], |c| with_defaults(c, &chosen));
    let argv = std::iter::once("unscramble").chain(args.iter().copied());
    let matches = defaulted.try_get_matches_from(argv).expect("parses");
    Cli::from_arg_matches(&matches).expect("fills")
}

fn render(cli: Cli) -> crate::cli::render_cmd::RenderArgs {
    match cli.command {
        Some(Sub::Render(r)) => r,
        _ => panic!("render"),
    }
}

#[test]
fn serve_takes_renders_section_then_its_own_but_not_check() {
    let file = "quiet = true\n[render]\ntile-size = 40\nlabels = true\ncheck = true\n[serve]\ntile-size = 60\nport = 9000\n";
    let serve = ["labels=true", "port=9000", "quiet=true", "tile-size=60"];
    assert_eq!(
        settings(file, "serve"),
        Ok(serve.map(String::from).to_vec())
    );
    let render = ["check=true", "labels=true", "quiet=true", "tile-size=40"];
    assert_eq!(
        settings(file, "render"),
        Ok(render.map(String::from).to_vec())
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

#[test]
fn the_command_line_undoes_a_files_setting_in_the_one_reading() {
    let file = "[render]\nquiet = true\nlabels = true\nno-snippet = true\ntile-size = 40\n";
    let r = render(parsed(file, &["render"]));
    assert_eq!(
        (r.quiet, r.verbose, r.labels, r.no_snippet, r.tile_size),
        (true, false, true, true, Some(40))
    );
    let r = render(parsed(
        file,
        &[
            "render",
            "-v",
            "--no-labels",
            "--snippet",
            "x.md",
            "--tile-size=60",
        ],
    ));
    assert_eq!(
        (r.quiet, r.verbose, r.labels, r.no_snippet),
        (false, true, false, false)
    );
    assert_eq!((r.snippet.as_str(), r.tile_size), ("x.md", Some(60)));
    // The last of a switch and its opposite wins over the file too.
    assert!(render(parsed(file, &["render", "--no-labels", "--labels"])).labels);
    let r = render(parsed(
        "[render]\nsnippet = \"x.md\"\n",
        &["render", "--no-snippet"],
    ));
    assert!(r.no_snippet);
}
