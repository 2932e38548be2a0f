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

/// Whether a pairing can solve at all by counting: every inner seam joins
/// a `+` and a `-` half of one picture, so a picture's surplus of one half
/// over the other lies on the border, and all the surpluses together fit
/// the `4 side` border edges. A wrong pairing of a large board often fails
/// this, and the solver would spend its budget proving what counting shows.
pub(crate) fn balanced(side: usize, of: &[usize], pairs: &[(usize, usize)]) -> bool {
    let mut size = vec![0usize; of.iter().max().map_or(0, |&m| m + 1)];
    for &c in of {
        size[c] += 1;
    }
    let count = |c: usize| size.get(c).copied().unwrap_or(0);
    let surplus: usize = pairs
        .iter()
        .map(|&(p, m)| count(p).abs_diff(count(m)))
        .sum();
    surplus <= 4 * side
}
