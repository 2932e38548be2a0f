use super::*;
use image::Rgba;

/// A grey picture with detail everywhere: smooth waves and a sharp disc.
fn picture() -> Vec<f32> {
    (0..160 * 160)
        .map(|i| {
            let (x, y) = ((i % 160) as f32, (i / 160) as f32);
            let disc = (x - 60.0).hypot(y - 90.0) < 35.0;
            128.0
                + 50.0 * (x / 7.0).sin()
                + 30.0 * (y / 5.0).cos()
                + if disc { 40.0 } else { -20.0 }
        })
        .collect()
}

fn image_of(grey: &[f32]) -> RgbaImage {
    RgbaImage::from_fn(160, 160, |x, y| {
        let v = grey[(y * 160 + x) as usize].round().clamp(0.0, 255.0) as u8;
        Rgba([v, v, v, 255])
    })
}

/// JPEG's luma path: each 8 x 8 block transformed, every coefficient but
/// the mean rounded to a multiple of `step`, transformed back.
fn quantised(grey: &[f32], step: f32) -> Vec<f32> {
    let basis = |k: usize, x: usize| {
        let c = if k == 0 { (0.5f32).sqrt() } else { 1.0 };
        c * (((2 * x + 1) * k) as f32 * std::f32::consts::PI / 16.0).cos()
    };
    let mut out = grey.to_vec();
    for by in (0..20).map(|b| b * 8) {
        for bx in (0..20).map(|b| b * 8) {
            let at = |i: usize| (by + i / 8) * 160 + bx + i % 8;
            let mut f = [0.0f32; 64];
            for (k, fk) in f.iter_mut().enumerate() {
                let (u, v) = (k % 8, k / 8);
                *fk = (0..64)
                    .map(|i| (grey[at(i)] - 128.0) * basis(u, i % 8) * basis(v, i / 8))
                    .sum::<f32>()
                    / 4.0;
                if k > 0 {
                    *fk = (*fk / step).round() * step;
                }
            }
            for i in 0..64 {
                let s: f32 = (0..64)
                    .map(|k| f[k] * basis(k % 8, i % 8) * basis(k / 8, i / 8))
                    .sum();
                out[at(i)] = s / 4.0 + 128.0;
            }
        }
    }
    out
}

#[test]
fn a_picture_quantised_as_jpeg_does_is_seen_as_compressed_and_the_drawn_one_not() {
    let drawn = picture();
    assert!(!compressed(&image_of(&drawn)));
    for step in [4.0, 10.0, 24.0] {
        assert!(
            compressed(&image_of(&quantised(&drawn, step))),
            "step {step}"
        );
    }
}

#[test]
fn flat_art_without_detail_is_not_taken_for_jpeg() {
    let flat = RgbaImage::from_fn(128, 128, |x, y| {
        if x < 64 && y > 30 {
            Rgba([200, 40, 40, 255])
        } else {
            Rgba([250, 250, 240, 255])
        }
    });
    assert!(!compressed(&flat));
}
