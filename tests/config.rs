//! `unscramble.toml`: the options CI and people share, read by every command.

mod common;
#[path = "config/project.rs"]
mod project;

use common::*;
use project::{board, png_width, project, run_in};
use std::fs;
use std::path::Path;

#[test]
fn a_config_value_is_applied_and_a_changed_one_renders_again() {
    let p = project("[render]\ntile-size = 40\n");
    let (code, _, err) = run_in(p.path(), &[]);
    assert_eq!(code, Some(0), "{err}");
    let small = board(p.path());
    fs::write(
        p.path().join("unscramble.toml"),
        "[render]\ntile-size = 60\n",
    )
    .expect("write");
    let (code, _, err) = run_in(p.path(), &["render"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        !err.contains("up to date"),
        "the new tile size is in the build key: {err}"
    );
    assert_eq!(board(p.path()) - small, 3 * 20, "{err}");
}

#[test]
fn the_command_line_wins_over_the_file() {
    let p = project("quiet = true\n[render]\ntile-size = 40\n");
    let (code, _, err) = run_in(p.path(), &["--tile-size", "60", "-v"]);
    assert_eq!(code, Some(0), "{err}");
    // -v conflicts with quiet: the command line's choice is taken, not refused.
    assert!(
        err.contains("1 puzzle: 1 solved"),
        "-v over quiet = true: {err}"
    );
    let big = board(p.path());
    let (code, _, err) = run_in(p.path(), &["--tile-size", "40", "--force"]);
    assert_eq!((code, err.as_str()), (Some(0), ""), "quiet = true applies");
    assert_eq!(big - board(p.path()), 3 * 20);
}

#[test]
fn an_unknown_key_is_refused_with_its_line_and_column() {
    let p = project("# blog images\n[render]\n  tile_size = 40\n");
    let (code, _, err) = run_in(p.path(), &[]);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(
        err.trim_end(),
        "error: unscramble.toml:3:3: unknown key 'tile_size' (did you mean 'tile-size'?)"
    );
    assert!(!p.path().join("output").exists(), "nothing is written");
    // Above the sections stand only the options every command has.
    fs::write(p.path().join("unscramble.toml"), "labels = true\n").expect("write");
    let (code, _, err) = run_in(p.path(), &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("unscramble.toml:1:1: 'labels' is not an option of every command (put it under [render] or [serve])"), "{err}");
}

#[test]
fn an_invalid_value_is_refused_by_the_command_lines_own_validator() {
    let p = project("[render]\ntile-size = 2\n[solve]\nmax-solutions = 0\n");
    let (code, _, err) = run_in(p.path(), &[]);
    assert_eq!(code, Some(2), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines,
        [
            "error: unscramble.toml:2:13: invalid value '2' for 'tile-size': 2 is not in 4..=4096 (see `unscramble render --help` for --tile-size)",
            "error: unscramble.toml:4:17: invalid value '0' for 'max-solutions': 0 would stop every search before it starts (give 1 or more) (see `unscramble solve --help` for --max-solutions)",
        ],
        "every problem at once, even in another command's section"
    );
    let (code, _, cli) = run_in(p.path(), &["--no-config", "--tile-size", "2"]);
    assert_eq!(code, Some(2));
    assert!(
        cli.contains("2 is not in 4..=4096"),
        "the same validator: {cli}"
    );
    for (config, problem) in [
        (
            "[render]\nlabels = 1\n",
            "2:10: 'labels' is a switch: true or false",
        ),
        (
            "[render]\npng = \"better\"\n",
            "2:7: invalid value 'better' for 'png' (the values are fast, default, best)",
        ),
        (
            "[render]\nquiet = true\nverbose = true\n",
            "3:1: 'verbose' cannot be used with 'quiet' (line 2)",
        ),
        ("[render]\ntile-size = \n", "2:13: not valid TOML"),
    ] {
        fs::write(p.path().join("unscramble.toml"), config).expect("write");
        let (code, _, err) = run_in(p.path(), &[]);
        assert_eq!(code, Some(2), "{config}: {err}");
        assert!(
            err.contains(&format!("error: unscramble.toml:{problem}")),
            "{config}: {err}"
        );
    }
}

#[test]
fn no_config_ignores_the_file_and_config_or_the_variable_names_another() {
    let p = project("[render]\ntile_size = 40\n");
    let (code, _, err) = run_in(p.path(), &["--no-config", "-q"]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let (code, _, err) = run_in(p.path(), &["render", "--no-config", "--check", "-q"]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let good = p.path().join("blog.toml");
    fs::write(&good, "[render]\ntile-size = 40\n").expect("write");
    let (code, _, err) = run_in(p.path(), &["--config", "blog.toml", "--force", "-q"]);
    assert_eq!(code, Some(0), "{err}");
    let small = board(p.path());
    let with_env = |value: &Path| {
        let out = unscramble()
            .current_dir(p.path())
            .env("UNSCRAMBLE_CONFIG", value)
            .args(["--force", "-q"])
            .output()
            .expect("runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    assert_eq!(with_env(Path::new("")).0, Some(0), "set but empty: no file");
    assert!(board(p.path()) > small);
    assert_eq!(with_env(&good).0, Some(0));
    assert_eq!(board(p.path()), small, "UNSCRAMBLE_CONFIG names the file");
    let (code, err) = with_env(Path::new("missing.toml"));
    assert_eq!(code, Some(2));
    assert!(err.contains("missing.toml: the file is missing"), "{err}");
}

#[test]
fn check_and_every_other_command_honour_the_file() {
    let p = project("[render]\ntile-size = 40\n[solve]\nformat = \"schematic\"\n[generate]\nsize = 2\ntokens = 3\n");
    let (code, _, err) = run_in(p.path(), &["-q"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, _, err) = run_in(p.path(), &["--check", "-q"]);
    assert_eq!(
        (code, err.as_str()),
        (Some(0), ""),
        "--check sees the same options"
    );
    let (code, _, err) = run_in(p.path(), &["--check", "-q", "--no-config"]);
    assert_eq!(code, Some(1), "without the file the boards differ: {err}");
    let (code, out, err) = run_in(p.path(), &["solve", "puzzles/3x3-original"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("+-----+"), "format = schematic: {out}");
    // Options the command requires may come from the file too.
    let (code, _, err) = run_in(p.path(), &["generate", "gen", "-q"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        p.path().join("gen/input/4.png").exists() && !p.path().join("gen/input/5.png").exists()
    );
}

#[cfg(unix)]
#[test]
fn a_linked_fifo_or_huge_config_is_refused_without_hanging() {
    use std::os::unix::fs::symlink;
    let p = project("");
    let file = p.path().join("unscramble.toml");
    let real = p.path().join("real.toml");
    fs::write(&real, "[render]\ntile-size = 40\n").expect("write");
    fs::remove_file(&file).expect("rm");
    symlink(&real, &file).expect("symlink");
    let (code, _, err) = run_in(p.path(), &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("error: unscramble.toml: is a symbolic link"),
        "{err}"
    );
    let (code, _, err) = run_in(p.path(), &["--config", "unscramble.toml", "-q"]);
    assert_eq!(code, Some(0), "a link named on purpose is read: {err}");
    fs::remove_file(&file).expect("rm");
    let made = std::process::Command::new("mkfifo").arg(&file).status();
    assert!(made.expect("mkfifo runs").success());
    let (code, _, err) = run_in(p.path(), &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("not a regular file: it is a FIFO"), "{err}");
    fs::remove_file(&file).expect("rm");
    fs::File::create(&file)
        .and_then(|f| f.set_len(1 << 40))
        .expect("a sparse terabyte");
    let (code, _, err) = run_in(p.path(), &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("the file is larger than 65536 bytes"), "{err}");
}

/// The command line is read once, by clap, with the file's values as its
/// defaults: which file that is, is found from the arguments as clap reads
/// them, so an option's value or anything after `--` never chooses it.
#[test]
fn the_config_options_are_found_where_clap_finds_them_and_nowhere_else() {
    let p = project("[render]\ntile-size = 40\nmax-images = 8\n");
    fs::write(p.path().join("blog.toml"), "[render]\ntile-size = 60\n").expect("write");
    let (code, _, err) = run_in(p.path(), &["-q"]);
    assert_eq!(code, Some(0), "{err}");
    let found = board(p.path());
    // `--config=FILE` after the command.
    let (code, _, err) = run_in(p.path(), &["render", "-q", "--force", "--config=blog.toml"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(board(p.path()), found + 3 * 20, "blog.toml was read");
    // A file named like a command is the value of --config, not the command.
    fs::copy(p.path().join("blog.toml"), p.path().join("render")).expect("copy");
    let (code, _, err) = run_in(p.path(), &["--config", "render", "-q", "-o", "named"]);
    assert_eq!(code, Some(0), "{err}");
    let named = png_width(&p.path().join("named/3x3-original/solution-1.png"));
    assert_eq!(named, found + 3 * 20);
    // `-o--config` is an output folder; after `--`, a puzzles folder.
    let (code, _, err) = run_in(p.path(), &["-q", "-o--config"]);
    assert_eq!(code, Some(0), "{err}");
    let attached = png_width(&p.path().join("--config/3x3-original/solution-1.png"));
    assert_eq!(attached, found, "./unscramble.toml was read");
    copy_dir(&p.path().join("puzzles"), &p.path().join("--no-config"));
    let (code, _, err) = run_in(
        p.path(),
        &["render", "-q", "-o", "dashed", "--", "--no-config"],
    );
    assert_eq!(code, Some(0), "{err}");
    let dashed = png_width(&p.path().join("dashed/3x3-original/solution-1.png"));
    assert_eq!(dashed, found, "./unscramble.toml was read");
    // An option where a value belongs is clap's error, not a file name.
    let (code, _, err) = run_in(p.path(), &["-o", "--config", "blog.toml"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("a value is required for '--out <OUT>'"),
        "{err}"
    );
    // --help shows the built-in defaults and reads no file, not even a broken one.
    fs::write(
        p.path().join("unscramble.toml"),
        "[render]\nmax-images = 8\ntile_size = 4\n",
    )
    .expect("write");
    let (code, help, err) = run_in(p.path(), &["render", "--help"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        help.contains("[default: 32]") && !help.contains("[default: 8]"),
        "{help}"
    );
}
