//! Each half seen as a picture, not as ink on a ground: its triangle sampled
//! on a coarse grid in CIELAB (a perceptual colour space, so that equal
//! distances look equally different), side at the top, and the strips of
//! pixels just inside its side, which continue the strips of the other half
//! of its picture across the seam.
//!
//! Halves cut from one picture by a tile edge (an animal's head on one tile,
//! its tail on the other; a photo crop; a symbol) are this module's matter:
//! copies of one half look alike in this frame, and two halves of one
//! picture meet along their strips.

use super::halves::{Work, WORK};

mod compare;
mod field;
#[cfg(test)]
pub(crate) use compare::distance;
pub(crate) use compare::{distances, Group, FLOOR, LANES};
pub(crate) use field::{coloured_ground, Field};

/// Cells along the side and towards the centre: 5 working pixels each, fine
/// enough that the two halves of one round photo crop of fur or foam (alike
/// in colour, unlike in their pixels) fall apart.
pub(crate) const COLS: usize = 80;
pub(crate) const ROWS: usize = 40;
const CELL: usize = WORK / COLS;
/// Samples along a strip (5 working pixels each).
pub(crate) const STRIP: usize = 80;
/// The two strips' rows, as working pixels from the side: as close to the
/// seam as a scan allows (the outermost row is skipped: a cut's edge, the
/// resampling's blend with what lay beyond), since a photograph's detail
/// stops continuing a few pixels away from where it was cut.
pub(crate) const BANDS: [(usize, usize); 2] = [(1, 5), (5, 9)];
/// Hue bins of the palette.
pub(crate) const HUES: usize = 24;

/// A colour in CIELAB.
pub(crate) type Lab = [f32; 3];

/// What one half looks like as a picture.
#[derive(Clone, Debug)]
pub(crate) struct Look {
    /// Mean colour of each cell, row-major (`COLS x ROWS`); see [`inside`].
    pub cells: Vec<Lab>,
    /// Per band, the mean colour of the band along the side, `STRIP`
    /// samples from the side's left end (seen from inside the tile).
    pub strips: [Vec<Lab>; 2],
    /// Chroma-weighted hue histogram of the picture (the cells unlike the
    /// tile's ground), summing to 1 (all zero for a grey half).
    pub hues: [f32; HUES],
    /// Per cell, 0..1: how clearly it is picture, not the tile's ground
    /// (all 1 when the tile shows no ground of its own).
    pub fg: Vec<f32>,
    /// The same for each sample of the outer strip.
    pub strip_fg: Vec<f32>,
}

/// Is cell `i` inside the half's triangle, clear of the diagonals?
pub(crate) fn inside(i: usize) -> bool {
    let (cx, cy) = (i % COLS, i / COLS);
    // The cell's corners nearest the diagonals stay inside the triangle.
    let (u0, u1, v1) = (cx * CELL, (cx + 1) * CELL, (cy + 1) * CELL);
    v1 + 2 <= u0 && u1 + v1 + 2 <= WORK
}

/// sRGB (0..255) to CIELAB (D65).
pub(crate) fn lab(c: [f32; 3]) -> Lab {
    let lin = |v: f32| {
        let v = (v / 255.0).clamp(0.0, 1.0);
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let (r, g, b) = (lin(c[0]), lin(c[1]), lin(c[2]));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.950_47;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.088_83;
    let f = |t: f32| {
        if t > 0.008_856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// Each tile's ground where it changes across the tile ([`field::fit`]).
pub(crate) fn fields(tiles: &[Work]) -> Vec<Option<Field>> {
    tiles.iter().map(field::fit).collect()
}

/// Describes the four halves of a tile, right, top, left, bottom, on
/// `field`, its ground where it changes across the tile ([`fields`]).
pub(crate) fn describe(tile: &Work, field: Option<Field>) -> [Look; 4] {
    let ground = match field {
        Some(varying) => Ground::Varying(varying),
        None => plain_ground(tile).map_or(Ground::None, Ground::Plain),
    };
    std::array::from_fn(|side| describe_side(tile, side, &ground))
}

/// The tile's own ground: one that changes clearly and smoothly across the
/// tile ([`field`]), one colour ([`plain_ground`]), or none (every cell is
/// picture). A gradient's pale end may pass for a plain ground on most of
/// the diagonals, and its other end was then read as picture.
enum Ground {
    None,
    Plain(Lab),
    Varying(field::Field),
}

impl Ground {
    /// How clearly `colour`, seen at `(u, v)` of side `side`'s frame, is
    /// picture: 0 on the ground, 1 from 16 away.
    fn picture(&self, side: usize, u: usize, v: usize, colour: Lab) -> f32 {
        let g = match self {
            Ground::None => return 1.0,
            Ground::Plain(g) => *g,
            Ground::Varying(f) => f.at(side, u, v),
        };
        ((delta(colour, g) - 6.0) / 10.0).clamp(0.0, 1.0)
    }
}

/// The tile's own ground, if it shows one: the colour along its diagonals
/// (between the corners and the centre), where the pictures of two edges
/// meet and a bought puzzle shows its background. `None` when the
/// diagonals are not mostly one colour (drawn tiles: coloured triangles).
pub(crate) fn plain_ground(tile: &Work) -> Option<Lab> {
    let probes: Vec<Lab> = diagonal_probes(tile).into_iter().map(lab).collect();
    let median: Lab = std::array::from_fn(|c| {
        let mut v: Vec<f32> = probes.iter().map(|p| p[c]).collect();
        v.sort_by(f32::total_cmp);
        v[v.len() / 2]
    });
    let near = probes.iter().filter(|&&p| delta(p, median) < 15.0).count();
    (near * 10 >= probes.len() * 6).then_some(median)
}

/// The pixels [`plain_ground`] reads (sRGB): along both diagonals, between
/// the corners and the centre.
pub(crate) fn diagonal_probes(tile: &Work) -> Vec<[f32; 3]> {
    diagonal_points()
        .into_iter()
        .map(|(u, v)| tile.at(1, u, v))
        .collect()
}

/// Where [`diagonal_probes`] reads, `(u, v)` of the tile's own frame.
pub(crate) fn diagonal_points() -> Vec<(usize, usize)> {
    let mut points = Vec::new();
    for s in (WORK / 10..WORK * 35 / 100).chain(WORK * 65 / 100..WORK * 9 / 10) {
        for off in [0usize, 3] {
            points.push((s + off, s));
            points.push((s, WORK - 1 - s - off));
        }
    }
    points
}

fn describe_side(tile: &Work, side: usize, ground: &Ground) -> Look {
    let mut cells = vec![[0.0f32; 3]; COLS * ROWS];
    let mut fg = vec![0.0f32; COLS * ROWS];
    let mut hues = [0.0f32; HUES];
    for (i, cell) in cells.iter_mut().enumerate() {
        if !inside(i) {
            continue;
        }
        let (u0, v0) = ((i % COLS) * CELL, (i / COLS) * CELL);
        let sum = tile.cell_sum(side, (u0, v0), CELL);
        let n = (CELL * CELL) as f32;
        *cell = lab(sum.map(|s| s / n));
        fg[i] = ground.picture(side, u0 + CELL / 2, v0 + CELL / 2, *cell);
        // Hue weighed by chroma.
        add_hue(&mut hues, *cell, fg[i]);
    }
    let total: f32 = hues.iter().sum();
    if total > 0.0 {
        hues.iter_mut().for_each(|h| *h /= total);
    }
    let strips: [Vec<Lab>; 2] = BANDS.map(|(v0, v1)| {
        let step = WORK / STRIP;
        (0..STRIP)
            .map(|k| {
                let mut s = [0.0f32; 3];
                for v in v0..v1 {
                    for u in k * step..(k + 1) * step {
                        let p = tile.at(side, u, v);
                        (0..3).for_each(|c| s[c] += p[c]);
                    }
                }
                lab(s.map(|x| x / ((v1 - v0) * step) as f32))
            })
            .collect()
    });
    let (v0, v1) = BANDS[0];
    let step = WORK / STRIP;
    let strip_fg = strips[0]
        .iter()
        .enumerate()
        .map(|(k, &c)| ground.picture(side, k * step + step / 2, (v0 + v1) / 2, c))
        .collect();
    Look {
        cells,
        strips,
        hues,
        fg,
        strip_fg,
    }
}

/// Chroma below this is grey (paper, shadows, JPEG's tint): no hue.
const GREY: f32 = 12.0;

fn add_hue(hues: &mut [f32; HUES], c: Lab, weight: f32) {
    let chroma = c[1].hypot(c[2]);
    if chroma < GREY {
        return;
    }
    let turn = (c[2].atan2(c[1]) / std::f32::consts::TAU).rem_euclid(1.0) * HUES as f32;
    let (lo, frac) = (turn.floor() as usize % HUES, turn.fract());
    hues[lo] += weight * (chroma - GREY) * (1.0 - frac);
    hues[(lo + 1) % HUES] += weight * (chroma - GREY) * frac;
}

/// How different two colours look: CIELAB distance with lightness counted
/// half (uneven light and a scan's exposure move it most), capped so that
/// one cell of a thin outline cannot outweigh the rest.
pub(crate) fn delta(a: Lab, b: Lab) -> f32 {
    let d = (0.25 * (a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt();
    d.min(CAP)
}

/// See [`delta`].
pub(crate) const CAP: f32 = 40.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lab_of_white_black_and_red_are_the_textbook_values() {
        let w = lab([255.0; 3]);
        assert!(
            (w[0] - 100.0).abs() < 0.1 && w[1].abs() < 0.1 && w[2].abs() < 0.1,
            "{w:?}"
        );
        assert!(lab([0.0; 3])[0].abs() < 0.1);
        let r = lab([255.0, 0.0, 0.0]);
        assert!(
            (r[0] - 53.2).abs() < 0.5 && (r[1] - 80.1).abs() < 0.5 && (r[2] - 67.2).abs() < 0.5,
            "{r:?}"
        );
    }

    /// A half showing `picture` (cell column, row → colour) as a half-disc
    /// on a plain ground of `ground`.
    fn on_ground(picture: impl Fn(usize, usize) -> Lab, ground: Lab) -> Look {
        let disc = |i: usize| {
            let (cx, cy) = ((i % COLS) as f32 - COLS as f32 / 2.0, (i / COLS) as f32);
            cx.hypot(cy) < ROWS as f32 * 0.7
        };
        let cells: Vec<Lab> = (0..COLS * ROWS)
            .map(|i| {
                if disc(i) {
                    picture(i % COLS, i / COLS)
                } else {
                    ground
                }
            })
            .collect();
        let fg = (0..COLS * ROWS)
            .map(|i| if disc(i) { 1.0 } else { 0.0 })
            .collect();
        Look {
            cells,
            strips: [Vec::new(), Vec::new()],
            hues: [0.0; HUES],
            fg,
            strip_fg: Vec::new(),
        }
    }

    #[test]
    fn copies_of_a_photo_crop_on_two_woods_are_closer_than_another_crop() {
        // Fur: one crop, and another of the same photograph; the woods
        // differ in lightness by 12 (dev seed 1's 3x3 photo puzzle), and
        // the copy is noisy.
        let fur = |cx: usize, cy: usize| {
            [
                55.0 + (cx % 7) as f32 * 3.0,
                18.0,
                30.0 - (cy % 5) as f32 * 2.0,
            ]
        };
        let other = |cx: usize, cy: usize| fur(cx + 3, cy + 2);
        let (dark, light) = ([41.7, 13.8, 24.5], [54.0, 18.9, 36.4]);
        // The copy scanned with noise: 4 up or down, cell by cell.
        let noisy = |cx: usize, cy: usize| {
            fur(cx, cy).map(|v| v + if (cx + cy) % 2 == 1 { 4.0 } else { -4.0 })
        };
        let a = on_ground(fur, dark);
        let copy = on_ground(noisy, light);
        let b = on_ground(other, dark);
        let (same, different) = (distance(&a, &copy), distance(&a, &b));
        assert!(same < 0.25 * different, "{same} against {different}");
    }

    #[test]
    fn the_triangle_holds_the_side_and_not_the_centre() {
        assert!(inside(COLS / 2));
        assert!(!inside(0) && !inside(COLS - 1));
        assert!(!inside((ROWS - 1) * COLS + COLS / 2));
    }
}
