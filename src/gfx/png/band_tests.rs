//! Rows of tiles compressed from their bands ([`super::band`]) against the
//! pixels and against each other.

use super::tests::{decode, photo_like};
use super::*;

/// Boards of `cols` x 2 tiles of `side` px (photo-like, so their rows are
/// filtered) in a 1 px black frame, each tile one of `tiles` pictures:
/// (pixels, the parts with each row's tiles as its key).
fn board(tiles: &[Vec<u8>], side: u32, grid: &[[u32; 3]; 2]) -> (u32, u32, Vec<u8>, Vec<Part>) {
    let (w, h) = (2 + 3 * side, 2 + 2 * side);
    let row = w as usize * 3;
    let mut px = vec![0u8; row * h as usize];
    for (r, line) in grid.iter().enumerate() {
        for (c, &t) in line.iter().enumerate() {
            let tile = &tiles[t as usize];
            for y in 0..side as usize {
                let at = (1 + r * side as usize + y) * row + (1 + c * side as usize) * 3;
                let from = y * side as usize * 3;
                px[at..at + side as usize * 3]
                    .copy_from_slice(&tile[from..from + side as usize * 3]);
            }
        }
    }
    let columns = Some(Columns {
        left: 1,
        width: side,
    });
    let mut parts = vec![Part {
        rows: 1,
        key: None,
        columns: None,
    }];
    parts.extend(grid.iter().map(|line| Part {
        rows: side,
        key: Some(line.to_vec()),
        columns,
    }));
    (w, h, px, parts)
}

/// `parts` without keys or columns: compressed whole, as rows of tiles
/// were before bands.
fn whole_rows(parts: &[Part]) -> Vec<Part> {
    (parts.iter())
        .map(|p| Part {
            rows: p.rows,
            key: None,
            columns: None,
        })
        .collect()
}

/// Each board decodes (every checksum checked) to its pixels; its bytes
/// are the same whether its bands were parsed for it, taken from earlier
/// boards that show the same tiles in other columns and rows, or parsed
/// again because nothing may be kept; and the bands are what compressed
/// the rows (not the whole-row path, whose bytes differ).
#[test]
fn rows_from_bands_decode_to_their_pixels_whatever_was_kept() {
    let side = 24;
    let tiles: Vec<Vec<u8>> = (0..5).map(|s| photo_like(side, side, 40 + s)).collect();
    let grids = [
        [[0, 1, 2], [3, 4, 0]],
        [[2, 0, 1], [0, 3, 4]],
        [[4, 4, 4], [1, 2, 3]],
        [[0, 1, 2], [2, 1, 0]],
    ];
    let shared = Pieces::default();
    let mut writer = PngWriter::default();
    for (n, grid) in grids.iter().enumerate() {
        let (w, h, px, parts) = board(&tiles, side, grid);
        for method in [Method::Tiles, Method::Near] {
            let mut out = Vec::new();
            let pixels = Pixels::Rgb(&px);
            writer.encode_parts(w, h, pixels, method, (&parts, &shared), &mut out);
            let (color, dw, dh, back) = decode(&out);
            assert_eq!((color, dw, dh), (png::ColorType::Rgb, w, h));
            assert!(back == px, "board {n} {method:?}: pixels differ");
            // Nothing kept: every band parsed again, and no row copied.
            let mut fresh = Vec::new();
            let nothing = Pieces::with_cap(0);
            PngWriter::default().encode_parts(w, h, pixels, method, (&parts, &nothing), &mut fresh);
            assert_eq!(
                out, fresh,
                "board {n} {method:?}: kept bands or rows differ"
            );
            // Without columns the rows are compressed whole: other bytes,
            // the same pixels.
            let whole = whole_rows(&parts);
            let mut plain = Vec::new();
            PngWriter::default().encode_parts(w, h, pixels, method, (&whole, &nothing), &mut plain);
            assert_ne!(out, plain, "board {n} {method:?}: the bands were not used");
            assert!(decode(&plain).3 == px);
        }
    }
    // Five tiles, each parsed once for each method.
    assert_eq!(shared.bands_for_test(), 10);
}

/// The bands' first pixels take their left neighbour's pixels into the
/// filter (Sub, Paeth): a tile after a different neighbour gives other
/// bytes there, and the same pixels back.
#[test]
fn a_band_s_first_pixel_follows_its_left_neighbour() {
    let side = 16;
    let mut tiles: Vec<Vec<u8>> = (0..3).map(|s| photo_like(side, side, 70 + s)).collect();
    // Tile 2 is tile 1 with its last column changed: as a left neighbour
    // it changes only the first pixel of the band after it.
    let row = side as usize * 3;
    for y in 0..side as usize {
        tiles[2][y * row + row - 3] ^= 0x55;
    }
    let shared = Pieces::default();
    for grid in [[[1, 0, 1], [0, 1, 0]], [[2, 0, 1], [0, 2, 0]]] {
        let (w, h, px, parts) = board(&tiles, side, &grid);
        let mut out = Vec::new();
        let pixels = Pixels::Rgb(&px);
        PngWriter::default().encode_parts(w, h, pixels, Method::Tiles, (&parts, &shared), &mut out);
        assert!(decode(&out).3 == px);
    }
}

/// A tile of drawn art: flat fills on most of it and a photo-like strip on
/// a fifth, so that between three in four and fifteen in sixteen pixels
/// repeat a neighbour and filtering still pays on the strip.
fn art_like(side: u32, seed: u64) -> Vec<u8> {
    let strip = photo_like(side, side, seed);
    let fill = [[200, 40, 60], [30, 90 + seed as u8, 200]];
    let mut px = Vec::with_capacity((side * side * 3) as usize);
    for y in 0..side as usize {
        for x in 0..side as usize {
            if x < side as usize / 5 {
                let at = (y * side as usize + x) * 3;
                px.extend_from_slice(&strip[at..at + 3]);
            } else {
                px.extend_from_slice(&fill[usize::from(2 * y > side as usize)]);
            }
        }
    }
    px
}

/// Rows of drawn art are compressed unfiltered or from their bands,
/// whichever is shorter: here the bands, so the bytes differ from both the
/// whole-row path's and are the same whatever was kept; every board decodes
/// (its checksum taken from the way chosen) to its pixels.
#[test]
fn drawn_art_rows_take_the_bands_when_shorter() {
    let side = 40;
    let tiles: Vec<Vec<u8>> = (0..5).map(|s| art_like(side, 90 + s)).collect();
    let shared = Pieces::default();
    for grid in [[[0, 1, 2], [3, 4, 0]], [[2, 0, 1], [0, 3, 4]]] {
        let (w, h, px, parts) = board(&tiles, side, &grid);
        let pixels = Pixels::Rgb(&px);
        let mut out = Vec::new();
        PngWriter::default().encode_parts(w, h, pixels, Method::Tiles, (&parts, &shared), &mut out);
        assert!(decode(&out).3 == px, "{grid:?}: pixels differ");
        let nothing = Pieces::with_cap(0);
        let mut fresh = Vec::new();
        PngWriter::default().encode_parts(
            w,
            h,
            pixels,
            Method::Tiles,
            (&parts, &nothing),
            &mut fresh,
        );
        assert_eq!(out, fresh, "{grid:?}: kept bands or rows differ");
        let whole = whole_rows(&parts);
        let mut plain = Vec::new();
        PngWriter::default().encode_parts(
            w,
            h,
            pixels,
            Method::Tiles,
            (&whole, &nothing),
            &mut plain,
        );
        assert!(decode(&plain).3 == px);
        assert!(
            out.len() < plain.len() * 102 / 100,
            "{} against {}",
            out.len(),
            plain.len()
        );
        assert_ne!(out, plain, "{grid:?}: the bands were not used");
    }
    assert_eq!(shared.bands_for_test(), 5);
}
