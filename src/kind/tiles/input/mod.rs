//! Reading a puzzle folder's `input/`: the notation file and the tile pictures.

mod confine;
pub mod convert;
pub(crate) mod legespiel_xml;
pub(crate) mod letters;
mod missing;
pub mod overwrite;
mod palette_png;
pub mod pictures;
pub(crate) mod signed;
pub(crate) mod spec;
pub mod tile_dict;

use crate::error::InputError;
use crate::input::{file, utf8, yaml};
use convert::ConvertError;
use std::path::Path;

pub use confine::{confine, confine_named};
pub use spec::Parsed;

/// The native notation (the constraint-programming post).
pub const TILE_DICT: &str = "tile_dict.yaml";
/// The other tile notations, each read by its own module ([`crate::kind::NOTATIONS`]
/// lists every kind's).
pub const LETTERS: &str = "letters.txt";
pub const SIGNED: &str = "signed.txt";
pub const LEGESPIEL_XML: &str = "legespiel.xml";
/// Rows and columns of a rectangular board, beside `tile_dict.yaml`.
pub const BOARD: &str = "board.yaml";

/// Reads and validates the puzzle described in `input_dir`.
pub fn read_puzzle(input_dir: &Path) -> Result<Parsed, InputError> {
    let file = crate::kind::notation_file(input_dir)?;
    if crate::kind::Kind::of(&file) == crate::kind::Kind::Domino {
        return Err(
            InputError::new(&file, "a Domino Fit puzzle has no tile pictures to draw")
                .hint("its boards are drawn by the renderer"),
        );
    }
    read_notation_file(&file)
}

/// Reads one tile notation file given by its path (and `board.yaml` beside it).
pub fn read_notation_file(path: &Path) -> Result<Parsed, InputError> {
    let bytes = file::read_capped(path, file::NOTATION_CAP)?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let shape = read_board(dir)?.map(|b| b.shape);
    parse_notation(path, &bytes, shape)
}

/// Parses the bytes of the tile notation file at `path`, by its file name;
/// `shape` is the board's from `board.yaml`, if there is one.
pub fn parse_notation(
    path: &Path,
    bytes: &[u8],
    shape: Option<(usize, usize)>,
) -> Result<Parsed, InputError> {
    let text = utf8(path, bytes)?;
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(TILE_DICT);
    let spec = match name {
        LETTERS => letters::parse(path, text)?,
        SIGNED => signed::parse(path, text)?,
        LEGESPIEL_XML => legespiel_xml::parse(path, text)?,
        _ => tile_dict::read(path, text)?,
    };
    spec::build(spec, shape)
}

/// Reads the notation at `from` and writes it as `tile_dict.yaml` (and
/// `board.yaml` when the board is not square) into the puzzle folder
/// `to_dir`'s `input/` (or into `to_dir` itself when it is named `input`),
/// with copies of the tile pictures found beside the notation, so the
/// result renders as it is. Returns the files written.
pub fn convert_to_tile_dict(
    from: &Path,
    to_dir: &Path,
    force: bool,
) -> Result<Vec<std::path::PathBuf>, ConvertError> {
    let file = crate::kind::resolve_notation(from)?;
    let bytes = file::read_capped(&file, file::NOTATION_CAP)?;
    let text = utf8(&file, &bytes)?;
    let name = file
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(TILE_DICT);
    let mut spec = match name {
        LETTERS => letters::parse(&file, text),
        SIGNED => signed::parse(&file, text),
        LEGESPIEL_XML => legespiel_xml::parse(&file, text),
        TILE_DICT => tile_dict::read(&file, text),
        // The Legespiel solver's own files are `NAME.config.xml`.
        other if is_legespiel_xml(other, text) => legespiel_xml::parse(&file, text),
        other => {
            let what = format!("{other} is not a tile notation this tool converts: the notation is known by the file name");
            let hint = format!(
                "rename it after its notation ({}) and convert again",
                crate::kind::NOTATIONS[..4].join(", ")
            );
            return Err(InputError::new(&file, what).hint(hint).into());
        }
    }?;
    let from_dir = file.parent().unwrap_or(Path::new("."));
    if spec.shape.is_none() {
        spec.shape = read_board(from_dir)?.map(|b| b.shape);
    }
    // The puzzle must be valid before it is written in another notation.
    let tiles = spec::build(spec.clone(), None)?.puzzle.tiles.len();
    let out = convert::to_tile_dict(&spec)?;
    let to_dir = &if to_dir.file_name().is_some_and(|n| n == "input") {
        to_dir.to_path_buf()
    } else {
        to_dir.join("input")
    };
    let pictures: Vec<String> = (1..=tiles)
        .map(|k| format!("{k}.png"))
        .filter(|name| file::exists(&from_dir.join(name)))
        .collect();
    // board.yaml is always in the list: one left from another puzzle would
    // give this one its shape.
    let mut writes = vec![TILE_DICT, BOARD];
    writes.extend(pictures.iter().map(String::as_str));
    overwrite::guard(to_dir, &writes, force)?;
    if out.board.is_none() && to_dir.join(BOARD).symlink_metadata().is_ok() {
        return Err(InputError::new(
            to_dir.join(BOARD),
            "the converted puzzle is square and writes no board.yaml, but this one would give it another shape",
        )
        .hint("move board.yaml away first")
        .into());
    }
    let cap = file::picture_cap(crate::defaults::MAX_TILE_SIDE);
    let pictures = pictures
        .into_iter()
        .map(|name| Ok((file::read_capped(&from_dir.join(&name), cap)?, name)))
        .collect::<Result<Vec<_>, InputError>>()?;
    let mut writer = crate::fsio::writer::Writer::open(to_dir, force)?;
    let mut written = Vec::new();
    for (name, text) in [(TILE_DICT, Some(out.tile_dict)), (BOARD, out.board)] {
        if let Some(text) = text {
            writer.put(name, text.as_bytes())?;
            written.push(writer.path(name));
        }
    }
    for (bytes, name) in &pictures {
        writer.put(name, bytes)?;
        written.push(writer.path(name));
    }
    Ok(written)
}

/// A Legespiel configuration under another name: an `.xml` file, or one
/// whose text opens the Legespiel root element.
fn is_legespiel_xml(name: &str, text: &str) -> bool {
    name.to_ascii_lowercase().ends_with(".xml") || text.contains("<legespielConfiguration")
}

/// `board.yaml` as read: the board's rows and columns, and the file's bytes
/// (part of the build key).
pub struct BoardFile {
    pub shape: (usize, usize),
    pub bytes: Vec<u8>,
}

/// `board.yaml` in `input_dir`, if there is one.
pub fn read_board(input_dir: &Path) -> Result<Option<BoardFile>, InputError> {
    let path = input_dir.join(BOARD);
    if !file::exists(&path) {
        return Ok(None);
    }
    let bytes = file::read_capped(&path, file::NOTATION_CAP)?;
    const HINT: &str = "write two lines, e.g. rows: 3 and cols: 4";
    let text = utf8(&path, &bytes).map_err(|e| e.hint(HINT))?;
    let root = yaml::parse_file(&path, text, HINT)?;
    let yaml::Value::Map(entries) = &root.value else {
        return Err(InputError::new(&path, "expected rows and cols")
            .at(root.line, root.column)
            .hint(HINT));
    };
    let (mut rows, mut cols) = (None, None);
    for (k, v) in entries {
        let slot = match &k.value {
            yaml::Value::Str(s) if s == "rows" => &mut rows,
            yaml::Value::Str(s) if s == "cols" => &mut cols,
            _ => {
                return Err(InputError::new(&path, "only rows and cols belong here")
                    .at(k.line, k.column)
                    .hint(HINT))
            }
        };
        match v.value {
            yaml::Value::Int(n)
                if (1..=crate::kind::tiles::model::MAX_TILES as i128).contains(&n) =>
            {
                *slot = Some(n as usize)
            }
            _ => {
                return Err(
                    InputError::new(&path, "rows and cols must be whole numbers from 1")
                        .at(v.line, v.column)
                        .hint(HINT),
                )
            }
        }
    }
    match (rows, cols) {
        (Some(r), Some(c)) => Ok(Some(BoardFile {
            shape: (r, c),
            bytes,
        })),
        _ => Err(InputError::new(&path, "both rows and cols are needed").hint(HINT)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_notation_accepts_a_byte_order_mark() {
        let files = [
            (LETTERS, "ACFH\nBDEG\nACEG\nBDFH\n"),
            (SIGNED, "1 2 3 4\n-1 -2 -3 -4\n1 2 3 4\n-1 -2 -3 -4\n"),
            (TILE_DICT, "1: [[a, '+'], [a, '-'], [a, '+'], [a, '-']]\n"),
        ];
        for (name, text) in files {
            let path = Path::new(name);
            let plain = parse_notation(path, text.as_bytes(), None).expect(name);
            let bom = format!("\u{feff}{text}");
            let marked = parse_notation(path, bom.as_bytes(), None).expect(name);
            assert_eq!(plain.puzzle.tiles, marked.puzzle.tiles, "{name}");
        }
    }
}
