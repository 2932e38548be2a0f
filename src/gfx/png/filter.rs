//! PNG row filters for truecolour boards.
//!
//! Pictures of thousands of colours (photos, scans, anti-aliased art) rarely
//! repeat a run of exact bytes, so the parse finds few matches in them; the
//! difference from the left, upper or Paeth-predicted pixel is small and
//! repetitive, and that is what compresses. Each row gets the filter whose
//! residuals have the smallest sum of magnitudes (libpng's heuristic). Drawn
//! pictures of a few hundred colours often compress better unfiltered
//! (filtering breaks their exact repeats): how many pixels repeat decides
//! which ways the writer tries (`repeats`).
//!
//! The first row of a part may use only None or Sub (no reference to the row
//! above), so a part's bytes depend on its rows alone and it can be copied
//! into every board that shows them (`pieces`).

/// Lays `lines` (each `row` bytes of `bpp`-byte pixels) out as filtered
/// scanlines in `out`, cleared first.
pub(super) fn filtered<'a>(out: &mut Vec<u8>, lines: impl Iterator<Item = &'a [u8]>, bpp: usize) {
    out.clear();
    let mut prev: Option<&[u8]> = None;
    for line in lines {
        let filter = choose(line, prev, bpp);
        out.push(filter);
        apply(out, filter, line, prev, bpp);
        prev = Some(line);
    }
}

/// The magnitude of a residual taken as a signed byte.
#[inline]
fn cost(v: u8) -> u32 {
    u32::from((v as i8).unsigned_abs())
}

#[inline]
fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let (ia, ib, ic) = (i16::from(a), i16::from(b), i16::from(c));
    let p = ia + ib - ic;
    let (pa, pb, pc) = ((p - ia).abs(), (p - ib).abs(), (p - ic).abs());
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

#[inline]
fn average(a: u8, b: u8) -> u8 {
    ((u16::from(a) + u16::from(b)) / 2) as u8
}

/// The filter type (0-4) with the smallest sum of residual magnitudes; the
/// lowest type wins a tie. Without `prev`, only None (0) and Sub (1).
fn choose(line: &[u8], prev: Option<&[u8]>, bpp: usize) -> u8 {
    let bpp = bpp.min(line.len());
    let mut sums = [0u32; 5];
    for &x in &line[..bpp] {
        sums[0] += cost(x);
        sums[1] += cost(x);
    }
    for (&x, &a) in line[bpp..].iter().zip(line) {
        sums[0] += cost(x);
        sums[1] += cost(x.wrapping_sub(a));
    }
    let candidates = match prev {
        None => 2,
        Some(up) => {
            for (&x, &b) in line[..bpp].iter().zip(up) {
                sums[2] += cost(x.wrapping_sub(b));
                sums[3] += cost(x.wrapping_sub(b / 2));
                sums[4] += cost(x.wrapping_sub(b));
            }
            let rest = line[bpp..].iter().zip(line).zip(&up[bpp..]).zip(up);
            for (((&x, &a), &b), &c) in rest {
                sums[2] += cost(x.wrapping_sub(b));
                sums[3] += cost(x.wrapping_sub(average(a, b)));
                sums[4] += cost(x.wrapping_sub(paeth(a, b, c)));
            }
            5
        }
    };
    let mut best = 0;
    for f in 1..candidates {
        if sums[f] < sums[best] {
            best = f;
        }
    }
    best as u8
}

/// Appends `line` filtered with `filter` (a type `choose` can return).
pub(super) fn apply(out: &mut Vec<u8>, filter: u8, line: &[u8], prev: Option<&[u8]>, bpp: usize) {
    let bpp = bpp.min(line.len());
    let (head, tail) = line.split_at(bpp);
    let up = match (filter, prev) {
        (0, _) | (_, None) => {
            out.extend_from_slice(head);
            if filter == 0 {
                out.extend_from_slice(tail);
            } else {
                out.extend(tail.iter().zip(line).map(|(&x, &a)| x.wrapping_sub(a)));
            }
            return;
        }
        (_, Some(up)) => up,
    };
    match filter {
        1 => {
            out.extend_from_slice(head);
            out.extend(tail.iter().zip(line).map(|(&x, &a)| x.wrapping_sub(a)));
        }
        2 => out.extend(line.iter().zip(up).map(|(&x, &b)| x.wrapping_sub(b))),
        3 => {
            out.extend(head.iter().zip(up).map(|(&x, &b)| x.wrapping_sub(b / 2)));
            let rest = tail.iter().zip(line).zip(&up[bpp..]);
            out.extend(rest.map(|((&x, &a), &b)| x.wrapping_sub(average(a, b))));
        }
        _ => {
            out.extend(head.iter().zip(up).map(|(&x, &b)| x.wrapping_sub(b)));
            let rest = tail.iter().zip(line).zip(&up[bpp..]).zip(up);
            out.extend(rest.map(|(((&x, &a), &b), &c)| x.wrapping_sub(paeth(a, b, c))));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Undoes the filters as a decoder does (PNG spec, section 9).
    fn unfilter(data: &[u8], row: usize, bpp: usize) -> Vec<u8> {
        let mut out: Vec<u8> = Vec::new();
        for line in data.chunks_exact(row + 1) {
            let start = out.len();
            for (i, &r) in line[1..].iter().enumerate() {
                let a = if i >= bpp { out[start + i - bpp] } else { 0 };
                let b = if start > 0 { out[start - row + i] } else { 0 };
                let c = if start > 0 && i >= bpp {
                    out[start - row + i - bpp]
                } else {
                    0
                };
                let p = match line[0] {
                    0 => 0,
                    1 => a,
                    2 => b,
                    3 => average(a, b),
                    4 => paeth(a, b, c),
                    f => panic!("filter type {f}"),
                };
                out.push(r.wrapping_add(p));
            }
        }
        out
    }

    #[test]
    fn filtered_rows_decode_to_the_pixels_and_smooth_ramps_are_filtered() {
        let (w, h, bpp) = (37, 23, 3);
        let mut px = Vec::new();
        for y in 0..h {
            for x in 0..w {
                // A ramp on the left, noise-like bytes on the right.
                let v = if x < 20 {
                    [x * 3 + y, y * 5, 100 + x]
                } else {
                    [(x * 97 + y * 31) % 251, (x * y) % 13, 7]
                };
                px.extend(v.map(|c| c as u8));
            }
        }
        let row = w * bpp;
        let mut out = Vec::new();
        filtered(&mut out, px.chunks_exact(row), bpp);
        assert_eq!(out.len(), h * (row + 1));
        assert_eq!(unfilter(&out, row, bpp), px);
        let types: Vec<u8> = out.chunks_exact(row + 1).map(|l| l[0]).collect();
        // The first row may not refer to the row above; the others do.
        assert!(types[0] <= 1, "first row filter {}", types[0]);
        assert!(types[1..].iter().any(|&t| t >= 2), "types {types:?}");
    }

    #[test]
    fn each_filter_type_round_trips() {
        let (w, h, bpp) = (9, 4, 3);
        let px: Vec<u8> = (0..w * h * bpp).map(|i| (i * i % 253) as u8).collect();
        let row = w * bpp;
        for filter in 0..5u8 {
            let mut out = Vec::new();
            let mut prev = None;
            for line in px.chunks_exact(row) {
                let f = if prev.is_none() {
                    filter.min(1)
                } else {
                    filter
                };
                out.push(f);
                apply(&mut out, f, line, prev, bpp);
                prev = Some(line);
            }
            assert_eq!(unfilter(&out, row, bpp), px, "filter {filter}");
        }
    }
}
