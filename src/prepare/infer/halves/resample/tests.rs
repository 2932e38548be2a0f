use super::*;
use image::{imageops, Rgba};

/// A picture of pseudo-random pixels, some transparent.
fn noise(w: u32, h: u32, seed: &mut u64) -> RgbaImage {
    let mut next = || {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    };
    RgbaImage::from_fn(w, h, |_, _| {
        let v = next();
        let a = if v % 7 == 0 { (v >> 40) as u8 } else { 255 };
        Rgba([v as u8, (v >> 8) as u8, (v >> 16) as u8, a])
    })
}

#[test]
fn the_triangle_resampling_is_images_to_the_bit() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    // Upscaled (the benchmark's 240 and 280 px tiles), kept, shrunk (a
    // scan), and odd sizes both ways.
    for (w, h, nw, nh) in [
        (240, 240, 400, 400),
        (280, 280, 400, 400),
        (400, 400, 400, 400),
        (612, 610, 400, 400),
        (37, 91, 400, 400),
        (400, 200, 96, 48),
        (1, 1, 400, 400),
        (5, 3, 2, 7),
    ] {
        let img = noise(w, h, &mut seed);
        let ours = triangle(&img, nw, nh);
        let theirs = imageops::resize(&img, nw, nh, imageops::FilterType::Triangle);
        assert_eq!(ours.dimensions(), theirs.dimensions());
        assert!(
            ours.as_raw() == theirs.as_raw(),
            "{w}x{h} to {nw}x{nh} differs"
        );
    }
}
