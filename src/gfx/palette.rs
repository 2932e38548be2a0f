//! Pictures of at most 256 colours as palette indices: a third of the bytes
//! to composite and to compress, and smaller PNGs.
//!
//! One pass over the pixels finds the colours and writes the indices at
//! once (a small open-addressing table, looked up only where a run of one
//! colour ends); the colours are then sorted and the indices renumbered, so
//! the same pictures always give the same palette and the same bytes.

/// Slots of the colour table: four times the 257 colours that end the
/// search, so probe runs stay short.
const SLOTS: usize = 1024;
const EMPTY: u32 = u32::MAX;

/// The colours, sorted, and each picture's pixels as indices into them.
pub(crate) struct Indexed {
    pub colours: Vec<[u8; 3]>,
    pub pictures: Vec<Vec<u8>>,
}

/// `pictures` (RGB bytes) and the `extra` colours as one palette and
/// indices; `None` past 256 colours in all.
pub(crate) fn index(pictures: &[&[u8]], extra: &[[u8; 3]]) -> Option<Indexed> {
    let mut table = Table {
        keys: [EMPTY; SLOTS],
        values: [0; SLOTS],
        colours: Vec::with_capacity(256),
    };
    for &c in extra {
        table.index_of(pack(c))?;
    }
    let mut out = Vec::with_capacity(pictures.len());
    for rgb in pictures {
        let mut indices = vec![0u8; rgb.len() / 3];
        // No 24-bit colour packs to `EMPTY`, so the first pixel looks up.
        let (mut last, mut index) = (EMPTY, 0);
        for (o, p) in indices.iter_mut().zip(rgb.chunks_exact(3)) {
            let key = pack([p[0], p[1], p[2]]);
            if key != last {
                index = table.index_of(key)?;
                last = key;
            }
            *o = index;
        }
        out.push(indices);
    }
    let colours = table.colours;
    let mut order: Vec<usize> = (0..colours.len()).collect();
    order.sort_unstable_by_key(|&i| colours[i]);
    let mut rank = [0u8; 256];
    for (r, &i) in order.iter().enumerate() {
        rank[i] = r as u8;
    }
    for indices in &mut out {
        remap(indices, &rank);
    }
    Some(Indexed {
        colours: order.iter().map(|&i| colours[i]).collect(),
        pictures: out,
    })
}

/// A picture as indices into a palette of its own, as a palette PNG holds
/// it: every byte has a colour, so no index can point past the palette.
pub(crate) struct Paletted {
    pub colours: [[u8; 3]; 256],
    pub indices: Vec<u8>,
}

/// The pictures on one palette, as [`index`] would give them expanded: the
/// colours their pixels use (not every colour of their palettes, and a
/// colour two entries share once), sorted. The pictures back, untouched,
/// past 256 colours in all.
pub(crate) fn merge(mut pictures: Vec<Paletted>) -> Result<Indexed, Vec<Paletted>> {
    let mut colours = Vec::with_capacity(256);
    let mut used = Vec::with_capacity(pictures.len());
    for p in &pictures {
        let u = mark_used(&p.indices);
        colours.extend(p.colours.iter().zip(u).filter(|c| c.1).map(|c| *c.0));
        used.push(u);
    }
    colours.sort_unstable();
    colours.dedup();
    if colours.len() > 256 {
        return Err(pictures);
    }
    for (p, used) in pictures.iter_mut().zip(used) {
        // An entry no pixel uses is not in `colours`; its slot is never read.
        let table = p
            .colours
            .map(|c| colours.binary_search(&c).map_or(0, |i| i as u8));
        // A tile whose palette is the shared one, or its start, stays as it is.
        let same = (0..=255u8).all(|i| !used[usize::from(i)] || table[usize::from(i)] == i);
        if !same {
            remap(&mut p.indices, &table);
        }
    }
    Ok(Indexed {
        colours,
        pictures: pictures.into_iter().map(|p| p.indices).collect(),
    })
}

/// Which indices occur. Eight at a time: a group of eight like the one
/// before it (a flat area of a drawn tile) adds nothing and is passed over.
fn mark_used(indices: &[u8]) -> [bool; 256] {
    let mut used = [false; 256];
    let chunks = indices.chunks_exact(8);
    for &i in chunks.remainder() {
        used[usize::from(i)] = true;
    }
    let mut last = None;
    for c in chunks {
        let Ok(eight) = <[u8; 8]>::try_from(c) else {
            continue;
        };
        if last != Some(eight) {
            for i in eight {
                used[usize::from(i)] = true;
            }
            last = Some(eight);
        }
    }
    used
}

/// Adds `colour` to sorted `colours` where missing and renumbers the
/// pictures' indices to match, so the palette stays what [`index`] gives
/// with `colour` among its extra colours. Its index; `None`, and nothing
/// changed, when it would be the 257th colour.
pub(crate) fn insert(
    colours: &mut Vec<[u8; 3]>,
    pictures: &mut [Vec<u8>],
    colour: [u8; 3],
) -> Option<u8> {
    let at = match colours.binary_search(&colour) {
        Ok(at) => return u8::try_from(at).ok(),
        Err(at) if colours.len() < 256 => at,
        Err(_) => return None,
    };
    colours.insert(at, colour);
    let at = u8::try_from(at).ok()?;
    // The indices from `at` on move up by one: a comparison and an
    // addition, which the compiler does many bytes at a time, where a table
    // is read one byte at a time.
    for indices in pictures {
        for i in indices.iter_mut() {
            *i = i.wrapping_add(u8::from(*i >= at));
        }
    }
    Some(at)
}

/// Indices into a palette of colours, as RGB bytes.
pub(crate) fn expand(colours: &[[u8; 3]], indices: &[u8]) -> Vec<u8> {
    let mut rgb = vec![0; indices.len() * 3];
    for (o, &i) in rgb.chunks_exact_mut(3).zip(indices) {
        o.copy_from_slice(&colours.get(usize::from(i)).copied().unwrap_or_default());
    }
    rgb
}

/// Each index `i` becomes `table[i]`: one byte read per pixel, however many
/// colours there are. Eight at a time: a group of eight like the one before
/// it (a flat area) is written from the last result, without the table.
fn remap(indices: &mut [u8], table: &[u8; 256]) {
    let mut chunks = indices.chunks_exact_mut(8);
    let mut last: Option<([u8; 8], [u8; 8])> = None;
    for c in &mut chunks {
        let Ok(eight) = <[u8; 8]>::try_from(&*c) else {
            continue;
        };
        let out = match last {
            Some((before, out)) if before == eight => out,
            _ => {
                let out = eight.map(|i| table[usize::from(i)]);
                last = Some((eight, out));
                out
            }
        };
        c.copy_from_slice(&out);
    }
    for i in chunks.into_remainder() {
        *i = table[usize::from(*i)];
    }
}

/// A colour in the low 24 bits.
fn pack(c: [u8; 3]) -> u32 {
    u32::from_le_bytes([c[0], c[1], c[2], 0])
}

struct Table {
    /// The colour [`pack`]ed, or `EMPTY`.
    keys: [u32; SLOTS],
    /// Its index in `colours`.
    values: [u8; SLOTS],
    /// In the order first seen.
    colours: Vec<[u8; 3]>,
}

impl Table {
    /// The colour's index, given it the next one when new; `None` when it
    /// would be the 257th.
    fn index_of(&mut self, key: u32) -> Option<u8> {
        let mut slot = (key.wrapping_mul(0x9E37_79B1) >> 22) as usize % SLOTS;
        loop {
            if self.keys[slot] == key {
                return Some(self.values[slot]);
            }
            if self.keys[slot] == EMPTY {
                let i = u8::try_from(self.colours.len()).ok()?;
                self.keys[slot] = key;
                self.values[slot] = i;
                let [r, g, b, _] = key.to_le_bytes();
                self.colours.push([r, g, b]);
                return Some(i);
            }
            slot = (slot + 1) % SLOTS;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_sorted_and_indices_point_at_them() {
        let a = [9, 9, 9, 1, 2, 3, 1, 2, 3, 0, 0, 0];
        let b = [200, 0, 0, 9, 9, 9];
        let ix = index(&[&a, &b], &[[0, 0, 0]]).expect("few colours");
        assert_eq!(
            ix.colours,
            [[0, 0, 0], [1, 2, 3], [9, 9, 9], [200, 0, 0]].to_vec()
        );
        assert_eq!(ix.pictures, [vec![2, 1, 1, 0], vec![3, 2]]);
    }

    #[test]
    fn two_hundred_fifty_six_colours_fit_and_one_more_does_not() {
        let rgb = |n: u32| -> Vec<u8> {
            (0..n)
                .flat_map(|i| [(i % 7) as u8, (i / 7) as u8, (i * 31 % 256) as u8])
                .collect()
        };
        let fits = rgb(256);
        let ix = index(&[&fits], &[]).expect("256 colours fit");
        assert_eq!(ix.colours.len(), 256);
        // Every pixel reads back as its colour.
        for (p, &i) in fits.chunks_exact(3).zip(&ix.pictures[0]) {
            assert_eq!(p, ix.colours[usize::from(i)]);
        }
        assert!(index(&[&rgb(257)], &[]).is_none());
        // The extra colour counts too.
        assert!(index(&[&fits], &[[255, 255, 255]]).is_none());
    }

    /// A picture with a palette of its own: `colours` from its first entries on.
    fn paletted(colours: &[[u8; 3]], indices: &[u8]) -> Paletted {
        let mut all = [[0; 3]; 256];
        all[..colours.len()].copy_from_slice(colours);
        Paletted {
            colours: all,
            indices: indices.to_vec(),
        }
    }

    #[test]
    fn merged_palettes_are_the_colours_the_pixels_use() {
        // Entry 1 unused; entries 0 and 2 one colour; index 5 past the
        // palette is black, as every unlisted entry.
        let a = paletted(
            &[[9, 9, 9], [7, 7, 7], [9, 9, 9], [200, 0, 0]],
            &[0, 2, 3, 5],
        );
        let b = paletted(&[[1, 2, 3], [9, 9, 9]], &[1, 0, 1]);
        let rgb: Vec<Vec<u8>> = [&a, &b]
            .iter()
            .map(|p| expand(&p.colours, &p.indices))
            .collect();
        let raw: Vec<&[u8]> = rgb.iter().map(Vec::as_slice).collect();
        let want = index(&raw, &[]).expect("few colours");
        let Ok(mut got) = merge(vec![a, b]) else {
            panic!("few colours")
        };
        assert_eq!(got.colours, want.colours);
        assert_eq!(got.pictures, want.pictures);
        // The frame's black is there already; white is added as `index` would.
        assert_eq!(
            insert(&mut got.colours, &mut got.pictures, [0, 0, 0]),
            Some(0)
        );
        let white = insert(&mut got.colours, &mut got.pictures, [255, 255, 255]);
        let want = index(&raw, &[[255, 255, 255]]).expect("few colours");
        assert_eq!(white, Some(4));
        assert_eq!(got.colours, want.colours);
        assert_eq!(got.pictures, want.pictures);
    }

    #[test]
    fn past_256_colours_nothing_is_merged_or_inserted() {
        let all: Vec<[u8; 3]> = (0..=255).map(|i| [i, 1, 1]).collect();
        let every: Vec<u8> = (0..=255).collect();
        let one = || paletted(&all, &every);
        let mut two = paletted(&all, &every);
        two.colours[0] = [0, 0, 0];
        let Err(back) = merge(vec![one(), two]) else {
            panic!("257 colours")
        };
        assert_eq!(back[1].indices, every);
        let Ok(mut ix) = merge(vec![one()]) else {
            panic!("256 colours")
        };
        assert_eq!(insert(&mut ix.colours, &mut ix.pictures, [0, 0, 0]), None);
        assert_eq!((ix.colours, &ix.pictures[0]), (all, &every));
    }

    #[test]
    fn groups_of_eight_alike_give_what_each_byte_would() {
        // Runs of one index, and groups of eight that repeat and do not,
        // with a remainder after the last group.
        let mut indices: Vec<u8> = (0..203u32).map(|i| (i / 13 * 7 % 251) as u8).collect();
        indices.extend([5, 6, 7, 8, 9, 10, 11, 12].repeat(3));
        indices.extend([250, 251, 252]);
        let mut want_used = [false; 256];
        for &i in &indices {
            want_used[usize::from(i)] = true;
        }
        assert_eq!(mark_used(&indices), want_used);
        let table: [u8; 256] = std::array::from_fn(|i| (i as u8).wrapping_mul(3) ^ 0x5A);
        let want: Vec<u8> = indices.iter().map(|&i| table[usize::from(i)]).collect();
        remap(&mut indices, &table);
        assert_eq!(indices, want);
    }
}
