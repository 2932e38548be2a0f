//! Where the side names lie in a tile's middle band, and whether one ran
//! into the card's number ([`Band::number_reach`]): apart from band.rs,
//! which lays whole copies over the band.

use super::super::{Centre, BAND, EDGE, FREE, RIM, SEED, TOUCHING};
use super::Band;
use crate::prepare::infer::halves::WORK;
use std::ops::Range;

impl Band {
    /// The rows the side names take up: those with ink within [`FREE`] of
    /// either side, where nothing but a side name lies (a stray speck, one
    /// pixel in a row, is not a name); none when neither side has a name.
    pub(in crate::prepare::infer::names::line) fn line_rows(&self) -> Option<Range<usize>> {
        let zone = (0..FREE - EDGE).chain(self.w - (FREE - EDGE)..self.w);
        let named = |y: usize| {
            zone.clone()
                .filter(|&x| self.care[y * self.w + x] && self.ink[y * self.w + x] > 0.5)
                .nth(1)
                .is_some()
        };
        let first = (0..self.h).find(|&y| named(y))?;
        let last = (0..self.h).rev().find(|&y| named(y))?;
        Some(first..last + 1)
    }

    /// How far the dark ink connected to the centre (the number, and any
    /// letter touching it) reaches left and right of the centre within the
    /// side names' rows ([`Band::line_rows`]), and whether other ink in
    /// those rows comes within [`TOUCHING`] columns of it; none when no
    /// dark ink lies within [`SEED`] of the centre or the band holds no side
    /// name. Only the names' rows count: the corpus cards print their small
    /// number above the centre, clear of the names, and a card shrunk to
    /// 55 % and read at the working side showed that digit within three
    /// columns of the diagonals' dark crossing on every tile (five shrunk
    /// corpus cards lost, branch `textline`).
    pub(in crate::prepare::infer::names::line) fn number_reach(&self) -> Option<Centre> {
        let rows = self.line_rows()?;
        let (cx, cy) = (WORK / 2 - EDGE, BAND);
        let mut seen = vec![false; self.w * self.h];
        let mut stack = Vec::new();
        for y in cy - SEED..cy + SEED {
            for x in cx - SEED..cx + SEED {
                let r = (x as f32 - cx as f32).hypot(y as f32 - cy as f32);
                if r < SEED as f32 && self.dark[y * self.w + x] {
                    seen[y * self.w + x] = true;
                    stack.push((x, y));
                }
            }
        }
        if stack.is_empty() {
            return None;
        }
        // Its reach over the whole band (how much of the band is the
        // number's), and within the names' rows (what a name touches).
        let (mut lo, mut hi) = (cx, cx);
        let (mut line_lo, mut line_hi) = (cx, cx);
        while let Some((x, y)) = stack.pop() {
            (lo, hi) = (lo.min(x), hi.max(x));
            if rows.contains(&y) {
                (line_lo, line_hi) = (line_lo.min(x), line_hi.max(x));
            }
            for ny in y.saturating_sub(1)..(y + 2).min(self.h) {
                for nx in x.saturating_sub(1)..(x + 2).min(self.w) {
                    let i = ny * self.w + nx;
                    if self.dark[i] && !seen[i] {
                        seen[i] = true;
                        stack.push((nx, ny));
                    }
                }
            }
        }
        // The number's anti-aliased rim (ink, not dark) is its own: the gap
        // to a name is counted from it. Counted from the dark core, a
        // pixel of rim beside a bold digit was "ink against the number" on
        // most benchmark cards (3x3 s77: four lines taken for collided).
        let seen_near = |x: usize, y: usize| {
            (y.saturating_sub(RIM)..(y + RIM + 1).min(self.h)).any(|ny| {
                (x.saturating_sub(RIM)..(x + RIM + 1).min(self.w)).any(|nx| seen[ny * self.w + nx])
            })
        };
        for y in rows.clone() {
            for x in lo.saturating_sub(RIM)..(hi + RIM + 1).min(self.w) {
                let i = y * self.w + x;
                if self.care[i] && self.ink[i] > 0.5 && seen_near(x, y) {
                    (line_lo, line_hi) = (line_lo.min(x), line_hi.max(x));
                }
            }
        }
        // Empty columns between the number's ink and the next ink out.
        let gap = |cols: &mut dyn Iterator<Item = usize>| {
            cols.take(TOUCHING)
                .take_while(|&x| !self.inked(x, rows.clone()))
                .count()
        };
        let near =
            gap(&mut (0..line_lo).rev()) < TOUCHING || gap(&mut (line_hi + 1..self.w)) < TOUCHING;
        Some(Centre {
            left: cx - lo,
            right: hi - cx,
            line: (cx - line_lo, line_hi - cx),
            near,
        })
    }
}
