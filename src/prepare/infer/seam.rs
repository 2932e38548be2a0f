//! How well two halves continue each other across the seam, from the
//! strips of pixels just inside their sides ([`looks::BANDS`]).
//!
//! The two halves of one picture face each other: sample `k` of one strip
//! (counted from the left end of its side, seen from inside its tile) meets
//! sample `STRIP - 1 - k` of the other. Three measures from the square
//! jigsaw literature, each a dissimilarity (0: the strips continue):
//!
//! * [`Measure::Band`]: the colour difference of the facing strips.
//! * [`Measure::Prediction`] (Pomeranz, Shemesh and Ben-Shahar, CVPR 2011):
//!   each strip is extended across the seam by its own gradient (the
//!   difference of its two bands) and compared with the facing strip.
//! * [`Measure::Gradient`] (Gallagher, CVPR 2012, Mahalanobis gradient
//!   compatibility): the step across the seam is scored against the
//!   distribution (mean and covariance) of the steps inside each half.
//! * [`Measure::Outline`]: how the silhouettes' boundaries continue across
//!   the seam ([`outline`]): where they cross the side and at what angle.
//!   The strips' colours cannot tell an arrow's head from a heart's top in
//!   one colour, both crossing the seam at one width; the angles can.
//!
//! Which one `infer` uses was decided on scripts/bench-infer-styles (see
//! the docs' infer section).
//!
//! [`looks::BANDS`]: super::looks::BANDS
//! [`outline`]: super::outline

use super::looks::{delta, Lab, STRIP};
use super::outline::{self, Outline};

/// The seam measures compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Measure {
    Band,
    Prediction,
    Gradient,
    Outline,
}

/// The measures `infer` pairs classes with, added: compared on the
/// development seeds of scripts/bench-infer-styles, alone and added
/// together, the band difference read the most puzzles right at a margin
/// no wrong reading reached (docs/infer.md, "The seam measures compared"),
/// and the outline added to it read symbols cut in two, which no colour
/// measure did.
pub(crate) const USED: [Measure; 2] = [Measure::Band, Measure::Outline];

/// The measures added where the puzzle's hues are not spread (photo crops
/// of a few photographs: browns, greys), weighed by 1 − the spread
/// ([`super::cost::Terms::spread`]). The prediction was dropped when the
/// strips lay 5 to 13 pixels from the seam; read next to it, it tells a
/// photo crop's own other half from another crop of the same photograph
/// where the colours alone differ by little: the photograph's shading
/// carries on across the cut. Coded art in spread hues (half-discs, whose
/// solid and pale fills do not continue) keeps the band alone: with the
/// prediction, 5 of its 20 dev cases fell below 0.9 (docs/infer-journal.md, "Photo
/// crops: the shading continued across the seam").
pub(crate) const UNSPREAD: [Measure; 1] = [Measure::Prediction];

/// The measures in use and their weights, for a puzzle whose hues are
/// spread by `spread` (0..1): [`USED`] at 1 and [`UNSPREAD`] at 1 −
/// `spread`; or those `UNSCRAMBLE_INFER_DEBUG_SEAM` names (`band`,
/// `prediction`, `gradient`, `outline`, joined by `+`), each at 1, so that
/// scripts/bench-infer-styles can compare them on one set of puzzles.
pub(crate) fn in_use(spread: f32) -> Vec<(Measure, f32)> {
    let flat = 1.0 - spread.clamp(0.0, 1.0);
    let used = || -> Vec<(Measure, f32)> {
        USED.iter()
            .map(|&m| (m, 1.0))
            .chain(UNSPREAD.iter().map(|&m| (m, flat)))
            .filter(|&(_, w)| w > 0.0)
            .collect()
    };
    let Ok(names) = std::env::var("UNSCRAMBLE_INFER_DEBUG_SEAM") else {
        return used();
    };
    let named: Vec<(Measure, f32)> = names
        .split('+')
        .filter_map(|m| match m {
            "prediction" => Some(Measure::Prediction),
            "gradient" => Some(Measure::Gradient),
            "band" => Some(Measure::Band),
            "outline" => Some(Measure::Outline),
            _ => None,
        })
        .map(|m| (m, 1.0))
        .collect();
    if named.is_empty() {
        used()
    } else {
        named
    }
}

/// The two bands of a half, outer first.
pub(crate) type Strips = [Vec<Lab>; 2];

/// What the measures read of one side of a seam (a class's halves).
pub(crate) struct Edge<'a> {
    pub strips: &'a Strips,
    /// Per sample of the outer strip, how clearly it is picture (0 for the
    /// tile's ground).
    pub fg: &'a [f32],
    pub outline: Option<&'a Outline>,
}

/// The outline measure's cost ([`outline::cost`], at most
/// [`outline::CAP`]) in the band difference's units: an outline that does
/// not continue at all weighs as much as a strip of another colour.
const OUTLINE_SCALE: f32 = 20.0;
/// The outline cost of a pair one of whose classes shows no outline (no
/// picture crossing the side on a plain ground: photos on wood, cards):
/// that of a pair whose outlines continue only roughly, the same for every
/// such pair, so that a puzzle without outlines is paired as before.
const NO_OUTLINE: f32 = 1.0;

/// Dissimilarity of halves `a` and `b` meeting at a seam, symmetric. The
/// band measure weighs each sample by how clearly it is picture in either
/// strip (`fa`, `fb`: 0 for the tile's ground), so a symbol a fifth as wide
/// as the side is not drowned by the plain ground beside it.
pub(crate) fn dissimilarity(measure: Measure, a: &Edge, b: &Edge) -> f32 {
    let (sa, sb) = (a.strips, b.strips);
    match measure {
        Measure::Band => band(sa, sb, a.fg, b.fg),
        Measure::Prediction => 0.5 * (predicted(sa, sb) + predicted(sb, sa)),
        Measure::Gradient => 0.5 * (mahalanobis(sa, sb) + mahalanobis(sb, sa)),
        Measure::Outline => {
            OUTLINE_SCALE
                * match (a.outline, b.outline) {
                    (Some(x), Some(y)) => outline::cost(x, y),
                    _ => NO_OUTLINE,
                }
        }
    }
}

/// [`dissimilarity`] read on the picture only: each sample weighed by how
/// clearly it is picture in either strip, the ground under both at 0 (the
/// band measure keeps a floor of 0.05 there, and the prediction weighs
/// every sample alike). For a ground whose colour changes across the tile
/// ([`super::looks::coloured_ground`]), where two copies of one half lie on
/// other colours of the ramp: there the ground beside a figure says nothing
/// of whether two halves continue. `None` when neither strip shows picture.
pub(crate) fn on_picture(measure: Measure, a: &Edge, b: &Edge) -> Option<f32> {
    let w: Vec<f32> = (0..STRIP)
        .map(|k| a.fg[k].max(b.fg[STRIP - 1 - k]))
        .collect();
    let n: f32 = w.iter().sum();
    if n < 1.0 {
        return None;
    }
    let (sa, sb) = (a.strips, b.strips);
    let weighed = |d: &dyn Fn(usize) -> f32| (0..STRIP).map(|k| w[k] * d(k)).sum::<f32>() / n;
    Some(match measure {
        Measure::Band => weighed(&|k| delta(sa[0][k], facing(&sb[0], k))),
        Measure::Prediction => {
            // Each side's guess, as [`predicted`], sample `k` of `a` facing
            // sample `STRIP - 1 - k` of `b`, both at that sample's weight.
            let guess = |x: &Strips, y: &Strips, k: usize| {
                let (o, i) = (x[0][k], x[1][k]);
                let g: Lab = std::array::from_fn(|c| o[c] + 2.0 * (o[c] - i[c]));
                delta(g, facing(&y[0], k))
            };
            0.5 * weighed(&|k| guess(sa, sb, k) + guess(sb, sa, STRIP - 1 - k))
        }
        _ => dissimilarity(measure, a, b),
    })
}

fn facing(b: &[Lab], k: usize) -> Lab {
    b[STRIP - 1 - k]
}

fn band(a: &Strips, b: &Strips, fa: &[f32], fb: &[f32]) -> f32 {
    let (mut s, mut n) = (0.0, 0.0);
    for k in 0..STRIP {
        let w = fa[k].max(fb[STRIP - 1 - k]) + 0.05;
        s += w * delta(a[0][k], facing(&b[0], k));
        n += w;
    }
    s / n
}

/// The outer band of `a` continued across the seam by its step from the
/// inner band, against the outer band of `b`.
fn predicted(a: &Strips, b: &Strips) -> f32 {
    (0..STRIP)
        .map(|k| {
            let (o, i) = (a[0][k], a[1][k]);
            // The facing band's centre lies two band widths beyond this one's.
            let guess: Lab = std::array::from_fn(|c| o[c] + 2.0 * (o[c] - i[c]));
            delta(guess, facing(&b[0], k))
        })
        .sum::<f32>()
        / STRIP as f32
}

/// The steps across the seam (from `a`'s outer band to `b`'s, per band
/// width) scored by their Mahalanobis distance under the steps inside `a`.
fn mahalanobis(a: &Strips, b: &Strips) -> f32 {
    let inside: Vec<Lab> = (0..STRIP)
        .map(|k| std::array::from_fn(|c| a[0][k][c] - a[1][k][c]))
        .collect();
    let n = STRIP as f32;
    let mean: Lab = std::array::from_fn(|c| inside.iter().map(|g| g[c]).sum::<f32>() / n);
    let mut cov = [[0.0f32; 3]; 3];
    for g in &inside {
        for i in 0..3 {
            for j in 0..3 {
                cov[i][j] += (g[i] - mean[i]) * (g[j] - mean[j]) / n;
            }
        }
    }
    // Regularised: a flat strip has no spread, and noise is never zero.
    for (i, row) in cov.iter_mut().enumerate() {
        row[i] += 4.0;
    }
    let Some(inv) = inverse(&cov) else {
        return f32::INFINITY;
    };
    (0..STRIP)
        .map(|k| {
            let step: Lab =
                std::array::from_fn(|c| (facing(&b[0], k)[c] - a[0][k][c]) / 2.0 - mean[c]);
            let mut q = 0.0;
            for i in 0..3 {
                for j in 0..3 {
                    q += step[i] * inv[i][j] * step[j];
                }
            }
            q.max(0.0).sqrt().min(20.0)
        })
        .sum::<f32>()
        / n
}

fn inverse(m: &[[f32; 3]; 3]) -> Option<[[f32; 3]; 3]> {
    let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    if det.abs() < 1e-9 {
        return None;
    }
    let c =
        |r0: usize, c0: usize, r1: usize, c1: usize| m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0];
    let adj = [
        [c(1, 1, 2, 2), -c(0, 1, 2, 2), c(0, 1, 1, 2)],
        [-c(1, 0, 2, 2), c(0, 0, 2, 2), -c(0, 0, 1, 2)],
        [c(1, 0, 2, 1), -c(0, 0, 2, 1), c(0, 0, 1, 1)],
    ];
    Some(adj.map(|row| row.map(|v| v / det)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Strips of a horizontal colour ramp cut by the seam: `a` holds its
    /// left part, `b` (turned to face `a`) its right part.
    fn ramp(offset: f32) -> Strips {
        let band = |d: f32| {
            (0..STRIP)
                .map(|k| [50.0 + offset + d, k as f32 * 0.3, 0.0])
                .collect()
        };
        [band(0.0), band(-4.0)]
    }

    #[test]
    fn a_picture_continued_scores_better_than_another_under_every_measure() {
        let a = ramp(0.0);
        // The picture's other half: mirrored along the seam, its lightness
        // rising on beyond the seam as it fell inside `a`.
        let mirror = |s: &Strips, up: f32| -> Strips {
            std::array::from_fn(|i| {
                s[i].iter()
                    .rev()
                    .map(|c| [c[0] + up - 8.0 * i as f32, c[1], c[2]])
                    .collect()
            })
        };
        let partner = mirror(&a, 8.0);
        let stranger: Strips = std::array::from_fn(|i| {
            (0..STRIP)
                .map(|k| [20.0 + i as f32, 30.0 - k as f32 * 0.2, 25.0])
                .collect()
        });
        let w = vec![1.0; STRIP];
        let edge = |strips| Edge {
            strips,
            fg: &w,
            outline: None,
        };
        for m in [Measure::Band, Measure::Prediction, Measure::Gradient] {
            let (good, bad) = (
                dissimilarity(m, &edge(&a), &edge(&partner)),
                dissimilarity(m, &edge(&a), &edge(&stranger)),
            );
            assert!(good < bad, "{m:?}: {good} against {bad}");
        }
    }

    #[test]
    fn on_the_picture_only_a_ground_of_other_colours_costs_nothing() {
        // A figure over the middle half of the side, continued exactly
        // across the seam; the ground beside it green on one tile, red on
        // the other (two copies on a gradient).
        let figure = |k: usize| (STRIP / 4..3 * STRIP / 4).contains(&k);
        let strips = |ground: Lab| -> Strips {
            std::array::from_fn(|_| {
                (0..STRIP)
                    .map(|k| {
                        if figure(k) {
                            [60.0, 20.0, 40.0]
                        } else {
                            ground
                        }
                    })
                    .collect()
            })
        };
        let fg: Vec<f32> = (0..STRIP).map(|k| f32::from(u8::from(figure(k)))).collect();
        let (a, b) = (strips([80.0, -40.0, 10.0]), strips([55.0, 40.0, 15.0]));
        let edge = |s| Edge {
            strips: s,
            fg: &fg,
            outline: None,
        };
        for m in [Measure::Band, Measure::Prediction] {
            let whole = dissimilarity(m, &edge(&a), &edge(&b));
            let picture = on_picture(m, &edge(&a), &edge(&b)).unwrap_or(f32::NAN);
            assert!(whole > 1.0, "{m:?}: the ground weighs {whole}");
            assert!(picture < 1e-3, "{m:?}: on the picture {picture}");
        }
        // No picture in either strip: nothing to read.
        let none = vec![0.0; STRIP];
        let bare = Edge {
            strips: &a,
            fg: &none,
            outline: None,
        };
        assert!(on_picture(Measure::Band, &bare, &bare).is_none());
    }

    #[test]
    fn the_prediction_weighs_where_the_hues_are_not_spread() {
        if std::env::var_os("UNSCRAMBLE_INFER_DEBUG_SEAM").is_some() {
            return;
        }
        let weight = |spread: f32, m: Measure| {
            in_use(spread)
                .iter()
                .find(|&&(x, _)| x == m)
                .map_or(0.0, |&(_, w)| w)
        };
        // Coded art in spread hues: the band and the outline alone.
        assert_eq!(weight(1.0, Measure::Prediction), 0.0);
        assert_eq!(weight(1.0, Measure::Band), 1.0);
        // Photo crops in browns: the prediction at full weight.
        assert_eq!(weight(0.0, Measure::Prediction), 1.0);
        assert!((weight(0.25, Measure::Prediction) - 0.75).abs() < 1e-6);
        assert_eq!(weight(0.0, Measure::Outline), 1.0);
    }

    #[test]
    #[allow(clippy::needless_range_loop)] // a matrix product, read by index
    fn the_inverse_of_a_matrix_times_it_is_the_identity() {
        let m = [[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]];
        let inv = inverse(&m).expect("invertible");
        for i in 0..3 {
            for j in 0..3 {
                let p: f32 = (0..3).map(|k| m[i][k] * inv[k][j]).sum();
                assert!((p - f32::from(u8::from(i == j))).abs() < 1e-4);
            }
        }
    }
}
