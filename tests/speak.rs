//! Nothing fails in silence: every non-zero exit says why,
//! even with -q; an empty puzzles folder is an error; every missing picture
//! is named at once; a count is blamed on --max-images only when that flag
//! dropped a board; counts take the right plural.

mod common;
use common::*;
use std::fs;

#[test]
fn unique_and_distinct_looks_do_not_blame_max_images() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    drawn_puzzle(&root, "p", SEED_000, 24);
    let out = tmp.path().join("out");
    for flag in ["--unique", "--distinct-looks"] {
        let stderr = render_ok(&root, &out, &[flag]);
        assert!(
            stderr.contains("p: 4 solutions (1 unique up to turning the board), 1 image ("),
            "{flag}: {stderr}"
        );
        assert!(!stderr.contains("capped"), "{flag}: {stderr}");
        let summary = json(&out.join("summary.json"));
        assert_eq!(summary["puzzles"][0]["images_capped"], false, "{flag}");
    }
    // The flag itself still says so when it is the cause.
    let stderr = render_ok(&root, &out, &["--max-images", "3"]);
    assert!(
        stderr.contains(", 3 images (capped by --max-images) ("),
        "{stderr}"
    );
    assert_eq!(
        json(&out.join("summary.json"))["puzzles"][0]["images_capped"],
        true
    );
}

#[test]
fn quiet_check_still_says_what_is_stale() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    drawn_puzzle(&root, "p", SEED_000, 24);
    let out = tmp.path().join("out");
    render_ok(&root, &out, &[]);
    let (code, stderr) = render(&root, &out, &["--check", "-q"]);
    assert_eq!(
        (code, stderr.as_str()),
        (Some(0), ""),
        "a passing -q run is silent"
    );
    fs::remove_file(out.join("p/solution-2.png")).expect("rm");
    fs::remove_file(out.join("summary.json")).expect("rm");
    let (code, stderr) = render(&root, &out, &["--check", "-q"]);
    assert_eq!(code, Some(1), "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{stderr}");
    assert!(
        lines[0].starts_with("p: 4 solutions (1 unique up to turning the board), 4 images [stale: solution-2.png (missing)] ("),
        "{stderr}"
    );
    assert_eq!(lines[1], "stale: summary.json (missing)");
    assert!(
        lines[2].starts_with("1 puzzle: 1 solved, 0 without solution, 0 failed; stale output: 1 puzzle stale, 0 up to date ("),
        "{stderr}"
    );
}

#[test]
fn quiet_render_of_a_failing_puzzle_says_why_and_the_totals() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    drawn_puzzle(&root, "good", SEED_000, 24);
    fs::create_dir_all(root.join("bad/input")).expect("mkdir");
    fs::write(root.join("bad/input/tile_dict.yaml"), SEED_000).expect("write");
    let out = tmp.path().join("out");
    let (code, stderr) = render(&root, &out, &["-q"]);
    assert_eq!(code, Some(1), "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{stderr}");
    assert!(lines[0].starts_with("error: puzzle 'bad': "), "{stderr}");
    assert!(
        lines[1].starts_with("2 puzzles: 1 solved, 0 without solution, 1 failed ("),
        "{stderr}"
    );
}

#[test]
fn every_missing_picture_is_named_at_once() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    let dir = drawn_puzzle(&root, "p", SEED_000, 24);
    let input = dir.join("input");
    for k in [3, 5, 6] {
        fs::remove_file(input.join(format!("{k}.png"))).expect("rm");
    }
    let out = tmp.path().join("out");
    let (code, stderr) = render(&root, &out, &["-q"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(
        stderr.lines().next(),
        Some(format!(
            "error: puzzle 'p': {}: the tile pictures 3.png, 5.png, 6.png are missing (every tile K needs its picture input/K.png; `unscramble draw-tiles PUZZLE_DIR` draws missing ones from the edges)",
            input.display()
        ).as_str()),
        "{stderr}"
    );
}

#[test]
fn pictures_saved_as_jpeg_are_named_in_the_hint() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    let dir = drawn_puzzle(&root, "p", SEED_000, 24);
    let input = dir.join("input");
    for (k, ext) in [(3, "jpg"), (5, "jpeg"), (6, "JPG")] {
        // The content does not matter: a JPEG is never decoded.
        fs::rename(
            input.join(format!("{k}.png")),
            input.join(format!("{k}.{ext}")),
        )
        .expect("mv");
    }
    let out = tmp.path().join("out");
    let (code, stderr) = render(&root, &out, &[]);
    assert_eq!(code, Some(1), "{stderr}");
    let expected = format!(
        "error: puzzle 'p': {}: the tile pictures 3.png, 5.png, 6.png are missing (3.jpg, 5.jpeg, 6.JPG are there, but tile pictures are read only as PNG: convert them to PNG, saved as input/K.png)",
        input.display()
    );
    assert!(stderr.lines().any(|l| l == expected), "{stderr}");
    // One picture: the file's own message, with the same hint.
    fs::rename(input.join("5.jpeg"), input.join("5.png")).expect("mv");
    fs::rename(input.join("6.JPG"), input.join("6.png")).expect("mv");
    let (code, stderr) = render(&root, &out, &[]);
    assert_eq!(code, Some(1), "{stderr}");
    let expected = format!(
        "error: puzzle 'p': {}: the file is missing (3.jpg is there, but tile pictures are read only as PNG: convert it to PNG, saved as input/K.png)",
        input.join("3.png").display()
    );
    assert!(stderr.lines().any(|l| l == expected), "{stderr}");
}

#[test]
fn counts_of_one_are_singular() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    let dir = drawn_puzzle(&root, "p", SEED_000, 24);
    let out = unscramble()
        .args(["solve", "--max-solutions", "1"])
        .arg(&dir)
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "1+ solutions (1+ unique up to turning the board); stopped after 1 solution; "
        ),
        "{stderr}"
    );
    let yaml = SEED_000.replacen(
        "1: [['ylw', '+'], ['red', '-'], ['grn', '+'], ['blu', '+']]",
        "1: [['ylw', '+']]",
        1,
    );
    fs::write(dir.join("input/tile_dict.yaml"), yaml).expect("write");
    let (code, stderr) = render(&root, &tmp.path().join("out"), &[]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("tile 1 has 1 edge, expected 4 ("),
        "{stderr}"
    );

    // The gallery's index.md of a puzzle with one solution.
    let root = tmp.path().join("domino");
    copy_dir(&bundled("domino-fit"), &root.join("d"));
    let out = tmp.path().join("domino-out");
    let stderr = render_ok(&root, &out, &[]);
    assert!(stderr.contains("d: 1 solution, 1 image ("), "{stderr}");
    let md = fs::read_to_string(out.join("d/index.md")).expect("index.md");
    assert!(md.contains("7 x 7 board, 1 solution."), "{md}");
}
