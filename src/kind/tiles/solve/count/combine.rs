//! How a region's frontier values make whole boards: the region is the
//! board itself, its top half (the bottom half is the top half turned), or
//! its top-left quadrant (the others are it turned).

use super::modular::{self, Lanes, LANES};
use super::program::Step;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    /// Both sides odd: the whole board, `rows x cols`.
    Full { rows: usize, cols: usize },
    /// The top `h` rows of a board `w` wide and `2h` high (a board with an
    /// even number of columns only is turned a quarter first: the looks of
    /// a board and of it turned are as many).
    Half { h: usize, w: usize },
    /// The `h x h` top-left quadrant of a square board of side `2h`.
    Quadrant { h: usize },
}

impl Shape {
    pub(super) fn choose(rows: usize, cols: usize) -> Shape {
        // The frontier is as wide as the region: split the even side, and
        // when both are even, the longer one.
        match (rows.is_multiple_of(2), cols.is_multiple_of(2)) {
            _ if rows == cols && rows.is_multiple_of(2) => Shape::Quadrant { h: rows / 2 },
            (true, false) => Shape::Half {
                h: rows / 2,
                w: cols,
            },
            (false, true) => Shape::Half {
                h: cols / 2,
                w: rows,
            },
            (true, true) if rows >= cols => Shape::Half {
                h: rows / 2,
                w: cols,
            },
            (true, true) => Shape::Half {
                h: cols / 2,
                w: rows,
            },
            (false, false) => Shape::Full { rows, cols },
        }
    }

    /// The region's rows and columns, and whether its right side is recorded.
    pub(super) fn region(self) -> (usize, usize, bool) {
        match self {
            Shape::Full { rows, cols } => (rows, cols, false),
            Shape::Half { h, w } => (h, w, false),
            Shape::Quadrant { h } => (h, h, true),
        }
    }

    /// Whether the boards left unchanged by `quarter_turns` can be counted.
    pub(super) fn counts_fixed(self, quarter_turns: u8) -> bool {
        match self {
            Shape::Full { .. } => false,
            Shape::Half { .. } => quarter_turns == 2,
            Shape::Quadrant { .. } => true,
        }
    }

    /// Ops of one combination, for the work estimate.
    pub(super) fn combine_ops(self, classes: usize, w: usize) -> u128 {
        let side = (classes as u128).pow(w as u32);
        match self {
            Shape::Full { .. } => side,
            Shape::Half { .. } => side * (w as u128 * classes as u128 + 2),
            Shape::Quadrant { .. } => side * side * (side + 2 * classes as u128),
        }
    }

    /// Per lane, the sum over whole boards (`power` 1), or over the boards
    /// a half turn (2) or quarter turn (4) leaves unchanged, of the product
    /// of the weights, from the region's final values.
    pub(super) fn combine<const P: u64>(
        self,
        values: &[Lanes],
        fit: &[Vec<bool>],
        c: usize,
        power: u64,
    ) -> Lanes {
        match self {
            Shape::Full { .. } => sum::<P>(values),
            Shape::Half { w, .. } => {
                let t = &values[..c.pow(w as u32)];
                if power == 2 {
                    let kept: Vec<Lanes> = (0..t.len())
                        .map(|d| {
                            if self_fits(d, w, c, fit) {
                                t[d]
                            } else {
                                [0; LANES]
                            }
                        })
                        .collect();
                    return sum::<P>(&kept);
                }
                let mut s: Vec<Lanes> = (0..t.len()).map(|d| t[reversed(d, w, c)]).collect();
                for j in 0..w {
                    s = along_digit::<P>(&s, j, c, fit);
                }
                let products: Vec<Lanes> = t.iter().zip(&s).map(|(a, b)| mul::<P>(a, b)).collect();
                sum::<P>(&products)
            }
            Shape::Quadrant { h } => {
                let side = c.pow(h as u32);
                // Q[a][b]: a the right side's digits, b the bottom's; then Q Phi.
                let mut m: Vec<Lanes> = (0..side * side)
                    .map(|i| values[i % side + side * c * (i / side)])
                    .collect();
                for j in 0..h {
                    m = along_digit::<P>(&m, j, c, fit);
                }
                let trace = |a: &[Lanes], b: &[Lanes]| {
                    let d: Vec<Lanes> = (0..side * side)
                        .map(|i| mul::<P>(&a[i], &b[(i % side) * side + i / side]))
                        .collect();
                    sum::<P>(&d)
                };
                match power {
                    4 => sum::<P>(&(0..side).map(|i| m[i * side + i]).collect::<Vec<_>>()),
                    2 => trace(&m, &m),
                    _ => {
                        let m2 = modular::mat_mul::<P>(&m, &m, side);
                        trace(&m2, &m2)
                    }
                }
            }
        }
    }
}

/// The index with its `w` base-`c` digits in reverse order.
fn reversed(mut d: usize, w: usize, c: usize) -> usize {
    let mut r = 0;
    for _ in 0..w {
        r = r * c + d % c;
        d /= c;
    }
    r
}

/// Whether bottom digits `d` fit themselves turned a half turn.
fn self_fits(d: usize, w: usize, c: usize, fit: &[Vec<bool>]) -> bool {
    let digit = |j: usize| (d / c.pow(j as u32)) % c;
    (0..w.div_ceil(2)).all(|j| fit[digit(j)][digit(w - 1 - j)])
}

/// `out[..x..] = sum over y fitting x of v[..y..]`, along digit `j` of the
/// index (the digits above `j`'s block are carried along).
fn along_digit<const P: u64>(v: &[Lanes], j: usize, c: usize, fit: &[Vec<bool>]) -> Vec<Lanes> {
    if fit
        .iter()
        .enumerate()
        .all(|(a, row)| row.iter().enumerate().all(|(b, &f)| f == (a == b)))
    {
        return v.to_vec();
    }
    let step = c.pow(j as u32);
    (0..v.len())
        .map(|i| {
            let x = (i / step) % c;
            let base = i - x * step;
            let mut acc = [0u64; LANES];
            for (y, &ok) in fit[x].iter().enumerate() {
                if ok {
                    for l in 0..LANES {
                        acc[l] += u64::from(v[base + y * step][l]);
                    }
                }
            }
            acc.map(|a| (a % P) as u32)
        })
        .collect()
}

fn mul<const P: u64>(a: &Lanes, b: &Lanes) -> Lanes {
    let mut out = [0u32; LANES];
    for l in 0..LANES {
        out[l] = (u64::from(a[l]) * u64::from(b[l]) % P) as u32;
    }
    out
}

fn sum<const P: u64>(v: &[Lanes]) -> Lanes {
    let mut acc = [0u64; LANES];
    for x in v {
        for l in 0..LANES {
            acc[l] += u64::from(x[l]);
        }
        if acc[0] >= 1 << 62 {
            acc.iter_mut().for_each(|a| *a %= P);
        }
    }
    acc.map(|a| (a % P) as u32)
}

/// Boards that fit, whatever cards they use (every weight 1), in `f64`: a
/// bound on every count the combination gives.
pub(super) fn bound(shape: Shape, steps: &[Step], size: usize, fit: &[Vec<bool>], w: usize) -> f64 {
    let mut v = vec![1.0f64];
    for s in steps {
        v = (0..s.targets)
            .map(|t| {
                let ops = &s.ops[s.offsets[t] as usize..s.offsets[t + 1] as usize];
                ops.iter().map(|&(src, _)| v[src as usize]).sum()
            })
            .collect();
    }
    let v = &v[..size];
    let c = fit.len();
    let fits_all = |a: usize, b: usize, n: usize| {
        (0..n).all(|j| fit[(a / c.pow(j as u32)) % c][(b / c.pow(j as u32)) % c])
    };
    match shape {
        Shape::Full { .. } => v.iter().sum(),
        Shape::Half { .. } => {
            let side = c.pow(w as u32);
            let mut total = 0.0;
            for d in 0..side {
                for g in 0..side {
                    if fits_all(d, reversed(g, w, c), w) {
                        total += v[d] * v[g];
                    }
                }
            }
            total
        }
        Shape::Quadrant { h } => {
            let side = c.pow(h as u32);
            let m: Vec<f64> = (0..side * side)
                .map(|i| {
                    let (a, b) = (i / side, i % side);
                    (0..side)
                        .filter(|&b2| fits_all(b2, b, h))
                        .map(|b2| v[b2 + side * c * a])
                        .sum()
                })
                .collect();
            let mm = |x: &[f64], y: &[f64]| -> Vec<f64> {
                (0..side * side)
                    .map(|i| {
                        (0..side)
                            .map(|j| x[(i / side) * side + j] * y[j * side + i % side])
                            .sum()
                    })
                    .collect()
            };
            let m2 = mm(&m, &m);
            let m4 = mm(&m2, &m2);
            (0..side).map(|i| m4[i * side + i]).sum()
        }
    }
}
