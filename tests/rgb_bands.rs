//! Boards of photo-like tile pictures (thousands of colours), whose rows of
//! tiles are compressed from each tile's band parsed once a puzzle
//! (`src/gfx/png/band.rs`): the same bytes for any thread count, and the
//! turned tile pictures in the solved grid, read back with every checksum
//! checked.

mod common;
use common::*;
use image::{Rgb, RgbImage};
use std::fs;
use std::io::Read;
use std::path::Path;

/// A generated 3 x 3 puzzle whose tile pictures are repainted as smooth
/// stripes with noise: every tile of many colours, so its rows are filtered.
fn photo_puzzle(root: &Path) -> std::path::PathBuf {
    let dir = root.join("photos");
    unscramble()
        .args([
            "generate", "-q", "--size", "3", "--tokens", "4", "--seed", "1",
        ])
        .args(["--tile-size", "48"])
        .arg(&dir)
        .assert()
        .success();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for k in 1..=9u32 {
        // Stripes of random colours, each pixel off by up to 2: whole rows
        // filtered line by line take Sub where a tile lies turned (its
        // stripes across), and Paeth or Up elsewhere.
        let stripes: Vec<[u8; 3]> = (0..48)
            .map(|_| [0, 8, 16].map(|s| (next() >> s) as u8))
            .collect();
        let tile = RgbImage::from_fn(48, 48, |x, _| {
            let noise = (next() % 3) as u8;
            Rgb(stripes[x as usize].map(|c| c.wrapping_add(noise)))
        });
        tile.save(dir.join("input").join(format!("{k}.png")))
            .expect("tile picture");
    }
    dir
}

/// The filter type of every scanline of a PNG (8-bit RGB).
fn filter_types(png: &[u8]) -> Vec<u8> {
    let (mut at, mut idat, mut width) = (8, Vec::new(), 0usize);
    while at + 8 <= png.len() {
        let n = u32::from_be_bytes(png[at..at + 4].try_into().expect("length")) as usize;
        let (kind, data) = (&png[at + 4..at + 8], &png[at + 8..at + 8 + n]);
        if kind == b"IHDR" {
            width = u32::from_be_bytes(data[..4].try_into().expect("width")) as usize;
        }
        if kind == b"IDAT" {
            idat.extend_from_slice(data);
        }
        at += 12 + n;
    }
    let mut raw = Vec::new();
    flate2::read::ZlibDecoder::new(&idat[..])
        .read_to_end(&mut raw)
        .expect("inflates");
    raw.chunks_exact(3 * width + 1).map(|l| l[0]).collect()
}

#[test]
fn photo_boards_are_the_same_bytes_for_any_thread_count_and_show_the_tiles() {
    let root = tempfile::tempdir().expect("tempdir");
    let puzzles = root.path().join("puzzles");
    let dir = photo_puzzle(&puzzles);
    let flags = ["--max-images", "100000", "--no-closest"];
    let (one, two) = (root.path().join("j1"), root.path().join("j2"));
    render_ok(&puzzles, &one, &[&flags[..], &["-j", "1"]].concat());
    render_ok(&puzzles, &two, &[&flags[..], &["-j", "2"]].concat());
    let v = json(&one.join("photos").join("solutions.json"));
    let solutions = v["solutions"].as_array().expect("solutions");
    assert!(solutions.len() >= 4, "{v}");
    let pictures: Vec<_> = (1..=9)
        .map(|k| {
            image::open(dir.join("input").join(format!("{k}.png")))
                .expect("tile")
                .into_rgba8()
        })
        .collect();
    for s in solutions {
        let k = s["index"].as_u64().expect("index");
        let name = format!("solution-{k}.png");
        let bytes = fs::read(one.join("photos").join(&name)).expect("-j 1 board");
        let other = fs::read(two.join("photos").join(&name)).expect("-j 2 board");
        assert!(bytes == other, "{name} differs between -j 1 and -j 2");
        let board = decode_png(&bytes).expect("decodes").into_rgb8();
        let want = reference_board(&pictures, &cells(s), 3);
        assert!(board == want, "{name} is not the turned tiles in the grid");
        // The rows of tiles went through the bands: Sub on each one's
        // first scanline, Paeth on the others (whole rows choose per line).
        let types = filter_types(&bytes);
        for (r, band) in types[1..1 + 3 * 48].chunks(48).enumerate() {
            assert_eq!(band[0], 1, "{name}: row {r}");
            assert!(
                band[1..].iter().all(|&t| t == 4),
                "{name}: row {r} {band:?}"
            );
        }
    }
}
