//! Which files are puzzles: the notation file names of every kind, and
//! finding the one in a folder.

use crate::error::InputError;
use crate::input::file;
use std::path::{Path, PathBuf};

use super::{domino, tiles};

/// Every notation file that marks a folder as a puzzle, of every kind.
pub const NOTATIONS: [&str; 5] = [
    tiles::input::TILE_DICT,
    tiles::input::LETTERS,
    tiles::input::SIGNED,
    tiles::input::LEGESPIEL_XML,
    domino::FILE_NAME,
];

/// Does `dir` hold a puzzle (an `input/` folder with a notation file)? Any
/// thing under a notation file's name counts, a FIFO or a link to a device
/// included: reading it then fails that puzzle with a message, where
/// skipping it would make the puzzle vanish without a word.
pub fn is_puzzle(dir: &Path) -> bool {
    let input = dir.join("input");
    NOTATIONS.iter().any(|n| file::exists(&input.join(n)))
}

/// The one notation file in `input_dir`. None is not a puzzle; more than one
/// is ambiguous, and the message names them.
pub fn notation_file(input_dir: &Path) -> Result<PathBuf, InputError> {
    let present: Vec<&str> = NOTATIONS
        .into_iter()
        .filter(|n| file::exists(&input_dir.join(n)))
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

/// Finds the notation file for `solve`: the file itself, a folder holding
/// one, or a puzzle folder whose `input/` holds one.
pub fn resolve_notation(path: &Path) -> Result<PathBuf, InputError> {
    if !file::exists(path) {
        return Err(InputError::new(path, "no such file or folder")
            .hint("check the path: a puzzle file, or a puzzle folder"));
    }
    if !path.is_dir() {
        return Ok(path.to_path_buf());
    }
    let input = path.join("input");
    let dir = if NOTATIONS.iter().any(|n| file::exists(&input.join(n))) {
        input
    } else {
        path.to_path_buf()
    };
    notation_file(&dir).map_err(|e| e.hint("pass a puzzle file or a puzzle folder"))
}
