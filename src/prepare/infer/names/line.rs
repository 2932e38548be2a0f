//! The middle line of an upright card read whole: the name beside the left
//! edge, the card's number and the name beside the right edge.
//!
//! On cards whose names are all written upright, the left name starts at
//! the left margin and the right one ends at the right margin; a long one
//! runs into the number or into the other name ("Biene unten1", "SHARK
//! FRONWOLF FRONT"). Such a half is a name no other copy matches, a class of
//! its own, and no pairing solves. The names beside the top and bottom
//! edges are centred and collide with nothing, so each name is usually
//! also printed whole. Here a line that collided is explained as a whole
//! copy laid at its left end, another laid at its right end and the number
//! between, ink wherever either copy has ink; when one pair of names
//! explains the line clearly better than every other, its collided halves
//! are read as those copies. Matching a cut name by its near part alone
//! (branch `text9`) joined corpus names to the wrong copies: the whole line
//! must be explained, and only a line that really collided is read so.

use crate::prepare::infer::classes::mask_distance;
use crate::prepare::infer::halves::{
    Half, Mask, Work, NUMBER_REACH, NUMBER_SLACK, RIM, SEED_SPAN as SEED, WORK,
};
use band::Band;

/// The band read: this many rows above and below the centre (15 % of the
/// tile). The names beside the top and bottom edges lie far outside it.
const BAND: usize = WORK * 3 / 20;
/// Columns along each side left out: the card's printed frame.
const EDGE: usize = WORK / 50;
/// From each side this far in the band holds only that side's name: a name
/// starts 6 % in and the number lies within 10 % of the centre.
const FREE: usize = WORK * 13 / 40;
/// Pixels this close to a diagonal are the card's printed diagonal lines,
/// read by no one.
const DIAGONAL: usize = 3;
/// Ink this few columns or fewer from the number is a name written against
/// it: part of a letter may lie under it.
const TOUCHING: usize = 3;
/// The number is printed centred: reaches left and right of the centre
/// that differ by more than this many pixels show a letter against it.
const LOPSIDED: usize = 4;
/// Two whole copies whose ink differs by less than this share
/// ([`mask_distance`]) are one name: copies of one name lie within 0.1.
const SAME_NAME: f32 = 0.15;
/// A line is explained only by a pair whose ink disagrees with it by less
/// than this share.
const EXPLAINED: f32 = 0.1;
/// ... and in no stretch of [`STRETCH`] columns by more than this share:
/// a copy of another name that shares most of its letters ("WOLF FRONT"
/// for a "WOLF BACK" no tile shows whole) disagrees in one place.
const WORST: f32 = 0.3;
/// Columns of a stretch: about two letters.
const STRETCH: usize = WORK / 25;
/// A stretch with less ink than this (pixels' worth) is not weighed.
const STRETCH_INK: f32 = 40.0;
/// ... and every pair of other names disagrees at least this many times
/// as much, and by [`CLEARLY_BY`] more.
const CLEARLY: f32 = 1.8;
const CLEARLY_BY: f32 = 0.03;

/// Reads every collided middle line of an upright card as two whole
/// copies, replacing each collided half's description with that of the
/// copy that explains it. Halves of lines that did not collide, and of
/// cards not written upright, are left as they are.
pub(crate) fn explain(works: &[Work], halves: &mut [Half]) {
    if halves.len() != 4 * works.len() {
        return;
    }
    let upright: Vec<bool> = halves.chunks(4).map(upright_card).collect();
    let bands: Vec<Option<Band>> = works
        .iter()
        .zip(halves.chunks(4))
        .zip(&upright)
        .map(|((w, t), &up)| up.then(|| Band::read(w, t[2].ground)))
        .collect();
    let reaches: Vec<Option<Centre>> = bands
        .iter()
        .map(|b| b.as_ref().and_then(Band::number_reach))
        .collect();
    let hit: Vec<bool> = (0..works.len())
        .map(|t| upright[t] && collided(&halves[4 * t..4 * t + 4], reaches[t]))
        .collect();
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG_NAMES").is_some() {
        let tiles: Vec<usize> = (0..hit.len()).filter(|&t| hit[t]).map(|t| t + 1).collect();
        eprintln!("DEBUG line collided on tiles {tiles:?}");
    }
    if !hit.contains(&true) {
        return;
    }
    // Whole copies: names beside the top and bottom edges, and beside the
    // left and right edges where the line did not collide.
    let whole: Vec<usize> = (0..halves.len())
        .filter(|&h| upright[h / 4] && !halves[h].at_centre && is_line(&halves[h].upright))
        .filter(|&h| h % 2 == 1 || !hit[h / 4])
        .collect();
    let name = names_of(&whole, halves);
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG_NAMES").is_some() {
        eprintln!(
            "DEBUG line whole {:?}",
            whole
                .iter()
                .zip(&name)
                .map(|(h, n)| (*h, whole[*n]))
                .collect::<Vec<_>>()
        );
    }
    // The widest number that nothing touches.
    let typical = reaches
        .iter()
        .flatten()
        .filter(|&&c| !lopsided(c.left, c.right))
        .map(|c| c.left.max(c.right))
        .max()
        .unwrap_or(NUMBER_REACH);
    let (mut replaced, mut unexplained) = (Vec::new(), Vec::new());
    for (t, band) in bands.iter().enumerate() {
        let Some(band) = band else { continue };
        if !hit[t] {
            continue;
        }
        let reach = reaches[t].map_or(typical, |c| c.left.min(c.right).min(typical)) + NUMBER_SLACK;
        match band.explained(&whole, &name, halves, reach, t) {
            Some((a, b)) => replaced.extend([(4 * t + 2, a), (4 * t, b)]),
            // Unexplained: a side whose ink no whole copy matches is a
            // name cut or joined by the collision, read as one with the
            // number, so that a class of only such names is not paired (a
            // lone one paired with a blank half solved: written wrong).
            None => {
                for h in [4 * t, 4 * t + 2] {
                    let m = &halves[h].upright;
                    if !whole.iter().any(|&w| {
                        mask_distance(m, std::slice::from_ref(&halves[w].upright)) < SAME_NAME
                    }) {
                        unexplained.push(h);
                    }
                }
            }
        }
    }
    for h in unexplained {
        halves[h].at_centre = true;
    }
    for (h, copy) in replaced {
        halves[h] = halves[copy].clone();
    }
}

/// A card written upright: on the card's ground, each of its four names a
/// line of ink lying across (names turned with their edges stand along
/// the left and right ones).
fn upright_card(t: &[Half]) -> bool {
    t.iter().all(|h| h.card_ground && is_line(&h.upright))
}

/// Ink that is one line of text lying across: wider than high, no taller
/// than a name.
fn is_line(m: &Mask) -> bool {
    m.count > 0 && m.w > m.h && m.h <= super::MAX_LINE && m.level.len() == m.on.len()
}

/// The line of tile `t` (halves right, top, left, bottom) collided: its
/// left or right name took in the number or reached the centre, or, in the
/// names' rows, ink touches the number, comes within [`TOUCHING`] columns
/// of it, or draws it out further one way than the other (`centre`,
/// [`Band::number_reach`]).
fn collided(t: &[Half], centre: Option<Centre>) -> bool {
    t[0].at_centre
        || t[2].at_centre
        || centre.is_some_and(|c| c.near || lopsided(c.line.0, c.line.1))
}

/// The dark ink at the centre reaches `left` and `right` of it so that
/// one is further than the other, or further than a number: a letter
/// touches it.
fn lopsided(left: usize, right: usize) -> bool {
    left.abs_diff(right) > LOPSIDED || left.max(right) > NUMBER_REACH
}

/// The dark ink connected to a tile's centre, as [`Band::number_reach`]
/// finds it: how far it reaches left and right in the whole band (the
/// number's share of the band, left out when the line is explained) and
/// within the side names' rows (`line`), and whether other ink in those
/// rows comes within [`TOUCHING`] columns of it there.
#[derive(Clone, Copy)]
struct Centre {
    left: usize,
    right: usize,
    line: (usize, usize),
    near: bool,
}

/// Per whole copy, which name it is: the first copy it lies within
/// [`SAME_NAME`] of, both ways round.
fn names_of(whole: &[usize], halves: &[Half]) -> Vec<usize> {
    let mut name: Vec<usize> = Vec::with_capacity(whole.len());
    for (k, &h) in whole.iter().enumerate() {
        let m = &halves[h].upright;
        let same = (0..k).find(|&j| {
            name[j] == j
                && mask_distance(m, std::slice::from_ref(&halves[whole[j]].upright)) < SAME_NAME
        });
        name.push(same.unwrap_or(k));
    }
    name
}

#[path = "line/band.rs"]
mod band;
#[cfg(test)]
#[path = "line/tests.rs"]
mod tests;
