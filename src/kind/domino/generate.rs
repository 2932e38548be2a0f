//! Random boards for tests and the benchmark, made from a random full tiling so
//! that the full rule always has at least that one solution.

use super::{DominoPuzzle, DominoSolution, Kind, Placement};
use crate::kind::seeded::SplitMix64;

/// A `width` x `height` board (each 1..=64) with about `black_fraction` of its
/// cells black, the same for the same `seed` on every machine.
pub fn generate(width: usize, height: usize, black_fraction: f64, seed: u64) -> DominoPuzzle {
    generate_with_tiling(width, height, black_fraction, seed).0
}

/// [`generate`], with the tiling the sums were taken from.
pub(super) fn generate_with_tiling(
    width: usize,
    height: usize,
    black_fraction: f64,
    seed: u64,
) -> (DominoPuzzle, DominoSolution) {
    let (width, height) = (width.clamp(1, 64), height.clamp(1, 64));
    let mut rng = SplitMix64(seed);
    let threshold = (black_fraction.clamp(0.0, 1.0) * (1u64 << 53) as f64) as u64;
    let mut black: Vec<bool> = (0..width * height)
        .map(|_| rng.next() >> 11 < threshold)
        .collect();
    let mut covered = vec![false; width * height];
    let mut dominoes = Vec::new();
    for h in 0..height {
        for w in 0..width {
            let i = h * width + w;
            if black[i] || covered[i] {
                continue;
            }
            let down = h + 1 < height && !black[i + width] && !covered[i + width];
            let right = w + 1 < width && !black[i + 1] && !covered[i + 1];
            let kind = match (down, right) {
                (true, true) if rng.next() & 1 == 0 => Kind::One,
                (true, true) => Kind::Two,
                (true, false) => Kind::One,
                (false, true) => Kind::Two,
                // Nothing fits: the cell turns black, so the tiling stays full.
                (false, false) => {
                    black[i] = true;
                    continue;
                }
            };
            let d = Placement::new(kind, w, h);
            for (cw, ch) in d.cells() {
                covered[ch * width + cw] = true;
            }
            dominoes.push(d);
        }
    }
    let (mut top, mut side) = (vec![0; width], vec![0; height]);
    for d in &dominoes {
        let (w, h) = d.dot_cell();
        top[w] += d.kind.dots();
        side[h] += d.kind.dots();
    }
    let blacks: Vec<(usize, usize)> = (0..width * height)
        .filter(|&i| black[i])
        .map(|i| (i % width, i / width))
        .collect();
    (
        DominoPuzzle::new(width, height, &blacks, top, side),
        DominoSolution { dominoes },
    )
}
