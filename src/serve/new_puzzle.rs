//! A puzzle typed into `/new`: checked with the same parsers and picture
//! checks as a puzzle read from disk, solved for a preview, and saved as a
//! new folder `PUZZLES/<name>/input/`. Knows nothing of HTTP.

use crate::error::InputError;
use crate::fsio::folder::Folder;
use crate::kind::tiles::draw::{self, EdgeLooks};
use crate::kind::tiles::input::{self, pictures, Parsed};
use crate::kind::tiles::model::{Board, Puzzle};
use crate::kind::tiles::render::{self, Renderer};
use crate::kind::tiles::solve::{self, Limits, Outcome};
use crate::kind::Style;
use image::RgbaImage;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The notations the form offers (by their file names, which select the parser).
pub(crate) const NOTATIONS: [&str; 4] = [
    input::TILE_DICT,
    input::LETTERS,
    input::SIGNED,
    input::LEGESPIEL_XML,
];

/// The preview's search stops at whichever comes first: a page waits for it.
pub(crate) const PREVIEW_LIMITS: (crate::kind::Count, u64, Duration) =
    (1000, 50_000_000, Duration::from_secs(5));

/// Side of each drawn tile in the preview picture.
const PREVIEW_TILE: u32 = 96;

/// Side of the tile pictures drawn for a saved puzzle without pictures
/// (`draw-tiles`' default).
const DRAWN_TILE: u32 = 240;

/// A refusal: the HTTP status says which kind, the message says why.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Refusal {
    pub kind: Kind,
    pub message: String,
    /// Line and column in the notation, for a parse error there.
    pub at: Option<(usize, usize)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A bad name, notation choice or field.
    Bad,
    /// The puzzle folder already exists.
    Exists,
    /// The notation or a picture does not parse or check.
    Invalid,
    /// The disk refused the write.
    Failed,
}

impl Refusal {
    pub(crate) fn new(kind: Kind, message: impl Into<String>) -> Refusal {
        Refusal {
            kind,
            message: message.into(),
            at: None,
        }
    }
}

impl From<InputError> for Refusal {
    fn from(e: InputError) -> Refusal {
        Refusal {
            kind: Kind::Invalid,
            at: e.at,
            message: e.to_string(),
        }
    }
}

/// A puzzle name is a folder name in `PUZZLES` and in the output folder:
/// `[a-z0-9][a-z0-9-]{0,63}`, so it can neither escape nor surprise.
pub(crate) fn check_name(name: &str) -> Result<(), Refusal> {
    let ok = (1..=64).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !name.starts_with('-');
    if ok {
        Ok(())
    } else {
        Err(Refusal::new(
            Kind::Bad,
            format!("'{}' is not a puzzle name (use 1 to 64 lowercase letters, digits and dashes, starting with a letter or digit)", crate::error::printable(name)),
        ))
    }
}

/// The notation file name the form chose, if the form offers it.
pub(crate) fn check_notation(notation: &str) -> Result<&'static str, Refusal> {
    NOTATIONS
        .into_iter()
        .find(|n| *n == notation)
        .ok_or_else(|| {
            Refusal::new(
                Kind::Bad,
                format!("the notation must be one of {}", NOTATIONS.join(", ")),
            )
        })
}

/// Parses the text as `render` parses `PUZZLES/<name>/input/<notation>`;
/// errors name that file.
pub(crate) fn parse(name: &str, notation: &str, text: &[u8]) -> Result<Parsed, Refusal> {
    let file = check_notation(notation)?;
    let path = Path::new(name).join("input").join(file);
    Ok(input::parse_notation(&path, text, None)?)
}

/// The preview's search.
pub(crate) fn solve_preview(puzzle: &Puzzle) -> Outcome {
    let (max_solutions, max_nodes, timeout) = PREVIEW_LIMITS;
    let limits = Limits {
        max_solutions,
        max_nodes,
        timeout: Some(timeout),
        ..Limits::default()
    };
    solve::solve(puzzle, &limits)
}

/// The board drawn as `draw-tiles` draws tiles, as PNG bytes.
pub(crate) fn preview_png(puzzle: &Puzzle, board: &Board) -> Vec<u8> {
    let looks = EdgeLooks::new(puzzle);
    let tiles: Vec<RgbaImage> = (0..puzzle.tiles.len())
        .map(|i| draw::draw_tile(puzzle, i, PREVIEW_TILE, &looks))
        .collect();
    let mut renderer = Renderer::new(puzzle, &tiles, Style::default());
    let mut png = Vec::new();
    render::encode_png(renderer.board(board), render::PngEffort::Default, &mut png);
    png
}

/// Checks the uploaded pictures as `render` checks `input/K.png`: one per
/// tile, PNG, square, one size, within `max_side` and (all together) the
/// pixel budget, before any is decoded.
pub(crate) fn check_pictures(
    name: &str,
    tiles: usize,
    uploads: Vec<Vec<u8>>,
    max_side: u32,
) -> Result<Vec<pictures::RawPicture>, Refusal> {
    if uploads.len() != tiles {
        return Err(Refusal::new(
            Kind::Invalid,
            format!(
                "{} tile pictures uploaded, but the puzzle has {tiles} tiles (upload one per tile, in tile order, or none to have them drawn)",
                uploads.len()
            ),
        ));
    }
    let raw: Vec<pictures::RawPicture> = uploads
        .into_iter()
        .enumerate()
        .map(|(i, bytes)| pictures::RawPicture {
            path: Path::new(name).join("input").join(format!("{}.png", i + 1)),
            bytes,
        })
        .collect();
    let pixels: u64 = raw
        .iter()
        .filter_map(|r| pictures::png_dimensions(&r.bytes))
        .map(|(w, h)| u64::from(w) * u64::from(h))
        .sum();
    if pixels > crate::defaults::MAX_PIXELS {
        return Err(Refusal::new(
            Kind::Invalid,
            format!(
                "the tile pictures have {pixels} pixels together, above the limit of {}",
                crate::defaults::MAX_PIXELS
            ),
        ));
    }
    pictures::decode_all(&raw, max_side)?;
    Ok(raw)
}

/// Writes the new puzzle folder `puzzles/<name>`: first complete in a hidden
/// folder beside it (which the watcher and `render` skip), then renamed into
/// place, so no render sees half a puzzle. Without pictures, they are drawn
/// as `draw-tiles` draws them. Refuses a name already taken.
pub(crate) fn save(
    puzzles: &Path,
    name: &str,
    notation: &str,
    text: &[u8],
    uploads: Vec<Vec<u8>>,
    max_side: u32,
) -> Result<PathBuf, Refusal> {
    check_name(name)?;
    let file = check_notation(notation)?;
    let parsed = parse(name, file, text)?;
    let tiles = parsed.puzzle.tiles.len();
    let raw = if uploads.is_empty() {
        Vec::new()
    } else {
        check_pictures(name, tiles, uploads, max_side)?
    };
    let target = puzzles.join(name);
    let taken = || {
        Refusal::new(
            Kind::Exists,
            format!("a puzzle named '{name}' already exists (pick another name)"),
        )
    };
    if target.symlink_metadata().is_ok() {
        return Err(taken());
    }
    let failed =
        |e: std::io::Error| Refusal::new(Kind::Failed, format!("{}: {e}", puzzles.display()));
    // The root as the user named it (it may be a link); what is made in it
    // is then reached through one open descriptor, never a link.
    let root = std::fs::canonicalize(puzzles).map_err(failed)?;
    let staging = Folder::open(&root)
        .and_then(|mut f| f.staging_dir(".unscramble-new-"))
        .map_err(failed)?;
    let input_dir = staging.path().join("input");
    std::fs::create_dir(&input_dir).map_err(failed)?;
    std::fs::write(input_dir.join(file), text).map_err(failed)?;
    for (i, picture) in raw.iter().enumerate() {
        std::fs::write(input_dir.join(format!("{}.png", i + 1)), &picture.bytes).map_err(failed)?;
    }
    if raw.is_empty() {
        draw::draw_missing_tiles(staging.path(), DRAWN_TILE, false)
            .map_err(|e| Refusal::new(Kind::Failed, e.to_string()))?;
    }
    match staging.rename(name) {
        Ok(()) => Ok(target),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(taken()),
        Err(e) => Err(failed(e)),
    }
}

#[cfg(test)]
mod tests;
