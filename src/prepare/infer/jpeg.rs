//! Whether a tile picture went through JPEG: its luma, cut into the 8 x 8
//! blocks JPEG cuts it into, has transform coefficients that sit on
//! multiples of one step per frequency (JPEG's quantisation), which no
//! drawn or photographed picture shows by itself. The pictures reading
//! discounts small colour shifts only in such pictures
//! ([`crate::prepare::infer::looks`]'s floor): elsewhere a shift that small
//! may be all that tells two prints apart.

use image::RgbaImage;

/// The frequencies looked at, (u, v): the lowest ones besides the mean,
/// which JPEG quantises in steps of 3 (quality 85) to 25 (quality 30) and
/// which every picture with some detail fills.
const FREQUENCIES: [(usize, usize); 5] = [(0, 1), (1, 0), (1, 1), (0, 2), (2, 0)];
/// Blocks looked at, at most (about).
const BLOCKS: usize = 4096;
/// The steps tried.
const STEPS: std::ops::RangeInclusive<usize> = 3..=40;
/// Coefficients at least this many per frequency must be large enough to
/// say anything (half a step or more from zero).
const FEWEST: usize = 40;
/// Mean distance to the nearest multiple of the step, as a share of the
/// step, below which the coefficients sit on the step: 0.25 for values
/// that do not (evenly spread), about 0.05 to 0.12 after JPEG at quality
/// 30 to 85 and the rounding of its decoded colours.
const ON_STEP: f32 = 0.15;

/// Does `img` show JPEG's quantisation on most of the frequencies looked at?
pub(crate) fn compressed(img: &RgbaImage) -> bool {
    let (w, h) = (img.width() as usize, img.height() as usize);
    if w < 16 || h < 16 {
        return false;
    }
    let luma = |x: usize, y: usize| {
        // Within bounds: x < w, y < h (the blocks lie inside the picture).
        let p = img.get_pixel(x as u32, y as u32).0;
        0.299 * f32::from(p[0]) + 0.587 * f32::from(p[1]) + 0.114 * f32::from(p[2]) - 128.0
    };
    // Each frequency's 64 weights, worked out once.
    let basis = |k: usize, x: usize| {
        let c = if k == 0 { (0.5f32).sqrt() } else { 1.0 };
        c * (((2 * x + 1) * k) as f32 * std::f32::consts::PI / 16.0).cos()
    };
    let weights: Vec<[f32; 64]> = FREQUENCIES
        .iter()
        .map(|&(u, v)| std::array::from_fn(|i| basis(u, i % 8) * basis(v, i / 8) / 4.0))
        .collect();
    // At most about [`BLOCKS`] blocks, spread over the picture: a large
    // scan says no more than a few thousand of its blocks.
    let (bw, bh) = (w / 8, h / 8);
    let stride = ((bw * bh) / BLOCKS).max(1);
    let mut coefficients: Vec<Vec<f32>> = vec![Vec::new(); FREQUENCIES.len()];
    for b in (0..bw * bh).step_by(stride) {
        let (bx, by) = ((b % bw) * 8, (b / bw) * 8);
        let block: [f32; 64] = std::array::from_fn(|i| luma(bx + i % 8, by + i / 8));
        for (f, weight) in weights.iter().enumerate() {
            coefficients[f].push(block.iter().zip(weight).map(|(p, q)| p * q).sum());
        }
    }
    let on_step = coefficients.iter().filter(|c| sits_on_a_step(c)).count();
    on_step * 2 > FREQUENCIES.len()
}

/// Do the coefficients `c` (those half a step or more from zero) sit on
/// multiples of one step of [`STEPS`]?
fn sits_on_a_step(c: &[f32]) -> bool {
    STEPS.into_iter().any(|step| {
        let q = step as f32;
        let (mut off, mut n) = (0.0f32, 0usize);
        for &x in c.iter().filter(|x| x.abs() >= 0.5 * q) {
            let r = x / q;
            off += (r - r.round()).abs();
            n += 1;
        }
        n >= FEWEST && off / (n as f32) < ON_STEP
    })
}

#[cfg(test)]
mod tests;
