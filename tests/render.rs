//! The render command end to end: counts, files, pixels (whether one
//! thread or three write the same bytes: `committed_output.rs`).

mod common;
use common::*;
use image::{imageops, Rgb, RgbImage};
use std::fs;

#[test]
fn seed_000_has_four_solutions_one_unique_and_every_file() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    drawn_puzzle(&root, "3x3-original", SEED_000, 48);
    let out = tmp.path().join("output");
    render_ok(&root, &out, &[]);
    let dir = out.join("3x3-original");
    let v = json(&dir.join("solutions.json"));
    assert_eq!(
        (v["rows"].as_u64(), v["cols"].as_u64(), v["tiles"].as_u64()),
        (Some(3), Some(3), Some(9))
    );
    assert_eq!(v["solutions_total"], 4);
    assert_eq!(v["solutions_unique"], 1);
    assert_eq!(v["complete"], true);
    let classes: Vec<_> = v["solutions"]
        .as_array()
        .expect("list")
        .iter()
        .map(|s| s["class"].clone())
        .collect();
    assert_eq!(classes, vec![1, 1, 1, 1]);
    for k in 1..=4 {
        let text = fs::read_to_string(dir.join(format!("solution-{k}.txt"))).expect("txt");
        let cells: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(text.lines().count(), 3, "{text}");
        assert_eq!(cells.len(), 9, "{text}");
        // Tile 5 is the centre in every turn of the one solution.
        assert!(cells[4].starts_with("[t=5,r="), "{text}");
        assert!(dir.join(format!("solution-{k}.png")).is_file());
    }
    assert!(dir.join("unsolved.png").is_file());
    let summary = json(&out.join("summary.json"));
    assert_eq!(summary["puzzles"][0]["name"], "3x3-original");
    assert_eq!(summary["puzzles"][0]["status"], "solved");
}

/// What the board shows at a cell: the tile picture composited over white and
/// turned `turns` quarter turns counter-clockwise, done here with image-rs.
fn expected_cell(picture: &image::RgbaImage, turns: u64) -> RgbImage {
    let flat = RgbImage::from_fn(picture.width(), picture.height(), |x, y| {
        let p = picture.get_pixel(x, y);
        let a = u32::from(p[3]);
        let mix = |c: u8| ((u32::from(c) * a + 255 * (255 - a) + 127) / 255) as u8;
        Rgb([mix(p[0]), mix(p[1]), mix(p[2])])
    });
    match turns {
        0 => flat,
        1 => imageops::rotate270(&flat),
        2 => imageops::rotate180(&flat),
        _ => imageops::rotate90(&flat),
    }
}

#[test]
fn solved_board_pixels_are_the_turned_tile_pictures() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    copy_dir(&legespiel("quasthoff-example"), &root.join("q"));
    let out = tmp.path().join("out");
    render_ok(&root, &out, &[]);
    let pictures: Vec<_> = (1..=4)
        .map(|k| {
            image::open(root.join(format!("q/input/{k}.png")))
                .expect("tile")
                .into_rgba8()
        })
        .collect();
    let side = pictures[0].width();
    let v = json(&out.join("q/solutions.json"));
    let solutions = v["solutions"].as_array().expect("list");
    assert_eq!(solutions.len(), 8);
    for s in solutions {
        let k = s["index"].as_u64().expect("index");
        let board = image::open(out.join(format!("q/solution-{k}.png")))
            .expect("png")
            .into_rgb8();
        assert_eq!(board.dimensions(), (2 * side + 2, 2 * side + 2));
        for (cell, c) in s["cells"].as_array().expect("cells").iter().enumerate() {
            let (tile, turns) = (c[0].as_u64().expect("tile"), c[1].as_u64().expect("turns"));
            let (x, y) = (1 + (cell as u32 % 2) * side, 1 + (cell as u32 / 2) * side);
            let shown = imageops::crop_imm(&board, x, y, side, side).to_image();
            let want = expected_cell(&pictures[tile as usize - 1], turns);
            assert!(
                shown == want,
                "solution {k}, cell {cell}: tile {tile} turned {turns} differs"
            );
        }
        let black = Rgb([0, 0, 0]);
        let (w, h) = board.dimensions();
        assert!(
            (0..w).all(|x| board.get_pixel(x, 0) == &black && board.get_pixel(x, h - 1) == &black)
        );
        assert!(
            (0..h).all(|y| board.get_pixel(0, y) == &black && board.get_pixel(w - 1, y) == &black)
        );
    }
    // The unsolved board is the tiles in key order, unturned.
    let unsolved = image::open(out.join("q/unsolved.png"))
        .expect("png")
        .into_rgb8();
    for (i, picture) in pictures.iter().enumerate() {
        let (x, y) = (1 + (i as u32 % 2) * side, 1 + (i as u32 / 2) * side);
        assert!(
            imageops::crop_imm(&unsolved, x, y, side, side).to_image() == expected_cell(picture, 0),
            "tile {}",
            i + 1
        );
    }
}

#[test]
fn stale_solution_files_the_tool_wrote_are_removed_and_nothing_else() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    drawn_puzzle(&root, "p", SEED_000, 24);
    let before = files_below(&root);
    let out = tmp.path().join("out");
    fs::create_dir_all(out.join("p")).expect("mkdir");
    // Saved by hand: no manifest ever listed them.
    for name in ["solution-9.png", "solution-9.txt", "notes.md"] {
        fs::write(out.join("p").join(name), b"old").expect("write");
    }
    render_ok(&root, &out, &[]);
    assert!(out.join("p/solution-4.png").exists());
    render_ok(&root, &out, &["--max-images", "2"]);
    assert!(!out.join("p/solution-4.png").exists());
    assert!(!out.join("p/solution-3.txt").exists());
    for name in ["solution-9.png", "solution-9.txt", "notes.md"] {
        assert_eq!(fs::read(out.join("p").join(name)).expect("kept"), b"old");
    }
    assert_eq!(
        files_below(&root),
        before,
        "the puzzles folder is never written"
    );
}

#[test]
fn caps_and_unique_say_what_they_left_out() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    drawn_puzzle(&root, "p", SEED_000, 24);
    let out = tmp.path().join("out");
    let stderr = render_ok(&root, &out, &["--max-images", "2"]);
    assert!(
        stderr.contains("2 images (capped by --max-images)"),
        "{stderr}"
    );
    let v = json(&out.join("p/solutions.json"));
    assert_eq!(v["rendered"], serde_json::json!([1, 2]));
    assert!(!out.join("p/solution-3.png").exists());
    assert_eq!(
        json(&out.join("summary.json"))["puzzles"][0]["images_capped"],
        true
    );

    render_ok(&root, &out, &["--unique"]);
    let v = json(&out.join("p/solutions.json"));
    assert_eq!(v["rendered"], serde_json::json!([1]));
    assert_eq!(
        v["solutions_total"], 4,
        "--unique renders less but counts everything"
    );
    assert!(out.join("p/solution-1.png").exists() && !out.join("p/solution-2.png").exists());

    let stderr = render_ok(&root, &out, &["--max-solutions", "2"]);
    assert!(
        stderr.contains("2+ solutions") && stderr.contains("stopped by --max-solutions"),
        "{stderr}"
    );
    let v = json(&out.join("p/solutions.json"));
    assert_eq!(
        (v["solutions_total"].as_u64(), v["complete"].as_bool()),
        (Some(2), Some(false))
    );
}

#[test]
fn a_puzzle_without_solution_is_reported_not_failed() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    // Every edge shows the same half, so no two tiles can ever meet.
    let yaml: String = (1..=4)
        .map(|k| format!("{k}: [[a, '+'], [a, '+'], [a, '+'], [a, '+']]\n"))
        .collect();
    drawn_puzzle(&root, "hopeless", &yaml, 24);
    let out = tmp.path().join("out");
    let stderr = render_ok(&root, &out, &[]);
    assert!(stderr.contains("hopeless: no solution"), "{stderr}");
    let summary = json(&out.join("summary.json"));
    assert_eq!(summary["puzzles"][0]["status"], "no-solution");
    assert_eq!(summary["totals"]["no_solution"], 1);
    assert!(out.join("hopeless/unsolved.png").exists());
    assert!(!out.join("hopeless/solution-1.png").exists());
}
