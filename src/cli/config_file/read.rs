//! Finding and reading `unscramble.toml` into plain `key = value` entries,
//! each with its line and column for the messages. What the keys mean is
//! the business of `keys` and the layering in `config_file`.

use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue};
use unscramble::error::InputError;
use unscramble::input::file;

pub const FILE_NAME: &str = "unscramble.toml";
pub const ENV: &str = "UNSCRAMBLE_CONFIG";

/// A config is a few hundred bytes; 64 KiB is a hundred times that, and
/// keeps a file that is something else from being read and parsed whole.
pub const CAP: u64 = 64 * 1024;

/// Line and column, from 1, as in every message.
pub type Pos = (usize, usize);

/// One `key = value` of the file.
#[derive(Debug)]
pub struct Entry {
    /// The `[section]` it stands under; `None` above every section.
    pub section: Option<String>,
    pub key: String,
    pub key_at: Pos,
    pub value: Val,
    pub value_at: Pos,
    /// The value as written in the file, for the notes that repeat it.
    pub written: String,
}

/// A value as the command line would spell it, or what else it is.
#[derive(Debug)]
pub enum Val {
    Switch(bool),
    Text(String),
    /// An array, a table or a date: never an option's value.
    Other(&'static str),
}

/// Who chose the file, which decides what it may set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// `./unscramble.toml`, found by itself: it comes with the repository,
    /// which a pull request can change, so it is input like a puzzle.
    Found,
    /// Named with `--config` or `UNSCRAMBLE_CONFIG`: chosen by whoever runs
    /// the command or writes the CI script, as explicit as an option.
    Named,
}

/// The config file to read.
#[derive(Debug)]
pub struct Source {
    pub path: PathBuf,
    pub origin: Origin,
}

/// Which file to read: the command line's `--config`, then
/// `UNSCRAMBLE_CONFIG` (set but empty: none), then `unscramble.toml` in the
/// current folder, where the default `puzzles/` and `output/` are. No search
/// upwards: a file found further up would give relative paths that mean
/// something else from here.
pub fn locate(no_config: bool, named: Option<&PathBuf>) -> Option<Source> {
    let named = match named {
        Some(path) => Some(path.clone()),
        None => std::env::var_os(ENV).map(PathBuf::from),
    };
    let (path, origin) = match named {
        _ if no_config => return None,
        Some(path) if path.as_os_str().is_empty() => return None,
        Some(path) => (path, Origin::Named),
        None if file::exists(Path::new(FILE_NAME)) => (PathBuf::from(FILE_NAME), Origin::Found),
        None => return None,
    };
    Some(Source { path, origin })
}

/// The file's entries in the order they stand. A file found in the current
/// folder must not be a symbolic link (one could show lines of any file on
/// the CI machine in the log); a named file is the user's choice, and a link
/// to it is fine.
pub fn read(source: &Source) -> Result<Vec<Entry>, InputError> {
    let (path, found) = (source.path.as_path(), source.origin == Origin::Found);
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if found && is_link {
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
        let at = position(
            &String::from_utf8_lossy(e.as_bytes()),
            e.utf8_error().valid_up_to(),
        );
        InputError::new(path, "not UTF-8 text")
            .at(at.0, at.1)
            .hint("save it as UTF-8")
    })?;
    parse(path, &text)
}

/// The entries of the TOML `text` of the file at `path`, in the order they stand.
pub fn parse(path: &Path, text: &str) -> Result<Vec<Entry>, InputError> {
    let table = DeTable::parse(text).map_err(|e| {
        let at = position(text, e.span().map_or(0, |s| s.start));
        InputError::new(path, format!("not valid TOML: {}", e.message().trim_end()))
            .at(at.0, at.1)
            .hint("see https://toml.io for the syntax: `key = value` lines under `[command]` lines")
    })?;
    let mut entries = Vec::new();
    for (key, value) in table.get_ref() {
        match value.get_ref() {
            DeValue::Table(t) if super::SECTIONS.contains(&key.get_ref().as_ref()) => {
                for (k, v) in t {
                    entries.push(entry(text, Some(key.get_ref()), k, v));
                }
            }
            _ => entries.push(entry(text, None, key, value)),
        }
    }
    entries.sort_by_key(|e| e.key_at);
    Ok(entries)
}

type Spanned<T> = toml::Spanned<T>;

fn entry(
    text: &str,
    section: Option<&str>,
    key: &Spanned<std::borrow::Cow<'_, str>>,
    value: &Spanned<DeValue<'_>>,
) -> Entry {
    let value_text = match value.get_ref() {
        DeValue::String(s) => Val::Text(s.to_string()),
        DeValue::Integer(i) if i.radix() == 10 => Val::Text(i.as_str().to_string()),
        DeValue::Integer(i) => match i128::from_str_radix(i.as_str(), i.radix()) {
            Ok(n) => Val::Text(n.to_string()),
            Err(_) => Val::Text(i.as_str().to_string()),
        },
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
        value: value_text,
        value_at: position(text, value.span().start),
        written: text.get(value.span()).unwrap_or_default().to_string(),
    }
}

/// Line and column (in characters) of byte `offset`, both from 1.
pub fn position(text: &str, offset: usize) -> Pos {
    let before = text.get(..offset.min(text.len())).unwrap_or(text);
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (
        before.matches('\n').count() + 1,
        before[line_start..].chars().count() + 1,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_lines_and_characters_from_one() {
        assert_eq!(position("a = 1\nbé = 2", 0), (1, 1));
        assert_eq!(position("a = 1\nbé = 2", 6), (2, 1));
        assert_eq!(position("a = 1\nbé = 2", 10), (2, 4));
        assert_eq!(position("ab", 99), (1, 3));
    }
}
