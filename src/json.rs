//! JSON laid out for people as well as programs: containers down to a chosen
//! depth get one entry per line, deeper ones stay on one line. A board's cells
//! then read as one line per solution, and git diffs stay small.

use serde::Serialize;
use serde_json::ser::Formatter;
use std::io::{self, Write};

struct Layout {
    depth: usize,
    /// Containers at this depth or shallower get one entry per line.
    multiline_to: usize,
    has_value: bool,
}

impl Layout {
    fn multiline(&self) -> bool {
        self.depth <= self.multiline_to
    }
    fn newline<W: ?Sized + Write>(&self, w: &mut W, depth: usize) -> io::Result<()> {
        w.write_all(b"\n")?;
        for _ in 0..depth {
            w.write_all(b"  ")?;
        }
        Ok(())
    }
    fn begin<W: ?Sized + Write>(&mut self, w: &mut W, open: &[u8]) -> io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        w.write_all(open)
    }
    fn end<W: ?Sized + Write>(&mut self, w: &mut W, close: &[u8]) -> io::Result<()> {
        if self.multiline() && self.has_value {
            self.newline(w, self.depth - 1)?;
        }
        self.depth -= 1;
        w.write_all(close)
    }
    fn item<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if !first {
            w.write_all(if self.multiline() { b"," } else { b", " })?;
        }
        if self.multiline() {
            self.newline(w, self.depth)?;
        }
        Ok(())
    }
}

impl Formatter for Layout {
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.begin(w, b"[")
    }
    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.end(w, b"]")
    }
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.item(w, first)
    }
    fn end_array_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.begin(w, b"{")
    }
    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.end(w, b"}")
    }
    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.item(w, first)
    }
    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }
    fn end_object_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

/// Serialises `value` with one entry per line down to `multiline_to` levels of
/// nesting, and a final newline.
pub fn to_string<T: Serialize>(value: &T, multiline_to: usize) -> String {
    let mut out = Vec::new();
    let layout = Layout {
        depth: 0,
        multiline_to,
        has_value: false,
    };
    let mut ser = serde_json::Serializer::with_formatter(&mut out, layout);
    // Serialising plain data into memory cannot fail.
    if value.serialize(&mut ser).is_err() {
        return String::from("null\n");
    }
    out.push(b'\n');
    String::from_utf8(out).unwrap_or_default()
}

/// Serialises its contents on one line wherever it sits: for lists of numbers,
/// which read better as `[1, 2, 3]` than one number per line.
pub struct Inline<T>(pub T);

impl<T: Serialize> Serialize for Inline<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let text = to_string(&self.0, 0);
        let raw = serde_json::value::RawValue::from_string(text.trim_end().to_string())
            .map_err(serde::ser::Error::custom)?;
        raw.serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn deep_containers_stay_on_one_line() {
        // json! sorts keys (no preserve_order), so "e" comes before "list".
        let v = json!({"a": 1, "list": [{"cells": [[1, 0], [2, 3]]}, {"cells": []}], "e": []});
        let s = to_string(&v, 2);
        assert_eq!(
            s,
            "{\n  \"a\": 1,\n  \"e\": [],\n  \"list\": [\n    {\"cells\": [[1, 0], [2, 3]]},\n    {\"cells\": []}\n  ]\n}\n"
        );
        let back: serde_json::Value = serde_json::from_str(&s).expect("valid json");
        assert_eq!(back, v);
        // Inline must be serialised directly: json! would parse it back into a Value.
        #[derive(Serialize)]
        struct Wrap {
            n: Inline<Vec<u32>>,
        }
        let inline = Wrap {
            n: Inline(vec![1, 2, 3]),
        };
        assert_eq!(to_string(&inline, 5), "{\n  \"n\": [1, 2, 3]\n}\n");
    }
}
