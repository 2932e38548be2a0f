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

mod band;
mod block;
mod codes;
mod header;

use super::huffman::BitWriter;
use block::write_stored;

const WINDOW: usize = 32768;
const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = 258;
/// Symbols per block: small enough for the codes to follow the picture down
/// the board, large enough that the block headers (~80 bytes) do not matter.
const BLOCK_SYMBOLS: usize = 1 << 15;
const HASH_BITS: u32 = 15;
/// Symbols per block of a row of tiles placed from its bands' parses: its
/// rows follow one another within a tile, so one code serves longer.
const BLOCK_SYMBOLS_BANDS: usize = 1 << 16;
/// The shortest match at a distance other than the pixel to the left in
/// filtered truecolour rows (the hash probe's must be one longer).
const FAR_MIN_RGB: usize = 7;
/// Hash bits for truecolour rows: 16 KiB of the table.
const HASH_BITS_RGB: u32 = 12;

/// A literal byte, or `MATCH | length << 16 | distance`.
const MATCH: u32 = 1 << 31;

/// Reusable state: the symbol buffer and the hash table stay allocated from
/// one board to the next.
pub(super) struct Deflater {
    symbols: Vec<u32>,
    /// Positions as `base + i + 1`: an entry at or below `base` is from an
    /// earlier stream, so the table need not be cleared for each stream
    /// (128 KiB of zeroes, which cost more than compressing a small piece).
    table: Vec<u32>,
    base: u32,
    /// The largest value this stream can store: the next stream's base.
    end: u32,
    lit_freq: Vec<u32>,
    dist_freq: Vec<u32>,
    lit_len: Vec<u8>,
    dist_len: Vec<u8>,
    lit_code: Vec<u16>,
    dist_code: Vec<u16>,
    /// A band's line's candidates ([`band::near_hits`]).
    near_hits: Vec<u8>,
}

impl Default for Deflater {
    fn default() -> Self {
        Deflater {
            symbols: Vec::new(),
            table: vec![0; 1 << HASH_BITS],
            base: 0,
            end: 0,
            lit_freq: vec![0; 286],
            dist_freq: vec![0; 30],
            lit_len: Vec::new(),
            dist_len: Vec::new(),
            lit_code: Vec::new(),
            dist_code: Vec::new(),
            near_hits: Vec::new(),
        }
    }
}

impl Deflater {
    /// Compresses `data`, scanlines of `row` bytes with `bpp` bytes a pixel
    /// (`filtered`: truecolour rows through [`super::filter`]),
    /// as deflate blocks appended to `out`; `hash` adds the probe for
    /// repeats that are not next to the byte. No match reaches before
    /// `data`. With `last` the stream ends here; otherwise the blocks end
    /// with an empty stored block (a sync flush), so `out` is byte-aligned
    /// and more blocks can follow, from this call or copied from another.
    pub(super) fn compress(
        &mut self,
        data: &[u8],
        (row, bpp, filtered): (usize, usize, bool),
        hash: bool,
        last: bool,
        out: &mut BitWriter,
    ) {
        // Distances worth trying at every byte, nearest first so that ties
        // go to the cheaper distance code.
        let mut near: Vec<usize> = vec![bpp, row.saturating_sub(bpp), row, row + bpp];
        near.retain(|&d| d > 0 && d <= WINDOW);
        near.sort_unstable();
        near.dedup();
        // Matches that pay: in filtered rows a literal costs about
        // six bits, so a short match at a far distance (a long distance code
        // and its extra bits) costs more than the bytes it covers. Palette
        // rows take every match of three bytes, as before.
        // Their repeats are rare too, so the hash table is kept small enough
        // to stay in the first-level cache instead of missing it at every byte.
        let (far, bits) = if filtered {
            (FAR_MIN_RGB, HASH_BITS_RGB)
        } else {
            (MIN_MATCH, HASH_BITS)
        };
        self.start_stream(data.len());
        let mut start = 0;
        let mut i = 0;
        loop {
            self.symbols.clear();
            while i < data.len() && self.symbols.len() < BLOCK_SYMBOLS {
                i += self.step(data, i, (&near, far), hash.then_some(bits));
            }
            let end = i >= data.len();
            let symbols = std::mem::take(&mut self.symbols);
            self.write_block(&symbols, &data[start..i], last && end, out);
            self.symbols = symbols;
            start = i;
            if end {
                break;
            }
        }
        if !last {
            write_stored(&[], false, out);
        }
    }

    /// Writes `symbols`, a parse of `data` made elsewhere (the bands of a
    /// row of tiles and the bytes between them), as [`Deflater::compress`]
    /// writes its own: blocks of `BLOCK_SYMBOLS_BANDS`, then a sync flush unless
    /// `last`.
    pub(super) fn write_parsed(
        &mut self,
        data: &[u8],
        symbols: &[u32],
        last: bool,
        out: &mut BitWriter,
    ) {
        let mut start = 0;
        let mut blocks = symbols.chunks(BLOCK_SYMBOLS_BANDS).peekable();
        while let Some(block) = blocks.next() {
            let final_block = last && blocks.peek().is_none();
            let raw = &data[start.min(data.len())..];
            start += self.write_block(block, raw, final_block, out);
        }
        if symbols.is_empty() {
            write_stored(&[], last, out);
        } else if !last {
            write_stored(&[], false, out);
        }
    }

    /// Makes every table entry older than the stream about to start.
    fn start_stream(&mut self, len: usize) {
        let end = u32::try_from(len)
            .ok()
            .and_then(|len| self.end.checked_add(len)?.checked_add(1));
        match end {
            Some(end) => (self.base, self.end) = (self.end, end),
            None => {
                self.table.iter_mut().for_each(|t| *t = 0);
                (self.base, self.end) = (0, u32::try_from(len).unwrap_or(u32::MAX));
            }
        }
    }

    /// Chooses the symbol at `i` and returns how many bytes it covers.
    #[inline]
    fn step(
        &mut self,
        data: &[u8],
        i: usize,
        (near, far): (&[usize], usize),
        hash: Option<u32>,
    ) -> usize {
        let max = (data.len() - i).min(MAX_MATCH);
        let (mut len, mut dist) = (0, 0);
        // The first four bytes here: a candidate whose first three differ
        // cannot give a match, and is passed over without comparing further
        // (most are, in pictures of many colours). The choice is the same.
        let head = (max >= 4).then(|| load32(data, i));
        for &d in near {
            if d > i {
                break;
            }
            if head.is_some_and(|h| (h ^ load32(data, i - d)) & 0x00ff_ffff != 0) {
                continue;
            }
            let l = common_prefix(data, i - d, i, max);
            if l > len && (d == near[0] || l >= far) {
                (len, dist) = (l, d);
                if l == max {
                    break;
                }
            }
        }
        if let (Some(key), Some(bits)) = (head.filter(|_| len < max), hash) {
            let h = (key.wrapping_mul(0x9E37_79B1) >> (32 - bits)) as usize;
            // Stored as base + position + 1: this stream's entries are above base.
            let stored = self.table[h] as usize;
            let base = self.base as usize;
            self.table[h] = (base + i + 1) as u32;
            let candidate = stored.saturating_sub(base);
            if stored > base && i + 1 - candidate <= WINDOW && load32(data, candidate - 1) == key {
                let c = candidate - 1;
                let l = common_prefix(data, c, i, max);
                if l > len && l > far {
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
}

/// How many bytes a symbol stands for.
#[inline]
pub(super) fn covers(symbol: u32) -> usize {
    if symbol & MATCH == 0 {
        1
    } else {
        (symbol >> 16) as usize & 0x1ff
    }
}

/// The four bytes at `i` (`i + 4 <= data.len()`), little-endian.
#[inline]
fn load32(data: &[u8], i: usize) -> u32 {
    let b = &data[i..i + 4];
    u32::from_le_bytes([b[0], b[1], b[2], b[3]])
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
