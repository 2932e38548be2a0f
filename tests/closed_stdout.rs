//! A reader that goes away (`unscramble solve … | head`) is not a failure:
//! no panic, no backtrace, the command's usual exit code. Before, `print!`
//! panicked on the closed pipe with a backtrace and exit code 101.

mod common;
use common::*;
use std::process::Stdio;

/// Runs the binary with `args`, its stdout a pipe whose reading end is
/// closed at once: the exit code and stderr.
fn with_stdout_closed(args: &[&str]) -> (Option<i32>, String) {
    let mut child = unscramble_child()
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .expect("starts");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Quadromino (43,008 solutions, about 5 MB of listing: far past what a
/// pipe holds, so the writes meet the closed end whatever the timing).
fn quadromino(tmp: &std::path::Path) -> std::path::PathBuf {
    let input = tmp.join("quadromino/input");
    std::fs::create_dir_all(&input).expect("mkdir");
    let xml = fixtures().join("legespiel-xml/quadromino.config.xml");
    std::fs::copy(xml, input.join("legespiel.xml")).expect("copy");
    tmp.join("quadromino")
}

#[test]
fn solve_listing_into_a_closed_pipe_ends_quietly() {
    let tmp = tempfile::tempdir().expect("tmp");
    let puzzle = quadromino(tmp.path());
    let (code, err) = with_stdout_closed(&["solve", utf8(&puzzle), "--max-solutions", "all"]);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("43008 solutions"),
        "the summary still comes: {err}"
    );
}

#[test]
fn json_documents_into_a_closed_pipe_end_quietly() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (root, out) = (tmp.path().join("puzzles"), tmp.path().join("out"));
    copy_dir(&bundled("cats-scramble-squares"), &root.join("cats"));
    let puzzle = quadromino(tmp.path());
    for args in [
        vec!["solve", utf8(&puzzle), "--max-solutions", "all", "--json"],
        vec!["render", utf8(&root), "-o", utf8(&out), "--json", "-q"],
        vec!["completions", "bash"],
    ] {
        let (code, err) = with_stdout_closed(&args);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(code, Some(0), "{args:?}: {err}");
    }
}
