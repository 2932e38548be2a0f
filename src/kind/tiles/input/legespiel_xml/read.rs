//! Reading the XML itself: the parser with its node limit, and where in
//! the file each node is, so that every message names a line and column.
//! Apart from legespiel_xml.rs, which reads the puzzle out of the tree.

use super::prescan::{Over, MAX_ATTRIBUTES, MAX_TOTAL_ATTRIBUTES};
use super::{HINT, MAX_NODES};
use crate::error::quote;
use crate::error::InputError;
use crate::kind::tiles::model::MAX_TILES;
use roxmltree::{Document, Node, ParsingOptions};
use std::path::Path;

/// The only child of `parent` named `name`; a second one is an error (as a
/// duplicate key is in YAML), since silently taking the first would hide it.
pub(super) fn only_child<'a, 'i>(
    parent: Node<'a, 'i>,
    name: &str,
    loc: &Locator,
) -> Result<Node<'a, 'i>, InputError> {
    let mut found = parent.children().filter(|c| c.tag_name().name() == name);
    let first = found
        .next()
        .ok_or_else(|| loc.err(parent, format!("no <{name}>")))?;
    match found.next() {
        Some(second) => Err(loc.err(
            second,
            format!("<{name}> appears a second time; it may appear only once"),
        )),
        None => Ok(first),
    }
}

/// Line and column of byte offsets, for offsets that mostly grow (cards and
/// pictures are visited in document order): each call scans only from the
/// previous offset, so locating every card is linear in the file's length.
/// (roxmltree's `text_pos_at` scans from the start each time, which made
/// reading 40,000 cards take minutes.)
pub(super) struct Positions<'t> {
    pub(super) text: &'t str,
    pub(super) last: std::cell::Cell<(usize, usize, usize)>,
}

impl Positions<'_> {
    pub(super) fn at(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let (mut from, mut row, mut col) = self.last.get();
        if offset < from {
            (from, row, col) = (0, 1, 1);
        }
        for c in self.text.get(from..offset).unwrap_or("").chars() {
            if c == '\n' {
                (row, col) = (row + 1, 1);
            } else {
                col += 1;
            }
        }
        self.last.set((offset, row, col));
        (row, col)
    }
}

/// The file and where its nodes are, so that every message names both.
pub(super) struct Locator<'t> {
    pub(super) file: &'t Path,
    pub(super) positions: Positions<'t>,
}

impl Locator<'_> {
    pub(super) fn at(&self, n: Node) -> (usize, usize) {
        self.positions.at(n.range().start)
    }

    pub(super) fn err(&self, n: Node, problem: String) -> InputError {
        let (l, c) = self.at(n);
        InputError::new(self.file, problem).at(l, c).hint(HINT)
    }
}

/// The XML tree, with at most [`MAX_NODES`] nodes and the attributes
/// [`prescan`](super::prescan) allows.
pub(super) fn document<'i>(file: &Path, text: &'i str) -> Result<Document<'i>, InputError> {
    if let Some((over, offset)) = super::prescan::check(text) {
        return Err(too_many_attributes(file, text, over, offset));
    }
    let options = ParsingOptions {
        nodes_limit: MAX_NODES,
        ..ParsingOptions::default()
    };
    Document::parse_with_options(text, options).map_err(|e| {
        if matches!(e, roxmltree::Error::NodesLimitReached) {
            return InputError::new(
                file,
                format!(
                    "more than {MAX_NODES} XML elements and texts; a puzzle needs a few hundred"
                ),
            )
            .hint(format!(
                "a board has at most {MAX_TILES} cards; check that this is the right file"
            ));
        }
        let pos = e.pos();
        let problem = match &e {
            roxmltree::Error::DuplicatedAttribute(name, _) => format!(
                "not valid XML: the attribute {} appears twice in one element; it may appear only once",
                quote(name)
            ),
            _ => format!("not valid XML: {e}"),
        };
        InputError::new(file, problem)
            .at(pos.row as usize, pos.col as usize)
            .hint(HINT)
    })
}

/// The error for a file over one of [`prescan`](super::prescan)'s limits,
/// at the tag where it went over.
fn too_many_attributes(file: &Path, text: &str, over: Over, offset: usize) -> InputError {
    let problem = match over {
        Over::Element => format!(
            "this element has more than {MAX_ATTRIBUTES} attributes, the most one element may have"
        ),
        Over::Total => format!(
            "the file has more than {MAX_TOTAL_ATTRIBUTES} attributes, the most a file may have"
        ),
    };
    let positions = Positions {
        text,
        last: std::cell::Cell::new((0, 1, 1)),
    };
    let (line, column) = positions.at(offset);
    InputError::new(file, problem)
        .at(line, column)
        .hint("a Legespiel file's elements have at most four attributes; check that this is the right file")
}
