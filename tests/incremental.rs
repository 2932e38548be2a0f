//! A blog build runs the tool again and again: unchanged puzzles cost nothing
//! and touch no file, `--check` guards committed images, and outputs of
//! removed puzzles are pruned (and nothing else).

mod common;
use common::*;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

fn mtimes(dir: &Path) -> BTreeMap<PathBuf, SystemTime> {
    files_below(dir)
        .into_iter()
        .map(|f| {
            let t = fs::metadata(dir.join(&f))
                .and_then(|m| m.modified())
                .expect("mtime");
            (f, t)
        })
        .collect()
}

struct Site {
    _tmp: tempfile::TempDir,
    root: PathBuf,
    out: PathBuf,
}

fn site() -> Site {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    drawn_puzzle(&root, "seed", SEED_000, 24);
    copy_dir(
        &legespiel("quasthoff-example"),
        &root.join("kids/quasthoff"),
    );
    let out = tmp.path().join("output");
    Site {
        root,
        out,
        _tmp: tmp,
    }
}

fn render(s: &Site, extra: &[&str]) -> (Option<i32>, serde_json::Value, String) {
    let output = unscramble()
        .arg("render")
        .arg(&s.root)
        .arg("-o")
        .arg(&s.out)
        .arg("--json")
        .args(extra)
        .output()
        .expect("runs");
    let json = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stdout)));
    (
        output.status.code(),
        json,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn actions(v: &serde_json::Value) -> Vec<(String, String)> {
    v["puzzles"]
        .as_array()
        .expect("list")
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap_or("").to_string(),
                p["action"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[test]
fn a_second_run_does_nothing_and_touches_no_file() {
    let s = site();
    let (code, v, _) = render(&s, &[]);
    assert_eq!(code, Some(0));
    assert_eq!(v["rendered"], 2);
    let before = mtimes(&s.out);
    std::thread::sleep(std::time::Duration::from_millis(30));
    let (code, v, stderr) = render(&s, &[]);
    assert_eq!(code, Some(0));
    assert_eq!(
        (v["rendered"].as_u64(), v["up_to_date"].as_u64()),
        (Some(0), Some(2)),
        "{v}"
    );
    assert!(
        stderr.contains("all up to date, nothing written"),
        "{stderr}"
    );
    assert_eq!(mtimes(&s.out), before, "no file rewritten");
    // --force solves and renders again, but equal bytes are still not rewritten.
    let (_, v, _) = render(&s, &["--force"]);
    assert_eq!(v["rendered"], 2);
    assert_eq!(mtimes(&s.out), before);
}

#[test]
fn a_changed_input_or_option_redoes_only_what_it_affects() {
    let s = site();
    render(&s, &[]);
    // Change one tile picture of one puzzle: only that puzzle is redone.
    let tile = s.root.join("kids/quasthoff/input/2.png");
    let mut img = image::open(&tile).expect("png").into_rgba8();
    img.put_pixel(200, 200, image::Rgba([255, 0, 0, 255]));
    img.save(&tile).expect("save");
    let (_, v, _) = render(&s, &[]);
    assert_eq!(
        actions(&v),
        [
            ("kids/quasthoff".into(), "rendered".into()),
            ("seed".into(), "up-to-date".into())
        ]
    );
    // An option that changes the images redoes everything.
    let (_, v, _) = render(&s, &["--labels"]);
    assert_eq!(v["rendered"], 2);
    let (_, v, _) = render(&s, &["--labels"]);
    assert_eq!(v["up_to_date"], 2);
}

#[test]
fn check_lists_stale_files_and_writes_nothing() {
    let s = site();
    let (code, v, _) = render(&s, &["--check"]);
    assert_eq!(code, Some(1), "nothing rendered yet: everything is missing");
    assert!(
        !s.out.exists(),
        "--check writes nothing, not even the folder"
    );
    assert_eq!(v["ok"], false);
    render(&s, &[]);
    let (code, v, stderr) = render(&s, &["--check"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(v["ok"], true);
    // Edit a tile's edges: its solutions change.
    let yaml = s.root.join("seed/input/tile_dict.yaml");
    fs::write(
        &yaml,
        SEED_000.replace("9: [['ylw', '-']", "9: [['ylw', '+']"),
    )
    .expect("write");
    let before = mtimes(&s.out);
    let (code, v, stderr) = render(&s, &["--check"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(mtimes(&s.out), before, "--check writes nothing");
    let seed = v["puzzles"]
        .as_array()
        .expect("list")
        .iter()
        .find(|p| p["name"] == "seed")
        .expect("seed")
        .clone();
    assert_eq!(seed["action"], "stale");
    let stale: Vec<&str> = seed["stale_files"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|f| f.as_str())
        .collect();
    assert!(stale.contains(&"solutions.json (differs)"), "{stale:?}");
    assert!(
        stale.contains(&"solution-1.png (would be removed)"),
        "{stale:?}"
    );
    assert!(
        stale.contains(&"closest-1.png (missing)"),
        "the closest boards are new: {stale:?}"
    );
    assert!(
        stderr.contains("seed: no solution; the closest boards match 11 of 12 inner edges (57 boards, 32 images) [stale: "),
        "{stderr}"
    );
    assert_eq!(
        v["changed"],
        serde_json::json!([
            "summary.json (differs)",
            "index.html (differs)",
            "all-puzzles.md (differs)"
        ])
    );
}

#[test]
fn outputs_of_removed_puzzles_are_pruned_and_nothing_else() {
    let s = site();
    render(&s, &[]);
    // A folder the tool did not make, and a file of the user's in a puzzle's folder.
    fs::create_dir_all(s.out.join("my-notes")).expect("mkdir");
    fs::write(s.out.join("my-notes/post.md"), b"mine").expect("write");
    fs::rename(
        s.root.join("kids"),
        s.root.parent().expect("parent").join("kids-elsewhere"),
    )
    .expect("move");
    let (code, v, stderr) = render(&s, &["--check"]);
    assert_eq!(code, Some(1));
    assert_eq!(v["pruned"], serde_json::json!(["kids/quasthoff"]));
    assert!(
        s.out.join("kids/quasthoff/unsolved.png").exists(),
        "--check prunes nothing"
    );
    let (code, v, stderr2) = render(&s, &[]);
    assert_eq!(code, Some(0), "{stderr}{stderr2}");
    assert_eq!(v["pruned"], serde_json::json!(["kids/quasthoff"]));
    assert!(
        stderr2.contains("kids/quasthoff: removed the outputs (its puzzle folder is gone)"),
        "{stderr2}"
    );
    assert!(!s.out.join("kids").exists(), "empty folders go too");
    assert_eq!(
        fs::read(s.out.join("my-notes/post.md")).expect("kept"),
        b"mine"
    );
    assert!(s.out.join("seed/unsolved.png").exists());
    // A puzzle rendered from another puzzles folder into the same output is not pruned.
    let other = s.root.parent().expect("parent").join("other");
    drawn_puzzle(&other, "x", SEED_000, 16);
    unscramble()
        .arg("render")
        .arg(&other)
        .arg("-o")
        .arg(&s.out)
        .assert()
        .success();
    let (_, v, _) = render(&s, &[]);
    assert_eq!(v["pruned"], serde_json::json!([]));
    assert!(s.out.join("x/unsolved.png").exists());
}

#[test]
fn the_json_summary_is_stable() {
    let s = site();
    // The raw text, so the snapshot pins the key order too.
    let stdout = unscramble()
        .arg("render")
        .arg(&s.root)
        .arg("-o")
        .arg(&s.out)
        .args(["--json", "--max-images", "3"])
        .output()
        .expect("runs")
        .stdout;
    insta::assert_snapshot!("json_summary_first_run", String::from_utf8_lossy(&stdout));
    let (_, v, _) = render(&s, &["--max-images", "3"]);
    assert_eq!(v["up_to_date"], 2);
}
