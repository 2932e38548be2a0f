//! How much of a truecolour picture repeats itself exactly, which decides how
//! its rows are compressed (`PngWriter::squeeze`).
//!
//! Photos and scans of thousands of colours rarely repeat a pixel; they
//! compress only filtered. Drawn art repeats most pixels (flat fills) but
//! its anti-aliased edges and gradients still gain from filters, so it is
//! compressed both ways and the shorter kept. Pictures where nearly every
//! pixel repeats its left or upper neighbour (plain cards, flat drawings)
//! compress better unfiltered, the filtered try loses by about a third, and
//! that try (choosing a filter for every line, then a second parse) cost
//! several times the unfiltered parse: they are compressed unfiltered only.

/// How many of a picture's pixels repeat the one to their left or the one
/// above.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Repeats {
    /// Fewer than three in four: photos, scans.
    Few,
    /// From three in four up to fifteen in sixteen: drawn art.
    Many,
    /// At least fifteen in sixteen: plain cards, flat drawings.
    Most,
}

/// Counts the pixels of `rows` (`bpp` bytes a pixel) that repeat their left
/// or upper neighbour, stopping as soon as the class is settled (for photos
/// after about a quarter of the pixels). A line equal to the one above
/// repeats in every pixel and is compared as a whole.
pub(super) fn repeats(rows: &[&[u8]], bpp: usize) -> Repeats {
    match bpp {
        3 => count::<3>(rows),
        4 => count::<4>(rows),
        _ => count_any(rows, bpp.max(1)),
    }
}

/// The two marks, in pixels of `all`: at least `many` repeat for
/// [`Repeats::Many`], at least `most` for [`Repeats::Most`].
struct Marks {
    many: usize,
    most: usize,
}

impl Marks {
    fn of(all: usize) -> Marks {
        Marks {
            many: (3 * all).div_ceil(4),
            most: (15 * all).div_ceil(16),
        }
    }

    /// The class once `same` pixels repeat and `left` are still to count,
    /// if it is settled.
    fn settled(&self, same: usize, left: usize) -> Option<Repeats> {
        if same >= self.most {
            Some(Repeats::Most)
        } else if same + left < self.many {
            Some(Repeats::Few)
        } else if same >= self.many && same + left < self.most {
            Some(Repeats::Many)
        } else {
            None
        }
    }

    fn of_count(&self, same: usize) -> Repeats {
        if same >= self.most {
            Repeats::Most
        } else if same >= self.many {
            Repeats::Many
        } else {
            Repeats::Few
        }
    }
}

fn count<const BPP: usize>(rows: &[&[u8]]) -> Repeats {
    let all: usize = rows.iter().map(|r| r.len() / BPP).sum();
    let marks = Marks::of(all);
    let (mut same, mut left) = (0usize, all);
    let mut prev: Option<&[u8]> = None;
    for &line in rows {
        same += line_count::<BPP>(line, prev);
        left -= line.len() / BPP;
        if let Some(class) = marks.settled(same, left) {
            return class;
        }
        prev = Some(line);
    }
    marks.of_count(same)
}

/// Pixels compared as one run before one by one: in flat areas a whole run
/// repeats the one to its left or above.
const RUN: usize = 8;

/// How many pixels of `line` repeat the one to their left or the one above
/// in `up`.
fn line_count<const BPP: usize>(line: &[u8], up: Option<&[u8]>) -> usize {
    let n = line.len() / BPP;
    let line = &line[..n * BPP];
    let up = up.and_then(|u| u.get(..n * BPP));
    if n == 0 || up == Some(line) {
        return n;
    }
    // As arrays, compared inline (a call to `memcmp` for every pixel cost
    // more than the comparison).
    let at = |x: usize| line[x * BPP..].first_chunk::<BPP>();
    let above = |x: usize| up.and_then(|u| u[x * BPP..].first_chunk::<BPP>());
    let mut k = usize::from(above(0) == at(0));
    let mut x = 1;
    while x < n {
        let end = (x + RUN).min(n);
        let (from, to) = (x * BPP, end * BPP);
        let run = &line[from..to];
        if *run == line[from - BPP..to - BPP] || up.is_some_and(|u| u[from..to] == *run) {
            k += end - x;
        } else {
            for i in x..end {
                k += usize::from(at(i) == at(i - 1) || above(i) == at(i));
            }
        }
        x = end;
    }
    k
}

/// [`count`] for any pixel size, pixel by pixel.
fn count_any(rows: &[&[u8]], bpp: usize) -> Repeats {
    let all: usize = rows.iter().map(|r| r.len() / bpp).sum();
    let marks = Marks::of(all);
    let (mut same, mut left) = (0usize, all);
    let mut prev: Option<&[u8]> = None;
    for &line in rows {
        let n = line.len() / bpp;
        for x in 0..n {
            let px = &line[x * bpp..(x + 1) * bpp];
            let is_left = x > 0 && px == &line[(x - 1) * bpp..x * bpp];
            let is_up = prev.is_some_and(|p| p.get(x * bpp..(x + 1) * bpp) == Some(px));
            same += usize::from(is_left || is_up);
        }
        left -= n;
        if let Some(class) = marks.settled(same, left) {
            return class;
        }
        prev = Some(line);
    }
    marks.of_count(same)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_fills_repeat_most_and_noise_few() {
        let flat: Vec<u8> = (0..30 * 10)
            .map(|i| [9, 9, 9, 200, 1, 2][i % 6 / 3 * 3 + i % 3])
            .collect();
        let flat_rows: Vec<&[u8]> = flat.chunks_exact(30).collect();
        // Pixels alternate in a row but repeat the row above from the
        // second row: 90 of 100 pixels repeat.
        assert_eq!(repeats(&flat_rows, 3), Repeats::Many);
        let same: Vec<&[u8]> = std::iter::repeat_n(&flat[..30], 20).collect();
        // 190 of 200: all but the first row's ten.
        assert_eq!(repeats(&same, 3), Repeats::Most);
        let noise: Vec<u8> = (0..30 * 3)
            .map(|i: usize| (i * i * 7 % 251) as u8)
            .collect();
        let noise_rows: Vec<&[u8]> = noise.chunks_exact(30).collect();
        assert_eq!(repeats(&noise_rows, 3), Repeats::Few);
    }

    /// The count that stops once the class is settled answers as the full
    /// count does, on rows around both marks, for pixels of 3, 4 and 2
    /// bytes (the last counted pixel by pixel).
    #[test]
    fn the_early_stop_gives_the_full_count_s_class() {
        let (w, h) = (16usize, 12usize);
        for bpp in [3usize, 4, 2] {
            for seed in 0..800u32 {
                // Each pixel repeats its left neighbour, or the whole line
                // repeats the one above, with chances that vary by seed
                // around both marks.
                let mut state = seed.wrapping_mul(2_654_435_761) | 1;
                let mut next = || {
                    state ^= state << 13;
                    state ^= state >> 17;
                    state ^= state << 5;
                    state
                };
                let mut px: Vec<u8> = Vec::new();
                for _ in 0..h {
                    if px.len() >= w * bpp && next() % 100 < seed % 50 {
                        let above = px[px.len() - w * bpp..].to_vec();
                        px.extend(above);
                        continue;
                    }
                    for x in 0..w {
                        let repeat = next() % 100 < 60 + seed % 40;
                        if repeat && x > 0 {
                            let last = px[px.len() - bpp..].to_vec();
                            px.extend(last);
                        } else {
                            px.extend(next().to_le_bytes()[..bpp].iter().copied());
                        }
                    }
                }
                let rows: Vec<&[u8]> = px.chunks_exact(w * bpp).collect();
                let (mut same, mut all) = (0, 0);
                for (y, line) in rows.iter().enumerate() {
                    for x in 0..w {
                        let p = &line[x * bpp..(x + 1) * bpp];
                        let left = x > 0 && p == &line[(x - 1) * bpp..x * bpp];
                        let up = y > 0 && p == &rows[y - 1][x * bpp..(x + 1) * bpp];
                        same += usize::from(left || up);
                        all += 1;
                    }
                }
                let want = if 16 * same >= 15 * all {
                    Repeats::Most
                } else if 4 * same >= 3 * all {
                    Repeats::Many
                } else {
                    Repeats::Few
                };
                assert_eq!(repeats(&rows, bpp), want, "bpp {bpp} seed {seed}");
            }
        }
    }
}
