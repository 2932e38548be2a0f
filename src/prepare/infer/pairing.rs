//! Which two classes are the halves of one picture.
//!
//! Two signals: how much two classes resemble each other (the same colour on
//! drawn tiles; a shared word such as "DRUID" in "DRUID UP" / "DRUID LOW" on
//! cards with names written on them), and solvability: the right pairing is
//! one under which the puzzle has solutions. Pairings are ranked by
//! resemblance and handed to the solver as ordinary puzzles, best first; the
//! solver never sees a picture.

use super::classes::mask_distance;
use super::halves::{colour_distance, Half, Mask};
use crate::kind::tiles::model::{Edge, Half as Sign, Matching, Puzzle, Tile};
use crate::kind::tiles::solve::{self, Limits};

/// Most pictures whose pairings are all enumerated: (2m-1)!! = 135135 for 7.
const MAX_ENUMERATED: usize = 7;
/// Most pairings handed to the solver before giving up.
const MAX_SOLVES: usize = 20_000;
/// Two solving pairings whose scores differ by less than this share of the
/// best make a weak decision; by less than [`TIE`] none at all.
const WEAK: f32 = 0.05;
const TIE: f32 = 1e-4;

/// How much each two classes look like the two halves of one picture, 0..1:
/// the same ground colour (drawn tiles), and a shared word. A word shared by
/// only two classes names a picture ("DRUID" in "DRUID UP" / "DRUID LOW");
/// one shared by many names a kind of half ("UP"), and counts for little.
pub fn resemblance(reps: &[&Half]) -> Vec<Vec<f32>> {
    // Words of every class, numbered so that equal words share a number.
    let mut prototypes: Vec<Mask> = Vec::new();
    let class_words: Vec<Vec<usize>> = reps
        .iter()
        .map(|h| {
            let mut ids: Vec<usize> = words(&h.upright)
                .into_iter()
                .map(|w| {
                    let same = prototypes
                        .iter()
                        .position(|p| mask_distance(p, std::slice::from_ref(&w)) < SAME_WORD);
                    same.unwrap_or_else(|| {
                        prototypes.push(w);
                        prototypes.len() - 1
                    })
                })
                .collect();
            ids.sort_unstable();
            ids.dedup();
            ids
        })
        .collect();
    let classes_with = |w: usize| class_words.iter().filter(|ws| ws.contains(&w)).count();
    let k = reps.len();
    let mut score = vec![vec![0.0f32; k]; k];
    for i in 0..k {
        for j in 0..k {
            if i == j {
                continue;
            }
            let (a, b) = (reps[i], reps[j]);
            let colour = if a.card_ground && b.card_ground {
                1.0
            } else {
                (-colour_distance(a.ground, b.ground) / 0.3).exp()
            };
            let shared: f32 = class_words[i]
                .iter()
                .filter(|w| class_words[j].contains(w))
                .map(|&w| 1.0 / (classes_with(w).max(2) - 1) as f32)
                .sum();
            score[i][j] = colour * (0.3 + 0.7 * shared.min(1.0));
        }
    }
    score
}

/// Two words whose ink differs by less than this share are one word.
const SAME_WORD: f32 = 0.3;

/// The words of a line of ink: runs of columns split at gaps more than twice
/// as wide as the usual gap between letters, each cropped to its own ink.
fn words(m: &Mask) -> Vec<Mask> {
    let m = if m.h > m.w { m.turned() } else { m.clone() };
    let empty = |x: usize| (0..m.h).all(|y| !m.on[y * m.w + x]);
    // Gaps between letters are a pixel or two; a word gap is clearly wider.
    let mut gaps = Vec::new();
    let mut run = 0;
    for x in 0..m.w {
        if empty(x) {
            run += 1;
        } else if run > 0 {
            gaps.push(run);
            run = 0;
        }
    }
    gaps.sort_unstable();
    let gap = (gaps.get(gaps.len() / 2).copied().unwrap_or(2) * 2 + 1).max(4);
    let mut out = Vec::new();
    let mut x = 0;
    while x < m.w {
        if empty(x) {
            x += 1;
            continue;
        }
        let start = x;
        let mut end = x;
        let mut blank = 0;
        while x < m.w && blank < gap {
            if empty(x) {
                blank += 1;
            } else {
                blank = 0;
                end = x;
            }
            x += 1;
        }
        out.push(crop(&m, start, end));
    }
    out
}

/// Columns `x0..=x1` of `m`, cropped to the rows with ink.
fn crop(m: &Mask, x0: usize, x1: usize) -> Mask {
    let row_on = |y: usize| (x0..=x1).any(|x| m.on[y * m.w + x]);
    let y0 = (0..m.h).find(|&y| row_on(y)).unwrap_or(0);
    let y1 = (0..m.h).rev().find(|&y| row_on(y)).unwrap_or(0).max(y0);
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    let on: Vec<bool> = (0..w * h)
        .map(|i| m.on[(y0 + i / w) * m.w + x0 + i % w])
        .collect();
    let count = on.iter().filter(|&&b| b).count();
    Mask { w, h, on, count }
}

/// The decision: which class pairs with which, and how it was reached.
#[derive(Clone, Debug)]
pub struct Pairing {
    /// `(plus, minus)` classes of each picture.
    pub pairs: Vec<(usize, usize)>,
    pub puzzle: Puzzle,
    /// The best other pairing that also solves, when its score came close.
    pub weak: bool,
    /// Pairings handed to the solver (1 when the best-looking one solved).
    pub tried: usize,
}

/// The puzzle `pairs` make of the tiles whose halves are in classes `of`.
pub fn puzzle(side: usize, of: &[usize], pairs: &[(usize, usize)]) -> Puzzle {
    let mut sign = vec![(0usize, Sign::Plus); of.len().max(1) * 2];
    for (t, &(p, m)) in pairs.iter().enumerate() {
        sign[p] = (t, Sign::Plus);
        sign[m] = (t, Sign::Minus);
    }
    let tiles = of
        .chunks(4)
        .map(|c| Tile {
            edges: std::array::from_fn(|s| {
                let (token, half) = sign[c[s]];
                Edge::new(token, half)
            }),
        })
        .collect();
    Puzzle {
        rows: side,
        cols: side,
        tiles,
        tokens: (0..pairs.len()).map(token_name).collect(),
        matching: Matching::halves(pairs.len()),
    }
}

/// `a`, `b`, … `z`, then `aa`, `ab`, ….
pub fn token_name(i: usize) -> String {
    let letter = |k: usize| char::from(b'a' + (k % 26) as u8);
    if i < 26 {
        letter(i).to_string()
    } else {
        format!("{}{}", letter(i / 26 - 1), letter(i))
    }
}

/// All pairings of `k` items (k even), each as a list of pairs.
fn all_pairings(k: usize) -> Vec<Vec<(usize, usize)>> {
    fn go(left: &[usize], now: &mut Vec<(usize, usize)>, out: &mut Vec<Vec<(usize, usize)>>) {
        let Some(&first) = left.first() else {
            out.push(now.clone());
            return;
        };
        for &other in &left[1..] {
            let rest: Vec<usize> = left
                .iter()
                .copied()
                .filter(|&x| x != first && x != other)
                .collect();
            now.push((first, other));
            go(&rest, now, out);
            now.pop();
        }
    }
    let mut out = Vec::new();
    go(&(0..k).collect::<Vec<_>>(), &mut Vec::new(), &mut out);
    out
}

/// Greedy pairing for too many classes to enumerate: the most resembling
/// pair first.
fn greedy(score: &[Vec<f32>]) -> Vec<(usize, usize)> {
    let k = score.len();
    let mut all: Vec<(usize, usize)> = (0..k)
        .flat_map(|i| (i + 1..k).map(move |j| (i, j)))
        .collect();
    all.sort_by(|x, y| score[y.0][y.1].total_cmp(&score[x.0][x.1]));
    let mut used = vec![false; k];
    let mut out = Vec::new();
    for (i, j) in all {
        if !used[i] && !used[j] {
            used[i] = true;
            used[j] = true;
            out.push((i, j));
        }
    }
    out
}

/// Picks the pairing of the classes, or says why the pictures do not decide.
pub fn decide(side: usize, of: &[usize], score: &[Vec<f32>]) -> Result<Pairing, String> {
    let k = score.len();
    let candidates = if k / 2 <= MAX_ENUMERATED {
        let mut all: Vec<(f32, Vec<(usize, usize)>)> = all_pairings(k)
            .into_iter()
            .map(|p| (p.iter().map(|&(i, j)| score[i][j]).sum(), p))
            .collect();
        all.sort_by(|x, y| y.0.total_cmp(&x.0));
        all
    } else {
        let p = greedy(score);
        vec![(p.iter().map(|&(i, j)| score[i][j]).sum(), p)]
    };
    let limits = Limits {
        max_solutions: 1,
        ..Limits::default()
    };
    let solves = |pairs: &[(usize, usize)]| {
        let outcome = solve::solve(&puzzle(side, of, pairs), &limits);
        outcome.total > 0
    };
    let mut found: Option<(f32, usize)> = None;
    let mut tried = 0;
    for (i, (s, pairs)) in candidates.iter().enumerate() {
        if tried >= MAX_SOLVES {
            break;
        }
        if let Some((best, _)) = found {
            if *s < best - WEAK * best.abs().max(1e-6) {
                break;
            }
        }
        tried += 1;
        if !solves(pairs) {
            continue;
        }
        match found {
            None => found = Some((*s, i)),
            Some((best, _)) if best - s < TIE * best.abs().max(1e-6) => {
                return Err(format!(
                    "two pairings of the {k} classes solve the puzzle and the pictures cannot tell them apart (scores {best:.3} and {s:.3})"
                ))
            }
            Some((_, at)) => {
                return Ok(finish(side, of, &candidates[at].1, true, tried));
            }
        }
    }
    match found {
        Some((_, at)) => Ok(finish(side, of, &candidates[at].1, false, tried)),
        None => Err(format!(
            "no pairing of the {k} classes into {} pictures gives a solvable puzzle ({tried} tried)",
            k / 2
        )),
    }
}

fn finish(
    side: usize,
    of: &[usize],
    pairs: &[(usize, usize)],
    weak: bool,
    tried: usize,
) -> Pairing {
    Pairing {
        pairs: pairs.to_vec(),
        puzzle: puzzle(side, of, pairs),
        weak,
        tried,
    }
}
