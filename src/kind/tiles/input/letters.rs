//! `letters.txt`, the letter code of the "Scramble Redux" solver: one line per
//! piece, four letters for its right, top, left and bottom edges. A/B, C/D,
//! E/F, G/H (and further pairs, up to Y/Z) are the two halves of one picture:
//! the first letter of a pair is `'+'`, the second `'-'`. Letters may be
//! separated by spaces or commas; `#` starts a comment. The notation numbers
//! pieces from 0; here piece `k` is tile `k + 1` and picture `k + 1`.

use super::spec::{line_pieces, EdgeSpec, Mark, Spec};
use crate::error::InputError;
use std::path::Path;

const HINT: &str =
    "write one piece per line as four letters for its right, top, left and bottom edges, e.g. ACFH";

pub(crate) fn parse(file: &Path, text: &str) -> Result<Spec, InputError> {
    line_pieces(file, text, HINT, |line| {
        let mut edges = Vec::with_capacity(4);
        for &(col, c) in &line.chars {
            if c.is_whitespace() || c == ',' {
                continue;
            }
            if !c.is_ascii_alphabetic() {
                return Err(line.error(file, col, format!(": '{c}' is not a letter A-Z"), HINT));
            }
            let i = c.to_ascii_uppercase() as u8 - b'A';
            let pair = format!(
                "{}{}",
                char::from(b'A' + i / 2 * 2),
                char::from(b'A' + i / 2 * 2 + 1)
            );
            let mark = if i.is_multiple_of(2) {
                Mark::Plus
            } else {
                Mark::Minus
            };
            edges.push(EdgeSpec {
                label: pair,
                mark,
                at: Some((line.number, col)),
            });
        }
        if edges.is_empty() {
            return Ok(None);
        }
        let found = edges.len();
        <[EdgeSpec; 4]>::try_from(edges).map(Some).map_err(|_| {
            line.error(
                file,
                1,
                format!(
                    " has {}, expected 4",
                    crate::phrases::plural(found as u64, "letter")
                ),
                HINT,
            )
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_pair_into_halves_in_right_top_left_bottom_order() {
        let s = parse(
            Path::new("letters.txt"),
            "# airplanes\nA C F H\nb,d,e,g  # second\n\n",
        )
        .expect("valid");
        assert_eq!(s.tiles.len(), 2);
        let t = &s.tiles[0];
        assert_eq!((t[0].label.as_str(), t[0].mark), ("AB", Mark::Plus));
        assert_eq!((t[1].label.as_str(), t[1].mark), ("CD", Mark::Plus));
        assert_eq!((t[2].label.as_str(), t[2].mark), ("EF", Mark::Minus));
        assert_eq!((t[3].label.as_str(), t[3].mark), ("GH", Mark::Minus));
        assert_eq!(
            s.tiles[1][0].mark,
            Mark::Minus,
            "lower case is the same letter"
        );
        assert_eq!(s.tiles[1][0].at, Some((3, 1)));
    }

    #[test]
    fn mistakes_are_located() {
        let e = parse(Path::new("l.txt"), "ABCD\nAB1D\n")
            .expect_err("digit")
            .to_string();
        assert!(
            e.starts_with("l.txt:2:3: piece 1: '1' is not a letter A-Z ("),
            "{e}"
        );
        let e = parse(Path::new("l.txt"), "ABCD\nABC\n")
            .expect_err("three")
            .to_string();
        assert!(
            e.starts_with("l.txt:2:1: piece 1 has 3 letters, expected 4"),
            "{e}"
        );
        assert!(parse(Path::new("l.txt"), "# nothing\n")
            .expect_err("empty")
            .to_string()
            .contains("no pieces"));
    }
}
