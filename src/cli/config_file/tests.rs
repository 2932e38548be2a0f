//! The layering and the one reading of the command line, on files given as
//! text (named with --config, so nothing is beyond their reach).

use super::check::check;
use super::read::{parse as toml, Source};
use super::{parse, scan, ConfigError};
use crate::cli::{render_cmd::RenderArgs, serve_cmd::ServeArgs, Cli, Command};
use std::ffi::OsString;

/// The command line `args` read once with the file `text`, or the problems.
fn parsed(text: &str, args: &str) -> Result<Cli, Vec<String>> {
    let source = Source {
        path: "u.toml".into(),
        found: false,
    };
    let entries = toml(&source.path, text).map_err(|e| vec![e.to_string()])?;
    let argv = std::iter::once("unscramble").chain(args.split_whitespace());
    let argv: Vec<OsString> = argv.map(OsString::from).collect();
    let root = crate::cli::negate::command();
    let scanned = scan::scan(&root, &argv);
    let said = |e: Vec<ConfigError>| -> Vec<String> { e.iter().map(ToString::to_string).collect() };
    let settings = check(&root, &source, &entries).map_err(said)?;
    let parsed = parse(root, &argv, &scanned, &settings);
    parsed.map(|(cli, _)| cli).map_err(|e| vec![e.to_string()])
}

fn render(text: &str, args: &str) -> RenderArgs {
    match parsed(text, args).map(|cli| cli.command) {
        Ok(Some(Command::Render(r))) => r,
        _ => panic!("render {args}"),
    }
}

fn serve(text: &str, args: &str) -> ServeArgs {
    match parsed(text, args).map(|cli| cli.command) {
        Ok(Some(Command::Serve(s))) => s,
        _ => panic!("serve {args}"),
    }
}

#[test]
fn serve_takes_renders_section_then_its_own_but_not_check() {
    let file = "quiet = true\n[render]\ntile-size = 40\nlabels = true\ncheck = true\n[serve]\ntile-size = 60\nport = 9000\n";
    let s = serve(file, "serve");
    let r = &s.render;
    assert_eq!(
        (r.quiet, r.labels, r.check, r.tile_size, s.port),
        (true, true, false, Some(60), 9000)
    );
    let r = render(file, "render");
    assert_eq!(
        (r.quiet, r.labels, r.check, r.tile_size),
        (true, true, true, Some(40))
    );
    match parsed(file, "solve p").map(|cli| cli.command) {
        Ok(Some(Command::Solve(s))) => assert!(s.chatter.quiet),
        _ => panic!("solve"),
    }
}

#[test]
fn a_more_specific_place_wins_over_a_conflicting_setting() {
    // [serve]'s quiet over [render]'s verbose, a section's over the top's.
    let file = "quiet = true\n[render]\nverbose = true\n[serve]\nquiet = true\n";
    let r = render(file, "render");
    assert_eq!((r.quiet, r.verbose), (false, true));
    let r = serve(file, "serve").render;
    assert_eq!((r.quiet, r.verbose), (true, false));
    // In one place: a problem, said once (not again for serve).
    let both = parsed("[render]\nquiet = true\nverbose = true\n", "serve").err();
    assert_eq!(
        both,
        Some(vec!["u.toml:3:1: 'verbose' cannot be used with 'quiet' (line 2) in `unscramble render` (keep one of them)".to_string()])
    );
}

#[test]
fn a_bad_value_in_an_inherited_section_is_said_once() {
    let problems = parsed("[render]\ntile-size = 2\n", "serve")
        .err()
        .unwrap_or_default();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("see `unscramble render --help`"),
        "{problems:?}"
    );
}

#[test]
fn the_command_line_undoes_a_files_setting_in_the_one_reading() {
    let file = "[render]\nquiet = true\nlabels = true\nno-snippet = true\ntile-size = 40\n";
    let r = render(file, "render");
    assert_eq!(
        (r.quiet, r.verbose, r.labels, r.no_snippet, r.tile_size),
        (true, false, true, true, Some(40))
    );
    let r = render(file, "render -v --no-labels --snippet x.md --tile-size=60");
    assert_eq!(
        (r.quiet, r.verbose, r.labels, r.no_snippet, r.tile_size),
        (false, true, false, false, Some(60))
    );
    assert_eq!(r.snippet, "x.md");
    // The last of a switch and its opposite wins over the file too.
    assert!(render(file, "render --no-labels --labels").labels);
    assert!(render("[render]\nsnippet = \"x.md\"\n", "render --no-snippet").no_snippet);
    // After `--`, an argument is no option: the file's quiet stays.
    assert_eq!(render(file, "render -- -v").puzzles.to_str(), Some("-v"));
    assert!(render(file, "render -- -v").quiet);
}
