//! Tiles scanned slightly turned: a scanner or a phone turns each picture by
//! a degree or two and fills the corners it uncovers with a plain colour.
//! At 1.5 degrees the edge of a 400-pixel tile moves by 5 pixels at its
//! ends, so the strips compared along a seam no longer face each other and
//! the corners hold fill instead of picture. Each tile's turn is measured and
//! undone before its halves are cut, but only where the evidence is clear:
//! a real scan's card border, a frame or a plain ground must never be read
//! as a turn (a first version that read any corner colour as fill turned
//! every corpus card and read none of them right).
//!
//! The evidence is what a turn leaves and nothing else does (see
//! [`wedges`]): along each side, a wedge of the corners' colour that grows
//! linearly from the side's middle to one corner, the same half on all four
//! sides, with picture starting right at the frame on the other half. The
//! angle is the one whose wedges best match the fill runs read along the
//! four sides; it is undone only when every side that shows its wedge
//! agrees with it, and beats no turn by a clear margin.

mod wedges;

use super::{Work, WORK};
use wedges::{costs, runs, sides};

/// Largest turn looked for, in degrees: a scan turned more than this is
/// `cut`'s job (a crooked sheet), not a slight turn.
const MAX_DEGREES: f32 = 3.0;
/// Step of the search over angles, in degrees: 0.1 degree moves the end of
/// an edge by a third of a pixel.
const STEP: f32 = 0.1;
/// Turns smaller than this (degrees) are left alone: they move an edge by
/// about a pixel, and resampling would only blur the picture.
const MIN_UNDONE: f32 = 0.3;
/// A side shows its wedge when picture shows within the runs read at this
/// many points of its wedge half: elsewhere the picture's ground has the
/// fill's colour and the side says nothing.
const MIN_SEEN: usize = 20;
/// At least this many sides must show their wedge.
const MIN_SIDES: usize = 3;
/// Share of a seen wedge's points whose run is the wedge's depth.
const MIN_FILLED: f32 = 0.7;
/// Share of the other half's points (where picture shows) where picture
/// starts at the frame: a border or frame all around fails this.
const MIN_AT_FRAME: f32 = 0.8;
/// Least summed gain (pixels of run explained) of the angle over no turn.
const MIN_GAIN: f32 = 60.0;

/// The turn found on one tile, and why it was (not) undone.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Turn {
    /// Degrees undone (0 when none was), in the convention of
    /// [`turned_point`].
    pub degrees: f32,
    /// The best angle measured, undone or not.
    pub measured: f32,
    /// Why the turn was or was not undone (for the debug output).
    pub why: &'static str,
}

impl Work {
    /// The tile with its slight turn undone when the evidence is clear.
    pub(crate) fn straightened(self) -> (Work, Turn) {
        let turn = estimate(&self);
        if turn.degrees == 0.0 {
            return (self, turn);
        }
        (turn_back(&self, turn.degrees), turn)
    }
}

/// The tile's turn: the angle whose wedges best explain the fill runs along
/// its four sides, kept only when the checks above pass.
pub(crate) fn estimate(work: &Work) -> Turn {
    let runs = runs(work);
    let steps = (MAX_DEGREES / STEP).round() as i32;
    let mut best = (0.0f32, f32::INFINITY);
    for k in -steps..=steps {
        let degrees = k as f32 * STEP;
        let cost: f32 = costs(&runs, degrees).iter().sum();
        if cost < best.1 {
            best = (degrees, cost);
        }
    }
    let angle = best.0;
    // The wedges' convention is the turn's in `turned_point`.
    let verdict = |why| Turn {
        degrees: 0.0,
        measured: angle,
        why,
    };
    if angle.abs() < MIN_UNDONE {
        return verdict("small");
    }
    let (at, none) = (costs(&runs, angle), costs(&runs, 0.0));
    let evidence = sides(&runs, angle);
    let seen: Vec<usize> = (0..4).filter(|&s| evidence[s].wedge >= MIN_SEEN).collect();
    if seen.len() < MIN_SIDES {
        return verdict("wedges not seen");
    }
    if seen.iter().any(|&s| at[s] >= none[s]) {
        return verdict("a side disagrees");
    }
    let share = |part: usize, whole: usize| part as f32 / whole.max(1) as f32;
    if seen
        .iter()
        .any(|&s| share(evidence[s].filled, evidence[s].wedge) < MIN_FILLED)
    {
        return verdict("a wedge is not fill");
    }
    if evidence
        .iter()
        .any(|s| share(s.at_frame, s.other) < MIN_AT_FRAME)
    {
        return verdict("picture does not start at the frame");
    }
    let gain: f32 = (0..4).map(|s| none[s] - at[s]).sum();
    if gain < MIN_GAIN {
        return verdict("small gain");
    }
    Turn {
        degrees: angle,
        measured: angle,
        why: "undone",
    }
}

/// Where the point `(dx, dy)` (from the tile's centre, in the untouched
/// tile) appears once the tile is turned by `degrees`.
fn turned_point(degrees: f32, dx: f32, dy: f32) -> (f32, f32) {
    let (sin, cos) = degrees.to_radians().sin_cos();
    let c = (WORK as f32 - 1.0) / 2.0;
    (c + dx * cos - dy * sin, c + dx * sin + dy * cos)
}

/// The picture at `(x, y)`, interpolated; a point outside reads the nearest
/// border pixel.
fn sample_clamped(work: &Work, x: f32, y: f32) -> [f32; 3] {
    let last = WORK as f32 - 1.0;
    let (x, y) = (x.clamp(0.0, last), y.clamp(0.0, last));
    let (x0, y0) = (x.floor() as usize, y.floor() as usize);
    let (x1, y1) = ((x0 + 1).min(WORK - 1), (y0 + 1).min(WORK - 1));
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let p = |x: usize, y: usize| work.px[y * WORK + x];
    let (a, b, c, d) = (p(x0, y0), p(x1, y0), p(x0, y1), p(x1, y1));
    std::array::from_fn(|i| {
        let top = a[i] * (1.0 - fx) + b[i] * fx;
        let bottom = c[i] * (1.0 - fx) + d[i] * fx;
        top * (1.0 - fy) + bottom * fy
    })
}

/// The tile turned back by `degrees`: each pixel of the untouched tile read
/// where the turn put it. The corners the turn cut off are lost; they read
/// the nearest border pixel.
fn turn_back(work: &Work, degrees: f32) -> Work {
    let c = (WORK as f32 - 1.0) / 2.0;
    let mut px = Vec::with_capacity(WORK * WORK);
    for y in 0..WORK {
        for x in 0..WORK {
            let (sx, sy) = turned_point(degrees, x as f32 - c, y as f32 - c);
            px.push(sample_clamped(work, sx, sy));
        }
    }
    Work { px }
}

#[cfg(test)]
mod tests;
