//! Each tile's own plain ground brought to one ground for the whole puzzle,
//! before the pictures reading reads its halves.
//!
//! Some puzzles print every tile on its own plain ground: a pale pink
//! tile, a pale green one, a pale blue one (`scripts/clipart-styles.py`'s
//! `things`). A half and its copy on another tile then sit on other
//! colours, and so do the pixels where the drawing blends into its ground
//! (its anti-aliased rim, its translucent shadow) and the seam strips'
//! ground: copies that were pixel for pixel alike on one ground lay 0.15 to
//! 0.45 apart, as far as the two halves of one picture, and the halves
//! fell into classes by tile (docs/infer-journal.md, "Each tile on its own
//! plain ground").
//!
//! So each such tile's ground is moved to the puzzle's one ground: every
//! pixel by the difference of the two grounds times how much of the
//! pixel is ground ([`blend`]): all of it where the pixel (its 3x3
//! neighbourhood's mean, so that a scan's noise does not decide) lies on
//! the tile's ground, its share along the drawing's rim and under its
//! shadow, none elsewhere. The drawing keeps its colours, a pale one too.
//! Puzzles whose tiles share one ground (or show none) are read as they
//! are, to the bit.

use super::{Work, WORK};
use crate::prepare::infer::looks;
use std::borrow::Cow;

mod blend;

/// The least median distance (RGB) of the tiles' grounds from the
/// puzzle's one ground for them to count as grounds of their own: one
/// ground after JPEG's colour shifts or a lamp's fall-off (evened first)
/// stays well under it; `things`' grounds lie about 22 from their median.
const OWN_GROUNDS: f32 = 10.0;
/// A pixel whose neighbourhood lies within this (RGB) of its tile's ground,
/// beyond twice the ground's own scatter, is ground, moved in full.
const ON_GROUND: f32 = 8.0;
/// The ground's scatter is measured on the pixels this near it (RGB).
const SCATTER_WITHIN: f32 = 36.0;
/// How far (working pixels, a square) a drawing's blended rim reaches
/// from its ground: two or three pixels once the tile is resampled.
const REACH: usize = 3;

/// The tiles with their plain grounds brought to one, when most of them
/// show a plain ground ([`looks::plain_ground`]) and those grounds differ
/// ([`OWN_GROUNDS`]); otherwise the tiles themselves. `varying`: the
/// tiles whose ground changes across them ([`looks::Field`]), left alone.
pub(crate) fn common<'a>(tiles: &'a [Work], varying: &[bool]) -> Cow<'a, [Work]> {
    let grounds: Vec<Option<[f32; 3]>> = tiles
        .iter()
        .zip(varying)
        .map(|(t, &v)| if v { None } else { ground(t) })
        .collect();
    let found: Vec<[f32; 3]> = grounds.iter().flatten().copied().collect();
    if found.len() * 2 <= tiles.len() {
        return Cow::Borrowed(tiles);
    }
    let one: [f32; 3] = std::array::from_fn(|c| median(found.iter().map(|g| g[c])));
    let spread = median(found.iter().map(|&g| dist(g, one)));
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG_GROUNDS").is_some() {
        eprintln!(
            "GROUNDS {} of {} tiles plain, one ground {one:?}, median distance {spread:.1}",
            found.len(),
            tiles.len()
        );
    }
    if spread < OWN_GROUNDS {
        return Cow::Borrowed(tiles);
    }
    let mut out = tiles.to_vec();
    for (tile, g) in out.iter_mut().zip(&grounds) {
        if let Some(g) = g {
            move_ground(tile, *g, one);
        }
    }
    Cow::Owned(out)
}

/// The tile's plain ground in sRGB, if the looks see one
/// ([`looks::plain_ground`]) and it is plain indeed: the median of the
/// pixels they read it on (each its 3x3 neighbourhood's mean), when half
/// of them lie within [`PLAIN`] of it. A wood's grain lies 15 to 20 from
/// its median so (the photo crops' woods, another on every tile, whose
/// crops read worse moved to one wood); a plain ground under a scan's
/// noise 6 at most.
fn ground(tile: &Work) -> Option<[f32; 3]> {
    looks::plain_ground(tile)?;
    let probes: Vec<[f32; 3]> = looks::diagonal_points()
        .into_iter()
        .map(|(x, y)| {
            let mut s = [0.0f32; 3];
            let (xs, ys) = (
                x.saturating_sub(1)..=(x + 1).min(WORK - 1),
                y.saturating_sub(1)..=(y + 1).min(WORK - 1),
            );
            let n = (xs.clone().count() * ys.clone().count()) as f32;
            for yy in ys {
                for xx in xs.clone() {
                    let p = tile.px[yy * WORK + xx];
                    (0..3).for_each(|c| s[c] += p[c] / n);
                }
            }
            s
        })
        .collect();
    let g: [f32; 3] = std::array::from_fn(|c| median(probes.iter().map(|p| p[c])));
    (median(probes.iter().map(|&p| dist(p, g))) <= PLAIN).then_some(g)
}

/// See [`ground`].
const PLAIN: f32 = 8.0;

/// Moves `tile`'s ground `from` to `to`, each pixel by how much of it is
/// ground (see the module's comment).
fn move_ground(tile: &mut Work, from: [f32; 3], to: [f32; 3]) {
    let mean = smoothed(&tile.px);
    // The ground's own scatter (a scan's noise, JPEG) in the smoothed
    // tile: the median distance of the pixels near the ground.
    let close: Vec<f32> = mean
        .iter()
        .map(|&p| dist(p, from))
        .filter(|&d| d < SCATTER_WITHIN)
        .collect();
    let scatter = if close.len() > WORK {
        median(close.into_iter())
    } else {
        0.0
    };
    let full = ON_GROUND + 2.0 * scatter;
    let on: Vec<bool> = mean.iter().map(|&m| dist(m, from) <= full).collect();
    let beside = near(&on);
    let drawing = farthest(&tile.px, from);
    let shades = blend::shadows(&mean, &on, from, scatter);
    let shift: [f32; 3] = std::array::from_fn(|c| to[c] - from[c]);
    let drawn = tile.px.clone();
    for (i, p) in tile.px.iter_mut().enumerate() {
        let k = if on[i] {
            1.0
        } else if beside[i] {
            let f = drawn[drawing[i] as usize];
            (1.0 - blend::drawing(*p, from, f, full)).max(shades[i])
        } else {
            shades[i]
        };
        if k > 0.0 {
            *p = std::array::from_fn(|c| (p[c] + k * shift[c]).clamp(0.0, 255.0));
        }
    }
}

/// Each pixel's 3x3 neighbourhood's mean (cut to the tile), so that a
/// scan's noise does not decide what is ground.
fn smoothed(px: &[[f32; 3]]) -> Vec<[f32; 3]> {
    window(
        px,
        1,
        (
            || [0.0f32; 3],
            |s: &mut [f32; 3], p: [f32; 3]| (0..3).for_each(|c| s[c] += p[c]),
        ),
        |s, n| s.map(|v| v / n as f32),
    )
}

/// Whether any pixel within [`REACH`] is ground (`on`): the rim a drawing
/// may blend into the ground on.
fn near(on: &[bool]) -> Vec<bool> {
    window(
        on,
        REACH,
        (|| false, |a: &mut bool, b: bool| *a |= b),
        |a, _| a,
    )
}

/// Per pixel, the pixel within [`REACH`] farthest from the ground `from`:
/// the drawing a rim pixel blends into its ground. Of equally far ones the
/// last in the window's order, as `Iterator::max_by` picks.
fn farthest(px: &[[f32; 3]], from: [f32; 3]) -> Vec<u32> {
    // Each pixel carries its distance with it, so that a window compares
    // what it holds instead of looking it up.
    let far: Vec<(f32, u32)> = px
        .iter()
        .enumerate()
        .map(|(i, &p)| (dist2(p, from), i as u32))
        .collect();
    let keep = |best: &mut Option<(f32, u32)>, v: (f32, u32)| match *best {
        Some(b) if b.0.total_cmp(&v.0).is_gt() => {}
        _ => *best = Some(v),
    };
    window(&far, REACH, (|| None, keep), |best, _| {
        best.unwrap_or((0.0, 0))
    })
    .into_iter()
    .map(|(_, i)| i)
    .collect()
}

/// Each pixel's square neighbourhood of `reach` pixels each way (cut to
/// the tile) folded along the rows, then the row results folded along
/// the columns: `start` and `step` fold a window's values in their order,
/// `finish` makes the fold and the window's length one value. Monomorphic
/// and without a buffer: it runs on every pixel of each moved tile, and a
/// call through `dyn Fn` with a gathered window per pixel cost 26 ms a
/// tile (docs/infer-journal.md, "Each tile on its own plain ground").
fn window<T: Copy, A>(
    src: &[T],
    reach: usize,
    (start, step): (impl Fn() -> A, impl Fn(&mut A, T)),
    finish: impl Fn(A, usize) -> T,
) -> Vec<T> {
    let span = |i: usize| (i.saturating_sub(reach), (i + reach).min(WORK - 1));
    let mut rows = Vec::with_capacity(WORK * WORK);
    for y in 0..WORK {
        let line = &src[y * WORK..(y + 1) * WORK];
        for x in 0..WORK {
            let (lo, hi) = span(x);
            let mut a = start();
            line[lo..=hi].iter().for_each(|&v| step(&mut a, v));
            rows.push(finish(a, hi + 1 - lo));
        }
    }
    let mut out = Vec::with_capacity(WORK * WORK);
    for y in 0..WORK {
        let (lo, hi) = span(y);
        for x in 0..WORK {
            let mut a = start();
            (lo..=hi).for_each(|k| step(&mut a, rows[k * WORK + x]));
            out.push(finish(a, hi + 1 - lo));
        }
    }
    out
}

fn dist(a: [f32; 3], b: [f32; 3]) -> f32 {
    super::dist(a, b)
}

fn dist2(a: [f32; 3], b: [f32; 3]) -> f32 {
    (0..3).map(|c| (a[c] - b[c]).powi(2)).sum()
}

fn median(v: impl Iterator<Item = f32>) -> f32 {
    super::middle(&mut v.collect::<Vec<_>>()).unwrap_or(0.0)
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod window_tests;
