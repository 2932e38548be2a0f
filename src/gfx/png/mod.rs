//! PNG files for boards: the container (chunks, CRCs, the zlib wrapper) and a
//! deflate parse made for pictures of tiles (see [`deflate`]). Plain PNG:
//! every viewer reads it; the tests decode each file with the `png` crate,
//! every checksum checked (`strict`).
//!
//! Pure Rust and free of any table that depends on the CPU, so the same
//! pixels give the same bytes on every machine and thread count.

mod band;
mod deflate;
mod filter;
mod huffman;
mod pieces;
mod repeats;
#[cfg(test)]
pub(crate) mod strict;

use deflate::Deflater;
use huffman::BitWriter;
pub use pieces::{Columns, Part, Pieces};
use repeats::Repeats;

/// Encodes PNGs, keeping its buffers (about three times a board's bytes)
/// from one board to the next.
#[derive(Default)]
pub struct PngWriter {
    deflater: Deflater,
    scanlines: Vec<u8>,
    filtered: Vec<u8>,
    /// A row of tiles' symbols, placed from its bands' parses.
    parsed: Vec<u32>,
    bits: BitWriter,
    spare: BitWriter,
}

/// How the scanlines are compressed. The pixels are the same with each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The tile parse: nearby pixels and one hash probe ([`deflate`]).
    Tiles,
    /// The tile parse without the hash probe: nearby pixels only.
    Near,
    /// Zopfli's optimal parse with this many iterations: the smallest
    /// streams, at hundreds of times the cost (see
    /// [`PngWriter::encode_zopfli`]).
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
        let Method::Zopfli(iterations) = method else {
            // The tile parses: one part, the whole picture.
            let nothing_kept = Pieces::default();
            return self.encode_parts(width, height, pixels, method, (&[], &nothing_kept), out);
        };
        self.encode_zopfli(width, height, pixels, iterations, &|| false, out);
    }

    /// As [`PngWriter::encode`] with [`Method::Zopfli`], given up as soon
    /// as `stop` says so: then `false`, and `out` is left empty. Zopfli
    /// cannot be interrupted and takes seconds to minutes a board, so it
    /// runs on a thread of its own while this one polls `stop`; a thread
    /// given up on finishes alone and its result is dropped.
    pub fn encode_zopfli(
        &mut self,
        width: u32,
        height: u32,
        pixels: Pixels,
        iterations: u8,
        stop: &dyn Fn() -> bool,
        out: &mut Vec<u8>,
    ) -> bool {
        out.clear();
        let (data, bpp) = pixels.bytes();
        plain(
            &mut self.scanlines,
            data.chunks_exact((width as usize * bpp).max(1)),
        );
        let adler = pieces::Adler::of(&self.scanlines).value();
        let input = std::sync::Arc::new(std::mem::take(&mut self.scanlines));
        let stream = zopfli_until(&input, iterations, stop);
        // The thread has let go of the scanlines unless it was given up on.
        self.scanlines = std::sync::Arc::try_unwrap(input).unwrap_or_default();
        let Some(stream) = stream else {
            return false;
        };
        self.bits.out.clear();
        self.bits.out.extend_from_slice(&ZLIB_HEADER);
        self.bits.out.extend_from_slice(&stream);
        self.finish(width, height, pixels, adler, out);
        true
    }

    /// As [`PngWriter::encode`], the rows cut into `parts` that are
    /// compressed each on its own (no match reaches into an earlier part)
    /// and end on a byte: a part whose key is in `pieces` is copied from
    /// there, its rows not read at all (the caller need not have painted
    /// them), and a new one is kept there. The boards of one puzzle share
    /// whole rows of tiles, so most of them are compressed once. Rows after
    /// the parts are compressed as the last part. Zopfli compresses the
    /// whole picture, as [`PngWriter::encode`] does.
    pub fn encode_parts(
        &mut self,
        width: u32,
        height: u32,
        pixels: Pixels,
        method: Method,
        (parts, pieces): (&[Part], &Pieces),
        out: &mut Vec<u8>,
    ) {
        let Some(hash) = method.probes() else {
            return self.encode(width, height, pixels, method, out);
        };
        let (data, bpp) = pixels.bytes();
        let row = width as usize * bpp;
        self.bits.out.clear();
        self.bits.out.extend_from_slice(&ZLIB_HEADER);
        let mut adler = pieces::Adler::default();
        let mut lines = data.chunks_exact(row.max(1)).take(height as usize);
        for part in parts {
            let rows = lines.by_ref().take(part.rows as usize);
            if let Some(piece) = part.key.as_ref().and_then(|k| pieces.get(hash, k)) {
                rows.for_each(drop);
                self.bits.out.extend_from_slice(&piece.deflate);
                adler.append(piece.adler);
                continue;
            }
            let rows: Vec<&[u8]> = rows.collect();
            let from = self.bits.out.len();
            let bands = (part.columns.zip(part.key.as_deref()))
                .filter(|&(c, k)| band::fits(c, k, (row, bpp)))
                .map(|(c, k)| (c, k, pieces));
            let part_adler = self.squeeze(&rows, (row, bpp), (hash, bands), false);
            adler.append(part_adler);
            if let Some(key) = &part.key {
                pieces.keep(hash, key, &self.bits.out[from..], part_adler);
            }
        }
        let rest: Vec<&[u8]> = lines.collect();
        if rest.is_empty() {
            // An empty final block with the fixed codes: 10 bits.
            self.bits.put(0b011, 3);
            self.bits.put(0, 7);
        } else {
            adler.append(self.squeeze(&rest, (row, bpp), (hash, None), true));
        }
        self.bits.align();
        self.finish(width, height, pixels, adler.value(), out);
    }

    /// Compresses `rows` onto `self.bits` (byte-aligned before and after)
    /// and returns the checksum of their scanlines. How depends on how many
    /// pixels repeat a neighbour ([`repeats`]): photos and scans are only
    /// filtered (unfiltered, they have nothing to match), drawn art is
    /// compressed both unfiltered and filtered (from its bands where
    /// given: parsed once a puzzle, not once a row) and the shorter kept, and
    /// rows where nearly every pixel repeats are only unfiltered unless
    /// they are few pixels (then compressing twice costs little, and a
    /// small flat drawing with a gradient still gains from filters). The
    /// choice depends on the rows alone, as the bytes must ([`band`]).
    fn squeeze(
        &mut self,
        rows: &[&[u8]],
        (row, bpp): (usize, usize),
        (hash, bands): (bool, Option<band::Bands>),
        last: bool,
    ) -> pieces::Adler {
        let from = self.bits.out.len();
        let class = (bpp > 1).then(|| repeats::repeats(rows, bpp));
        if class == Some(Repeats::Few) {
            if let Some(bands) = bands {
                return self.squeeze_bands(rows, (row, bpp), bands, (hash, last));
            }
            filter::filtered(&mut self.filtered, rows.iter().copied(), bpp);
            let shape = (row + 1, bpp, true);
            (self.deflater).compress(&self.filtered, shape, hash, last, &mut self.bits);
            self.bits.align();
            return pieces::Adler::of(&self.filtered);
        }
        plain(&mut self.scanlines, rows.iter().copied());
        let shape = (row + 1, bpp, false);
        (self.deflater).compress(&self.scanlines, shape, hash, last, &mut self.bits);
        self.bits.align();
        let small = rows.len().saturating_mul(row / bpp.max(1)) <= BOTH_WAYS_PIXELS;
        if class.is_none() || (class == Some(Repeats::Most) && !small) {
            return pieces::Adler::of(&self.scanlines);
        }
        if let Some(bands) = bands {
            // Drawn art's rows: unfiltered, or filtered by bands.
            self.spare.out.clear();
            self.spare.out.extend_from_slice(&self.bits.out[from..]);
            self.bits.out.truncate(from);
            let adler = self.squeeze_bands(rows, (row, bpp), bands, (hash, last));
            if self.bits.out.len() - from <= self.spare.out.len() {
                return adler;
            }
            self.bits.out.truncate(from);
            self.bits.out.extend_from_slice(&self.spare.out);
            return pieces::Adler::of(&self.scanlines);
        }
        filter::filtered(&mut self.filtered, rows.iter().copied(), bpp);
        self.spare.out.clear();
        let shape = (row + 1, bpp, true);
        (self.deflater).compress(&self.filtered, shape, hash, last, &mut self.spare);
        self.spare.align();
        if self.spare.out.len() < self.bits.out.len() - from {
            self.bits.out.truncate(from);
            self.bits.out.extend_from_slice(&self.spare.out);
            return pieces::Adler::of(&self.filtered);
        }
        pieces::Adler::of(&self.scanlines)
    }

    /// Ends the zlib stream with the `adler` of all scanlines and writes
    /// the PNG's chunks into `out`.
    fn finish(&mut self, width: u32, height: u32, pixels: Pixels, adler: u32, out: &mut Vec<u8>) {
        self.bits.out.extend_from_slice(&adler.to_be_bytes());
        let color_type = match pixels {
            Pixels::Rgb(_) => 2,
            Pixels::Indexed { .. } => 3,
        };
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

/// Rows that repeat nearly every pixel and are at most this many pixels are
/// still compressed both ways ([`PngWriter::squeeze`]).
const BOTH_WAYS_PIXELS: usize = 1 << 18;

/// zlib header: deflate with a 32 KiB window, no dictionary.
const ZLIB_HEADER: [u8; 2] = [0x78, 0x5e];

/// Lays `lines` out as unfiltered scanlines (filter type 0) in `out`,
/// cleared first: the parse finds the neighbours that filters would
/// subtract. Truecolour rows are also tried filtered (`squeeze`).
fn plain<'a>(out: &mut Vec<u8>, lines: impl Iterator<Item = &'a [u8]>) {
    out.clear();
    for line in lines {
        out.push(0);
        out.extend_from_slice(line);
    }
}

impl Method {
    /// Whether the tile parse adds its hash probe; `None` for Zopfli.
    fn probes(self) -> Option<bool> {
        match self {
            Method::Tiles => Some(true),
            Method::Near => Some(false),
            Method::Zopfli(_) => None,
        }
    }
}

impl Pixels<'_> {
    /// The bytes and the bytes a pixel.
    fn bytes(&self) -> (&[u8], usize) {
        match *self {
            Pixels::Rgb(data) => (data, 3),
            Pixels::Indexed { indices, .. } => (indices, 1),
        }
    }
}

/// Zopfli compresses its input this many bytes at a time (the master block
/// of zopfli's own `compress`): its match cache takes about 28 bytes per
/// input byte of the block, so a whole board of 64 million RGB pixels at
/// once would take 5 GB.
const ZOPFLI_BLOCK: usize = 1_000_000;

/// How often a thread waiting for zopfli asks whether to stop.
const ZOPFLI_POLL: std::time::Duration = std::time::Duration::from_millis(20);

/// The deflate stream zopfli makes of `data`, on a thread of its own that
/// is given up on (`None`) once `stop` says so. Where no thread can be
/// started, zopfli runs here, to the end: the bytes never depend on it.
fn zopfli_until(
    data: &std::sync::Arc<Vec<u8>>,
    iterations: u8,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<u8>> {
    use std::sync::mpsc::{channel, RecvTimeoutError};
    let (tx, rx) = channel();
    let job = {
        let data = std::sync::Arc::clone(data);
        move || {
            let mut stream = Vec::new();
            zopfli(&data, (iterations, ZOPFLI_BLOCK), &mut stream);
            drop(data);
            let _ = tx.send(stream);
        }
    };
    if std::thread::Builder::new()
        .name("zopfli".into())
        .spawn(job)
        .is_err()
    {
        let mut stream = Vec::new();
        zopfli(data, (iterations, ZOPFLI_BLOCK), &mut stream);
        return Some(stream);
    }
    loop {
        match rx.recv_timeout(ZOPFLI_POLL) {
            Ok(stream) => return Some(stream),
            Err(RecvTimeoutError::Timeout) if !stop() => {}
            // Stopped, or the thread died (a bug in zopfli): the other
            // encoding stands.
            Err(_) => return None,
        }
    }
}

/// Zopfli's deflate stream of `data`, compressed `block` bytes at a time.
fn zopfli(data: &[u8], (iterations, block): (u8, usize), out: &mut Vec<u8>) {
    let options = zopfli::Options {
        iteration_count: std::num::NonZeroU64::MIN.saturating_add(u64::from(iterations)),
        ..zopfli::Options::default()
    };
    let mut encoder = zopfli::DeflateEncoder::new(options, zopfli::BlockType::Dynamic, out);
    for part in data.chunks(block.max(1)) {
        // Writing into a Vec cannot fail.
        let _ = std::io::Write::write_all(&mut encoder, part);
    }
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
mod band_tests;
#[cfg(test)]
mod tests;
