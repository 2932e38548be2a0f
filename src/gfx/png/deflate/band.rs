//! The parse of one band of a row of tiles: a tile in one turn, its
//! filtered rows without their first pixel, parsed once for every board
//! that shows it ([`crate::gfx::png::band`]).
//!
//! Matches stay inside the band, both what they cover and what they copy,
//! so the band's symbols are the same in every board. Distances are those
//! of the board's scanlines (`row` bytes apart), which do not depend on the
//! band's column: a match one row up is `row` bytes back wherever the band
//! stands.

use super::{common_prefix, load32, Deflater, HASH_BITS_RGB, MATCH, MAX_MATCH};
use super::{MIN_MATCH, WINDOW};

/// The shortest match at a distance other than the pixel to the left (the
/// probe's must be one longer): a band's lazy parse takes longer matches
/// than the greedy parse of whole rows, and its bytes measured smallest
/// at this length (docs/performance.md).
const FAR_BAND: usize = 8;

impl Deflater {
    /// The matches of the band `data`: lines of `inner` bytes, of boards
    /// whose scanlines are `row` bytes long (filter byte included), pixels
    /// of `bpp` bytes, `hash` adding the probe. Each match as (its offset
    /// in `data`, its symbol); the bytes between matches are literals.
    pub(in crate::gfx::png) fn parse_band(
        &mut self,
        data: &[u8],
        (inner, row, bpp): (usize, usize, usize),
        hash: bool,
    ) -> Vec<(u32, u32)> {
        let mut matches = Vec::new();
        if inner <= 2 * bpp || row < inner + 2 * bpp {
            return matches;
        }
        let lines = data.len() / inner;
        self.start_stream(data.len());
        let bits = hash.then_some(HASH_BITS_RGB);
        for y in 0..lines {
            let mut x = 0;
            let mut pending = None;
            while x < inner {
                let (len, dist) = match pending.take() {
                    Some(p) => p,
                    None => self.band_step(data, (y, x), (inner, row, bpp), bits),
                };
                // A lazy parse: a longer match one or two bytes on wins
                // over this one (the band is parsed once for many boards).
                if len >= MIN_MATCH {
                    let later = [1, 2].into_iter().filter(|&k| x + k < inner).find_map(|k| {
                        let next = self.band_step(data, (y, x + k), (inner, row, bpp), bits);
                        (next.0 >= len + k).then_some((k, next))
                    });
                    if let Some((k, next)) = later {
                        pending = Some(next);
                        x += k;
                        continue;
                    }
                }
                if len >= MIN_MATCH {
                    let at = (y * inner + x) as u32;
                    matches.push((at, MATCH | (len as u32) << 16 | dist as u32));
                    x += len;
                } else {
                    x += 1;
                }
            }
        }
        matches
    }

    /// The longest match at byte `x` of line `y` (its length below
    /// `MIN_MATCH` if there is none), chosen as [`Deflater::compress`]
    /// chooses in filtered rows: the nearest distances first, ties to the
    /// nearer, far matches only from `FAR_BAND` bytes (the probe's one
    /// longer).
    #[inline(always)]
    fn band_step(
        &mut self,
        data: &[u8],
        (y, x): (usize, usize),
        (inner, row, bpp): (usize, usize, usize),
        hash: Option<u32>,
    ) -> (usize, usize) {
        let i = y * inner + x;
        let max = (inner - x).min(MAX_MATCH);
        let head = (max >= 4).then(|| load32(data, i));
        let (mut len, mut dist) = (0, 0);
        // (distance, lines up, bytes across): left, above right, above,
        // above left.
        let near = [
            (bpp, 0, -(bpp as isize)),
            (row - bpp, 1, bpp as isize),
            (row, 1, 0),
            (row + bpp, 1, -(bpp as isize)),
        ];
        for (d, up, across) in near {
            if up > y || d > WINDOW {
                continue;
            }
            let Some(sx) = x.checked_add_signed(across).filter(|&sx| sx < inner) else {
                continue;
            };
            let s = (y - up) * inner + sx;
            let most = max.min(inner - sx);
            if most < MIN_MATCH || head.is_some_and(|h| (h ^ load32(data, s)) & 0x00ff_ffff != 0) {
                continue;
            }
            let l = common_prefix(data, s, i, most);
            if l > len && (d == bpp || l >= FAR_BAND) {
                (len, dist) = (l, d);
                if l == max {
                    return (len, dist);
                }
            }
        }
        let (Some(key), Some(bits)) = (head.filter(|_| len < max), hash) else {
            return (len, dist);
        };
        let h = (key.wrapping_mul(0x9E37_79B1) >> (32 - bits)) as usize;
        // The table holds offsets in `data` (a division by the line's
        // length at every byte cost more than the rest of the step); the
        // line and the distance are worked out only on a hit.
        let base = self.base as usize;
        let stored = self.table[h] as usize;
        self.table[h] = (base + i + 1) as u32;
        if stored <= base {
            return (len, dist);
        }
        let s = stored - base - 1;
        if s >= i || load32(data, s) != key {
            return (len, dist);
        }
        let (cy, cx) = (s / inner, s % inner);
        let d = (y - cy) * row + x - cx;
        if d <= WINDOW {
            let l = common_prefix(data, s, i, max.min(inner - cx));
            if l > len && l > FAR_BAND {
                (len, dist) = (l, d);
            }
        }
        (len, dist)
    }
}
