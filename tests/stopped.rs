//! A search stopped by a limit (`--timeout`, `--max-nodes`) before it found a
//! solution is reported as `stopped`, never as `no-solution`: nothing proves
//! that none exists, so no closest boards are searched for either.

mod common;
use common::*;
use std::fs;
use std::path::Path;

/// Checks that puzzle `name` is reported as stopped by `by` everywhere.
fn assert_stopped(out: &Path, stderr: &str, name: &str, by: &str) {
    let summary = json(&out.join("summary.json"));
    let r = summary["puzzles"]
        .as_array()
        .and_then(|ps| ps.iter().find(|p| p["name"] == name))
        .unwrap_or_else(|| panic!("{name} in {summary}"));
    assert_eq!(r["status"], "stopped", "{r}");
    assert_eq!(r["stopped_by"], by, "{r}");
    assert_eq!(r["complete"], false, "{r}");
    assert!(
        r.get("closest").is_none(),
        "no closest search after a stop: {r}"
    );
    let line = format!(
        "warning: puzzle '{name}': stopped by --{by} before a solution was found; whether one exists is unknown (raise --{by})"
    );
    assert!(stderr.contains(&line), "{stderr}");
    assert!(
        !stderr.contains(&format!("{name}: no solution")),
        "{stderr}"
    );
    let dir = out.join(name);
    assert!(!dir.join("closest-1.png").exists());
    let md = fs::read_to_string(dir.join("index.md")).expect("index.md");
    assert!(
        md.contains(&format!("stopped by --{by} before a solution")),
        "{md}"
    );
    let html = fs::read_to_string(out.join("index.html")).expect("index.html");
    assert!(
        html.contains("<span class=\"status\">Search stopped</span>")
            && html.contains("before it found a solution, so whether one exists is unknown"),
        "{html}"
    );
    let solutions = json(&dir.join("solutions.json"));
    assert_eq!(solutions["stopped_by"], by);
    assert_eq!(solutions["solutions_total"], 0);
}

#[test]
fn timeout_0_on_tile_puzzles_is_stopped_not_no_solution() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    // One puzzle with a solution, one without (which would get closest boards).
    copy_dir(&bundled("3x3-original"), &root.join("good"));
    copy_dir(&bundled("3x3-typo"), &root.join("typo"));
    let out = tmp.path().join("out");
    let (code, stderr) = render(&root, &out, &["--timeout", "0"]);
    // Not a broken input: exit 0, with a warning line per stopped puzzle.
    assert_eq!(code, Some(0), "{stderr}");
    assert_stopped(&out, &stderr, "good", "timeout");
    assert_stopped(&out, &stderr, "typo", "timeout");
    let totals = &json(&out.join("summary.json"))["totals"];
    assert_eq!(totals["stopped"], 2, "{totals}");
    assert_eq!(totals["no_solution"], 0, "{totals}");
    assert!(
        stderr.contains("2 puzzles: 0 solved, 0 without solution, 2 stopped, 0 failed"),
        "{stderr}"
    );
    // A stop by the clock is tried again by the next run.
    let (code, stderr) = render(&root, &out, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("good: 4 solutions"), "{stderr}");
    assert!(
        stderr.contains("typo: no solution; the closest boards"),
        "{stderr}"
    );
}

#[test]
fn timeout_0_on_a_domino_fit_puzzle_is_stopped() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    copy_dir(&bundled("domino-fit"), &root.join("domino"));
    let out = tmp.path().join("out");
    let (code, stderr) = render(&root, &out, &["--timeout", "0"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_stopped(&out, &stderr, "domino", "timeout");
}

/// `domino_fit.yaml` for a generated board.
fn domino_yaml(p: &unscramble::kind::domino::DominoPuzzle) -> String {
    let list = |v: &[u32]| {
        let items: Vec<String> = v.iter().map(u32::to_string).collect();
        format!("[{}]", items.join(", "))
    };
    let blacks: Vec<String> = p
        .blacks()
        .iter()
        .map(|(w, h)| format!("[{w}, {h}]"))
        .collect();
    format!(
        "width: {}\nheight: {}\nblacks: [{}]\ntop: {}\nside: {}\n",
        p.width(),
        p.height(),
        blacks.join(", "),
        list(p.top()),
        list(p.side())
    )
}

#[test]
fn the_node_budget_stops_a_big_domino_fit_board_the_same_way_every_time() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    let board = unscramble::kind::domino::generate(24, 24, 0.12, 1);
    fs::create_dir_all(root.join("big/input")).expect("mkdir");
    fs::write(root.join("big/input/domino_fit.yaml"), domino_yaml(&board)).expect("write");
    copy_dir(&bundled("domino-fit"), &root.join("small"));
    let out = tmp.path().join("out");
    let (code, stderr) = render(&root, &out, &["--max-nodes", "5000"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_stopped(&out, &stderr, "big", "max-nodes");
    assert_eq!(json(&out.join("big/solutions.json"))["nodes"], 5000);
    // The small board needs fewer nodes and is solved.
    assert!(stderr.contains("small: 1 solution"), "{stderr}");
    // Deterministic: the next run finds its outputs up to date.
    let (code, stderr) = render(&root, &out, &["--max-nodes", "5000"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("all up to date"), "{stderr}");
}

#[test]
fn the_node_budget_stops_a_tile_puzzle_on_any_number_of_threads() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    copy_dir(&bundled("3x3-typo"), &root.join("typo"));
    let first = tmp.path().join("j1");
    let (code, stderr) = render(&root, &first, &["--max-nodes", "100", "-j", "1"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_stopped(&first, &stderr, "typo", "max-nodes");
    let second = tmp.path().join("j3");
    let (code, stderr) = render(&root, &second, &["--max-nodes", "100", "-j", "3"]);
    assert_eq!(code, Some(0), "{stderr}");
    let read = |o: &Path| fs::read(o.join("typo/solutions.json")).expect("json");
    assert_eq!(read(&first), read(&second));
}

#[test]
fn max_solutions_0_is_a_usage_error() {
    let tmp = tempfile::tempdir().expect("tmp");
    for cmd in ["render", "solve"] {
        let output = unscramble()
            .arg(cmd)
            .arg(bundled("3x3-original"))
            .args(["--max-solutions", "0"])
            .current_dir(tmp.path())
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(2), "{cmd}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("0 would stop every search before it starts"),
            "{stderr}"
        );
    }
}
