//! Puzzles without a solution: the closest boards, end to end.

mod common;

use common::{bundled, copy_dir, json, render_ok, unscramble};
use image::Rgb;
use std::fs;
use std::path::Path;
use unscramble::kind::tiles::input::{self, pictures};
use unscramble::kind::tiles::model::{Placement, BOTTOM, RIGHT};
use unscramble::kind::tiles::render::Renderer;
use unscramble::kind::Style;

/// `puzzles/3x3-typo`: the 3x3 blog puzzle with tile 1's left edge written as the wrong half.
fn typo(root: &Path) {
    copy_dir(&bundled("3x3-typo"), &root.join("3x3-typo"));
}

fn cells(board: &serde_json::Value) -> Vec<Placement> {
    board["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .map(|c| Placement {
            tile: (c[0].as_u64().expect("tile") - 1) as u8,
            turns: c[1].as_u64().expect("turns") as u8,
        })
        .collect()
}

#[test]
fn a_typo_gives_scored_closest_boards_marked_where_they_disagree() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (root, out) = (tmp.path().join("puzzles"), tmp.path().join("out"));
    typo(&root);
    let err = render_ok(&root, &out, &[]);
    assert!(
        err.contains(
            "no solution; the closest boards match 11 of 12 inner edges (4 boards, 4 images)"
        ),
        "{err}"
    );
    let dir = out.join("3x3-typo");
    let file = json(&dir.join("solutions.json"));
    assert_eq!(file["solutions_total"], 0);
    let c = &file["closest"];
    assert_eq!(
        (c["matched_edges"].as_u64(), c["inner_edges"].as_u64()),
        (Some(11), Some(12))
    );
    assert_eq!(c["complete"], true);
    let boards = c["boards"].as_array().expect("boards");
    assert_eq!(boards.len(), 4);
    // The true solution, where the typo is: tile 1 top right, unturned, its
    // left edge against tile 4.
    let truth = &boards[3];
    assert_eq!(cells(truth)[2], Placement { tile: 0, turns: 0 });
    assert_eq!(
        truth["unmatched"],
        serde_json::json!([{"row": 1, "col": 2, "side": "right"}])
    );
    let summary = json(&out.join("summary.json"));
    let s = &summary["puzzles"][0]["closest"];
    assert_eq!(s["boards"], 4);
    assert_eq!(s["rendered"], serde_json::json!([1, 2, 3, 4]));

    // Each closest-<k>.png is the plain board except inside the marks, and
    // every unmatched seam is red at its middle.
    let parsed = input::read_puzzle(&root.join("3x3-typo/input")).expect("parses");
    let puzzle = parsed.puzzle;
    let pics = pictures::load(&root.join("3x3-typo/input"), 9, 4096).expect("pictures");
    let mut renderer = Renderer::new(&puzzle, &pics, Style::default());
    for (i, b) in boards.iter().enumerate() {
        let board = cells(b);
        let plain = renderer.board(&board).clone();
        let png = common::open_png(&dir.join(format!("closest-{}.png", i + 1))).to_rgb8();
        assert_eq!(png.dimensions(), plain.dimensions());
        let unmatched = puzzle.unmatched(&board);
        assert_eq!(unmatched.len(), 1);
        let side = (plain.width() - 2) / 3;
        let (cell, edge) = unmatched[0];
        let (x0, y0) = (1 + (cell % 3) as u32 * side, 1 + (cell / 3) as u32 * side);
        let (mx, my) = if edge == RIGHT {
            (x0 + side, y0 + side / 2)
        } else {
            assert_eq!(edge, BOTTOM);
            (x0 + side / 2, y0 + side)
        };
        assert_eq!(
            *png.get_pixel(mx, my),
            Rgb([230, 20, 20]),
            "board {}",
            i + 1
        );
        let mut changed = 0;
        for (x, y, p) in png.enumerate_pixels() {
            if p != plain.get_pixel(x, y) {
                changed += 1;
                let reach = side * 7 / 20 + 1;
                let near = x.abs_diff(mx) <= reach && y.abs_diff(my) <= reach;
                assert!(
                    near,
                    "board {}: pixel ({x}, {y}) changed away from the seam",
                    i + 1
                );
            }
        }
        assert!(changed > 0);
        let text = fs::read_to_string(dir.join(format!("closest-{}.txt", i + 1))).expect("txt");
        assert_eq!(text.lines().count(), 3);
    }
    let md = fs::read_to_string(dir.join("index.md")).expect("index.md");
    assert!(
        md.contains("<summary>Show the 4 closest boards</summary>")
            && md.contains("<a href=\"closest-4.png\"><img src=\"closest-4.png\" width=\"181\" height=\"181\" alt=\"3x3 typo, closest board 4 of 4: 11 of 12 edges match\""),
        "{md}"
    );
    let html = fs::read_to_string(out.join("index.html")).expect("index.html");
    assert!(html.contains("3x3-typo/closest-1.png"), "{html}");
}

#[test]
fn no_closest_skips_the_search_and_its_files() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (root, out) = (tmp.path().join("puzzles"), tmp.path().join("out"));
    typo(&root);
    render_ok(&root, &out, &[]);
    // A later run without the search removes the closest boards it no longer makes.
    let err = render_ok(&root, &out, &["--no-closest"]);
    assert!(err.contains("3x3-typo: no solution ("), "{err}");
    let dir = out.join("3x3-typo");
    assert!(!dir.join("closest-1.png").exists());
    assert!(json(&dir.join("solutions.json")).get("closest").is_none());
}

#[test]
fn solve_prints_the_closest_boards_and_their_unmatched_edges() {
    let tmp = tempfile::tempdir().expect("tmp");
    typo(tmp.path());
    let out = unscramble()
        .arg("solve")
        .arg(tmp.path().join("3x3-typo"))
        .assert()
        .success()
        .get_output()
        .clone();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stdout.matches("=== Closest board").count(), 4, "{stdout}");
    assert!(
        stdout.contains("[t=8,r=3] [t=4,r=1] [t=1,r=0]\n[t=6,r=2] [t=5,r=2] [t=9,r=2]\n[t=2,r=1] [t=3,r=1] [t=7,r=1]\nunmatched: row 1 col 2 right\n"),
        "{stdout}"
    );
    assert!(
        stderr.contains("closest: 4 boards (one per rotation class) match 11 of 12 inner edges"),
        "{stderr}"
    );
}

#[test]
fn the_timeout_bounds_the_closest_search_too() {
    // 25 tiles that fit each other badly: no solution, and a closest search
    // far longer than the timeout.
    let tmp = tempfile::tempdir().expect("tmp");
    let mut yaml = String::new();
    for t in 1..=25 {
        let token = format!("t{}", t % 5);
        yaml.push_str(&format!(
            "{t}: [['{token}', '+'], ['{token}', '+'], ['{token}', '-'], ['t{}', '+']]\n",
            t % 3
        ));
    }
    let dir = common::drawn_puzzle(tmp.path(), "hard", &yaml, 16);
    let out = unscramble()
        .args(["solve", "--timeout", "0.2"])
        .arg(&dir)
        .assert()
        .success()
        .get_output()
        .clone();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("closest: the best board found matches")
            && stderr.contains("of 40 inner edges, and none can match more than")
            && stderr.ends_with("; stopped by the timeout\n"),
        "{stderr}"
    );
}
