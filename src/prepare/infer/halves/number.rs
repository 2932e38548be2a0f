//! The card's number at the tile's centre, found as dark ink that touches
//! the centre, so that a name written against it is read without it.
//! Apart from halves.rs because it looks at the whole tile, not at one
//! half.
//!
//! A name beside a left or right edge of an upright card ends a few pixels
//! from the number; grouped with gaps of a few pixels (letters into
//! words), the number's strokes in that half joined the name ("Frosch
//! unten4"), a name no other copy matched: each such copy became a class
//! of its own (text 4x4 of seed 74: five names so, 17 classes for 12) and
//! no pairing solved. A disc cut around the centre instead (tried before,
//! "Text cards: names that run into the number") cut letters off names
//! that came close, and one was written wrong. Here the number is the ink
//! connected, pixel to pixel, to the centre, darker than the cards' thin
//! diagonals; when a letter touches it, the number is that ink within the
//! box its untouched sides show (it is printed centred), and the half
//! keeps the mark of a name written against the number
//! ([`super::Half::at_centre`]).

use super::{Work, WORK};

/// Ink within this distance of the centre starts the number (as
/// [`super::ink`]'s centre reach: 5 % of the tile; the benchmark's numbers,
/// a bold digit or two 12 % of the tile high, cover it).
const SEED_REACH: f32 = WORK as f32 * 0.05;

/// Whole pixels from the centre, across or along, that [`SEED_REACH`]
/// can take in (a square around its disc).
pub(crate) const SEED_SPAN: usize = WORK / 20;

/// The number lies within this many pixels of the centre, across and
/// along (10 % of the tile): two bold digits 12 % of the tile high are
/// about 15 % wide.
pub(crate) const NUMBER_REACH: usize = WORK / 10;

/// Ink connected to the centre is followed this far (across and along):
/// far enough to show a number's untouched sides, not along a whole name
/// whose letters touch each other.
const SEARCH_REACH: usize = WORK / 4;

/// The number is ink at least this many times the halves' ink threshold
/// from the ground: the benchmark's numbers are black, its diagonals
/// light grey lines through the centre (1.6 thresholds from white) that
/// would join the number to every corner.
const DARK: f32 = 2.0;

/// See `number`'s box: pixels added to its reach each way.
pub(crate) const SLACK: usize = 3;

/// Pixels within this many of the number's dark core are its anti-aliased
/// rim, taken with it.
pub(crate) const RIM: usize = 2;

/// The number of one tile as seen from one half.
#[derive(Default)]
pub(super) struct Number {
    /// Its pixels `(u, v)` in the half's frame ([`Work::at`]), `v < WORK / 2`.
    pub pixels: Vec<(usize, usize)>,
    /// Ink connected to the number outside it, `v < WORK / 2`: a letter
    /// written against it, when the half keeps it as its ink (its name
    /// lost the pixels the number covers), or anything the half drops.
    pub against: Vec<(usize, usize)>,
}

/// The number as seen from half `side` of `tile` ([`Number`]; none when no
/// dark ink touches the centre, or when the ink connected to it reaches
/// further than a number both ways, across or along: names against both
/// its sides, or a picture).
/// `threshold` and `ground` are the half's ink rule.
pub(super) fn number(tile: &Work, side: usize, ground: [f32; 3], threshold: f32) -> Number {
    let c = WORK / 2;
    let (lo, hi) = (c - SEARCH_REACH, c + SEARCH_REACH);
    let span = hi - lo + 1;
    let at = |u: usize, v: usize| (v - lo) * span + (u - lo);
    // Each pixel's darkness is worked out once, when first asked (0: not
    // yet, 1: dark, 2: not): the search asks it of every neighbour of
    // every pixel it reaches, eight times a pixel on a picture whose dark
    // ink fills the centre, and that was most of the names reading's time
    // on the 6x6 pictures (docs/infer-journal.md, "Speed, 2026-11-27").
    let mut memo = vec![0u8; span * span];
    let mut dark = |u: usize, v: usize| {
        let i = at(u, v);
        if memo[i] == 0 {
            let d = super::dist(tile.at(side, u, v), ground) >= DARK * threshold;
            memo[i] = if d { 1 } else { 2 };
        }
        memo[i] == 1
    };
    let mut seen = vec![false; span * span];
    let mut stack = Vec::new();
    // Only pixels within the seed's reach of the centre can start it.
    let seeds = c - SEED_SPAN..=c + SEED_SPAN;
    for v in seeds.clone() {
        for u in seeds.clone() {
            let r = (u as f32 - c as f32).hypot(v as f32 - c as f32);
            if r < SEED_REACH && dark(u, v) {
                seen[at(u, v)] = true;
                stack.push((u, v));
            }
        }
    }
    let mut found = Vec::new();
    // The ink's extent so far, each axis: once it reaches further than a
    // number both ways, the answer is no number, whatever else is found.
    let (mut low, mut high) = ((c, c), (c, c));
    while let Some((u, v)) = stack.pop() {
        found.push((u, v));
        (low, high) = ((low.0.min(u), low.1.min(v)), (high.0.max(u), high.1.max(v)));
        if reach(low.0, high.0, c) > NUMBER_REACH || reach(low.1, high.1, c) > NUMBER_REACH {
            return Number::default();
        }
        for (nu, nv) in neighbours(u, v) {
            // Letters that touch each other carry the search along a
            // name: it is not followed past the search's reach.
            if nu < lo || nu > hi || nv < lo || nv > hi {
                continue;
            }
            if !dark(nu, nv) {
                continue;
            }
            if !seen[at(nu, nv)] {
                seen[at(nu, nv)] = true;
                stack.push((nu, nv));
            }
        }
    }
    if found.is_empty() {
        return Number::default();
    }
    let (ru, rv) = (reach(low.0, high.0, c), reach(low.1, high.1, c));
    // A pixel or two of slack: the number is centred on the picture's
    // pixel grid, not on the working tile's, and a sliver of a digit left
    // on a name is a mark no other copy of it has.
    let (ru, rv) = (ru + SLACK, rv + SLACK);
    let in_box = |&(u, v): &(usize, usize)| u.abs_diff(c) <= ru && v.abs_diff(c) <= rv;
    let against = found
        .iter()
        .copied()
        .filter(|p| !in_box(p) && p.1 < c)
        .collect();
    let mut take = vec![false; span * span];
    for &(u, v) in found.iter().filter(|p| in_box(p)) {
        for y in v - RIM..=v + RIM {
            for x in u - RIM..=u + RIM {
                take[at(x, y)] = true;
            }
        }
    }
    let pixels = (0..span * span)
        .filter(|&i| take[i])
        .map(|i| (lo + i % span, lo + i / span))
        .filter(|&(_, v)| v < c)
        .collect();
    Number { pixels, against }
}

/// Printed centred: the number's reach along one axis is the lesser of
/// the two ways from the centre `c`, given the least and greatest
/// coordinates its ink takes (`low` and `high`, extended to `c`).
fn reach(low: usize, high: usize, c: usize) -> usize {
    (c - low.min(c)).min(high.max(c) - c) + 1
}

/// The eight neighbours of `(u, v)` inside the tile.
fn neighbours(u: usize, v: usize) -> impl Iterator<Item = (usize, usize)> {
    let (u, v) = (u as i64, v as i64);
    (-1..=1i64)
        .flat_map(move |dv| (-1..=1i64).map(move |du| (u + du, v + dv)))
        .filter(move |&(nu, nv)| {
            (nu, nv) != (u, v) && (0..WORK as i64).contains(&nu) && (0..WORK as i64).contains(&nv)
        })
        .map(|(nu, nv)| (nu as usize, nv as usize))
}

#[cfg(test)]
mod tests;
