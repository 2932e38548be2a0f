//! Degenerate puzzles stay bounded: a board on which every edge shows the same
//! picture has astronomically many solutions (any arrangement of 16 equal
//! tiles); `--max-solutions` stops the search, and every output says the count
//! is a lower bound.

mod common;
use common::*;
use std::time::Duration;

#[test]
fn a_board_of_identical_tiles_stops_at_the_cap_and_says_so() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    // Right and top '+', left and bottom '-': every tile fits everywhere.
    let tile = "[['a', '+'], ['a', '+'], ['a', '-'], ['a', '-']]";
    let yaml: String = (1..=16).map(|k| format!("{k}: {tile}\n")).collect();
    drawn_puzzle(&root, "same", &yaml, 16);
    let out = tmp.path().join("out");
    let output = unscramble()
        .arg("render")
        .arg(&root)
        .arg("-o")
        .arg(&out)
        .args(["--max-solutions", "50", "--max-images", "2"])
        // A safety net against a search that never stops, not a measure.
        .timeout(Duration::from_secs(120))
        .output()
        .expect("runs and stops");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("same: 50+ solutions ("),
        "the line marks a lower bound:\n{stderr}"
    );
    let v = json(&out.join("same/solutions.json"));
    assert_eq!(v["solutions_total"], 50);
    assert_eq!(v["complete"], false);
    assert_eq!(v["stopped_by"], "max-solutions");
    assert_eq!(v["solutions"].as_array().map(Vec::len), Some(50));
    let summary = json(&out.join("summary.json"));
    assert_eq!(summary["puzzles"][0]["complete"], false);
    assert_eq!(summary["puzzles"][0]["stopped_by"], "max-solutions");
    assert_eq!(summary["puzzles"][0]["rendered"], serde_json::json!([1, 2]));
}

#[test]
fn a_runaway_count_keeps_bounded_boards_and_the_timeout_stops_the_puzzle() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    // A 6x6 of two pictures: millions of solutions a second, few of its
    // cards alike, so the search over kinds of cards cannot count them out
    // either (36 identical cards it would: one look, 36! x 4^36 boards).
    let yaml = unscramble::kind::tiles::generate::tile_dict(6, 2, 1);
    drawn_puzzle(&root, "runaway", &yaml, 8);
    let out = tmp.path().join("out");
    // Before: the boards piled up at 90 MB/s and the run went on long after
    // the timeout, writing gigabytes of solutions.json. The bounds are the
    // file's size and the boards listed below; the command's timeout is
    // only a safety net against a run that never ends.
    let output = unscramble()
        .arg("render")
        .arg(&root)
        .arg("-o")
        .arg(&out)
        .args(["--max-solutions", "1000000000000", "--timeout", "2"])
        .args(["--max-images", "2"])
        .timeout(Duration::from_secs(120))
        .output()
        .expect("runs and stops");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let path = out.join("runaway/solutions.json");
    let size = std::fs::metadata(&path).expect("solutions.json").len();
    assert!(size < 60_000_000, "{size} bytes");
    let v = json(&path);
    let total = v["solutions_total"].as_u64().expect("total");
    let listed = unscramble::kind::MAX_LISTED;
    assert!(total > listed as u64, "{total}");
    assert_eq!(v["solutions_listed"], listed);
    assert_eq!(v["solutions"].as_array().map(Vec::len), Some(listed));
    assert_eq!(v["stopped_by"], "timeout");
    let summary = json(&out.join("summary.json"));
    assert_eq!(summary["puzzles"][0]["solutions_listed"], listed);
    assert_eq!(summary["puzzles"][0]["solutions_total"], total);
    assert!(
        stderr.contains(&format!("solutions.json lists the first {listed}")),
        "{stderr}"
    );
}
