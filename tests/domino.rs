//! Domino Fit puzzles (the board of Philippe Olivier's post) in the same batch as tile puzzles.

mod common;
use common::*;
use std::fs;

const SEED_001_SOLUTION: &str = "1X-2-2X\n|1-2X-2\n1|-21-2\n|1-2|11\n1|-21||\n|-2X|-2\nX-2-2-2\n";

#[test]
fn the_seed_board_renders_beside_tile_puzzles_with_the_seed_solution() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    copy_dir(&bundled("domino-fit"), &root.join("domino"));
    drawn_puzzle(&root, "tiles", SEED_000, 16);
    fs::create_dir_all(root.join("bad-domino/input")).expect("mkdir");
    fs::write(
        root.join("bad-domino/input/domino_fit.yaml"),
        "width: 2\nheight: 2\nblacks: [[5, 0]]\ntop: [1, 1]\nside: [1, 1]\n",
    )
    .expect("write");
    fs::create_dir_all(root.join("both/input")).expect("mkdir");
    fs::write(root.join("both/input/domino_fit.yaml"), "width: 1\n").expect("write");
    fs::write(root.join("both/input/tile_dict.yaml"), SEED_000).expect("write");
    let out = tmp.path().join("out");
    let output = unscramble()
        .arg("render")
        .arg(&root)
        .arg("-o")
        .arg(&out)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("domino: 1 solution, 1 image"), "{stderr}");
    assert!(
        stderr.contains("error: puzzle 'bad-domino': ") && stderr.contains("domino_fit.yaml:3:"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error: puzzle 'both': ")
            && stderr.contains("more than one puzzle file: tile_dict.yaml, domino_fit.yaml"),
        "{stderr}"
    );
    assert_eq!(
        fs::read_to_string(out.join("domino/solution-1.txt")).expect("txt"),
        SEED_001_SOLUTION
    );
    let v = json(&out.join("domino/solutions.json"));
    assert_eq!(
        (v["width"].as_u64(), v["height"].as_u64()),
        (Some(7), Some(7))
    );
    assert_eq!(
        (
            v["solutions_total"].as_u64(),
            v["complete"].as_bool(),
            v["rule"].as_str()
        ),
        (Some(1), Some(true), Some("full"))
    );
    let summary = json(&out.join("summary.json"));
    let domino = summary["puzzles"]
        .as_array()
        .expect("list")
        .iter()
        .find(|p| p["name"] == "domino")
        .expect("entry")
        .clone();
    assert_eq!(domino["kind"], "domino-fit");
    assert_eq!(domino["solutions_unique"], serde_json::Value::Null);
    let board = open_png(&out.join("domino/solution-1.png")).into_rgb8();
    assert_eq!(board.get_pixel(0, 0).0, [0, 0, 0], "framed");
    assert!(
        out.join("tiles/solution-4.png").is_file(),
        "tile puzzles still render"
    );
}

#[test]
fn solve_prints_the_seed_solution_under_both_rules() {
    for rule in ["full", "partial"] {
        let out = unscramble()
            .args(["solve", "--domino-cover", rule])
            .arg(bundled("domino-fit"))
            .output()
            .expect("runs");
        assert!(out.status.success());
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            format!("=== Solution 1 ===\n{SEED_001_SOLUTION}\n")
        );
        assert!(
            String::from_utf8_lossy(&out.stderr).starts_with(&format!("1 solution ({rule} rule)"))
        );
    }
}

/// `solve` says a stopped Domino Fit search as it says a stopped tile
/// search: which limit, with its amount (it said only `stopped by
/// --max-nodes` while each kind had its own `solve` branch).
#[test]
fn solve_says_the_limit_that_stopped_it_with_its_amount() {
    let out = unscramble()
        .args(["solve", "--max-nodes", "5"])
        .arg(bundled("domino-fit"))
        .output()
        .expect("runs");
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("0+ solutions (full rule); stopped after 5 nodes; 5 nodes in "),
        "{stderr}"
    );
}

/// `--tile-size` is one option for every kind of board: for Domino Fit it is
/// the side of a cell (the post's 7 x 7 board plus a margin cell for the sums).
/// It was silently ignored: every board stayed at 48 px a cell.
#[test]
fn tile_size_sets_the_domino_cell_size() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    copy_dir(&bundled("domino-fit"), &root.join("domino"));
    for (side, cells) in [
        (None, 48),
        (Some("24"), 24),
        (Some("96"), 96),
        (Some("4"), 4),
    ] {
        let out = tmp.path().join(format!("out-{cells}"));
        let extra: Vec<&str> = side.map_or(vec![], |s| vec!["--tile-size", s]);
        render_ok(&root, &out, &extra);
        for file in ["unsolved.png", "solution-1.png"] {
            let img = open_png(&out.join("domino").join(file)).into_rgb8();
            let expected = 2 + 8 * cells + 1;
            assert_eq!(img.dimensions(), (expected, expected), "{file} at {side:?}");
        }
    }
}
