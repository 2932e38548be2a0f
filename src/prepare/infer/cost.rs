//! What pairing two classes of halves costs in the pictures reading
//! ([`super::art`]): how badly their strips and outlines continue each
//! other across the seam ([`seam`]), how unlike their palettes are, and how
//! far apart their hues lie against the spread of hues in the puzzle.

use super::classes::Classes;
use super::looks::{self, Look, HUES};
use super::outline::{self, Outline};
use super::seam;

/// Seam dissimilarities are divided by this before they are added up.
const SEAM_SCALE: f32 = 20.0;

/// The weights of a pair's cost terms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Weights {
    /// The colour measures of the strips ([`seam::Measure::Band`] and any
    /// other colour measure in use), over [`SEAM_SCALE`].
    pub band: f32,
    /// [`seam::Measure::Outline`], over [`SEAM_SCALE`].
    pub outline: f32,
    /// The palette difference (0..2).
    pub palette: f32,
    /// The hue difference against the puzzle's spread of hues (0..1).
    pub hue: f32,
}

/// The weights `infer` uses: the hue term added at the others' weight
/// (chosen on the development seeds' odd half among 0.5 to 2, checked on
/// the even half; docs/infer.md).
pub(crate) const WEIGHTS: Weights = Weights {
    band: 1.0,
    outline: 1.0,
    palette: 1.0,
    hue: 1.0,
};

/// [`WEIGHTS`], or those `UNSCRAMBLE_INFER_DEBUG_WEIGHTS` gives as
/// `band,outline,palette,hue`, so that scripts/bench-infer-styles can
/// compare them on one set of puzzles.
fn weights() -> Weights {
    let Ok(text) = std::env::var("UNSCRAMBLE_INFER_DEBUG_WEIGHTS") else {
        return WEIGHTS;
    };
    let v: Vec<f32> = text.split(',').filter_map(|w| w.parse().ok()).collect();
    match v[..] {
        [band, outline, palette, hue] => Weights {
            band,
            outline,
            palette,
            hue,
        },
        _ => WEIGHTS,
    }
}

/// The cost terms of every pair of classes, each a symmetric matrix.
pub(crate) struct Terms {
    pub band: Vec<Vec<f32>>,
    pub outline: Vec<Vec<f32>>,
    pub palette: Vec<Vec<f32>>,
    pub hue: Vec<Vec<f32>>,
    /// Each class's mean hue and how much of it lies there ([`mean_hue`]).
    pub class_hues: Vec<(f32, f32)>,
}

/// The cost of pairing each two classes: the [`Terms`] weighed by
/// [`WEIGHTS`].
pub(crate) fn pair_costs(
    looks: &[Look],
    outlines: &[Option<Outline>],
    classes: &Classes,
) -> Vec<Vec<f32>> {
    let t = terms(looks, outlines, classes);
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG_TERMS").is_some() {
        dump(classes, &t);
    }
    combine(&t, weights())
}

/// `t`'s terms added up by `w`.
pub(crate) fn combine(t: &Terms, w: Weights) -> Vec<Vec<f32>> {
    let k = t.band.len();
    (0..k)
        .map(|i| {
            (0..k)
                .map(|j| {
                    w.band * t.band[i][j]
                        + w.outline * t.outline[i][j]
                        + w.palette * t.palette[i][j]
                        + w.hue * t.hue[i][j]
                })
                .collect()
        })
        .collect()
}

/// The terms of every pair of `classes`.
pub(crate) fn terms(looks: &[Look], outlines: &[Option<Outline>], classes: &Classes) -> Terms {
    let k = classes.members.len();
    let strips: Vec<seam::Strips> = classes
        .members
        .iter()
        .map(|m| std::array::from_fn(|b| mean_strip(m.iter().map(|&h| &looks[h].strips[b]))))
        .collect();
    let strip_fg: Vec<Vec<f32>> = classes
        .members
        .iter()
        .map(|m| {
            (0..looks::STRIP)
                .map(|k| {
                    m.iter().map(|&h| looks[h].strip_fg[k]).sum::<f32>() / m.len().max(1) as f32
                })
                .collect()
        })
        .collect();
    let own = own_palettes(looks, classes);
    let lines: Vec<Option<Outline>> = classes
        .members
        .iter()
        .map(|m| outline::of_class(m.iter().map(|&h| &outlines[h])))
        .collect();
    let edges: Vec<seam::Edge> = (0..k)
        .map(|c| seam::Edge {
            strips: &strips[c],
            fg: &strip_fg[c],
            outline: lines[c].as_ref(),
        })
        .collect();
    let measures = seam::in_use();
    let hues: Vec<(f32, f32)> = own.iter().map(mean_hue).collect();
    let span = hue_span(&hues);
    let zero = || vec![vec![0.0f32; k]; k];
    let mut t = Terms {
        band: zero(),
        outline: zero(),
        palette: zero(),
        hue: zero(),
        class_hues: hues.clone(),
    };
    for i in 0..k {
        for j in i + 1..k {
            let (mut band, mut line) = (0.0, 0.0);
            for &m in &measures {
                let d = seam::dissimilarity(m, &edges[i], &edges[j]) / SEAM_SCALE;
                if m == seam::Measure::Outline {
                    line += d;
                } else {
                    band += d;
                }
            }
            let palette = palette_distance(&own[i], &own[j]);
            let hue = hue_distance(hues[i], hues[j], span);
            for (m, v) in [
                (&mut t.band, band),
                (&mut t.outline, line),
                (&mut t.palette, palette),
                (&mut t.hue, hue),
            ] {
                m[i][j] = v;
                m[j][i] = v;
            }
        }
    }
    t
}

/// Each class's palette without what every class shares (a coloured
/// ground says nothing), summing to 1 (all zero for a grey class).
fn own_palettes(looks: &[Look], classes: &Classes) -> Vec<[f32; HUES]> {
    let palettes: Vec<[f32; HUES]> = classes
        .members
        .iter()
        .map(|m| {
            let mut p = [0.0f32; HUES];
            for &h in m {
                (0..HUES).for_each(|b| p[b] += looks[h].hues[b] / m.len() as f32);
            }
            p
        })
        .collect();
    let common: [f32; HUES] =
        std::array::from_fn(|b| palettes.iter().map(|p| p[b]).fold(f32::INFINITY, f32::min));
    palettes
        .iter()
        .map(|p| {
            let mut r: [f32; HUES] = std::array::from_fn(|b| (p[b] - common[b]).max(0.0));
            let s: f32 = r.iter().sum();
            if s > 0.0 {
                r.iter_mut().for_each(|x| *x /= s);
            }
            r
        })
        .collect()
}

/// A palette's mean hue (radians) and how much of it lies at that hue
/// (0..1: 1 for one hue, near 0 for many or none).
fn mean_hue(p: &[f32; HUES]) -> (f32, f32) {
    let (mut x, mut y) = (0.0f32, 0.0f32);
    for (b, w) in p.iter().enumerate() {
        let a = b as f32 * std::f32::consts::TAU / HUES as f32;
        x += w * a.cos();
        y += w * a.sin();
    }
    (y.atan2(x), x.hypot(y))
}

/// What "close" means for two hues in this puzzle, and how much the
/// puzzle's hues say at all: half the median distance from each one-hue
/// class to its second nearest (its nearest is, in coded art, its own
/// picture's other half), and a weight from 0 to 1 by that median: hues
/// spread round the wheel (colour half-discs: 25 degrees and more apart
/// on a 6x6) pair; hues all within a few degrees (photo crops of a few
/// photographs, all browns and greys: under 6) are measurement noise and
/// weigh nothing.
fn hue_span(hues: &[(f32, f32)]) -> (f32, f32) {
    let share: f32 = std::env::var("UNSCRAMBLE_INFER_DEBUG_HUESPAN")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(SPAN_SHARE);
    let sure: Vec<f32> = hues
        .iter()
        .filter(|h| h.1 >= ONE_HUE)
        .map(|h| h.0)
        .collect();
    let mut second: Vec<f32> = sure
        .iter()
        .map(|&a| {
            let mut d: Vec<f32> = sure.iter().map(|&b| angle(a, b)).collect();
            d.sort_by(f32::total_cmp);
            // d[0] is the class itself.
            d.get(2).copied().unwrap_or(std::f32::consts::PI)
        })
        .collect();
    if second.is_empty() {
        return (std::f32::consts::PI, 0.0);
    }
    second.sort_by(f32::total_cmp);
    let median = second[second.len() / 2];
    let (lo, hi) = (SPREAD_NOISE.to_radians(), SPREAD_SURE.to_radians());
    let weight = ((median - lo) / (hi - lo)).clamp(0.0, 1.0);
    ((share * median).max(0.02), weight)
}

/// See [`hue_span`]: the share of the median second nearest hue that is
/// "far", and the medians (degrees) under which hues weigh nothing and
/// from which they weigh fully. Chosen on the development seeds' odd
/// half and checked on the even half (docs/infer.md, "Coded art: the hue
/// against the puzzle's spread").
const SPAN_SHARE: f32 = 0.5;
const SPREAD_NOISE: f32 = 6.0;
const SPREAD_SURE: f32 = 12.0;

/// A class whose palette lies this much at one hue is of one colour.
const ONE_HUE: f32 = 0.5;

fn angle(a: f32, b: f32) -> f32 {
    let d = (a - b).rem_euclid(std::f32::consts::TAU);
    d.min(std::f32::consts::TAU - d)
}

/// Two classes' hues apart over the puzzle's `span`, at most 1, weighed by
/// how much each is of one hue.
fn hue_distance(a: (f32, f32), b: (f32, f32), (span, weight): (f32, f32)) -> f32 {
    weight * a.1.min(1.0) * b.1.min(1.0) * (angle(a.0, b.0) / span).min(1.0)
}

/// Difference of two palettes (0..2), blurred over neighbouring hues first:
/// the solid and the pale half of one colour fall a bin apart.
fn palette_distance(a: &[f32; HUES], b: &[f32; HUES]) -> f32 {
    let blur = |p: &[f32; HUES]| -> [f32; HUES] {
        std::array::from_fn(|i| {
            (0..3)
                .map(|k| p[(i + HUES + k - 1) % HUES] * [1.0, 2.0, 1.0][k] / 4.0)
                .sum()
        })
    };
    let (a, b) = (blur(a), blur(b));
    (0..HUES).map(|i| (a[i] - b[i]).abs()).sum()
}

fn mean_strip<'a>(strips: impl Iterator<Item = &'a Vec<looks::Lab>>) -> Vec<looks::Lab> {
    let mut sum = vec![[0.0f32; 3]; looks::STRIP];
    let mut n = 0.0;
    for s in strips {
        for (a, b) in sum.iter_mut().zip(s) {
            (0..3).for_each(|c| a[c] += b[c]);
        }
        n += 1.0;
    }
    sum.iter()
        .map(|a| a.map(|x| x / f32::max(n, 1.0)))
        .collect()
}

/// Prints the classes, their hues and every term (measuring switch).
fn dump(classes: &Classes, t: &Terms) {
    for (c, m) in classes.members.iter().enumerate() {
        let hs: Vec<String> = m
            .iter()
            .map(|h| format!("{}{}", h / 4 + 1, ["r", "t", "l", "b"][h % 4]))
            .collect();
        let (a, r) = t.class_hues[c];
        eprintln!(
            "TERMS class {c} hue {:.1} one {r:.2} conf {:.2}: {}",
            a.to_degrees(),
            classes.confidence[c],
            hs.join(" ")
        );
    }
    for (name, m) in [
        ("band", &t.band),
        ("outline", &t.outline),
        ("palette", &t.palette),
        ("hue", &t.hue),
    ] {
        for row in m {
            let row: Vec<String> = row.iter().map(|v| format!("{v:.4}")).collect();
            eprintln!("TERMS {name} {}", row.join(" "));
        }
    }
}

#[cfg(test)]
mod tests;
