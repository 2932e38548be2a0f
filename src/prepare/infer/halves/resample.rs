//! A picture resampled with the triangle filter, as `image`'s
//! `imageops::resize(img, w, h, FilterType::Triangle)` does it, to the
//! bit: the same weights, the same sums in the same order (a column pass
//! into floats, then a row pass rounded to bytes). `image`'s version reads
//! and writes one pixel at a time through its generic pixel traits; on a
//! 6x6 its 36 resamplings to the working side were an eighth of what the
//! pictures reading costs (docs/infer-journal.md, "Speed, 2026-11-27"). Here each
//! pass runs over whole rows, every output value still summing its inputs
//! in the order `image` does.

use image::RgbaImage;

/// Channels of a pixel.
const CH: usize = 4;

/// `img` resampled to `width` x `height` (see the module's note).
pub(crate) fn triangle(img: &RgbaImage, width: u32, height: u32) -> RgbaImage {
    let (w, h) = img.dimensions();
    if w == 0 || h == 0 {
        return RgbaImage::new(width, height);
    }
    if (w, h) == (width, height) {
        return img.clone();
    }
    let raw = img.as_raw();
    let (w, width) = (w as usize, width as usize);
    // The column pass: every output row from a few input rows.
    let mut tmp = vec![0.0f32; w * CH * height as usize];
    for (row, (top, ws)) in tmp.chunks_exact_mut(w * CH).zip(weights(h, height)) {
        for (i, &wt) in ws.iter().enumerate() {
            let src = &raw[(top + i) * w * CH..][..w * CH];
            for (t, &p) in row.iter_mut().zip(src) {
                *t += f32::from(p) * wt;
            }
        }
    }
    // The row pass, rounded to bytes as `image` rounds.
    let cols = weights(w as u32, width as u32);
    let mut out = vec![0u8; width * CH * height as usize];
    for (dst, src) in out
        .chunks_exact_mut(width * CH)
        .zip(tmp.chunks_exact(w * CH))
    {
        for (px, (left, ws)) in dst.chunks_exact_mut(CH).zip(&cols) {
            let mut t = [0.0f32; CH];
            for (i, &wt) in ws.iter().enumerate() {
                let p = &src[(left + i) * CH..][..CH];
                (0..CH).for_each(|c| t[c] += p[c] * wt);
            }
            (0..CH).for_each(|c| px[c] = t[c].clamp(0.0, 255.0).round() as u8);
        }
    }
    RgbaImage::from_raw(width as u32, height, out)
        .unwrap_or_else(|| RgbaImage::new(width as u32, height))
}

/// For each of `new_len` outputs along an axis of `len` inputs: its first
/// input and the normalised weights of it and the ones after (`image`'s
/// computation, its support 1 for the triangle, scaled when shrinking).
fn weights(len: u32, new_len: u32) -> Vec<(usize, Vec<f32>)> {
    let ratio = len as f32 / new_len as f32;
    let sratio = if ratio < 1.0 { 1.0 } else { ratio };
    let support = 1.0 * sratio;
    (0..new_len)
        .map(|out| {
            let centre = (out as f32 + 0.5) * ratio;
            let left = ((centre - support).floor() as i64).clamp(0, i64::from(len) - 1);
            let right = ((centre + support).ceil() as i64).clamp(left + 1, i64::from(len));
            // The kernel takes a pixel's centre as 0.
            let centre = centre - 0.5;
            let mut ws: Vec<f32> = (left..right)
                .map(|i| kernel((i as f32 - centre) / sratio))
                .collect();
            let mut sum = 0.0f32;
            for w in &ws {
                sum += w;
            }
            for w in &mut ws {
                *w /= sum;
            }
            (left as usize, ws)
        })
        .collect()
}

/// The triangle filter's kernel (`image`'s `triangle_kernel`).
fn kernel(x: f32) -> f32 {
    if x.abs() < 1.0 {
        1.0 - x.abs()
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests;
