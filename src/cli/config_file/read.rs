//! Finding `unscramble.toml` and reading it into `key = value` entries,
//! each with its line and column for the messages.

use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue};
use unscramble::error::InputError;
use unscramble::input::file;

const FILE_NAME: &str = "unscramble.toml";

/// A config is a few hundred bytes; 64 KiB is a hundred times that, and
/// keeps a file that is something else from being read and parsed whole.
const CAP: u64 = 64 * 1024;

/// Line and column, from 1, as in every message.
pub type Pos = (usize, usize);

/// One `key = value`, under its `[section]` (`None`: above the sections).
pub struct Entry {
    pub section: Option<String>,
    pub key: String,
    pub key_at: Pos,
    pub value: Val,
    pub value_at: Pos,
    /// As written in the file, for the notes that repeat it.
    pub written: String,
}

/// A value as the command line would spell it, or what else it is.
pub enum Val {
    Switch(bool),
    Text(String),
    /// A list, a table or a date: never an option's value.
    Other(&'static str),
}

/// The file to read. `found`: `./unscramble.toml` found by itself, which
/// comes with the repository (a pull request can change it) and so is
/// input like a puzzle; not found, it was named with `--config` or
/// `UNSCRAMBLE_CONFIG` by whoever runs the command, as explicit as an option.
pub struct Source {
    pub path: PathBuf,
    pub found: bool,
}

/// `--config`, then `UNSCRAMBLE_CONFIG` (set but empty: none), then
/// `unscramble.toml` in the current folder, where the default `puzzles/`
/// and `output/` are. No search upwards: a file found further up would
/// give relative paths that mean something else from here.
pub fn locate(no_config: bool, named: Option<PathBuf>) -> Option<Source> {
    let named = named.or_else(|| std::env::var_os("UNSCRAMBLE_CONFIG").map(PathBuf::from));
    match named {
        _ if no_config => None,
        Some(path) if path.as_os_str().is_empty() => None,
        Some(path) => Some(Source { path, found: false }),
        None => file::exists(Path::new(FILE_NAME)).then(|| Source {
            path: FILE_NAME.into(),
            found: true,
        }),
    }
}

/// The file's entries in the order they stand. A found file must not be a
/// symbolic link (one could show lines of any file on the CI machine in the
/// log); a named file is the user's choice, and a link to it is fine.
pub fn read(source: &Source) -> Result<Vec<Entry>, InputError> {
    let (path, found) = (source.path.as_path(), source.found);
    if found && std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(InputError::new(path, "is a symbolic link").hint(format!(
            "make ./{FILE_NAME} a regular file, or name the file with --config FILE"
        )));
    }
    let bytes = file::read_capped(path, CAP).map_err(|mut e| {
        if found && e.problem.starts_with("not a regular file") {
            e.hint = Some("replace it with a regular file".to_string());
        }
        e
    })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let lossy = String::from_utf8_lossy(e.as_bytes());
        let at = position(&lossy, e.utf8_error().valid_up_to());
        InputError::new(path, "not UTF-8 text")
            .at(at.0, at.1)
            .hint("save it as UTF-8")
    })?;
    parse(path, &text)
}

/// The entries of the TOML `text` of the file at `path`, in file order.
pub fn parse(path: &Path, text: &str) -> Result<Vec<Entry>, InputError> {
    let table = DeTable::parse(text).map_err(|e| {
        let at = position(text, e.span().map_or(0, |s| s.start));
        InputError::new(path, format!("not valid TOML: {}", e.message().trim_end()))
            .at(at.0, at.1)
            .hint("see https://toml.io for the syntax: `key = value` lines under `[command]` lines")
    })?;
    let mut entries = Vec::new();
    for (key, value) in table.get_ref() {
        let name = key.get_ref().as_ref();
        match value.get_ref() {
            DeValue::Table(t) if super::SECTIONS.contains(&name) => {
                entries.extend(t.iter().map(|(k, v)| entry(text, Some(name), k, v)));
            }
            _ => entries.push(entry(text, None, key, value)),
        }
    }
    entries.sort_by_key(|e| e.key_at);
    Ok(entries)
}

fn entry(
    text: &str,
    section: Option<&str>,
    key: &toml::Spanned<std::borrow::Cow<'_, str>>,
    value: &toml::Spanned<DeValue<'_>>,
) -> Entry {
    let val = match value.get_ref() {
        DeValue::String(s) => Val::Text(s.to_string()),
        DeValue::Integer(i) => Val::Text(match i128::from_str_radix(i.as_str(), i.radix()) {
            Ok(n) if i.radix() != 10 => n.to_string(),
            _ => i.as_str().to_string(),
        }),
        DeValue::Float(f) => Val::Text(f.as_str().to_string()),
        DeValue::Boolean(b) => Val::Switch(*b),
        DeValue::Datetime(_) => Val::Other("a date"),
        DeValue::Array(_) => Val::Other("a list"),
        DeValue::Table(_) => Val::Other("a table"),
    };
    Entry {
        section: section.map(str::to_string),
        key: key.get_ref().to_string(),
        key_at: position(text, key.span().start),
        value: val,
        value_at: position(text, value.span().start),
        written: text.get(value.span()).unwrap_or_default().to_string(),
    }
}

/// Line and column (in characters) of byte `offset`, both from 1.
fn position(text: &str, offset: usize) -> Pos {
    let before = text.get(..offset.min(text.len())).unwrap_or(text);
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (before.matches('\n').count() + 1, column)
}

#[test]
fn positions_count_lines_and_characters_from_one() {
    let at = |offset| position("a = 1\nbé = 2", offset);
    assert_eq!(
        [at(0), at(6), at(10), at(99)],
        [(1, 1), (2, 1), (2, 4), (2, 7)]
    );
}
