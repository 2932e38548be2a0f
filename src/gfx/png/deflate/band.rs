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

/// Marks a band's line's candidates: `(data, (line, inner, row, bpp), hits)`.
type HitsOf = fn(&[u8], (usize, usize, usize, usize), &mut Vec<u8>);

impl Deflater {
    /// The matches of the band `data`: lines of `inner` bytes, of boards
    /// whose scanlines are `row` bytes long (filter byte included), pixels
    /// of `bpp` bytes, `hash` adding the probe. Each match as (its offset
    /// in `data`, its symbol); the bytes between matches are literals.
    pub(in crate::gfx::png) fn parse_band(
        &mut self,
        data: &[u8],
        shape: (usize, usize, usize),
        hash: bool,
    ) -> Vec<(u32, u32)> {
        self.parse_band_with(data, shape, hash, near_hits)
    }

    /// [`Deflater::parse_band`] with each line's candidates from `hits`
    /// ([`near_hits`]; the tests give every candidate at every byte).
    fn parse_band_with(
        &mut self,
        data: &[u8],
        (inner, row, bpp): (usize, usize, usize),
        hash: bool,
        hits_of: HitsOf,
    ) -> Vec<(u32, u32)> {
        let mut matches = Vec::new();
        if inner <= 2 * bpp || row < inner + 2 * bpp {
            return matches;
        }
        let lines = data.len() / inner;
        self.start_stream(data.len());
        let bits = hash.then_some(HASH_BITS_RGB);
        let mut hits = std::mem::take(&mut self.near_hits);
        for y in 0..lines {
            hits_of(data, (y, inner, row, bpp), &mut hits);
            let hits = &hits[..];
            let mut x = 0;
            let mut pending = None;
            while x < inner {
                let (len, dist) = match pending.take() {
                    Some(p) => p,
                    None => self.band_step(data, (y, x), (inner, row, bpp), (bits, hits)),
                };
                // A lazy parse: a longer match one or two bytes on wins
                // over this one (the band is parsed once for many boards).
                if len >= MIN_MATCH {
                    let later = [1, 2].into_iter().filter(|&k| x + k < inner).find_map(|k| {
                        let next =
                            self.band_step(data, (y, x + k), (inner, row, bpp), (bits, hits));
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
        self.near_hits = hits;
        matches
    }

    /// The longest match at byte `x` of line `y` (its length below
    /// `MIN_MATCH` if there is none), chosen as [`Deflater::compress`]
    /// chooses in filtered rows: the nearest distances first, ties to the
    /// nearer, far matches only from `FAR_BAND` bytes (the probe's one
    /// longer). `hits` are the line's [`near_hits`].
    #[inline(always)]
    fn band_step(
        &mut self,
        data: &[u8],
        (y, x): (usize, usize),
        (inner, row, bpp): (usize, usize, usize),
        (hash, hits): (Option<u32>, &[u8]),
    ) -> (usize, usize) {
        let i = y * inner + x;
        let max = (inner - x).min(MAX_MATCH);
        let head = (max >= 4).then(|| load32(data, i));
        let (mut len, mut dist) = (0, 0);
        let near = near(row, bpp);
        // Where the first four bytes can be read, the candidates whose
        // first three agree are known; nearer the line's end each is tried.
        let mut candidates = if head.is_some() { hits[x] } else { 0b1111 };
        while candidates != 0 {
            let (d, up, across) = near[candidates.trailing_zeros() as usize];
            candidates &= candidates - 1;
            if up > y || d > WINDOW {
                continue;
            }
            let Some(sx) = x.checked_add_signed(across).filter(|&sx| sx < inner) else {
                continue;
            };
            let s = (y - up) * inner + sx;
            let most = max.min(inner - sx);
            if most < MIN_MATCH {
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

/// The nearby candidates, in the order they are tried: (distance, lines
/// up, bytes across) of the pixel to the left, above right, above and
/// above left.
#[inline(always)]
fn near(row: usize, bpp: usize) -> [(usize, usize, isize); 4] {
    [
        (bpp, 0, -(bpp as isize)),
        (row - bpp, 1, bpp as isize),
        (row, 1, 0),
        (row + bpp, 1, -(bpp as isize)),
    ]
}

/// For each byte `x` of line `y` of a band from which four bytes can be
/// read (`x + 4 <= inner`), bit `k` set when [`near`]'s candidate `k`
/// stands inside the band with at least three bytes to compare and its
/// first three bytes are those at `x`: the test the parse made at every
/// byte and candidate, made here a line at a time (most bytes of photo
/// residuals match no candidate at all). Bytes nearer the end stay 0.
pub(super) fn near_hits(
    data: &[u8],
    (y, inner, row, bpp): (usize, usize, usize, usize),
    hits: &mut Vec<u8>,
) {
    hits.clear();
    hits.resize(inner, 0);
    let Some(n) = inner.checked_sub(3) else {
        return;
    };
    let at = y * inner;
    let line = &data[at..at + inner];
    // Bytes `from..to` of the line against the bytes from `data[s..]` on.
    let mut mark = |bit: u8, s: usize, from: usize, to: usize| {
        if from >= to {
            return;
        }
        let (a, b) = (&line[from..to + 2], &data[s..s + to - from + 2]);
        for (k, h) in hits[from..to].iter_mut().enumerate() {
            let same = (a[k] == b[k]) & (a[k + 1] == b[k + 1]) & (a[k + 2] == b[k + 2]);
            *h |= u8::from(same) << bit;
        }
    };
    let near = near(row, bpp);
    // The pixel to the left, from the line's second pixel on.
    mark(0, at, bpp, n);
    if y == 0 {
        return;
    }
    let above = at - inner;
    if near[1].0 <= WINDOW {
        // Above right, while three bytes are left before the band's end.
        mark(1, above + bpp, 0, n.min(inner.saturating_sub(bpp + 2)));
    }
    if near[2].0 <= WINDOW {
        mark(2, above, 0, n);
    }
    if near[3].0 <= WINDOW {
        mark(3, above, bpp, n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every candidate marked at every byte: the parse then compares each
    /// in full, as it did before [`near_hits`].
    fn every_candidate(_: &[u8], (_, inner, _, _): (usize, usize, usize, usize), h: &mut Vec<u8>) {
        h.clear();
        h.resize(inner, 0b1111);
    }

    /// Lines of `inner` bytes, each the one above shifted by `shift`
    /// bytes with one byte in `noise` changed (seeded), so that matches
    /// left, above, above left and above right all occur, and some runs.
    fn band(lines: usize, inner: usize, shift: isize, noise: u64, seed: u64) -> Vec<u8> {
        let mut state = seed | 1;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut data: Vec<u8> = (0..inner).map(|_| (next() % 7) as u8).collect();
        for y in 1..lines {
            for x in 0..inner {
                let from = (x as isize + shift).clamp(0, inner as isize - 1) as usize;
                let mut b = data[(y - 1) * inner + from];
                if next() % noise == 0 {
                    b = (next() % 7) as u8;
                }
                data.push(b);
            }
        }
        data
    }

    /// The candidates found a line at a time give the parse it made by
    /// comparing every candidate at every byte: the same matches, at every
    /// shape (bands narrow and wide, one and three bytes a pixel, scanlines
    /// near and past the window) and with and without the probe.
    #[test]
    fn near_hits_give_the_parse_of_every_candidate() {
        let mut seen = [0usize; 4];
        for (inner, row_extra, bpp) in [(7, 6, 3), (9, 6, 1), (61, 40, 3), (597, 900, 3)] {
            for row in [
                inner + row_extra,
                WINDOW - 2 * bpp,
                WINDOW - bpp,
                WINDOW + 4,
            ] {
                for (shift, noise, seed) in [(0, 5, 1), (3, 9, 2), (-3, 9, 3), (1, 3, 4)] {
                    let data = band(40, inner, shift, noise, seed);
                    for hash in [false, true] {
                        let shape = (inner, row, bpp);
                        let fast = Deflater::default().parse_band(&data, shape, hash);
                        let full = Deflater::default().parse_band_with(
                            &data,
                            shape,
                            hash,
                            every_candidate,
                        );
                        assert_eq!(fast, full, "{shape:?} shift {shift} hash {hash}");
                        for &(_, symbol) in &fast {
                            let d = (symbol & 0xffff) as usize;
                            let k = [bpp, row - bpp, row, row + bpp]
                                .iter()
                                .position(|&n| n == d);
                            if let Some(k) = k {
                                seen[k] += 1;
                            }
                        }
                    }
                }
            }
        }
        // Every candidate gave matches (the test reaches each bit).
        assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
    }
}
