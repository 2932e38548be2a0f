//! What a turn leaves along each side: a wedge of fill colour between the
//! frame and the picture's turned edge, as deep as the turn times the
//! distance from the side's middle, on one half of the side only. Each side
//! is read turned to the top ([`Work::at`]), so a turn puts its wedge on the
//! same half (right for a positive angle here) of every side.

use super::super::{Work, WORK};

/// Deepest fill run read from the frame inward, pixels: a 3 degree turn
/// makes a wedge 10.5 pixels deep at the corner of the 400-pixel tile. A
/// run this long (or longer) is the picture's own ground, not a wedge, and
/// says nothing.
pub(super) const MAX_RUN: usize = 10;
/// Colour distance (0..255 RGB) from the corners' colour beyond which a
/// pixel is picture, not fill: above JPEG's and noise's spread, below the
/// contrast of a picture against a plain ground.
const FILL_SPREAD: f32 = 32.0;
/// A point read farther than this (pixels) from the depth an angle
/// predicts counts this much and no more: one stray point does not outweigh
/// a side.
const COST_CAP: f32 = 3.0;
/// Wedge points are those the angle makes at least this deep (pixels):
/// shallower, blur and resampling hide them.
pub(super) const WEDGE_DEPTH: f32 = 1.5;
/// A read run agrees with the depth predicted within this (pixels).
const AGREES: f32 = 1.5;

/// The fill run along each side, from the frame inward, for every point
/// of the side (`MAX_RUN` where no picture shows within it).
pub(super) fn runs(work: &Work) -> [[u8; WORK]; 4] {
    let mut out = [[MAX_RUN as u8; WORK]; 4];
    for (side, runs) in out.iter_mut().enumerate() {
        // The fill may be lit unevenly: blended along the side from the
        // colours of its two corners.
        let corner = |u: usize| {
            let mut sum = [0.0f32; 3];
            for (du, v) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let p = work.at(side, u + du, v);
                (0..3).for_each(|i| sum[i] += p[i] / 4.0);
            }
            sum
        };
        let (first, last) = (corner(0), corner(WORK - 2));
        for (u, run) in runs.iter_mut().enumerate() {
            let t = u as f32 / (WORK - 1) as f32;
            let fill: [f32; 3] = std::array::from_fn(|i| first[i] * (1.0 - t) + last[i] * t);
            let picture = (0..=MAX_RUN).find(|&v| {
                let p = work.at(side, u, v);
                let d2: f32 = (0..3).map(|i| (p[i] - fill[i]).powi(2)).sum();
                d2 >= FILL_SPREAD * FILL_SPREAD
            });
            *run = picture.unwrap_or(MAX_RUN) as u8;
        }
    }
    out
}

/// The wedge's depth at point `u` of a side for a turn of `degrees` (the
/// convention of this module: positive puts the wedge on the right half).
pub(super) fn depth(tan: f32, u: usize) -> f32 {
    ((u as f32 - (WORK as f32 - 1.0) / 2.0) * tan).max(0.0)
}

/// How badly `degrees` explains each side's runs: the summed distance
/// (capped) between each run read and the depth predicted.
pub(super) fn costs(runs: &[[u8; WORK]; 4], degrees: f32) -> [f32; 4] {
    let tan = degrees.to_radians().tan();
    std::array::from_fn(|side| {
        runs[side]
            .iter()
            .enumerate()
            .filter(|&(_, &r)| usize::from(r) < MAX_RUN)
            .map(|(u, &r)| (f32::from(r) - depth(tan, u)).abs().min(COST_CAP))
            .sum()
    })
}

/// One side read under the angle found.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Side {
    /// Points of the wedge half where picture shows within the runs read.
    pub wedge: usize,
    /// Of those, the points whose run is the wedge's depth.
    pub filled: usize,
    /// Points of the other half where picture shows within the runs read.
    pub other: usize,
    /// Of those, the points where picture starts at the frame.
    pub at_frame: usize,
}

/// Each side's evidence for `degrees`.
pub(super) fn sides(runs: &[[u8; WORK]; 4], degrees: f32) -> [Side; 4] {
    let tan = degrees.to_radians().tan();
    std::array::from_fn(|side| {
        let mut s = Side::default();
        for (u, &r) in runs[side].iter().enumerate() {
            if usize::from(r) >= MAX_RUN {
                continue;
            }
            let (r, d) = (f32::from(r), depth(tan, u));
            if d >= WEDGE_DEPTH {
                s.wedge += 1;
                s.filled += usize::from((r - d).abs() <= AGREES);
            } else if d == 0.0 {
                s.other += 1;
                s.at_frame += usize::from(r <= 1.0);
            }
        }
        s
    })
}
