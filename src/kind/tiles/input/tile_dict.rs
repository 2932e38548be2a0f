//! `tile_dict.yaml`, the native notation (the constraint-programming post): keys `1..N`, each value four
//! `[token, half]` pairs for the right, top, left and bottom edges in the tile's
//! base orientation, `half` being `'+'` or `'-'` (or `'='` for a picture that
//! fits itself). The board is square unless `board.yaml` beside it says
//! otherwise.

use super::spec::{build, EdgeSpec, Mark, Parsed, Spec};
use crate::error::InputError;
use crate::input::yaml::{self, describe, Node, Value};
use crate::kind::tiles::model::{MAX_TILES, SIDE_NAMES};
use std::collections::BTreeMap;
use std::path::Path;

const FORMAT_HINT: &str =
    "each line looks like 1: [['red', '+'], ['blu', '-'], ['grn', '+'], ['ylw', '-']] \
                           for the right, top, left and bottom edges";

/// Reads `text` (the contents of `file`, used in messages) as a square board.
pub fn parse(file: &Path, text: &str) -> Result<Parsed, InputError> {
    build(read(file, text)?, None)
}

/// Reads `text` into the notation-neutral [`Spec`].
pub fn read(file: &Path, text: &str) -> Result<Spec, InputError> {
    if text.trim().is_empty()
        || text
            .lines()
            .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        return Err(InputError::new(file, "the file is empty").hint(FORMAT_HINT));
    }
    let root = yaml::parse_file(file, text, FORMAT_HINT)?;
    let entries = entries(file, &root)?;
    let by_key = by_key(file, entries)?;
    check_numbering(file, entries, &by_key)?;
    let n = by_key.len();
    if n > MAX_TILES {
        return Err(InputError::new(
            file,
            format!("{n} tiles; at most {MAX_TILES} are supported"),
        )
        .hint("the largest board the solver takes is 11x11 (121 tiles)"));
    }
    let mut tiles = Vec::with_capacity(n);
    for (&k, value) in &by_key {
        tiles.push(tile(file, k, value)?);
    }
    Ok(Spec::halves(file, tiles))
}

/// A message at `node`'s line and column.
fn at(file: &Path, node: &Node, problem: String) -> InputError {
    InputError::new(file, problem).at(node.line, node.column)
}

/// The top-level mapping's entries, at least one.
fn entries<'n>(file: &Path, root: &'n Node) -> Result<&'n [(Node, Node)], InputError> {
    let Value::Map(entries) = &root.value else {
        return Err(at(
            file,
            root,
            format!(
                "expected a mapping from tile numbers to edges, found {}",
                root.value.kind()
            ),
        )
        .hint(FORMAT_HINT));
    };
    if entries.is_empty() {
        return Err(at(file, root, "no tiles".into()).hint(FORMAT_HINT));
    }
    Ok(entries)
}

/// Each tile's value by its key, a whole number listed once.
fn by_key<'n>(
    file: &Path,
    entries: &'n [(Node, Node)],
) -> Result<BTreeMap<i128, &'n Node>, InputError> {
    let mut by_key: BTreeMap<i128, &Node> = BTreeMap::new();
    for (key, value) in entries {
        let Value::Int(k) = key.value else {
            return Err(at(
                file,
                key,
                format!(
                    "tile key must be a whole number, found {}",
                    describe(&key.value)
                ),
            )
            .hint("number the tiles 1, 2, 3, ... without quotes"));
        };
        if by_key.insert(k, value).is_some() {
            return Err(at(file, key, format!("tile {k} is listed twice"))
                .hint("each tile number may appear only once"));
        }
    }
    Ok(by_key)
}

/// The keys are 1..N with no gap, as the pictures 1.png..N.png are.
fn check_numbering(
    file: &Path,
    entries: &[(Node, Node)],
    by_key: &BTreeMap<i128, &Node>,
) -> Result<(), InputError> {
    let n = by_key.len();
    for (i, &k) in by_key.keys().enumerate() {
        let expected = i as i128 + 1;
        if k != expected {
            let key_node = entries
                .iter()
                .find(|(kn, _)| kn.value == Value::Int(k))
                .map(|(kn, _)| kn);
            let problem = if k < 1 {
                format!("tile key {k}: keys are numbered 1..{n}")
            } else {
                format!("tile keys must be 1..{n} with no gap, but {expected} is missing")
            };
            let e = match key_node {
                Some(node) => at(file, node, problem),
                None => InputError::new(file, problem),
            };
            return Err(e.hint("number the tiles 1, 2, 3, ... as their pictures 1.png, 2.png, ..."));
        }
    }
    Ok(())
}

/// Tile `k`'s four edges, right, top, left and bottom.
fn tile(file: &Path, k: i128, value: &Node) -> Result<[EdgeSpec; 4], InputError> {
    let Value::Seq(edges) = &value.value else {
        return Err(at(
            file,
            value,
            format!(
                "tile {k}: expected a list of four edges, found {}",
                value.value.kind()
            ),
        )
        .hint(FORMAT_HINT));
    };
    let [right, top, left, bottom] = edges.as_slice() else {
        return Err(at(
            file,
            value,
            format!(
                "tile {k} has {}, expected 4",
                crate::phrases::plural(edges.len() as u64, "edge")
            ),
        )
        .hint(FORMAT_HINT));
    };
    let edge = |side: usize, edge: &Node| -> Result<EdgeSpec, InputError> {
        let (label, mark) = parse_edge(edge).map_err(|(node, problem, hint)| {
            let where_ = format!("tile {k}, {} edge", SIDE_NAMES[side]);
            at(file, node.unwrap_or(edge), format!("{where_}: {problem}")).hint(hint)
        })?;
        Ok(EdgeSpec {
            label,
            mark,
            at: Some((edge.line, edge.column)),
        })
    };
    Ok([
        edge(0, right)?,
        edge(1, top)?,
        edge(2, left)?,
        edge(3, bottom)?,
    ])
}

type EdgeProblem<'a> = (Option<&'a Node>, String, &'static str);

fn parse_edge(edge: &Node) -> Result<(String, Mark), EdgeProblem<'_>> {
    const EDGE_HINT: &str = "write an edge as ['token', '+'] or ['token', '-'] (or ['token', '='] for a picture that fits itself)";
    let Value::Seq(parts) = &edge.value else {
        return Err((
            None,
            format!("expected [token, half], found {}", describe(&edge.value)),
            EDGE_HINT,
        ));
    };
    if parts.len() != 2 {
        return Err((
            None,
            format!("expected [token, half], found a list of {}", parts.len()),
            EDGE_HINT,
        ));
    }
    let token = match &parts[0].value {
        Value::Str(s) if !s.trim().is_empty() => s.clone(),
        Value::Str(_) | Value::Null => {
            return Err((
                Some(&parts[0]),
                "the token is empty".into(),
                "name the picture, e.g. 'red'",
            ))
        }
        other => {
            return Err((
                Some(&parts[0]),
                format!("the token is {}, not text", describe(other)),
                "put the token in quotes, e.g. '1'",
            ));
        }
    };
    let half = match &parts[1].value {
        Value::Str(s) if s == "+" => Mark::Plus,
        Value::Str(s) if s == "-" => Mark::Minus,
        Value::Str(s) if s == "=" => Mark::Same,
        other => {
            return Err((
                Some(&parts[1]),
                format!(
                    "the half must be '+', '-' or '=', found {}",
                    describe(other)
                ),
                "'+' is one half of the picture, '-' the other, '=' a picture that fits itself",
            ));
        }
    };
    Ok((token, half))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::tiles::model::{Edge, Half};

    const SEED: &str = "\
1: [['ylw', '+'], ['red', '-'], ['grn', '+'], ['blu', '+']]
2: [['blu', '-'], ['blu', '+'], ['ylw', '-'], ['grn', '+']]
3: [['red', '-'], ['grn', '-'], ['blu', '+'], ['ylw', '-']]
4: [['red', '-'], ['ylw', '-'], ['blu', '-'], ['grn', '-']]
";

    fn err_of(text: &str) -> String {
        parse(Path::new("t.yaml"), text)
            .expect_err("should fail")
            .to_string()
    }

    #[test]
    fn reads_tiles_in_key_order_with_edges_right_top_left_bottom() {
        let p = parse(Path::new("t.yaml"), SEED).expect("valid").puzzle;
        assert_eq!((p.rows, p.cols, p.tiles.len()), (2, 2, 4));
        assert_eq!(p.tokens, ["ylw", "red", "grn", "blu"]);
        assert_eq!(p.tiles[0].edges[0], Edge::new(0, Half::Plus));
        assert_eq!(p.tiles[0].edges[1], Edge::new(1, Half::Minus));
        assert_eq!(p.tiles[1].edges[1], Edge::new(3, Half::Plus));
    }

    #[test]
    fn the_largest_board_fits_the_yaml_budget() {
        let tile = "[['a', '+'], ['b', '-'], ['c', '+'], ['d', '-']]";
        let text: String = (1..=121).map(|k| format!("{k}: {tile}\n")).collect();
        let p = parse(Path::new("t.yaml"), &text).expect("valid").puzzle;
        assert_eq!((p.rows, p.cols), (11, 11));
    }

    #[test]
    fn keys_out_of_order_are_sorted() {
        let mut lines: Vec<&str> = SEED.lines().collect();
        lines.reverse();
        let p = parse(Path::new("t.yaml"), &lines.join("\n"))
            .expect("valid")
            .puzzle;
        let q = parse(Path::new("t.yaml"), SEED).expect("valid").puzzle;
        assert_eq!(p.tiles, q.tiles);
    }

    #[test]
    fn warns_about_a_token_with_one_half() {
        let text = "1: [['a', '+'], ['a', '-'], ['b', '+'], ['a', '+']]\n";
        let w = parse(Path::new("t.yaml"), text).expect("valid").warnings;
        assert!(w.is_empty(), "a single tile has no inner edges: {w:?}");
        let text = SEED.replace("['ylw', '-']", "['ylw', '+']");
        let w = parse(Path::new("t.yaml"), &text).expect("valid").warnings;
        assert_eq!(w.len(), 2, "{w:?}");
        assert!(
            w[0].contains("token 'ylw' appears only with half '+'"),
            "{w:?}"
        );
        assert!(
            w[1].contains("token 'red' appears only with half '-'"),
            "{w:?}"
        );
    }

    #[test]
    fn rejects_each_kind_of_mistake_with_a_located_message() {
        assert!(err_of("").contains("the file is empty"));
        assert!(err_of("- a\n- b\n").contains("expected a mapping"));
        assert!(err_of(&format!(
            "{SEED}1: [[a, '+'], [a, '+'], [a, '+'], [a, '+']]\n"
        ))
        .contains("duplicate"));
        assert!(err_of(&SEED.replace("4:", "5:")).contains("4 is missing"));
        assert!(err_of(&SEED.replace("1:", "0:")).contains("keys are numbered 1..4"));
        assert!(err_of(&SEED.replace("4: ", "'4': ")).contains("whole number"));
        let e = err_of(&SEED.lines().take(3).collect::<Vec<_>>().join("\n"));
        assert!(e.contains("3 tiles do not fill a square board"), "{e}");
        let e = err_of(&SEED.replace(
            "['blu', '-'], ['blu', '+']",
            "['blu', '-', 'x'], ['blu', '+']",
        ));
        assert!(
            e.starts_with(
                "t.yaml:2:5: tile 2, right edge: expected [token, half], found a list of 3"
            ),
            "{e}"
        );
        let e = err_of(&SEED.replace(
            "['grn', '-'], ['blu', '+'], ['ylw', '-']]",
            "['grn', '-'], ['blu', '*'], ['ylw', '-']]",
        ));
        assert!(
            e.contains("tile 3, left edge: the half must be '+', '-' or '=', found '*'"),
            "{e}"
        );
        assert!(
            err_of(&SEED.replace("['red', '-'], ['ylw', '-']", "[7, '-'], ['ylw', '-']"))
                .contains("the token is the number 7")
        );
        assert!(
            err_of(&SEED.replace("['red', '-'], ['ylw', '-']", "['', '-'], ['ylw', '-']"))
                .contains("the token is empty")
        );
        assert!(err_of(&SEED.replace(
            "4: [['red', '-'], ['ylw', '-'], ['blu', '-'], ['grn', '-']]",
            "4: [['red', '-'], ['ylw', '-'], ['blu', '-']]"
        ))
        .contains("tile 4 has 3 edges"));
        assert!(err_of("1: [[a, '+'], [a, '+'], [a, '+'], [a, '+']\n").contains("not valid YAML"));
    }
}
