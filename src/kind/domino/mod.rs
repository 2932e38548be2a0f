//! Domino Fit: place vertical one-dot and horizontal two-dot dominoes
//! on a board with black cells so that every row and column shows its number
//! of dots.
//!
//! The job drives it as a [`crate::kind::PuzzleKind`] ([`Domino`]): [`parse`]
//! the input file, [`solve`] it under a [`Cover`] rule, paint its boards
//! ([`DominoBoards`]), then [`text`] and [`solutions_json`] for the files;
//! it shares the YAML reader of [`crate::input`], the stop reasons, the one
//! `Outcome` and `solutions.json` shape, and the canvas frame. Coordinates are the Domino Fit post's: `(w, h)` with `(0, 0)`
//! top-left, `w` to the right, `h` down.

mod as_kind;
mod check;
mod generate;
mod parse;
mod render;
pub use render::CELL;
mod solve;
mod text;

#[cfg(test)]
pub(crate) mod tests;

pub use as_kind::{cell, Domino, DominoBoards};
pub use check::DominoFault;
pub use generate::generate;
pub use parse::parse;
pub(crate) use render::Renderer;
pub use solve::{solve, solve_within, Outcome, MAX_NODES};
pub use text::{solutions_json, text};

/// The input file that marks a folder as a Domino Fit puzzle.
pub const FILE_NAME: &str = "domino_fit.yaml";

/// Bitmask rows keep the solver fast; 64 is also far beyond any real board.
pub const MAX_SIDE: usize = 64;

/// Whether a solution must cover every free cell. The game's boards are always
/// fully covered; the Domino Fit post's CP-SAT model does not require it, and on some
/// boards that admits extra solutions, so both are offered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cover {
    /// Every free cell is covered (the game's rule).
    #[default]
    Full,
    /// Free cells may stay empty (as some solvers model the game).
    Partial,
}

impl Cover {
    pub fn name(self) -> &'static str {
        match self {
            Cover::Full => "full",
            Cover::Partial => "partial",
        }
    }
}

/// The two domino kinds; neither may be rotated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// Vertical, one dot on the upper cell.
    One,
    /// Horizontal, two dots on the right cell.
    Two,
}

impl Kind {
    pub fn dots(self) -> u32 {
        match self {
            Kind::One => 1,
            Kind::Two => 2,
        }
    }
}

/// One domino, anchored at its top-left cell `(w, h)`: the dot cell of a
/// [`Kind::One`], the blank (left) cell of a [`Kind::Two`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Placement {
    pub h: usize,
    pub w: usize,
    pub kind: Kind,
}

impl Placement {
    pub fn new(kind: Kind, w: usize, h: usize) -> Placement {
        Placement { h, w, kind }
    }
    /// Both cells, anchor first.
    pub fn cells(&self) -> [(usize, usize); 2] {
        match self.kind {
            Kind::One => [(self.w, self.h), (self.w, self.h + 1)],
            Kind::Two => [(self.w, self.h), (self.w + 1, self.h)],
        }
    }
    /// The cell showing the dots, which is where they count for its row and column.
    pub fn dot_cell(&self) -> (usize, usize) {
        match self.kind {
            Kind::One => (self.w, self.h),
            Kind::Two => (self.w + 1, self.h),
        }
    }
}

/// A solution: its dominoes in row-major order of their anchors.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DominoSolution {
    pub dominoes: Vec<Placement>,
}

/// A validated board. Fields are private so the black-cell grid cannot drift
/// from the list it was built from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DominoPuzzle {
    width: usize,
    height: usize,
    blacks: Vec<(usize, usize)>,
    black: Vec<bool>,
    top: Vec<u32>,
    side: Vec<u32>,
}

impl DominoPuzzle {
    /// Builds a board from parts already known to be consistent (the parser
    /// and the generator check that); cells outside the board are ignored.
    pub fn new(
        width: usize,
        height: usize,
        blacks: &[(usize, usize)],
        top: Vec<u32>,
        side: Vec<u32>,
    ) -> DominoPuzzle {
        let mut black = vec![false; width * height];
        for &(w, h) in blacks {
            if w < width && h < height {
                black[h * width + w] = true;
            }
        }
        let blacks = (0..width * height)
            .filter(|&i| black[i])
            .map(|i| (i % width, i / width))
            .collect();
        DominoPuzzle {
            width,
            height,
            blacks,
            black,
            top,
            side,
        }
    }
    pub fn width(&self) -> usize {
        self.width
    }
    pub fn height(&self) -> usize {
        self.height
    }
    /// Black cells in row-major order.
    pub fn blacks(&self) -> &[(usize, usize)] {
        &self.blacks
    }
    /// Column sums, left to right.
    pub fn top(&self) -> &[u32] {
        &self.top
    }
    /// Row sums, top to bottom.
    pub fn side(&self) -> &[u32] {
        &self.side
    }
    /// Is `(w, h)` black? Cells outside the board are not.
    pub fn is_black(&self, w: usize, h: usize) -> bool {
        w < self.width && h < self.height && self.black[h * self.width + w]
    }
}
