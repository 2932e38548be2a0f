//! What counting the halves proves before any search: a puzzle whose
//! halves cannot all be matched has no solution, and the search would
//! spend its whole budget to find that out.
//!
//! It holds where each edge code fits exactly one other code, which fits
//! it back (the `+`/`-` halves of one picture, [`Matching::halves`]):
//! every inner seam then joins one half of a code and one of its partner,
//! so the halves of a picture that are not matched inside (its *surplus*,
//! the difference of its two counts) face out, and all surpluses together
//! fit the border (`2 (rows + cols)` edges). `infer` asks whether
//! pairings of the halves it read solve, and a wrong pairing of a 6x6 may
//! fail this count (docs/infer-journal.md, "Speed, 2026-11-27: hopeless pairings
//! counted out").

use crate::kind::tiles::model::{Edge, Matching, Puzzle};

/// Per edge code: the one code it fits (`None`: it fits nothing). `None`
/// when some code fits itself or more than one, where counting proves
/// nothing here.
pub(super) fn partners(matching: &Matching) -> Option<Vec<Option<usize>>> {
    let codes = matching.codes();
    let mut out = Vec::with_capacity(codes);
    for a in 0..codes {
        let mut fits = (0..codes).filter(|&b| matching.fits(Edge(a as u8), Edge(b as u8)));
        let first = fits.next();
        if fits.next().is_some() || first == Some(a) {
            return None;
        }
        out.push(first);
    }
    Some(out)
}

/// Whether counting alone shows that `puzzle` has no solution (see the
/// module's doc). `false` says nothing: the search must decide.
pub(super) fn counted_out(puzzle: &Puzzle) -> bool {
    let Some(partner) = partners(&puzzle.matching) else {
        return false;
    };
    let mut count = vec![0usize; partner.len()];
    for tile in &puzzle.tiles {
        for e in tile.edges {
            match count.get_mut(usize::from(e.0)) {
                Some(c) => *c += 1,
                // A code outside the relation fits nothing: leave it to
                // the search.
                None => return false,
            }
        }
    }
    let surplus: usize = partner
        .iter()
        .enumerate()
        .map(|(a, &p)| match p {
            Some(b) if a < b => count[a].abs_diff(count[b]),
            Some(_) => 0,
            None => count[a],
        })
        .sum();
    surplus > 2 * (puzzle.rows + puzzle.cols)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::tiles::solve::tests::shaped;
    use crate::kind::tiles::solve::{solve, Limits};

    fn solves(p: &Puzzle) -> bool {
        solve(
            p,
            &Limits {
                max_solutions: 1,
                ..Limits::default()
            },
        )
        .total
            > 0
    }

    #[test]
    fn more_surplus_than_border_is_counted_out() {
        // Eight `a+` halves, no `a-`: a 2x2 has 8 border edges, but the
        // other 8 halves add surplus too.
        let p = shaped(
            2,
            2,
            &["a+ a+ b+ b+", "a+ a+ b+ b+", "a+ a+ b+ b+", "a+ a+ b+ b+"],
        );
        assert!(counted_out(&p));
        assert!(!solves(&p));
    }

    #[test]
    fn a_solvable_board_whose_surplus_fills_the_border_is_not_counted_out() {
        // Solved with every border edge an `a+`: surplus 8 of 8.
        let p = shaped(
            2,
            2,
            &["a+ a+ a+ b+", "a+ a+ a- b-", "a+ b- a+ a+", "a+ b+ a- a+"],
        );
        assert!(!counted_out(&p));
        assert!(solves(&p));
    }

    #[test]
    fn what_counting_rules_out_has_no_solution() {
        // Small boards of two or three pictures drawn at random: whatever
        // counting rules out, the whole search finds nothing for; and it
        // rules out some.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        };
        let mut out = 0;
        for round in 0..600 {
            let side = 2 + (round % 2);
            let codes = 4 + 2 * (round % 3 == 0) as u64;
            let names = ["a+", "a-", "b+", "b-", "c+", "c-"];
            let tiles: Vec<String> = (0..side * side)
                .map(|_| {
                    (0..4)
                        .map(|_| names[next(codes) as usize])
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            let tiles: Vec<&str> = tiles.iter().map(String::as_str).collect();
            let p = shaped(side, side, &tiles);
            if counted_out(&p) {
                out += 1;
                assert!(!solves(&p), "{tiles:?}");
            }
        }
        assert!(out > 20, "{out} counted out");
    }
}
