//! A tile puzzle as a notation writes it, before edge codes exist. Every
//! reader produces a [`Spec`]; one builder turns it into the [`Puzzle`] model,
//! so every notation gets the same checks and the same numbering.
//!
//! [`Puzzle`]: crate::kind::tiles::model::Puzzle

use crate::error::InputError;
use crate::kind::tiles::model::{Edge, Half, Matching, Puzzle, Tile, MAX_TILES, MAX_TOKENS};
use std::path::{Path, PathBuf};

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

impl Spec {
    /// A square (unless `board.yaml` says otherwise) puzzle under the half rule.
    pub fn halves(file: &Path, tiles: Vec<[EdgeSpec; 4]>) -> Spec {
        Spec {
            file: file.to_path_buf(),
            shape: None,
            tiles,
            relation: Relation::Halves,
            warnings: Vec::new(),
        }
    }
}

/// One line of a notation with one piece per line, as its reader sees it.
pub(crate) struct Line {
    /// The piece this line describes (numbered from 0, as those notations do).
    pub piece: usize,
    pub number: usize,
    /// The line up to a `#`, each character with its 1-based column.
    pub chars: Vec<(usize, char)>,
}

impl Line {
    /// A message about this line at `col`, in the reader's style.
    pub(crate) fn error(&self, file: &Path, col: usize, problem: String, hint: &str) -> InputError {
        InputError::new(file, format!("piece {}{problem}", self.piece))
            .at(self.number, col)
            .hint(hint)
    }
}

/// Reads a notation with one piece per line, where `#` starts a comment:
/// `piece` turns a line into its four edges (right, top, left, bottom), or
/// `None` when the line holds nothing. The pieces are tiles 1..N in order.
pub(crate) fn line_pieces(
    file: &Path,
    text: &str,
    hint: &str,
    mut piece: impl FnMut(&Line) -> Result<Option<[EdgeSpec; 4]>, InputError>,
) -> Result<Spec, InputError> {
    let mut tiles = Vec::new();
    for (n, text) in text.lines().enumerate() {
        let chars = text
            .chars()
            .enumerate()
            .take_while(|(_, c)| *c != '#')
            .map(|(i, c)| (i + 1, c))
            .collect();
        let line = Line {
            piece: tiles.len(),
            number: n + 1,
            chars,
        };
        if let Some(edges) = piece(&line)? {
            tiles.push(edges);
        }
    }
    if tiles.is_empty() {
        return Err(InputError::new(file, "no pieces").hint(hint));
    }
    Ok(Spec::halves(file, tiles))
}

/// A puzzle read from its notation, with warnings about things that are legal
/// but probably transcription mistakes.
#[derive(Clone, Debug)]
pub struct Parsed {
    pub puzzle: Puzzle,
    pub warnings: Vec<String>,
}

fn mark_index(m: Mark) -> usize {
    match m {
        Mark::Plus => 0,
        Mark::Minus => 1,
        Mark::Same => 2,
    }
}

/// Builds the one puzzle model from a notation's [`Spec`]: the board's shape
/// (`shape`, from `board.yaml`, wins over the notation's; without either the
/// board is square), edge codes, and which codes fit.
pub(crate) fn build(spec: Spec, shape: Option<(usize, usize)>) -> Result<Parsed, InputError> {
    let file = spec.file.as_path();
    let n = tile_count(file, &spec)?;
    let (rows, cols) = board_shape(file, n, shape.or(spec.shape))?;
    let codes = edge_codes(&spec)?;
    let (matching, warnings) = fitting(&spec, &codes, n);
    Ok(Parsed {
        puzzle: Puzzle {
            rows,
            cols,
            tiles: codes.tiles,
            tokens: codes.tokens,
            matching,
        },
        warnings,
    })
}

/// How many tiles: at least one, at most [`MAX_TILES`].
fn tile_count(file: &Path, spec: &Spec) -> Result<usize, InputError> {
    let n = spec.tiles.len();
    if n == 0 {
        return Err(InputError::new(file, "no tiles"));
    }
    if n > MAX_TILES {
        return Err(InputError::new(
            file,
            format!("{n} tiles; at most {MAX_TILES} are supported"),
        ));
    }
    Ok(n)
}

/// Rows and columns: `shape` when given, which `n` tiles must fill;
/// otherwise the square that `n` tiles fill.
fn board_shape(
    file: &Path,
    n: usize,
    shape: Option<(usize, usize)>,
) -> Result<(usize, usize), InputError> {
    match shape {
        Some((r, c)) if r * c == n => Ok((r, c)),
        Some((r, c)) => Err(InputError::new(
            file,
            format!(
                "{n} tiles do not fill a {r} x {c} board, which needs {}",
                r * c
            ),
        )
        .hint("list one tile per cell, or fix rows and cols")),
        None => {
            let side = (1..=n).find(|s| s * s >= n).unwrap_or(1);
            if side * side != n {
                return Err(InputError::new(file, format!("{n} tiles do not fill a square board")).hint(format!(
                    "a square board needs a square number of tiles (4, 9, 16, ...); {} or {} would, or give rows and cols in input/board.yaml",
                    (side - 1) * (side - 1),
                    side * side
                )));
            }
            Ok((side, side))
        }
    }
}

/// The tiles as edge codes: one token per label, in order of first use.
struct Codes {
    tiles: Vec<Tile>,
    tokens: Vec<String>,
    /// Per token, which marks (`+`, `-`, `=`) its edges carry.
    seen: Vec<[bool; 3]>,
}

fn edge_codes(spec: &Spec) -> Result<Codes, InputError> {
    let file = spec.file.as_path();
    let mut tokens: Vec<String> = Vec::new();
    let mut seen: Vec<[bool; 3]> = Vec::new();
    let mut tiles = Vec::with_capacity(spec.tiles.len());
    for tile in &spec.tiles {
        let mut edges = [Edge(0); 4];
        for (side, e) in tile.iter().enumerate() {
            let idx = match tokens.iter().position(|t| *t == e.label) {
                Some(i) => i,
                None if tokens.len() == MAX_TOKENS => {
                    return Err(located(
                        file,
                        e,
                        format!("more than {MAX_TOKENS} different pictures"),
                    ))
                }
                None => {
                    tokens.push(e.label.clone());
                    seen.push([false; 3]);
                    tokens.len() - 1
                }
            };
            if spec.relation == Relation::Halves {
                seen[idx][mark_index(e.mark)] = true;
                if seen[idx][2] && (seen[idx][0] || seen[idx][1]) {
                    return Err(located(file, e, format!("{} is written with '=' and with '+' or '-'", crate::error::quote(&e.label)))
                        .hint("'=' marks a picture that fits itself; use it for every edge of that picture, or none"));
                }
            }
            let half = if e.mark == Mark::Minus {
                Half::Minus
            } else {
                Half::Plus
            };
            edges[side] = Edge::new(idx, half);
        }
        tiles.push(Tile { edges });
    }
    Ok(Codes {
        tiles,
        tokens,
        seen,
    })
}

/// Which codes fit, under the spec's relation, and the spec's warnings with
/// one added for each token that can never match inside a board of `n`
/// tiles.
fn fitting(spec: &Spec, codes: &Codes, n: usize) -> (Matching, Vec<String>) {
    let (file, tokens) = (spec.file.as_path(), &codes.tokens);
    let mut matching = Matching::new(tokens.len() * 2);
    let mut warnings = spec.warnings.clone();
    match &spec.relation {
        Relation::Halves => {
            for (idx, s) in codes.seen.iter().enumerate() {
                let (plus, minus) = (Edge::new(idx, Half::Plus), Edge::new(idx, Half::Minus));
                if s[2] {
                    matching.allow(plus, plus);
                } else {
                    matching.allow(plus, minus);
                }
                if !s[2] && s[0] != s[1] && n > 1 {
                    let (has, lacks) = if s[0] { ('+', '-') } else { ('-', '+') };
                    warnings.push(format!("{}: token {} appears only with half '{has}', so its edges can never match inside the board (check for a '{lacks}' typed as '{has}')", file.display(), crate::error::quote(&tokens[idx])));
                }
            }
        }
        Relation::Explicit(pairs) => {
            let code = |label: &str| {
                tokens
                    .iter()
                    .position(|t| t == label)
                    .map(|i| Edge::new(i, Half::Plus))
            };
            for (a, b) in pairs {
                // Pictures no card shows cannot meet anything.
                if let (Some(a), Some(b)) = (code(a), code(b)) {
                    matching.allow(a, b);
                }
            }
        }
    }
    (matching, warnings)
}

fn located(file: &Path, e: &EdgeSpec, problem: String) -> InputError {
    let err = InputError::new(file, problem);
    match e.at {
        Some((l, c)) => err.at(l, c),
        None => err,
    }
}

#[cfg(test)]
mod tests;
