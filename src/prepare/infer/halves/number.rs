//! The card's number at the tile's centre, found once per puzzle so that
//! it can be cut out of every half alike. Apart from halves.rs because it
//! reads whole tiles, not halves.
//!
//! A name written beside a left or right edge can run into a large number
//! ("Katze BACK 12 Hund FRONT"): the name and the digits are then one ink
//! group that reaches both the side and the centre, kept whole, and each
//! copy of the name reads differently (its tile's digits in it). Cutting
//! the disc the number fills out of every half frees the name; the disc
//! is the same on every tile of the puzzle (not each tile's own number, one
//! digit or two), so every copy of a name on one edge loses the same
//! pixels.

use super::{dist, median, Work, WORK};

/// Half the side of the square around the centre searched for the number.
const BOX: usize = WORK / 5;
/// Ink this close to the centre starts the number.
const SEED: f32 = WORK as f32 * 0.03;
/// Gap in pixels bridged between the number's strokes (its digits).
const REACH: usize = WORK / 50;
/// The disc taken as the centre's ([`super::ink`]'s rule): ink within it
/// that never comes near the side is dropped.
pub(super) const NEAR_CENTRE: f32 = WORK as f32 * 0.1;
/// A number whose ink reaches this far from the centre is large enough to
/// run into names; a smaller one (the corpus's small print) is not cut.
const LARGE: f32 = WORK as f32 * 0.04;
/// Added to the number's reach: its anti-aliased rim.
const RIM: f32 = 3.0;
/// Pixels this close to a diagonal (cards draw them as lines through the
/// centre) are not ink of the number: they would join it to the corners.
const DIAGONAL: i64 = 6;

/// The radius of the disc to cut from every half of the puzzle's tiles, 0
/// when none: when some tile shows a large number standing free at its
/// centre (nothing joined to it within the searched square), the disc
/// holds the largest such number and its rim. A disc as large as
/// [`NEAR_CENTRE`] cut more of the names than their numbers did, and the
/// cut copies, compared by a part of them, made the classes of 3x3 cards
/// read right before less sure than their reading needs.
pub(super) fn number_disc(tiles: &[Work]) -> f32 {
    let largest = tiles.iter().filter_map(free_number).fold(0.0f32, f32::max);
    if largest < LARGE {
        0.0
    } else {
        largest + RIM
    }
}

/// How far from the centre the ink of `tile`'s number reaches, when that
/// ink stands free: `None` when there is no ink at the centre or when it
/// runs on to the edge of the searched square (a name joined to it).
fn free_number(tile: &Work) -> Option<f32> {
    let side = 2 * BOX;
    let (x0, y0) = (WORK / 2 - BOX, WORK / 2 - BOX);
    let mid = (WORK as f32 - 1.0) / 2.0;
    let colours: Vec<[f32; 3]> = (0..side * side)
        .map(|i| tile.px[(y0 + i / side) * WORK + x0 + i % side])
        .collect();
    let ground = median(&colours);
    let bright = (ground[0] + ground[1] + ground[2]) / 3.0;
    let threshold = (bright * 0.55).clamp(30.0, 60.0);
    let on: Vec<bool> = colours
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let (dx, dy) = (
                (i % side) as i64 - BOX as i64,
                (i / side) as i64 - BOX as i64,
            );
            let off_diagonals = (dx - dy).abs() > DIAGONAL && (dx + dy).abs() > DIAGONAL;
            off_diagonals && dist(c, ground) > threshold
        })
        .collect();
    let from_mid = |i: usize| ((x0 + i % side) as f32 - mid).hypot((y0 + i / side) as f32 - mid);
    let mut seen = vec![false; on.len()];
    let mut stack: Vec<usize> = (0..on.len())
        .filter(|&i| on[i] && from_mid(i) < SEED)
        .collect();
    if stack.is_empty() {
        return None;
    }
    for &i in &stack {
        seen[i] = true;
    }
    let mut reach = 0.0f32;
    while let Some(i) = stack.pop() {
        let (x, y) = (i % side, i / side);
        if x < REACH || y < REACH || x + REACH >= side || y + REACH >= side {
            return None;
        }
        reach = reach.max(from_mid(i));
        for ny in y - REACH..=y + REACH {
            for nx in x - REACH..=x + REACH {
                let j = ny * side + nx;
                if on[j] && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    Some(reach)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A white card with grey diagonals, a dark block at the centre
    /// `half_w` x `half_h` and, when `joined`, a dark name running from it
    /// to the right side.
    fn card(half_w: usize, half_h: usize, joined: bool) -> Work {
        let mut px = vec![[250.0f32; 3]; WORK * WORK];
        for i in 0..WORK {
            px[i * WORK + i] = [200.0; 3];
            px[i * WORK + WORK - 1 - i] = [200.0; 3];
        }
        let c = WORK / 2;
        for y in c - half_h..c + half_h {
            for x in c - half_w..c + half_w {
                px[y * WORK + x] = [0.0; 3];
            }
            if joined && y > c - 8 && y < c + 8 {
                for x in c + half_w..WORK - 20 {
                    px[y * WORK + x] = [0.0; 3];
                }
            }
        }
        Work { px }
    }

    #[test]
    fn a_large_free_number_gives_the_disc_and_a_joined_one_is_not_measured() {
        assert_eq!(
            number_disc(&[card(26, 18, true)]),
            0.0,
            "joined: not measured"
        );
        let free = number_disc(&[card(26, 18, false), card(26, 18, true)]);
        assert!(
            free > 33.0 && free < 36.0,
            "the number's reach and rim: {free}"
        );
    }

    #[test]
    fn a_small_number_is_not_cut() {
        assert_eq!(number_disc(&[card(4, 6, false)]), 0.0);
    }
}
