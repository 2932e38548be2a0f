//! The whole path for one small puzzle: notation → pictures → solve → render →
//! PNG. The input is `YAML \0 PICTURE-BYTES`: the YAML goes through the
//! validator; if it gives a board of at most 3x3, the picture bytes become the
//! tiles (raw PNG bytes for tile 1 when they start with the PNG signature, so
//! the decoder is fuzzed too; drawn from the bytes otherwise).
#![no_main]

use image::{ImageFormat, Rgba, RgbaImage};
use libfuzzer_sys::fuzz_target;
use std::io::Cursor;
use std::path::{Path, PathBuf};
use unscramble::kind::tiles::input::{self, pictures::RawPicture};
use unscramble::kind::tiles::render::{encode_png, PngEffort, Renderer};
use unscramble::kind::Style;
use unscramble::kind::tiles::solve::{self, Limits};

/// Small enough that every execution takes milliseconds.
const MAX_SIDE: u32 = 16;

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let (yaml, rest) = (&data[..split], data.get(split + 1..).unwrap_or(&[]));
    let Ok(parsed) = input::parse_notation(Path::new("tile_dict.yaml"), yaml, None) else {
        return;
    };
    let puzzle = parsed.puzzle;
    if puzzle.tiles.len() > 9 {
        return;
    }
    let raw = pictures(puzzle.tiles.len(), rest);
    let Ok(decoded) = input::pictures::decode_all(&raw, MAX_SIDE) else {
        return;
    };
    let pics: Vec<_> = decoded.into_iter().map(|p| p.into_rgba8()).collect();
    let outcome = solve::solve(
        &puzzle,
        &Limits {
            max_solutions: 8,
            ..Limits::default()
        },
    );
    assert!(outcome.solutions.len() <= 8);
    let style = Style {
        png: PngEffort::Fast,
        labels: rest.first().is_some_and(|b| b & 1 == 1),
        highlight: rest.first().is_some_and(|b| b & 2 == 2),
        tile_size: None,
    };
    let mut renderer = Renderer::new(&puzzle, &pics, style);
    let mut png = Vec::new();
    encode_png(renderer.unsolved(), style.png, &mut png);
    for board in outcome.solutions.iter().take(2) {
        encode_png(renderer.board(board), style.png, &mut png);
    }
});

/// Tile pictures from `bytes`: tile 1 is the bytes themselves when they look
/// like a PNG; the others are drawn, side and colours taken from the bytes.
fn pictures(count: usize, bytes: &[u8]) -> Vec<RawPicture> {
    let side = 1 + u32::from(bytes.first().copied().unwrap_or(3) % 8);
    (0..count)
        .map(|k| {
            let path = PathBuf::from(format!("{}.png", k + 1));
            if k == 0 && bytes.starts_with(b"\x89PNG") {
                return RawPicture {
                    path,
                    bytes: bytes.to_vec(),
                };
            }
            let mut i = k;
            let img = RgbaImage::from_fn(side, side, |_, _| {
                i += 1;
                let b = |o: usize| {
                    bytes
                        .get((i * 4 + o) % bytes.len().max(1))
                        .copied()
                        .unwrap_or(0)
                };
                Rgba([b(0), b(1), b(2), b(3)])
            });
            let mut out = Vec::new();
            img.write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
                .expect("encode a drawn tile");
            RawPicture { path, bytes: out }
        })
        .collect()
}
