//! How much of a pixel is its tile's ground where a drawing blends into
//! it: along the drawing's anti-aliased rim ([`drawing`]) and under its
//! translucent shadow ([`shadows`]). Apart from grounds.rs: these are the
//! two models of a blend, each with its own guard against taking drawing
//! for ground.

use super::{dist, WORK};

/// How much of `p` is drawing, 0..1, when it may be a blend of the ground
/// `g` and the drawing's colour `f` beside it (a rim pixel): where `p` lies
/// along the line from `g` to `f`. A colour off that line by more than
/// `off` is no such blend, and all drawing: inside a drawing, a fill beside
/// its dark outline is not a blend of the outline and the ground.
pub(super) fn drawing(p: [f32; 3], g: [f32; 3], f: [f32; 3], off: f32) -> f32 {
    let d: [f32; 3] = std::array::from_fn(|c| f[c] - g[c]);
    let q: [f32; 3] = std::array::from_fn(|c| p[c] - g[c]);
    let dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
    if dd <= off * off {
        return 1.0;
    }
    let t = ((q[0] * d[0] + q[1] * d[1] + q[2] * d[2]) / dd).clamp(0.0, 1.0);
    let along: [f32; 3] = std::array::from_fn(|c| q[c] - t * d[c]);
    if dist(along, [0.0; 3]) > off {
        return 1.0;
    }
    t
}

/// Per pixel, how much of the ground `g` shows through it where it is the
/// ground darkened, a drawing's shadow (translucent black laid over the
/// ground: every channel the ground's times one factor, [`shade`]),
/// reached from the ground (`on`) through such pixels: that factor, by
/// which the shadow over the puzzle's one ground is the same darkening of
/// it. 0 elsewhere. Tux Paint's buildings cast such shadows; on tiles of
/// other grounds a shadow took each tile's tint.
pub(super) fn shadows(mean: &[[f32; 3]], on: &[bool], g: [f32; 3], scatter: f32) -> Vec<f32> {
    let mut out = vec![0.0f32; WORK * WORK];
    let mut todo: Vec<usize> = (0..WORK * WORK).filter(|&i| on[i]).collect();
    let mut seen = on.to_vec();
    while let Some(i) = todo.pop() {
        let (x, y) = (i % WORK, i / WORK);
        for ny in y.saturating_sub(1)..=(y + 1).min(WORK - 1) {
            for nx in x.saturating_sub(1)..=(x + 1).min(WORK - 1) {
                let j = ny * WORK + nx;
                if seen[j] {
                    continue;
                }
                seen[j] = true;
                let c = shade(mean[j], g, scatter);
                if c > 0.0 {
                    out[j] = c;
                    todo.push(j);
                }
            }
        }
    }
    out
}

/// The factor by which `p` is the ground `g` darkened, when its channels'
/// ratios to the ground's agree within what a shadow shows ([`SHADE_OFF`],
/// and `scatter` for a scan's noise), or 0.
pub(super) fn shade(p: [f32; 3], g: [f32; 3], scatter: f32) -> f32 {
    let gg = g[0] * g[0] + g[1] * g[1] + g[2] * g[2];
    if gg <= 0.0 {
        return 0.0;
    }
    let c = (p[0] * g[0] + p[1] * g[1] + p[2] * g[2]) / gg;
    if !(SHADE_FROM..=1.0).contains(&c) {
        return 0.0;
    }
    let off_line: [f32; 3] = std::array::from_fn(|k| p[k] - c * g[k]);
    if dist(off_line, [0.0; 3]) > SHADE_OFF * c * gg.sqrt() + scatter {
        return 0.0;
    }
    c
}

/// How far off the darkened ground (as a share of it) a shadow's colour
/// may lie: a neutral grey on a pale ground of saturation 0.12 lies about
/// 0.07 off it. A drawing in a darker shade of its tile's very ground
/// colour is taken for shadow (a blue-grey can on a pale blue tile).
const SHADE_OFF: f32 = 0.025;

/// Darker than this share of the ground, a colour's ratio to it is lost
/// in its few levels: no shadow.
const SHADE_FROM: f32 = 0.2;
