//! Times the Domino Fit solver on generated boards (run by `scripts/bench-domino`).
//! Speed is measured here, never in unit tests, where machines vary too much.

use std::time::{Duration, Instant};
use unscramble::kind::domino::{generate, solve, Cover};

const SEEDS: u64 = 5;
const BLACK_FRACTION: f64 = 0.12;

fn main() {
    let limit = Duration::from_secs(5);
    println!(
        "| board | rule | boards | solutions (min..max) | nodes (mean) | time mean | time max |"
    );
    println!("|---|---|---|---|---|---|---|");
    for size in [8, 10, 12, 14] {
        for cover in [Cover::Full, Cover::Partial] {
            let (mut lo, mut hi, mut nodes, mut total, mut worst) =
                (usize::MAX, 0, 0u64, Duration::ZERO, Duration::ZERO);
            let mut incomplete = 0;
            for seed in 1..=SEEDS {
                let p = generate(size, size, BLACK_FRACTION, seed);
                let start = Instant::now();
                let o = solve(&p, cover, 100_000, Some(start + limit));
                let t = start.elapsed();
                incomplete += usize::from(!o.complete());
                lo = lo.min(o.solutions.len());
                hi = hi.max(o.solutions.len());
                nodes += o.nodes;
                total += t;
                worst = worst.max(t);
            }
            let note = if incomplete > 0 {
                format!(" ({incomplete} stopped)")
            } else {
                String::new()
            };
            println!(
                "| {size}x{size} | {} | {SEEDS} | {lo}..{hi}{note} | {} | {:.1} ms | {:.1} ms |",
                cover.name(),
                nodes / SEEDS,
                total.as_secs_f64() * 1000.0 / SEEDS as f64,
                worst.as_secs_f64() * 1000.0,
            );
        }
    }
}
