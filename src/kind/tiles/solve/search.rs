//! The search core: a depth-first backtracker over one unit of work, a fixed
//! first placement and the order in which to fill the rest.
//!
//! It places kinds of cards (see `kinds`; in the plain search each card is
//! its own kind) by taking, of each kind, only its next card (the smallest
//! not yet placed), each in the first turn that shows an orientation. So it
//! meets each look once, as the first of its boards in the plain search's
//! order, and meets the looks in that order: the first `k` looks found hold
//! the plain search's first `k` boards (see `expand`). Candidates come from
//! [`Tables`] (one lookup per step), what is used of each kind is a count
//! and the stack is explicit: the loop never allocates except to store a
//! solution.

use super::kinds::Kinds;
use super::order::Step;
use super::tables::{Cand, Tables};
use super::unit::{Control, End, Found, Orbits, Quota};
use crate::kind::tiles::model::{Board, Placement};
use std::sync::atomic::Ordering;

/// No card: what follows the last card of a kind. Never a card's number
/// (at most [`crate::kind::tiles::model::MAX_TILES`] cards), so marking it
/// next marks nothing the tables hold.
const NO_CARD: u8 = u8::MAX;

/// A step's table base, and the (position, side) of each of its two key
/// codes.
type Key = (u32, [(usize, usize); 2]);

/// Nodes between two looks at the clock and the shared flags.
const CHECK_EVERY: u32 = 1 << 16;

/// The entries of `tables` that are candidates for step 1 below `first`.
pub(super) fn second_range(tables: &Tables, steps: &[Step], first: Cand) -> (u32, u32) {
    let s = &steps[1];
    let code = |f: Option<(usize, usize)>| f.map_or(tables.any, |(_, side)| first.edges[side]);
    let i = tables.base(s.key) as usize
        + usize::from(code(s.from[0])) * tables.width
        + usize::from(code(s.from[1]));
    (tables.offsets[i], tables.offsets[i + 1])
}

/// Searches below the placement `first` of `steps[0]`, keeping at most `want`
/// solutions. With `second`, only that slice of step 1's candidates
/// ([`second_range`]) is searched: the first slice counts the first
/// placement, the last one the end of step 1's loop, so slices add up to the
/// whole unit.
pub(super) fn run(
    (tables, kinds, orbits): (&Tables, &Kinds, Option<&Orbits>),
    steps: &[Step],
    (first, second): (Cand, Option<(u32, u32)>),
    quota: Quota,
    ctl: &Control,
    unit: usize,
) -> Found {
    let n = steps.len();
    let mut found = Found {
        boards: Vec::new(),
        count: 0,
        orbits: 0,
        end: End::Done,
        nodes: vec![0; n],
        tries: vec![0; n],
        tries_to_first: None,
    };
    if let Some(end) = ctl.should_stop(unit) {
        found.end = end;
        return found;
    }
    let n_first = u64::from(
        steps.len() == 1 || second.is_none_or(|(lo, _)| lo == second_range(tables, steps, first).0),
    );
    found.nodes[0] = n_first;
    found.tries[0] = n_first;
    let any = tables.any;
    // Position `n` is a pseudo-neighbour showing `any` on every side.
    let mut placed = vec![first; n + 1];
    placed[n].edges = [any; 4];
    // The look: each cell's kind and orientation.
    let board = |placed: &[Cand]| -> Board {
        let mut b = vec![Placement { tile: 0, turns: 0 }; n];
        for (s, c) in steps.iter().zip(placed) {
            b[s.cell] = Placement {
                tile: kinds.of[usize::from(c.tile)],
                turns: kinds.orientation(c.tile, c.turns),
            };
        }
        b
    };
    let mut keeping = true;
    let mut keep = |found: &mut Found, placed: &[Cand]| {
        found.count += 1;
        if let Some(o) = orbits {
            found.orbits += o.weight(&board(placed));
        }
        keeping = keeping
            && found.boards.len() < quota.keep
            && ctl
                .keep_left
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |k| k.checked_sub(1))
                .is_ok();
        if keeping {
            found.boards.push(board(placed));
        }
    };
    if n == 1 {
        keep(&mut found, &placed);
        found.tries_to_first = Some(1);
        return found;
    }
    // Per step: the table base and where its two key codes come from.
    let keys: Vec<Key> = steps
        .iter()
        .map(|s| {
            let from = s.from.map(|f| f.unwrap_or((n, 0)));
            (tables.base(s.key), from)
        })
        .collect();
    let width = tables.width;
    // A function, not a closure: it runs at every step down, and the
    // compiler left the closure a call.
    #[inline(always)]
    fn bucket(
        (keys, tables, width): (&[Key], &Tables, usize),
        placed: &[Cand],
        d: usize,
    ) -> (u32, u32) {
        let (base, [(pa, sa), (pb, sb)]) = keys[d];
        let a = usize::from(placed[pa].edges[sa & 3]);
        let b = usize::from(placed[pb].edges[sb & 3]);
        let i = base as usize + a * width + b;
        (tables.offsets[i], tables.offsets[i + 1])
    }
    let at = (keys.as_slice(), tables, width);
    let mut pos = vec![0u32; n];
    let mut end = vec![0u32; n];
    // Per kind: its cards placed (beside the pinned one) and how many it
    // has. Per card: whether it is its kind's next (the smallest not yet
    // placed, never the pinned one), and the card of its kind after it
    // ([`NO_CARD`] for the last): the candidate loop skips every entry
    // whose card is not the next with one lookup.
    let pin = usize::from(first.tile);
    let mut used = [0u16; 256];
    let mut size = [0u16; 256];
    let mut next = [false; 256];
    let mut after = [NO_CARD; 256];
    for (k, cards) in kinds.cards.iter().enumerate() {
        let mut mine = cards.iter().filter(|&&c| usize::from(c) != pin);
        let mut last = mine.next();
        if let Some(&c) = last {
            next[usize::from(c)] = true;
            size[k] = 1;
        }
        for c in mine {
            if let Some(&l) = last {
                after[usize::from(l)] = *c;
            }
            size[k] += 1;
            last = Some(c);
        }
    }
    // The orientations of the kinds left at each depth (the candidates a
    // loop there examines: its "tries").
    let orients = |k: usize| u64::from(kinds.orients[k]);
    let mut avail = vec![0u64; n + 1];
    avail[0] = (0..kinds.len()).map(orients).sum();
    let pin_kind = usize::from(kinds.of[pin]);
    avail[1] = avail[0]
        - if size[pin_kind] == 0 {
            orients(pin_kind)
        } else {
            0
        };
    let mut depth = 1;
    let whole = bucket(at, &placed, 1);
    (pos[1], end[1]) = second.unwrap_or(whole);
    // Tries of step 1's finished loop belong to the slice that ends it.
    let last_slice = end[1] == whole.1;
    // Nodes before the next look at the clock, the flags and the allowance.
    let mut chunk = u64::from(CHECK_EVERY).min(quota.nodes);
    let mut budget = chunk;
    let mut spent = 0u64;
    'search: loop {
        if pos[depth] == end[depth] {
            if depth > 1 || last_slice {
                found.tries[depth] += avail[depth];
            }
            depth -= 1;
            if depth == 0 {
                break;
            }
            let tile = placed[depth].tile;
            used[usize::from(kinds.of[usize::from(tile)])] -= 1;
            next[usize::from(after[usize::from(tile)])] = false;
            next[usize::from(tile)] = true;
            continue;
        }
        let (lo, hi) = (pos[depth] as usize, end[depth] as usize);
        let Some(skipped) = tables.tiles[lo..hi]
            .iter()
            .position(|&t| next[usize::from(t)])
        else {
            pos[depth] = end[depth];
            continue;
        };
        let cand = tables.entries[lo + skipped];
        pos[depth] = (lo + skipped + 1) as u32;
        let kind = usize::from(kinds.of[usize::from(cand.tile)]);
        let step = &steps[depth];
        if step.extras > 0
            && !step.extra[..step.extras].iter().all(|&(p, side, own)| {
                let a = usize::from(placed[p].edges[side]);
                tables.fit[a * width + usize::from(cand.edges[own])]
            })
        {
            continue;
        }
        if budget == 0 {
            spent += chunk;
            chunk = u64::from(CHECK_EVERY).min(quota.nodes - spent);
            budget = chunk;
            let stop = if chunk == 0 {
                Some(End::NodeLimit)
            } else {
                ctl.should_stop(unit)
            };
            if let Some(e) = stop {
                found.end = e;
                add_partial_tries(&mut found.tries, &placed, &pos, depth, (tables, kinds));
                break 'search;
            }
        }
        budget -= 1;
        found.nodes[depth] += 1;
        placed[depth] = cand;
        if depth + 1 == n {
            keep(&mut found, &placed);
            if found.tries_to_first.is_none() {
                let mut t = found.tries.clone();
                add_partial_tries(&mut t, &placed, &pos, depth, (tables, kinds));
                found.tries_to_first = Some(t.iter().sum());
            }
            if found.count >= quota.want {
                found.end = End::Capped;
                add_partial_tries(&mut found.tries, &placed, &pos, depth, (tables, kinds));
                break 'search;
            }
            continue;
        }
        used[kind] += 1;
        next[usize::from(cand.tile)] = false;
        next[usize::from(after[usize::from(cand.tile)])] = true;
        avail[depth + 1] = avail[depth]
            - if used[kind] == size[kind] {
                orients(kind)
            } else {
                0
            };
        depth += 1;
        (pos[depth], end[depth]) = bucket(at, &placed, depth);
    }
    found
}

/// Adds, for each loop still open at depths `1..=depth`, the candidates it has
/// examined so far: the orientations of the kinds left whose next card comes
/// before its current one, and its current one's up to it, in the order the
/// tables keep.
fn add_partial_tries(
    tries: &mut [u64],
    placed: &[Cand],
    pos: &[u32],
    depth: usize,
    (t, kinds): (&Tables, &Kinds),
) {
    for d in 1..=depth {
        let current = t.entries[pos[d] as usize - 1];
        let kind = usize::from(kinds.of[usize::from(current.tile)]);
        let before: usize = (0..kinds.len())
            .filter(|&k| k != kind)
            .filter(|&k| {
                let next = kinds.cards[k]
                    .iter()
                    .find(|&&c| placed[..d].iter().all(|p| p.tile != c));
                next.is_some_and(|&c| c < current.tile)
            })
            .map(|k| usize::from(kinds.orients[k]))
            .sum();
        // The current turn's place in the order they are tried (not its
        // value: clockwise tries 0, 3, 2, 1).
        let tried = t.card_turns[usize::from(current.tile)]
            .iter()
            .position(|&r| r == current.turns)
            .unwrap_or(3);
        tries[d] += (before + tried + 1) as u64;
    }
}
