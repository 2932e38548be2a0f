//! `unscramble solve` and Ctrl-C: the search stops, what it counted so far
//! is reported as interrupted (a lower bound, never as a finished count or a
//! timeout), and the exit code is 130, as for `render`.
#![cfg(unix)]

mod common;
use common::child::{wait_busy, Stderr};
use std::fs;
use std::process::{Command, Stdio};
use std::time::Duration;

/// A 6x6 of two pictures: millions of solutions a second, few of its cards
/// alike, so neither a limit below nor the search over kinds of cards
/// (which would count 36 identical cards at once) ends it before the signal.
fn huge_puzzle(dir: &std::path::Path) -> std::path::PathBuf {
    let yaml = unscramble::kind::tiles::generate::tile_dict(6, 2, 1);
    let file = dir.join("tile_dict.yaml");
    fs::write(&file, yaml).expect("write");
    file
}

/// Runs `solve` on the huge puzzle with `extra`, sends SIGINT once its
/// handler is in place, and returns its exit code and stderr.
fn interrupted_solve(extra: &[&str]) -> (Option<i32>, String) {
    let tmp = tempfile::tempdir().expect("tmp");
    let file = huge_puzzle(tmp.path());
    // The timeout only ends the test if the signal were lost: its message
    // ("stopped by the timeout") and exit code 0 then fail the asserts.
    let mut child = Command::new(env!("CARGO_BIN_EXE_unscramble"))
        .arg("solve")
        .arg(&file)
        .args([
            "--max-solutions",
            "1000000000000",
            "--max-nodes",
            "1000000000000000",
        ])
        .args(["--timeout", "120", "-j", "1"])
        .args(extra)
        .env("NO_COLOR", "1")
        .env("UNSCRAMBLE_SAY_READY", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    // The handler is in place, then the search is under way: a signal
    // before it starts would end it with nothing counted.
    let mut stderr = Stderr::of(&mut child);
    stderr.wait_for("ready for Ctrl-C");
    wait_busy(&mut child, Duration::from_millis(100));
    common::child::signal(&child, "INT");
    let status = child.wait().expect("waits");
    // What a user sees: everything after the line the test asked for.
    let all = stderr.all();
    let seen = all
        .strip_prefix("ready for Ctrl-C\n")
        .expect("the ready line first");
    (status.code(), seen.to_string())
}

#[test]
fn ctrl_c_stops_solve_with_its_partial_count_and_exit_130() {
    let (code, stderr) = interrupted_solve(&[]);
    assert_eq!(code, Some(130), "{stderr}");
    assert!(
        stderr.contains("+ solutions (") && stderr.contains("; interrupted"),
        "{stderr}"
    );
    assert!(!stderr.contains("timeout"), "{stderr}");
    // The count so far, not a zero that says nothing.
    let counted: u64 = stderr
        .split('+')
        .next()
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0);
    assert!(counted > 0, "{stderr}");
}

/// `-q` silences a finished search's counts, not an interrupted one's.
#[test]
fn quiet_solve_still_says_it_was_interrupted() {
    let (code, stderr) = interrupted_solve(&["-q"]);
    assert_eq!(code, Some(130), "{stderr}");
    assert!(stderr.contains("; interrupted"), "{stderr}");
}
