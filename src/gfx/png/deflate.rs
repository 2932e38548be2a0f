//! A deflate (RFC 1951) compressor for board scanlines.
//!
//! General compressors search a hash chain at every byte for the longest
//! earlier match. A board is made of pictures copied side by side, so the
//! matches that pay are nearly always in a few places: the pixel to the left
//! (flat colour), the pixel above (the same row again), and above-left or
//! above-right (an edge that runs diagonally). The parse tries exactly those
//! distances, plus one hash probe for repeats anywhere else in the window,
//! and takes the longest, greedily. On the committed boards and on generated
//! 3x3 batches this writes smaller streams than zlib's level 6 in a fraction
//! of its time (`docs/performance.md` has the measurements).

use super::huffman::{canonical_codes, code_lengths, BitWriter};

const WINDOW: usize = 32768;
const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = 258;
/// Symbols per block: small enough for the codes to follow the picture down
/// the board, large enough that the block headers (~80 bytes) do not matter.
const BLOCK_SYMBOLS: usize = 1 << 15;
const HASH_BITS: u32 = 15;

/// A literal byte, or `MATCH | length << 16 | distance`.
const MATCH: u32 = 1 << 31;

/// Reusable state: the symbol buffer and the hash table stay allocated from
/// one board to the next.
pub(super) struct Deflater {
    symbols: Vec<u32>,
    table: Vec<u32>,
    lit_freq: Vec<u32>,
    dist_freq: Vec<u32>,
    lit_len: Vec<u8>,
    dist_len: Vec<u8>,
    lit_code: Vec<u16>,
    dist_code: Vec<u16>,
}

impl Default for Deflater {
    fn default() -> Self {
        Deflater {
            symbols: Vec::new(),
            table: vec![0; 1 << HASH_BITS],
            lit_freq: vec![0; 286],
            dist_freq: vec![0; 30],
            lit_len: Vec::new(),
            dist_len: Vec::new(),
            lit_code: Vec::new(),
            dist_code: Vec::new(),
        }
    }
}

impl Deflater {
    /// Compresses `data`, scanlines of `row` bytes with `bpp` bytes a pixel,
    /// as one complete deflate stream appended to `out`; `hash` adds the
    /// probe for repeats that are not next to the byte.
    pub(super) fn compress(
        &mut self,
        data: &[u8],
        row: usize,
        bpp: usize,
        hash: bool,
        out: &mut BitWriter,
    ) {
        // Distances worth trying at every byte, nearest first so that ties
        // go to the cheaper distance code.
        let mut near: Vec<usize> = vec![bpp, row.saturating_sub(bpp), row, row + bpp];
        near.retain(|&d| d > 0 && d <= WINDOW);
        near.sort_unstable();
        near.dedup();
        self.table.iter_mut().for_each(|t| *t = 0);
        let mut start = 0;
        let mut i = 0;
        loop {
            self.symbols.clear();
            while i < data.len() && self.symbols.len() < BLOCK_SYMBOLS {
                i += self.step(data, i, &near, hash);
            }
            let last = i >= data.len();
            self.write_block(&data[start..i], last, out);
            start = i;
            if last {
                break;
            }
        }
    }

    /// Chooses the symbol at `i` and returns how many bytes it covers.
    #[inline]
    fn step(&mut self, data: &[u8], i: usize, near: &[usize], hash: bool) -> usize {
        let max = (data.len() - i).min(MAX_MATCH);
        let (mut len, mut dist) = (0, 0);
        for &d in near {
            if d > i {
                break;
            }
            let l = common_prefix(data, i - d, i, max);
            if l > len {
                (len, dist) = (l, d);
                if l == max {
                    break;
                }
            }
        }
        if hash && len < max && i + 4 <= data.len() {
            let key = u32::from_le_bytes([data[i], data[i + 1], data[i + 2], data[i + 3]]);
            let h = (key.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize;
            // Stored as position + 1, so 0 means empty.
            let candidate = self.table[h] as usize;
            self.table[h] = (i + 1) as u32;
            if candidate > 0 && i + 1 - candidate <= WINDOW {
                let c = candidate - 1;
                let l = common_prefix(data, c, i, max);
                if l > len && l >= 4 {
                    (len, dist) = (l, i - c);
                }
            }
        }
        if len >= MIN_MATCH {
            self.symbols.push(MATCH | (len as u32) << 16 | dist as u32);
            len
        } else {
            self.symbols.push(u32::from(data[i]));
            1
        }
    }

    /// Writes one block for `raw` (the bytes its symbols cover), dynamic
    /// Huffman or stored, whichever is smaller.
    fn write_block(&mut self, raw: &[u8], last: bool, out: &mut BitWriter) {
        self.lit_freq.iter_mut().for_each(|f| *f = 0);
        self.dist_freq.iter_mut().for_each(|f| *f = 0);
        for &s in &self.symbols {
            if s & MATCH == 0 {
                self.lit_freq[s as usize] += 1;
            } else {
                let (len, dist) = ((s >> 16) as usize & 0x1ff, s as usize & 0xffff);
                self.lit_freq[257 + usize::from(LEN_CODE[len].0)] += 1;
                self.dist_freq[usize::from(dist_code(dist).0)] += 1;
            }
        }
        self.lit_freq[256] += 1;
        code_lengths(&self.lit_freq, 15, &mut self.lit_len);
        code_lengths(&self.dist_freq, 15, &mut self.dist_len);
        let header = Header::new(&self.lit_len, &self.dist_len);
        let mut bits = header.bits + 3;
        for (f, l) in self.lit_freq.iter().zip(&self.lit_len) {
            bits += u64::from(*f) * u64::from(*l);
        }
        for (sym, f) in self.lit_freq.iter().enumerate().skip(257) {
            bits += u64::from(*f) * u64::from(LEN_EXTRA[sym - 257]);
        }
        for (sym, (f, l)) in self.dist_freq.iter().zip(&self.dist_len).enumerate() {
            bits += u64::from(*f) * (u64::from(*l) + u64::from(DIST_EXTRA[sym]));
        }
        // A stored block costs its bytes plus 5 header bytes per 65535.
        let stored = (raw.len() as u64 + 5 * (raw.len() as u64 / 65535 + 1)) * 8 + 7;
        if stored < bits {
            write_stored(raw, last, out);
            return;
        }
        out.put(u32::from(last) | 2 << 1, 3);
        header.write(out);
        canonical_codes(&self.lit_len, &mut self.lit_code);
        canonical_codes(&self.dist_len, &mut self.dist_code);
        let (lc, ll, dc, dl) = (
            &self.lit_code,
            &self.lit_len,
            &self.dist_code,
            &self.dist_len,
        );
        for &s in &self.symbols {
            if s & MATCH == 0 {
                out.put(u32::from(lc[s as usize]), u32::from(ll[s as usize]));
                continue;
            }
            let (len, dist) = ((s >> 16) as usize & 0x1ff, s as usize & 0xffff);
            let (code, extra) = LEN_CODE[len];
            let sym = 257 + usize::from(code);
            let n = u32::from(LEN_EXTRA[usize::from(code)]);
            out.put(
                u32::from(lc[sym]) | u32::from(extra) << ll[sym],
                u32::from(ll[sym]) + n,
            );
            let (code, extra) = dist_code(dist);
            let c = usize::from(code);
            out.put(
                u32::from(dc[c]) | extra << dl[c],
                u32::from(dl[c]) + u32::from(DIST_EXTRA[c]),
            );
        }
        out.put(u32::from(lc[256]), u32::from(ll[256]));
    }
}

/// How many bytes from `a` and from `b` agree, up to `max` (`a < b`, and
/// `b + max <= data.len()`).
#[inline]
fn common_prefix(data: &[u8], a: usize, b: usize, max: usize) -> usize {
    let (x, y) = (&data[a..a + max], &data[b..b + max]);
    let mut n = 0;
    while n + 8 <= max {
        let (p, q) = (&x[n..n + 8], &y[n..n + 8]);
        let diff = u64::from_le_bytes([p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]])
            ^ u64::from_le_bytes([q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7]]);
        if diff != 0 {
            return n + (diff.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    while n < max && x[n] == y[n] {
        n += 1;
    }
    n
}

fn write_stored(raw: &[u8], last: bool, out: &mut BitWriter) {
    let mut chunks = raw.chunks(65535).peekable();
    if raw.is_empty() {
        out.put(u32::from(last), 3);
        out.align();
        out.out.extend_from_slice(&[0, 0, 0xff, 0xff]);
        return;
    }
    while let Some(chunk) = chunks.next() {
        let final_chunk = last && chunks.peek().is_none();
        out.put(u32::from(final_chunk), 3);
        out.align();
        let n = chunk.len() as u16;
        out.out.extend_from_slice(&n.to_le_bytes());
        out.out.extend_from_slice(&(!n).to_le_bytes());
        out.out.extend_from_slice(chunk);
    }
}

/// The code-length part of a dynamic block header (RFC 1951, 3.2.7).
struct Header {
    /// Run-length coded lengths: (symbol 0..=18, extra bits value).
    runs: Vec<(u8, u8)>,
    hlit: usize,
    hdist: usize,
    cl_len: Vec<u8>,
    hclen: usize,
    bits: u64,
}

const CL_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

impl Header {
    fn new(lit_len: &[u8], dist_len: &[u8]) -> Header {
        let hlit = 257.max(lit_len.iter().rposition(|&l| l > 0).map_or(0, |p| p + 1));
        let hdist = 1.max(dist_len.iter().rposition(|&l| l > 0).map_or(0, |p| p + 1));
        let all: Vec<u8> = lit_len[..hlit]
            .iter()
            .chain(&dist_len[..hdist])
            .copied()
            .collect();
        let mut runs = Vec::new();
        let mut i = 0;
        while i < all.len() {
            let l = all[i];
            let run = all[i..].iter().take_while(|&&x| x == l).count();
            if l == 0 && run >= 11 {
                let n = run.min(138);
                runs.push((18, (n - 11) as u8));
                i += n;
            } else if l == 0 && run >= 3 {
                runs.push((17, (run - 3) as u8));
                i += run;
            } else if l != 0 && run >= 4 {
                runs.push((l, 0));
                let n = (run - 1).min(6);
                runs.push((16, (n - 3) as u8));
                i += 1 + n;
            } else {
                runs.push((l, 0));
                i += 1;
            }
        }
        let mut freq = [0u32; 19];
        for &(s, _) in &runs {
            freq[usize::from(s)] += 1;
        }
        let mut cl_len = Vec::new();
        code_lengths(&freq, 7, &mut cl_len);
        let hclen = 4.max(
            CL_ORDER
                .iter()
                .rposition(|&s| cl_len[s] > 0)
                .map_or(0, |p| p + 1),
        );
        let mut bits = 14 + 3 * hclen as u64;
        for &(s, _) in &runs {
            bits += u64::from(cl_len[usize::from(s)]) + u64::from(CL_EXTRA[usize::from(s)]);
        }
        Header {
            runs,
            hlit,
            hdist,
            cl_len,
            hclen,
            bits,
        }
    }

    fn write(&self, out: &mut BitWriter) {
        out.put((self.hlit - 257) as u32, 5);
        out.put((self.hdist - 1) as u32, 5);
        out.put((self.hclen - 4) as u32, 4);
        for &s in &CL_ORDER[..self.hclen] {
            out.put(u32::from(self.cl_len[s]), 3);
        }
        let mut codes = Vec::new();
        canonical_codes(&self.cl_len, &mut codes);
        for &(s, extra) in &self.runs {
            let s = usize::from(s);
            out.put(u32::from(codes[s]), u32::from(self.cl_len[s]));
            out.put(u32::from(extra), u32::from(CL_EXTRA[s]));
        }
    }
}

const CL_EXTRA: [u8; 19] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7];

const LEN_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DIST_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];

/// Length 0..=258 to (code - 257, extra bits value); entries below 3 unused.
static LEN_CODE: [(u8, u8); 259] = len_table();

const fn len_table() -> [(u8, u8); 259] {
    let mut t = [(0u8, 0u8); 259];
    let mut len = 3;
    while len <= 258 {
        let x = len - 3;
        t[len] = if len == 258 {
            (28, 0)
        } else if x < 8 {
            (x as u8, 0)
        } else {
            let lg = usize::BITS - 1 - x.leading_zeros();
            let extra = lg - 2;
            let code = 4 * (lg - 1) as usize + ((x >> extra) & 3);
            (code as u8, (x & ((1 << extra) - 1)) as u8)
        };
        len += 1;
    }
    t
}

/// Distance 1..=32768 to (code, extra bits value).
#[inline]
fn dist_code(dist: usize) -> (u8, u32) {
    let x = (dist - 1) as u32;
    if x < 4 {
        return (x as u8, 0);
    }
    let lg = 31 - x.leading_zeros();
    let extra = lg - 1;
    ((2 * lg + ((x >> extra) & 1)) as u8, x & ((1 << extra) - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_and_distance_codes_follow_the_rfc_tables() {
        // RFC 1951 3.2.5: (code, first length) and (code, first distance).
        for (code, first) in [
            (257, 3),
            (264, 10),
            (265, 11),
            (269, 19),
            (284, 227),
            (285, 258),
        ] {
            assert_eq!(257 + usize::from(LEN_CODE[first].0), code, "length {first}");
            assert_eq!(LEN_CODE[first].1, 0);
        }
        assert_eq!(LEN_CODE[257], (27, 30));
        for (code, first) in [(0, 1), (4, 5), (5, 7), (6, 9), (29, 24577)] {
            assert_eq!(dist_code(first), (code, 0), "distance {first}");
        }
        assert_eq!(dist_code(32768), (29, 8191));
    }
}
