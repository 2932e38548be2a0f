//! PNG files for boards: the container (chunks, CRCs, the zlib wrapper) and a
//! deflate parse made for pictures of tiles (see [`deflate`]). Plain PNG:
//! every viewer reads it; the tests decode each file with the `png` crate.
//!
//! Pure Rust and free of any table that depends on the CPU, so the same
//! pixels give the same bytes on every machine and thread count.

mod deflate;
mod huffman;

use deflate::Deflater;
use huffman::BitWriter;

/// Encodes PNGs, keeping its buffers (about three times a board's bytes)
/// from one board to the next.
#[derive(Default)]
pub struct PngWriter {
    deflater: Deflater,
    scanlines: Vec<u8>,
    bits: BitWriter,
}

/// How the scanlines are compressed. The pixels are the same with each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The tile parse: nearby pixels and one hash probe ([`deflate`]).
    Tiles,
    /// The tile parse without the hash probe: nearby pixels only.
    Near,
    /// Zopfli's optimal parse with this many iterations: the smallest
    /// streams, at hundreds of times the cost.
    Zopfli(u8),
}

/// How a board's pixels are stored.
#[derive(Clone, Copy)]
pub enum Pixels<'a> {
    /// 8-bit RGB, row after row.
    Rgb(&'a [u8]),
    /// One byte a pixel, indexing `palette` (at most 256 entries).
    Indexed {
        palette: &'a [[u8; 3]],
        indices: &'a [u8],
    },
}

impl PngWriter {
    /// Writes a complete PNG of `width` x `height` pixels into `out` (cleared first).
    pub fn encode(
        &mut self,
        width: u32,
        height: u32,
        pixels: Pixels,
        method: Method,
        out: &mut Vec<u8>,
    ) {
        let (data, bpp, color_type) = match pixels {
            Pixels::Rgb(data) => (data, 3, 2),
            Pixels::Indexed { indices, .. } => (indices, 1, 3),
        };
        let row = width as usize * bpp;
        debug_assert_eq!(data.len(), row * height as usize);
        // Filter type 0 (none) on every row: the parse finds the neighbours
        // that filters would subtract, and drawn tiles compress better
        // unfiltered (measured in docs/performance.md).
        self.scanlines.clear();
        for line in data.chunks_exact(row.max(1)) {
            self.scanlines.push(0);
            self.scanlines.extend_from_slice(line);
        }
        self.bits.out.clear();
        // zlib header: deflate with a 32 KiB window, no dictionary.
        self.bits.out.extend_from_slice(&[0x78, 0x5e]);
        match method {
            Method::Tiles | Method::Near => {
                let hash = method == Method::Tiles;
                let shape = (row + 1, bpp);
                (self.deflater).compress(&self.scanlines, shape, hash, true, &mut self.bits);
                self.bits.align();
            }
            Method::Zopfli(iterations) => zopfli(&self.scanlines, iterations, &mut self.bits.out),
        }
        let mut adler = simd_adler32::Adler32::new();
        adler.write(&self.scanlines);
        self.bits
            .out
            .extend_from_slice(&adler.finish().to_be_bytes());

        out.clear();
        out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
        let mut ihdr = [0u8; 13];
        ihdr[..4].copy_from_slice(&width.to_be_bytes());
        ihdr[4..8].copy_from_slice(&height.to_be_bytes());
        ihdr[8] = 8;
        ihdr[9] = color_type;
        chunk(out, b"IHDR", &ihdr);
        if let Pixels::Indexed { palette, .. } = pixels {
            let plte: Vec<u8> = palette.iter().flatten().copied().collect();
            chunk(out, b"PLTE", &plte);
        }
        chunk(out, b"IDAT", &self.bits.out);
        chunk(out, b"IEND", &[]);
    }
}

fn zopfli(data: &[u8], iterations: u8, out: &mut Vec<u8>) {
    let options = zopfli::Options {
        iteration_count: std::num::NonZeroU64::MIN.saturating_add(u64::from(iterations)),
        ..zopfli::Options::default()
    };
    let mut encoder = zopfli::DeflateEncoder::new(options, zopfli::BlockType::Dynamic, out);
    // Writing into a Vec cannot fail.
    let _ = std::io::Write::write_all(&mut encoder, data);
    let _ = encoder.finish();
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32fast::hash(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

#[cfg(test)]
mod tests;
