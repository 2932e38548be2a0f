//! `unscramble infer` on art it did not draw: one small 3x3 per style of
//! scripts/bench-infer-styles (colour half-discs with marks, emoji cut in
//! two, round photo crops on wood, symbols cut in two, text cards,
//! draw-tiles), made by scripts/infer-styles.py from a planted truth
//! (tests/fixtures/infer-styles/README.md). Each is read back to its truth,
//! or refused with the halves in doubt named and marked on the review
//! sheet, as its `expect` file says; never written wrong.

#[path = "../common/mod.rs"]
mod common;

use common::{fixtures, unscramble};
use std::fs;
use std::path::{Path, PathBuf};

mod art;
mod decide;
mod photo;
mod text;

/// A copy of the style's fixture in a temporary folder, its truth as the
/// folder's tile_dict.yaml when `with_truth`.
fn copy(style: &str, with_truth: bool) -> (tempfile::TempDir, PathBuf, String) {
    let src = fixtures().join("infer-styles").join(style);
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join(style);
    fs::create_dir_all(dir.join("input")).expect("mkdir");
    for entry in fs::read_dir(src.join("input")).expect("fixture") {
        let path = entry.expect("entry").path();
        fs::copy(
            &path,
            dir.join("input").join(path.file_name().expect("name")),
        )
        .expect("copy");
    }
    if with_truth {
        fs::copy(src.join("truth.yaml"), dir.join("input/tile_dict.yaml")).expect("truth");
    }
    let expect = fs::read_to_string(src.join("expect")).expect("expect file");
    (tmp, dir, expect.trim().to_string())
}

fn check(dir: &Path) -> (Option<i32>, String) {
    let out = unscramble()
        .args(["infer", "--check"])
        .arg(dir)
        .output()
        .expect("runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `infer --json` on `dir` with `args` and `env`, which must exit 0: what
/// it printed on stdout.
fn infer_json(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> serde_json::Value {
    let out = unscramble()
        .args(["infer", "--json"])
        .args(args)
        .arg(dir)
        .envs(env.iter().copied())
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    serde_json::from_slice(&out.stdout).expect("json")
}

/// Checks that fixture `style` is read right (the transcription beside it
/// equals the inferred edges) and gives what `infer --check` said.
fn read_right(style: &str) -> String {
    let (_tmp, dir, expect) = copy(style, true);
    assert_eq!(expect, "right", "{style}");
    let (code, stderr) = check(&dir);
    assert_eq!(code, Some(0), "{style}: {stderr}");
    assert!(
        stderr.contains("the inferred edges equal tile_dict.yaml"),
        "{style}: {stderr}"
    );
    assert!(!stderr.contains("differs:"), "{style}: {stderr}");
    stderr
}

/// Checks that fixture `style` is refused, nothing written against its
/// truth, and gives what `infer --check` said.
fn read_refused(style: &str) -> String {
    let (_tmp, dir, expect) = copy(style, true);
    assert_eq!(expect, "refused", "{style}");
    let (code, stderr) = check(&dir);
    assert_refused(style, code, &stderr);
    stderr
}

fn assert_refused(style: &str, code: Option<i32>, stderr: &str) {
    assert_eq!(code, Some(1), "{style}: {stderr}");
    assert!(
        stderr.contains("the pictures do not decide the edges"),
        "{style}: {stderr}"
    );
    assert!(!stderr.contains("differs:"), "{style}: {stderr}");
}

fn reads_back_or_refuses(style: &str) {
    let (_tmp, dir, expect) = copy(style, true);
    let (code, stderr) = check(&dir);
    match expect.as_str() {
        "right" => assert!(
            code == Some(0) && stderr.contains("the inferred edges equal tile_dict.yaml"),
            "{style}: {stderr}"
        ),
        "refused" => assert_refused(style, code, &stderr),
        other => panic!("{style}: unknown expectation {other}"),
    }
}

/// Checks that fixture `style` is read right from the pictures, written at
/// a confidence of 0.9 or more.
fn read_right_from_the_pictures(style: &str) {
    let (_tmp, dir, expect) = copy(style, true);
    assert_eq!(expect, "right");
    let doc = infer_json(&dir, &["--check"], &[]);
    assert_eq!(doc["read_from"], "pictures", "{doc}");
    assert_eq!(
        doc["differences"].as_array().map(Vec::len),
        Some(0),
        "{doc}"
    );
    assert!(
        doc["confidence"].as_f64().expect("confidence") >= 0.9,
        "{doc}"
    );
}

/// `unscramble infer DIR`: its exit code and what it said.
fn infer(dir: &std::path::Path) -> (Option<i32>, String) {
    let out = unscramble().arg("infer").arg(dir).output().expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code(), stderr)
}
