//! Candidate tables: every oriented tile filed under the codes its neighbours
//! show, so a step finds its candidates with one lookup and compares no edges.
//!
//! A table is keyed by two of the candidate's sides. Its bucket `(a, b)` holds,
//! in (tile, turns) order, the oriented tiles whose edge on the first side fits
//! the neighbour code `a` and whose edge on the second fits `b`; the extra code
//! `any` stands for "no neighbour there". Keying by the neighbour's code rather
//! than by a required code means any match relation costs the same.

use super::kinds::{turned, Kinds};
use crate::kind::tiles::model::{Edge, Puzzle};

/// An oriented tile with the edge codes it shows on each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cand {
    pub tile: u8,
    pub turns: u8,
    pub edges: [u8; 4],
}

pub(super) struct Tables {
    /// Edge codes plus one for `any`.
    pub width: usize,
    pub any: u8,
    /// Bucket `b` of all tables holds `entries[offsets[b]..offsets[b + 1]]`.
    pub offsets: Vec<u32>,
    pub entries: Vec<Cand>,
    /// The card of each entry, apart: what the search's loop scans.
    pub tiles: Vec<u8>,
    /// `fit[a * width + b]`: whether codes `a` and `b` may touch (`any` fits all).
    pub fit: Vec<bool>,
    /// Base bucket of the table for each key pair `(s, t)`, `s < t`, at `s * 4 + t`.
    base: [u32; 16],
    /// The turns of a tile in the order every candidate list holds them.
    pub turns: [u8; 4],
    /// Per card: the turns its candidates are held in, in the order above,
    /// one per orientation of its kind (the first that shows it).
    pub card_turns: Vec<Vec<u8>>,
}

impl Tables {
    /// The tables of the plain search: every card its own kind.
    pub(super) fn new(puzzle: &Puzzle, turn_order: super::TurnOrder) -> Tables {
        Tables::of(puzzle, &Kinds::cards(puzzle), turn_order)
    }

    /// The tables of a search over `kinds`: each card once per distinct
    /// orientation of its kind, in the first turn tried that shows it. The
    /// search takes only the next card of a kind (see `search`), so it meets
    /// each look once, as its first board in the plain search's order.
    pub(super) fn of(puzzle: &Puzzle, kinds: &Kinds, turn_order: super::TurnOrder) -> Tables {
        let codes = puzzle.matching.codes();
        let width = codes + 1;
        let any = codes as u8;
        let mut fit = vec![true; width * width];
        for a in 0..codes {
            for b in 0..codes {
                fit[a * width + b] = puzzle.fits(Edge(a as u8), Edge(b as u8));
            }
        }
        // Codes a neighbour may show next to each of our codes, and `any`.
        let touching: Vec<Vec<usize>> = (0..codes)
            .map(|c| {
                (0..codes)
                    .filter(|&n| fit[n * width + c])
                    .chain([codes])
                    .collect()
            })
            .collect();
        let card_turns: Vec<Vec<u8>> = (0..puzzle.tiles.len())
            .map(|t| {
                let mut seen = [false; 4];
                let mut kept = Vec::new();
                for r in turn_order.sequence() {
                    let o = usize::from(kinds.orientation(t as u8, r));
                    if !std::mem::replace(&mut seen[o], true) {
                        kept.push(r);
                    }
                }
                kept
            })
            .collect();
        // Every oriented card, in (tile, turns) order: the order each
        // bucket holds them in.
        let cands: Vec<Cand> = puzzle
            .tiles
            .iter()
            .enumerate()
            .flat_map(|(i, tile)| {
                card_turns[i].iter().map(move |&turns| Cand {
                    tile: i as u8,
                    turns,
                    edges: turned(tile.edges, turns).map(|e| e.0),
                })
            })
            .collect();
        let touching = &touching;
        let mut offsets = vec![0u32];
        let mut entries: Vec<Cand> = Vec::new();
        let mut base = [0u32; 16];
        for s in 0..4 {
            for t in s + 1..4 {
                base[s * 4 + t] = (offsets.len() - 1) as u32;
                // The buckets `(a, b)` laid out one after the other, each
                // candidate under every pair of codes its two sides fit:
                // counted first, then filed in order (a puzzle of many codes
                // has thousands of buckets, and the probe builds these
                // tables for every pairing it checks).
                let buckets = |c: &Cand| {
                    let (ks, kt) = (usize::from(c.edges[s]), usize::from(c.edges[t]));
                    touching[ks]
                        .iter()
                        .flat_map(move |&a| touching[kt].iter().map(move |&b| a * width + b))
                };
                let mut next = vec![0usize; width * width];
                cands.iter().flat_map(&buckets).for_each(|k| next[k] += 1);
                let mut at = entries.len();
                for n in &mut next {
                    let here = at;
                    at += *n;
                    *n = here;
                    offsets.push(at as u32);
                }
                entries.resize(
                    at,
                    cands.first().copied().unwrap_or(Cand {
                        tile: 0,
                        turns: 0,
                        edges: [0; 4],
                    }),
                );
                for c in &cands {
                    for k in buckets(c) {
                        entries[next[k]] = *c;
                        next[k] += 1;
                    }
                }
            }
        }
        let tiles = entries.iter().map(|c: &Cand| c.tile).collect();
        Tables {
            width,
            any,
            offsets,
            entries,
            tiles,
            fit,
            base,
            turns: turn_order.sequence(),
            card_turns,
        }
    }

    pub(super) fn base(&self, key: (usize, usize)) -> u32 {
        self.base[key.0 * 4 + key.1]
    }

    /// The oriented tile `tile` turned `turns` times.
    pub(super) fn oriented(&self, puzzle: &Puzzle, tile: usize, turns: u8) -> Cand {
        Cand {
            tile: tile as u8,
            turns,
            edges: [0, 1, 2, 3].map(|side| puzzle.tiles[tile].edge(side, turns).0),
        }
    }
}
