//! How a drawn edge shows what it fits: one colour per picture (a group of
//! edge codes that fit one another) and, within a picture, one marker per
//! code. Derived from the puzzle's match relation, never from token names, so
//! every notation draws right: the Legespiel XML names each half of a picture
//! on its own and lists which fit, and a `'='` picture fits itself.

use super::token_colours;
use crate::kind::tiles::model::{Edge, Half, Puzzle};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    Disc,
    Square,
    /// A picture that fits itself (`'='`): no second half to tell apart.
    Ring,
    Triangle,
    Diamond,
}

/// Markers for the codes of one picture, in code order: the `tile_dict`
/// halves `'+'` and `'-'` get a disc and a square, as they always have.
const IN_ORDER: [Marker; 4] = [
    Marker::Disc,
    Marker::Square,
    Marker::Triangle,
    Marker::Diamond,
];

/// Colour and marker of every edge code of a puzzle.
pub struct EdgeLooks {
    colour: Vec<[u8; 3]>,
    marker: Vec<Marker>,
}

impl EdgeLooks {
    pub fn new(puzzle: &Puzzle) -> EdgeLooks {
        let codes = puzzle.matching.codes();
        let mut used = vec![false; codes];
        for e in puzzle.tiles.iter().flat_map(|t| t.edges) {
            if let Some(u) = used.get_mut(usize::from(e.0)) {
                *u = true;
            }
        }
        let fits = |a: usize, b: usize| puzzle.matching.fits(code(a), code(b));
        // Union-find whose root is always the smallest code of its group, so
        // groups come in the order of their first code, as tokens do.
        let mut root: Vec<usize> = (0..codes).collect();
        fn find(root: &mut [usize], mut x: usize) -> usize {
            while root[x] != x {
                root[x] = root[root[x]];
                x = root[x];
            }
            x
        }
        for a in (0..codes).filter(|&a| used[a]) {
            for b in (a + 1..codes).filter(|&b| used[b] && fits(a, b)) {
                let (ra, rb) = (find(&mut root, a), find(&mut root, b));
                root[ra.max(rb)] = ra.min(rb);
            }
        }
        let roots: Vec<usize> = (0..codes).map(|c| find(&mut root, c)).collect();
        let groups: Vec<usize> = (0..codes).filter(|&c| used[c] && roots[c] == c).collect();
        let names: Vec<String> = groups
            .iter()
            .map(|&c| {
                puzzle
                    .tokens
                    .get(code(c).token())
                    .cloned()
                    .unwrap_or_default()
            })
            .collect();
        let palette = token_colours(&names);
        let mut colour = vec![[128, 128, 128]; codes];
        let mut marker = vec![Marker::Disc; codes];
        for (g, &first) in groups.iter().enumerate() {
            let members: Vec<usize> = (first..codes)
                .filter(|&c| used[c] && roots[c] == first)
                .collect();
            for (pos, &c) in members.iter().enumerate() {
                colour[c] = palette[g];
                marker[c] = match members.len() {
                    1 if fits(c, c) => Marker::Ring,
                    // A half whose partner no tile shows: still say which half.
                    1 if code(c).half() == Half::Minus => Marker::Square,
                    _ => IN_ORDER[pos % IN_ORDER.len()],
                };
            }
        }
        EdgeLooks { colour, marker }
    }

    pub fn colour(&self, e: Edge) -> [u8; 3] {
        self.colour
            .get(usize::from(e.0))
            .copied()
            .unwrap_or([128, 128, 128])
    }

    pub fn marker(&self, e: Edge) -> Marker {
        self.marker
            .get(usize::from(e.0))
            .copied()
            .unwrap_or(Marker::Disc)
    }
}

fn code(c: usize) -> Edge {
    Edge(c as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::tiles::model::{Matching, Tile};

    fn puzzle(edges: [usize; 4], tokens: &[&str], matching: Matching) -> Puzzle {
        Puzzle {
            rows: 1,
            cols: 1,
            tiles: vec![Tile {
                edges: edges.map(code),
            }],
            tokens: tokens.iter().map(|t| t.to_string()).collect(),
            matching,
        }
    }

    #[test]
    fn halves_keep_their_token_colour_disc_and_square() {
        let p = puzzle([0, 1, 2, 3], &["red", "blu"], Matching::halves(2));
        let looks = EdgeLooks::new(&p);
        assert_eq!(looks.colour(code(0)), looks.colour(code(1)));
        assert_eq!(looks.colour(code(0)), token_colours(&p.tokens)[0]);
        assert_eq!(looks.colour(code(2)), token_colours(&p.tokens)[1]);
        assert_eq!(
            [0, 1, 2, 3].map(|c| looks.marker(code(c))),
            [Marker::Disc, Marker::Square, Marker::Disc, Marker::Square]
        );
    }

    #[test]
    fn explicitly_paired_pictures_share_a_colour_and_differ_in_marker() {
        // As the Legespiel XML reads: four named halves, each its own token
        // (codes 0, 2, 4, 6), "head" fitting "tail" and "cap" fitting itself.
        let mut m = Matching::new(8);
        m.allow(code(0), code(2));
        m.allow(code(4), code(4));
        let p = puzzle([0, 2, 4, 6], &["head", "tail", "cap", "odd"], m);
        let looks = EdgeLooks::new(&p);
        assert_eq!(looks.colour(code(0)), looks.colour(code(2)));
        assert_ne!(looks.colour(code(0)), looks.colour(code(4)));
        assert_ne!(looks.colour(code(4)), looks.colour(code(6)));
        assert_eq!(
            [0, 2, 4, 6].map(|c| looks.marker(code(c))),
            [Marker::Disc, Marker::Square, Marker::Ring, Marker::Disc]
        );
    }
}
