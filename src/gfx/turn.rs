//! Quarter turns of square pictures, counter-clockwise (the seed's
//! convention), into a buffer the caller owns.

/// `base`, `s` x `s` pixels of `BPP` bytes, after `turns` counter-clockwise
/// quarter turns, written over every byte of `out` (its size).
pub(crate) fn turn_ccw<const BPP: usize>(base: &[u8], s: usize, turns: usize, out: &mut [u8]) {
    match turns % 4 {
        0 => out.copy_from_slice(base),
        2 => {
            let (src, _) = base.as_chunks::<BPP>();
            let (dst, _) = out.as_chunks_mut::<BPP>();
            for (o, p) in dst.iter_mut().zip(src.iter().rev()) {
                *o = *p;
            }
        }
        t => turn_by_columns::<BPP>(base, s, t == 3, out),
    }
}

/// One or (`three`) three quarter turns of any pixels: each row of the
/// result is one column of the picture, read walking the picture's rows in
/// step, so the column's cache lines are the next row's too. (Turning
/// palette tiles 8 x 8 pixels at a time in registers was barely faster,
/// not worth the extra code: docs/performance.md.)
fn turn_by_columns<const BPP: usize>(base: &[u8], s: usize, three: bool, out: &mut [u8]) {
    let row = s * BPP;
    let rows = base.chunks_exact(row);
    // Result row `ty` is column `s-1-ty` read downwards (one turn) or
    // column `ty` read upwards (three).
    for (ty, line) in out.chunks_exact_mut(row).enumerate() {
        let pixels = line.chunks_exact_mut(BPP);
        match three {
            false => {
                let x = (s - 1 - ty) * BPP;
                for (o, src) in pixels.zip(rows.clone()) {
                    o.copy_from_slice(&src[x..x + BPP]);
                }
            }
            true => {
                let x = ty * BPP;
                for (o, src) in pixels.zip(rows.clone().rev()) {
                    o.copy_from_slice(&src[x..x + BPP]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pixel (x, y) of the picture turned `turns` times, by the definition:
    /// a counter-clockwise turn takes (x, y) to (y, s-1-x).
    fn slow(base: &[u8], s: usize, bpp: usize, turns: usize) -> Vec<u8> {
        let mut cur = base.to_vec();
        for _ in 0..turns {
            let mut next = vec![0; cur.len()];
            for y in 0..s {
                for x in 0..s {
                    let (to, from) = ((s - 1 - x) * s + y, y * s + x);
                    next[to * bpp..(to + 1) * bpp]
                        .copy_from_slice(&cur[from * bpp..(from + 1) * bpp]);
                }
            }
            cur = next;
        }
        cur
    }

    #[test]
    fn every_turn_of_every_size_matches_the_definition_over_a_used_buffer() {
        for s in [1, 2, 3, 7, 8, 9, 16, 17, 24, 30] {
            let n = s * s;
            let idx: Vec<u8> = (0..n).map(|i| (i * 37 % 251) as u8).collect();
            let rgb: Vec<u8> = (0..n * 3).map(|i| (i * 11 % 253) as u8).collect();
            for turns in 0..4 {
                let mut out = vec![0xA5; n];
                turn_ccw::<1>(&idx, s, turns, &mut out);
                assert_eq!(out, slow(&idx, s, 1, turns), "indices s {s} turns {turns}");
                let mut out = vec![0x5A; n * 3];
                turn_ccw::<3>(&rgb, s, turns, &mut out);
                assert_eq!(out, slow(&rgb, s, 3, turns), "rgb s {s} turns {turns}");
            }
        }
    }

    #[test]
    fn one_turn_is_counter_clockwise() {
        // 2 x 2: [a b / c d] turned once counter-clockwise is [b d / a c].
        let mut out = [0; 4];
        turn_ccw::<1>(&[1, 2, 3, 4], 2, 1, &mut out);
        assert_eq!(out, [2, 4, 1, 3]);
    }
}
