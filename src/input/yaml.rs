//! A YAML document as a tree of located nodes, so readers can check structure
//! themselves and say *where* a value is wrong, not only that a type did not fit.
//!
//! Parsing is serde-saphyr's: safe Rust, bounded by its budget, and it refuses
//! duplicate mapping keys (serde_yaml silently keeps the last one, which here
//! would silently lose a tile).

use crate::error::{cut, InputError};
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;
use std::fmt;
use std::path::Path;

/// A YAML node with its position (1-based line and column).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Node {
    pub(crate) line: usize,
    pub(crate) column: usize,
    pub(crate) value: Value,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value {
    Null,
    Bool(bool),
    Int(i128),
    Float(f64),
    Str(String),
    Seq(Vec<Node>),
    Map(Vec<(Node, Node)>),
}

impl Value {
    /// What a person would call this kind of value, for messages.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Value::Null => "nothing",
            Value::Bool(_) => "a boolean",
            Value::Int(_) => "a number",
            Value::Float(_) => "a number",
            Value::Str(_) => "text",
            Value::Seq(_) => "a list",
            Value::Map(_) => "a mapping",
        }
    }
}

/// A notation file with more YAML nodes than this is refused unread.
pub(crate) const MAX_NODES: usize = 50_000;

/// Parses `text`; on a syntax error returns saphyr's message and, when it
/// knows it, the position.
pub(crate) fn parse(text: &str) -> Result<Node, (String, Option<(usize, usize)>)> {
    // The largest real files hold a few thousand nodes (121 tiles, or a 64x64
    // Domino Fit board of black cells); saphyr's default of 250,000 let an
    // alias bomb take seconds under the fuzzer before it was refused.
    let options = serde_saphyr::options! {
        strict_booleans: true,
        with_snippet: false,
        budget: serde_saphyr::budget! {
            max_nodes: MAX_NODES,
        },
    };
    let spanned: Spanned<Value> =
        serde_saphyr::from_str_with_options(text, options).map_err(|e| {
            let at = e
                .location()
                .map(|l| (l.line() as usize, l.column() as usize));
            (first_line(&e.to_string()), at)
        })?;
    Ok(to_node(spanned))
}

/// [`parse`] for a reader: a syntax error becomes a located [`InputError`]
/// on `file`. Saphyr's words are meant for programmers, so the kinds a
/// person meets get their own: a duplicate key (which would otherwise lose a
/// tile or a setting), a document beyond the parser's budget (with the
/// budget that was hit: aliases, nesting, entries or size), a second
/// document, tabs and control characters; each with its own hint. Anything
/// else gets the reader's `hint` on the format.
pub(crate) fn parse_file(file: &Path, text: &str, hint: &str) -> Result<Node, InputError> {
    parse(text).map_err(|(msg, at)| {
        let (problem, hint) = explain(&msg, hint);
        let e = InputError::new(file, problem).hint(hint);
        match at {
            Some((l, c)) => e.at(l, c),
            None => e,
        }
    })
}

/// Saphyr's message in a person's words, and the hint that fits it.
fn explain(msg: &str, format_hint: &str) -> (String, String) {
    const BEYOND: &str = "not valid YAML: the document expands beyond the reader's limits";
    const PLAIN: &str =
        "write the entries out plainly, one per line, without anchors, aliases or nested brackets";
    if let Some(key) = msg.strip_prefix("duplicate mapping key: ") {
        let key = key.split(", set ").next().unwrap_or(key);
        return (
            format!("not valid YAML: duplicate key {}", cut(key)),
            "a key may appear only once; a second entry would silently replace the first".into(),
        );
    }
    if let Some(breach) = msg.strip_prefix("budget breached: ") {
        let kind = breach.split([' ', '{']).next().unwrap_or("");
        return match kind {
            "Nodes" | "Events" => (
                format!("{BEYOND} (more than {MAX_NODES} entries, where the largest puzzle has a few thousand)"),
                "check that this is the right file: a board has at most 128 tiles".into(),
            ),
            "ScalarBytes" | "InputBytes" | "CommentBytes" => (
                format!("{BEYOND} (its text is too large)"),
                "a token is a short name such as 'red'; check that this is the right file".into(),
            ),
            "Depth" => (format!("{BEYOND} (nested too deeply)"), PLAIN.into()),
            "Documents" => two_documents(),
            _ => (format!("{BEYOND} (too many aliases)"), PLAIN.into()),
        };
    }
    if msg.starts_with("recursion limit") {
        return (format!("{BEYOND} (nested too deeply)"), PLAIN.into());
    }
    if msg.starts_with("multiple YAML documents") {
        return two_documents();
    }
    let problem = format!("not valid YAML: {}", cut(msg));
    let hint = if msg.contains("tabs disallowed") {
        "indent with spaces: YAML does not allow tabs for indentation"
    } else if msg.starts_with("unexpected character") {
        "remove the character: YAML allows no control characters (NUL, ESC, ...), not even in quotes"
    } else {
        format_hint
    };
    (problem, hint.into())
}

fn two_documents() -> (String, String) {
    (
        "not valid YAML: a second document starts here (after a line `---` or `...`)".into(),
        "keep one puzzle per file: remove the `---` line, or move the second document to its own puzzle folder".into(),
    )
}

/// The first line of saphyr's message without its trailing position, which
/// the caller shows as `FILE:LINE:COL`.
fn first_line(message: &str) -> String {
    let line = message.lines().next().unwrap_or("").trim();
    let line = match line.find(" at line ") {
        Some(i) if line[i..].contains(", column ") => &line[..i],
        _ => line,
    };
    line.to_string()
}

fn to_node(s: Spanned<Value>) -> Node {
    Node {
        line: s.referenced.line() as usize,
        column: s.referenced.column() as usize,
        value: s.value,
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any YAML value")
    }
    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Value::deserialize(d)
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Int(v.into()))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Int(v.into()))
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Value, E> {
        Ok(Value::Int(v))
    }
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Value, E> {
        Ok(Value::Int(i128::try_from(v).unwrap_or(i128::MAX)))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        Ok(Value::Float(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::Str(v.to_string()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        Ok(Value::Str(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Spanned<Value>>()? {
            items.push(to_node(item));
        }
        Ok(Value::Seq(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut entries = Vec::new();
        while let Some((k, v)) = map.next_entry::<Spanned<Value>, Spanned<Value>>()? {
            entries.push((to_node(k), to_node(v)));
        }
        Ok(Value::Map(entries))
    }
}

/// A value as a message names it: the text or number itself, else its kind.
pub(crate) fn describe(v: &Value) -> String {
    match v {
        Value::Str(s) => crate::error::quote(s),
        Value::Int(i) => format!("the number {i}"),
        Value::Float(f) => format!("the number {f}"),
        Value::Bool(b) => format!("the boolean {b}"),
        other => other.kind().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_order_types_and_positions() {
        let n = parse("1: [['a', '+'], [7, '-']]\n2: x\n").expect("parses");
        let Value::Map(entries) = n.value else {
            panic!("not a map: {n:?}")
        };
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].0.value, Value::Int(1));
        assert_eq!((entries[1].0.line, entries[1].0.column), (2, 1));
        let Value::Seq(edges) = &entries[0].1.value else {
            panic!("not a seq")
        };
        let Value::Seq(second) = &edges[1].value else {
            panic!("not a seq")
        };
        assert_eq!(second[0].value, Value::Int(7));
        assert_eq!(second[1].value, Value::Str("-".into()));
    }

    #[test]
    fn duplicate_keys_are_refused_with_a_position() {
        let (msg, at) = parse("1: a\n2: b\n1: c\n").expect_err("duplicate");
        assert!(msg.to_lowercase().contains("duplicate"), "{msg}");
        assert_eq!(at.map(|a| a.0), Some(3));
    }

    #[test]
    fn messages_lose_saphyrs_jargon_and_repeated_position() {
        let file = Path::new("t.yaml");
        let e = parse_file(file, "1: a\n2: b\n1: c\n", "h").expect_err("dup");
        assert_eq!(e.at.map(|a| a.0), Some(3));
        assert_eq!(e.problem, "not valid YAML: duplicate key 1");
        let e = parse_file(file, "1: [a\n2: b\n", "my hint").expect_err("syntax");
        assert!(!e.problem.contains(" at line "), "{e}");
        assert_eq!(e.hint.as_deref(), Some("my hint"));
        let deep = format!("1: {}{}\n", "[".repeat(5000), "]".repeat(5000));
        let e = parse_file(file, &deep, "h").expect_err("deep");
        assert!(e.problem.contains("beyond the reader's limits"), "{e}");
        let bomb: String = std::iter::once("a: &a [x, x, x, x, x, x, x, x, x, x]\n".to_string())
            .chain((b'a'..b'h').map(|p| {
                let (p, c) = (p as char, (p + 1) as char);
                format!("{c}: &{c} [{}]\n", vec![format!("*{p}"); 10].join(", "))
            }))
            .collect();
        let e = parse_file(file, &bomb, "h").expect_err("bomb");
        assert!(e.problem.contains("beyond the reader's limits"), "{e}");
    }

    #[test]
    fn syntax_errors_have_a_position() {
        let (_, at) = parse("1: [['a', '+']\n2: b\n").expect_err("unclosed");
        assert!(at.is_some());
    }
}
