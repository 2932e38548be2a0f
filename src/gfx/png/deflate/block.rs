//! Writing a block of symbols: dynamic Huffman codes or stored bytes,
//! whichever is smaller.

use super::super::huffman::{canonical_codes, code_lengths, BitWriter};
use super::codes::{dist_code, DIST_EXTRA, LEN_CODE, LEN_EXTRA};
use super::header::Header;
use super::{Deflater, MATCH, MIN_MATCH};

impl Deflater {
    /// Writes one block of `symbols`, which cover the first bytes of
    /// `raw`, dynamic Huffman or stored, whichever is smaller; returns how
    /// many bytes of `raw` they cover.
    pub(super) fn write_block(
        &mut self,
        symbols: &[u32],
        raw: &[u8],
        last: bool,
        out: &mut BitWriter,
    ) -> usize {
        let covered = self.frequencies(symbols);
        let raw = &raw[..covered.min(raw.len())];
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
            return covered;
        }
        out.put(u32::from(last) | 2 << 1, 3);
        header.write(out);
        canonical_codes(&self.lit_len, &mut self.lit_code);
        canonical_codes(&self.dist_len, &mut self.dist_code);
        // Each symbol's code, and each length's code with its extra bits,
        // as `bits | count << 24`: one load a symbol.
        let put = |code: u16, len: u8| u32::from(code) | u32::from(len) << 24;
        let lits: Vec<u32> = (self.lit_code.iter().zip(&self.lit_len))
            .map(|(&c, &l)| put(c, l))
            .collect();
        let mut lens = [0u32; 259];
        for (len, slot) in lens.iter_mut().enumerate().skip(MIN_MATCH) {
            let (code, extra) = LEN_CODE[len];
            let sym = 257 + usize::from(code);
            let (c, l) = (self.lit_code[sym], self.lit_len[sym]);
            *slot = (u32::from(c) | u32::from(extra) << l)
                | (u32::from(l) + u32::from(LEN_EXTRA[usize::from(code)])) << 24;
        }
        // A distance code, its length and its length with the extra bits.
        let dists: Vec<u32> = (self.dist_code.iter().zip(&self.dist_len).zip(DIST_EXTRA))
            .map(|((&c, &l), e)| u32::from(c) | u32::from(l) << 16 | u32::from(l + e) << 24)
            .collect();
        let mut out = out.burst(bits);
        let mut i = 0;
        while i < symbols.len() {
            let s = symbols[i];
            i += 1;
            if s & MATCH == 0 {
                let p = lits[s as usize];
                // Two literals' codes (15 bits at most each) in one put.
                if let Some(&t) = symbols.get(i).filter(|&&t| t & MATCH == 0) {
                    i += 1;
                    let (q, n) = (lits[t as usize], p >> 24);
                    out.put(p & 0xff_ffff | (q & 0xff_ffff) << n, n + (q >> 24));
                    continue;
                }
                out.put(p & 0xff_ffff, p >> 24);
                continue;
            }
            let (len, dist) = ((s >> 16) as usize & 0x1ff, s as usize & 0xffff);
            let p = lens[len];
            out.put(p & 0xff_ffff, p >> 24);
            let (code, extra) = dist_code(dist);
            let p = dists[usize::from(code)];
            out.put(p & 0xffff | extra << (p >> 16 & 0xff), p >> 24);
        }
        let p = lits[256];
        out.put(p & 0xff_ffff, p >> 24);
        covered
    }
}

impl Deflater {
    /// Sets the block's frequencies to those of `symbols` (and the end of
    /// block); returns the bytes they cover.
    fn frequencies(&mut self, symbols: &[u32]) -> usize {
        self.lit_freq.iter_mut().for_each(|f| *f = 0);
        self.dist_freq.iter_mut().for_each(|f| *f = 0);
        // Literals four at a time into four tables: the same literal often
        // follows itself in photo residuals, and with one table each count
        // waited for the one before.
        let mut four = [[0u32; 256]; 4];
        let mut covered = 0;
        let mut quads = symbols.chunks_exact(4);
        for q in quads.by_ref() {
            if (q[0] | q[1] | q[2] | q[3]) & MATCH == 0 {
                for (table, &s) in four.iter_mut().zip(q) {
                    table[s as usize & 0xff] += 1;
                }
                covered += 4;
                continue;
            }
            covered += self.count(q);
        }
        covered += self.count(quads.remainder());
        for table in &four {
            for (f, n) in self.lit_freq.iter_mut().zip(table) {
                *f += n;
            }
        }
        self.lit_freq[256] += 1;
        covered
    }

    /// Adds `symbols` to the block's frequencies one by one; returns the
    /// bytes they cover.
    #[inline]
    fn count(&mut self, symbols: &[u32]) -> usize {
        let mut covered = 0;
        for &s in symbols {
            if s & MATCH == 0 {
                self.lit_freq[s as usize] += 1;
                covered += 1;
            } else {
                let (len, dist) = ((s >> 16) as usize & 0x1ff, s as usize & 0xffff);
                self.lit_freq[257 + usize::from(LEN_CODE[len].0)] += 1;
                self.dist_freq[usize::from(dist_code(dist).0)] += 1;
                covered += len;
            }
        }
        covered
    }
}

pub(super) fn write_stored(raw: &[u8], last: bool, out: &mut BitWriter) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Symbols and the bytes they stand for: runs of one literal, runs of
    /// different ones and matches of every length code at distances near
    /// and far (seeded).
    fn stream(count: usize, seed: u64) -> (Vec<u32>, Vec<u8>) {
        let mut state = seed | 1;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let (mut symbols, mut data) = (Vec::new(), Vec::<u8>::new());
        while symbols.len() < count {
            match next(6) {
                0 if data.len() > 10 => {
                    let len = 3 + next(256) as usize;
                    let dist = 1 + next(data.len().min(32768) as u64) as usize;
                    for _ in 0..len {
                        data.push(data[data.len() - dist]);
                    }
                    symbols.push(MATCH | (len as u32) << 16 | dist as u32);
                }
                1 | 2 => {
                    let b = next(256) as u8;
                    for _ in 0..next(9) {
                        symbols.push(u32::from(b));
                        data.push(b);
                    }
                }
                _ => {
                    let b = next(256) as u8;
                    symbols.push(u32::from(b));
                    data.push(b);
                }
            }
        }
        (symbols, data)
    }

    /// Four tables give the counts one gives, whatever the mix and the
    /// length (a remainder of 0 to 3 symbols).
    #[test]
    fn four_tables_count_what_one_counts() {
        for (count, seed) in [(0, 1), (1, 2), (7, 3), (4001, 4), (70_002, 5)] {
            let (symbols, data) = stream(count, seed);
            let mut four = Deflater::default();
            let covered = four.frequencies(&symbols);
            let mut one = Deflater::default();
            one.lit_freq.iter_mut().for_each(|f| *f = 0);
            assert_eq!(one.count(&symbols), covered);
            one.lit_freq[256] += 1;
            assert_eq!(covered, data.len());
            assert_eq!(four.lit_freq, one.lit_freq, "{count} symbols");
            assert_eq!(four.dist_freq, one.dist_freq, "{count} symbols");
        }
    }

    /// A block, dynamic or stored, inflates (flate2, not our code) to the
    /// bytes of its symbols, after bits already pending in the writer.
    #[test]
    fn blocks_inflate_to_their_symbols_bytes() {
        use std::io::Read;
        for (count, seed) in [(1, 1), (9, 2), (5000, 3), (65_536, 4)] {
            let (symbols, data) = stream(count, seed);
            // Literals only, each once: stored is smaller.
            let noise: Vec<u8> = (0..=255).collect();
            let noise_symbols: Vec<u32> = noise.iter().map(|&b| u32::from(b)).collect();
            for (symbols, data) in [(&symbols, &data), (&noise_symbols, &noise)] {
                let mut out = BitWriter::default();
                // An empty block with the fixed codes first: 10 bits.
                out.put(0b010, 3);
                out.put(0, 7);
                let covered = Deflater::default().write_block(symbols, data, true, &mut out);
                assert_eq!(covered, data.len());
                out.align();
                let mut back = Vec::new();
                flate2::read::DeflateDecoder::new(&out.out[..])
                    .read_to_end(&mut back)
                    .expect("a valid deflate stream");
                assert!(back == *data, "{count} symbols, seed {seed}");
            }
        }
    }
}
