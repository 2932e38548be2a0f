//! `domino_fit.yaml`: `width`, `height`, `blacks` (`[w, h]` cells), `top` (column
//! sums, left to right) and `side` (row sums, top to bottom).

use super::{DominoPuzzle, MAX_SIDE};
use crate::error::InputError;
use crate::input::yaml::describe;
use crate::input::yaml::{self, Node, Value};
use std::path::Path;

const FORMAT_HINT: &str = "write width: 7, height: 7, blacks: [[1, 0], [6, 0]], \
                           top: [3, 2, ...] (one per column), side: [5, 5, ...] (one per row)";
const KEYS: [&str; 5] = ["width", "height", "blacks", "top", "side"];

/// Reads and validates `text` (the contents of `file`, named in messages).
pub fn parse(file: &Path, text: &str) -> Result<DominoPuzzle, InputError> {
    let at =
        |node: &Node, problem: String| InputError::new(file, problem).at(node.line, node.column);
    let root = yaml::parse_file(file, text, FORMAT_HINT)?;
    let Value::Map(entries) = &root.value else {
        return Err(at(
            &root,
            format!(
                "expected a mapping with the keys {}, found {}",
                KEYS.join(", "),
                root.value.kind()
            ),
        )
        .hint(FORMAT_HINT));
    };
    let mut found: [Option<&Node>; 5] = [None; 5];
    for (key, value) in entries {
        let name = match &key.value {
            Value::Str(s) => s.as_str(),
            _ => "",
        };
        let Some(k) = KEYS.iter().position(|&n| n == name) else {
            return Err(at(key, format!("unknown key {}", describe(&key.value)))
                .hint(format!("the keys are {}", KEYS.join(", "))));
        };
        found[k] = Some(value);
    }
    let get = |k: usize| {
        found[k].ok_or_else(|| {
            InputError::new(file, format!("the key '{}' is missing", KEYS[k])).hint(FORMAT_HINT)
        })
    };
    let (width_node, height_node) = (get(0)?, get(1)?);
    let width = side_length(width_node, "width").map_err(|(p, h)| at(width_node, p).hint(h))?;
    let height = side_length(height_node, "height").map_err(|(p, h)| at(height_node, p).hint(h))?;

    let top_node = get(3)?;
    let top = numbers(top_node, "top", width, "width").map_err(|(n, p, h)| at(n, p).hint(h))?;
    let side_node = get(4)?;
    let side =
        numbers(side_node, "side", height, "height").map_err(|(n, p, h)| at(n, p).hint(h))?;

    let blacks_node = get(2)?;
    let items = match &blacks_node.value {
        Value::Seq(items) => items.as_slice(),
        Value::Null => &[],
        other => {
            return Err(at(
                blacks_node,
                format!(
                    "blacks: expected a list of [w, h] cells, found {}",
                    other.kind()
                ),
            )
            .hint("write blacks: [[1, 0], [4, 1]], or blacks: [] for none"));
        }
    };
    let mut blacks: Vec<(usize, usize)> = Vec::with_capacity(items.len());
    for item in items {
        let cell = black_cell(item, width, height).map_err(|(p, h)| at(item, p).hint(h))?;
        if blacks.contains(&cell) {
            return Err(at(
                item,
                format!("black cell [{}, {}] is listed twice", cell.0, cell.1),
            )
            .hint("list each black cell once"));
        }
        blacks.push(cell);
    }

    let (sum_top, sum_side) = (top.iter().sum::<u32>(), side.iter().sum::<u32>());
    if sum_top != sum_side {
        return Err(at(
            top_node,
            format!(
                "the column sums (top) add up to {sum_top} but the row sums (side) to {sum_side}"
            ),
        )
        .hint(
            "every dot counts once in its column and once in its row, so both totals must agree",
        ));
    }
    let puzzle = DominoPuzzle::new(width, height, &blacks, top, side);
    reachable(&puzzle, top_node, side_node).map_err(|(n, p, h)| at(n, p).hint(h))?;
    Ok(puzzle)
}

type Problem = (String, String);

fn side_length(node: &Node, key: &str) -> Result<usize, Problem> {
    match node.value {
        Value::Int(n) if (1..=MAX_SIDE as i128).contains(&n) => Ok(n as usize),
        Value::Int(n) => Err((
            format!("{key} is {n}, outside 1..={MAX_SIDE}"),
            format!("boards are 1 to {MAX_SIDE} cells in each direction"),
        )),
        ref other => Err((
            format!("{key} must be a whole number, found {}", describe(other)),
            format!("write e.g. {key}: 7"),
        )),
    }
}

fn numbers<'a>(
    node: &'a Node,
    key: &str,
    len: usize,
    len_key: &str,
) -> Result<Vec<u32>, (&'a Node, String, String)> {
    let Value::Seq(items) = &node.value else {
        return Err((
            node,
            format!(
                "{key}: expected a list of numbers, found {}",
                node.value.kind()
            ),
            format!(
                "write {key}: [3, 2, 4] with one number per {}",
                if key == "top" { "column" } else { "row" }
            ),
        ));
    };
    if items.len() != len {
        return Err((
            node,
            format!(
                "{key} has {} but {len_key} is {len}",
                crate::phrases::plural(items.len() as u64, "number")
            ),
            format!(
                "give one sum per {}",
                if key == "top" {
                    "column, left to right"
                } else {
                    "row, top to bottom"
                }
            ),
        ));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, item)| match item.value {
            Value::Int(n) if (0..=i128::from(u32::MAX / 2)).contains(&n) => Ok(n as u32),
            Value::Int(n) if n < 0 => Err((
                item,
                format!("{key}[{i}] is {n}, a negative number"),
                "dot sums are 0 or more".to_string(),
            )),
            ref other => Err((
                item,
                format!(
                    "{key}[{i}] must be a whole number, found {}",
                    describe(other)
                ),
                "dot sums are whole numbers 0 or more".to_string(),
            )),
        })
        .collect()
}

fn black_cell(item: &Node, width: usize, height: usize) -> Result<(usize, usize), Problem> {
    let hint = || {
        "write a black cell as [w, h]: w counts columns from 0 at the left, h rows from 0 at the top".to_string()
    };
    let Value::Seq(parts) = &item.value else {
        return Err((
            format!(
                "a black cell must be [w, h], found {}",
                describe(&item.value)
            ),
            hint(),
        ));
    };
    let coords: Vec<i128> = parts
        .iter()
        .filter_map(|p| match p.value {
            Value::Int(n) => Some(n),
            _ => None,
        })
        .collect();
    let [w, h] = coords[..] else {
        return Err((
            "a black cell must be two whole numbers [w, h]".into(),
            hint(),
        ));
    };
    if parts.len() != 2 {
        return Err((
            "a black cell must be two whole numbers [w, h]".into(),
            hint(),
        ));
    }
    if !(0..width as i128).contains(&w) || !(0..height as i128).contains(&h) {
        return Err((
            format!("black cell [{w}, {h}] is outside the {width} x {height} board"),
            format!("w runs 0..{} and h runs 0..{}", width - 1, height - 1),
        ));
    }
    Ok((w as usize, h as usize))
}

/// Refuses sums no placement could reach, so a typo in a number is caught
/// here with its position rather than reported as "no solutions".
fn reachable<'a>(
    p: &DominoPuzzle,
    top: &'a Node,
    side: &'a Node,
) -> Result<(), (&'a Node, String, String)> {
    let item = |node: &'a Node, i: usize| match &node.value {
        Value::Seq(items) => items.get(i).unwrap_or(node),
        _ => node,
    };
    let free = |w: usize, h: usize| w < p.width() && h < p.height() && !p.is_black(w, h);
    for w in 0..p.width() {
        // A cell gives its column 2 as a two's dot cell, else 1 as a one's upper cell.
        let max: u32 = (0..p.height())
            .map(
                |h| match (free(w, h), w > 0 && free(w - 1, h), free(w, h + 1)) {
                    (false, _, _) => 0,
                    (true, true, _) => 2,
                    (true, false, true) => 1,
                    _ => 0,
                },
            )
            .sum();
        if p.top()[w] > max {
            return Err((
                item(top, w),
                format!(
                    "column {w} needs {} but its free cells can hold at most {max}",
                    crate::phrases::plural(p.top()[w].into(), "dot")
                ),
                "check the number and the black cells of that column".into(),
            ));
        }
    }
    for h in 0..p.height() {
        // Each free cell gives its row at most one dot on average (1 per one, 2 per two-cell two).
        let max = (0..p.width()).filter(|&w| free(w, h)).count() as u32;
        if p.side()[h] > max {
            return Err((item(side, h), format!("row {h} needs {} but has only {}", crate::phrases::plural(p.side()[h].into(), "dot"), crate::phrases::plural(max.into(), "free cell")), "a row can show at most one dot per free cell; check the number and the black cells of that row".into()));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::domino::tests::{seed, SEED};

    fn err_of(text: &str) -> String {
        parse(Path::new("d.yaml"), text)
            .expect_err("should fail")
            .to_string()
    }

    #[test]
    fn reads_the_seed() {
        let p = seed();
        assert_eq!((p.width(), p.height()), (7, 7));
        assert_eq!(p.blacks(), [(1, 0), (6, 0), (4, 1), (3, 5), (0, 6)]);
        assert_eq!(p.top(), [3, 2, 4, 10, 4, 3, 9]);
        assert_eq!(p.side(), [5, 5, 6, 5, 4, 4, 6]);
        assert!(p.is_black(0, 6) && !p.is_black(6, 6) && !p.is_black(7, 0));
    }

    #[test]
    fn every_mistake_is_located_and_explained() {
        let cases: &[(&str, &str, &str)] = &[
            ("top: [3, 2,", "[3, 2, 4", "d.yaml:6:1: not valid YAML"),
            ("width: 7", "width: 7\nwidth: 7", "d.yaml:4:1: not valid YAML: duplicate"),
            ("width: 7\n", "", "d.yaml: the key 'width' is missing"),
            ("width: 7", "widht: 7", "d.yaml:3:1: unknown key 'widht' (the keys are width"),
            ("width: 7", "width: seven", "d.yaml:3:8: width must be a whole number, found 'seven'"),
            ("height: 7", "height: 0", "d.yaml:4:9: height is 0, outside 1..=64"),
            ("width: 7", "width: 65", "width is 65, outside 1..=64"),
            ("[3, 2, 4, 10, 4, 3, 9]", "[3, 2, 4, 10, 4, 3]", "d.yaml:6:6: top has 6 numbers but width is 7"),
            ("[5, 5, 6, 5, 4, 4, 6]", "5", "d.yaml:7:7: side: expected a list of numbers, found a number"),
            ("[5, 5, 6, 5, 4, 4, 6]", "[5, 5, -6, 5, 4, 4, 6]", "d.yaml:7:14: side[2] is -6, a negative number (dot sums are 0 or more)"),
            ("[5, 5, 6, 5, 4, 4, 6]", "[5, 5, 6.5, 5, 4, 4, 6]", "side[2] must be a whole number, found the number 6.5"),
            ("[6, 0]", "[7, 0]", "d.yaml:5:42: black cell [7, 0] is outside the 7 x 7 board (w runs 0..6 and h runs 0..6)"),
            ("[6, 0]", "[6, -1]", "black cell [6, -1] is outside the 7 x 7 board"),
            ("[6, 0]", "[1, 0]", "d.yaml:5:42: black cell [1, 0] is listed twice"),
            ("[6, 0]", "[6]", "a black cell must be two whole numbers [w, h]"),
            ("[6, 0]", "six", "a black cell must be [w, h], found 'six'"),
            ("blacks: [", "blacks: 3 #", "blacks: expected a list of [w, h] cells, found a number"),
            ("[5, 5, 6, 5, 4, 4, 6]", "[5, 5, 6, 5, 4, 4, 7]", "d.yaml:6:6: the column sums (top) add up to 35 but the row sums (side) to 36 (every dot counts once"),
            ("[3, 2, 4, 10, 4, 3, 9]", "[3, 2, 4, 10, 2, 14, 0]", "d.yaml:6:23: column 5 needs 14 dots but its free cells can hold at most 13"),
            ("[5, 5, 6, 5, 4, 4, 6]", "[5, 5, 6, 5, 4, 7, 3]", "d.yaml:7:23: row 5 needs 7 dots but has only 6 free cells"),
        ];
        let wrong: Vec<String> = cases
            .iter()
            .map(|&(from, to, expected)| (err_of(&SEED.replacen(from, to, 1)), expected))
            .filter(|(e, expected)| !e.contains(expected))
            .map(|(e, expected)| format!("{e}\n  expected: {expected}"))
            .collect();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
        assert!(err_of("- 1\n").contains("expected a mapping with the keys width, height"));
    }
}
