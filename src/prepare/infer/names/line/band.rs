//! A tile's middle band read as ink, and the whole copies laid over it
//! ([`super::explain`]): apart from line.rs, which decides which lines are
//! read and what becomes of their halves.

use super::{
    BAND, CLEARLY, CLEARLY_BY, DIAGONAL, EDGE, EXPLAINED, FREE, STRETCH, STRETCH_INK, WORST,
};
use crate::prepare::infer::halves::{Half, Mask, Work, WORK};
use std::ops::{Range, RangeInclusive};

/// The ink of a tile's middle band, in the tile's own frame: columns
/// `EDGE..WORK - EDGE`, rows `WORK / 2 - BAND..WORK / 2 + BAND`.
pub(super) struct Band {
    w: usize,
    h: usize,
    ink: Vec<f32>,
    /// Read: not on a diagonal.
    care: Vec<bool>,
    /// Ink twice the ink rule from the ground: the card's light grey
    /// diagonals are not, the number and the names are.
    dark: Vec<bool>,
    /// The columns from the first inked one to the last.
    span: RangeInclusive<usize>,
}

/// Where a copy is laid in a band: its top-left pixel, and how much of its
/// ink finds none under it (a share of its ink).
#[derive(Clone, Copy)]
pub(super) struct Laid {
    x: i64,
    y: i64,
    missing: f32,
}

impl Band {
    pub(super) fn read(work: &Work, ground: [f32; 3]) -> Band {
        let (w, h) = (WORK - 2 * EDGE, 2 * BAND);
        let bright = (ground[0] + ground[1] + ground[2]) / 3.0;
        // The names reading's ink rule (`halves::describe_side`) for a
        // clean ground.
        let threshold = (bright * 0.55).clamp(30.0, 60.0);
        let mut ink = vec![0.0f32; w * h];
        let mut care = vec![true; w * h];
        let mut dark = vec![false; w * h];
        for y in 0..h {
            for x in 0..w {
                let (tx, ty) = (x + EDGE, y + WORK / 2 - BAND);
                let c = work.at(1, tx, ty);
                let d = (0..3)
                    .map(|i| (c[i] - ground[i]).powi(2))
                    .sum::<f32>()
                    .sqrt();
                ink[y * w + x] = ((d - threshold * 0.5) / threshold).clamp(0.0, 1.0);
                dark[y * w + x] = d >= 2.0 * threshold;
                care[y * w + x] =
                    tx.abs_diff(ty) > DIAGONAL && (tx + ty).abs_diff(WORK - 1) > DIAGONAL;
            }
        }
        let mut band = Band {
            w,
            h,
            ink,
            care,
            dark,
            span: 0..=0,
        };
        band.span = band.ink_span();
        band
    }

    /// The columns from the band's first inked column to its last.
    fn ink_span(&self) -> RangeInclusive<usize> {
        let first = (0..self.w).find(|&x| self.inked(x, 0..self.h));
        let last = (0..self.w).rev().find(|&x| self.inked(x, 0..self.h));
        first.unwrap_or(0)..=last.unwrap_or(self.w)
    }

    pub(super) fn inked(&self, x: usize, rows: Range<usize>) -> bool {
        rows.into_iter()
            .any(|y| self.care[y * self.w + x] && self.ink[y * self.w + x] > 0.5)
    }

    /// The pair of whole copies (half indices) that explains the line of
    /// tile `tile` clearly better than every pair of other names, or none.
    pub(super) fn explained(
        &self,
        whole: &[usize],
        name: &[usize],
        halves: &[Half],
        reach: usize,
        tile: usize,
    ) -> Option<(usize, usize)> {
        let rows = 0..self.h;
        let first = (0..FREE - EDGE).find(|&x| self.inked(x, rows.clone()))?;
        let last = (self.w - (FREE - EDGE)..self.w)
            .rev()
            .find(|&x| self.inked(x, rows.clone()))?;
        // Per name, its best-laid copy at each end.
        let mut left: Vec<Option<(usize, Laid)>> = vec![None; whole.len()];
        let mut right = left.clone();
        for (k, &h) in whole.iter().enumerate() {
            let m = &halves[h].upright;
            if m.w > self.w {
                continue;
            }
            let at_left = self.lay(m, first as i64, true);
            let at_right = self.lay(m, last as i64 + 1 - m.w as i64, false);
            for (best, laid) in [
                (&mut left[name[k]], at_left),
                (&mut right[name[k]], at_right),
            ] {
                if best.is_none_or(|(_, b)| laid.missing < b.missing) {
                    *best = Some((h, laid));
                }
            }
        }
        let out = |x: usize| x + EDGE + reach < WORK / 2 || x + EDGE > WORK / 2 + reach;
        let laid = |side: &[Option<(usize, Laid)>]| -> Vec<Option<(&Mask, Laid)>> {
            side.iter()
                .map(|c| c.map(|(h, l)| (&halves[h].upright, l)))
                .collect()
        };
        let mut scored = self.shares(&laid(&left), &laid(&right), &out);
        scored.sort_by(|x, y| x.0.total_cmp(&y.0));
        let (best, i, j) = *scored.first()?;
        // How badly the worst stretch of a pair is explained: for the best
        // pair, and for the rivals close enough to matter.
        let worst_of = |i: usize, j: usize| match (left[i], right[j]) {
            (Some((ha, la)), Some((hb, lb))) => {
                self.disagreement(&halves[ha].upright, la, &halves[hb].upright, lb, &out)
                    .1
            }
            _ => 1.0,
        };
        let worst = worst_of(i, j);
        let clear = |next: f32| next >= CLEARLY * best && next >= best + CLEARLY_BY;
        let rival = plausible_rival(&scored, worst, clear, |s| worst_of(s.1, s.2));
        let next = rival.map_or(1.0, |s| s.0);
        let second = rival.map(|s| (left[s.1].map(|l| l.0), right[s.2].map(|r| r.0)));
        let ok = best < EXPLAINED
            && worst < WORST
            && next >= CLEARLY * best
            && next >= best + CLEARLY_BY;

        if std::env::var_os("UNSCRAMBLE_INFER_DEBUG_NAMES").is_some() {
            eprintln!(
                "DEBUG line tile {}: halves {:?} + {:?}, disagreement {best:.3} (worst {worst:.3}), next {next:.3} {second:?}{}",
                tile + 1,
                left[i].map(|l| l.0),
                right[j].map(|r| r.0),
                if ok { ", explained" } else { "" }
            );
        }
        ok.then(|| Some((left[i]?.0, right[j]?.0))).flatten()
    }

    /// Lays `m` with its first column at `x` (`from_left`) or its last at
    /// `x + m.w - 1`, at the rows whose ink profile fits it best near that
    /// end, then within two pixels each way where least of its ink finds
    /// none under it.
    pub(super) fn lay(&self, m: &Mask, x: i64, from_left: bool) -> Laid {
        let k = m.w.min(FREE - EDGE);
        let cols: Vec<usize> = if from_left {
            (0..k).collect()
        } else {
            (m.w - k..m.w).collect()
        };
        let level = |mx: usize, my: usize| f32::from(m.level[my * m.w + mx]) / 255.0;
        let theirs: Vec<f32> = (0..m.h)
            .map(|y| cols.iter().map(|&c| level(c, y)).sum())
            .collect();
        let ours: Vec<f32> = (0..self.h)
            .map(|y| {
                cols.iter()
                    .map(|&c| self.at(x + c as i64, y as i64).0)
                    .sum()
            })
            .collect();
        let top = (0..=self.h.saturating_sub(m.h))
            .max_by(|&a, &b| {
                let fit = |y0: usize| (0..m.h).map(|r| theirs[r].min(ours[y0 + r])).sum::<f32>();
                fit(a).total_cmp(&fit(b))
            })
            .unwrap_or(0) as i64;
        let total: f32 = m
            .level
            .iter()
            .map(|&l| f32::from(l) / 255.0)
            .sum::<f32>()
            .max(1e-3);
        let mut best = Laid {
            x,
            y: top,
            missing: f32::INFINITY,
        };
        for dy in -2..=2i64 {
            for dx in -2..=2i64 {
                let (lx, ly) = (x + dx, top + dy);
                let mut missing = 0.0;
                for my in 0..m.h {
                    for mx in 0..m.w {
                        let p = level(mx, my);
                        let (o, care) = self.at(lx + mx as i64, ly + my as i64);
                        if care {
                            missing += (p - o).max(0.0);
                        }
                    }
                }
                if missing / total < best.missing {
                    best = Laid {
                        x: lx,
                        y: ly,
                        missing: missing / total,
                    };
                }
            }
        }
        best
    }

    /// The band's ink at `(x, y)` and whether it is read; off the band, no
    /// ink, read.
    pub(super) fn at(&self, x: i64, y: i64) -> (f32, bool) {
        if x < 0 || y < 0 || x >= self.w as i64 || y >= self.h as i64 {
            return (0.0, true);
        }
        let i = y as usize * self.w + x as usize;
        (self.ink[i], self.care[i])
    }

    /// How badly `a` laid at `la` and `b` at `lb` (ink where either has
    /// ink) explain the band: ink they lay where the band has none, and ink
    /// of the band they leave unexplained in the columns `out` says are
    /// not the number's, over all the ink of both.
    pub(super) fn disagreement(
        &self,
        a: &Mask,
        la: Laid,
        b: &Mask,
        lb: Laid,
        out: &dyn Fn(usize) -> bool,
    ) -> (f32, f32) {
        let (wrong, total): (Vec<f32>, Vec<f32>) = (0..self.w)
            .map(|x| self.column(x, [Some((a, la)), Some((b, lb))], out(x)))
            .unzip();
        // Stretches lie within the line's own ink: one hanging past its
        // end holds a sliver of the last letter, where a copy laid a pixel
        // off leaves a third of the little ink there unexplained (text 6x6
        // of seed 132: 0.32 at the end of "TIGER BOTTOM", its right copy).
        let lies = self.span.clone();
        let worst = wrong
            .windows(STRETCH)
            .zip(total.windows(STRETCH))
            .enumerate()
            .filter(|(x, _)| lies.contains(x) && lies.contains(&(x + STRETCH - 1)))
            .map(|(_, s)| s)
            .filter(|(_, t)| t.iter().sum::<f32>() >= STRETCH_INK)
            .map(|(w, t)| share(w, t))
            .fold(0.0f32, f32::max);
        (share(&wrong, &total), worst)
    }
}

/// The best pair after the first of `scored` (sorted by disagreement)
/// that could itself explain the line as far as its stretches go, the
/// first pair's worst stretch being `worst`; `worst_of` gives a pair's
/// worst stretch. A pair disagreeing by [`WORST`] or more in some stretch,
/// and [`RIVAL_APART`] times as much as the first pair there, is another
/// name in those letters, as the first pair would be refused for it.
/// Where the number hides the start of a name, a copy of another name
/// sharing its end ("OWL BOTTOM" for "Biene BOTTOM" behind a "1")
/// disagrees with the line only in those few letters, barely more over
/// the whole line (text 6x6 of seed 132: 0.054 against 0.036), but wholly
/// in their stretch (0.58 against 0.14). The search stops at the first
/// pair that is `clear`ly worse than the first whatever its stretches:
/// the stretches of the pairs behind it change nothing, and each costs a
/// pass over the band.
pub(super) fn plausible_rival<T: Copy>(
    scored: &[(f32, T, T)],
    worst: f32,
    clear: impl Fn(f32) -> bool,
    worst_of: impl Fn(&(f32, T, T)) -> f32,
) -> Option<(f32, T, T)> {
    let other_name = |w: f32| w >= WORST && w >= RIVAL_APART * worst;
    scored
        .iter()
        .skip(1)
        .find(|s| clear(s.0) || !other_name(worst_of(s)))
        .copied()
}

/// How many times the first pair's worst stretch a rival's must be to be
/// another name there. Copies laid a pixel off, or blurred by resampling,
/// reach 0.26 in a stretch; a wrong name shown by the line laid over its
/// copy at 0.33 beside a right one at 0.10.
const RIVAL_APART: f32 = 2.0;

#[path = "centre.rs"]
mod centre;
#[path = "columns.rs"]
mod columns;
use columns::share;
