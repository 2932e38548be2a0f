//! Pixel budgets: a few kilobytes of PNG that declare gigabytes of pixels, or
//! a `--tile-size` that blows a small board up, fail that puzzle with a
//! message naming `--max-pixels`, before anything is allocated; the other
//! puzzles still render.

mod common;
use common::*;
use std::fs;
use std::path::Path;

/// A 2 x 2 puzzle of tiles that fit everywhere, each a solid `side`-pixel
/// square: a few KB of PNG each.
fn solid_puzzle(root: &Path, name: &str, side: u32) {
    let input = root.join(name).join("input");
    fs::create_dir_all(&input).expect("mkdir");
    let tile = "[['a', '+'], ['a', '+'], ['a', '-'], ['a', '-']]";
    let yaml: String = (1..=4).map(|k| format!("{k}: {tile}\n")).collect();
    fs::write(input.join("tile_dict.yaml"), yaml).expect("yaml");
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    use image::ImageEncoder;
    let picture = image::RgbImage::from_pixel(side, side, image::Rgb([200, 40, 40]));
    let mut png = Vec::new();
    PngEncoder::new_with_quality(&mut png, CompressionType::Best, FilterType::Sub)
        .write_image(picture.as_raw(), side, side, image::ExtendedColorType::Rgb8)
        .expect("png");
    fs::write(input.join("1.png"), png).expect("write");
    for k in 2..=4 {
        fs::copy(input.join("1.png"), input.join(format!("{k}.png"))).expect("copy");
    }
}

#[test]
fn a_pixel_bomb_fails_its_puzzle_and_the_others_render() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    // 4 x 4096^2 = 67 million pixels (268 MB as RGBA) from a few hundred KB of PNG.
    solid_puzzle(&root, "bomb", 4096);
    let size: u64 = fs::read_dir(root.join("bomb/input"))
        .expect("dir")
        .map(|e| e.expect("entry").metadata().expect("meta").len())
        .sum();
    assert!(size < 1_000_000, "{size}");
    drawn_puzzle(&root, "good", SEED_000, 16);
    let out = tmp.path().join("out");
    let (code, stderr) = render(&root, &out, &[]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("error: puzzle 'bomb': ")
            && stderr.contains("bomb/input: the 4 tile pictures declare 67108864 pixels, above the limit of 64000000 (scale the tile pictures down, or raise the limit with --max-pixels)"),
        "{stderr}"
    );
    assert!(stderr.contains("good: 4 solutions"), "{stderr}");
    assert!(out.join("good/solution-1.png").is_file());
    assert!(!out.join("bomb/unsolved.png").exists());
    let summary = json(&out.join("summary.json"));
    assert_eq!(summary["totals"]["error"], 1);
    assert_eq!(summary["totals"]["solved"], 1);
}

#[test]
fn a_tile_size_that_blows_the_board_up_fails_with_the_option_named() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    drawn_puzzle(&root, "seed", SEED_000, 16);
    let out = tmp.path().join("out");
    // 3 x 4096 + 2 = 12290 pixels a side: 151 million.
    let (code, stderr) = render(&root, &out, &["--tile-size", "4096"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("seed/input: each 3 x 3 board of 4096-pixel tiles would have 151044100 pixels, above the limit of 64000000 (lower --tile-size, or raise the limit with --max-pixels)"),
        "{stderr}"
    );
    // A lower budget catches the plain board too, and a higher one lets it through.
    let (code, stderr) = render(&root, &out, &["--max-pixels", "2000"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("the 9 tile pictures declare 2304 pixels, above the limit of 2000"),
        "{stderr}"
    );
    let (code, stderr) = render(&root, &out, &["--max-pixels", "3000"]);
    assert_eq!(code, Some(0), "{stderr}");
}

#[test]
fn a_domino_fit_board_over_the_budget_fails() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    copy_dir(&bundled("domino-fit"), &root.join("domino"));
    drawn_puzzle(&root, "good", SEED_000, 16);
    let out = tmp.path().join("out");
    let (code, stderr) = render(&root, &out, &["--max-pixels", "100000"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("domino_fit.yaml: the 7 x 7 board's image would have 149769 pixels, above the limit of 100000 (make the board smaller, or raise the limit with --max-pixels)"),
        "{stderr}"
    );
    assert!(stderr.contains("good: 4 solutions"), "{stderr}");
}
