//! A second, independent way to count a puzzle's looks, kept to check the
//! counting mode (`count/`): written apart from it, sharing only the puzzle
//! and its edge matching. A cell-by-cell dynamic programme, row by row,
//! whose state is the frontier of edges the next cells touch together with
//! how many cards of each kind are used so far, and whose values are exact
//! `u128` counts: no weights, no roots of unity, no primes. Its cost is the
//! number of states, which the multiset makes large; it reports them per
//! depth so that what it cannot reach can be shown with figures.

use crate::kind::tiles::model::{Edge, Puzzle};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// What the programme found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Exact {
    /// Looks (kind-level boards, each turn of the board apart), or `None`
    /// if it stopped at the state budget or a count overflowed.
    pub looks: Option<u128>,
    /// Looks up to turning the board, where the counts of cards show that
    /// no look is unchanged by a turn (else `None`).
    pub distinct: Option<u128>,
    /// Card-level boards per look: each kind's cards permuted, each card
    /// in the turns that look the same.
    pub per_look: Option<u128>,
    /// States after each cell (index 0: the empty board).
    pub states: Vec<usize>,
}

/// Kinds as this module sees them: a card's edges turned to the smallest
/// of its four turns.
struct Kinds {
    /// Per kind: its distinct orientations' edges (right, top, left, bottom).
    orients: Vec<Vec<[u8; 4]>>,
    counts: Vec<usize>,
}

fn turn(e: [u8; 4], q: usize) -> [u8; 4] {
    [0, 1, 2, 3].map(|s| e[(s + 4 - q % 4) % 4])
}

fn kinds(p: &Puzzle) -> Kinds {
    let mut map: Vec<([u8; 4], usize)> = Vec::new();
    for t in &p.tiles {
        let e = t.edges.map(|x| x.0);
        let canon = (0..4).map(|q| turn(e, q)).min().unwrap_or(e);
        match map.iter_mut().find(|(c, _)| *c == canon) {
            Some((_, n)) => *n += 1,
            None => map.push((canon, 1)),
        }
    }
    let orients = map
        .iter()
        .map(|&(c, _)| {
            let mut o: Vec<[u8; 4]> = (0..4).map(|q| turn(c, q)).collect();
            o.sort_unstable();
            o.dedup();
            o
        })
        .collect();
    Kinds {
        orients,
        counts: map.iter().map(|&(_, n)| n).collect(),
    }
}

/// Multiplicative hashing of the packed `u64` states.
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only u64 keys")
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (x ^ (x >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type States = HashMap<u64, u128, BuildHasherDefault<Mix>>;

fn bits(n: usize) -> u32 {
    usize::BITS - n.leading_zeros()
}

/// Counts `p`'s looks; stops (looks `None`) once a depth holds more than
/// `budget` states (its figure then counts only those reached), or `None`
/// if a state does not pack into 64 bits or a count overflows.
pub(crate) fn count(p: &Puzzle, budget: usize) -> Option<Exact> {
    let k = kinds(p);
    // Edge codes that occur, renumbered densely.
    let mut codes: Vec<u8> = k.orients.iter().flatten().flatten().copied().collect();
    codes.sort_unstable();
    codes.dedup();
    let dense = |c: u8| codes.binary_search(&c).unwrap_or(0) as u64;
    let fits: Vec<Vec<bool>> = codes
        .iter()
        .map(|&a| codes.iter().map(|&b| p.fits(Edge(a), Edge(b))).collect())
        .collect();
    let (w, cb) = (p.cols, bits(codes.len().saturating_sub(1)).max(1));
    let kb = bits(k.counts.iter().copied().max().unwrap_or(0)).max(1);
    let frontier_bits = cb * (w as u32 + 1);
    if frontier_bits + kb * k.counts.len() as u32 > 64 {
        return None;
    }
    let digit = |s: u64, i: usize| (s >> (cb * i as u32)) & ((1 << cb) - 1);
    let used = |s: u64, kind: usize| (s >> (frontier_bits + kb * kind as u32)) & ((1 << kb) - 1);
    let mut now = States::default();
    now.insert(0, 1);
    let mut states = vec![1];
    for cell in 0..p.cells() {
        let (i, j) = (cell / w, cell % w);
        let mut next = States::default();
        for (&s, &v) in &now {
            let (top, left) = (digit(s, j) as usize, digit(s, w) as usize);
            for (kind, os) in k.orients.iter().enumerate() {
                if used(s, kind) as usize == k.counts[kind] {
                    continue;
                }
                for e in os {
                    let [r, t, l, b] = e.map(dense);
                    if i > 0 && !fits[top][t as usize] || j > 0 && !fits[left][l as usize] {
                        continue;
                    }
                    let right = if j + 1 == w { 0 } else { r };
                    let mut n = s;
                    n &= !((((1 << cb) - 1) << (cb * j as u32))
                        | (((1 << cb) - 1) << (cb * w as u32)));
                    n |= (b << (cb * j as u32)) | (right << (cb * w as u32));
                    n += 1 << (frontier_bits + kb * kind as u32);
                    let slot = next.entry(n).or_insert(0);
                    *slot = slot.checked_add(v)?;
                }
            }
            if next.len() > budget {
                break;
            }
        }
        states.push(next.len());
        now = next;
        if now.len() > budget {
            return Some(Exact {
                looks: None,
                distinct: None,
                per_look: per_look(&k),
                states,
            });
        }
    }
    let looks = now.values().try_fold(0u128, |a, &v| a.checked_add(v));
    Some(Exact {
        looks,
        distinct: looks.and_then(|l| distinct(p, &k, l)),
        per_look: per_look(&k),
        states,
    })
}

/// The looks up to turning the board, when no look is unchanged by a turn:
/// a half turn moves the cells in pairs (all but the centre of a board
/// with both sides odd), so a look it leaves unchanged uses every kind an
/// even number of times (all but one, there); a quarter turn's unchanged
/// looks are among the half turn's. Then every orbit has all the turns.
fn distinct(p: &Puzzle, k: &Kinds, looks: u128) -> Option<u128> {
    let odd = k.counts.iter().filter(|&&m| m % 2 == 1).count();
    let centre = p.rows % 2 == 1 && p.cols % 2 == 1;
    let turns = if p.rows == p.cols { 4 } else { 2 };
    (odd > usize::from(centre)).then_some(looks / turns)
}

fn per_look(k: &Kinds) -> Option<u128> {
    let mut out: u128 = 1;
    for (os, &m) in k.orients.iter().zip(&k.counts) {
        let same = 4 / os.len() as u128;
        for n in 1..=m as u128 {
            out = out.checked_mul(n)?.checked_mul(same)?;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests;
