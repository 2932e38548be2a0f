//! Compressed parts of pictures kept for reuse: the rows of tiles that the
//! boards of one puzzle share.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::band::Band;

/// Bytes of compressed parts one [`Pieces`] keeps at most; past it, new
/// parts are compressed each time (the bytes are the same either way).
const CAP: usize = 64 << 20;

/// A run of `rows` rows of a picture, compressed on its own. Two parts with
/// the same `key` must have the same bytes (the caller knows why: the same
/// tiles in the same turns); a part without a key is never shared.
pub struct Part {
    pub rows: u32,
    pub key: Option<Vec<u32>>,
    /// Where the key's entries stand in each row: entry `k` is the pixels
    /// `left + k * width ..` of every row of the part, and two entries that
    /// are equal (in any part of the picture, at any column) are the same
    /// pixels. Truecolour parts are then compressed from a parse of each
    /// entry's band, made once ([`super::band`]).
    pub columns: Option<Columns>,
}

/// See [`Part::columns`]; in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Columns {
    pub left: u32,
    pub width: u32,
}

/// Compressed parts by key, shared by the threads encoding one puzzle's
/// boards. Whichever thread compresses a part first, its bytes are the
/// same, so the files do not depend on the thread count.
pub struct Pieces {
    kept: Mutex<Kept>,
    /// Bytes kept at most.
    cap: usize,
}

impl Default for Pieces {
    fn default() -> Self {
        Pieces::with_cap(CAP)
    }
}

#[derive(Default)]
struct Kept {
    /// By the parse's hash probe (`[off, on]`), then by the part's key.
    maps: [HashMap<Vec<u32>, Arc<Piece>>; 2],
    /// Parsed bands of one key entry ([`super::band`]), counted in `bytes`.
    bands: HashMap<BandKey, Arc<Band>>,
    bytes: usize,
}

/// What a band's parse depends on besides its pixels: the entry that names
/// them, the probe, the scanline's length (its distances) and the band's
/// size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct BandKey {
    pub entry: u32,
    pub hash: bool,
    pub row: usize,
    pub lines: usize,
    pub width: usize,
}

/// A part as compressed, with the checksum of its scanlines, so that a
/// board using it never lays those rows out.
pub(super) struct Piece {
    pub deflate: Vec<u8>,
    pub adler: Adler,
}

impl Pieces {
    /// Keeping at most `cap` bytes (and never more than 64 MiB): a
    /// puzzle's memory budget counts what it keeps.
    pub fn with_cap(cap: usize) -> Pieces {
        Pieces {
            kept: Mutex::default(),
            cap: cap.min(CAP),
        }
    }

    pub(super) fn get(&self, hash: bool, key: &[u32]) -> Option<Arc<Piece>> {
        let kept = self.kept.lock().ok()?;
        kept.maps[usize::from(hash)].get(key).cloned()
    }

    /// Is the part with `key` kept for `method`? Once kept, a part stays
    /// kept, so its rows need not be painted.
    pub fn has(&self, method: super::Method, key: &[u32]) -> bool {
        method
            .probes()
            .is_some_and(|hash| self.get(hash, key).is_some())
    }

    pub(super) fn band(&self, key: &BandKey) -> Option<Arc<Band>> {
        let kept = self.kept.lock().ok()?;
        kept.bands.get(key).cloned()
    }

    /// Keeps `band` if there is room; it is used either way.
    pub(super) fn keep_band(&self, key: BandKey, band: &Arc<Band>) {
        if let Ok(mut kept) = self.kept.lock() {
            let size = band.bytes();
            if kept.bytes + size > self.cap || kept.bands.contains_key(&key) {
                return;
            }
            kept.bytes += size;
            kept.bands.insert(key, Arc::clone(band));
        }
    }

    pub(super) fn keep(&self, hash: bool, key: &[u32], deflate: &[u8], adler: Adler) {
        if let Ok(mut kept) = self.kept.lock() {
            let full = kept.bytes + deflate.len() > self.cap;
            if full || kept.maps[usize::from(hash)].contains_key(key) {
                return;
            }
            kept.bytes += deflate.len();
            let piece = Arc::new(Piece {
                deflate: deflate.to_vec(),
                adler,
            });
            kept.maps[usize::from(hash)].insert(key.to_vec(), piece);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Adler;

    #[test]
    fn checksums_of_parts_combine_into_the_checksum_of_the_whole() {
        let bytes: Vec<u8> = (0..200_000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        for cuts in [
            vec![0],
            vec![5],
            vec![65_520, 65_521, 65_522],
            vec![1, 70_000, 140_000, 200_000],
        ] {
            let mut whole = Adler::default();
            let mut from = 0;
            for &cut in cuts.iter().chain([&bytes.len()]) {
                whole.append(Adler::of(&bytes[from..cut]));
                from = cut;
            }
            assert_eq!(whole, Adler::of(&bytes), "cuts {cuts:?}");
        }
        // 255s make the sums as large as they get.
        let high = vec![255u8; 300_000];
        let mut whole = Adler::of(&high[..123_457]);
        whole.append(Adler::of(&high[123_457..]));
        assert_eq!(whole, Adler::of(&high));
    }
}

#[cfg(test)]
impl Pieces {
    pub(super) fn clear_for_test(&self) {
        if let Ok(mut kept) = self.kept.lock() {
            *kept = Kept::default();
        }
    }

    #[cfg(test)]
    pub(super) fn bands_for_test(&self) -> usize {
        self.kept.lock().map_or(0, |k| k.bands.len())
    }

    #[cfg(test)]
    pub(super) fn len_for_test(&self) -> usize {
        self.kept
            .lock()
            .map_or(0, |k| k.maps.iter().map(HashMap::len).sum())
    }
}

/// zlib's Adler-32 of some bytes with their length, so that the checksum of
/// a stream can be put together from its parts' (zlib's `adler32_combine`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Adler {
    value: u32,
    len: u64,
}

const MOD: u64 = 65521;

impl Default for Adler {
    /// The checksum of no bytes.
    fn default() -> Self {
        Adler { value: 1, len: 0 }
    }
}

impl Adler {
    pub(super) fn of(bytes: &[u8]) -> Adler {
        let mut a = simd_adler32::Adler32::new();
        a.write(bytes);
        Adler {
            value: a.finish(),
            len: bytes.len() as u64,
        }
    }

    pub(super) fn value(&self) -> u32 {
        self.value
    }

    /// Becomes the checksum of these bytes followed by `next`'s.
    pub(super) fn append(&mut self, next: Adler) {
        let (a1, b1) = (u64::from(self.value & 0xffff), u64::from(self.value >> 16));
        let (a2, b2) = (u64::from(next.value & 0xffff), u64::from(next.value >> 16));
        // Each byte of `next` adds `a` once more to `b` for every byte
        // before it: `b` gains `len2 * a1`, and `a` gains `a1 - 1` (the
        // initial 1 is counted once).
        let rem = next.len % MOD;
        let a = (a1 + a2 + MOD - 1) % MOD;
        let b = (b1 + b2 + rem * a1 % MOD + MOD - rem) % MOD;
        self.value = (b << 16 | a) as u32;
        self.len += next.len;
    }
}
