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
        for i in indices.iter_mut() {
            *i = rank[usize::from(*i)];
        }
    }
    Some(Indexed {
        colours: order.iter().map(|&i| colours[i]).collect(),
        pictures: out,
    })
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
}
