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

#[test]
fn quarter_turns_are_counter_clockwise_and_overwrite_a_reused_buffer() {
    // 3 x 3 RGB: pixel (x, y) holds x + 3y in every byte.
    let s = 3;
    let base: Vec<u8> = (0..9u8).flat_map(|v| [v; 3]).collect();
    let mut out = vec![0xAB; base.len()];
    turn_ccw::<3>(&base, s, 1, &mut out);
    // One turn counter-clockwise: the top row becomes the left column, read upwards.
    let at = |img: &[u8], x: usize, y: usize| img[(y * s + x) * 3];
    assert_eq!([at(&out, 0, 0), at(&out, 0, 1), at(&out, 0, 2)], [2, 1, 0]);
    for turns in 0..4 {
        let mut once = vec![0xCD; base.len()];
        turn_ccw::<3>(&base, s, turns, &mut once);
        // `turns` single turns in a row give the same picture.
        let mut step = base.clone();
        for _ in 0..turns {
            let mut next = vec![0; base.len()];
            turn_ccw::<3>(&step, s, 1, &mut next);
            step = next;
        }
        assert_eq!(once, step, "turns {turns}");
    }
    let indices = bytes(25, 3);
    let mut four = indices.clone();
    for _ in 0..4 {
        let mut next = vec![0xEE; 25];
        turn_ccw::<1>(&four, 5, 1, &mut next);
        four = next;
    }
    assert_eq!(four, indices);
}
