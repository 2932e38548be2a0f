//! The puzzle kinds, each with its own model, reader, solver and renderer,
//! and the one shape the job drives them through: [`PuzzleKind`].

use crate::error::InputError;
use crate::gfx::canvas::Canvas;
use std::path::Path;
use std::time::Instant;

pub mod domino;
mod notation;
mod outcome;
pub(crate) mod seeded;
pub(crate) mod solutions_file;
pub mod stop;
mod style;
pub mod tiles;

pub use notation::{is_puzzle, notation_file, resolve_notation, NOTATIONS};
pub use outcome::{Count, Outcome, MAX_LISTED};
use stop::StopReason;
pub use style::Style;

/// Which kind of puzzle a notation file describes. The file's name decides
/// (a Domino Fit board is `domino_fit.yaml`, every other notation is tiles),
/// here and nowhere else, so the job, `solve`, `animate` and the tile reader
/// cannot disagree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Tiles,
    Domino,
}

impl Kind {
    pub fn of(notation: &Path) -> Kind {
        if notation.file_name().is_some_and(|n| n == domino::FILE_NAME) {
            Kind::Domino
        } else {
            Kind::Tiles
        }
    }
}

/// One kind of puzzle as the job and `solve` drive it: read → load → solve
/// → facts → boards (`solve` reads only the model: read_model → solve →
/// facts). The job is one generic function over this trait
/// (`pipeline::job::drive::<K>`), compiled once per kind: each kind's puzzle,
/// search result and painter are its own types, so a generic function needs
/// no boxing and no downcast, where `dyn` would need both. Only what every
/// kind has is said here; what one kind alone has (tile pictures, the closest
/// boards, the cover rule) stays inside its types.
///
/// Nothing here knows of options, files written or reports: the job turns
/// its options into a [`Search`] and a [`Style`], and
/// [`Facts`] into its report, so `kind` depends on nothing above it.
pub trait PuzzleKind {
    const KIND: Kind;
    /// The notation as read, with the files beside it that the build key
    /// covers, not yet decoded (a puzzle that is up to date is never decoded).
    type Source;
    /// The puzzle as its notation (and what shapes its board) says it: all
    /// that `solve` reads, searches and prints. No pictures.
    type Model: Sync;
    /// The puzzle ready to solve and paint.
    type Puzzle: Sync;
    /// What the searches found.
    type Found: Sync;
    /// The painter of the puzzle's boards.
    type Boards<'a>: Boards
    where
        Self: 'a;

    /// Parses `bytes`, the notation file `notation`, and reads what its
    /// folder adds (tile pictures up to `max_side` pixels a side).
    fn read(notation: &Path, bytes: &[u8], max_side: u32) -> Result<Read<Self::Source>, Failed>;
    /// Reads the notation file `notation` and what shapes its board, but
    /// not its pictures: `solve` works on a notation file alone.
    fn read_model(notation: &Path) -> Result<Read<Self::Model>, Failed>;
    /// The model inside a loaded puzzle.
    fn model(puzzle: &Self::Puzzle) -> &Self::Model;
    /// The files besides the notation that the build key covers, by name.
    fn key_files(source: &Self::Source) -> Vec<(String, &[u8])>;
    /// Decodes what `read` only read (after the job checked its pixels).
    fn load(source: Self::Source, max_side: u32) -> Result<Self::Puzzle, InputError>;
    fn solve(model: &Self::Model, search: &Search) -> Self::Found;
    fn facts<'a>(model: &'a Self::Model, found: &'a Self::Found) -> Facts<'a>;
    fn boards<'a>(
        puzzle: &'a Self::Puzzle,
        found: &'a Self::Found,
        style: Style,
    ) -> Self::Boards<'a>;
}

/// A notation read, and what it warned of.
pub struct Read<S> {
    pub source: S,
    pub warnings: Vec<String>,
}

/// A read that failed, with the warnings of what was read before.
#[derive(Debug)]
pub struct Failed {
    pub error: InputError,
    pub warnings: Vec<String>,
}

/// A read that failed before anything warned.
impl From<InputError> for Failed {
    fn from(error: InputError) -> Self {
        Failed {
            error,
            warnings: Vec::new(),
        }
    }
}

/// How to search, for every kind: the limits they share, and each kind's
/// own settings (the other kinds ignore them).
#[derive(Clone, Debug)]
pub struct Search {
    pub max_solutions: Count,
    /// `None`: the kind's own default budget.
    pub max_nodes: Option<u64>,
    /// When the time is up; every search after the first gets what is left.
    pub deadline: Option<Instant>,
    /// Tiles: the order the search fills cells in.
    pub order: tiles::solve::Order,
    /// Tiles: break the board's rotational symmetry (off only to compare).
    pub symmetry: bool,
    /// Tiles: the order each tile's turns are tried in.
    pub turn_order: tiles::solve::TurnOrder,
    /// Tiles: the closest boards' node budget when there is no solution;
    /// `None`, they are not searched.
    pub closest_nodes: Option<u64>,
    /// Domino Fit: whether a solution covers every free cell.
    pub cover: domino::Cover,
    /// Tripped by Ctrl-C: the search ends as [`StopReason::Interrupted`].
    pub cancel: stop::Cancel,
}

/// What a search found, as the report and the choice of boards to draw see
/// it. The kinds fill in what they know; `None` and empty slices are what a
/// kind does not have (Domino Fit has no turns, so no classes).
pub struct Facts<'a> {
    pub rows: usize,
    pub cols: usize,
    pub tiles: Option<usize>,
    pub total: Count,
    pub unique: Option<Count>,
    pub looks: Option<Count>,
    pub stopped: Option<StopReason>,
    /// Solutions listed, and so drawable: at most `total`.
    pub listed: usize,
    pub nodes: u64,
    /// Rotation class of each listed solution.
    pub classes: &'a [u32],
    /// Look class of each listed solution.
    pub look_classes: &'a [u32],
    /// A puzzle without a solution: its closest boards.
    pub closest: Option<ClosestFacts>,
}

/// The closest boards of a puzzle without a solution, in brief.
#[derive(Clone, Copy, Debug)]
pub struct ClosestFacts {
    pub matched_edges: usize,
    pub inner_edges: usize,
    pub boards: usize,
    pub complete: bool,
}

/// One image of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Image {
    Unsolved,
    /// Numbered from 1.
    Solution(usize),
    Closest(usize),
}

/// What a kind paints. Painting takes `&self`, so the boards of one puzzle
/// are painted on every core at once.
pub trait Boards: Sync {
    /// Board size in pixels.
    fn size(&self) -> [u32; 2];
    fn paint(&self, image: Image, canvas: &mut Canvas);
    /// Lets the kind paint thumbnails of at most `longest` pixels a side
    /// itself, when that is cheaper than shrinking each board.
    fn paint_thumbs(&mut self, _longest: u32) {}
    /// The size of the thumbnails the kind paints, if it paints them.
    fn thumb_size(&self) -> Option<[u32; 2]> {
        None
    }
    /// Paints `image`'s thumbnail; false when the kind paints none (the job
    /// then shrinks the board).
    fn paint_thumb(&self, _image: Image, _thumb: &mut Canvas) -> bool {
        false
    }
    /// How `image`'s rows split into parts that its boards share, so that
    /// each is compressed once a puzzle ([`crate::gfx::png::Part`]); `None`
    /// compresses each board whole.
    fn parts(&self, _image: Image) -> Option<Vec<crate::gfx::png::Part>> {
        None
    }
    /// Paints `image` but for the parts of [`Boards::parts`] that `skip`
    /// marks, whose compressed bytes are kept already.
    fn paint_skipping(&self, image: Image, canvas: &mut Canvas, _skip: &[bool]) {
        self.paint(image, canvas);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_name_decides_and_only_the_name() {
        assert_eq!(Kind::of(Path::new("p/input/domino_fit.yaml")), Kind::Domino);
        assert_eq!(Kind::of(Path::new("domino_fit.yaml")), Kind::Domino);
        assert_eq!(Kind::of(Path::new("p/input/tile_dict.yaml")), Kind::Tiles);
        assert_eq!(
            Kind::of(Path::new("p/domino_fit.yaml/letters.txt")),
            Kind::Tiles
        );
        assert_eq!(Kind::of(Path::new("p/input/Domino_Fit.yaml")), Kind::Tiles);
    }
}
