//! Pictures made smaller by whole factors for thumbnails: each pixel the
//! rounded mean of a block, in integers, so the bytes are the same on every
//! machine and flat colours stay flat.

use image::RgbImage;

/// A colour as three 21-bit lanes of one `u64`, so that adding a pixel to
/// a sum is one addition, not three (the lanes hold the sum of up to
/// [`LANE_ROWS`] pixels).
pub(crate) fn lanes([r, g, b]: [u8; 3]) -> u64 {
    u64::from(r) | u64::from(g) << 21 | u64::from(b) << 42
}

const LANE: u64 = (1 << 21) - 1;

/// Pixels summed in one lane before it is emptied: 8192 x 255 < 2^21.
const LANE_ROWS: usize = 8192;

/// The picture `src`, `w` pixels square and `BPP` bytes a pixel (`colour`
/// reads one as [`lanes`]), shrunk by `k` (at most `w`): each pixel the
/// rounded mean of a k x k block, the last partial row and column of blocks
/// dropped so the tile stays square. Each block row's `k` picture rows are
/// summed per column first, then the columns per block: the inner loop is
/// one addition per pixel along a row.
pub(crate) fn shrink<const BPP: usize>(
    src: &[u8],
    w: usize,
    k: usize,
    colour: impl Fn(&[u8; BPP]) -> u64,
) -> RgbImage {
    shrink_lanes(src, w, k, colour, LANE_ROWS)
}

/// [`shrink`], emptying the lanes every `lane_rows` rows (fewer in tests).
fn shrink_lanes<const BPP: usize>(
    src: &[u8],
    w: usize,
    k: usize,
    colour: impl Fn(&[u8; BPP]) -> u64,
    lane_rows: usize,
) -> RgbImage {
    if w == 0 || k == 0 {
        return RgbImage::default();
    }
    let side = (w / k).max(1);
    let mean = Mean::of(k * k);
    let mut out = vec![0u8; side * side * 3];
    let mut columns = vec![0u64; w];
    let mut sums = vec![[0u64; 3]; side];
    let (pixels, _) = src.as_chunks::<BPP>();
    for (y, line) in out.chunks_exact_mut(side * 3).enumerate() {
        sums.fill([0; 3]);
        for (i, row) in pixels.chunks_exact(w).skip(y * k).take(k).enumerate() {
            if i > 0 && i % lane_rows == 0 {
                add_blocks(&mut columns, k, &mut sums);
            }
            for (sum, p) in columns.iter_mut().zip(row) {
                *sum += colour(p);
            }
        }
        add_blocks(&mut columns, k, &mut sums);
        for (o, sum) in line.chunks_exact_mut(3).zip(&sums) {
            for (o, &s) in o.iter_mut().zip(sum) {
                *o = mean.of_sum(s);
            }
        }
    }
    RgbImage::from_raw(side as u32, side as u32, out).unwrap_or_default()
}

/// Adds each run of `k` column sums to its block's sums and empties them.
fn add_blocks(columns: &mut [u64], k: usize, sums: &mut [[u64; 3]]) {
    for (sum, block) in sums.iter_mut().zip(columns.chunks_exact(k)) {
        for &c in block {
            sum[0] += c & LANE;
            sum[1] += (c >> 21) & LANE;
            sum[2] += c >> 42;
        }
    }
    columns.fill(0);
}

/// The rounded mean of `n` values of 0..=255 from their sum, by a
/// multiplication: a division per thumbnail byte was half of the time
/// [`shrink`] took. With `m` = ceil(2^40 / n), `(x * m) >> 40` is `x / n`
/// exactly when `x * n < 2^40`; here `x < 256 n`, so for `n < 2^16`.
struct Mean {
    n: u64,
    m: u64,
}

impl Mean {
    fn of(n: usize) -> Mean {
        let n = u64::try_from(n).unwrap_or(u64::MAX).max(1);
        Mean {
            n,
            m: (1u64 << 40).div_ceil(n),
        }
    }

    fn of_sum(&self, sum: u64) -> u8 {
        let x = sum + self.n / 2;
        let q = match self.n < 1 << 16 {
            true => (x * self.m) >> 40,
            false => x / self.n,
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
                    mean.of_sum(u64::from(sum)),
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
        let mut lut = [0u64; 256];
        for (l, c) in lut.iter_mut().zip(&palette) {
            *l = lanes(*c);
        }
        for (w, k) in [(12, 1), (12, 3), (13, 3), (40, 7), (9, 9)] {
            let rgb = bytes(w * w * 3, w as u64);
            let want = block_means(&rgb, w, k);
            let got = shrink::<3>(&rgb, w, k, |&p| lanes(p));
            assert_eq!(got.as_raw(), &want, "rgb w {w} k {k}");
            // Lanes emptied every other row give the same sums.
            let got = shrink_lanes::<3>(&rgb, w, k, |&p| lanes(p), 2);
            assert_eq!(got.as_raw(), &want, "rgb w {w} k {k}, lanes of 2 rows");
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
