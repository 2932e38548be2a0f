//! Which way up each name is read, chosen for all the names of a puzzle at
//! once.
//!
//! A name written along its edge (not upright on the card) lies upside
//! down, in its half's frame, on two of the four sides, and a class's
//! representative may come from any side: one class's "PANDA head" is
//! read as it lies, another's "Kuh head" turned. Chosen name by name (the
//! way more of its words were seen before), the first names read set the
//! way up for the words they hold, and a name whose words were not seen
//! yet was read as it lies, the other way up from some of its kin: "head"
//! became two words, each on two classes and so as rare as an animal's
//! name, and "PANDA" upright and turned no word shared, so the heads were
//! paired with each other. Here every name's way up is chosen to agree
//! with all the others: the one most tied to the names already placed
//! next, then each turned while that makes more of its words equal to
//! other names' words.

use super::{words, Word, MAX_LINE, SAME_WORD};
use crate::prepare::infer::classes::mask_distance;
use crate::prepare::infer::halves::Mask;

/// The words of each mask, read the way up [`ways_up`] chooses.
pub(super) fn oriented_words(masks: &[&Mask], gap: usize) -> Vec<Vec<Word>> {
    let mut both: Vec<[Vec<Word>; 2]> = masks
        .iter()
        .map(|m| {
            if m.h.min(m.w) > MAX_LINE || m.count == 0 {
                [Vec::new(), Vec::new()]
            } else {
                [words(m, gap), words(&m.turned().turned(), gap)]
            }
        })
        .collect();
    let turned = ways_up(&both);
    both.iter_mut()
        .zip(turned)
        .map(|(w, t)| std::mem::take(&mut w[usize::from(t)]))
        .collect()
}

/// Letters of the words of `a` that are a word of `b`, and of `b` that
/// are one of `a`.
fn shared(a: &[Word], b: &[Word]) -> usize {
    let one_way = |x: &[Word], y: &[Word]| -> usize {
        x.iter()
            .filter(|w| {
                y.iter()
                    .any(|v| mask_distance(&w.whole, std::slice::from_ref(&v.whole)) < SAME_WORD)
            })
            .map(|w| w.glyphs.len())
            .sum()
    };
    one_way(a, b) + one_way(b, a)
}

/// Per name, whether to read it turned half a turn: the way up under
/// which the most letters of all names' words are words of other names.
/// The first name is read as it lies; then, one at a time, the name most
/// tied to those placed (a name tied to none starts afresh, as it lies);
/// then any name turned while that alone adds shared letters.
fn ways_up(both: &[[Vec<Word>; 2]]) -> Vec<bool> {
    let k = both.len();
    // agree[i][j][same]: letters shared by i and j read alike (both as
    // they lie plus both turned) or read opposite ways.
    let mut agree = vec![vec![[0usize; 2]; k]; k];
    for i in 0..k {
        for j in i + 1..k {
            let alike = shared(&both[i][0], &both[j][0]) + shared(&both[i][1], &both[j][1]);
            let opposite = shared(&both[i][0], &both[j][1]) + shared(&both[i][1], &both[j][0]);
            agree[i][j] = [opposite, alike];
            agree[j][i] = [opposite, alike];
        }
    }
    // Letters name `i` shares read `t`, against names `placed`.
    let ties = |i: usize, t: bool, placed: &[Option<bool>]| -> usize {
        placed
            .iter()
            .enumerate()
            .filter_map(|(j, p)| p.map(|u| agree[i][j][usize::from(t == u)]))
            .sum()
    };
    let mut placed: Vec<Option<bool>> = vec![None; k];
    while let Some(first) = placed.iter().position(Option::is_none) {
        let next = (0..k)
            .filter(|&i| placed[i].is_none())
            .map(|i| (ties(i, false, &placed).max(ties(i, true, &placed)), i))
            .max_by(|x, y| x.0.cmp(&y.0).then(y.1.cmp(&x.1)));
        match next {
            Some((n, i)) if n > 0 => {
                placed[i] = Some(ties(i, true, &placed) > ties(i, false, &placed));
            }
            _ => placed[first] = Some(false),
        }
    }
    let mut turned: Vec<bool> = placed.into_iter().map(|p| p == Some(true)).collect();
    // Each turn adds shared letters, which are bounded: this ends.
    loop {
        let all: Vec<Option<bool>> = turned.iter().map(|&t| Some(t)).collect();
        let better = (0..k).find(|&i| {
            let mut others = all.clone();
            others[i] = None;
            ties(i, !turned[i], &others) > ties(i, turned[i], &others)
        });
        match better {
            Some(i) => turned[i] = !turned[i],
            None => return turned,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A word of `glyphs` glyphs whose ink is the bit pattern `code` (so
    /// that words with other codes differ), 3 px per glyph.
    fn word(code: u32, glyphs: usize) -> Word {
        let (w, h) = (4 * glyphs - 1, 6);
        let on: Vec<bool> = (0..w * h)
            .map(|i| {
                let (x, y) = (i % w, i / w);
                x % 4 != 3 && (code >> ((x / 4 * 6 + y) % 31)) & 1 == 1
            })
            .collect();
        let count = on.iter().filter(|&&b| b).count();
        let whole = Mask {
            w,
            h,
            on,
            count,
            ..Mask::default()
        };
        let glyphs = (0..glyphs)
            .map(|g| super::super::crop(&whole, 4 * g, 4 * g + 2))
            .collect();
        Word { whole, glyphs }
    }

    #[test]
    fn names_read_either_way_up_end_up_one_way() {
        // Words A, B, C, D, and their turned looks A', B', ...: names
        // "A C", "B C" as they lie, "D' A'" and "D' B'" turned (each
        // other way up too).
        let (a, b, c, d) = (0x2f3a_9c51, 0x1b7e_0c63, 0x6d24_f1a7, 0x55c3_2e19);
        let (ta, tb, tc, td) = (0x0aa5_5f0f, 0x3c3c_1234, 0x7777_0101, 0x4242_ffee);
        let name = |x: &[(u32, u32)]| -> [Vec<Word>; 2] {
            [
                x.iter().map(|&(c, _)| word(c, 3)).collect(),
                x.iter().rev().map(|&(_, t)| word(t, 3)).collect(),
            ]
        };
        let flip = |n: [Vec<Word>; 2]| -> [Vec<Word>; 2] {
            let [x, y] = n;
            [y, x]
        };
        let both = vec![
            name(&[(a, ta), (c, tc)]),
            flip(name(&[(b, tb), (d, td)])),
            flip(name(&[(a, ta), (d, td)])),
            name(&[(b, tb), (c, tc)]),
        ];
        let turned = ways_up(&both);
        assert_eq!(turned, vec![false, true, true, false]);
    }
}
