//! A half's ink resampled: onto the fixed grid its shape is compared on,
//! and shrunk for the pixel-by-pixel comparison. Apart from halves.rs
//! because both must lie alike on one name however it is turned.

use super::{Mask, GRID, WORK};

/// Where `(u, v)` of the frame in which side `side` (right, top, left,
/// bottom) is at the top lies in the tile's own frame: the tile turned
/// counter-clockwise by `(5 - side) % 4` quarter turns.
pub(crate) fn frame(side: usize, u: usize, v: usize) -> (usize, usize) {
    let last = WORK - 1;
    match side {
        0 => (last - v, u),
        1 => (u, v),
        2 => (v, last - u),
        _ => (last - u, last - v),
    }
}

/// The mean of `value` over each cell of a `GRID x GRID` grid laid over
/// a `w x h` box, pixels counted by the share of them inside the cell: the
/// grid then lies alike on a name and on the name turned half a turn. (Cells
/// taken from whole pixels, first rounded down and last up, put the rows of
/// a name 22 pixels high into other cells turned than upright.)
pub(super) fn area_average(w: usize, h: usize, value: impl Fn(usize, usize) -> f32) -> Vec<f32> {
    // Per cell along one axis of `len` pixels: (pixel, its share in the cell).
    let spans = |len: usize| -> Vec<Vec<(usize, f32)>> {
        let step = len as f32 / GRID as f32;
        (0..GRID)
            .map(|g| {
                let (a, b) = (g as f32 * step, (g + 1) as f32 * step);
                (a.floor() as usize..(b.ceil() as usize).min(len))
                    .map(|p| (p, (b.min(p as f32 + 1.0) - a.max(p as f32)).max(0.0)))
                    .collect()
            })
            .collect()
    };
    let (xs, ys) = (spans(w), spans(h));
    let mut cells = vec![0.0f32; GRID * GRID];
    for (gy, row) in ys.iter().enumerate() {
        for (gx, col) in xs.iter().enumerate() {
            let (mut s, mut n) = (0.0, 0.0);
            for &(y, wy) in row {
                for &(x, wx) in col {
                    s += value(x, y) * wx * wy;
                    n += wx * wy;
                }
            }
            cells[gy * GRID + gx] = if n > 0.0 { s / n } else { 0.0 };
        }
    }
    cells
}

/// Short side of the ink pictures compared pixel by pixel.
pub(super) const FINE: usize = 24;

/// The whole factor that shrinks `m`'s short side to at most [`FINE`].
pub(crate) fn shrink_factor(m: &Mask) -> usize {
    m.w.min(m.h).div_ceil(FINE).max(1)
}

/// `upright` under each of the four turns (the last unturned), each turn
/// shrunk on its own by `f` ([`coarser_by`]): blocks taken from the
/// corner the comparison aligns, whichever way the ink lies. Shrunk once
/// and then turned, a side not divisible by the block put the blocks of
/// one name on a top edge and on a right edge a pixel apart.
pub(crate) fn turns_at(upright: &Mask, f: usize) -> [Mask; 4] {
    let once = upright.turned();
    let twice = once.turned();
    let thrice = twice.turned();
    [
        coarser_by(&once, f),
        coarser_by(&twice, f),
        coarser_by(&thrice, f),
        coarser_by(upright, f),
    ]
}

/// `m` shrunk by the whole factor `f` (1: as it is): a pixel is on when
/// at least half of its block is.
pub(crate) fn coarser_by(m: &Mask, f: usize) -> Mask {
    if f <= 1 {
        return m.clone();
    }
    let (w, h) = (m.w.div_ceil(f), m.h.div_ceil(f));
    let block = |i: usize| {
        let (x, y) = (i % w * f, i / w * f);
        (y..(y + f).min(m.h)).flat_map(move |yy| (x..(x + f).min(m.w)).map(move |xx| yy * m.w + xx))
    };
    let on: Vec<bool> = (0..w * h)
        .map(|i| 2 * block(i).filter(|&j| m.on[j]).count() >= block(i).count())
        .collect();
    let count = on.iter().filter(|&&b| b).count();
    // A block's level is its mean, whether or not the block counts as on.
    let level = if m.level.is_empty() {
        Vec::new()
    } else {
        (0..w * h)
            .map(|i| {
                let sum: usize = block(i).map(|j| usize::from(m.level[j])).sum();
                (sum / block(i).count().max(1)) as u8
            })
            .collect()
    };
    Mask {
        w,
        h,
        on,
        count,
        level,
    }
}

#[cfg(test)]
impl super::Work {
    /// A working tile of `colour(x, y)`, for tests elsewhere.
    pub(crate) fn from_fn(colour: impl Fn(usize, usize) -> [f32; 3]) -> super::Work {
        let px = (0..WORK * WORK)
            .map(|k| colour(k % WORK, k / WORK))
            .collect();
        super::Work { px }
    }
}
