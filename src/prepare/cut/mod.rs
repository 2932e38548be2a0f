//! `unscramble cut`: a scan or photo of the tiles laid out in a grid on a
//! plain background becomes the tile pictures `1.png … N.png` a puzzle needs.
//!
//! The stages run one way, each in its own file: [`sheet`] reads the picture
//! within a pixel budget, [`mask`] tells tiles from background, [`blobs`]
//! finds each tile's square (centre, turn, side), [`order`] numbers them row
//! by row, [`edges`] moves each side to its sub-pixel edge, [`straighten`]
//! samples each square back upright, and [`contact`] draws what was found
//! for a person to check.

mod blobs;
mod contact;
mod edges;
mod mask;
mod order;
mod sheet;
mod straighten;

pub use blobs::Square;

use crate::error::{InputError, OutputError, PuzzleError};
use crate::kind::tiles::input::overwrite;
use std::path::{Path, PathBuf};

/// The most sheet pixels `cut` decodes unless told otherwise: a 600 dpi scan
/// of an A4 page (35 million) fits, and the decoded picture with its mask and
/// labels stays under about 600 MB.
pub const MAX_PIXELS: u64 = 64_000_000;

/// The default side is kept within the sides every command accepts for a
/// tile picture (`render --max-tile-side` is 4096 by default).
pub const MIN_SIDE: u32 = 4;
pub const MAX_SIDE: u32 = 4096;

/// The most pixels a sheet may have whatever `--max-pixels` says: the
/// labelling of connected shapes numbers pixels in 32 bits.
pub const PIXEL_CEILING: u64 = 4_000_000_000;

/// What `cut` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub rows: usize,
    pub cols: usize,
    /// Side of every tile picture written; `None`: the median side found.
    pub size: Option<u32>,
    /// Replace tile pictures (and the contact sheet) that already exist.
    pub force: bool,
    /// Where the contact sheet goes; `None`: `cut.png` beside the tiles.
    pub contact: Option<PathBuf>,
    /// Refuse sheets with more pixels than this, before decoding them.
    pub max_pixels: u64,
    /// Refuse to make tile pictures with more pixels than this together,
    /// before making the first.
    pub max_output_pixels: u64,
}

/// What `cut` did: the files written, the squares found in tile order, and
/// the side the tiles were written at.
#[derive(Debug)]
pub struct Report {
    pub written: Vec<PathBuf>,
    pub squares: Vec<Square>,
    pub side: u32,
}

/// Why `--grid`'s value is not a grid.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    #[error("'{0}' is not a grid: give ROWSxCOLS, e.g. 3x3 or 4x6")]
    NotAGrid(String),
    #[error("'{0}': rows and columns must each be 1 to 64")]
    OutOfRange(String),
}

/// `"3x4"` (or `3X4`, `3×4`) as rows and columns, each 1 to 64.
pub fn parse_grid(text: &str) -> Result<(usize, usize), GridError> {
    let bad = || GridError::NotAGrid(text.to_string());
    let (r, c) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let (r, c): (usize, usize) = (
        r.trim().parse().map_err(|_| bad())?,
        c.trim().parse().map_err(|_| bad())?,
    );
    if !(1..=64).contains(&r) || !(1..=64).contains(&c) {
        return Err(GridError::OutOfRange(text.to_string()));
    }
    Ok((r, c))
}

/// Cuts `sheet_path` into `out_dir/1.png … N.png` and writes the contact
/// sheet. No tile is written unless every tile was found, since a half-cut
/// folder would mix this sheet's tiles with older ones; the contact sheet is
/// written either way (unnumbered on failure), to show what was found.
pub fn cut(sheet_path: &Path, out_dir: &Path, options: &Options) -> Result<Report, PuzzleError> {
    let (rows, cols) = (options.rows, options.cols);
    let n = rows * cols;
    let contact_path = options
        .contact
        .clone()
        .unwrap_or_else(|| out_dir.join("cut.png"));
    refuse_existing(out_dir, n, &contact_path, options.force)?;
    refuse_overwriting_the_sheet(sheet_path, out_dir, n, &contact_path)?;
    if let Some(side) = options.size {
        // Known before the sheet is read.
        refuse_output(sheet_path, n, side, options.max_output_pixels)?;
    }

    let picture = sheet::read(sheet_path, options.max_pixels.min(PIXEL_CEILING))?;
    let background = mask::Background::estimate(&picture).map_err(|e| e.at_file(sheet_path))?;
    let found = blobs::find(&background.mask(&picture), n);
    let squares =
        blobs::check(&found, rows, cols).and_then(|()| order::rows(found.clone(), rows, cols));
    let mut png = Vec::new();
    let squares = match squares {
        Ok(squares) => squares,
        Err(problem) => {
            let sheet = contact::draw(&picture, &found, false);
            write_png(&contact_path, &sheet, &mut png, options.force)?;
            return Err(problem.at_file(sheet_path).into());
        }
    };
    let limit = f64::from(background.limit());
    let squares: Vec<Square> = squares
        .iter()
        .map(|s| edges::refine(&picture, background.colour, limit, s))
        .collect();
    let side = options
        .size
        .unwrap_or_else(|| blobs::median_side(&squares).clamp(MIN_SIDE, MAX_SIDE));
    refuse_output(sheet_path, n, side, options.max_output_pixels)?;

    let mut written = Vec::with_capacity(n + 1);
    for (k, square) in squares.iter().enumerate() {
        let path = out_dir.join(format!("{}.png", k + 1));
        let tile = straighten::sample(&picture, square, side);
        write_png(&path, &tile, &mut png, options.force)?;
        written.push(path);
    }
    let sheet = contact::draw(&picture, &squares, true);
    write_png(&contact_path, &sheet, &mut png, options.force)?;
    written.push(contact_path);
    Ok(Report {
        written,
        squares,
        side,
    })
}

/// A reason the sheet cannot be cut, before the sheet's path is known to it.
#[derive(Debug)]
pub(crate) struct Problem {
    problem: String,
    hint: String,
}

impl Problem {
    fn new(problem: impl Into<String>, hint: impl Into<String>) -> Self {
        Problem {
            problem: problem.into(),
            hint: hint.into(),
        }
    }
    fn at_file(self, path: &Path) -> InputError {
        InputError::new(path, self.problem).hint(self.hint)
    }
}

/// The tool writes where a person keeps their own scans: nothing already
/// there is replaced without `--force` (and links count as there).
fn refuse_existing(
    out_dir: &Path,
    n: usize,
    contact: &Path,
    force: bool,
) -> Result<(), InputError> {
    let names: Vec<String> = (1..=n).map(|k| format!("{k}.png")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    overwrite::refuse_existing(out_dir, &names, force)?;
    let (dir, name) = match (
        contact.parent(),
        contact.file_name().and_then(|n| n.to_str()),
    ) {
        (Some(dir), Some(name)) => (dir, name),
        _ => (Path::new("."), ""),
    };
    overwrite::refuse_existing(dir, &[name], force)
}

/// Refuses `n` tile pictures of `side` pixels a side when they would have
/// more than `max` pixels together: each is sampled pixel by pixel from
/// the sheet, so 16 x 16 tiles at `--size 4096` took minutes.
fn refuse_output(sheet: &Path, n: usize, side: u32, max: u64) -> Result<(), InputError> {
    let total = (n as u64).saturating_mul(u64::from(side) * u64::from(side));
    if total <= max {
        return Ok(());
    }
    Err(InputError::new(
        sheet,
        format!("the {n} tile pictures of {side} x {side} would have {total} pixels together, above the limit of {max}"),
    )
    .hint("give a smaller --size, or raise the limit with --max-output-pixels"))
}

/// With `--force`, a file to write may stand where the scan is (`--sheet`
/// naming the scan, or a scan named `1.png` in the output folder): the
/// scan is the person's own and never replaced.
fn refuse_overwriting_the_sheet(
    sheet: &Path,
    out_dir: &Path,
    n: usize,
    contact: &Path,
) -> Result<(), InputError> {
    let same = |p: &Path| match (sheet.canonicalize(), p.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => sheet == p,
    };
    let tiles = (1..=n).map(|k| out_dir.join(format!("{k}.png")));
    match std::iter::once(contact.to_path_buf())
        .chain(tiles)
        .find(|p| same(p))
    {
        Some(p) => Err(
            InputError::new(p, "is the scan being cut: writing there would replace it")
                .hint("give --sheet or -o another place, or rename the scan"),
        ),
        None => Ok(()),
    }
}

/// Through the guarded writer: never through a link, never over a file
/// that was there unless `force` (checked before cutting, and again here).
fn write_png(
    path: &Path,
    picture: &image::RgbImage,
    png: &mut Vec<u8>,
    force: bool,
) -> Result<(), OutputError> {
    crate::kind::tiles::render::encode_png(
        picture,
        crate::kind::tiles::render::PngEffort::Default,
        png,
    );
    crate::fsio::writer::put_file(path, png, force)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_read_as_rows_by_columns() {
        assert_eq!(parse_grid("3x4"), Ok((3, 4)));
        assert_eq!(parse_grid("6X6"), Ok((6, 6)));
        let err = parse_grid("3").expect_err("no x");
        assert!(err.to_string().contains("ROWSxCOLS"), "{err}");
        assert_eq!(parse_grid("0x3"), Err(GridError::OutOfRange("0x3".into())));
        assert!(parse_grid("0x3")
            .expect_err("zero")
            .to_string()
            .contains("1 to 64"));
        assert!(parse_grid("axb").is_err());
    }
}
