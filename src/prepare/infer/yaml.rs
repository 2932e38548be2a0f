//! The inferred puzzle as `tile_dict.yaml`, and the comparison of two
//! notations up to what inference cannot know: the names of the tokens and
//! which half of a picture is called `+`.

use crate::kind::tiles::model::{Puzzle, SIDE_NAMES};

/// `tile_dict.yaml` text for `puzzle`: tiles 1..N, edges right, top, left,
/// bottom.
pub fn write(puzzle: &Puzzle) -> String {
    let mut text = String::from("# written by unscramble infer from the tile pictures\n");
    for (k, tile) in puzzle.tiles.iter().enumerate() {
        let edges: Vec<String> = tile
            .edges
            .iter()
            .map(|e| format!("['{}', '{}']", puzzle.tokens[e.token()], e.half().symbol()))
            .collect();
        text.push_str(&format!("{}: [{}]\n", k + 1, edges.join(", ")));
    }
    text
}

/// One edge where two notations disagree (tile numbered from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    pub tile: usize,
    pub side: usize,
    /// The edge in each notation, as `token+` / `token-`.
    pub inferred: String,
    pub expected: String,
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "tile {} {}: inferred {}, transcribed {}",
            self.tile, SIDE_NAMES[self.side], self.inferred, self.expected
        )
    }
}

/// The edges where `inferred` and `expected` differ once the inferred
/// tokens are renamed (and halves swapped) to fit `expected` best: each
/// inferred (token, half) is mapped to the expected one it meets most often,
/// a token's two halves to one token's two halves.
pub fn compare(inferred: &Puzzle, expected: &Puzzle) -> Vec<Difference> {
    let name = |p: &Puzzle, e: crate::kind::tiles::model::Edge| {
        format!("{}{}", p.tokens[e.token()], e.half().symbol())
    };
    let edges = |p: &Puzzle| -> Vec<crate::kind::tiles::model::Edge> {
        p.tiles.iter().flat_map(|t| t.edges).collect()
    };
    let (mine, theirs) = (edges(inferred), edges(expected));
    let mut differences = Vec::new();
    if mine.len() != theirs.len() {
        return vec![Difference {
            tile: 0,
            side: 0,
            inferred: format!("{} tiles", inferred.tiles.len()),
            expected: format!("{} tiles", expected.tiles.len()),
        }];
    }
    // votes[token][other token][same half?]
    let tokens = inferred.tokens.len();
    let others = expected.tokens.len();
    let mut votes = vec![vec![[0usize; 2]; others]; tokens];
    for (a, b) in mine.iter().zip(&theirs) {
        votes[a.token()][b.token()][usize::from(a.half() != b.half())] += 1;
    }
    // Greedy one-to-one: the strongest agreement first.
    let mut cells: Vec<(usize, usize, usize, usize)> = (0..tokens)
        .flat_map(|t| (0..others).flat_map(move |o| (0..2).map(move |s| (t, o, s))))
        .map(|(t, o, s)| (votes[t][o][s], t, o, s))
        .collect();
    cells.sort_unstable_by(|x, y| y.cmp(x));
    let mut map: Vec<Option<(usize, bool)>> = vec![None; tokens];
    let mut taken = vec![false; others];
    for (_, t, o, s) in cells {
        if map[t].is_none() && !taken[o] {
            map[t] = Some((o, s == 1));
            taken[o] = true;
        }
    }
    for (i, (a, b)) in mine.iter().zip(&theirs).enumerate() {
        let same = map[a.token()]
            .is_some_and(|(o, swap)| o == b.token() && (a.half() != b.half()) == swap);
        if !same {
            differences.push(Difference {
                tile: i / 4 + 1,
                side: i % 4,
                inferred: name(inferred, *a),
                expected: name(expected, *b),
            });
        }
    }
    differences
}
