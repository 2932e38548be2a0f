//! Every two names laid over a band, weighed column by column: the sums of
//! [`Band::disagreement`] without walking the whole band once per pair.
//!
//! A column's share of the disagreement depends only on the copies laid
//! across that column. Where only the left name's copy lies, it is that
//! copy's own, the same whichever name lies at the right end; where
//! neither lies, it is the band's. So each copy's columns are worked out
//! once, and per pair only the columns both copies cover (where the names
//! meet, a few) are walked. Every column is summed as the whole walk sums
//! it, row by row, and the columns in their order: the same floats to the
//! bit. The whole walk was half the CPU of a text 6x6 (every two of 86
//! names on each of 36 tiles; docs/infer-journal.md, "Speed, 2026-11-27:
//! the orders share what they searched").

use super::{Band, Laid};
use crate::prepare::infer::halves::Mask;
use std::ops::Range;

/// A copy laid in a band: its mask and where.
type Copy<'a> = Option<(&'a Mask, Laid)>;

/// `w` over `t` summed, as a share of the ink.
pub(super) fn share(w: &[f32], t: &[f32]) -> f32 {
    w.iter().sum::<f32>() / t.iter().sum::<f32>().max(1e-3)
}

impl Band {
    /// Column `x`'s ink laid wrong and ink in all (see
    /// [`Band::disagreement`]) with the copies `laid` (the left name's and
    /// the right one's, either left out): `counted`, whether the band's own
    /// ink counts there (not the number's column).
    pub(super) fn column(&self, x: usize, laid: [Copy; 2], counted: bool) -> (f32, f32) {
        let at = |c: Copy, y: usize| -> f32 {
            let Some((m, l)) = c else { return 0.0 };
            let (mx, my) = (x as i64 - l.x, y as i64 - l.y);
            if mx < 0 || my < 0 || mx >= m.w as i64 || my >= m.h as i64 {
                0.0
            } else {
                f32::from(m.level[my as usize * m.w + mx as usize]) / 255.0
            }
        };
        let (mut wrong, mut total) = (0.0f32, 0.0f32);
        for y in 0..self.h {
            let i = y * self.w + x;
            if !self.care[i] {
                continue;
            }
            let p = at(laid[0], y).max(at(laid[1], y));
            let o = self.ink[i];
            wrong += (p - o).max(0.0) + if counted { (o - p).max(0.0) } else { 0.0 };
            total += p + if counted { o } else { 0.0 };
        }
        (wrong, total)
    }

    /// The columns a copy covers (cut to the band).
    fn covers(&self, c: Copy) -> Range<usize> {
        c.map_or(0..0, |(m, l)| {
            let lo = l.x.clamp(0, self.w as i64) as usize;
            let hi = (l.x + m.w as i64).clamp(0, self.w as i64) as usize;
            lo..hi.max(lo)
        })
    }

    /// [`Band::disagreement`]'s first figure for every name laid at the
    /// left end (`left`) with every one laid at the right end (`right`),
    /// each with the two names' indices, left name by left name.
    pub(super) fn shares(
        &self,
        left: &[Copy],
        right: &[Copy],
        out: &dyn Fn(usize) -> bool,
    ) -> Vec<(f32, usize, usize)> {
        let counted: Vec<bool> = (0..self.w).map(out).collect();
        let bare: Vec<(f32, f32)> = (0..self.w)
            .map(|x| self.column(x, [None, None], counted[x]))
            .collect();
        let own = |c: Copy, slot: usize| -> Vec<(f32, f32)> {
            self.covers(c)
                .map(|x| {
                    let mut laid = [None, None];
                    laid[slot] = c;
                    self.column(x, laid, counted[x])
                })
                .collect()
        };
        let lefts: Vec<Vec<(f32, f32)>> = left.iter().map(|&c| own(c, 0)).collect();
        let rights: Vec<Vec<(f32, f32)>> = right.iter().map(|&c| own(c, 1)).collect();
        let (mut wrong, mut total) = (vec![0.0f32; self.w], vec![0.0f32; self.w]);
        let mut scored = Vec::new();
        for (i, &a) in left.iter().enumerate() {
            for (j, &b) in right.iter().enumerate() {
                if a.is_none() || b.is_none() {
                    continue;
                }
                let (ca, cb) = (self.covers(a), self.covers(b));
                for x in 0..self.w {
                    let (w, t) = match (ca.contains(&x), cb.contains(&x)) {
                        (true, true) => self.column(x, [a, b], counted[x]),
                        (true, false) => lefts[i][x - ca.start],
                        (false, true) => rights[j][x - cb.start],
                        (false, false) => bare[x],
                    };
                    wrong[x] = w;
                    total[x] = t;
                }
                scored.push((share(&wrong, &total), i, j));
            }
        }
        scored
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A random mask of `w` by `h` with grey levels, some pixels off.
    fn mask(next: &mut impl FnMut() -> u32, w: usize, h: usize) -> Mask {
        let level: Vec<u8> = (0..w * h)
            .map(|_| {
                if next().is_multiple_of(3) {
                    0
                } else {
                    (next() % 256) as u8
                }
            })
            .collect();
        let on: Vec<bool> = level.iter().map(|&l| l > 0).collect();
        let count = on.iter().filter(|&&b| b).count();
        Mask {
            w,
            h,
            on,
            count,
            level,
        }
    }

    /// The disagreement as it was first taken: the whole band walked per
    /// pair, column by column.
    fn walked(
        band: &Band,
        (a, la): (&Mask, Laid),
        (b, lb): (&Mask, Laid),
        out: &dyn Fn(usize) -> bool,
    ) -> f32 {
        let laid = |m: &Mask, l: Laid, x: usize, y: usize| -> f32 {
            let (mx, my) = (x as i64 - l.x, y as i64 - l.y);
            if mx < 0 || my < 0 || mx >= m.w as i64 || my >= m.h as i64 {
                0.0
            } else {
                f32::from(m.level[my as usize * m.w + mx as usize]) / 255.0
            }
        };
        let (mut wrong, mut total) = (vec![0.0f32; band.w], vec![0.0f32; band.w]);
        for x in 0..band.w {
            for y in 0..band.h {
                let i = y * band.w + x;
                if !band.care[i] {
                    continue;
                }
                let p = laid(a, la, x, y).max(laid(b, lb, x, y));
                let o = band.ink[i];
                let counted = out(x);
                wrong[x] += (p - o).max(0.0) + if counted { (o - p).max(0.0) } else { 0.0 };
                total[x] += p + if counted { o } else { 0.0 };
            }
        }
        share(&wrong, &total)
    }

    #[test]
    fn the_pairs_by_columns_are_the_whole_walks_to_the_bit() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 32) as u32
        };
        let (w, h) = (120, 30);
        for round in 0..8 {
            let band = Band {
                w,
                h,
                ink: (0..w * h).map(|_| (next() % 1000) as f32 / 999.0).collect(),
                care: (0..w * h).map(|_| !next().is_multiple_of(7)).collect(),
                dark: vec![false; w * h],
                span: 0..=w - 1,
            };
            // Copies of several widths, laid at the ends, off the band's
            // edge, and across each other in the middle.
            let masks: Vec<Mask> = (0..5)
                .map(|k| mask(&mut next, 20 + 17 * k + round, 10 + k))
                .collect();
            let place = |x: i64, y: i64| Laid { x, y, missing: 0.0 };
            let left: Vec<Copy> = masks
                .iter()
                .enumerate()
                .map(|(k, m)| (k != 2).then(|| (m, place(k as i64 * 9 - 4, k as i64 - 2))))
                .collect();
            let right: Vec<Copy> = masks
                .iter()
                .enumerate()
                .map(|(k, m)| Some((m, place(w as i64 - m.w as i64 + 3 - 11 * k as i64, 1))))
                .collect();
            let out = |x: usize| !(50..60).contains(&x);
            let shares = band.shares(&left, &right, &out);
            assert_eq!(shares.len(), 4 * 5);
            for (s, i, j) in shares {
                let (a, b) = (left[i].expect("laid"), right[j].expect("laid"));
                let whole = walked(&band, a, b, &out);
                assert_eq!(s.to_bits(), whole.to_bits(), "{i} {j}");
                let now = band.disagreement(a.0, a.1, b.0, b.1, &out).0;
                assert_eq!(now.to_bits(), whole.to_bits(), "{i} {j}");
            }
        }
    }
}
