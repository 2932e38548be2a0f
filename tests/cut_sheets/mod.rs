//! Sheets made in the test from known tiles, as a scanner would see them:
//! tiles at uneven spacing, each turned a little, on a plain background
//! with noise.
#![allow(dead_code)]
// A test helper, not an API.
#![allow(unreachable_pub)]

use image::imageops::{replace, resize, FilterType};
use image::{Rgb, RgbImage};
use imageproc::geometric_transformations::{rotate_about_center, Border, Interpolation};

/// Paper white, a little warm.
pub const PAPER: [u8; 3] = [236, 232, 222];

/// The nine tile pictures of the bundled 3x3 puzzle, scaled to `side`.
pub fn tiles(side: u32) -> Vec<RgbImage> {
    let dir = env!("CARGO_MANIFEST_DIR");
    (1..=9)
        .map(|k| {
            let path = format!("{dir}/puzzles/3x3-original/input/{k}.png");
            let tile = image::open(&path).expect("bundled tile").into_rgb8();
            resize(&tile, side, side, FilterType::Lanczos3)
        })
        .collect()
}

/// How the tiles lie on the sheet.
pub struct Layout {
    pub rows: u32,
    pub cols: u32,
    pub margin: u32,
    /// Degrees, clockwise, one per tile in row-major order (cycled).
    pub turns: Vec<f32>,
    /// Standard deviation of the noise added to every channel.
    pub noise: f32,
    pub background: [u8; 3],
    /// A tile (row-major index) left off the sheet.
    pub missing: Option<usize>,
}

impl Layout {
    /// `rows` x `cols` tiles square on plain paper, 30 px from its edges,
    /// none missing; change what a test needs with `..Layout::straight()`.
    pub fn straight(rows: u32, cols: u32) -> Layout {
        Layout {
            rows,
            cols,
            margin: 30,
            turns: vec![0.0],
            noise: 0.0,
            background: PAPER,
            missing: None,
        }
    }
}

/// A sheet of `tiles` laid out as `layout` says; gaps between tiles vary
/// from a third to two thirds of a tile, and each row sags a little.
pub fn sheet(tiles: &[RgbImage], layout: &Layout) -> RgbImage {
    let t = tiles[0].width();
    let pad = t / 6;
    let cell = t + 2 * pad;
    let gap = |i: u32| t / 3 + (i * 37 % 11) * t / 33;
    let width = 2 * layout.margin + layout.cols * cell + (0..layout.cols).map(gap).sum::<u32>();
    let height = 2 * layout.margin + layout.rows * cell + (0..layout.rows).map(gap).sum::<u32>();
    let bg = Rgb(layout.background);
    let mut sheet = RgbImage::from_pixel(width, height, bg);
    let mut y = layout.margin;
    for r in 0..layout.rows {
        let mut x = layout.margin;
        for c in 0..layout.cols {
            let k = (r * layout.cols + c) as usize;
            if layout.missing == Some(k) {
                x += cell + gap(c);
                continue;
            }
            let mut padded = RgbImage::from_pixel(cell, cell, bg);
            replace(
                &mut padded,
                &tiles[k % tiles.len()],
                i64::from(pad),
                i64::from(pad),
            );
            let turn = layout.turns[k % layout.turns.len()].to_radians();
            let turned =
                rotate_about_center(&padded, turn, Interpolation::Bilinear, Border::Constant(bg));
            let sag = (c * 7 % 5) * t / 40;
            replace(&mut sheet, &turned, i64::from(x), i64::from(y + sag));
            x += cell + gap(c);
        }
        y += cell + gap(r + 3);
    }
    add_noise(&mut sheet, layout.noise, 17);
    sheet
}

/// The error of an ideal cut: `tile` turned by `degrees` as on a sheet and
/// turned back by the same bilinear rotation, against `tile`. Two
/// resamplings blur sharp edges; no cut can do much better.
pub fn round_trip_error(tile: &RgbImage, degrees: f32) -> f64 {
    let t = tile.width();
    let bg = Rgb(PAPER);
    let mut padded = RgbImage::from_pixel(2 * t, 2 * t, bg);
    replace(&mut padded, tile, i64::from(t / 2), i64::from(t / 2));
    let there = rotate_about_center(
        &padded,
        degrees.to_radians(),
        Interpolation::Bilinear,
        Border::Constant(bg),
    );
    let back = rotate_about_center(
        &there,
        -degrees.to_radians(),
        Interpolation::Bilinear,
        Border::Constant(bg),
    );
    let cropped = image::imageops::crop_imm(&back, t / 2, t / 2, t, t).to_image();
    mean_error(&cropped, tile)
}

/// Adds noise of about a normal distribution (the sum of four uniform
/// draws) with standard deviation `sigma`, the same for a given `seed`.
pub fn add_noise(picture: &mut RgbImage, sigma: f32, seed: u64) {
    let mut state = seed | 1;
    let mut uniform = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0
    };
    let scale = sigma / (4.0f32 / 3.0).sqrt();
    for p in picture.pixels_mut() {
        for v in p.0.iter_mut() {
            let n = (uniform() + uniform() + uniform() + uniform()) * scale;
            *v = (f32::from(*v) + n).round().clamp(0.0, 255.0) as u8;
        }
    }
}

/// Mean absolute difference per channel between two pictures of one size.
pub fn mean_error(a: &RgbImage, b: &RgbImage) -> f64 {
    assert_eq!(a.dimensions(), b.dimensions());
    let sum: u64 = a
        .as_raw()
        .iter()
        .zip(b.as_raw())
        .map(|(x, y)| u64::from(x.abs_diff(*y)))
        .sum();
    sum as f64 / a.as_raw().len() as f64
}
