//! The order in which the search fills the cells, and what each step must
//! check against the cells already filled.

use crate::kind::tiles::model::{BOTTOM, LEFT, RIGHT, TOP};

/// Which cell the search fills next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Order {
    /// Left to right, top to bottom.
    #[default]
    RowMajor,
    /// The centre first, then round it counter-clockwise starting east:
    /// E, N, W, W, S, S, E, E, E, N, N, N, ...
    Spiral,
}

pub(super) fn cells_in_order(rows: usize, cols: usize, order: Order) -> Vec<usize> {
    match order {
        Order::RowMajor => (0..rows * cols).collect(),
        Order::Spiral => spiral(rows, cols, ((rows - 1) / 2, (cols - 1) / 2)),
    }
}

/// A square spiral walk from `start`, keeping the cells that lie on the board:
/// every cell after the first touches one already placed, usually two.
pub(super) fn spiral(rows: usize, cols: usize, start: (usize, usize)) -> Vec<usize> {
    let (mut i, mut j) = (start.0 as isize, start.1 as isize);
    let mut out = vec![start.0 * cols + start.1];
    let steps = [(0, 1), (-1, 0), (0, -1), (1, 0)];
    let mut len = 1;
    let mut dir = 0;
    while out.len() < rows * cols {
        for _ in 0..2 {
            let (di, dj) = steps[dir % 4];
            for _ in 0..len {
                i += di;
                j += dj;
                if (0..rows as isize).contains(&i) && (0..cols as isize).contains(&j) {
                    out.push(i as usize * cols + j as usize);
                }
            }
            dir += 1;
        }
        len += 1;
    }
    out
}

/// What one step of the search checks: up to two earlier positions are looked
/// up in the candidate table keyed by the sides `key`, the rare third and fourth
/// neighbours are checked edge by edge.
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    pub cell: usize,
    /// The candidate's own sides whose required codes key the table.
    pub key: (usize, usize),
    /// For each key side: the earlier position touching it and that
    /// neighbour's side facing us (`None`: no neighbour, anything goes).
    pub from: [Option<(usize, usize)>; 2],
    /// Further neighbours: (position, neighbour's side, own side).
    pub extra: [(usize, usize, usize); 2],
    pub extras: usize,
}

fn opposite(side: usize) -> usize {
    (side + 2) % 4
}

/// The steps for filling `cells` (a permutation of the board) in that order.
pub(super) fn plan(rows: usize, cols: usize, cells: &[usize]) -> Vec<Step> {
    let mut position = vec![usize::MAX; rows * cols];
    let mut steps = Vec::with_capacity(cells.len());
    for (k, &cell) in cells.iter().enumerate() {
        let (r, c) = (cell / cols, cell % cols);
        let neighbour = |side: usize| -> Option<usize> {
            match side {
                RIGHT if c + 1 < cols => Some(cell + 1),
                TOP if r > 0 => Some(cell - cols),
                LEFT if c > 0 => Some(cell - 1),
                BOTTOM if r + 1 < rows => Some(cell + cols),
                _ => None,
            }
        };
        let touching: Vec<(usize, usize)> = (0..4)
            .filter_map(|side| {
                let p = position[neighbour(side)?];
                (p < k).then_some((side, p))
            })
            .collect();
        let mut step = Step {
            cell,
            key: (0, 1),
            from: [None, None],
            extra: [(0, 0, 0); 2],
            extras: 0,
        };
        match touching.as_slice() {
            [] => {}
            [(s, p)] => {
                step.key = if *s == 0 { (0, 1) } else { (0, *s) };
                step.from[usize::from(*s != 0)] = Some((*p, opposite(*s)));
            }
            [(sa, pa), (sb, pb), rest @ ..] => {
                step.key = (*sa, *sb);
                step.from = [Some((*pa, opposite(*sa))), Some((*pb, opposite(*sb)))];
                for (i, (s, p)) in rest.iter().enumerate() {
                    step.extra[i] = (*p, opposite(*s), *s);
                }
                step.extras = rest.len();
            }
        }
        steps.push(step);
        position[cell] = k;
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spiral_on_3x3_is_seed_004s_numbering() {
        // The places of the letter-code solver (`letters.txt`'s source):
        // 4 3 2 / 5 0 1 / 6 7 8
        assert_eq!(
            cells_in_order(3, 3, Order::Spiral),
            vec![4, 5, 2, 1, 0, 3, 6, 7, 8]
        );
    }

    #[test]
    fn spirals_cover_every_board_once() {
        for (r, c) in [(1, 1), (2, 2), (4, 4), (5, 5), (2, 5), (6, 3)] {
            let mut cells = cells_in_order(r, c, Order::Spiral);
            cells.sort();
            assert_eq!(cells, (0..r * c).collect::<Vec<_>>(), "{r}x{c}");
        }
    }

    #[test]
    fn each_step_knows_every_filled_neighbour() {
        let steps = plan(3, 3, &cells_in_order(3, 3, Order::Spiral));
        let count = |s: &Step| s.from.iter().flatten().count() + s.extras;
        let counts: Vec<usize> = steps.iter().map(count).collect();
        assert_eq!(counts, vec![0, 1, 1, 2, 1, 2, 1, 2, 2]);
        // Starting at the top middle, the centre is filled with three neighbours.
        let steps = plan(3, 3, &[1, 0, 2, 3, 5, 4, 6, 7, 8]);
        let counts: Vec<usize> = steps.iter().map(count).collect();
        assert_eq!(counts, vec![0, 1, 1, 1, 1, 3, 1, 2, 2]);
        assert_eq!(steps[5].extras, 1);
        assert_eq!(steps[5].extra[0], (3, RIGHT, LEFT));
    }
}
