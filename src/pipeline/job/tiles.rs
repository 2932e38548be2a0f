//! Edge-matching tile puzzles in the job: their pictures' pixel budget,
//! the text form and `solutions.json` (in `pipeline::output::solutions`), and
//! the play page.

use super::pixels::Needs;
use super::{Context, JobKind};
use crate::error::InputError;
use crate::kind::tiles::render::TileSet;
use crate::kind::tiles::solve::Found;
use crate::kind::tiles::{TileBoards, TilePuzzle, TileSource, Tiles};
use crate::kind::Image;
use crate::pipeline::output::solutions::{board_text, solutions_json, Notation};
use crate::present::summary::{PuzzleKind, PuzzleReport};

impl JobKind for Tiles {
    const REPORTED_AS: PuzzleKind = PuzzleKind::Tiles;

    fn check_pixels(ctx: &Context, source: &TileSource) -> Result<Needs, InputError> {
        let puzzle = &source.puzzle;
        let style = ctx.options.output.style;
        let sides = (style.tile_size, ctx.options.max_tile_side, style.labels);
        let size = (puzzle.rows, puzzle.cols);
        let (dir, max) = (ctx.p.input_dir(), (ctx.options.max_pixels, style.png));
        super::pixels::check_tiles(&dir, &source.pictures, size, sides, max)
    }

    fn text(p: &TilePuzzle, found: &Found, image: Image, n: Notation) -> String {
        found
            .board(image)
            .map(|b| board_text(p.puzzle.cols, b, n))
            .unwrap_or_default()
    }

    fn solutions_json(p: &TilePuzzle, found: &Found, report: &PuzzleReport) -> String {
        let closest = found.closest.as_ref().zip(report.closest.as_ref());
        let closest = closest.map(|(c, r)| (c, &r.rendered[..]));
        solutions_json(&p.puzzle, &found.outcome, &report.rendered, closest)
    }

    fn more_files(
        name: &str,
        p: &TilePuzzle,
        found: &Found,
        boards: &TileBoards<'_>,
    ) -> Vec<(&'static str, String)> {
        let play = play_page(name, p, found, &boards.tiles);
        vec![(crate::present::play::FILE_NAME, play)]
    }
}

/// The play page, which cuts its tiles from `unsolved.png` as `tiles` paint it.
fn play_page(name: &str, p: &TilePuzzle, found: &Found, tiles: &TileSet) -> String {
    let [width, height] = tiles.size();
    let picture = crate::present::play::Picture {
        src: "unsolved.png",
        width,
        height,
        side: tiles.side(),
        frame: crate::gfx::canvas::FRAME,
    };
    let outcome = &found.outcome;
    let solutions = crate::present::play::Solutions {
        boards: &outcome.solutions,
        total: outcome.total,
        complete: outcome.complete(),
    };
    crate::present::play::page(name, &p.puzzle, solutions, picture)
}
