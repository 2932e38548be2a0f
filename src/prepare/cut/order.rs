//! Numbering: tiles are laid in rows that need not be straight or evenly
//! spaced, so the rows are found where the tiles' heights jump most, not
//! on a fixed grid.

use super::{Problem, Square};

/// `squares` in row-major order: sorted by height and cut into `rows` rows
/// at the `rows - 1` largest gaps between consecutive centres, each row
/// then sorted left to right. Every row must hold `cols` tiles.
pub(super) fn rows(
    mut squares: Vec<Square>,
    rows: usize,
    cols: usize,
) -> Result<Vec<Square>, Problem> {
    squares.sort_by(|a, b| a.centre.1.total_cmp(&b.centre.1));
    let mut gaps: Vec<(f64, usize)> = squares
        .windows(2)
        .enumerate()
        .map(|(i, w)| (w[1].centre.1 - w[0].centre.1, i + 1))
        .collect();
    gaps.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut cuts: Vec<usize> = gaps
        .iter()
        .take(rows.saturating_sub(1))
        .map(|g| g.1)
        .collect();
    cuts.sort_unstable();
    cuts.push(squares.len());
    let mut ordered = Vec::with_capacity(squares.len());
    let mut start = 0;
    for (r, &end) in cuts.iter().enumerate() {
        let mut row = squares[start..end].to_vec();
        if row.len() != cols {
            return Err(Problem::new(
                format!(
                    "row {} from the top has {}, --grid {rows}x{cols} needs {cols} in every row",
                    r + 1,
                    crate::phrases::plural(row.len() as u64, "tile")
                ),
                "lay the tiles in straight rows with more space between the rows than the tiles' heights vary; cut.png shows what was found",
            ));
        }
        row.sort_by(|a, b| a.centre.0.total_cmp(&b.centre.0));
        ordered.extend(row);
        start = end;
    }
    Ok(ordered)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: f64, y: f64) -> Square {
        Square {
            centre: (x, y),
            angle: 0.0,
            side: 10.0,
            aspect: 1.0,
            area: 100.0,
            corners: [(0.0, 0.0); 4],
        }
    }

    #[test]
    fn uneven_rows_are_found_by_their_largest_gaps() {
        // Two rows of three, the second row sagging to the right.
        let squares = vec![
            at(50.0, 12.0),
            at(10.0, 10.0),
            at(30.0, 40.0),
            at(90.0, 8.0),
            at(10.0, 35.0),
            at(70.0, 46.0),
        ];
        let ordered = rows(squares, 2, 3).expect("two rows");
        let xs: Vec<(f64, f64)> = ordered.iter().map(|s| s.centre).collect();
        assert_eq!(
            xs,
            [
                (10.0, 10.0),
                (50.0, 12.0),
                (90.0, 8.0),
                (10.0, 35.0),
                (30.0, 40.0),
                (70.0, 46.0)
            ]
        );
        let e = rows(ordered[..5].to_vec(), 2, 3).expect_err("short row");
        assert!(
            e.problem.starts_with("row 2 from the top has 2 tiles"),
            "{}",
            e.problem
        );
    }
}
