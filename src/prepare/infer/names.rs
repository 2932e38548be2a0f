//! Names written on cards, read as strings of glyphs: what tells which two
//! classes are the halves of one picture when the cards carry no picture.
//!
//! The corpus cards are white with a name written near each edge; nothing
//! of a picture continues across the seam (the strip along the edge is the
//! card's grey border on every card). What joins two halves is their name:
//! "EAGLE LEFT" / "EAGLE RIGHT", "Schwimmerkopf" / "Schwimmerpo", "+Karo" /
//! "-Karo", "blau-rot" / "rot-blau". No font is known, so a line of ink is
//! cut into glyphs at empty columns and equal-looking glyphs get one number;
//! two names are then compared as strings: the share of their glyphs that
//! lie in runs of at least two common ones, counted only as much as those
//! runs are rare ("Schwanz" on four classes says little about which two
//! belong together; "Grün" on two says a lot).

use super::classes::mask_distance;
use super::halves::{Mask, WORK};

/// Lines of ink taller than this are markers or drawings, not names.
const MAX_LINE: usize = WORK / 8;
/// Two glyphs whose ink differs by less than this share are one glyph.
const SAME_GLYPH: f32 = 0.2;
/// Two words whose ink differs by less than this share are one word. At
/// 0.3 "r2" and "r3" (a digit in two glyphs of ink) were one word, which
/// paired "r2 unten" with "r3 unten"; at 0.1 one word of
/// werner-knobelei fell apart where it lay differently on the pixel grid.
/// Measured on the corpus: 0.15 to 0.25 read both.
const SAME_WORD: f32 = 0.2;
/// The number of a word gap in a glyph string.
const SPACE: usize = usize::MAX;

pub(crate) use strings::{leftovers, likeness};

/// The glyph string of every mask, equal-looking glyphs numbered alike
/// across all of them; empty for ink that is not a line of text.
///
/// Glyphs of a few pixels differ with where the name fell on the pixel
/// grid, so a word is first compared whole (as tolerant as the classes'
/// own comparison): a word seen before gets that word's glyph numbers, and
/// only a new word is numbered glyph by glyph.
pub(crate) fn glyph_strings(masks: &[&Mask]) -> Vec<Vec<usize>> {
    let mut glyph_prototypes: Vec<Mask> = Vec::new();
    let mut word_prototypes: Vec<(Word, Vec<usize>)> = Vec::new();
    orient::oriented_words(masks, word_gap(masks))
        .into_iter()
        .map(|words| {
            let mut out = Vec::new();
            for (k, word) in words.into_iter().enumerate() {
                if k > 0 {
                    out.push(SPACE);
                }
                let seen = word_prototypes.iter().find(|(p, _)| same_word(p, &word));
                if let Some((_, ids)) = seen {
                    out.extend(ids);
                    continue;
                }
                let ids: Vec<usize> = word
                    .glyphs
                    .iter()
                    .map(|g| number(&mut glyph_prototypes, g))
                    .collect();
                out.extend(&ids);
                word_prototypes.push((word, ids));
            }
            out
        })
        .collect()
}

/// The number of the glyph prototype `g` looks like, a new one if none.
fn number(prototypes: &mut Vec<Mask>, g: &Mask) -> usize {
    let nearest = prototypes
        .iter()
        .enumerate()
        .filter_map(|(k, p)| glyph_distance(p, g).map(|d| (d, k)))
        .min_by(|x, y| x.0.total_cmp(&y.0));
    match nearest {
        Some((d, k)) if d < SAME_GLYPH => k,
        _ => {
            prototypes.push(g.clone());
            prototypes.len() - 1
        }
    }
}

/// One word twice: alike whole, with as many glyphs, each of about one
/// size and shape ("Blau" and "Bunt" are alike whole).
fn same_word(a: &Word, b: &Word) -> bool {
    a.glyphs.len() == b.glyphs.len()
        && mask_distance(&a.whole, std::slice::from_ref(&b.whole)) < SAME_WORD
        && a.glyphs
            .iter()
            .zip(&b.glyphs)
            .all(|(x, y)| glyph_distance(x, y).is_some_and(|d| d < 2.0 * SAME_GLYPH))
}

/// Letters are a few pixels wide: two of one print differ by at most a
/// pixel in size and in a few pixels of anti-aliasing.
fn glyph_distance(a: &Mask, b: &Mask) -> Option<f32> {
    (a.w.abs_diff(b.w) <= 1 && a.h.abs_diff(b.h) <= 1)
        .then(|| mask_distance(a, std::slice::from_ref(b)))
}

/// A word of a line of ink: its picture whole and glyph by glyph.
struct Word {
    whole: Mask,
    glyphs: Vec<Mask>,
}

/// A line of ink stood upright: a name written along a left or right edge
/// is turned with it.
fn standing(m: &Mask) -> Mask {
    if m.h > m.w {
        m.turned()
    } else {
        m.clone()
    }
}

/// The runs of inked columns of `m`, first and last column of each.
fn column_runs(m: &Mask) -> Vec<(usize, usize)> {
    let empty = |x: usize| (0..m.h).all(|y| !m.on[y * m.w + x]);
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut x = 0;
    while x < m.w {
        if empty(x) {
            x += 1;
            continue;
        }
        let start = x;
        while x < m.w && !empty(x) {
            x += 1;
        }
        runs.push((start, x - 1));
    }
    runs
}

/// The narrowest gap between two words of the names on `masks`: more than
/// twice the usual gap between letters, the median of every gap between
/// runs of ink on all of them, and at least three pixels. One puzzle's
/// names share a font, so a name whose letters run together (a thresholded
/// small print leaves few gaps, mostly the spaces) still has its spaces
/// told from letters by the others' gaps; measured one name at a time, the
/// median of "BLACK BACK"'s three gaps was the space.
pub(crate) fn word_gap(masks: &[&Mask]) -> usize {
    let mut gaps: Vec<usize> = masks
        .iter()
        .filter(|m| m.count > 0 && m.h.min(m.w) <= MAX_LINE)
        .flat_map(|m| {
            let runs = column_runs(&standing(m));
            runs.windows(2)
                .map(|w| w[1].0 - w[0].1 - 1)
                .collect::<Vec<_>>()
        })
        .collect();
    gaps.sort_unstable();
    gap_from(&gaps)
}

/// [`word_gap`] from the puzzle's gaps, sorted. When a small serif print's
/// letters run together on every name, the few gaps left between letters
/// (a pixel or two) are outnumbered by the spaces, the median is a space,
/// and twice it found no space at all: every name was one word, no two
/// names shared one, and every pairing scored alike (the text 3x3 of
/// seed 61: gaps 1, 1, 1 and 6, 6, 6). So where the gaps fall clearly
/// into two groups ([`SPACE_BREAK`]), the larger group's least is a space
/// too.
fn gap_from(gaps: &[usize]) -> usize {
    let median = (gaps.get(gaps.len() / 2).copied().unwrap_or(1) * 2 + 1).max(MIN_WORD_GAP);
    let split = gaps
        .windows(2)
        .filter(|w| w[1] > MIN_WORD_GAP && w[1] >= SPACE_BREAK * w[0])
        .map(|w| w[1])
        .next();
    split.map_or(median, |s| median.min(s))
}

/// Two groups of gaps: the smallest gap at least this many times the one
/// below it (and wider than [`MIN_WORD_GAP`]) starts the spaces. Letter gaps
/// of one print lie within a pixel or two of each other.
const SPACE_BREAK: usize = 3;

/// The narrowest gap between words, in pixels of the working tile.
const MIN_WORD_GAP: usize = 3;

/// The words of a line of ink: runs of inked columns are glyphs, and a gap
/// of at least `word_gap` ([`word_gap`]) separates words.
fn words(m: &Mask, word_gap: usize) -> Vec<Word> {
    let m = standing(m);
    if m.count == 0 {
        return Vec::new();
    }
    let runs = column_runs(&m);
    let mut groups: Vec<Vec<(usize, usize)>> = Vec::new();
    for (k, &run) in runs.iter().enumerate() {
        // A space: `word_gap` or more empty columns since the last run.
        if k == 0 || run.0 - runs[k - 1].1 > word_gap {
            groups.push(Vec::new());
        }
        if let Some(g) = groups.last_mut() {
            g.push(run);
        }
    }
    groups
        .into_iter()
        .map(|g| Word {
            whole: crop(&m, g[0].0, g[g.len() - 1].1),
            glyphs: g.iter().map(|&(x0, x1)| crop(&m, x0, x1)).collect(),
        })
        .collect()
}

/// Columns `x0..=x1` of `m`, cropped to the rows with ink.
pub(crate) fn crop(m: &Mask, x0: usize, x1: usize) -> Mask {
    let row_on = |y: usize| (x0..=x1).any(|x| m.on[y * m.w + x]);
    let y0 = (0..m.h).find(|&y| row_on(y)).unwrap_or(0);
    let y1 = (0..m.h).rev().find(|&y| row_on(y)).unwrap_or(0).max(y0);
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    let at = |i: usize| (y0 + i / w) * m.w + x0 + i % w;
    let on: Vec<bool> = (0..w * h).map(|i| m.on[at(i)]).collect();
    let count = on.iter().filter(|&&b| b).count();
    let level = if m.level.is_empty() {
        Vec::new()
    } else {
        (0..w * h).map(|i| m.level[at(i)]).collect()
    };
    Mask {
        w,
        h,
        on,
        count,
        level,
    }
}

/// How much each two masks share whole words, 0..1: a word on only two
/// of them names a picture ("DRUID" in "DRUID UP" / "DRUID LOW"); one on
/// many names a kind of half ("UP"), and counts for little. Unlike
/// [`likeness`] it also reads the markers of drawn tiles, and words that
/// fall differently on the pixel grid are still one word; but it cannot
/// see into "SadBottom", and "LEFT" on two names counts as much as
/// "EAGLE": the two measures are averaged.
pub(crate) fn word_likeness(masks: &[&Mask]) -> Vec<Vec<f32>> {
    let class_words = word_ids(masks);
    let classes_with = |w: usize| class_words.iter().filter(|ws| ws.contains(&w)).count();
    let k = masks.len();
    let mut score = vec![vec![0.0f32; k]; k];
    for i in 0..k {
        for j in 0..k {
            if i != j {
                let shared: f32 = class_words[i]
                    .iter()
                    .filter(|w| class_words[j].contains(w))
                    .map(|&w| 1.0 / (classes_with(w).max(2) - 1) as f32)
                    .sum();
                score[i][j] = shared.min(1.0);
            }
        }
    }
    score
}

/// The words of each mask as numbers, a word numbered like the first
/// word it looks like (as tolerant as the classes' own comparison), each
/// number once, sorted.
pub(crate) fn word_ids(masks: &[&Mask]) -> Vec<Vec<usize>> {
    let mut ids = word_lists(masks);
    for w in &mut ids {
        w.dedup();
    }
    ids
}

/// [`word_ids`] with each word as often as the mask holds it: two words
/// of one name that look alike whole ("Birne" and "Blüte") are one number
/// twice, and the name is not one word.
pub(crate) fn word_lists(masks: &[&Mask]) -> Vec<Vec<usize>> {
    let mut prototypes: Vec<Mask> = Vec::new();
    orient::oriented_words(masks, word_gap(masks))
        .into_iter()
        .map(|words| {
            let mut ids: Vec<usize> = words
                .into_iter()
                .map(|w| {
                    let same = prototypes
                        .iter()
                        .position(|p| mask_distance(p, std::slice::from_ref(&w.whole)) < SAME_WORD);
                    same.unwrap_or_else(|| {
                        prototypes.push(w.whole);
                        prototypes.len() - 1
                    })
                })
                .collect();
            ids.sort_unstable();
            ids
        })
        .collect()
}

pub(crate) mod agree;
pub(crate) mod line;
mod orient;
pub(crate) mod split;
mod strings;
#[cfg(test)]
mod tests;
pub(crate) mod twice;
pub(crate) mod walk;
