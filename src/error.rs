//! Errors about a puzzle's input, in the one style every message follows:
//! `error: puzzle 'NAME': FILE[:LINE:COL]: what is wrong (how to fix it)`.
//! The puzzle name is added by whoever reports the error; the rest lives here.

use std::fmt;
use std::path::{Path, PathBuf};

/// A problem with one puzzle's input files, pointing at the file (and where
/// known the line and column) and saying how to fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    pub file: PathBuf,
    pub at: Option<(usize, usize)>,
    pub problem: String,
    pub hint: Option<String>,
}

impl InputError {
    pub fn new(file: impl AsRef<Path>, problem: impl Into<String>) -> Self {
        InputError {
            file: file.as_ref().to_path_buf(),
            at: None,
            problem: problem.into(),
            hint: None,
        }
    }
    pub fn at(mut self, line: usize, column: usize) -> Self {
        self.at = Some((line, column));
        self
    }
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some((line, col)) = self.at {
            write!(f, ":{line}:{col}")?;
        }
        write!(f, ": {}", self.problem)?;
        if let Some(hint) = &self.hint {
            write!(f, " ({hint})")?;
        }
        Ok(())
    }
}

impl std::error::Error for InputError {}

/// `text` with every character that could act on a terminal or hide what
/// follows shown as an escape (`\u{1b}`): control characters (ESC, BEL, NUL,
/// CR, LF...), the byte order mark, and the bidirectional overrides and
/// isolates that reorder what is displayed. Names and tokens come from
/// anyone's puzzles folder; escaped, one puzzle stays one line and cannot
/// retitle or recolour the terminal.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    fn hidden(c: char) -> bool {
        c.is_control()
            || matches!(
                c,
                '\u{feff}' | '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{2028}' | '\u{2029}'
            )
            || ('\u{202a}'..='\u{202e}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c)
    }
    if !text.chars().any(hidden) {
        return text.into();
    }
    text.chars()
        .map(|c| {
            if hidden(c) {
                format!("\\u{{{:x}}}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect::<String>()
        .into()
}

/// Input quoted in a message is cut to this many characters: enough to find
/// the spot in the file, while a 14 MB value cannot become 14 MB of stderr.
pub const QUOTE_CHARS: usize = 60;

/// `text` in single quotes for a message, cut to [`QUOTE_CHARS`] characters
/// with `…`. Every reader quotes input through here.
pub fn quote(text: &str) -> String {
    format!("'{}'", cut(text))
}

/// `text` cut to [`QUOTE_CHARS`] characters, with `…` where it was cut.
pub fn cut(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(QUOTE_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]).into(),
        None => text.into(),
    }
}

/// Error while writing a puzzle's outputs (disk full, permissions, ...).
/// Its message says the system's reason, so it has no `source()`: an error
/// chain printer would say it twice.
#[derive(Debug, thiserror::Error)]
#[error("{}: {cause} ({hint})", path.display())]
pub struct OutputError {
    pub path: PathBuf,
    pub cause: std::io::Error,
    pub hint: &'static str,
}

impl OutputError {
    pub fn new(path: impl AsRef<Path>, cause: std::io::Error) -> Self {
        OutputError {
            path: path.as_ref().to_path_buf(),
            cause,
            hint: "check that the output folder is writable and the disk has room",
        }
    }
    pub fn hint(mut self, hint: &'static str) -> Self {
        self.hint = hint;
        self
    }
    /// The tool refuses to touch `path`: `problem` says why.
    pub fn refuse(path: impl AsRef<Path>, problem: &str, hint: &'static str) -> Self {
        OutputError::new(path, std::io::Error::other(problem.to_string())).hint(hint)
    }
}

/// An image the encoder refused (a size or frame it cannot take): the
/// bytes are made in memory, so this is never the disk's doing and says
/// nothing of the output folder. The message says the encoder's reason (no
/// `source()`, as for [`OutputError`]).
#[derive(Debug, thiserror::Error)]
#[error("{}: cannot encode the image: {cause} (a bug in unscramble; please report it with this puzzle)", path.display())]
pub struct EncodeError {
    /// The file the image was for.
    pub path: PathBuf,
    pub cause: Box<dyn std::error::Error + Send + Sync>,
}

impl EncodeError {
    pub fn new(
        path: impl AsRef<Path>,
        cause: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> Self {
        EncodeError {
            path: path.as_ref().to_path_buf(),
            cause: cause.into(),
        }
    }
}

/// Everything that can stop one puzzle; other puzzles in the batch go on.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleError {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    Output(#[from] OutputError),
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// Ctrl-C ended the puzzle (at `.0`, its folder) before its outputs were
    /// written: nothing is wrong with its input, and its old outputs stand.
    #[error("{}: interrupted before its outputs were written (run again)", .0.display())]
    Interrupted(PathBuf),
    /// Something that cannot happen did (at `path`): a bug, not the input.
    #[error("{}: {what} (a bug in unscramble; please report it with this puzzle)", path.display())]
    Bug { path: PathBuf, what: String },
}

impl PuzzleError {
    /// The file or folder the message names first.
    pub fn file(&self) -> &Path {
        match self {
            PuzzleError::Input(e) => &e.file,
            PuzzleError::Output(e) => &e.path,
            PuzzleError::Encode(e) => &e.path,
            PuzzleError::Interrupted(dir) => dir,
            PuzzleError::Bug { path, .. } => path,
        }
    }
}

/// Every message in `e`'s chain (`e`, its `source()`, theirs...), for
/// tests: a printer of chains (anyhow's `{:#}`) shows them all.
#[cfg(test)]
pub(crate) fn chain(e: &dyn std::error::Error) -> Vec<String> {
    std::iter::successors(Some(e), |e| e.source())
        .map(ToString::to_string)
        .collect()
}

/// Asserts no message in `e`'s chain repeats one before it.
#[cfg(test)]
pub(crate) fn assert_said_once(e: &dyn std::error::Error) {
    let all = chain(e);
    for (i, later) in all.iter().enumerate().skip(1) {
        assert!(
            !all[..i].iter().any(|m| m.contains(later.as_str())),
            "said twice in the chain: {all:?}"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A wrapper is its inner error, and an error that words its cause has
    /// no `source()`: a chain printer says each cause once.
    #[test]
    fn each_cause_is_said_once_in_a_chain() {
        let input = InputError::new("p/input/tile_dict.yaml", "no tiles").hint("add some");
        let disk = OutputError::new("o/p/1.png", std::io::Error::other("disk full"));
        let encode = EncodeError::new("o/search.png", "frame too large");
        for e in [
            PuzzleError::from(input.clone()),
            PuzzleError::from(disk),
            PuzzleError::from(encode),
        ] {
            assert_said_once(&e);
            assert_eq!(chain(&e).len(), 1, "{:?}", chain(&e));
        }
        assert_eq!(
            PuzzleError::from(input.clone()).to_string(),
            input.to_string()
        );
    }

    #[test]
    fn printable_escapes_what_acts_on_a_terminal() {
        assert_eq!(printable("owls é"), "owls é");
        assert_eq!(
            printable("a\u{1b}]0;x\u{7}\nb\r\0\u{feff}\u{202e}c\u{7f}"),
            "a\\u{1b}]0;x\\u{7}\\u{a}b\\u{d}\\u{0}\\u{feff}\\u{202e}c\\u{7f}"
        );
    }

    #[test]
    fn quoted_input_is_cut() {
        assert_eq!(quote("red"), "'red'");
        let long = "é".repeat(100);
        assert_eq!(quote(&long), format!("'{}…'", "é".repeat(QUOTE_CHARS)));
        assert_eq!(cut(&"x".repeat(QUOTE_CHARS)).len(), QUOTE_CHARS);
    }

    /// An encoder's refusal is not worded as the disk's fault, and Ctrl-C
    /// is not worded as the input's.
    #[test]
    fn each_kind_names_its_own_cause() {
        let e = PuzzleError::from(EncodeError::new("o/search.png", "frame too large"));
        let text = e.to_string();
        assert!(
            text.starts_with("o/search.png: cannot encode the image: frame too large ("),
            "{text}"
        );
        assert!(!text.contains("disk"), "{text}");
        assert_eq!(e.file(), Path::new("o/search.png"));
        let e = PuzzleError::Interrupted(PathBuf::from("p/owls"));
        assert_eq!(
            e.to_string(),
            "p/owls: interrupted before its outputs were written (run again)"
        );
        assert!(!matches!(e, PuzzleError::Input(_)));
    }

    #[test]
    fn message_names_file_position_problem_and_hint() {
        let e = InputError::new("p/input/tile_dict.yaml", "tile 3 has 5 edges")
            .at(4, 7)
            .hint("give exactly four");
        assert_eq!(
            e.to_string(),
            "p/input/tile_dict.yaml:4:7: tile 3 has 5 edges (give exactly four)"
        );
    }
}
