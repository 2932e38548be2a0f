//! The code-length part of a dynamic block header (RFC 1951, 3.2.7): the
//! literal/length and distance code lengths, run-length coded and written
//! with a third Huffman code of their own.

use super::super::huffman::{canonical_codes, code_lengths, BitWriter};

/// A block's header, measured before it is written: the block is stored
/// instead when that is smaller.
pub(super) struct Header {
    /// Run-length coded lengths: (symbol 0..=18, extra bits value).
    runs: Vec<(u8, u8)>,
    hlit: usize,
    hdist: usize,
    cl_len: Vec<u8>,
    hclen: usize,
    /// Its size in bits, for choosing between a dynamic and a stored block.
    pub(super) bits: u64,
}

const CL_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

impl Header {
    pub(super) fn new(lit_len: &[u8], dist_len: &[u8]) -> Header {
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

    pub(super) fn write(&self, out: &mut BitWriter) {
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
