//! Domino Fit as a [`PuzzleKind`]: `domino_fit.yaml` alone is the puzzle
//! (no files beside it, nothing to decode), and its boards are drawn.

use super::{DominoPuzzle, Outcome, Renderer, CELL};
use crate::gfx::canvas::Canvas;
use crate::kind::{Boards, Facts, Failed, Image, Kind, PuzzleKind, Read, Search, Style};
use std::path::Path;

/// Domino Fit puzzles.
pub struct Domino;

impl PuzzleKind for Domino {
    const KIND: Kind = Kind::Domino;
    type Source = DominoPuzzle;
    type Model = DominoPuzzle;
    type Puzzle = DominoPuzzle;
    type Found = Outcome;
    type Boards<'a> = DominoBoards<'a>;

    fn read(notation: &Path, bytes: &[u8], _max_side: u32) -> Result<Read<DominoPuzzle>, Failed> {
        let text = crate::input::utf8(notation, bytes)?;
        let source = super::parse(notation, text)?;
        Ok(Read {
            source,
            warnings: Vec::new(),
        })
    }

    fn read_model(notation: &Path) -> Result<Read<DominoPuzzle>, Failed> {
        use crate::input::file;
        let bytes = file::read_capped(notation, file::NOTATION_CAP)?;
        Self::read(notation, &bytes, 0)
    }

    fn model(puzzle: &DominoPuzzle) -> &DominoPuzzle {
        puzzle
    }

    fn key_files(_: &DominoPuzzle) -> Vec<(String, &[u8])> {
        Vec::new()
    }

    fn load(
        source: DominoPuzzle,
        _max_side: u32,
    ) -> Result<DominoPuzzle, crate::error::InputError> {
        Ok(source)
    }

    fn solve(puzzle: &DominoPuzzle, search: &Search) -> Outcome {
        let max_nodes = search.max_nodes.unwrap_or(super::MAX_NODES);
        let most = usize::try_from(search.max_solutions).unwrap_or(usize::MAX);
        let bounds = (most, max_nodes);
        super::solve_within(
            puzzle,
            search.cover,
            bounds,
            search.deadline,
            &search.cancel,
        )
    }

    fn facts<'a>(puzzle: &'a DominoPuzzle, found: &'a Outcome) -> Facts<'a> {
        Facts {
            rows: puzzle.height(),
            cols: puzzle.width(),
            tiles: None,
            total: found.total,
            unique: None,
            looks: None,
            stopped: found.stopped,
            listed: found.solutions.len(),
            nodes: found.nodes,
            classes: &[],
            look_classes: &[],
            closest: None,
        }
    }

    /// `--tile-size` is the side of a cell: one option for every kind of board.
    fn boards<'a>(puzzle: &'a DominoPuzzle, found: &'a Outcome, style: Style) -> DominoBoards<'a> {
        DominoBoards {
            renderer: Renderer::new(puzzle, cell(style)),
            outcome: found,
        }
    }
}

/// The side of a cell in pixels for boards drawn in `style`.
pub fn cell(style: Style) -> u32 {
    style.tile_size.unwrap_or(CELL)
}

/// The boards of a Domino Fit puzzle, drawn over its board with the sums.
pub struct DominoBoards<'a> {
    renderer: Renderer,
    outcome: &'a Outcome,
}

impl Boards for DominoBoards<'_> {
    fn size(&self) -> [u32; 2] {
        self.renderer.size()
    }
    fn paint(&self, image: Image, canvas: &mut Canvas) {
        let solution = match image {
            Image::Solution(k) => self.outcome.solutions.get(k - 1),
            _ => None,
        };
        self.renderer.paint(solution, canvas);
    }
}
