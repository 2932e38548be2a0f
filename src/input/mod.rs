//! Reading a puzzle folder's `input/`: the notation file and the tile pictures.

pub mod convert;
pub mod legespiel_xml;
pub mod letters;
pub mod pictures;
pub mod signed;
pub mod spec;
pub mod tile_dict;
pub mod yaml;

use crate::error::InputError;
use std::path::Path;

pub use tile_dict::Parsed;

/// The notation file that marks a folder as a puzzle.
pub const TILE_DICT: &str = "tile_dict.yaml";

/// Every notation file that marks a folder as a puzzle, by kind.
pub const NOTATIONS: [&str; 2] = [TILE_DICT, crate::domino::FILE_NAME];

/// The one notation file in `input_dir`. None is not a puzzle; more than one
/// is ambiguous, and the message names them.
pub fn notation_file(input_dir: &Path) -> Result<std::path::PathBuf, InputError> {
    let present: Vec<&str> = NOTATIONS
        .into_iter()
        .filter(|n| input_dir.join(n).is_file())
        .collect();
    match present.as_slice() {
        [one] => Ok(input_dir.join(one)),
        [] => Err(InputError::new(
            input_dir,
            format!("no puzzle file ({})", NOTATIONS.join(", ")),
        )
        .hint("add one of them")),
        many => Err(InputError::new(
            input_dir,
            format!("more than one puzzle file: {}", many.join(", ")),
        )
        .hint("keep one notation per puzzle folder")),
    }
}

/// Reads and validates the puzzle described in `input_dir`.
pub fn read_puzzle(input_dir: &Path) -> Result<Parsed, InputError> {
    read_notation_file(&input_dir.join(TILE_DICT))
}

/// Finds the notation file for `solve`: the file itself, a folder holding
/// one, or a puzzle folder whose `input/` holds one.
pub fn resolve_notation(path: &Path) -> Result<std::path::PathBuf, InputError> {
    if path.is_file() {
        return Ok(path.to_path_buf());
    }
    let input = path.join("input");
    let dir = if NOTATIONS.iter().any(|n| input.join(n).is_file()) {
        input
    } else {
        path.to_path_buf()
    };
    notation_file(&dir).map_err(|e| e.hint("pass a puzzle file or a puzzle folder"))
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
