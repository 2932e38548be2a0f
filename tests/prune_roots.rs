//! Pruning stays in its own output folder: a manifest is pruned only by a
//! run into the output root it was written for, an output root nested in
//! another is the other project's in both directions, and the walk never
//! enters the puzzles folder or a sibling project (`-o ..`).
#![cfg(unix)]

mod common;
use common::*;
use std::fs;
use std::path::{Path, PathBuf};

/// A puzzles folder `dir` with the blog's 3x3 puzzle at each of `names`.
fn puzzles(dir: &Path, names: &[&str]) -> PathBuf {
    for name in names {
        drawn_puzzle(dir, name, SEED_000, 16);
    }
    dir.to_path_buf()
}

/// The files below `dir` with their bytes.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    files_below(dir)
        .into_iter()
        .map(|rel| {
            let bytes = fs::read(dir.join(&rel)).expect("read");
            (rel, bytes)
        })
        .collect()
}

#[test]
fn an_output_folder_nested_in_another_keeps_its_outputs() {
    let tmp = tempfile::tempdir().expect("tmp");
    let pa = puzzles(&tmp.path().join("pa"), &["owls"]);
    let pb = puzzles(&tmp.path().join("pb"), &["ants"]);
    let site = tmp.path().join("site");
    render_ok(&pa, &site.join("a"), &[]);
    let before = snapshot(&site.join("a"));
    assert!(before.len() > 5, "{before:?}");
    let (code, stderr) = render(&pb, &site, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!stderr.contains("owls"), "{stderr}");
    assert_eq!(snapshot(&site.join("a")), before);
    let (code, stderr) = render(&pb, &site, &["--check"]);
    assert_eq!(code, Some(0), "{stderr}");
    // Without the nested root's own records, its manifests still say
    // which root they were written for.
    let record = site.join("a/.unscramble-root-manifest.json");
    let kept = fs::read(&record).expect("read");
    fs::remove_file(&record).expect("rm");
    fs::remove_file(site.join("a/.unscramble-lock")).expect("rm");
    let before = snapshot(&site.join("a"));
    let (code, stderr) = render(&pb, &site, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!stderr.contains("owls"), "{stderr}");
    assert_eq!(snapshot(&site.join("a")), before);
    // The nested project still prunes its own.
    fs::write(&record, kept).expect("write");
    fs::remove_dir_all(pa.join("owls")).expect("rm");
    drawn_puzzle(&pa, "bats", SEED_000, 16);
    let (code, stderr) = render(&pa, &site.join("a"), &[]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("owls: removed the outputs (its puzzle folder is gone)"),
        "{stderr}"
    );
    assert!(!site.join("a/owls").exists());
    assert!(site.join("ants/solution-1.png").is_file());
}

#[test]
fn a_project_nested_inside_anothers_puzzle_outputs_fails_that_puzzle_only() {
    let tmp = tempfile::tempdir().expect("tmp");
    let pb = puzzles(&tmp.path().join("pb"), &["a/owls", "ants"]);
    let pa = puzzles(&tmp.path().join("pa"), &["owls", "bats"]);
    let site = tmp.path().join("site");
    render_ok(&pb, &site, &[]);
    let theirs = snapshot(&site.join("a/owls"));
    let (code, stderr) = render(&pa, &site.join("a"), &[]);
    assert_eq!(code, Some(1), "{stderr}");
    let line = stderr
        .lines()
        .find(|l| l.starts_with("error: puzzle 'owls': "))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(
        line.contains("owls/.unscramble-manifest.json: these outputs were written for another output folder (")
            && line.contains("pass -o a folder that is not inside another output folder"),
        "{line}"
    );
    assert_eq!(snapshot(&site.join("a/owls")), theirs);
    assert!(site.join("a/bats/solution-1.png").is_file());
    // The outer project goes on as before.
    let (code, stderr) = render(&pb, &site, &["--check"]);
    assert_eq!(code, Some(0), "{stderr}");
}

#[test]
fn out_above_the_project_leaves_siblings_and_the_puzzles_folder_alone() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ws = tmp.path().join("ws");
    let other = ws.join("other");
    puzzles(&other.join("puzzles"), &["x"]);
    render_ok(&other.join("puzzles"), &other.join("output"), &[]);
    let theirs = snapshot(&other.join("output"));
    let mine = ws.join("mine");
    puzzles(&mine.join("puzzles"), &["y"]);
    // A record in the puzzles folder that would vouch for a committed file
    // if the walk went in there: its root and hash are right for `-o ..`.
    let notes = mine.join("puzzles/notes");
    fs::create_dir_all(&notes).expect("mkdir");
    fs::write(notes.join("keep.txt"), b"mine").expect("write");
    let mut m = json(&other.join("output/x/.unscramble-manifest.json"));
    m["source"] = "gone".into();
    m["root"] = "../../..".into();
    m["files"] = serde_json::json!({"keep.txt": blake3::hash(b"mine").to_hex().to_string()});
    fs::write(notes.join(".unscramble-manifest.json"), m.to_string()).expect("write");

    let output = unscramble()
        .current_dir(&mine)
        .args(["render", "puzzles", "-o", ".."])
        .output()
        .expect("runs");
    let stderr = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("removed"), "{stderr}");
    assert_eq!(snapshot(&other.join("output")), theirs);
    assert_eq!(fs::read(notes.join("keep.txt")).expect("kept"), b"mine");
    assert!(ws.join("y/solution-1.png").is_file());
}
