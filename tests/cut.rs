//! `unscramble cut`: sheets made from known tiles are cut back into them,
//! in order; bad sheets are refused with a message that says why.

mod common;
mod cut_sheets;

use common::unscramble;
use cut_sheets::{mean_error, sheet, tiles, Layout, PAPER};
use std::path::Path;

fn save(picture: &image::RgbImage, path: &Path) {
    picture.save(path).expect("save sheet");
}

fn run(args: &[&std::ffi::OsStr]) -> (Option<i32>, String, String) {
    let out = unscramble().arg("cut").args(args).output().expect("runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn layout(turns: &[f32], noise: f32) -> Layout {
    Layout {
        rows: 3,
        cols: 3,
        margin: 30,
        turns: turns.to_vec(),
        noise,
        background: PAPER,
    }
}

/// The largest mean absolute error per channel (0-255) asserted for a
/// recovered tile against the original; the values measured are printed.
const MAX_MEAN_ERROR: f64 = 8.0;

#[test]
fn every_tile_comes_back_in_order_from_a_crooked_noisy_sheet() {
    let dir = tempfile::tempdir().expect("tmp");
    let originals = tiles(96);
    let turns = [3.0, -2.0, 1.0, -3.0, 0.0, 2.5, -1.5, 2.0, -0.5];
    let path = dir.path().join("scan.png");
    save(&sheet(&originals, &layout(&turns, 6.0)), &path);
    let out = dir.path().join("p/input");
    let (code, stdout, stderr) = run(&[
        path.as_os_str(),
        "--grid".as_ref(),
        "3x3".as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
        "--size".as_ref(),
        "96".as_ref(),
        "--json".as_ref(),
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    let doc: serde_json::Value = serde_json::from_str(&stdout).expect("json");
    assert_eq!(doc["tiles"], 9);
    assert_eq!(doc["written"].as_array().map(Vec::len), Some(10));
    // The turns found are the turns made, within half a degree.
    let found: Vec<f64> = doc["turns"]
        .as_array()
        .expect("turns")
        .iter()
        .filter_map(serde_json::Value::as_f64)
        .collect();
    for (f, t) in found.iter().zip(turns) {
        assert!((f - f64::from(t)).abs() <= 0.5, "{found:?} vs {turns:?}");
    }
    let mut errors = Vec::new();
    for (k, original) in originals.iter().enumerate() {
        let cut = image::open(out.join(format!("{}.png", k + 1)))
            .expect("tile written")
            .into_rgb8();
        let error = mean_error(&cut, original);
        // Closer to its own original than to any other tile: the right order.
        for (j, other) in originals.iter().enumerate().filter(|(j, _)| *j != k) {
            assert!(
                error < mean_error(&cut, other),
                "tile {} looks like {}",
                k + 1,
                j + 1
            );
        }
        errors.push(error);
    }
    println!("mean absolute error per tile: {errors:.2?}");
    let mean = errors.iter().sum::<f64>() / errors.len() as f64;
    println!("mean over the tiles: {mean:.2}");
    assert!(errors.iter().all(|&e| e < MAX_MEAN_ERROR), "{errors:?}");
    let contact = image::open(out.join("cut.png")).expect("contact sheet");
    assert_eq!(contact.width(), image::open(&path).expect("sheet").width());
}
