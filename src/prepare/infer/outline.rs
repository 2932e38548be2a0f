//! Where a half's picture crosses its side, and at what angle: the outline
//! of a symbol cut in two continues across the seam, and that is what
//! pairs the two halves when their colour does not (an arrow's head and a
//! heart's top, both red). A half's outline is its silhouette's two
//! boundaries, left and right, in the rows just inside its side: each a
//! line fitted to where the picture starts and ends row by row, read as
//! its crossing point on the side and its slope (pixels sideways per pixel
//! inwards). The two halves of one picture meet on one line: each of one
//! half's boundaries continues the other half's opposite one, mirrored
//! ([`cost`]). Slopes do not change with the scale of a scan, and a shift
//! of a few pixels moves the crossings only a little.

use super::halves::{Work, WORK};
use super::looks::{delta, lab, Lab};
pub(crate) use lines::{gate, Lines};

/// The rows read, as working pixels from the side: the outermost rows are
/// a scan's or a cut's edge. A boundary is followed inwards until it jumps
/// ([`JUMP`]): a step in the outline (an arrow's head, a bolt's kink) a few
/// pixels in says nothing about the crossing.
const FIRST_ROW: usize = 2;
const LAST_ROW: usize = 15;
/// Rows needed for a line.
const MIN_ROWS: usize = 4;
/// The most a boundary may move from one row to the next and still be one
/// line (working pixels).
const JUMP: usize = 4;
/// Left free at both ends of a row, beyond the diagonal: the neighbouring
/// halves' pictures and the tile's corner.
const MARGIN: usize = 8;
/// The width of the samples of the ground at each end of the rows.
const GROUND_WIDTH: usize = 40;
/// How far a pixel's colour must be from the ground to be picture
/// ([`delta`]: CIELAB, lightness counted half, so uneven light is not).
const PICTURE: f32 = 18.0;
/// A silhouette across more than this share of its rows is no symbol on a
/// ground (a photo's texture, a coloured card): no outline.
const MOST: f32 = 0.8;

/// A half's outline at its side, in working pixels along the side (from its
/// left end, seen from inside the tile) and pixels sideways per pixel
/// inwards.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Outline {
    pub left: f32,
    pub left_slope: f32,
    pub right: f32,
    pub right_slope: f32,
    /// The strokes further in, when the half is a line drawing
    /// ([`lines`]), compared instead of the rest in a puzzle of line
    /// drawings.
    pub lines: Option<Lines>,
}

/// The outlines of a tile's four halves, right, top, left, bottom; `None`
/// where a half shows no picture crossing its side on a plain ground.
pub(crate) fn describe(tile: &Work) -> [Option<Outline>; 4] {
    std::array::from_fn(|side| describe_side(tile, side))
}

fn describe_side(tile: &Work, side: usize) -> Option<Outline> {
    let ground = ground(tile, side)?;
    let mut rows: Vec<(f32, f32, f32)> = Vec::new();
    for v in FIRST_ROW..=LAST_ROW {
        let (from, to) = (v + MARGIN, WORK - v - MARGIN);
        let picture = |u: usize| delta(lab(tile.at(side, u, v)), ground) > PICTURE;
        // Two pixels in a row, so that a speck of noise is no boundary.
        let left = (from..to - 1).find(|&u| picture(u) && picture(u + 1));
        let right = (from + 1..to).rev().find(|&u| picture(u) && picture(u - 1));
        let (Some(l), Some(r)) = (left, right) else {
            break;
        };
        if (r - l) as f32 > MOST * (to - from) as f32 {
            return None;
        }
        if let Some(&(_, pl, pr)) = rows.last() {
            let jump = |a: f32, b: usize| (a - b as f32).abs() > JUMP as f32;
            if jump(pl, l) || jump(pr, r) {
                break;
            }
        }
        rows.push((v as f32, l as f32, r as f32));
    }
    if rows.len() < MIN_ROWS {
        return None;
    }
    let (left, left_slope) = line(rows.iter().map(|&(v, l, _)| (v, l)));
    let (right, right_slope) = line(rows.iter().map(|&(v, _, r)| (v, r)));
    let lines = lines::read(|u, v| delta(lab(tile.at(side, u, v)), ground) > PICTURE);
    Some(Outline {
        left,
        left_slope,
        right,
        right_slope,
        lines,
    })
}

/// The ground beside the side: the colour at both ends of the rows read,
/// where a centred picture leaves the tile's own ground (measured there and
/// not across the tile, so that uneven light moves it with the picture).
/// `None` when those pixels are not mostly one colour.
fn ground(tile: &Work, side: usize) -> Option<Lab> {
    let mut probes: Vec<Lab> = Vec::new();
    for v in FIRST_ROW..=LAST_ROW {
        let (from, to) = (v + MARGIN, WORK - v - MARGIN);
        for u in (from..from + GROUND_WIDTH).chain(to - GROUND_WIDTH..to) {
            probes.push(lab(tile.at(side, u, v)));
        }
    }
    let median: Lab = std::array::from_fn(|c| {
        let mut v: Vec<f32> = probes.iter().map(|p| p[c]).collect();
        let mid = v.len() / 2;
        *v.select_nth_unstable_by(mid, f32::total_cmp).1
    });
    let near = probes
        .iter()
        .filter(|&&p| delta(p, median) < PICTURE / 2.0)
        .count();
    (near * 10 >= probes.len() * 8).then_some(median)
}

/// A line through points `(v, u)`, robust to a few stray ones (Theil and
/// Sen: the median of the slopes between every two points, the median
/// intercept under it): its `u` at `v = 0` and its slope.
fn line(points: impl Iterator<Item = (f32, f32)>) -> (f32, f32) {
    let points: Vec<(f32, f32)> = points.collect();
    let mut slopes: Vec<f32> = Vec::new();
    for (i, &(v0, u0)) in points.iter().enumerate() {
        for &(v1, u1) in &points[i + 1..] {
            if v1 != v0 {
                slopes.push((u1 - u0) / (v1 - v0));
            }
        }
    }
    let slope = median(&mut slopes);
    let mut at: Vec<f32> = points.iter().map(|&(v, u)| u - slope * v).collect();
    (median(&mut at), slope)
}

fn median(v: &mut [f32]) -> f32 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f32::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        0.5 * (v[n / 2 - 1] + v[n / 2])
    }
}

/// A class's outline: per number, the median over its members that have
/// one; `None` unless at least half of them do.
pub(crate) fn of_class<'a>(members: impl Iterator<Item = &'a Option<Outline>>) -> Option<Outline> {
    let mut all = 0;
    let mut seen: Vec<Outline> = Vec::new();
    for m in members {
        all += 1;
        seen.extend(m.iter().copied());
    }
    if seen.is_empty() || seen.len() * 2 < all {
        return None;
    }
    let pick = |f: fn(&Outline) -> f32| median(&mut seen.iter().map(f).collect::<Vec<_>>());
    Some(Outline {
        left: pick(|o| o.left),
        left_slope: pick(|o| o.left_slope),
        right: pick(|o| o.right),
        right_slope: pick(|o| o.right_slope),
        lines: lines::of_class(&seen, median),
    })
}

/// Crossings this far apart (working pixels) cost as much as slopes one
/// pixel per pixel apart.
const CROSSING_SCALE: f32 = 20.0;
/// The most one pair's outlines cost: a half whose outline was misread (a
/// boundary that stopped at a step, an emoji's ragged silhouette) must not
/// outweigh the rest. Measured on the development seeds: with 4, one emoji
/// 5x5 read right before was refused (one of its right pairs cost near 4,
/// and its support fell); with 2 none, and symbols read as with 4.
pub(crate) const CAP: f32 = 2.0;

/// How badly outlines `a` and `b` continue each other across the seam, 0
/// when they are one line: `a`'s left boundary is `b`'s right one seen from
/// the other side (its crossing mirrored along the side, its slope the
/// same: a line leaning one way leans the same way seen from either side,
/// the side turned half a turn), and the other way round.
pub(crate) fn cost(a: &Outline, b: &Outline) -> f32 {
    if let (Some(x), Some(y)) = (&a.lines, &b.lines) {
        return lines::cost(x, y, CAP);
    }
    let last = (WORK - 1) as f32;
    let crossing =
        ((a.left - (last - b.right)).abs() + (a.right - (last - b.left)).abs()) / CROSSING_SCALE;
    let slope = (a.left_slope - b.right_slope).abs() + (a.right_slope - b.left_slope).abs();
    (crossing + slope).min(CAP)
}

mod lines;
#[cfg(test)]
mod tests;
