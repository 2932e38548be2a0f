//! The board a pairing makes of the classes: the puzzle handed to the
//! solver, its tokens' names, and what counting alone rules out.

use crate::kind::tiles::model::{Edge, Half as Sign, Matching, Puzzle, Tile};

/// The puzzle `pairs` make of the tiles whose halves are in classes `of`.
pub fn puzzle(side: usize, of: &[usize], pairs: &[(usize, usize)]) -> Puzzle {
    let mut sign = vec![(0usize, Sign::Plus); of.len().max(1) * 2];
    for (t, &(p, m)) in pairs.iter().enumerate() {
        sign[p] = (t, Sign::Plus);
        sign[m] = (t, Sign::Minus);
    }
    let tiles = of
        .chunks(4)
        .map(|c| Tile {
            edges: std::array::from_fn(|s| {
                let (token, half) = sign[c[s]];
                Edge::new(token, half)
            }),
        })
        .collect();
    Puzzle {
        rows: side,
        cols: side,
        tiles,
        tokens: (0..pairs.len()).map(token_name).collect(),
        matching: Matching::halves(pairs.len()),
    }
}

/// `a`, `b`, … `z`, then `aa`, `ab`, ….
pub fn token_name(i: usize) -> String {
    let letter = |k: usize| char::from(b'a' + (k % 26) as u8);
    if i < 26 {
        letter(i).to_string()
    } else {
        format!("{}{}", letter(i / 26 - 1), letter(i))
    }
}
