//! What can be wrong with a config file, each said with the file, the line
//! and column, the problem and how to fix it.

use super::reach::Reach;
use super::read::Pos;
use std::path::PathBuf;
use unscramble::error::{quote, InputError};

/// Why the config file was not taken. A bad file is a bad option: exit 2.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// It could not be read: missing, a link or a FIFO, too large, not
    /// UTF-8, not TOML.
    #[error(transparent)]
    Read(#[from] InputError),
    /// The file, where in it, what is wrong with a `key = value` there,
    /// and how to fix it.
    #[error("{}:{}:{}: {} ({})", .0.display(), .1.0, .1.1, .2, .3)]
    Key(PathBuf, Pos, Problem, String),
}

/// What is wrong with one `key = value` (the first field: the key).
#[derive(Debug, thiserror::Error)]
pub enum Problem {
    #[error("unknown key {}", quote(.0))]
    Unknown(String),
    #[error("{} is not an option of every command", quote(.0))]
    NotShared(String),
    #[error("{} is a section, not an option", quote(.0))]
    Section(String),
    #[error("{} is a switch: true or false", quote(.0))]
    Switch(String),
    /// The key, and what its value is instead: `true or false`, `a list`...
    #[error("{} takes one value, not {}", quote(.0), .1)]
    NotOne(String, &'static str),
    /// The key, its value, and why the option's own value parser refused
    /// it (when that says more than the valid values in the hint).
    #[error("invalid value {} for {}{}", quote(.1), quote(.0), .2.as_deref().map(|w| format!(": {w}")).unwrap_or_default())]
    Invalid(String, String, Option<String>),
    /// The key, the key of the same place its command refuses it with,
    /// that key's line, and the command.
    #[error("{} cannot be used with {} (line {}) in `unscramble {}`", quote(.0), quote(.1), .2, .3)]
    Conflict(String, String, usize, String),
    /// Beyond what a file found in the current folder may set.
    #[error(transparent)]
    Beyond(Reach),
}
