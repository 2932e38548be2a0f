//! Benchmark boards anyone can make again: a solved `size x size` board with
//! random edge pictures, cut into tiles that are turned and shuffled, all
//! driven by a seeded generator of our own so a seed means the same board on
//! every machine and every version of every dependency.

use crate::error::PuzzleError;
use crate::kind::seeded::SplitMix64;
use crate::kind::tiles::input::TILE_DICT;
use std::path::{Path, PathBuf};

/// Token names; the first ones are colours [`crate::kind::tiles::draw`] knows by name.
const NAMES: [&str; 11] = [
    "red", "blu", "grn", "ylw", "org", "pur", "pnk", "brn", "cyn", "gry", "blk",
];

/// The largest board side the solver takes (at most 128 tiles).
pub const MAX_SIZE: usize = 11;

fn token_name(t: usize) -> String {
    NAMES
        .get(t)
        .map_or_else(|| format!("t{}", t + 1), |n| n.to_string())
}

/// The `tile_dict.yaml` text of a solvable `size x size` puzzle with `tokens`
/// kinds of picture. Each tile's edges are (token, half) with half 0 = `'+'`.
pub fn tile_dict(size: usize, tokens: usize, seed: u64) -> String {
    let mut rng = SplitMix64(seed);
    let n = size * size;
    // Edges of the solved board, per cell: right, top, left, bottom.
    let mut solved = vec![[(0usize, 0usize); 4]; n];
    let pick = |rng: &mut SplitMix64| (rng.below(tokens), rng.below(2));
    for cell in 0..n {
        let (r, c) = (cell / size, cell % size);
        if c + 1 < size {
            let (t, h) = pick(&mut rng);
            solved[cell][0] = (t, h);
            solved[cell + 1][2] = (t, 1 - h);
        } else {
            solved[cell][0] = pick(&mut rng);
        }
        if r + 1 < size {
            let (t, h) = pick(&mut rng);
            solved[cell][3] = (t, h);
            solved[cell + size][1] = (t, 1 - h);
        } else {
            solved[cell][3] = pick(&mut rng);
        }
        if r == 0 {
            solved[cell][1] = pick(&mut rng);
        }
        if c == 0 {
            solved[cell][2] = pick(&mut rng);
        }
    }
    // Turn each tile back by a random number of quarter turns: a tile turned
    // `r` shows base side `(e - r) mod 4` on side `e`.
    let mut tiles: Vec<[(usize, usize); 4]> = solved
        .iter()
        .map(|edges| {
            let r = rng.below(4);
            [0, 1, 2, 3].map(|j| edges[(j + r) % 4])
        })
        .collect();
    for i in (1..n).rev() {
        tiles.swap(i, rng.below(i + 1));
    }
    let mut text = format!("# unscramble generate --size {size} --tokens {tokens} --seed {seed}\n");
    for (k, edges) in tiles.iter().enumerate() {
        let cells: Vec<String> = edges
            .iter()
            .map(|&(t, h)| format!("['{}', '{}']", token_name(t), ['+', '-'][h]))
            .collect();
        text.push_str(&format!("{}: [{}]\n", k + 1, cells.join(", ")));
    }
    text
}

/// Writes `out_dir/input/tile_dict.yaml` and draws its tiles. Returns the
/// files written. Existing files are replaced only with `force`.
pub fn write_puzzle(
    out_dir: &Path,
    size: usize,
    tokens: usize,
    seed: u64,
    tile_side: u32,
    force: bool,
) -> Result<Vec<PathBuf>, PuzzleError> {
    let input = out_dir.join("input");
    let pictures: Vec<String> = (1..=size * size).map(|k| format!("{k}.png")).collect();
    let writes: Vec<&str> = std::iter::once(TILE_DICT)
        .chain(pictures.iter().map(String::as_str))
        .collect();
    crate::kind::tiles::input::overwrite::guard(&input, &writes, force)?;
    let mut writer = crate::fsio::writer::Writer::open(&input, force)?;
    let path = writer.path(TILE_DICT);
    let text = tile_dict(size, tokens, seed);
    writer.put(TILE_DICT, text.as_bytes())?;
    let mut written = vec![path];
    written.extend(crate::kind::tiles::draw::draw_missing_tiles(
        out_dir, tile_side, true,
    )?);
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::tiles::input::tile_dict;
    use crate::kind::tiles::solve::{solve, Limits};

    #[test]
    fn same_seed_same_board_and_every_board_is_solvable() {
        assert_eq!(tile_dict(4, 3, 7), tile_dict(4, 3, 7));
        assert_ne!(tile_dict(4, 3, 7), tile_dict(4, 3, 8));
        for (size, tokens, seed) in [(2, 1, 1), (3, 4, 2), (4, 6, 3), (5, 20, 4)] {
            let text = tile_dict(size, tokens, seed);
            let p = tile_dict::parse(Path::new("g.yaml"), &text)
                .expect("generated text parses")
                .puzzle;
            assert_eq!((p.rows, p.tiles.len()), (size, size * size));
            let limits = Limits {
                max_solutions: 1,
                ..Limits::default()
            };
            assert!(!solve(&p, &limits).solutions.is_empty(), "{text}");
        }
    }
}
