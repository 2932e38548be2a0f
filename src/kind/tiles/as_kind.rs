//! Edge-matching tiles as a [`PuzzleKind`]: the notation and `board.yaml`,
//! the tile pictures (read for the build key, decoded only to render), the
//! search with its closest boards, and boards composited from the pictures.

use crate::error::InputError;
use crate::gfx::canvas::{Canvas, FRAME};
use crate::gfx::png::{Columns, Part};
use crate::kind::tiles::input::{self, pictures, BoardFile};
use crate::kind::tiles::model::{Placement, Puzzle};
use crate::kind::tiles::render::{self, Scale, TileSet};
use crate::kind::tiles::solve::{self, Found, Limits};
use crate::kind::tiles::tile_pictures::TilePictures;
use crate::kind::Style;
use crate::kind::{Boards, ClosestFacts, Facts, Failed, Image, Kind, PuzzleKind, Read, Search};
use std::path::Path;

/// Edge-matching tile puzzles.
pub struct Tiles;

/// A tile puzzle as read: the pictures' files are not decoded yet.
pub struct TileSource {
    pub puzzle: Puzzle,
    pub pictures: Vec<pictures::RawPicture>,
    pub board: Option<BoardFile>,
}

/// A tile puzzle with its pictures decoded and flattened over white.
pub struct TilePuzzle {
    pub puzzle: Puzzle,
    pub pictures: TilePictures,
}

impl PuzzleKind for Tiles {
    const KIND: Kind = Kind::Tiles;
    type Source = TileSource;
    type Model = Puzzle;
    type Puzzle = TilePuzzle;
    type Found = Found;
    type Boards<'a> = TileBoards<'a>;

    fn read(notation: &Path, bytes: &[u8], max_side: u32) -> Result<Read<TileSource>, Failed> {
        let dir = notation.parent().unwrap_or(Path::new("."));
        let board = input::read_board(dir)?;
        let shape = board.as_ref().map(|b| b.shape);
        let parsed = input::parse_notation(notation, bytes, shape)?;
        // A picture that cannot be read fails with the notation's warnings.
        let pictures =
            pictures::read_all(dir, parsed.puzzle.tiles.len(), max_side).map_err(|error| {
                Failed {
                    error,
                    warnings: parsed.warnings.clone(),
                }
            })?;
        let source = TileSource {
            puzzle: parsed.puzzle,
            pictures,
            board,
        };
        Ok(Read {
            source,
            warnings: parsed.warnings,
        })
    }

    fn read_model(notation: &Path) -> Result<Read<Puzzle>, Failed> {
        let parsed = input::read_notation_file(notation)?;
        Ok(Read {
            source: parsed.puzzle,
            warnings: parsed.warnings,
        })
    }

    fn model(p: &TilePuzzle) -> &Puzzle {
        &p.puzzle
    }

    fn key_files(source: &TileSource) -> Vec<(String, &[u8])> {
        let pictures = source.pictures.iter().enumerate();
        let mut files: Vec<(String, &[u8])> = pictures
            .map(|(i, r)| (format!("{}.png", i + 1), r.bytes.as_slice()))
            .collect();
        if let Some(b) = &source.board {
            files.push((input::BOARD.to_string(), b.bytes.as_slice()));
        }
        files
    }

    fn load(source: TileSource, max_side: u32) -> Result<TilePuzzle, InputError> {
        Ok(TilePuzzle {
            puzzle: source.puzzle,
            pictures: pictures::decode_tiles(&source.pictures, max_side)?,
        })
    }

    fn solve(puzzle: &Puzzle, search: &Search) -> Found {
        let limits = Limits {
            max_solutions: search.max_solutions,
            max_nodes: search.max_nodes.unwrap_or(solve::MAX_NODES),
            timeout: None,
            order: search.order,
            symmetry: search.symmetry,
            turn_order: search.turn_order,
            cancel: search.cancel.clone(),
            ..Limits::default()
        };
        solve::solve_or_closest(puzzle, &limits, search.deadline, search.closest_nodes)
    }

    fn facts<'a>(puzzle: &'a Puzzle, found: &'a Found) -> Facts<'a> {
        let outcome = &found.outcome;
        Facts {
            rows: puzzle.rows,
            cols: puzzle.cols,
            tiles: Some(puzzle.tiles.len()),
            total: outcome.total,
            unique: Some(outcome.extra.unique),
            looks: Some(outcome.extra.looks),
            stopped: outcome.stopped,
            listed: outcome.solutions.len(),
            nodes: outcome.nodes,
            classes: &outcome.extra.classes,
            look_classes: &outcome.extra.look_classes,
            closest: found.closest.as_ref().map(|c| ClosestFacts {
                matched_edges: c.matched_edges,
                inner_edges: c.inner_edges,
                boards: c.boards.len(),
                complete: c.complete(),
            }),
        }
    }

    fn boards<'a>(p: &'a TilePuzzle, found: &'a Found, style: Style) -> TileBoards<'a> {
        // Palette indices only where nothing is drawn on top of the tiles:
        // the overlays have colours of their own.
        let plain = !style.labels && !style.highlight && found.closest.is_none();
        let side = p.pictures.side();
        let tiles = TileSet::new(
            render::board_shape(&p.puzzle, side, style),
            p.pictures.clone(),
            style.tile_size.map_or(Scale::Keep, Scale::To),
            plain,
        );
        TileBoards {
            tiles,
            thumbs: None,
            plain,
            style,
            puzzle: &p.puzzle,
            found,
        }
    }
}

/// The boards of a tile puzzle, painted from its tiles turned once per angle.
pub struct TileBoards<'a> {
    pub tiles: TileSet,
    /// The tiles scaled down for thumbnails, when the boards get one and
    /// nothing is drawn on them.
    thumbs: Option<TileSet>,
    /// Nothing is drawn on the boards, so thumbnails may be painted from
    /// shrunk tiles.
    plain: bool,
    style: Style,
    pub puzzle: &'a Puzzle,
    pub found: &'a Found,
}

impl TileBoards<'_> {
    /// The tiles an image shows: a solution's, or tile k in cell k.
    fn placements(&self, image: Image) -> std::borrow::Cow<'_, [Placement]> {
        match self.found.board(image) {
            Some(board) => board.into(),
            None => render::unsolved_board(self.puzzle).into(),
        }
    }
}

impl Found {
    /// The board an image shows; `None` for the unsolved one.
    pub fn board(&self, image: Image) -> Option<&[Placement]> {
        match image {
            Image::Unsolved => None,
            Image::Solution(k) => self.outcome.solutions.get(k - 1).map(|b| &b[..]),
            Image::Closest(k) => self.closest.as_ref()?.boards.get(k - 1).map(|b| &b[..]),
        }
    }
}

impl Boards for TileBoards<'_> {
    fn size(&self) -> [u32; 2] {
        self.tiles.size()
    }
    fn paint(&self, image: Image, canvas: &mut Canvas) {
        let (p, style, tiles) = (self.puzzle, self.style, &self.tiles);
        match (image, self.found.board(image)) {
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
    /// Thumbnails from the tiles shrunk once cost a fraction of shrinking
    /// every board: the pictures shrink by the whole factor that makes the
    /// board's longest row or column of tiles fit `longest`.
    fn paint_thumbs(&mut self, longest: u32) {
        if !self.plain || self.thumbs.is_some() {
            return;
        }
        let (rows, cols) = (self.puzzle.rows, self.puzzle.cols);
        let most = u32::try_from(rows.max(cols)).unwrap_or(u32::MAX).max(1);
        let side = (longest.saturating_sub(2 * FRAME) / most).max(1);
        let k = self.tiles.side().div_ceil(side).max(1);
        self.thumbs = Some(self.tiles.shrunk(k));
    }
    fn thumb_size(&self) -> Option<[u32; 2]> {
        self.thumbs.as_ref().map(TileSet::size)
    }
    /// A plain board (nothing drawn over the tiles) is the frame's top row,
    /// one part per row of tiles keyed by its tiles and turns, and the rest.
    fn parts(&self, image: Image) -> Option<Vec<Part>> {
        if !self.plain {
            return None;
        }
        let board = self.placements(image);
        let side = self.tiles.side();
        let rows = board.chunks(self.puzzle.cols.max(1)).map(|row| Part {
            rows: side,
            key: Some(
                row.iter()
                    .map(|p| u32::from(p.tile) << 2 | u32::from(p.turns % 4))
                    .collect(),
            ),
            columns: Some(Columns {
                left: FRAME,
                width: side,
            }),
        });
        let top = Part {
            rows: FRAME,
            key: None,
            columns: None,
        };
        Some(std::iter::once(top).chain(rows).collect())
    }
    fn paint_skipping(&self, image: Image, canvas: &mut Canvas, skip: &[bool]) {
        match (self.plain, skip.split_first()) {
            // `skip[0]` is the frame's top row, never kept.
            (true, Some((_, rows))) => {
                self.tiles
                    .paint_except(&self.placements(image), canvas, rows)
            }
            _ => self.paint(image, canvas),
        }
    }
    fn paint_thumb(&self, image: Image, thumb: &mut Canvas) -> bool {
        let Some(small) = &self.thumbs else {
            return false;
        };
        match self.found.board(image) {
            Some(b) => small.paint(b, thumb),
            None => render::paint_unsolved(self.puzzle, Style::default(), small, thumb),
        }
        true
    }
}
