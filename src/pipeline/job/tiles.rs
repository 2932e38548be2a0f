//! Edge-matching tile puzzles: YAML and tile pictures in, boards out.

use super::{write_boards, Boards, Context, Failure, Image};
use crate::error::PuzzleError;
use crate::kind::stop::StopReason;
use crate::kind::tiles::input::{self, pictures};
use crate::kind::tiles::model::Placement;
use crate::kind::tiles::model::Puzzle;
use crate::kind::tiles::render::{self, Canvas, Scale, Style, TileSet};
use crate::kind::tiles::solve::{self, Closest, Limits, Outcome};
use crate::pipeline::batch::OutputOptions;
use crate::pipeline::output::sink::Sink;
use crate::pipeline::output::solutions::{board_text, Notation, SolutionsFile};
use crate::present::summary::{ClosestReport, PuzzleKind, PuzzleReport, Status};
use std::collections::BTreeSet;

pub(super) fn process(ctx: &Context) -> Result<PuzzleReport, Failure> {
    let board = input::read_board(&ctx.p.input_dir()).map_err(|e| (e.into(), Vec::new()))?;
    let shape = board.as_ref().map(|b| b.shape);
    let parsed = input::parse_notation(&ctx.notation, &ctx.bytes, shape)
        .map_err(|e| (e.into(), Vec::new()))?;
    let (puzzle, mut warnings) = (parsed.puzzle, parsed.warnings);
    if ctx.inferred {
        warnings.push(crate::prepare::infer::WARNING.to_string());
    }
    let fail = |e: PuzzleError| (e, warnings.clone());
    let raw = pictures::read_all(
        &ctx.p.input_dir(),
        puzzle.tiles.len(),
        ctx.options.max_tile_side,
    )
    .map_err(|e| fail(e.into()))?;
    let mut files: Vec<(String, &[u8])> = raw
        .iter()
        .enumerate()
        .map(|(i, r)| (format!("{}.png", i + 1), r.bytes.as_slice()))
        .collect();
    if let Some(b) = &board {
        files.push((input::BOARD.to_string(), b.bytes.as_slice()));
    }
    let key = ctx.key(&files).map_err(fail)?;
    if let Some(report) = ctx.up_to_date(&key) {
        return Ok(report);
    }
    let size = (puzzle.rows, puzzle.cols);
    let max_pixels = ctx.options.max_pixels;
    let tile_size = ctx.options.output.style.tile_size;
    let labels = ctx.options.output.style.labels;
    let sides = (tile_size, ctx.options.max_tile_side, labels);
    super::pixels::check_tiles(&ctx.p.input_dir(), &raw, size, sides, max_pixels)
        .map_err(|e| fail(e.into()))?;
    // Pictures are checked before solving, so a broken scan fails fast.
    let pics = pictures::decode_all(&raw, ctx.options.max_tile_side).map_err(|e| fail(e.into()))?;
    let output = &ctx.options.output;
    let limits = Limits {
        max_solutions: output.max_solutions,
        max_nodes: output.max_nodes.unwrap_or(solve::MAX_NODES),
        timeout: ctx.time_left(),
        order: output.order,
        cancel: ctx.options.cancel.clone(),
        ..Limits::default()
    };
    let outcome = solve::solve(&puzzle, &limits);
    ctx.interrupted().map_err(fail)?;
    // Only a whole search proves there is no solution; the closest boards
    // get what is left of the puzzle's time, and are listed like solutions.
    let closest = (outcome.total == 0 && outcome.complete() && output.closest).then(|| {
        let limits = Limits {
            max_solutions: limits.max_solutions.min(solve::MAX_LISTED),
            timeout: ctx.time_left(),
            ..limits
        };
        solve::closest(&puzzle, &limits, output.closest_nodes)
    });
    ctx.interrupted().map_err(fail)?;
    let (chosen, images_capped) = chosen_for_images(&outcome, output);
    let mut report = PuzzleReport {
        name: ctx.p.name.clone(),
        kind: Some(PuzzleKind::Tiles),
        status: Status::of(outcome.total, outcome.complete()),
        rows: Some(puzzle.rows),
        cols: Some(puzzle.cols),
        tiles: Some(puzzle.tiles.len()),
        solutions_total: Some(outcome.total),
        solutions_unique: Some(outcome.unique),
        solutions_distinct_looks: Some(outcome.looks),
        complete: Some(outcome.complete()),
        stopped_by: outcome.stopped.as_ref().map(StopReason::by),
        solutions_listed: (!outcome.listed_all()).then_some(outcome.solutions.len()),
        rendered: chosen.iter().map(|i| i + 1).collect(),
        rendered_looks: chosen
            .iter()
            .filter_map(|&i| outcome.look_classes.get(i).copied())
            .collect(),
        images_capped,
        warnings: warnings.clone(),
        nodes: outcome.nodes,
        closest: closest.as_ref().map(|c| ClosestReport {
            matched_edges: c.matched_edges,
            inner_edges: c.inner_edges,
            boards: c.boards.len(),
            complete: c.complete(),
            rendered: (1..=c.boards.len().min(output.max_images)).collect(),
        }),
        ..PuzzleReport::default()
    };
    let mut sink = ctx.sink().map_err(fail)?;
    let found = Found {
        outcome: &outcome,
        closest: closest.as_ref(),
    };
    write(&mut sink, ctx, &puzzle, found, &pics, &mut report).map_err(fail)?;
    ctx.finish(sink, key, report).map_err(fail)
}

/// Solutions that get an image: all of them, or the first (lowest-index)
/// member of each look class with `--distinct-looks`, or of each rotation
/// class with `--unique`; at most `max_images`. The flag says whether
/// `--max-images` dropped any board that would otherwise get an image: only
/// then may the report blame it (the classes, or a listing stopped at
/// `--max-solutions`, leave solutions without images for other reasons).
fn chosen_for_images(outcome: &Outcome, output: &OutputOptions) -> (Vec<usize>, bool) {
    let class = |i: usize| match (output.distinct_looks, output.unique) {
        (true, _) => Some(outcome.look_classes[i]),
        (false, true) => Some(outcome.classes[i]),
        (false, false) => None,
    };
    let mut seen = BTreeSet::new();
    let mut eligible =
        (0..outcome.solutions.len()).filter(|&i| class(i).is_none_or(|c| seen.insert(c)));
    let chosen: Vec<usize> = eligible.by_ref().take(output.max_images).collect();
    let capped = eligible.next().is_some();
    (chosen, capped)
}

/// What the searches found: the solutions, and the closest boards when
/// there are none.
#[derive(Clone, Copy)]
struct Found<'a> {
    outcome: &'a Outcome,
    closest: Option<&'a Closest>,
}

struct TileBoards<'a> {
    tiles: TileSet,
    /// The tiles scaled down for thumbnails, when the boards get one and
    /// nothing is drawn on them.
    thumbs: Option<TileSet>,
    style: Style,
    puzzle: &'a Puzzle,
    found: Found<'a>,
    notation: Notation,
}

impl TileBoards<'_> {
    fn board(&self, image: Image) -> Option<&[Placement]> {
        match image {
            Image::Unsolved => None,
            Image::Solution(k) => self.found.outcome.solutions.get(k - 1).map(|b| &b[..]),
            Image::Closest(k) => self.found.closest?.boards.get(k - 1).map(|b| &b[..]),
        }
    }
}

impl Boards for TileBoards<'_> {
    fn size(&self) -> [u32; 2] {
        self.tiles.size()
    }
    fn paint(&self, image: Image, canvas: &mut Canvas) {
        let (p, style, tiles) = (self.puzzle, self.style, &self.tiles);
        match (image, self.board(image)) {
            (Image::Solution(_), Some(board)) => {
                render::paint_board(p, style, tiles, board, canvas)
            }
            (Image::Closest(_), Some(board)) => {
                let unmatched = p.unmatched(board);
                render::paint_closest(p, style, tiles, (board, &unmatched), canvas);
            }
            _ => render::paint_unsolved(p, style, tiles, canvas),
        }
    }
    fn thumb_size(&self) -> Option<[u32; 2]> {
        match &self.thumbs {
            Some(t) => Some(t.size()),
            None => {
                let [w, h] = self.size();
                crate::present::gallery::thumbs::size(w, h).map(|(w, h)| [w, h])
            }
        }
    }
    fn paint_thumb(&self, image: Image, board: &Canvas, thumb: &mut Canvas) -> bool {
        let Some(small) = &self.thumbs else {
            return crate::present::gallery::thumbs::make(board, thumb);
        };
        match self.board(image) {
            Some(b) => small.paint(b, thumb),
            None => render::paint_unsolved(self.puzzle, Style::default(), small, thumb),
        }
        true
    }
    fn text(&self, image: Image) -> String {
        self.board(image)
            .map(|b| board_text(self.puzzle.cols, b, self.notation))
            .unwrap_or_default()
    }
}

fn write(
    sink: &mut Sink,
    ctx: &Context,
    puzzle: &Puzzle,
    found: Found,
    pics: &[image::RgbaImage],
    report: &mut PuzzleReport,
) -> Result<(), PuzzleError> {
    let output = &ctx.options.output;
    let style = output.style;
    // Palette indices only where nothing is drawn on top of the tiles: the
    // overlays have colours of their own.
    let plain = !style.labels && !style.highlight && found.closest.is_none();
    let flat: Vec<image::RgbImage> = pics.iter().map(render::flatten_over_white).collect();
    let tiles = TileSet::new(
        render::board_shape(puzzle, pics, style),
        &flat,
        style.tile_size.map_or(Scale::Keep, Scale::To),
        plain,
    );
    // Thumbnails from the tiles shrunk once cost a fraction of shrinking
    // every board.
    let picture_side = pics.first().map_or(0, |p| p.width());
    let shape = (puzzle.rows, puzzle.cols, 0);
    let thumbs = crate::present::gallery::thumbs::tile_factor(shape, tiles.size(), picture_side)
        .filter(|_| plain)
        .map(|k| TileSet::new(shape, &flat, Scale::Shrink(k), true));
    let play = play_page(&report.name, puzzle, found.outcome, &tiles);
    let boards = TileBoards {
        tiles,
        thumbs,
        style,
        puzzle,
        found,
        notation: output.notation,
    };
    let mut json = SolutionsFile::new(puzzle, found.outcome, &report.rendered);
    if let (Some(c), Some(r)) = (found.closest, &report.closest) {
        json = json.with_closest(puzzle, c, &r.rendered);
    }
    let json = json.to_json();
    write_boards(ctx, sink, style.png, &boards, json, report)?;
    Ok(sink.put(crate::present::play::FILE_NAME, play.as_bytes())?)
}

/// The play page, which cuts its tiles from `unsolved.png` as `tiles` paint it.
fn play_page(name: &str, puzzle: &Puzzle, outcome: &Outcome, tiles: &TileSet) -> String {
    let [width, height] = tiles.size();
    let picture = crate::present::play::Picture {
        src: "unsolved.png",
        width,
        height,
        side: tiles.side(),
        frame: render::FRAME,
    };
    let found = crate::present::play::Solutions {
        boards: &outcome.solutions,
        total: outcome.total,
        complete: outcome.complete(),
    };
    crate::present::play::page(name, puzzle, found, picture)
}
