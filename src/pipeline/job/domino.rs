//! Domino Fit puzzles in the job: the board's pixel budget, the text form
//! and `solutions.json`.

use super::pixels::Needs;
use super::{Context, JobKind};
use crate::error::InputError;
use crate::kind::domino::{self, Domino, DominoBoards, DominoPuzzle, Outcome};
use crate::kind::Image;
use crate::pipeline::output::solutions::Notation;
use crate::present::summary::{PuzzleKind, PuzzleReport};

impl JobKind for Domino {
    const REPORTED_AS: PuzzleKind = PuzzleKind::DominoFit;

    fn check_pixels(ctx: &Context, puzzle: &DominoPuzzle) -> Result<Needs, InputError> {
        let size = (puzzle.width(), puzzle.height());
        let style = ctx.options.output.style;
        let max = (ctx.options.max_pixels, style.png);
        super::pixels::check_domino(&ctx.notation, size, domino::cell(style), max)
    }

    fn text(puzzle: &DominoPuzzle, found: &Outcome, image: Image, _: Notation) -> String {
        match image {
            Image::Solution(k) => found.solutions.get(k - 1),
            _ => None,
        }
        .map(|s| domino::text(puzzle, s))
        .unwrap_or_default()
    }

    fn solutions_json(puzzle: &DominoPuzzle, found: &Outcome, report: &PuzzleReport) -> String {
        domino::solutions_json(puzzle, found, &report.rendered)
    }

    fn more_files(
        _: &str,
        _: &DominoPuzzle,
        _: &Outcome,
        _: &DominoBoards<'_>,
    ) -> Vec<(&'static str, String)> {
        Vec::new()
    }
}
