//! `--png best` tries Zopfli on every board, seconds to minutes each: a
//! first Ctrl-C gives the attempt up, and nothing of the puzzle is written.
#![cfg(unix)]

mod common;
use common::*;
use std::time::{Duration, Instant};

/// Ctrl-C while the boards of a puzzle are being compressed: the run
/// exits 130 without writing a board or leaving a temporary file. Before,
/// the whole batch of boards (up to 32) was compressed and written first,
/// which took minutes.
#[test]
fn ctrl_c_gives_up_zopfli_and_writes_no_board() {
    let tmp = tempfile::tempdir().expect("tmp");
    let puzzles = tmp.path().join("puzzles");
    // Five boards of 1202 x 1202 pixels: Zopfli takes seconds on each.
    drawn_puzzle(&puzzles, "big", SEED_000, 400);
    let out = tmp.path().join("out");
    let child = unscramble_child()
        .args(["render", "--png", "best", "--no-config", "-o"])
        .arg(&out)
        .arg(&puzzles)
        .spawn()
        .expect("starts");
    // The puzzle's folder is made just before its boards are painted.
    let t0 = Instant::now();
    while !out.join("big").exists() && t0.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        out.join("big").is_dir(),
        "the render never reached the boards"
    );
    common::child::signal(&child, "INT");
    let output = child.wait_with_output().expect("waits");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    assert!(
        stderr.contains("big: interrupted before its outputs were written"),
        "{stderr}"
    );
    assert_eq!(
        files_below(&out.join("big")),
        Vec::<std::path::PathBuf>::new(),
        "nothing written, no temporary file left"
    );
}
