//! Broken puzzles beside good ones: each broken one gets one clear message
//! (puzzle, file, what is wrong, how to fix it), the good ones still render,
//! and the exit code says something failed.

mod common;
use common::*;
use std::fs;
use std::path::Path;

fn yaml_puzzle(root: &Path, name: &str, yaml: &str) {
    fs::create_dir_all(root.join(name).join("input")).expect("mkdir");
    fs::write(root.join(name).join("input/tile_dict.yaml"), yaml).expect("write");
}

fn png(path: &Path, w: u32, h: u32) {
    image::RgbImage::from_pixel(w, h, image::Rgb([9, 99, 199]))
        .save(path)
        .expect("png");
}

#[test]
fn each_broken_puzzle_gets_one_message_and_the_rest_render() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    drawn_puzzle(&root, "good", SEED_000, 24);
    // (puzzle, what its message must say)
    let mut cases: Vec<(&str, String)> = Vec::new();
    yaml_puzzle(&root, "bad-yaml", "1: [['a', '+'], ['a', '-']\n2: x\n");
    cases.push(("bad-yaml", "input/tile_dict.yaml:2:".into()));
    yaml_puzzle(
        &root,
        "duplicate-key",
        &format!("{SEED_000}5: [[a, '+'], [a, '+'], [a, '+'], [a, '+']]\n"),
    );
    cases.push((
        "duplicate-key",
        "input/tile_dict.yaml:10:1: not valid YAML: duplicate".into(),
    ));
    yaml_puzzle(&root, "gap", &SEED_000.replace("7:", "10:"));
    cases.push((
        "gap",
        "tile keys must be 1..9 with no gap, but 7 is missing".into(),
    ));
    yaml_puzzle(
        &root,
        "eight-tiles",
        &SEED_000
            .lines()
            .take(8)
            .map(|l| format!("{l}\n"))
            .collect::<String>(),
    );
    cases.push(("eight-tiles", "8 tiles do not fill a square board".into()));
    yaml_puzzle(
        &root,
        "bad-half",
        &SEED_000.replace("['ylw', '+'], ['red', '-']", "['ylw', 'x'], ['red', '-']"),
    );
    cases.push((
        "bad-half",
        "tile_dict.yaml:1:13: tile 1, right edge: the half must be '+', '-' or '=', found 'x'"
            .into(),
    ));
    yaml_puzzle(
        &root,
        "three-entries",
        &SEED_000.replace("[['blu', '-'],", "[['blu', '-', 'x'],"),
    );
    cases.push((
        "three-entries",
        "tile 2, right edge: expected [token, half], found a list of 3".into(),
    ));

    let copy = |name: &str| {
        copy_dir(&root.join("good"), &root.join(name));
        root.join(name).join("input")
    };
    fs::remove_file(copy("missing-png").join("6.png")).expect("rm");
    cases.push(("missing-png", "input/6.png: the file is missing".into()));
    png(&copy("other-size").join("3.png"), 20, 20);
    cases.push(("other-size", "input/3.png: the tile picture is 20x20, but 1.png is 24x24 (scale all tile pictures to the same size)".into()));
    png(&copy("not-square").join("1.png"), 24, 20);
    cases.push((
        "not-square",
        "input/1.png: the tile picture is 24x20, not square".into(),
    ));
    fs::write(copy("jpeg").join("2.png"), b"\xFF\xD8\xFF\xE0 not really").expect("write");
    cases.push((
        "jpeg",
        "input/2.png: not a PNG file (it looks like a JPEG)".into(),
    ));

    let out = tmp.path().join("out");
    let output = unscramble()
        .arg("render")
        .arg(&root)
        .arg("-o")
        .arg(&out)
        .output()
        .expect("runs");
    assert_eq!(
        output.status.code(),
        Some(1),
        "a failed puzzle makes the run fail"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(
        errors.len(),
        cases.len(),
        "one error line per broken puzzle:\n{stderr}"
    );
    for (name, says) in &cases {
        let prefix = format!("error: puzzle '{name}': ");
        let line = errors
            .iter()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no error for {name}:\n{stderr}"));
        assert!(
            line.contains(says.as_str()),
            "{name}: {line}\nshould contain: {says}"
        );
        assert!(
            line.contains(&root.join(name).display().to_string()),
            "{name}: names the file: {line}"
        );
        assert!(
            line.ends_with(')'),
            "{name}: ends with a hint in parentheses: {line}"
        );
    }
    assert!(
        out.join("good/solution-4.png").is_file(),
        "the good puzzle still renders"
    );
    let summary = json(&out.join("summary.json"));
    assert_eq!(
        summary["totals"]["error"].as_u64(),
        Some(cases.len() as u64)
    );
    assert_eq!(summary["totals"]["solved"], 1);
    for p in summary["puzzles"].as_array().expect("list") {
        let expected = if p["name"] == "good" {
            "solved"
        } else {
            "error"
        };
        assert_eq!(p["status"], expected, "{p}");
        assert_eq!(p["error"].is_string(), expected == "error", "{p}");
    }
}

#[test]
fn usage_errors_exit_with_2() {
    let tmp = tempfile::tempdir().expect("tmp");
    let missing = tmp.path().join("nowhere");
    let output = unscramble()
        .arg("render")
        .arg(&missing)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot open the puzzles folder"));
    let output = unscramble()
        .args(["render", "--max-images", "many"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let output = unscramble()
        .args(["render", "-j", "0"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_folder_with_no_puzzles_is_fine() {
    let tmp = tempfile::tempdir().expect("tmp");
    fs::create_dir_all(tmp.path().join("empty")).expect("mkdir");
    let out = tmp.path().join("out");
    unscramble()
        .arg("render")
        .arg(tmp.path().join("empty"))
        .arg("-o")
        .arg(&out)
        .assert()
        .success();
    assert_eq!(json(&out.join("summary.json"))["totals"]["puzzles"], 0);
}
