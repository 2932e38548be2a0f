//! Truecolour rows of tiles compressed from their tiles' parses.
//!
//! Within one puzzle a tile in a given turn is the same pixels in every
//! board, and most of a board's rows of tiles that are not copied whole
//! (`pieces`) still show tiles seen in other rows. With the filter of each
//! scanline fixed by its place in the row (Sub on the first, Paeth on the
//! others), a tile's filtered bytes are the same wherever it stands except
//! its first pixel (the left neighbour enters it), so the tile's band
//! without that pixel is filtered and parsed once a puzzle
//! ([`Deflater::parse_band`]) and its symbols placed into each row that
//! shows it. The bytes between bands (the frame, each band's first pixel,
//! the filter types) are literals. What the file holds depends only on the
//! row's pixels, so it does not depend on which board or thread parsed a
//! band first, nor on whether the band was kept.

use std::sync::Arc;

use super::deflate::covers;
use super::pieces::{Adler, BandKey, Columns, Pieces};
use super::{filter, PngWriter};

/// A row of tiles' layout, its key and where its bands are kept.
pub(super) type Bands<'a> = (Columns, &'a [u32], &'a Pieces);

/// A band's filtered bytes (its lines without their first pixel, one after
/// the other) and its matches, each as (offset in `filtered`, symbol).
pub(super) struct Band {
    filtered: Vec<u8>,
    matches: Vec<(u32, u32)>,
}

impl Band {
    /// What keeping it costs.
    pub(super) fn bytes(&self) -> usize {
        self.filtered.len() + 8 * self.matches.len()
    }
}

/// The filter type of scanline `y` of a row of tiles: the first may not
/// refer to the row above (the part must not depend on it).
fn line_filter(y: usize) -> u8 {
    if y == 0 {
        1
    } else {
        4
    }
}

/// Whether `rows` can be compressed by bands of `columns` named by `key`:
/// every band inside the row, and wide enough to parse.
pub(super) fn fits(columns: Columns, key: &[u32], (row, bpp): (usize, usize)) -> bool {
    let (left, width) = (columns.left as usize, columns.width as usize);
    let right = key
        .len()
        .checked_mul(width)
        .and_then(|w| w.checked_add(left))
        .and_then(|px| px.checked_mul(bpp));
    width > 2 && bpp > 0 && right.is_some_and(|r| r <= row)
}

impl PngWriter {
    /// Compresses `rows` (each `row` bytes) onto `self.bits` from the
    /// bands of `key` laid out by `columns` (checked by [`fits`]), taking
    /// and keeping the bands in `pieces`; returns the scanlines' checksum.
    pub(super) fn squeeze_bands(
        &mut self,
        rows: &[&[u8]],
        (row, bpp): (usize, usize),
        (columns, key, pieces): Bands,
        (hash, last): (bool, bool),
    ) -> Adler {
        let (left, width) = (columns.left as usize * bpp, columns.width as usize * bpp);
        let bands: Vec<Arc<Band>> = key
            .iter()
            .enumerate()
            .map(|(k, &entry)| {
                let band_key = BandKey {
                    entry,
                    hash,
                    row: row + 1,
                    lines: rows.len(),
                    width,
                };
                pieces.band(&band_key).unwrap_or_else(|| {
                    let at = left + k * width;
                    let band = Arc::new(self.band(rows, (at, width), (row + 1, bpp), hash));
                    pieces.keep_band(band_key, &band);
                    band
                })
            })
            .collect();
        let (out, parsed) = (&mut self.filtered, &mut self.parsed);
        out.clear();
        parsed.clear();
        let inner = width - bpp;
        let mut next = vec![0usize; bands.len()];
        for (y, &line) in rows.iter().enumerate() {
            let f = line_filter(y);
            let prev = y.checked_sub(1).map(|p| rows[p]);
            let from = out.len();
            out.push(f);
            span(out, (f, line, prev, bpp), 0, left);
            literals(parsed, &out[from..]);
            for (k, band) in bands.iter().enumerate() {
                let at = left + k * width;
                let from = out.len();
                span(out, (f, line, prev, bpp), at, at + bpp);
                literals(parsed, &out[from..]);
                // The band's line: literals up to each match, the match.
                let (start, end) = (y * inner, (y + 1) * inner);
                out.extend_from_slice(&band.filtered[start..end]);
                let mut x = start;
                while let Some(&(at, symbol)) = band.matches.get(next[k]) {
                    let at = at as usize;
                    if at >= end {
                        break;
                    }
                    literals(parsed, &band.filtered[x..at]);
                    parsed.push(symbol);
                    x = at + covers(symbol);
                    next[k] += 1;
                }
                literals(parsed, &band.filtered[x..end]);
            }
            let from = out.len();
            span(out, (f, line, prev, bpp), left + bands.len() * width, row);
            literals(parsed, &out[from..]);
        }
        let (data, symbols) = (&self.filtered, &self.parsed);
        (self.deflater).write_parsed(data, symbols, last, &mut self.bits);
        self.bits.align();
        Adler::of(&self.filtered)
    }

    /// Filters and parses the band of `rows` at bytes `at..at + width`.
    fn band(
        &mut self,
        rows: &[&[u8]],
        (at, width): (usize, usize),
        (row, bpp): (usize, usize),
        hash: bool,
    ) -> Band {
        let mut filtered = Vec::with_capacity((width - bpp) * rows.len());
        for (y, &line) in rows.iter().enumerate() {
            let prev = y.checked_sub(1).map(|p| &rows[p][at..at + width]);
            let from = filtered.len();
            filter::apply(
                &mut filtered,
                line_filter(y),
                &line[at..at + width],
                prev,
                bpp,
            );
            // The first pixel depends on the left neighbour: not the band's.
            filtered.drain(from..from + bpp);
        }
        let matches = (self.deflater).parse_band(&filtered, (width - bpp, row, bpp), hash);
        Band { filtered, matches }
    }
}

/// Appends bytes `from..to` of `line` filtered with `f` as the whole line
/// is (`from` is 0 or at least `bpp`: the pixel to its left is in `line`).
fn span(
    out: &mut Vec<u8>,
    (f, line, prev, bpp): (u8, &[u8], Option<&[u8]>, usize),
    from: usize,
    to: usize,
) {
    if from >= to {
        return;
    }
    let back = from.min(bpp);
    let at = out.len();
    let prev = prev.map(|p| &p[from - back..to]);
    filter::apply(out, f, &line[from - back..to], prev, bpp);
    out.drain(at..at + back);
}

fn literals(parsed: &mut Vec<u32>, bytes: &[u8]) {
    parsed.extend(bytes.iter().map(|&b| u32::from(b)));
}
