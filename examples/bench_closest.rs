//! Times the closest-board search (run by `scripts/bench-closest`) on puzzles
//! without a solution: generated solvable boards with one inner edge given the
//! wrong half (a transcription error), and boards of random tiles. Speed is
//! measured here, never in unit tests.

use std::path::Path;
use std::time::{Duration, Instant};
use unscramble::kind::tiles::input::tile_dict;
use unscramble::kind::tiles::model::Puzzle;
use unscramble::kind::tiles::solve::{closest, solve, Limits, StopReason};

fn parse(text: &str) -> Puzzle {
    match tile_dict::parse(Path::new("bench.yaml"), text) {
        Ok(p) => p.puzzle,
        Err(e) => panic!("generated puzzle does not parse: {e}"),
    }
}

/// Gives the first tile whose edge breaks every solution the wrong half there.
fn with_typo(p: &Puzzle) -> Option<Puzzle> {
    for tile in 0..p.tiles.len() {
        for side in 0..4 {
            let mut q = p.clone();
            let e = q.tiles[tile].edges[side];
            q.tiles[tile].edges[side] = unscramble::kind::tiles::model::Edge(e.0 ^ 1);
            let one = Limits {
                max_solutions: 1,
                ..Limits::default()
            };
            if solve(&q, &one).solutions.is_empty() {
                return Some(q);
            }
        }
    }
    None
}

fn main() {
    let limit = Duration::from_secs(60);
    println!("| puzzle | inner edges | matched | closest boards | nodes | time |");
    println!("|---|---|---|---|---|---|");
    let cases = [
        (3, 4, 1),
        (4, 4, 2),
        (4, 6, 3),
        (5, 6, 4),
        (5, 10, 5),
        (6, 10, 6),
    ];
    for (size, tokens, seed) in cases {
        let text = unscramble::kind::tiles::generate::tile_dict(size, tokens, seed);
        let Some(p) = with_typo(&parse(&text)) else {
            continue;
        };
        row(
            &format!("{size}x{size}, {tokens} tokens, one typo"),
            &p,
            limit,
        );
    }
    for (size, tokens, seed) in [(3, 4, 11), (3, 6, 12), (4, 6, 13)] {
        // Random tiles: the generator's tiles with their edges shuffled.
        let text = unscramble::kind::tiles::generate::tile_dict(size, tokens, seed);
        let mut p = parse(&text);
        let mut x = seed;
        for t in 0..p.tiles.len() {
            for s in 0..4 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let other = (x >> 33) as usize % p.tiles.len();
                let (a, b) = (p.tiles[t].edges[s], p.tiles[other].edges[(s + 1) % 4]);
                p.tiles[t].edges[s] = b;
                p.tiles[other].edges[(s + 1) % 4] = a;
            }
        }
        row(
            &format!("{size}x{size}, {tokens} tokens, random"),
            &p,
            limit,
        );
    }
}

fn row(name: &str, p: &Puzzle, limit: Duration) {
    let limits = Limits {
        timeout: Some(limit),
        ..Limits::default()
    };
    let start = Instant::now();
    let c = closest(p, &limits, u64::MAX);
    let t = start.elapsed();
    let stopped = match c.stopped {
        None => String::new(),
        Some(StopReason::MaxSolutions(n)) => format!(" (first {n} boards kept)"),
        Some(StopReason::Timeout(_)) => " (timeout)".to_string(),
        Some(StopReason::MaxNodes(_)) => " (node budget)".to_string(),
        Some(StopReason::Interrupted) => " (interrupted)".to_string(),
    };
    println!(
        "| {name} | {} | {}{stopped} | {} | {} | {:.1} ms |",
        c.inner_edges,
        c.matched_edges,
        c.boards.len(),
        c.nodes,
        t.as_secs_f64() * 1000.0
    );
}
