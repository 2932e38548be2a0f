//! `--json` on the commands that write files: one JSON document on stdout
//! saying what was done, or the error as an object, for scripts.

mod common;
use common::utf8 as s;
use common::*;
use serde_json::Value;
use std::path::Path;

/// Runs `unscramble ARGS... --json -q`: its exit code and stdout as JSON.
fn run_json(args: &[&str]) -> (Option<i32>, Value) {
    let o = unscramble()
        .args(args)
        .args(["--json", "-q"])
        .output()
        .expect("runs");
    let doc = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{args:?}: stdout is not JSON ({e}): {}\nstderr: {}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    });
    (o.status.code(), doc)
}

fn written(doc: &Value) -> Vec<String> {
    doc["written"]
        .as_array()
        .expect("written")
        .iter()
        .map(|v| v.as_str().expect("a path").to_string())
        .collect()
}

#[test]
fn generate_json_lists_the_files_written_or_the_error() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("g");
    let (code, doc) = run_json(&["generate", s(&dir), "--size", "2", "--tokens", "2"]);
    assert_eq!(code, Some(0));
    assert_eq!(doc["command"], "generate");
    assert_eq!(doc["ok"], true);
    assert_eq!(doc["size"], 2);
    assert_eq!(doc["seed"], 1);
    assert_eq!(doc["errors"], serde_json::json!([]));
    let files = written(&doc);
    assert_eq!(files.len(), 5, "{files:?}");
    assert!(files.iter().all(|f| Path::new(f).is_file()), "{files:?}");
    // Again without --force: refused, and said as an object.
    let (code, doc) = run_json(&["generate", s(&dir), "--size", "2", "--tokens", "2"]);
    assert_eq!(code, Some(1));
    assert_eq!(doc["ok"], false);
    assert_eq!(written(&doc), Vec::<String>::new());
    let e = &doc["errors"][0];
    assert_eq!(e["puzzle"], s(&dir));
    assert_eq!(e["file"], s(&dir.join("input/tile_dict.yaml")));
    assert!(e["message"].as_str().expect("message").contains("--force"));
}

#[test]
fn draw_tiles_json_counts_the_pictures_drawn() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("p");
    std::fs::create_dir_all(dir.join("input")).expect("mkdir");
    std::fs::write(dir.join("input/tile_dict.yaml"), SEED_000).expect("write");
    let (code, doc) = run_json(&["draw-tiles", s(&dir), "--size", "16"]);
    assert_eq!(
        (code, &doc["command"], &doc["ok"]),
        (Some(0), &"draw-tiles".into(), &true.into())
    );
    assert_eq!(doc["drawn"], 9);
    assert_eq!(written(&doc).len(), 9);
    let (_, doc) = run_json(&["draw-tiles", s(&dir)]);
    assert_eq!(doc["drawn"], 0, "nothing missing now");
    let (code, doc) = run_json(&["draw-tiles", s(&tmp.path().join("none"))]);
    assert_eq!((code, &doc["ok"]), (Some(1), &false.into()));
    assert!(doc["errors"][0]["message"]
        .as_str()
        .is_some_and(|m| !m.is_empty()));
}

#[test]
fn convert_json_names_the_source_and_the_files() {
    let tmp = tempfile::tempdir().expect("tmp");
    let from = tmp.path().join("legespiel.xml");
    std::fs::copy(fixtures().join("legespiel-xml/iqtestnr8.config.xml"), &from).expect("copy");
    let to = tmp.path().join("q");
    let (code, doc) = run_json(&["convert", s(&from), s(&to)]);
    assert_eq!(code, Some(0), "{doc}");
    assert_eq!(doc["command"], "convert");
    assert_eq!(doc["from"], s(&from));
    assert_eq!(doc["puzzle"], s(&to));
    assert!(written(&doc).iter().any(|f| f.ends_with("tile_dict.yaml")));
    let (code, doc) = run_json(&["convert", s(&tmp.path().join("nope.txt")), s(&to)]);
    assert_eq!((code, &doc["ok"]), (Some(1), &false.into()));
    assert_eq!(doc["errors"].as_array().map(Vec::len), Some(1));
}

#[test]
fn animate_json_says_how_the_search_ended_and_what_it_wrote() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = drawn_puzzle(tmp.path(), "seed", SEED_000, 16);
    let out = tmp.path().join("anim/search.png");
    let args = ["animate", s(&dir), "-o", s(&out), "--max-frames", "20"];
    let (code, doc) = run_json(&args);
    assert_eq!(code, Some(0), "{doc}");
    assert_eq!(doc["command"], "animate");
    assert_eq!(doc["end"], "solved");
    assert_eq!(doc["frames"], 20);
    assert!(doc["events"].as_u64().is_some_and(|n| n > 0));
    assert_eq!(doc["animation"]["file"], s(&out));
    assert_eq!(doc["animation"]["written"], true);
    assert_eq!(written(&doc).len(), 2);
    // The same again: nothing rewritten.
    let (_, doc) = run_json(&args);
    assert_eq!(doc["animation"]["written"], false);
    assert_eq!(written(&doc), Vec::<String>::new());
    let (code, doc) = run_json(&["animate", s(&tmp.path().join("none"))]);
    assert_eq!((code, &doc["ok"]), (Some(1), &false.into()));
}
