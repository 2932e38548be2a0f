//! Which sections a command reads: `serve` renders exactly what `render`
//! would (`[render]`, then `[serve]`), `animate` writes where `render`
//! puts the puzzle's boards, and `infer` has a section of its own.

mod common;
#[path = "config/project.rs"]
mod project;

use common::*;
use project::{png_width, run_in};
use std::fs;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::Stdio;

/// The README's example, with a link prefix: the folders of a Hugo site.
const BLOG: &str = "\
quiet = true

[render]
puzzles = \"content/puzzles\"
out = \"static/puzzles\"
tile-size = 40
labels = true
max-images = 8
link-prefix = \"/puzzles/\"
";

/// A project with the blog puzzle at `content/puzzles/kids/3x3-original`.
fn blog(config: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("tmp");
    let puzzle = tmp.path().join("content/puzzles/kids/3x3-original");
    copy_dir(&bundled("3x3-original"), &puzzle);
    fs::write(tmp.path().join("unscramble.toml"), config).expect("write config");
    tmp
}

/// Runs `serve --port 0 ARGS` in `dir` until it serves (its first render
/// done), then stops it with SIGINT: its stderr.
fn serve_once(dir: &Path, args: &[&str]) -> String {
    let mut child = unscramble_child()
        .current_dir(dir)
        .args(["serve", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .expect("serve starts");
    let stdout = child.stdout.take().expect("stdout");
    let serving = BufReader::new(stdout)
        .lines()
        .map_while(Result::ok)
        .any(|l| l.starts_with("serving "));
    if serving {
        common::child::signal(&child, "INT");
    }
    let out = child.wait_with_output().expect("serve ends");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(serving, "serve did not start: {err}");
    err
}

#[test]
fn serve_renders_exactly_what_render_would_with_the_readmes_config() {
    let board = |p: &Path| png_width(&p.join("static/puzzles/kids/3x3-original/solution-1.png"));
    let p = blog(BLOG);
    serve_once(p.path(), &[]);
    let (code, _, err) = run_in(p.path(), &["render", "--check"]);
    assert_eq!(
        (code, err.as_str()),
        (Some(0), ""),
        "nothing stale after serve"
    );
    let md = read(&p.path().join("static/puzzles/all-puzzles.md"));
    assert!(
        md.contains("href=\"/puzzles/kids/3x3-original/solution-1.png\""),
        "{md}"
    );
    // [serve] adds to [render] and overrides it, for serve alone.
    let q = blog(&format!("{BLOG}\n[serve]\ntile-size = 60\n"));
    serve_once(q.path(), &[]);
    assert_eq!(board(q.path()) - board(p.path()), 3 * 20);
    let (code, _, _) = run_in(q.path(), &["render", "--check"]);
    assert_eq!(code, Some(1), "render's boards are 40 a tile");
}

const ANIMATE: [&str; 3] = [
    "animate",
    "content/puzzles/kids/3x3-original",
    "--max-events=50",
];

#[test]
fn animate_writes_where_render_puts_the_puzzles_boards() {
    let p = blog(BLOG);
    let (code, _, err) = run_in(p.path(), &ANIMATE);
    assert_eq!(code, Some(0), "{err}");
    let animation = p.path().join("static/puzzles/kids/3x3-original/search.png");
    assert!(animation.is_file(), "{err}");
    assert!(!p.path().join("output").exists());
    // Named in [animate] (or on the command line), it goes there.
    let p = blog(&format!("{BLOG}\n[animate]\nout = \"anim/x.png\"\n"));
    let (code, _, err) = run_in(p.path(), &ANIMATE);
    assert_eq!(code, Some(0), "{err}");
    assert!(p.path().join("anim/x.png").is_file());
}

#[test]
fn infer_reads_its_own_section() {
    let p = blog("[infer]\ncheck = true\n");
    let made = unscramble()
        .current_dir(p.path())
        .args([
            "generate", "gen", "--size", "3", "--tokens", "4", "--seed", "7", "-q",
        ])
        .output()
        .expect("runs");
    assert_eq!(made.status.code(), Some(0), "{}", stderr(&made));
    let (code, _, err) = run_in(p.path(), &["infer", "gen"]);
    assert_eq!(
        code,
        Some(0),
        "check = true compares, writes nothing: {err}"
    );
    assert!(
        err.contains("the inferred edges equal tile_dict.yaml"),
        "{err}"
    );
    let (code, _, err) = run_in(p.path(), &["infer", "gen", "--no-config"]);
    assert_eq!(
        code,
        Some(1),
        "without it infer would replace the file: {err}"
    );
    // A key above the sections that only some commands have says where.
    fs::write(p.path().join("unscramble.toml"), "infer = true\n").expect("write");
    let (code, _, err) = run_in(p.path(), &["infer", "gen"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains(
            "'infer' is not an option of every command (put it under [render] or [serve])"
        ),
        "{err}"
    );
}
