//! The windows of grounds.rs against the way they were first taken (a
//! window gathered per pixel, folded through `dyn Fn`): the same values to
//! the bit, ties of the farthest colour included, so that moving the
//! grounds reads every puzzle as before.

use super::*;

/// The first `window`: `reduce` over each pixel's gathered neighbourhood,
/// along the rows, then along the columns of the transposed rows.
fn gathered<T: Copy>(src: &[T], reach: usize, reduce: &dyn Fn(&[T]) -> T) -> Vec<T> {
    let mut buf = Vec::with_capacity(2 * reach + 1);
    let mut pass = |get: &dyn Fn(usize, usize) -> T| {
        let mut out = Vec::with_capacity(WORK * WORK);
        for y in 0..WORK {
            for x in 0..WORK {
                buf.clear();
                let (lo, hi) = (x.saturating_sub(reach), (x + reach).min(WORK - 1));
                buf.extend((lo..=hi).map(|k| get(y, k)));
                out.push(reduce(&buf));
            }
        }
        out
    };
    let rows = pass(&|y, k| src[y * WORK + k]);
    let cols = pass(&|x, k| rows[k * WORK + x]);
    (0..WORK * WORK)
        .map(|i| cols[(i % WORK) * WORK + i / WORK])
        .collect()
}

/// A tile of random colours from a few levels (so that equally far
/// colours are many) with random patches of one ground colour.
fn random_tile(seed: u64) -> (Vec<[f32; 3]>, [f32; 3]) {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as u32
    };
    let ground = [230.0, 214.0, 201.5];
    let px = (0..WORK * WORK)
        .map(|_| {
            if next().is_multiple_of(3) {
                ground
            } else {
                std::array::from_fn(|_| (next() % 6) as f32 * 51.0 + 0.3)
            }
        })
        .collect();
    (px, ground)
}

#[test]
fn the_folded_windows_are_the_gathered_ones_to_the_bit() {
    for seed in 0..3 {
        let (px, ground) = random_tile(seed);
        let mean = gathered(&px, 1, &|w| {
            let mut s = [0.0f32; 3];
            w.iter().for_each(|p| (0..3).for_each(|c| s[c] += p[c]));
            s.map(|v| v / w.len() as f32)
        });
        let bits =
            |v: &[[f32; 3]]| -> Vec<[u32; 3]> { v.iter().map(|p| p.map(f32::to_bits)).collect() };
        assert_eq!(bits(&smoothed(&px)), bits(&mean));
        let on: Vec<bool> = mean.iter().map(|&m| dist(m, ground) <= 40.0).collect();
        assert!(on.iter().any(|&b| b) && !on.iter().all(|&b| b));
        assert_eq!(near(&on), gathered(&on, REACH, &|w| w.iter().any(|&b| b)));
        let far: Vec<f32> = px.iter().map(|&p| dist2(p, ground)).collect();
        let at: Vec<u32> = (0..WORK * WORK).map(|i| i as u32).collect();
        let old = gathered(&at, REACH, &|w| {
            w.iter()
                .copied()
                .max_by(|&a, &b| far[a as usize].total_cmp(&far[b as usize]))
                .unwrap_or(0)
        });
        assert_eq!(farthest(&px, ground), old);
    }
}
