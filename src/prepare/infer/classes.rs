//! Grouping the 4N halves into classes of one printed half-picture each.
//!
//! Halves of one print differ only by noise, so their distances are small and
//! alike; halves of different prints are far apart. Average-linkage merging
//! records the distance at which every merge happens, and the classes are cut
//! at the largest jump in those distances (with an even number of classes:
//! every picture has two halves; an odd number only when no even cut
//! stands out, for a picture one of whose halves no tile shows).

use super::halves::{colour_distance, shrink_factor, turns_at, Half, Mask, GRID};
pub(crate) use ladder::classes_of;
use ladder::Ladder;

/// Distance between two halves: colour of ground and ink, then the ink's
/// shape and extent under the best of the four turns of the crop (a name
/// written upright on every side of a card turns against its edge).
pub(crate) fn distance(a: &Half, b: &Half) -> f32 {
    let colour = colour_distance;
    let mut d = match (a.card_ground, b.card_ground) {
        (true, true) => 0.0,
        (false, false) => colour(a.ground, b.ground),
        _ => 1.0,
    };
    match (a.crop.is_empty(), b.crop.is_empty()) {
        (true, true) => return d,
        (false, false) => {}
        _ => return d + 1.0,
    }
    d += 0.5 * colour(a.ink_colour, b.ink_colour);
    let best = (0..4)
        .map(|k| {
            let (bw, bh) = if k % 2 == 0 {
                (b.dims[0], b.dims[1])
            } else {
                (b.dims[1], b.dims[0])
            };
            let extent = (a.dims[0] - bw).abs() + (a.dims[1] - bh).abs();
            let shape: f32 = (0..GRID * GRID)
                .map(|i| (a.crop[i] - b.crop[turned_index(i, k)]).abs())
                .sum::<f32>()
                / (GRID * GRID) as f32;
            shape + 3.0 * extent
        })
        .fold(f32::INFINITY, f32::min);
    d + best + pixel_distance(a, b)
}

/// [`mask_distance`] of two halves' ink at one scale. Each half's ink is
/// shrunk once, by the factor its own short side asks for
/// ([`shrink_factor`]); one name whose ink is 24 pixels high on one edge
/// and 25 on another (the pixel grid, a descender's anti-aliased foot)
/// was shrunk by 1 there and by 2 here, no turn of the one matched the
/// other's size, and the two copies differed by the whole 1.0 (text 4x4
/// of seed 66: "PANDA Kopf" beside the left edge against it beside the
/// top, 1.04 apart, two names 0.5): so lines of text are shrunk again,
/// both by the larger factor.
fn pixel_distance(a: &Half, b: &Half) -> f32 {
    let (fa, fb) = (shrink_factor(&a.upright), shrink_factor(&b.upright));
    // Lines of text only (short sides up to twice the fine side): large
    // ink (a picture's half) has factors from 3 up, shrinking it again
    // for every pair cost an emoji 6x6 a third more time.
    if fa == fb || fa.max(fb) > 2 || a.upright.count == 0 || b.upright.count == 0 {
        return mask_distance(&a.turns[3], &b.turns);
    }
    // The coarser half's own turns are already at the larger factor: only
    // the finer one is shrunk again.
    if fa < fb {
        mask_distance(&turns_at(&a.upright, fb)[3], &b.turns)
    } else {
        mask_distance(&a.turns[3], &turns_at(&b.upright, fa))
    }
}

/// Share of ink pixels that differ between two ink pictures at full
/// resolution, under the best turn and a shift of at most a pixel: what
/// tells "ASTERIX UP" from "ASTERIX LOW" when the normalised crop cannot.
/// With grey levels on both, the share of ink by level ([`grey_overlap`]):
/// one name fallen a fraction of a pixel elsewhere on the grid then
/// differs by a little along its rims, not by whole thresholded pixels.
pub(crate) fn mask_distance(a: &Mask, turns: &[Mask]) -> f32 {
    let mut best = 1.0f32;
    for b in turns {
        let tolerance = 3 + a.w.max(a.h) / 12;
        if a.w.abs_diff(b.w) > tolerance || a.h.abs_diff(b.h) > tolerance {
            continue;
        }
        let grey = a.level.len() == a.on.len() && b.level.len() == b.on.len();
        let (sa, sb) = if grey {
            (level_sum(a), level_sum(b))
        } else {
            (a.count, b.count)
        };
        let total = (sa + sb).max(1) as f32;
        // Centres aligned, then shifted by up to a pixel each way.
        let (ox, oy) = ((a.w as i64 - b.w as i64) / 2, (a.h as i64 - b.h as i64) / 2);
        for dy in -1..=1i64 {
            for dx in -1..=1i64 {
                let (sx, sy) = (ox + dx, oy + dy);
                let both = if grey {
                    grey_overlap(a, b, (sx, sy))
                } else {
                    overlap(a, b, (sx, sy))
                };
                let differ = (sa + sb - 2 * both) as f32 / total;
                best = best.min(differ);
            }
        }
    }
    best
}

fn level_sum(m: &Mask) -> usize {
    m.level.iter().map(|&l| usize::from(l)).sum()
}

/// The ink `a` and `b` share by grey level when `b`'s pixel `(x, y)` is
/// laid on `a`'s `(x + sx, y + sy)`: the sum of the smaller level of each
/// two pixels, so that the levels' sums less twice this is the sum of
/// their differences.
fn grey_overlap(a: &Mask, b: &Mask, shift: (i64, i64)) -> usize {
    over_rows(a, b, &a.level, &b.level, shift, |p, q| u32::from(p.min(q)))
}

/// How many ink pixels of `b` land on ink of `a` when `b`'s pixel `(x, y)`
/// is laid on `a`'s `(x + sx, y + sy)`.
fn overlap(a: &Mask, b: &Mask, shift: (i64, i64)) -> usize {
    over_rows(a, b, &a.on, &b.on, shift, |p, q| u32::from(p & q))
}

/// `both` summed over the pixels of `b` (values `bv`) laid on those of
/// `a` (values `av`) as in [`overlap`]: the rows and columns where both
/// lie are worked out first, so the sum runs over slices without a test
/// per pixel (the names reading compares every two halves of a board).
/// A row is summed in `u32` (at most 255 a pixel, a row at most
/// [`super::halves::WORK`] pixels): the compiler keeps that sum in vector
/// registers, where a `usize` one took a quarter of a text 6x6's time.
fn over_rows<T: Copy>(
    a: &Mask,
    b: &Mask,
    av: &[T],
    bv: &[T],
    (sx, sy): (i64, i64),
    both: impl Fn(T, T) -> u32,
) -> usize {
    // The range of `b`'s coordinate whose shifted partner lies in `0..a_len`.
    let span = |b_len: usize, a_len: usize, s: i64| {
        let lo = (-s).clamp(0, b_len as i64) as usize;
        let hi = (a_len as i64 - s).clamp(0, b_len as i64) as usize;
        (lo, hi.max(lo))
    };
    let (x0, x1) = span(b.w, a.w, sx);
    let (y0, y1) = span(b.h, a.h, sy);
    if x0 == x1 || y0 == y1 {
        return 0;
    }
    let (ax0, ay0) = ((x0 as i64 + sx) as usize, (y0 as i64 + sy) as usize);
    let width = x1 - x0;
    (0..y1 - y0)
        .map(|r| {
            let bs = &bv[(y0 + r) * b.w + x0..][..width];
            let as_ = &av[(ay0 + r) * a.w + ax0..][..width];
            let row: u32 = bs.iter().zip(as_).map(|(&p, &q)| both(p, q)).sum();
            row as usize
        })
        .sum()
}

/// Index into a `GRID x GRID` crop turned `k` quarter turns counter-clockwise
/// of the cell that lands at index `i`.
fn turned_index(i: usize, k: usize) -> usize {
    let (x, y) = (i % GRID, i / GRID);
    let last = GRID - 1;
    let (sx, sy) = match k % 4 {
        0 => (x, y),
        1 => (last - y, x),
        2 => (last - x, last - y),
        _ => (y, last - x),
    };
    sy * GRID + sx
}

/// How sure a class of `members` is to hold one print: 1 − its widest
/// spread over its nearest stranger (a half `stranger` says is one), by
/// the halves' distances `dist`; 0 when no stranger is farther than 0.
pub(crate) fn sureness(
    dist: &[Vec<f32>],
    members: &[usize],
    stranger: impl Fn(usize) -> bool,
) -> f32 {
    let spread = members
        .iter()
        .flat_map(|&a| members.iter().map(move |&b| dist[a][b]))
        .fold(0.0f32, f32::max);
    let nearest = members
        .iter()
        .flat_map(|&a| {
            (0..dist.len())
                .filter(|&b| stranger(b))
                .map(move |b| dist[a][b])
        })
        .fold(f32::INFINITY, f32::min);
    if nearest.is_finite() && nearest > 0.0 {
        (1.0 - spread / nearest).clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// The classes found: each half's class, and per class its members and how
/// sure the cut is about it.
#[derive(Clone, Debug)]
pub struct Classes {
    /// Class of half `4 * tile + side`.
    pub of: Vec<usize>,
    /// Members of each class; after an odd cut `infer` adds one without
    /// members, the half of a picture that no tile shows.
    pub members: Vec<Vec<usize>>,
    /// Per class, 0..1: 1 when its members are much closer to each other than
    /// to any other half.
    pub confidence: Vec<f32>,
    /// How clearly the cut stands out: the jump in merge distance at it
    /// (the next merge's distance over the last one's, as the cut weighs
    /// it; at least [`CLEAR_GAP`] for a cut that stands out clearly).
    pub gap: f32,
    /// The largest jump among the cuts just finer than this one (up to
    /// [`FINER`] more classes, odd counts too): [`MIN_GAP`] or more there
    /// means a finer cut stood out as well, and a class may hold two prints
    /// that look alike (a symbol's two halves, as alike as copies once JPEG
    /// is discounted).
    pub finer: f32,
    /// The classes whose members fall into two groups that look clearly
    /// different ([`merged`]): two prints taken for one.
    pub two_prints: Vec<usize>,
}

impl Classes {
    /// The least confidence of a class with members (the blank class of an
    /// odd cut, which has none, is not a cut's doing).
    pub(crate) fn least_sure(&self) -> f32 {
        self.members
            .iter()
            .zip(&self.confidence)
            .filter(|(m, _)| !m.is_empty())
            .map(|(_, &k)| k)
            .fold(1.0f32, f32::min)
    }

    /// Four classes of a 2x2 board, each `sure`, cut clearly: the decision
    /// tests' board.
    #[cfg(test)]
    pub(crate) fn two_by_two(sure: f32) -> Classes {
        let of = vec![0, 2, 2, 0, 2, 2, 1, 0, 0, 1, 3, 3, 3, 1, 1, 3];
        let mut members = vec![Vec::new(); 4];
        for (h, &c) in of.iter().enumerate() {
            members[c].push(h);
        }
        Classes {
            of,
            members,
            confidence: vec![sure; 4],
            gap: 5.0,
            finer: 1.0,
            two_prints: Vec::new(),
        }
    }
}

/// The smallest jump in merge distance that counts as two prints looking
/// different; below it the pictures do not decide.
pub(crate) const MIN_GAP: f32 = 1.5;
/// How many cuts finer than the chosen one [`Classes::finer`] looks at.
const FINER: usize = 4;
/// Added to merge distances before comparing them, so that jumps between
/// tiny distances (pixel noise) do not count as large. Copies of one corpus
/// name printed at different places differ by up to about 0.025 (the pixel
/// grid), two long names one digit apart ("WOMAN GREEN 1"/"… 2") by 0.11: at
/// 0.1 that jump counted only 1.7 times, not clear, and the two fell into one
/// class. 0.03 to 0.07 all give the same corpus result.
const GAP_FLOOR: f32 = 0.05;
/// A jump this large marks a real split even when a later one is larger.
pub(crate) const CLEAR_GAP: f32 = 1.9;

/// Cuts the halves into classes, an even number of them unless `odd`, or
/// says why not (the tests' shorthand: the readings ask for a least count).
#[cfg(test)]
pub(crate) fn cluster(dist: &[Vec<f32>], odd: bool) -> Result<Classes, String> {
    cluster_into(dist, odd, 2)
}

/// Cuts the halves into at least `fewest` classes, an even number of
/// them unless `odd`, or says why not.
pub(crate) fn cluster_into(dist: &[Vec<f32>], odd: bool, fewest: usize) -> Result<Classes, String> {
    let ladder = Ladder::new(dist);
    let cut = ladder.cut(odd, fewest)?;
    ladder.debug_cut("art", cut);
    Ok(ladder.classes(dist, cut))
}

/// The even cuts into at least `fewest` classes, finer than a cut into
/// `than` classes when there is one, whose jump is at least `least`:
/// finest first, at most `most` ([`super::recut`]).
pub(crate) fn finer_cuts(
    dist: &[Vec<f32>],
    than: Option<usize>,
    (fewest, least, most): (usize, f32, usize),
) -> Vec<Classes> {
    cuts_where(dist, most, |count, gap| {
        count >= fewest && count.is_multiple_of(2) && than.is_none_or(|t| count > t) && gap >= least
    })
}

/// The odd cuts into at least `fewest` classes whose jump is at least
/// `least`: finest first, at most `most` ([`super::recut`] splits a class
/// of one of them that holds a picture's two halves).
pub(crate) fn odd_cuts(
    dist: &[Vec<f32>],
    (fewest, least, most): (usize, f32, usize),
) -> Vec<Classes> {
    cuts_where(dist, most, |count, gap| {
        count >= fewest && !count.is_multiple_of(2) && gap >= least
    })
}

/// The cuts whose count of classes and jump `keep` takes, finest first, at
/// most `most`.
fn cuts_where(dist: &[Vec<f32>], most: usize, keep: impl Fn(usize, f32) -> bool) -> Vec<Classes> {
    let ladder = Ladder::new(dist);
    let n = dist.len();
    (0..ladder.heights.len().saturating_sub(1))
        .filter(|&i| keep(n - 1 - i, ladder.gap(i)))
        .take(most)
        .map(|i| ladder.classes(dist, i))
        .collect()
}

/// [`cluster`]'s classes, then the coarser cuts that also stand out
/// clearly (more than one picture's two classes), finest first: what to
/// try when the finest clear cut pairs into nothing that solves. Copies of
/// one name printed alike are 0 apart, the same name turned with another
/// edge a few hundredths; that step from 0 counts as a clear jump and cuts
/// the copies of one name into a class per edge.
pub(crate) fn cluster_then_coarser(dist: &[Vec<f32>], odd: bool) -> Result<Vec<Classes>, String> {
    let ladder = Ladder::new(dist);
    let cut = ladder.cut(odd, 2)?;
    ladder.debug_cut("names", cut);
    let n = dist.len();
    let mut cuts = vec![cut];
    cuts.extend(
        (cut + 1..ladder.heights.len().saturating_sub(1)).filter(|&i| {
            let count = n - 1 - i;
            count > 2 && (odd || count.is_multiple_of(2)) && ladder.gap(i) >= CLEAR_GAP
        }),
    );
    Ok(cuts.into_iter().map(|c| ladder.classes(dist, c)).collect())
}

mod ladder;
pub(crate) mod merged;
#[cfg(test)]
mod tests;
