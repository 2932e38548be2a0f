//! Length-limited canonical Huffman codes and an LSB-first bit writer: the
//! two pieces of a deflate encoder that do not depend on how the input was
//! parsed.

/// Code lengths for `freqs`, none longer than `limit`; symbols with a zero
/// frequency get length 0. Ties are broken by symbol number, so the same
/// frequencies always give the same lengths (and the same bytes).
pub(super) fn code_lengths(freqs: &[u32], limit: u8, lengths: &mut Vec<u8>) {
    lengths.clear();
    lengths.resize(freqs.len(), 0);
    let mut used: Vec<(u32, u16)> = freqs
        .iter()
        .enumerate()
        .filter(|&(_, &f)| f > 0)
        .map(|(s, &f)| (f, s as u16))
        .collect();
    match used.len() {
        0 => return,
        1 => {
            // A code needs two codes to be complete; one symbol of length 1 is
            // what zlib writes too, and every inflater accepts it.
            lengths[usize::from(used[0].1)] = 1;
            return;
        }
        _ => {}
    }
    used.sort_unstable();
    let depths = tree_depths(&used);
    // Count codes per length, cap at `limit` keeping the Kraft sum at one
    // (the adjustment of JPEG's Annex K.3), then hand the shortest lengths to
    // the most frequent symbols.
    let mut count = [0u32; 64];
    for &d in &depths {
        count[usize::from(d)] += 1;
    }
    let limit = usize::from(limit);
    for i in (limit + 1..64).rev() {
        while count[i] > 0 {
            let mut j = i - 2;
            while count[j] == 0 {
                j -= 1;
            }
            count[i] -= 2;
            count[i - 1] += 1;
            count[j + 1] += 2;
            count[j] -= 1;
        }
    }
    // `used` is sorted by rising frequency: the least frequent get the longest.
    let mut len = limit;
    for &(_, symbol) in &used {
        while count[len] == 0 {
            len -= 1;
        }
        count[len] -= 1;
        lengths[usize::from(symbol)] = len as u8;
    }
}

/// Depth of each leaf of a Huffman tree over `sorted` (rising frequency),
/// by the two-queue method: leaves and merged nodes both come out in rising
/// weight order, so no heap is needed.
fn tree_depths(sorted: &[(u32, u16)]) -> Vec<u8> {
    let n = sorted.len();
    // Nodes 0..n are leaves, n.. merged nodes; parent links give depths.
    let mut weight: Vec<u64> = sorted.iter().map(|&(f, _)| u64::from(f)).collect();
    let mut parent = vec![0usize; 2 * n - 1];
    let (mut leaf, mut node) = (0usize, n);
    for next in n..2 * n - 1 {
        let mut pick = || {
            if leaf < n && (node >= weight.len() || weight[leaf] <= weight[node]) {
                leaf += 1;
                leaf - 1
            } else {
                node += 1;
                node - 1
            }
        };
        let (a, b) = (pick(), pick());
        parent[a] = next;
        parent[b] = next;
        weight.push(weight[a] + weight[b]);
    }
    let root = 2 * n - 2;
    let mut depth = vec![0u8; 2 * n - 1];
    for i in (0..root).rev() {
        depth[i] = depth[parent[i]].saturating_add(1);
    }
    depth.truncate(n);
    depth
}

/// Canonical codes for `lengths` (RFC 1951, 3.2.2), bit-reversed so that
/// they can be written LSB first.
pub(super) fn canonical_codes(lengths: &[u8], codes: &mut Vec<u16>) {
    let mut count = [0u16; 16];
    for &l in lengths {
        count[usize::from(l)] += 1;
    }
    count[0] = 0;
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    codes.clear();
    codes.extend(lengths.iter().map(|&l| {
        if l == 0 {
            return 0;
        }
        let c = next[usize::from(l)];
        next[usize::from(l)] += 1;
        c.reverse_bits() >> (16 - l)
    }));
}

/// Appends bits least significant first, as deflate packs them.
#[derive(Default)]
pub(super) struct BitWriter {
    pub out: Vec<u8>,
    acc: u64,
    bits: u32,
}

impl BitWriter {
    /// `n` <= 32 low bits of `value`.
    #[inline]
    pub(super) fn put(&mut self, value: u32, n: u32) {
        self.acc |= u64::from(value) << self.bits;
        self.bits += n;
        if self.bits >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.bits -= 32;
        }
    }

    /// A writer for a burst of many codes, about `bits` bits in all: the
    /// same bits as [`Self::put`], with the pending bits held in locals
    /// (through `&mut self` they went to memory at every code) and written
    /// into room made beforehand, a whole word at every code and moved on
    /// by the bytes completed (a branch on whether a word is full was
    /// mispredicted at every few codes).
    #[inline]
    pub(super) fn burst(&mut self, bits: u64) -> Burst<'_> {
        while self.bits >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.bits -= 8;
        }
        let at = self.out.len();
        let room = usize::try_from(bits / 8).unwrap_or(usize::MAX);
        self.out
            .resize(at.saturating_add(room).saturating_add(16), 0);
        Burst {
            acc: self.acc,
            bits: self.bits,
            at,
            writer: self,
        }
    }

    /// Pads to a byte boundary with zero bits and flushes.
    pub(super) fn align(&mut self) {
        while self.bits > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.bits = self.bits.saturating_sub(8);
        }
        self.acc = 0;
    }
}

/// See [`BitWriter::burst`]; the bits go back to the writer when dropped,
/// and the room not written is given back.
pub(super) struct Burst<'a> {
    /// At most 7 bits pending between codes.
    acc: u64,
    bits: u32,
    /// Where the next whole byte goes in the writer's `out`.
    at: usize,
    writer: &'a mut BitWriter,
}

impl Burst<'_> {
    /// `n` <= 32 low bits of `value`.
    #[inline]
    pub(super) fn put(&mut self, value: u32, n: u32) {
        self.acc |= u64::from(value) << self.bits;
        self.bits += n;
        let out = &mut self.writer.out;
        if self.at + 8 > out.len() {
            // More bits than the burst was told: room for more.
            out.resize(self.at + 8 + 4096, 0);
        }
        out[self.at..self.at + 8].copy_from_slice(&self.acc.to_le_bytes());
        let bytes = self.bits / 8;
        self.at += bytes as usize;
        self.acc >>= 8 * bytes;
        self.bits %= 8;
    }
}

impl Drop for Burst<'_> {
    fn drop(&mut self) {
        self.writer.out.truncate(self.at);
        self.writer.acc = self.acc;
        self.writer.bits = self.bits;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kraft(lengths: &[u8]) -> f64 {
        lengths
            .iter()
            .filter(|&&l| l > 0)
            .map(|&l| 0.5f64.powi(i32::from(l)))
            .sum()
    }

    #[test]
    fn lengths_are_complete_and_limited() {
        // Fibonacci frequencies make the deepest possible tree.
        let mut fib = vec![1u32, 1];
        while fib.len() < 30 {
            let n = fib[fib.len() - 1] + fib[fib.len() - 2];
            fib.push(n);
        }
        let mut lengths = Vec::new();
        code_lengths(&fib, 15, &mut lengths);
        assert!(lengths.iter().all(|&l| (1..=15).contains(&l)));
        assert_eq!(kraft(&lengths), 1.0);
        code_lengths(&fib, 7, &mut lengths);
        assert!(lengths.iter().all(|&l| (1..=7).contains(&l)));
        assert_eq!(kraft(&lengths), 1.0);
        // More frequent symbols never get longer codes.
        for w in lengths.windows(2) {
            assert!(w[0] >= w[1], "{lengths:?}");
        }
    }

    /// A burst writes the bits that `put` writes, across words, and
    /// leaves the writer where `put` leaves it.
    #[test]
    fn a_burst_writes_what_put_writes() {
        let codes: Vec<(u32, u32)> = (0..1000u32)
            .map(|i| {
                let n = 1 + i * 7 % 32;
                (i.wrapping_mul(2_654_435_761) & (u32::MAX >> (32 - n)), n)
            })
            .collect();
        let mut plain = BitWriter::default();
        plain.put(0b101, 3);
        for &(v, n) in &codes {
            plain.put(v, n);
        }
        plain.put(0b11, 2);
        plain.align();
        // Told the right number of bits, and far too few (the room grows).
        let total: u64 = codes.iter().map(|&(_, n)| u64::from(n)).sum();
        for told in [total, 8] {
            let mut burst = BitWriter::default();
            burst.put(0b101, 3);
            {
                let mut b = burst.burst(told);
                for &(v, n) in &codes {
                    b.put(v, n);
                }
            }
            burst.put(0b11, 2);
            burst.align();
            assert_eq!(plain.out, burst.out, "told {told} bits");
        }
        assert!(plain.out.len() > 1000);
    }

    #[test]
    fn unlimited_lengths_are_huffman() {
        let mut lengths = Vec::new();
        code_lengths(&[5, 0, 1, 1, 2], 15, &mut lengths);
        assert_eq!(lengths, [1, 0, 3, 3, 2]);
        code_lengths(&[0, 7, 0], 15, &mut lengths);
        assert_eq!(lengths, [0, 1, 0]);
    }

    #[test]
    fn canonical_codes_match_the_rfc_example() {
        // RFC 1951 3.2.2: lengths (3, 3, 3, 3, 3, 2, 4, 4) give
        // 010 011 100 101 110 00 1110 1111.
        let mut codes = Vec::new();
        canonical_codes(&[3, 3, 3, 3, 3, 2, 4, 4], &mut codes);
        let plain = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111];
        let lens = [3, 3, 3, 3, 3, 2, 4, 4];
        for ((&c, &p), &l) in codes.iter().zip(&plain).zip(&lens) {
            assert_eq!(c, (p as u16).reverse_bits() >> (16 - l));
        }
    }
}
