//! Line drawings cut by the seam: black outlines on white (a colouring
//! book's shapes), whose halves are hollow. Their silhouettes' boundaries
//! are thin strokes, and two shapes often cross the seam at one place and
//! one angle (a ring and a box of one width, both upright there): the
//! rows next to the side ([`super::LAST_ROW`]) cannot tell them apart. What
//! can is how each stroke goes on further in: a ring's bends towards the
//! picture's middle, a box's goes straight. Each boundary is fitted as a
//! parabola over more rows ([`LAST_ROW`]): where it crosses the side, its
//! slope and its bend. Across the seam the two halves of one drawing meet
//! on one curve: the crossings mirrored, the bends the same, the slopes
//! either the same (a stroke running on) or opposite (a corner on the
//! seam, as a diamond's, or any shape drawn symmetric about the cut).
//!
//! Used only where most halves of the puzzle are such drawings ([`gate`]),
//! so that other art (solid symbols, cards, photos) is read as before.

use super::{Outline, FIRST_ROW, JUMP, MARGIN};
use crate::prepare::infer::halves::WORK;

/// The last row read (working pixels from the side): far enough in for a
/// ring of a fifth of the tile to bend by 6 pixels, short of a hexagon's
/// corners and of the details drawn inside each half.
const LAST_ROW: usize = 34;
/// Rows needed for a parabola.
const MIN_ROWS: usize = 14;
/// Most of a hollow half's rows show ground between its boundaries: at
/// most this share of those pixels is ink (a solid symbol's is all ink).
const HOLLOW: f32 = 0.35;
/// A stroke no wider than this (working pixels) at the boundary: a line,
/// not a silhouette's solid edge.
const STROKE: usize = 16;
/// Rows that are not hollow, or not thin, past which a half is no line
/// drawing however many rows follow: a fifth of the rows read, rounded up.
const GIVE_UP: usize = (LAST_ROW - FIRST_ROW + 1).div_ceil(5);
/// The share of the halves with an outline that must be line drawings for
/// the puzzle to be read as one ([`gate`]).
const MOST_HALVES: f32 = 0.8;

/// One boundary's stroke: `u = at + slope·v + bend·v²` (working pixels
/// along the side, `v` rows inwards).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Stroke {
    pub at: f32,
    pub slope: f32,
    pub bend: f32,
}

/// A hollow half's two boundary strokes, left and right.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Lines {
    pub left: Stroke,
    pub right: Stroke,
}

/// The strokes of a half whose picture crosses its side hollow and thin,
/// `picture(u, v)` telling ink from ground; `None` for any other half.
pub(super) fn read(picture: impl Fn(usize, usize) -> bool) -> Option<Lines> {
    let mut rows: Vec<(f32, f32, f32)> = Vec::new();
    let (mut hollow, mut thin) = (0usize, 0usize);
    // One row's ink, each pixel's colour read once; the buffer serves
    // every row.
    let mut ink = vec![false; WORK];
    for v in FIRST_ROW..=LAST_ROW {
        let (from, to) = (v + MARGIN, WORK - v - MARGIN);
        for (u, cell) in ink.iter_mut().enumerate() {
            *cell = (from..to).contains(&u) && picture(u, v);
        }
        let picture = |u: usize| ink.get(u).copied().unwrap_or(false);
        let left = (from..to - 1).find(|&u| picture(u) && picture(u + 1));
        let right = (from + 1..to).rev().find(|&u| picture(u) && picture(u - 1));
        let (Some(l), Some(r)) = (left, right) else {
            break;
        };
        if let Some(&(_, pl, pr)) = rows.last() {
            let jump = |a: f32, b: usize| (a - b as f32).abs() > JUMP as f32;
            if jump(pl, l) || jump(pr, r) {
                break;
            }
        }
        let inked = (l..=r).filter(|&u| picture(u)).count();
        hollow += usize::from((inked as f32) <= HOLLOW * (r + 1 - l) as f32);
        let run = |mut u: usize, step: isize| {
            let mut n = 0;
            while n <= STROKE && picture(u) {
                n += 1;
                u = u.wrapping_add_signed(step);
            }
            n
        };
        thin += usize::from(run(l, 1) <= STROKE && run(r, -1) <= STROKE);
        rows.push((v as f32, l as f32, r as f32));
        // Past this many rows neither hollow nor thin, no number of rows
        // makes the half a line drawing: a solid symbol stops here.
        if rows.len() - hollow.min(thin) >= GIVE_UP {
            return None;
        }
    }
    let n = rows.len();
    if n < MIN_ROWS || hollow * 10 < n * 8 || thin * 10 < n * 8 {
        return None;
    }
    Some(Lines {
        left: parabola(rows.iter().map(|&(v, l, _)| (v, l)))?,
        right: parabola(rows.iter().map(|&(v, _, r)| (v, r)))?,
    })
}

/// The least-squares parabola through points `(v, u)`.
fn parabola(points: impl Iterator<Item = (f32, f32)>) -> Option<Stroke> {
    let points: Vec<(f64, f64)> = points.map(|(v, u)| (f64::from(v), f64::from(u))).collect();
    // Normal equations in 1, v, v², solved by Cramer's rule.
    let mut m = [[0.0f64; 3]; 3];
    let mut y = [0.0f64; 3];
    for &(v, u) in &points {
        let p = [1.0, v, v * v];
        for i in 0..3 {
            for j in 0..3 {
                m[i][j] += p[i] * p[j];
            }
            y[i] += p[i] * u;
        }
    }
    let det = |m: &[[f64; 3]; 3]| {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    };
    let d = det(&m);
    if d.abs() < 1e-9 {
        return None;
    }
    let solve = |c: usize| {
        let mut mc = m;
        (0..3).for_each(|r| mc[r][c] = y[r]);
        (det(&mc) / d) as f32
    };
    Some(Stroke {
        at: solve(0),
        slope: solve(1),
        bend: solve(2),
    })
}

/// Crossings this far apart (working pixels) cost as much as slopes one
/// pixel per pixel apart (as [`super::cost`]'s).
const CROSSING_SCALE: f32 = 20.0;
/// Bends are compared by how far apart they carry the strokes over this
/// many rows, in [`CROSSING_SCALE`]s: a ring against a box, 1 / 160 apart
/// in bend, cost about 0.3 a side.
const BEND_ROWS: f32 = 30.0;

/// How badly two halves' strokes continue each other across the seam, 0
/// when they are one drawing: `a`'s left stroke is `b`'s right one seen
/// from the other side (its crossing mirrored along the side), bending the
/// same way (towards the same side of the curve: opposite signs in the two
/// halves' own frames), its slope the same or, at a corner on the seam,
/// opposite. At most `cap`.
pub(crate) fn cost(a: &Lines, b: &Lines, cap: f32) -> f32 {
    let last = (WORK - 1) as f32;
    let one = |x: &Stroke, y: &Stroke| {
        let crossing = (x.at - (last - y.at)).abs() / CROSSING_SCALE;
        let slope = (x.slope - y.slope).abs().min((x.slope + y.slope).abs());
        let bend = (x.bend + y.bend).abs() * BEND_ROWS * BEND_ROWS / CROSSING_SCALE;
        crossing + slope + bend
    };
    (one(&a.left, &b.right) + one(&a.right, &b.left)).min(cap)
}

/// A class's strokes: per number, the median over its members that have
/// them; `None` unless most of them (`MOST_HALVES`) do.
pub(super) fn of_class(members: &[Outline], median: fn(&mut [f32]) -> f32) -> Option<Lines> {
    let seen: Vec<Lines> = members.iter().filter_map(|o| o.lines).collect();
    if seen.is_empty() || (seen.len() as f32) < MOST_HALVES * members.len() as f32 {
        return None;
    }
    let pick = |f: fn(&Lines) -> f32| median(&mut seen.iter().map(f).collect::<Vec<_>>());
    Some(Lines {
        left: Stroke {
            at: pick(|l| l.left.at),
            slope: pick(|l| l.left.slope),
            bend: pick(|l| l.left.bend),
        },
        right: Stroke {
            at: pick(|l| l.right.at),
            slope: pick(|l| l.right.slope),
            bend: pick(|l| l.right.bend),
        },
    })
}

/// The puzzle is read as line drawings only when at least `MOST_HALVES`
/// of its halves with an outline are hollow and thin; otherwise every
/// half's strokes are dropped, so that a stray hollow half of other art
/// (a ring among solid symbols) is compared as before.
pub(crate) fn gate(outlines: &mut [Option<Outline>]) {
    let with: Vec<&Outline> = outlines.iter().flatten().collect();
    let lines = with.iter().filter(|o| o.lines.is_some()).count();
    let keep = !with.is_empty() && lines as f32 >= MOST_HALVES * with.len() as f32;
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some() {
        eprintln!(
            "DEBUG lines: {lines} of {} outlines hollow, read as line drawings: {keep}",
            with.len()
        );
    }
    if !keep {
        outlines.iter_mut().flatten().for_each(|o| o.lines = None);
    }
}

#[cfg(test)]
mod tests;
