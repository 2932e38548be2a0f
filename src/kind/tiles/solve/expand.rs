//! From kind-level solutions back to card-level boards, in the order the
//! plain search (every card told apart) finds them.
//!
//! The plain search of a unit meets its boards in lexicographic order of
//! (card, place of the turns in the order tried) along the unit's cells.
//! Each look of the unit stands for many such boards (its kinds' cards
//! permuted, each turned every way that shows the look); they are produced
//! lazily, each look's in that order, and merged. The search meets the
//! looks in the order of their first boards (see `search`), and each look
//! has at least one board, so the first `k` looks it found are enough: the
//! first `k` boards merged from them are the plain search's first `k`.

use super::kinds::Kinds;
use crate::kind::tiles::model::{Board, Placement};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Per kind and orientation: the (card, rank of its turns) that show it,
/// ascending, so the next choice of a position is a scan of a short list.
type Options = Vec<Vec<Vec<(u8, u8)>>>;

/// The boards of one look, smallest first.
struct Stream<'a> {
    options: &'a Options,
    /// Per position (the unit's order of cells): the kind and orientation.
    look: Vec<(u8, u8)>,
    /// The card-level choice per position as (card, rank of its turns).
    current: Vec<(u8, u8)>,
}

impl Stream<'_> {
    /// The smallest choice for position `p` above `after`, among the cards
    /// of its kind not taken by earlier positions.
    fn choice(&self, p: usize, after: Option<(u8, u8)>) -> Option<(u8, u8)> {
        let (kind, o) = self.look[p];
        let taken = &self.current[..p];
        self.options[usize::from(kind)][usize::from(o)]
            .iter()
            .copied()
            .filter(|&key| after.is_none_or(|a| key > a))
            .find(|&(card, _)| taken.iter().all(|&(c, _)| c != card))
    }

    /// Fills positions from `p` on with their smallest choices.
    fn fill(&mut self, p: usize) -> bool {
        for q in p..self.look.len() {
            match self.choice(q, None) {
                Some(c) => self.current[q] = c,
                None => return false,
            }
        }
        true
    }

    /// Moves to the next board of the look; `false` when there is none.
    fn advance(&mut self) -> bool {
        for p in (1..self.look.len()).rev() {
            if let Some(c) = self.choice(p, Some(self.current[p])) {
                self.current[p] = c;
                return self.fill(p + 1);
            }
        }
        false
    }
}

/// The first `k` card-level boards of a unit, in the plain search's order,
/// each with the index of the look it shows: `cells` is the unit's order of
/// cells, `pin` the card its first step holds, `looks` its kind-level boards
/// (row-major), `order` the turns in the order tried.
pub(super) fn first_boards(
    kinds: &Kinds,
    (cells, pin): (&[usize], Placement),
    looks: &[Board],
    order: [u8; 4],
    k: usize,
) -> Vec<(Board, usize)> {
    let mut rank = [0u8; 4];
    for (i, &r) in order.iter().enumerate() {
        rank[usize::from(r)] = i as u8;
    }
    let mut options: Options = kinds
        .orients
        .iter()
        .map(|&s| vec![Vec::new(); usize::from(s)])
        .collect();
    for (kind, cards) in kinds.cards.iter().enumerate() {
        for &card in cards {
            for r in 0..4 {
                let o = usize::from(kinds.orientation(card, r));
                options[kind][o].push((card, rank[usize::from(r)]));
            }
        }
    }
    options.iter_mut().flatten().for_each(|o| o.sort_unstable());
    let mut streams: Vec<(Stream, usize)> = Vec::with_capacity(looks.len());
    let mut heap = BinaryHeap::new();
    for (index, look) in looks.iter().enumerate() {
        let mut s = Stream {
            options: &options,
            look: cells
                .iter()
                .map(|&c| (look[c].tile, look[c].turns))
                .collect(),
            current: vec![(pin.tile, rank[usize::from(pin.turns)]); cells.len()],
        };
        if s.fill(1) {
            heap.push(Reverse((s.current.clone(), streams.len())));
            streams.push((s, index));
        }
    }
    let mut out = Vec::with_capacity(k.min(1 << 16));
    while out.len() < k {
        let Some(Reverse((mut key, i))) = heap.pop() else {
            break;
        };
        let mut board = vec![Placement { tile: 0, turns: 0 }; cells.len()];
        for (&cell, &(tile, r)) in cells.iter().zip(&key) {
            board[cell] = Placement {
                tile,
                turns: order[usize::from(r)],
            };
        }
        let (stream, look) = &mut streams[i];
        out.push((board, *look));
        if stream.advance() {
            // The popped key's buffer carries the stream's next board.
            key.copy_from_slice(&stream.current);
            heap.push(Reverse((key, i)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::tiles::solve::tests::shaped;

    #[test]
    fn a_look_of_identical_cards_gives_every_permutation_in_order() {
        // Three identical cards that look the same turned twice, in a row.
        let p = shaped(1, 3, &["a+ b+ a+ b+", "a+ b+ a+ b+", "a+ b+ a+ b+"]);
        let kinds = Kinds::new(&p);
        let look = vec![Placement { tile: 0, turns: 0 }; 3];
        let pin = Placement { tile: 1, turns: 0 };
        let boards: Vec<Board> =
            first_boards(&kinds, (&[1, 0, 2], pin), &[look], [0, 1, 2, 3], 100)
                .into_iter()
                .map(|(b, look)| {
                    assert_eq!(look, 0);
                    b
                })
                .collect();
        // Cards 0 and 2 on cells 0 and 2 in either order, each turned 0 or 2.
        assert_eq!(boards.len(), 2 * 2 * 2);
        let cell0: Vec<(u8, u8)> = boards.iter().map(|b| (b[0].tile, b[0].turns)).collect();
        assert_eq!(
            cell0,
            vec![
                (0, 0),
                (0, 0),
                (0, 2),
                (0, 2),
                (2, 0),
                (2, 0),
                (2, 2),
                (2, 2)
            ]
        );
        assert!(boards.iter().all(|b| b[1] == pin));
        let mut sorted = boards.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), boards.len());
        assert_eq!(
            first_boards(
                &kinds,
                (&[1, 0, 2], pin),
                &[vec![Placement { tile: 0, turns: 0 }; 3]],
                [0, 1, 2, 3],
                3
            )
            .len(),
            3
        );
    }
}
