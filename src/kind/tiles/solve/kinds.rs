//! Kinds of cards: cards that show the same edges up to a turn are one kind.
//!
//! A search that tells identical cards apart walks every permutation of them
//! (and every turn of a card that looks the same turned) through every dead
//! end; the search over kinds walks each look once. A kind-level board (the
//! *look*: which kind, in which of its distinct orientations, in every cell)
//! stands for a fixed number of card-level boards, so counts multiply back
//! out exactly: a kind with `m` cards and `s` distinct orientations puts its
//! cards on its `m` cells in `m!` ways, each card in `4 / s` turns.

use crate::kind::tiles::model::{base_side, Edge, Puzzle};

/// The kinds of a puzzle's cards, numbered by their first card.
#[derive(Clone, Debug)]
pub(crate) struct Kinds {
    /// Kind of each card.
    pub of: Vec<u8>,
    /// Per card: card `t` turned `r` shows its kind in orientation
    /// `(r + shift[t]) % orients[of[t]]`.
    pub shift: Vec<u8>,
    /// Per kind: its cards, ascending.
    pub cards: Vec<Vec<u8>>,
    /// Per kind: its edges in orientation 0 (its first card's, unturned).
    pub edges: Vec<[Edge; 4]>,
    /// Per kind: distinct orientations (1, 2 or 4): turning by this many
    /// quarter turns shows the same edges.
    pub orients: Vec<u8>,
}

/// The edges of `edges` turned `turns` quarter turns counter-clockwise (the
/// convention of [`crate::kind::tiles::model::Tile::edge`]).
pub(crate) fn turned(edges: [Edge; 4], turns: u8) -> [Edge; 4] {
    [0, 1, 2, 3].map(|side| edges[base_side(side, turns)])
}

impl Kinds {
    pub(crate) fn new(puzzle: &Puzzle) -> Kinds {
        let mut k = Kinds {
            of: Vec::with_capacity(puzzle.tiles.len()),
            shift: Vec::with_capacity(puzzle.tiles.len()),
            cards: Vec::new(),
            edges: Vec::new(),
            orients: Vec::new(),
        };
        for (t, tile) in puzzle.tiles.iter().enumerate() {
            let seen = k.edges.iter().enumerate().find_map(|(kind, &e)| {
                (0..4u8)
                    .find(|&r| turned(e, r) == tile.edges)
                    .map(|r| (kind, r))
            });
            let (kind, shift) = seen.unwrap_or_else(|| {
                let orients = (1..=4u8)
                    .find(|&r| turned(tile.edges, r) == tile.edges)
                    .unwrap_or(4);
                k.edges.push(tile.edges);
                k.orients.push(orients);
                k.cards.push(Vec::new());
                (k.edges.len() - 1, 0)
            });
            k.of.push(kind as u8);
            k.shift.push(shift % k.orients[kind]);
            k.cards[kind].push(t as u8);
        }
        k
    }

    /// Every card its own kind in four orientations, whatever it looks
    /// like: the plain search, which tells every card and turn apart.
    pub(crate) fn cards(puzzle: &Puzzle) -> Kinds {
        let n = puzzle.tiles.len();
        Kinds {
            of: (0..n as u8).collect(),
            shift: vec![0; n],
            cards: (0..n as u8).map(|t| vec![t]).collect(),
            edges: puzzle.tiles.iter().map(|t| t.edges).collect(),
            orients: vec![4; n],
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the kinds are the cards: every card alone in its kind and
    /// different in each of its four turns, so both searches are one.
    pub(crate) fn all_distinct(&self) -> bool {
        self.cards.iter().all(|c| c.len() == 1) && self.orients.iter().all(|&s| s == 4)
    }

    /// The orientation card `tile` shows when turned `turns`.
    pub(crate) fn orientation(&self, tile: u8, turns: u8) -> u8 {
        let kind = usize::from(self.of[usize::from(tile)]);
        (turns + self.shift[usize::from(tile)]) % self.orients[kind]
    }

    /// Turns of a quarter turn that show each orientation of a kind: `4 / s`.
    pub(crate) fn turns_per_orientation(&self, kind: usize) -> u128 {
        u128::from(4 / self.orients[kind])
    }

    /// Card-level boards per look in which card `pinned` lies on a given cell
    /// with given turns (`None`: nothing pinned): the other cards of each kind
    /// permuted over its cells, each in every turn that shows the look.
    /// `None` beyond `u128::MAX`.
    pub(crate) fn boards_per_look(&self, pinned: Option<u8>) -> Option<u128> {
        let pinned_kind = pinned.map(|t| usize::from(self.of[usize::from(t)]));
        let mut out: u128 = 1;
        for kind in 0..self.len() {
            let free = self.cards[kind].len() - usize::from(pinned_kind == Some(kind));
            let turns = self.turns_per_orientation(kind);
            for n in 1..=free as u128 {
                out = out.checked_mul(n)?.checked_mul(turns)?;
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::tiles::solve::tests::shaped;

    #[test]
    fn identical_and_turned_cards_are_one_kind() {
        let p = shaped(
            2,
            2,
            &["a+ b+ c+ d+", "b+ c+ d+ a+", "a+ a- a+ a-", "a+ a+ a+ a+"],
        );
        let k = Kinds::new(&p);
        assert_eq!(k.of, vec![0, 0, 1, 2]);
        assert_eq!(k.cards, vec![vec![0, 1], vec![2], vec![3]]);
        assert_eq!(k.orients, vec![4, 2, 1]);
        // Card 2 of kind 0 is kind 0 turned three times: turned once more it
        // shows orientation 0.
        assert_eq!(k.shift[1], 3);
        assert_eq!(k.orientation(1, 1), 0);
        for (t, tile) in p.tiles.iter().enumerate() {
            let kind = usize::from(k.of[t]);
            for r in 0..4 {
                let o = k.orientation(t as u8, r);
                assert_eq!(turned(tile.edges, r), turned(k.edges[kind], o), "{t} {r}");
            }
        }
        assert!(!k.all_distinct());
        // Kind 0: 2! orders, one turn each; kind 1: 2 turns; kind 2: 4 turns.
        assert_eq!(k.boards_per_look(None), Some(2 * 2 * 4));
        assert_eq!(k.boards_per_look(Some(0)), Some(2 * 4));
        assert_eq!(k.boards_per_look(Some(3)), Some(2 * 2));
    }

    #[test]
    fn distinct_cards_are_their_own_kinds() {
        let p = shaped(1, 2, &["a+ b+ c+ d+", "a- b- c- d-"]);
        let k = Kinds::new(&p);
        assert!(k.all_distinct());
        assert_eq!(k.boards_per_look(None), Some(1));
        assert_eq!(k.boards_per_look(Some(1)), Some(1));
    }
}
