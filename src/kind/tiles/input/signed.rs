//! `signed.txt`, the signed integers of the backtracking post: one line per piece, four
//! integers for its top, right, bottom and left edges (clockwise from the
//! top, unlike `tile_dict.yaml`), e.g. `[-2, -3, +1, +4]`. Two edges fit when
//! they sum to 0: `n` fits `-n`, and `0` fits `0`. Brackets, commas and `+`
//! signs are optional; `#` starts a comment. The notation numbers pieces from
//! 0; here piece `k` is tile `k + 1` and picture `k + 1`.

use super::spec::{line_pieces, EdgeSpec, Mark, Spec};
use crate::error::InputError;
use std::path::Path;

const HINT: &str = "write one piece per line as four integers for its top, right, bottom and left edges, e.g. [-2, -3, +1, +4]";

pub(crate) fn parse(file: &Path, text: &str) -> Result<Spec, InputError> {
    line_pieces(file, text, HINT, |line| {
        // Numbers with the column where each starts.
        let mut numbers: Vec<(usize, String)> = Vec::new();
        let mut current: Option<(usize, String)> = None;
        for &(col, c) in line.chars.iter().chain([&(0, ' ')]) {
            if c.is_ascii_digit() || ((c == '-' || c == '+') && current.is_none()) {
                current
                    .get_or_insert_with(|| (col, String::new()))
                    .1
                    .push(c);
            } else if c.is_whitespace() || matches!(c, ',' | '[' | ']' | '(' | ')') {
                numbers.extend(current.take());
            } else {
                return Err(line.error(
                    file,
                    col,
                    format!(": '{c}' is not part of a number"),
                    HINT,
                ));
            }
        }
        let Some(&(first_col, _)) = numbers.first() else {
            return Ok(None);
        };
        if numbers.len() != 4 {
            return Err(line.error(
                file,
                first_col,
                format!(
                    " has {}, expected 4",
                    crate::phrases::plural(numbers.len() as u64, "number")
                ),
                HINT,
            ));
        }
        let mut edges = Vec::with_capacity(4);
        for (col, text) in &numbers {
            let v: i64 = text.parse().map_err(|_| {
                line.error(
                    file,
                    *col,
                    format!(": {} is not a whole number", crate::error::quote(text)),
                    HINT,
                )
            })?;
            let mark = match v.signum() {
                1 => Mark::Plus,
                -1 => Mark::Minus,
                _ => Mark::Same,
            };
            edges.push(EdgeSpec {
                label: v.unsigned_abs().to_string(),
                mark,
                at: Some((line.number, *col)),
            });
        }
        // Top, right, bottom, left → right, top, left, bottom.
        let [top, right, bottom, left] = <[EdgeSpec; 4]>::try_from(edges)
            .map_err(|_| line.error(file, first_col, " needs four numbers".into(), HINT))?;
        Ok(Some([right, top, left, bottom]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_002_piece_0_reads_clockwise_from_the_top() {
        let s = parse(
            Path::new("signed.txt"),
            "[-2, -3, +1, +4]\n3 0 -1 2 # zero fits zero\n",
        )
        .expect("valid");
        let t = &s.tiles[0];
        // right = -3, top = -2, left = +4, bottom = +1
        let got: Vec<(&str, Mark)> = t.iter().map(|e| (e.label.as_str(), e.mark)).collect();
        assert_eq!(
            got,
            [
                ("3", Mark::Minus),
                ("2", Mark::Minus),
                ("4", Mark::Plus),
                ("1", Mark::Plus)
            ]
        );
        assert_eq!(s.tiles[1][0].mark, Mark::Same);
        assert_eq!(t[1].at, Some((1, 2)));
    }

    #[test]
    fn mistakes_are_located() {
        let e = parse(Path::new("s.txt"), "1 2 3 4\n1 2 x 4\n")
            .expect_err("letter")
            .to_string();
        assert!(
            e.starts_with("s.txt:2:5: piece 1: 'x' is not part of a number"),
            "{e}"
        );
        let e = parse(Path::new("s.txt"), "1 2 3\n")
            .expect_err("three")
            .to_string();
        assert!(
            e.starts_with("s.txt:1:1: piece 0 has 3 numbers, expected 4"),
            "{e}"
        );
        let e = parse(Path::new("s.txt"), "1 2 -+3 4\n")
            .expect_err("sign")
            .to_string();
        assert!(
            e.starts_with("s.txt:1:6: piece 0: '+' is not part of a number"),
            "{e}"
        );
    }
}
