//! Line drawings' halves told apart by their strokes. A line drawing (thin
//! dark outlines on a pale ground, [`super::outline::gate`]) carries almost
//! no colour and little area: two halves of one shape with different
//! details inside (a dot against a cross, a bar against a zigzag) have
//! nearly the same block colours, and the looks ([`super::looks`]) cannot
//! cut them into classes (unseen seed 1025's 3x3: a hexagon's bar and
//! another hexagon's zigzag 0.012 apart, copies 0). What does tell them
//! apart is where the strokes run: each half's ink is mapped on a grid of
//! [`CELL`]-pixel cells, side at the top, and two halves differ by the
//! share of either's ink that lies farther than a cell or two from any of
//! the other's ([`distance`]), at the best small shift (a tile cut a little
//! off). A copy's strokes all lie on the other copy's, however the scan
//! blurred, speckled or lit them; another detail's do not.

use super::halves::{Work, WORK};
use super::looks::lab;

/// Working pixels per cell: a stroke (about 6 working pixels wide on the
/// unseen line drawings) covers one or two cells.
const CELL: usize = 4;
/// Cells along the side, and towards the centre (the half's rectangle).
const COLS: usize = WORK / CELL;
const ROWS: usize = COLS / 2;
/// Rows next to the side (working pixels) left out: a cut's or a scan's
/// edge, a crooked sheet's border (unseen 4x4 s1014 sheet: copies 0.049
/// apart with them, 0.000 without).
const SKIP: usize = 8;
/// Cells each way the local ground is taken over: wider than a stroke, so
/// that a cell's ground is the paper beside it, under uneven light too.
const GROUND_REACH: usize = 3;
/// Lightness (CIELAB) under the local ground from which a cell is ink, and
/// the span over which it becomes fully ink.
const INK_FROM: f32 = 10.0;
const INK_SPAN: f32 = 30.0;
/// Ink stronger than this is a stroke the other half's ink is measured to.
const STROKE: f32 = 0.5;
/// Ink within this many cells of the other half's strokes costs nothing,
/// beyond `TOLERANCE + SPAN` it costs 1, linearly between.
const TOLERANCE: f32 = 1.0;
const SPAN: f32 = 2.0;
/// The farthest a stroke is looked for (cells): where the cost is 1.
const REACH: i64 = 3;
/// Shifts tried, cells along the side each way and towards the centre.
const SHIFT_ALONG: i64 = 3;
const SHIFT_IN: i64 = 1;

/// One half's strokes, side at the top.
#[derive(Clone, Debug)]
pub(crate) struct Strokes {
    /// The cells with ink: `(column, row, strength 0..1)`.
    ink: Vec<(i64, i64, f32)>,
    /// Per cell (row-major, `COLS x ROWS`), what ink there costs against
    /// this half's strokes: 0 on or beside them, 1 from `REACH` away.
    cost: Vec<f32>,
}

/// Is cell `(cx, cy)` read: inside the half's triangle, clear of the
/// diagonals (as [`super::looks::inside`]) and of the rows at the side?
fn inside(cx: usize, cy: usize) -> bool {
    let (u0, u1, v0, v1) = (cx * CELL, (cx + 1) * CELL, cy * CELL, (cy + 1) * CELL);
    v0 >= SKIP && v1 + 2 <= u0 && u1 + v1 + 2 <= WORK
}

/// The strokes of a tile's four halves, right, top, left, bottom.
pub(crate) fn describe(tile: &Work) -> [Strokes; 4] {
    std::array::from_fn(|side| describe_side(tile, side))
}

fn describe_side(tile: &Work, side: usize) -> Strokes {
    let n = (CELL * CELL) as f32;
    let light: Vec<f32> = (0..COLS * ROWS)
        .map(|i| {
            let sum = tile.cell_sum(side, ((i % COLS) * CELL, (i / COLS) * CELL), CELL);
            lab(sum.map(|s| s / n))[0]
        })
        .collect();
    let ground = local_ground(&light);
    let mut ink = Vec::new();
    for cy in 0..ROWS {
        for cx in 0..COLS {
            let i = cy * COLS + cx;
            let strength = ((ground[i] - light[i] - INK_FROM) / INK_SPAN).clamp(0.0, 1.0);
            if strength > 0.0 && inside(cx, cy) {
                ink.push((cx as i64, cy as i64, strength));
            }
        }
    }
    let cost = costs(&ink);
    Strokes { ink, cost }
}

/// Per cell, the lightest cell within [`GROUND_REACH`] each way: the paper
/// beside a stroke (the maximum taken along rows, then along columns).
fn local_ground(light: &[f32]) -> Vec<f32> {
    let max_over = |get: &dyn Fn(usize, usize) -> f32, out: &mut Vec<f32>, along_rows: bool| {
        for cy in 0..ROWS {
            for cx in 0..COLS {
                let (at, len) = if along_rows { (cx, COLS) } else { (cy, ROWS) };
                let lo = at.saturating_sub(GROUND_REACH);
                let hi = (at + GROUND_REACH).min(len - 1);
                let m = (lo..=hi)
                    .map(|k| if along_rows { get(k, cy) } else { get(cx, k) })
                    .fold(f32::MIN, f32::max);
                out.push(m);
            }
        }
    };
    let mut rows = Vec::with_capacity(COLS * ROWS);
    max_over(&|cx, cy| light[cy * COLS + cx], &mut rows, true);
    let mut both = Vec::with_capacity(COLS * ROWS);
    max_over(&|cx, cy| rows[cy * COLS + cx], &mut both, false);
    both
}

/// Per cell, the cost of ink there against strokes `ink`: its distance to
/// the nearest stroke cell, less [`TOLERANCE`], over [`SPAN`], in 0..1.
fn costs(ink: &[(i64, i64, f32)]) -> Vec<f32> {
    let mut near = vec![f32::INFINITY; COLS * ROWS];
    for &(cx, cy, s) in ink {
        if s <= STROKE {
            continue;
        }
        for dy in -REACH..=REACH {
            for dx in -REACH..=REACH {
                let (x, y) = (cx + dx, cy + dy);
                if (0..COLS as i64).contains(&x) && (0..ROWS as i64).contains(&y) {
                    let i = y as usize * COLS + x as usize;
                    near[i] = near[i].min(((dx * dx + dy * dy) as f32).sqrt());
                }
            }
        }
    }
    near.iter()
        .map(|&d| ((d - TOLERANCE) / SPAN).clamp(0.0, 1.0))
        .collect()
}

/// The share of `a`'s ink (by strength) that `b`'s strokes, shifted by
/// `(du, dv)` cells, do not explain; 0 when `a` has none.
fn unexplained(a: &Strokes, b: &Strokes, (du, dv): (i64, i64)) -> f32 {
    let (mut cost, mut total) = (0.0f32, 0.0f32);
    for &(cx, cy, s) in &a.ink {
        let (x, y) = (cx - du, cy - dv);
        let c = if (0..COLS as i64).contains(&x) && (0..ROWS as i64).contains(&y) {
            b.cost[y as usize * COLS + x as usize]
        } else {
            1.0
        };
        cost += s * c;
        total += s;
    }
    if total > 0.0 {
        cost / total
    } else {
        0.0
    }
}

/// How unlike two halves' strokes are, 0..1: the larger share of either's
/// ink lying off the other's strokes, at the best shift of up to
/// [`SHIFT_ALONG`] cells along the side and [`SHIFT_IN`] towards the
/// centre. The larger share, so that a detail one half has and the other
/// lacks counts whichever is compared to which.
pub(crate) fn distance(a: &Strokes, b: &Strokes) -> f32 {
    let mut best = f32::INFINITY;
    for dv in -SHIFT_IN..=SHIFT_IN {
        for du in -SHIFT_ALONG..=SHIFT_ALONG {
            let there = unexplained(a, b, (du, dv));
            if there >= best {
                continue;
            }
            let back = unexplained(b, a, (-du, -dv));
            best = best.min(there.max(back));
        }
    }
    best
}

/// Stroke distances are divided by this before they are added to the
/// looks' (in whose units 1 is "clearly different"): a hexagon's bar
/// against another's zigzag leaves about 3.5 % of the ink unexplained,
/// two details on the unseen seeds 1.4 % at least, copies after any of
/// the scan damages 0.34 % at most.
const SCALE: f32 = 0.02;

/// Adds the strokes' distance of every two halves to `dist` (the looks',
/// [`super::art::look_distances`]).
pub(crate) fn add_to(dist: &mut [Vec<f32>], strokes: &[Strokes]) {
    let n = strokes.len();
    let mut own = vec![vec![0.0f32; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let d = distance(&strokes[i], &strokes[j]);
            own[i][j] = d;
            own[j][i] = d;
            dist[i][j] += d / SCALE;
            dist[j][i] += d / SCALE;
        }
    }
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG_STROKES").is_some() {
        for row in &own {
            let row: Vec<String> = row.iter().map(|d| format!("{d:.4}")).collect();
            eprintln!("STROKES {}", row.join(" "));
        }
    }
}

#[cfg(test)]
mod tests;
