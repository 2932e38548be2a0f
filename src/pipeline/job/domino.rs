//! Domino Fit puzzles (from the CP-SAT Domino Fit post): `domino_fit.yaml` in, drawn boards out.

use super::{input_err, write_boards, Boards, Context, Failure, Image};
use crate::error::PuzzleError;
use crate::kind::domino::{self, DominoPuzzle, Renderer, SolutionsFile};
use crate::kind::tiles::render::Canvas;
use crate::present::summary::{PuzzleKind, PuzzleReport, Status};

pub(super) fn process(ctx: &Context) -> Result<PuzzleReport, Failure> {
    let fail = |e: PuzzleError| (e, Vec::new());
    let text = crate::kind::tiles::input::utf8(&ctx.notation, &ctx.bytes)
        .map_err(|e| fail(input_err(e)))?;
    let puzzle = domino::parse(&ctx.notation, text).map_err(|e| fail(e.into()))?;
    let size = (puzzle.width(), puzzle.height());
    // `--tile-size` is the side of a cell: one option for every kind of board.
    let cell = ctx.options.output.style.tile_size.unwrap_or(domino::CELL);
    super::pixels::check_domino(&ctx.notation, size, cell, ctx.options.max_pixels)
        .map_err(|e| fail(e.into()))?;
    let key = ctx.key(&[]).map_err(fail)?;
    if let Some(report) = ctx.up_to_date(&key) {
        return Ok(report);
    }
    let output = &ctx.options.output;
    let max_nodes = output.max_nodes.unwrap_or(domino::MAX_NODES);
    let bounds = (output.max_solutions, max_nodes);
    let cancel = &ctx.options.cancel;
    let outcome = domino::solve_within(&puzzle, output.cover, bounds, ctx.deadline, cancel);
    ctx.interrupted().map_err(fail)?;
    let n = outcome.total;
    let shown = outcome.solutions.len().min(output.max_images);
    let mut report = PuzzleReport {
        name: ctx.p.name.clone(),
        kind: Some(PuzzleKind::DominoFit),
        status: Status::of(n, outcome.complete()),
        rows: Some(puzzle.height()),
        cols: Some(puzzle.width()),
        solutions_total: Some(n),
        complete: Some(outcome.complete()),
        stopped_by: outcome.stopped.map(|s| s.by()),
        solutions_listed: (!outcome.listed_all()).then_some(outcome.solutions.len()),
        rendered: (1..=shown).collect(),
        // Only what --max-images dropped: a listing stopped by
        // --max-solutions is not its doing.
        images_capped: shown < outcome.solutions.len(),
        nodes: outcome.nodes,
        ..PuzzleReport::default()
    };
    let mut sink = ctx.sink().map_err(fail)?;
    write(&mut sink, ctx, (&puzzle, cell), &outcome, &mut report).map_err(fail)?;
    ctx.finish(sink, key, report).map_err(fail)
}

struct DominoBoards<'a> {
    renderer: Renderer,
    puzzle: &'a DominoPuzzle,
    outcome: &'a domino::DominoOutcome,
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
    fn text(&self, image: Image) -> String {
        match image {
            Image::Solution(k) => self
                .outcome
                .solutions
                .get(k - 1)
                .map(|s| domino::text(self.puzzle, s))
                .unwrap_or_default(),
            _ => String::new(),
        }
    }
}

fn write(
    sink: &mut crate::pipeline::output::sink::Sink,
    ctx: &Context,
    (puzzle, cell): (&DominoPuzzle, u32),
    outcome: &domino::DominoOutcome,
    report: &mut PuzzleReport,
) -> Result<(), PuzzleError> {
    let boards = DominoBoards {
        renderer: Renderer::new(puzzle, cell),
        puzzle,
        outcome,
    };
    let json = SolutionsFile::new(puzzle, outcome, &report.rendered).to_json();
    write_boards(
        ctx,
        sink,
        ctx.options.output.style.png,
        &boards,
        json,
        report,
    )
}
