//! The one puzzle model every notation reads into and every later stage reads from.
//!
//! Edges are stored as small integer codes so the solver can index tables with them:
//! code = 2 * token + half. Which codes fit together is the puzzle's [`Matching`].

mod matching;

pub use matching::Matching;
use std::convert::Infallible;
use std::fmt;
use std::ops::ControlFlow;

/// Which half of a picture an edge shows. Two touching edges match iff they show
/// the same token and different halves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Half {
    Plus,
    Minus,
}

impl Half {
    pub fn symbol(self) -> char {
        match self {
            Half::Plus => '+',
            Half::Minus => '-',
        }
    }
}

/// Side of a tile in `tile_dict.yaml`'s order: right, top, left, bottom (counter-clockwise
/// from the right), so that turning a tile is a cyclic shift of its edge list.
pub const SIDE_NAMES: [&str; 4] = ["right", "top", "left", "bottom"];
pub const RIGHT: usize = 0;
pub const TOP: usize = 1;
pub const LEFT: usize = 2;
pub const BOTTOM: usize = 3;

/// An edge as the solver sees it: `2 * token + half`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge(pub u8);

impl Edge {
    pub fn new(token: usize, half: Half) -> Edge {
        debug_assert!(token < MAX_TOKENS);
        Edge((token * 2 + usize::from(half == Half::Minus)) as u8)
    }
    pub fn token(self) -> usize {
        usize::from(self.0 >> 1)
    }
    pub fn half(self) -> Half {
        if self.0 & 1 == 0 {
            Half::Plus
        } else {
            Half::Minus
        }
    }
}

/// Token codes must fit the solver's `u8` edge codes.
pub const MAX_TOKENS: usize = 127;
/// The solver keeps the used tiles in a `u128` bitset.
pub const MAX_TILES: usize = 128;

/// A tile's four edges in base orientation: right, top, left, bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile {
    pub edges: [Edge; 4],
}

impl Tile {
    /// Edge shown on `side` after `turns` counter-clockwise quarter turns: the
    /// rotated side `e` shows base side `(e - r) mod 4` (the constraint-programming post's convention).
    pub fn edge(&self, side: usize, turns: u8) -> Edge {
        self.edges[base_side(side, turns)]
    }
}

/// The base side a tile turned `turns` counter-clockwise quarter turns
/// shows on board side `side` (see [`Tile::edge`]): the one place the
/// convention is written down.
pub fn base_side(side: usize, turns: u8) -> usize {
    (side + 4 - usize::from(turns % 4)) % 4
}

/// One cell of a solved board: which tile (0-based index) and how many
/// counter-clockwise quarter turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Placement {
    pub tile: u8,
    pub turns: u8,
}

/// A full board, cells in row-major order.
pub type Board = Vec<Placement>;

/// An edge-matching puzzle: a `rows x cols` board and exactly `rows * cols` tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub rows: usize,
    pub cols: usize,
    pub tiles: Vec<Tile>,
    /// Token names, indexed by `Edge::token`.
    pub tokens: Vec<String>,
    /// Which edge codes may touch; the only notion of "match" anywhere.
    pub matching: Matching,
}

/// Why a board is not a solution; used to check every board the solver reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardFault {
    WrongSize { cells: usize },
    BadTile { cell: usize },
    TileTwice { tile: u8 },
    Mismatch { cell: usize, side: usize },
}

impl fmt::Display for BoardFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardFault::WrongSize { cells } => write!(f, "board has {cells} cells"),
            BoardFault::BadTile { cell } => write!(f, "cell {cell} names no tile"),
            BoardFault::TileTwice { tile } => write!(f, "tile {} used twice", tile + 1),
            BoardFault::Mismatch { cell, side } => {
                write!(f, "cell {cell}: {} edge does not match", SIDE_NAMES[*side])
            }
        }
    }
}

impl Puzzle {
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// Whether edges `a` and `b` may touch.
    pub fn fits(&self, a: Edge, b: Edge) -> bool {
        self.matching.fits(a, b)
    }

    /// Checks a board independently of the search that produced it: every tile
    /// used once, every inner edge matched.
    pub fn check(&self, board: &[Placement]) -> Result<(), BoardFault> {
        if board.len() != self.cells() {
            return Err(BoardFault::WrongSize { cells: board.len() });
        }
        self.each_tile_once(board)?;
        match self.mismatches(board, ControlFlow::Break) {
            ControlFlow::Break((cell, side)) => Err(BoardFault::Mismatch { cell, side }),
            ControlFlow::Continue(()) => Ok(()),
        }
    }

    /// Edges between two cells: the most a board can match.
    pub fn inner_edges(&self) -> usize {
        self.rows * (self.cols - 1) + (self.rows - 1) * self.cols
    }

    /// The inner edges of a full board whose two sides do not fit, each as
    /// `(cell, RIGHT or BOTTOM)` of its upper or left cell, in row-major order.
    pub fn unmatched(&self, board: &[Placement]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let ControlFlow::Continue(()) = self.mismatches(board, |m| {
            out.push(m);
            ControlFlow::<Infallible>::Continue(())
        });
        out
    }

    /// The tile half of [`Puzzle::check`]: each placed tile is one of the
    /// puzzle's, and none is placed twice. Tile numbers are bytes: one bit
    /// each in four words, no allocation (the solver checks every board it
    /// lists this way).
    pub(crate) fn each_tile_once(&self, board: &[Placement]) -> Result<(), BoardFault> {
        let mut seen = [0u64; 4];
        for (cell, p) in board.iter().enumerate() {
            let t = usize::from(p.tile);
            if t >= self.tiles.len() {
                return Err(BoardFault::BadTile { cell });
            }
            let (word, bit) = (t / 64, 1u64 << (t % 64));
            if seen[word] & bit != 0 {
                return Err(BoardFault::TileTwice { tile: p.tile });
            }
            seen[word] |= bit;
        }
        Ok(())
    }

    /// Calls `seen` with each of [`Puzzle::unmatched`] in turn until it says
    /// stop: `check` stops at the first, without collecting them.
    fn mismatches<B>(
        &self,
        board: &[Placement],
        mut seen: impl FnMut((usize, usize)) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let edge = |cell: usize, side: usize| {
            let p: Placement = board[cell];
            self.tiles[usize::from(p.tile)].edge(side, p.turns)
        };
        for cell in 0..board.len().min(self.cells()) {
            let (row, col) = (cell / self.cols, cell % self.cols);
            if col + 1 < self.cols && !self.fits(edge(cell, RIGHT), edge(cell + 1, LEFT)) {
                seen((cell, RIGHT))?;
            }
            if row + 1 < self.rows && !self.fits(edge(cell, BOTTOM), edge(cell + self.cols, TOP)) {
                seen((cell, BOTTOM))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Turns of the whole board that map it onto itself: four on a square,
    /// two (0 and 180 degrees) on a rectangle.
    pub fn board_turns(&self) -> u8 {
        if self.rows == self.cols {
            4
        } else {
            2
        }
    }

    /// The same arrangement seen after turning the whole board `quarter_turns`
    /// counter-clockwise (only turns from `board_turns` keep the shape).
    pub fn turn_board(&self, board: &[Placement], quarter_turns: u8) -> Board {
        let (r, c) = (self.rows, self.cols);
        let mut out = Vec::with_capacity(board.len());
        // Destination (i, j) in row-major order, from its source cell in the
        // unturned board.
        for i in 0..r {
            for j in 0..c {
                let src = match quarter_turns % 4 {
                    0 => i * c + j,
                    1 => j * c + (c - 1 - i),
                    2 => (r - 1 - i) * c + (c - 1 - j),
                    _ => (r - 1 - j) * c + i,
                };
                let p = board[src];
                out.push(Placement {
                    tile: p.tile,
                    turns: (p.turns + quarter_turns) % 4,
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(codes: [u8; 4]) -> Tile {
        Tile {
            edges: codes.map(Edge),
        }
    }

    #[test]
    fn turning_a_tile_moves_its_right_edge_to_the_top() {
        let t = tile([10, 20, 30, 40]);
        assert_eq!(t.edge(TOP, 1), Edge(10));
        assert_eq!(t.edge(LEFT, 1), Edge(20));
        assert_eq!(t.edge(RIGHT, 1), Edge(40));
        assert_eq!(t.edge(RIGHT, 2), Edge(30));
        assert_eq!(t.edge(RIGHT, 3), Edge(20));
    }

    #[test]
    fn edges_match_only_their_other_half() {
        let m = Matching::halves(4);
        let plus = Edge::new(3, Half::Plus);
        let minus = Edge::new(3, Half::Minus);
        assert!(m.fits(plus, minus) && m.fits(minus, plus));
        assert!(!m.fits(plus, plus));
        assert!(!m.fits(plus, Edge::new(2, Half::Minus)));
        assert_eq!((minus.token(), minus.half()), (3, Half::Minus));
    }

    #[test]
    fn board_turns_compose_to_identity() {
        let p = Puzzle {
            rows: 3,
            cols: 3,
            tiles: vec![tile([0, 0, 0, 0]); 9],
            tokens: vec![],
            matching: Matching::halves(0),
        };
        let board: Board = (0..9)
            .map(|t| Placement {
                tile: t,
                turns: t % 4,
            })
            .collect();
        let once = p.turn_board(&board, 1);
        // Turning counter-clockwise brings the top-right cell to the top-left.
        assert_eq!(once[0].tile, 2);
        assert_eq!(once[0].turns, 3);
        let mut b = board.clone();
        for _ in 0..4 {
            b = p.turn_board(&b, 1);
        }
        assert_eq!(b, board);
        assert_eq!(
            p.turn_board(&p.turn_board(&board, 1), 1),
            p.turn_board(&board, 2)
        );
        assert_eq!(
            p.turn_board(&board, 3),
            p.turn_board(&p.turn_board(&board, 2), 1)
        );
    }

    #[test]
    fn half_turn_of_a_rectangle_reverses_its_cells() {
        let p = Puzzle {
            rows: 2,
            cols: 3,
            tiles: vec![tile([0, 0, 0, 0]); 6],
            tokens: vec![],
            matching: Matching::halves(0),
        };
        let board: Board = (0..6).map(|t| Placement { tile: t, turns: 0 }).collect();
        let turned = p.turn_board(&board, 2);
        let tiles: Vec<u8> = turned.iter().map(|c| c.tile).collect();
        assert_eq!(tiles, vec![5, 4, 3, 2, 1, 0]);
        assert!(turned.iter().all(|c| c.turns == 2));
    }

    #[test]
    fn check_names_the_first_fault_of_a_board() {
        // 100 tiles (more than one word of `check`'s bits), each fitting its
        // right and lower neighbours when unturned.
        let (plus, minus) = (|t| Edge::new(t, Half::Plus), |t| Edge::new(t, Half::Minus));
        let p = Puzzle {
            rows: 10,
            cols: 10,
            tiles: vec![
                Tile {
                    edges: [plus(0), plus(1), minus(0), minus(1)]
                };
                100
            ],
            tokens: vec!["a".into(), "b".into()],
            matching: Matching::halves(2),
        };
        let good: Board = (0..100).map(|t| Placement { tile: t, turns: 0 }).collect();
        assert_eq!(p.check(&good), Ok(()));
        assert_eq!(
            p.check(&good[..99]),
            Err(BoardFault::WrongSize { cells: 99 })
        );
        let mut b = good.clone();
        b[80].tile = 70;
        assert_eq!(p.check(&b), Err(BoardFault::TileTwice { tile: 70 }));
        b[80].tile = 100;
        assert_eq!(p.check(&b), Err(BoardFault::BadTile { cell: 80 }));
        let mut b = good.clone();
        b[5].turns = 2;
        b[97].turns = 1;
        assert_eq!(
            p.check(&b),
            Err(BoardFault::Mismatch {
                cell: 4,
                side: RIGHT
            })
        );
        assert_eq!(
            p.unmatched(&b),
            vec![
                (4, RIGHT),
                (5, RIGHT),
                (5, BOTTOM),
                (87, BOTTOM),
                (96, RIGHT),
                (97, RIGHT)
            ]
        );
    }
}
