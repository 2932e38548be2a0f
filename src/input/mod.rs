//! Reading a puzzle folder's `input/`: the notation file and the tile pictures.

pub mod pictures;
pub mod tile_dict;
pub mod yaml;

use crate::error::InputError;
use std::path::Path;

pub use tile_dict::Parsed;

/// The notation file that marks a folder as a puzzle.
pub const TILE_DICT: &str = "tile_dict.yaml";

/// Reads and validates the puzzle described in `input_dir`.
pub fn read_puzzle(input_dir: &Path) -> Result<Parsed, InputError> {
    read_notation_file(&input_dir.join(TILE_DICT))
}

/// Finds the notation file for `solve`: the file itself, a folder holding it,
/// or a puzzle folder whose `input/` holds it.
pub fn resolve_notation(path: &Path) -> Result<std::path::PathBuf, InputError> {
    if path.is_file() {
        return Ok(path.to_path_buf());
    }
    for candidate in [path.join(TILE_DICT), path.join("input").join(TILE_DICT)] {
        if candidate.is_file() {
            return Ok(candidate);
        }
    }
    Err(
        InputError::new(path, format!("no {TILE_DICT} here or in its input/ folder"))
            .hint("pass a tile_dict.yaml file or a puzzle folder"),
    )
}

/// Reads one notation file given by its path.
pub fn read_notation_file(path: &Path) -> Result<Parsed, InputError> {
    let bytes = std::fs::read(path).map_err(|e| pictures::read_error(path, &e))?;
    parse_notation(path, &bytes)
}

/// Parses the bytes of the notation file at `path` (named in messages).
pub fn parse_notation(path: &Path, bytes: &[u8]) -> Result<Parsed, InputError> {
    let text = std::str::from_utf8(bytes).map_err(|_| {
        InputError::new(path, "the file is not UTF-8 text").hint("save it as UTF-8")
    })?;
    tile_dict::parse(path, text)
}
