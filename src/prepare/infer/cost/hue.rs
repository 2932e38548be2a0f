//! The hues of the pictures reading's classes: each class's mean hue, and
//! how far apart two hues lie against the spread of hues in the puzzle.

use super::HUES;

/// A palette's mean hue (radians) and how much of it lies at that hue
/// (0..1: 1 for one hue, near 0 for many or none).
pub(super) fn mean_hue(p: &[f32; HUES]) -> (f32, f32) {
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
pub(super) fn hue_span(hues: &[(f32, f32)]) -> (f32, f32) {
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
/// half and checked on the even half (docs/infer-journal.md, "Coded art: the hue
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
pub(super) fn hue_distance(a: (f32, f32), b: (f32, f32), (span, weight): (f32, f32)) -> f32 {
    weight * a.1.min(1.0) * b.1.min(1.0) * (angle(a.0, b.0) / span).min(1.0)
}
