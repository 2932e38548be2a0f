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
    /// A `key = value` that cannot be taken.
    #[error("{}:{}:{}: {problem} ({hint})", file.display(), at.0, at.1)]
    Key {
        file: PathBuf,
        at: Pos,
        problem: Problem,
        hint: String,
    },
}

/// What is wrong with one `key = value`.
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
    /// `what` the value is instead: `true or false`, `a list`...
    #[error("{} takes one value, not {what}", quote(.key))]
    NotOne { key: String, what: &'static str },
    /// Refused by the option's own value parser (`why`, when it says more
    /// than the list of valid values in the hint).
    #[error("invalid value {} for {}{}", quote(.value), quote(.key), .why.as_deref().map(|w| format!(": {w}")).unwrap_or_default())]
    Invalid {
        key: String,
        value: String,
        why: Option<String>,
    },
    /// Two keys of one place that its command refuses together.
    #[error("{} cannot be used with {} (line {line}) in `unscramble {command}`", quote(.key), quote(.other))]
    Conflict {
        key: String,
        other: String,
        line: usize,
        command: String,
    },
    /// Beyond what a file found in the current folder may set.
    #[error(transparent)]
    Beyond(Reach),
}
