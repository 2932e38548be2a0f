//! A tile puzzle as a notation writes it, before edge codes exist. Every
//! reader produces a [`Spec`]; one builder turns it into the [`Puzzle`] model,
//! so every notation gets the same checks and the same numbering.
//!
//! [`Puzzle`]: crate::model::Puzzle

use std::path::PathBuf;

/// How an edge's picture meets others under the half rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// `'+'`: fits the `'-'` edge of the same label.
    Plus,
    /// `'-'`: fits the `'+'` edge of the same label.
    Minus,
    /// `'='`: a symmetric picture cut in two equal halves; fits itself.
    Same,
}

/// One edge: a picture label, how it fits, and where the notation wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeSpec {
    pub label: String,
    pub mark: Mark,
    /// Line and column in the notation file, for messages.
    pub at: Option<(usize, usize)>,
}

/// Which edges fit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Relation {
    /// Same label with marks `'+'` and `'-'`, or both `'='`.
    Halves,
    /// Exactly these pairs of labels fit (in both directions); a label may
    /// fit itself or several others. Marks are ignored.
    Explicit(Vec<(String, String)>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub file: PathBuf,
    /// The board's shape when the notation gives it; otherwise a square.
    pub shape: Option<(usize, usize)>,
    /// Edges per tile, in the order right, top, left, bottom; tile `k` of the
    /// notation (whatever its own numbering) is `tiles[k]` and picture `k+1`.
    pub tiles: Vec<[EdgeSpec; 4]>,
    pub relation: Relation,
    /// Legal but suspicious things, for the user to check.
    pub warnings: Vec<String>,
}

/// Splits a notation line at `#` and returns its content with the 1-based
/// column where each character stands, for located messages.
pub fn content(line: &str) -> Vec<(usize, char)> {
    line.chars()
        .enumerate()
        .take_while(|(_, c)| *c != '#')
        .map(|(i, c)| (i + 1, c))
        .collect()
}
