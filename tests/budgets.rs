//! Every command's work is bounded before it starts: attributes in a
//! Legespiel file, the pixels `infer` decodes, the frames `animate` paints
//! and the pictures `cut` makes. Each refusal names the file, the limit and
//! the option that raises it, and writes nothing.

mod common;
mod cut_sheets;

use common::*;
use std::fs;

/// A PNG header (signature and IHDR) declaring `side` x `side` pixels and
/// nothing after it: enough for every check made before decoding.
fn declared_png(side: u32) -> Vec<u8> {
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    png.extend_from_slice(&side.to_be_bytes());
    png.extend_from_slice(&side.to_be_bytes());
    png.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
    png
}

/// roxmltree compares every attribute of an element with the ones before
/// it: 200,000 on one element took two minutes. Such a file is refused
/// before it is parsed, naming the file, the element's place and the limit.
#[test]
fn a_legespiel_file_with_too_many_attributes_is_refused_before_parsing() {
    let tmp = tempfile::tempdir().expect("tmp");
    let input = tmp.path().join("xml/input");
    fs::create_dir_all(&input).expect("mkdir");
    let attrs: String = (0..200_000).map(|i| format!(" a{i}=\"1\"")).collect();
    let xml = format!(
        "<?xml version=\"1.0\"?>\n<legespielConfiguration{attrs}>\n</legespielConfiguration>\n"
    );
    fs::write(input.join("legespiel.xml"), xml).expect("write");
    let (code, _, stderr) = run(&["solve", "--no-config", utf8(&tmp.path().join("xml"))]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("legespiel.xml:2:1: this element has more than 64 attributes, the most one element may have"),
        "{stderr}"
    );
}

/// `infer` holds every picture decoded at once: 121 pictures declaring
/// 4096 x 4096 pixels each (a few bytes apiece) took 3.8 GB and ended in
/// a panic. Their headers are now counted against --max-pixels first, by
/// `infer` and by `render --infer` alike.
#[test]
fn infer_refuses_pictures_over_the_pixel_budget_before_decoding() {
    let tmp = tempfile::tempdir().expect("tmp");
    let input = tmp.path().join("puzzles/bomb/input");
    fs::create_dir_all(&input).expect("mkdir");
    for k in 1..=121 {
        fs::write(input.join(format!("{k}.png")), declared_png(4096)).expect("write");
    }
    let dir = tmp.path().join("puzzles/bomb");
    let (code, _, stderr) = run(&["infer", "--no-config", utf8(&dir)]);
    assert_eq!(code, Some(1), "{stderr}");
    let refused = "bomb/input: the 121 tile pictures declare 2030043136 pixels, above the limit of 64000000 (scale the tile pictures down, or raise the limit with --max-pixels)";
    assert!(stderr.contains(refused), "{stderr}");
    assert!(!input.join("tile_dict.yaml").exists());
    // render --infer: the puzzle fails with the same words, not as a bug.
    let out = tmp.path().join("out");
    let (code, stderr) = render(
        &tmp.path().join("puzzles"),
        &out,
        &["--infer", "--no-config"],
    );
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains(refused), "{stderr}");
    assert!(!stderr.contains("internal error"), "{stderr}");
}

/// The budget is the option's: a small one refuses real pictures, and the
/// side limit is `infer`'s own option too.
#[test]
fn infer_takes_max_pixels_and_max_tile_side() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("drawn");
    unscramble()
        .args(["generate", "--size", "3", "--tokens", "4", "--seed", "7"])
        .args(["--tile-size", "160", "--no-config"])
        .arg(&dir)
        .assert()
        .success();
    fs::remove_file(dir.join("input/tile_dict.yaml")).expect("rm");
    // 9 pictures of 160 x 160 pixels: 230400.
    let (code, _, stderr) = run(&["infer", "--no-config", "--max-pixels", "230399", utf8(&dir)]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("the 9 tile pictures declare 230400 pixels, above the limit of 230399"),
        "{stderr}"
    );
    let (code, _, stderr) = run(&["infer", "--no-config", "--max-tile-side", "159", utf8(&dir)]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "1.png: the picture declares 160x160 pixels, above the limit of 159 per side"
        ),
        "{stderr}"
    );
    let (code, _, stderr) = run(&["infer", "--no-config", "--max-pixels", "230400", utf8(&dir)]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(dir.join("input/tile_dict.yaml").is_file());
}

/// An animation's frames are counted and sized before the first is
/// painted: too many pixels in all (8 x 8 tiles at --tile-size 1024 took
/// over five minutes and 1.8 GB) or in one frame are refused, naming the
/// option that raises each limit; nothing is written.
#[test]
fn animate_refuses_frames_over_its_budgets_before_painting() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = drawn_puzzle(tmp.path(), "seed", SEED_000, 16);
    let out = tmp.path().join("anim/search.png");
    let animate = |extra: &[&str]| {
        let mut args = vec!["animate", "--no-config", "--json", "-o", utf8(&out)];
        args.extend_from_slice(extra);
        args.push(utf8(&dir));
        run(&args)
    };
    let (code, stdout, stderr) = animate(&["--tile-size", "64", "--max-output-pixels", "1000"]);
    assert_eq!(code, Some(1), "{stderr}");
    let doc: serde_json::Value = serde_json::from_str(&stdout).expect("json");
    let frames = doc["errors"][0]["message"].as_str().expect("an error");
    assert!(
        frames.contains("the animation's 300 frames of ")
            && frames.contains(" pixels together, above the limit of 1000 (lower --tile-size or --max-frames, or raise the limit with --max-output-pixels)"),
        "{frames}"
    );
    assert!(!out.exists());
    // The default: 300 frames of about 3800 x 3074 pixels are 3.5 billion.
    let (code, _, stderr) = animate(&["--tile-size", "1024"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("above the limit of 500000000 (lower --tile-size or --max-frames"),
        "{stderr}"
    );
    let (code, _, stderr) = animate(&["--tile-size", "1024", "--max-pixels", "1000000"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("each frame of the animation would have ")
            && stderr.contains(" pixels, above the limit of 1000000 (lower --tile-size, or raise the limit with --max-pixels)"),
        "{stderr}"
    );
    assert!(!out.exists());
    let (code, stdout, stderr) = animate(&["--tile-size", "64", "--max-frames", "10"]);
    assert_eq!(code, Some(0), "{stderr}");
    let doc: serde_json::Value = serde_json::from_str(&stdout).expect("json");
    assert_eq!(doc["frames"], 10);
    assert!(out.is_file());
}

/// The tile pictures `cut` makes are counted before the first is made: 16
/// x 16 tiles at --size 4096 (4.3 billion pixels) took minutes; now they
/// are refused before the sheet is even read. Without --size the side is
/// the one found on the sheet, checked as soon as it is known.
#[test]
fn cut_refuses_tile_pictures_over_its_budget_before_making_one() {
    let tmp = tempfile::tempdir().expect("tmp");
    let sheet = tmp.path().join("scan.png");
    let layout = cut_sheets::Layout {
        rows: 2,
        cols: 2,
        margin: 30,
        turns: vec![0.0],
        noise: 0.0,
        background: cut_sheets::PAPER,
        missing: None,
    };
    cut_sheets::sheet(&cut_sheets::tiles(80)[..4], &layout)
        .save(&sheet)
        .expect("save");
    let out = tmp.path().join("input");
    let cut = |extra: &[&str]| {
        let mut args = vec!["cut", "--no-config", utf8(&sheet), "-o", utf8(&out)];
        args.extend_from_slice(extra);
        run(&args)
    };
    let (code, _, stderr) = cut(&["--grid", "16x16", "--size", "4096"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("scan.png: the 256 tile pictures of 4096 x 4096 would have 4294967296 pixels together, above the limit of 64000000 (give a smaller --size, or raise the limit with --max-output-pixels)"),
        "{stderr}"
    );
    assert!(!out.exists());
    let (code, _, stderr) = cut(&["--grid", "2x2", "--max-output-pixels", "20000"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("the 4 tile pictures of ")
            && stderr.contains("pixels together, above the limit of 20000"),
        "{stderr}"
    );
    assert!(!out.join("1.png").exists());
    let (code, _, stderr) = cut(&["--grid", "2x2", "--max-output-pixels", "40000"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(out.join("4.png").is_file());
}
