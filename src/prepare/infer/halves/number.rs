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

/// The number lies within this many pixels of the centre, across and
/// along (10 % of the tile): two bold digits 12 % of the tile high are
/// about 15 % wide.
const NUMBER_REACH: usize = WORK / 10;

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
const SLACK: usize = 3;

/// Pixels within this many of the number's dark core are its anti-aliased
/// rim, taken with it.
const RIM: usize = 2;

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
    let dark = |u: usize, v: usize| super::dist(tile.at(side, u, v), ground) >= DARK * threshold;
    let (lo, hi) = (c - SEARCH_REACH, c + SEARCH_REACH);
    let span = hi - lo + 1;
    let at = |u: usize, v: usize| (v - lo) * span + (u - lo);
    let mut seen = vec![false; span * span];
    let mut stack = Vec::new();
    for v in lo..=hi {
        for u in lo..=hi {
            let r = (u as f32 - c as f32).hypot(v as f32 - c as f32);
            if r < SEED_REACH && dark(u, v) {
                seen[at(u, v)] = true;
                stack.push((u, v));
            }
        }
    }
    let mut found = Vec::new();
    while let Some((u, v)) = stack.pop() {
        found.push((u, v));
        for (nu, nv) in neighbours(u, v) {
            if !dark(nu, nv) {
                continue;
            }
            // Letters that touch each other carry the search along a
            // name: it is not followed past the search's reach.
            if nu < lo || nu > hi || nv < lo || nv > hi {
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
    // Printed centred: its reach is the lesser of the two ways, each axis.
    let reach = |along: fn(&(usize, usize)) -> usize| {
        let low = found.iter().map(along).min().unwrap_or(c);
        let high = found.iter().map(along).max().unwrap_or(c);
        (c - low.min(c)).min(high.max(c) - c) + 1
    };
    let (ru, rv) = (reach(|p| p.0), reach(|p| p.1));
    if ru > NUMBER_REACH || rv > NUMBER_REACH {
        return Number::default();
    }
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
mod tests {
    use super::*;

    /// A white tile with dark rectangles `(x0, y0, x1, y1)`, inclusive.
    fn tile(rects: &[(usize, usize, usize, usize)]) -> Work {
        let mut px = vec![[255.0f32; 3]; WORK * WORK];
        for &(x0, y0, x1, y1) in rects {
            for y in y0..=y1 {
                for x in x0..=x1 {
                    px[y * WORK + x] = [0.0; 3];
                }
            }
        }
        Work { px }
    }

    #[test]
    fn a_number_alone_at_the_centre_is_found_in_each_half() {
        // A digit 48 px high, 24 wide, at the centre.
        let t = tile(&[(188, 176, 211, 223)]);
        let top = number(&t, 1, [255.0; 3], 60.0);
        assert!(!top.pixels.is_empty() && top.against.is_empty());
        let rim = 188 - RIM..=211 + RIM;
        assert!(top
            .pixels
            .iter()
            .all(|&(u, v)| v < WORK / 2 && rim.contains(&u)));
        assert!(!number(&t, 2, [255.0; 3], 60.0).pixels.is_empty());
    }

    #[test]
    fn a_letter_against_the_number_is_cut_off_at_its_other_side() {
        // The digit, and a letter beside the left edge's name touching it.
        let t = tile(&[(188, 176, 211, 223), (176, 192, 187, 207)]);
        let left = number(&t, 2, [255.0; 3], 60.0);
        assert!(
            !left.against.is_empty(),
            "the left half's letter is against it"
        );
        // In the left half's frame `v` is the tile's column.
        assert!(left.pixels.iter().all(|&(_, v)| v + RIM + SLACK >= 188));
    }

    #[test]
    fn ink_running_far_both_ways_is_no_number() {
        // A bar from the left edge to the right one, through the centre.
        let t = tile(&[(20, 192, 380, 207)]);
        assert!(number(&t, 2, [255.0; 3], 60.0).pixels.is_empty());
    }

    #[test]
    fn a_name_of_touching_letters_against_the_number_is_cut_off() {
        // The digit, and a bar from the left edge into it.
        let t = tile(&[(188, 176, 211, 223), (20, 192, 188, 207)]);
        let left = number(&t, 2, [255.0; 3], 60.0);
        assert!(!left.against.is_empty());
        assert!(left.pixels.iter().all(|&(_, v)| v + RIM + SLACK >= 188));
    }

    #[test]
    fn a_name_near_the_number_is_not_taken_with_it() {
        // The name ends 11 px short of the digit: not connected.
        let t = tile(&[(188, 176, 211, 223), (20, 192, 176, 207)]);
        let left = number(&t, 2, [255.0; 3], 60.0);
        assert!(left.against.is_empty());
        assert!(left.pixels.iter().all(|&(_, v)| v + RIM + SLACK >= 188));
    }
}
