//! A config file found in the current folder comes with the repository a
//! pull request can change: it may not reach outside the folder, replace
//! files, lift a safety budget or open `serve` to the network. A file named
//! with `--config` or `UNSCRAMBLE_CONFIG` may, and each such setting is
//! printed. Every switch a file turns on can be turned off again.

mod common;
#[path = "config/project.rs"]
mod project;

use common::*;
use project::{png_height, project, run_in};
use std::fs;
use std::path::Path;

/// What a found file may not set, with what the error says of it.
const REFUSED: [(&str, &str); 12] = [
    (
        "[render]\nout = \"../site\"\n",
        "2:7: 'out' = '../site' leads out of the current folder through '..'",
    ),
    (
        "[render]\nout = \"/tmp/unscramble-config-test\"\n",
        "2:7: 'out' = '/tmp/unscramble-config-test' is an absolute path",
    ),
    (
        "[render]\npuzzles = \"content/../..\"\n",
        "2:11: 'puzzles' = 'content/../..' leads out of the current folder through '..'",
    ),
    (
        "[render]\nout = \"static/puzzles\"\n",
        "2:7: 'out' = 'static/puzzles' goes through the symbolic link 'static'",
    ),
    (
        "[cut]\nforce = true\n",
        "2:9: 'force' would replace existing files",
    ),
    (
        "[render]\nmax-pixels = 64000001\n",
        "2:14: 'max-pixels' = 64000001 lifts a safety budget above its default 64000000",
    ),
    (
        "[solve]\nmax-nodes = 600000000\n",
        "2:13: 'max-nodes' = 600000000 lifts a safety budget above its default 500000000",
    ),
    (
        "[animate]\nmax-frames = 301\n",
        "2:14: 'max-frames' = 301 lifts a safety budget above its default 300",
    ),
    (
        "[render]\nmax-memory = \"100G\"\n",
        "2:14: 'max-memory' = 100G lifts a safety budget above its default 2684354560",
    ),
    (
        "[animate]\nmax-output-pixels = 500000001\n",
        "2:21: 'max-output-pixels' = 500000001 lifts a safety budget above its default 500000000",
    ),
    (
        "[serve]\nbind = \"0.0.0.0\"\n",
        "2:8: 'bind' = '0.0.0.0' would open the server to other machines",
    ),
    (
        "[serve]\nallow-host = \"rebind.evil.example\"\n",
        "2:14: 'allow-host' = 'rebind.evil.example' would let pages under those names drive the server (DNS rebinding)",
    ),
];

/// The project one folder down in a temporary folder, so that a setting
/// leading out through `..` would still land in test-owned space (and be
/// seen there), with `static` a link to a folder beside it.
#[cfg(unix)]
fn project_with_a_link(config: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let outer = tempfile::tempdir().expect("tmp");
    let p = project(config);
    let dir = outer.path().join("project");
    fs::rename(p.path(), &dir).expect("move the project down");
    let elsewhere = dir.join("elsewhere");
    fs::create_dir(&elsewhere).expect("mkdir");
    std::os::unix::fs::symlink(&elsewhere, dir.join("static")).expect("symlink");
    (outer, dir)
}

#[cfg(unix)]
#[test]
fn a_found_config_may_not_reach_outside_the_folder_replace_files_or_lift_budgets() {
    for (config, said) in REFUSED {
        let (outer, dir) = project_with_a_link(config);
        // A render refuses a setting for any command, as it refuses a typo.
        let (code, _, err) = run_in(&dir, &["render"]);
        assert_eq!(code, Some(2), "{config}: {err}");
        assert!(
            err.contains(&format!("error: unscramble.toml:{said} (a config file found in the current folder may not; give ")),
            "{config}: {err}"
        );
        assert!(
            err.contains("on the command line, or name the file with --config FILE)"),
            "{err}"
        );
        assert!(
            !dir.join("output").exists() && !outer.path().join("site").exists(),
            "nothing written: {config}"
        );
        assert_eq!(fs::read_dir(dir.join("elsewhere")).expect("dir").count(), 0);
    }
    // Lowering a budget, a loopback address, force = false: all fine.
    let p =
        project("[render]\nmax-pixels = 1000000\nmax-memory = \"1G\"\n[serve]\nbind = \"::1\"\n[cut]\nforce = false\n");
    let (code, _, err) = run_in(p.path(), &["-q"]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
}

#[test]
fn a_named_config_may_and_says_so() {
    let p = project("");
    let site = p.path().join("site");
    let config = format!(
        "[render]\nout = {:?}\nmax-pixels = 70000000\nlabels = true\n[solve]\nmax-nodes = 600000000\n",
        site.to_str().expect("UTF-8")
    );
    fs::write(p.path().join("unscramble.toml"), &config).expect("write");
    let (code, _, err) = run_in(p.path(), &["--config", "unscramble.toml", "-q"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        err,
        format!("note: unscramble.toml sets out = {:?}\nnote: unscramble.toml sets max-pixels = 70000000\n", site.to_str().expect("UTF-8")),
        "one line for each setting of this command a found file could not make"
    );
    assert!(site.join("3x3-original/solution-1.png").is_file());
    // The variable is set by whoever writes the CI script: as explicit.
    let out = unscramble()
        .current_dir(p.path())
        .env("UNSCRAMBLE_CONFIG", "unscramble.toml")
        .args(["solve", "puzzles/3x3-original"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let err = stderr(&out);
    assert!(
        err.starts_with("note: unscramble.toml sets max-nodes = 600000000\n"),
        "{err}"
    );
    // An option given on the command line is the command line's: no note.
    let args = [
        "--config",
        "unscramble.toml",
        "-q",
        "-o",
        "o2",
        "--max-pixels",
        "1000000",
    ];
    let (code, _, err) = run_in(p.path(), &args);
    assert_eq!((code, err.as_str()), (Some(0), ""));
}

#[test]
fn force_from_a_named_config_replaces_and_the_command_line_can_refuse() {
    let p = project("[generate]\nforce = true\nsize = 2\ntokens = 3\n");
    let first = unscramble()
        .current_dir(p.path())
        .args(["generate", "gen", "-q", "--no-config"])
        .args(["--size", "2", "--tokens", "3"])
        .output()
        .expect("runs");
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let (code, _, err) = run_in(p.path(), &["generate", "gen", "-q"]);
    assert_eq!(code, Some(2), "found: refused, {err}");
    assert!(
        err.contains("unscramble.toml:2:9: 'force' would replace existing files"),
        "{err}"
    );
    let named = |extra: &str| {
        let args = [
            "generate",
            "gen",
            "-q",
            "--config",
            "unscramble.toml",
            extra,
        ];
        run_in(p.path(), &args)
    };
    let (code, _, err) = named("--seed=2");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(err, "note: unscramble.toml sets force = true\n");
    let (code, _, err) = named("--no-force");
    assert_eq!(
        code,
        Some(1),
        "--no-force turns the file's force off: {err}"
    );
    assert!(err.contains("--force"), "{err}");
}

#[test]
fn every_switch_a_file_turns_on_can_be_turned_off_on_the_command_line() {
    let p = project("[render]\nlabels = true\nno-closest = true\nquiet = true\n");
    let solution = |dir: &Path| png_height(&dir.join("output/3x3-original/solution-1.png"));
    let (code, _, err) = run_in(p.path(), &[]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let labelled = solution(p.path());
    let (code, _, err) = run_in(p.path(), &["--no-labels", "--no-quiet", "--closest"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("1 puzzle: 1 solved"), "--no-quiet: {err}");
    assert!(
        solution(p.path()) < labelled,
        "--no-labels: no key below the board"
    );
    // The last of a switch and its opposite wins, as for any option.
    let (code, _, err) = run_in(p.path(), &["--no-labels", "--labels"]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert_eq!(solution(p.path()), labelled);
}

#[test]
fn a_javascript_link_prefix_in_the_file_is_refused() {
    let p = project(
        "[render]\nlink-prefix = \"javascript:top.document.body.setAttribute%28%27x%27,1%29//\"\n",
    );
    let (code, _, err) = run_in(p.path(), &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("error: unscramble.toml:2:15: invalid value 'javascript:top.document.body.setAttribute%28%27x%27,1%29//' for 'link-prefix': only http: and https: links are accepted, not 'javascript:'"),
        "{err}"
    );
    assert!(!p.path().join("output").exists());
}
