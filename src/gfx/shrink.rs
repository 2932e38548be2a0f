//! Pictures made smaller by whole factors for thumbnails: each pixel the
//! rounded mean of a block, in integers, so the bytes are the same on every
//! machine and flat colours stay flat.

use image::RgbImage;

/// The picture `src`, `w` pixels square and `BPP` bytes a pixel (`colour`
/// reads one), shrunk by `k` (at most `w`): each pixel the rounded mean of a
/// k x k block, the last partial row and column of blocks dropped so the
/// tile stays square. Each block row's `k` picture rows are summed per
/// column first, then the columns per block: the inner loop is a plain walk
/// along a row, three times faster than summing block by block.
pub(crate) fn shrink<const BPP: usize>(
    src: &[u8],
    w: usize,
    k: usize,
    colour: impl Fn(&[u8; BPP]) -> [u32; 3],
) -> RgbImage {
    if w == 0 || k == 0 {
        return RgbImage::default();
    }
    let side = (w / k).max(1);
    let mean = Mean::of(k * k);
    let mut out = vec![0u8; side * side * 3];
    let mut columns = vec![[0u32; 3]; w];
    let (pixels, _) = src.as_chunks::<BPP>();
    for (y, line) in out.chunks_exact_mut(side * 3).enumerate() {
        columns.fill([0; 3]);
        for row in pixels.chunks_exact(w).skip(y * k).take(k) {
            for (sum, p) in columns.iter_mut().zip(row) {
                let [r, g, b] = colour(p);
                sum[0] += r;
                sum[1] += g;
                sum[2] += b;
            }
        }
        for (o, block) in line.chunks_exact_mut(3).zip(columns.chunks_exact(k)) {
            let mut sum = [0u32; 3];
            for c in block {
                sum[0] += c[0];
                sum[1] += c[1];
                sum[2] += c[2];
            }
            for (o, s) in o.iter_mut().zip(sum) {
                *o = mean.of_sum(s);
            }
        }
    }
    RgbImage::from_raw(side as u32, side as u32, out).unwrap_or_default()
}

/// The rounded mean of `n` values of 0..=255 from their sum, by a
/// multiplication: a division per thumbnail byte was half of the time
/// [`shrink`] took. With `m` = ceil(2^40 / n), `(x * m) >> 40` is `x / n`
/// exactly when `x * n < 2^40`; here `x < 256 n`, so for `n < 2^16`.
struct Mean {
    n: u32,
    m: u64,
}

impl Mean {
    fn of(n: usize) -> Mean {
        let n = u32::try_from(n).unwrap_or(u32::MAX).max(1);
        Mean {
            n,
            m: (1u64 << 40).div_ceil(u64::from(n)),
        }
    }

    fn of_sum(&self, sum: u32) -> u8 {
        let x = sum + self.n / 2;
        let q = match self.n < 1 << 16 {
            true => (u64::from(x) * self.m) >> 40,
            false => u64::from(x / self.n),
        };
        q as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deterministic bytes for pictures (no external RNG needed).
    fn bytes(n: usize, seed: u64) -> Vec<u8> {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 24) as u8
            })
            .collect()
    }

    #[test]
    fn the_mean_by_multiplication_is_the_rounded_division() {
        for n in (1..=400).chain([1023, 4096, 65_535, 65_536, 70_000]) {
            let mean = Mean::of(n);
            let n = n as u32;
            // Every sum for small n; a spread of sums, the ends included, above.
            let step = (255 * n / 5000).max(1);
            for sum in (0..=255 * n).step_by(step as usize).chain([255 * n]) {
                assert_eq!(
                    mean.of_sum(sum),
                    ((sum + n / 2) / n) as u8,
                    "n {n} sum {sum}"
                );
            }
        }
    }

    /// Each pixel of the shrunk picture, computed the slow way.
    fn block_means(rgb: &[u8], w: usize, k: usize) -> Vec<u8> {
        let side = w / k;
        let mut out = Vec::new();
        for by in 0..side {
            for bx in 0..side {
                for c in 0..3 {
                    let mut sum = 0u32;
                    for y in by * k..by * k + k {
                        for x in bx * k..bx * k + k {
                            sum += u32::from(rgb[(y * w + x) * 3 + c]);
                        }
                    }
                    let n = (k * k) as u32;
                    out.push(((sum + n / 2) / n) as u8);
                }
            }
        }
        out
    }

    #[test]
    fn shrinking_takes_the_rounded_mean_of_each_block_in_rgb_and_through_a_palette() {
        let palette: Vec<[u8; 3]> = bytes(3 * 256, 1)
            .chunks_exact(3)
            .map(|c| [c[0], c[1], c[2]])
            .collect();
        let mut lut = [[0u32; 3]; 256];
        for (l, c) in lut.iter_mut().zip(&palette) {
            *l = c.map(u32::from);
        }
        for (w, k) in [(12, 1), (12, 3), (13, 3), (40, 7), (9, 9)] {
            let rgb = bytes(w * w * 3, w as u64);
            let want = block_means(&rgb, w, k);
            let got = shrink::<3>(&rgb, w, k, |p| p.map(u32::from));
            assert_eq!(got.as_raw(), &want, "rgb w {w} k {k}");
            let indices = bytes(w * w, k as u64);
            let expanded: Vec<u8> = indices
                .iter()
                .flat_map(|&i| palette[usize::from(i)])
                .collect();
            let got = shrink::<1>(&indices, w, k, |&[i]| lut[usize::from(i)]);
            assert_eq!(
                got.as_raw(),
                &block_means(&expanded, w, k),
                "palette w {w} k {k}"
            );
        }
    }
}
