//! `unscramble cut`: sheets made from known tiles are cut back into them,
//! in order; bad sheets are refused with a message that says why.

mod common;
mod cut_sheets;

use common::{run, utf8 as s};
use cut_sheets::{mean_error, round_trip_error, sheet, tiles, Layout, PAPER};
use std::path::Path;

fn layout(turns: &[f32], noise: f32) -> Layout {
    Layout {
        turns: turns.to_vec(),
        noise,
        ..Layout::straight(3, 3)
    }
}

/// The largest mean absolute error per channel (0-255) asserted for a
/// recovered tile against the original; the values measured are printed.
const MAX_MEAN_ERROR: f64 = 8.0;

#[test]
fn every_tile_comes_back_in_order_from_a_crooked_noisy_sheet() {
    let originals = tiles(96);
    let turns = [3.0, -2.0, 1.0, -3.0, 0.0, 2.5, -1.5, 2.0, -0.5];
    for noise in [0.0, 6.0] {
        let dir = tempfile::tempdir().expect("tmp");
        let page = sheet(&originals, &layout(&turns, noise));
        let (code, doc, stderr) = cut_json(dir.path(), &page, &["--size", "96"]);
        assert_eq!(code, Some(0), "{stderr}");
        assert_eq!(doc["tiles"], 9);
        assert_eq!(doc["written"].as_array().map(Vec::len), Some(10));
        // The turns found are the turns made, within a fifth of a degree.
        let found: Vec<f64> = doc["turns"]
            .as_array()
            .expect("turns")
            .iter()
            .filter_map(serde_json::Value::as_f64)
            .collect();
        for (f, t) in found.iter().zip(turns) {
            assert!((f - f64::from(t)).abs() <= 0.2, "{found:?} vs {turns:?}");
        }
        let errors = errors_against(&dir.path().join("p/input"), &originals);
        let mean = errors.iter().sum::<f64>() / errors.len() as f64;
        println!("noise {noise}: mean absolute error per tile {errors:.2?}, mean {mean:.2}");
        assert!(errors.iter().all(|&e| e < MAX_MEAN_ERROR), "{errors:?}");
        if noise == 0.0 {
            // No worse than turning the tile back in place, which knows the
            // turn and the position exactly (it came out a little better:
            // docs/performance.md).
            let ideal: Vec<f64> = originals
                .iter()
                .zip(turns)
                .map(|(t, d)| round_trip_error(t, d))
                .collect();
            println!("turned back in place: {ideal:.2?}");
            for (e, i) in errors.iter().zip(&ideal) {
                assert!(*e <= i + 0.25, "{errors:?} vs {ideal:?}");
            }
        }
        let contact = common::open_png(&dir.path().join("p/input/cut.png"));
        assert_eq!(contact.width(), page.width());
    }
}

/// Each cut tile's mean absolute error against its original, checking on
/// the way that it is closer to its own original than to any other tile:
/// the tiles were numbered in the right order.
fn errors_against(out: &Path, originals: &[image::RgbImage]) -> Vec<f64> {
    let mut errors = Vec::new();
    for (k, original) in originals.iter().enumerate() {
        let cut = common::open_png(&out.join(format!("{}.png", k + 1))).into_rgb8();
        let error = mean_error(&cut, original);
        for (j, other) in originals.iter().enumerate().filter(|(j, _)| *j != k) {
            let to_other = mean_error(&cut, other);
            assert!(error < to_other, "tile {} looks like {}", k + 1, j + 1);
        }
        errors.push(error);
    }
    errors
}

/// Cuts `sheet` (saved in `dir`) with `--grid 3x3 --json` and `extra`:
/// the exit code, the JSON document and stderr.
fn cut_json(
    dir: &Path,
    sheet: &image::RgbImage,
    extra: &[&str],
) -> (Option<i32>, serde_json::Value, String) {
    let path = dir.join("scan.png");
    sheet.save(&path).expect("save sheet");
    let out = dir.join("p/input");
    let args = [
        &["cut", s(&path), "--grid", "3x3", "-o", s(&out), "--json"],
        extra,
    ]
    .concat();
    let (code, stdout, stderr) = run(&args);
    let doc = serde_json::from_str(&stdout).expect("one JSON document");
    (code, doc, stderr)
}

#[test]
fn tiles_turned_up_to_ten_degrees_come_back_upright() {
    let dir = tempfile::tempdir().expect("tmp");
    let originals = tiles(96);
    let turns = [10.0, -10.0, 7.0, -6.0, 0.0, 9.0, -8.0, 4.0, -10.0];
    let page = sheet(&originals, &layout(&turns, 0.0));
    let (code, doc, stderr) = cut_json(dir.path(), &page, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    // No --size: the median side found, which is the tiles' own.
    assert_eq!(doc["side"], 96, "{doc}");
    let found = doc["turns"].as_array().expect("turns");
    for (f, t) in found.iter().zip(turns) {
        let f = f.as_f64().expect("a turn");
        assert!((f - f64::from(t)).abs() <= 0.2, "{found:?} vs {turns:?}");
    }
    let errors = errors_against(&dir.path().join("p/input"), &originals);
    println!("mean absolute error per tile, no noise, up to 10 degrees: {errors:.2?}");
    assert!(errors.iter().all(|&e| e < MAX_MEAN_ERROR), "{errors:?}");
}

#[test]
fn a_missing_tile_is_counted_and_nothing_but_the_contact_sheet_is_written() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut l = layout(&[2.0, -1.0], 4.0);
    l.missing = Some(4);
    let (code, doc, stderr) = cut_json(dir.path(), &sheet(&tiles(64), &l), &[]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("scan.png: found 8 tiles, --grid 3x3 needs 9 (a tile may be missing"),
        "{stderr}"
    );
    assert_eq!(doc["ok"], false);
    let input = dir.path().join("p/input");
    assert!(input.join("cut.png").is_file());
    assert!(!input.join("1.png").exists());
}

#[test]
fn touching_tiles_are_refused() {
    let dir = tempfile::tempdir().expect("tmp");
    let t = tiles(64);
    let mut page = image::RgbImage::from_pixel(400, 120, image::Rgb(PAPER));
    for (tile, x) in t.iter().zip([20, 84, 250]) {
        image::imageops::replace(&mut page, tile, x, 28);
    }
    let path = dir.path().join("scan.png");
    page.save(&path).expect("save sheet");
    let out = dir.path().join("in");
    let (code, _, stderr) = run(&["cut", s(&path), "--grid", "1x3", "-o", s(&out)]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("scan.png: tiles touching: the shape round (84, 60) is about 2 times a tile's area (lay the tiles apart"),
        "{stderr}"
    );
    assert!(out.join("cut.png").is_file());
}

#[test]
fn a_background_with_uneven_light_is_not_plain() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut page = sheet(&tiles(64), &layout(&[0.0], 0.0));
    let width = page.width() as f32;
    for (x, _, p) in page.enumerate_pixels_mut() {
        let light = 0.55 + 0.45 * x as f32 / width;
        p.0 = p.0.map(|v| (f32::from(v) * light) as u8);
    }
    let (code, _, stderr) = cut_json(dir.path(), &page, &[]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("scan.png: background not plain: the sheet's border strays up to"),
        "{stderr}"
    );
    assert!(
        stderr.contains("more than the 40 allowed (lay the tiles on one plain colour"),
        "{stderr}"
    );
}

#[test]
fn a_sheet_too_large_is_refused_before_decoding() {
    let dir = tempfile::tempdir().expect("tmp");
    let path = dir.path().join("scan.png");
    image::RgbImage::new(8, 8).save(&path).expect("save");
    let mut bytes = std::fs::read(&path).expect("read");
    // Claim 100000x100000 pixels in the header; the decoder is never reached.
    bytes[16..20].copy_from_slice(&100_000u32.to_be_bytes());
    bytes[20..24].copy_from_slice(&100_000u32.to_be_bytes());
    std::fs::write(&path, &bytes).expect("write");
    let out = dir.path().join("in");
    let (code, _, stderr) = run(&["cut", s(&path), "--grid", "3x3", "-o", s(&out)]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("the sheet declares 100000x100000 pixels, above the limit of 64000000 (scan at a lower resolution"),
        "{stderr}"
    );
    assert!(stderr.contains("--max-pixels"), "{stderr}");
    assert!(!out.exists());
}

#[test]
fn existing_pictures_are_replaced_only_with_force() {
    let dir = tempfile::tempdir().expect("tmp");
    let page = sheet(&tiles(48), &layout(&[1.0], 0.0));
    let contact = dir.path().join("review/sheet.png");
    let extra = ["--sheet", s(&contact)];
    let (code, doc, stderr) = cut_json(dir.path(), &page, &extra);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(doc["side"], 48, "{doc}");
    let first = common::open_png(&dir.path().join("p/input/5.png"));
    assert_eq!(first.width(), 48);
    assert!(contact.is_file());
    assert!(!dir.path().join("p/input/cut.png").exists());
    let first = std::fs::read(dir.path().join("p/input/5.png")).expect("5.png");
    std::fs::write(dir.path().join("p/input/5.png"), b"mine").expect("write");
    let (code, _, stderr) = cut_json(dir.path(), &page, &extra);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("p/input/1.png: already exists (and 8 more files) (pass --force"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read(dir.path().join("p/input/5.png")).expect("5.png"),
        b"mine"
    );
    let (code, _, stderr) = cut_json(dir.path(), &page, &[&extra[..], &["--force"]].concat());
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        std::fs::read(dir.path().join("p/input/5.png")).expect("5.png"),
        first
    );
    // Not even --force writes over the scan itself.
    let scan = dir.path().join("scan.png");
    let (code, _, stderr) = cut_json(dir.path(), &page, &["--sheet", s(&scan), "--force"]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("scan.png: is the scan being cut"),
        "{stderr}"
    );
    assert_eq!(
        image::open(&scan).expect("the scan").into_rgb8().as_raw(),
        page.as_raw()
    );
}

/// The pictures `cut` writes make a puzzle: beside the notation typed for
/// them (and the contact sheet in the same folder), the puzzle renders.
#[test]
fn a_cut_folder_renders() {
    let dir = tempfile::tempdir().expect("tmp");
    let input = dir.path().join("puzzles/owls/input");
    std::fs::create_dir_all(&input).expect("mkdir");
    std::fs::write(input.join("tile_dict.yaml"), common::SEED_000).expect("yaml");
    let page = sheet(&tiles(64), &layout(&[2.0, -2.0, 1.0], 3.0));
    let path = dir.path().join("scan.png");
    page.save(&path).expect("save sheet");
    let (code, _, stderr) = run(&["cut", s(&path), "--grid", "3x3", "-o", s(&input)]);
    assert_eq!(code, Some(0), "{stderr}");
    let out = dir.path().join("output");
    common::render_ok(&dir.path().join("puzzles"), &out, &[]);
    assert!(out.join("owls/solution-1.png").is_file());
}
