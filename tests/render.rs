//! The render command end to end: counts, files, pixels (whether one
//! thread or three write the same bytes: `committed_output.rs`).

mod common;
use common::*;
use std::fs;
use std::path::Path;

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

/// Each board `dir` holds (the unsolved one: the tiles in key order,
/// unturned) against the pictures turned and pasted by image-rs, frame
/// included, pixel for pixel: a line per board that differs, naming the
/// diff image written for it.
fn boards_unlike_the_reference(
    dir: &Path,
    pictures: &[image::RgbaImage],
    cols: u32,
) -> Vec<String> {
    let v = json(&dir.join("solutions.json"));
    let solutions = v["solutions"].as_array().expect("list");
    let tiles = pictures.len() as u64;
    let mut boards = vec![(
        "unsolved".to_string(),
        (1..=tiles).map(|t| [t, 0]).collect(),
    )];
    for s in solutions {
        boards.push((format!("solution-{}", s["index"]), cells(s)));
    }
    let mut wrong = Vec::new();
    for (name, cells) in boards {
        let board = open_png(&dir.join(format!("{name}.png"))).into_rgb8();
        let want = reference_board(pictures, &cells, cols);
        if board != want {
            let at = Path::new("render")
                .join(dir.file_name().expect("name"))
                .join(&name);
            let diff = diff_image(&at.with_extension("png"), &want, &board)
                .map_or(String::new(), |p| format!(" (diff: {})", p.display()));
            wrong.push(format!(
                "{name}: not the turned tile pictures {cells:?}{diff}"
            ));
        }
    }
    wrong
}

/// Tile pictures of few colours: boards stored with a palette.
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
    assert_eq!(
        json(&out.join("q/solutions.json"))["solutions"]
            .as_array()
            .map(Vec::len),
        Some(8)
    );
    let wrong = boards_unlike_the_reference(&out.join("q"), &pictures, 2);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Tile pictures of thousands of colours (gradients and noise, no two
/// tiles alike, none the same turned): boards stored as RGB, turned by the
/// RGB code. The four solutions of the blog puzzle are one board in its
/// four turns, so every tile is drawn in every quarter turn.
#[test]
fn rgb_board_pixels_are_the_turned_tile_pictures() {
    let tmp = tempfile::tempdir().expect("tmp");
    let input = tmp.path().join("puzzles/noisy/input");
    fs::create_dir_all(&input).expect("mkdir");
    fs::write(input.join("tile_dict.yaml"), SEED_000).expect("yaml");
    let side = 20;
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let pictures: Vec<image::RgbaImage> = (0..9u32)
        .map(|k| {
            image::RgbaImage::from_fn(side, side, |x, y| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let noise = (seed % 24) as u32;
                let c = |v: u32| (v % 256) as u8;
                image::Rgba([
                    c(x * 12 + noise),
                    c(y * 12 + k * 7),
                    c(k * 28 + noise * 3),
                    255,
                ])
            })
        })
        .collect();
    let colours: std::collections::BTreeSet<[u8; 4]> = pictures
        .iter()
        .flat_map(|p| p.pixels().map(|p| p.0))
        .collect();
    assert!(colours.len() > 2000, "{} colours", colours.len());
    for (k, p) in pictures.iter().enumerate() {
        image::DynamicImage::ImageRgba8(p.clone())
            .into_rgb8()
            .save(input.join(format!("{}.png", k + 1)))
            .expect("save");
    }
    let out = tmp.path().join("out");
    render_ok(&tmp.path().join("puzzles"), &out, &[]);
    let dir = out.join("noisy");
    let board = fs::read(dir.join("solution-1.png")).expect("board");
    assert_eq!(board[25], 2, "colour type 2: an RGB board, not a palette");
    let drawn: std::collections::BTreeSet<[u64; 2]> = json(&dir.join("solutions.json"))
        ["solutions"]
        .as_array()
        .expect("list")
        .iter()
        .flat_map(cells)
        .collect();
    assert_eq!(drawn.len(), 9 * 4, "every tile in every turn: {drawn:?}");
    let wrong = boards_unlike_the_reference(&dir, &pictures, 3);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
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
