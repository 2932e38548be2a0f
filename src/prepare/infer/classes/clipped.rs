//! Comparing two halves when the puzzle's number disc cut one's ink
//! ([`Half::clipped`]): a long name beside a left or right edge runs towards
//! the centre and shows only its part away from it ("SHARK FRON" beside the
//! left edge, "HARK FRONT" beside the right, "SHARK FRONT" whole at the
//! bottom). Its extent and normalised shape are then not the name's; its
//! pixels are, from the end away from the centre.

use super::super::halves::{Half, Mask};
use super::mask_distance;

/// The shape part of [`super::distance`] for a pair of which at least one
/// is clipped: under the best turn, the pixel difference of the two ink
/// pictures laid end to end at their ends away from the centre, the longer
/// one cut to the shorter's length when the shorter is the clipped one
/// (what lies beyond is hidden in it). Weighted twice, as it stands for
/// the shape, extent and pixel terms together.
pub(super) fn shape(a: &Half, b: &Half) -> f32 {
    let best = (0..4)
        .map(|k| {
            let turns = (k + 1) % 4;
            let db = b.clipped.map(|d| turned(d, turns));
            aligned(&a.turns[3], a.clipped, &b.turns[k], db)
        })
        .fold(1.0f32, f32::min);
    2.0 * best
}

/// `d` turned a quarter turn counter-clockwise `times` times, as
/// [`Mask::turned`] turns a picture.
fn turned(d: (i8, i8), times: usize) -> (i8, i8) {
    (0..times).fold(d, |(dx, dy), _| (dy, -dx))
}

/// The pixel difference of `a` and `b` (each clipped towards its
/// direction, if any) laid end to end away from the centre; 1 when they
/// cannot be laid so (clipped along different axes or towards each other).
fn aligned(a: &Mask, da: Option<(i8, i8)>, b: &Mask, db: Option<(i8, i8)>) -> f32 {
    let (a, b) = (&trimmed(a, da), &trimmed(b, db));
    let dir = match (da, db) {
        (Some(x), Some(y)) if x == (-y.0, -y.1) => return overlapped(a, x, b),
        (Some(x), Some(y)) if x != y => return 1.0,
        (Some(x), _) | (_, Some(x)) => x,
        (None, None) => return mask_distance(a, std::slice::from_ref(b)),
    };
    let along = |m: &Mask| if dir.0 != 0 { m.w } else { m.h };
    let (short, short_dir, long) = if along(a) <= along(b) {
        (a, da, b)
    } else {
        (b, db, a)
    };
    if short_dir.is_none() {
        // The whole name is the shorter one: nothing of the longer is
        // hidden, and the plain comparison tells them apart.
        return mask_distance(a, std::slice::from_ref(b));
    }
    let cut = keep_far_end(long, dir, along(short) + 1);
    mask_distance(short, std::slice::from_ref(&cut))
}

/// The pixel difference of two names cut at opposite ends (`a` towards
/// `dir`, `b` away from it: one beside the left edge showing its start,
/// one beside the right showing its end), over their common part: `b`'s
/// start slid along `a`, the part they share at least [`SHARED`] of the
/// shorter, at the best place.
fn overlapped(a: &Mask, dir: (i8, i8), b: &Mask) -> f32 {
    let along = |m: &Mask| if dir.0 != 0 { m.w } else { m.h };
    let (la, lb) = (along(a), along(b));
    let least = ((la.min(lb) as f32 * SHARED).ceil() as usize).max(1);
    let mut best = 1.0f32;
    // `len`: how much of `a`'s end towards `dir` lies on `b`'s end away from it.
    let mut len = least;
    while len <= la.min(lb) {
        let pa = keep_far_end(a, (-dir.0, -dir.1), len);
        let pb = keep_far_end(b, dir, len);
        best = best.min(mask_distance(&pa, std::slice::from_ref(&pb)));
        len += 2;
    }
    best
}

/// The least share of the shorter of two names cut at opposite ends that
/// must lie on the other for them to be compared.
const SHARED: f32 = 0.6;

/// `m` without the last [`TRIM`] pixels at its end towards `dir`, when it
/// has one: the disc cut that end along a curve, through a letter.
fn trimmed(m: &Mask, dir: Option<(i8, i8)>) -> Mask {
    match dir {
        Some(d) => {
            let along = if d.0 != 0 { m.w } else { m.h };
            keep_far_end(m, d, along.saturating_sub(TRIM).max(1))
        }
        None => m.clone(),
    }
}

/// Pixels left off a clipped name's cut end.
const TRIM: usize = 3;

/// The part of `m` at the end away from `dir` (the centre), `len` pixels
/// long along `dir`'s axis.
fn keep_far_end(m: &Mask, dir: (i8, i8), len: usize) -> Mask {
    let (x0, y0, w, h) = match dir {
        (-1, _) => (m.w.saturating_sub(len), 0, len.min(m.w), m.h),
        (1, _) => (0, 0, len.min(m.w), m.h),
        (_, -1) => (0, m.h.saturating_sub(len), m.w, len.min(m.h)),
        _ => (0, 0, m.w, len.min(m.h)),
    };
    let at = |i: usize| (y0 + i / w) * m.w + x0 + i % w;
    let on: Vec<bool> = (0..w * h).map(|i| m.on[at(i)]).collect();
    let level = if m.level.len() == m.on.len() {
        (0..w * h).map(|i| m.level[at(i)]).collect()
    } else {
        Vec::new()
    };
    Mask {
        w,
        h,
        count: on.iter().filter(|&&x| x).count(),
        on,
        level,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of "letters" (bars `widths` wide, 2 px apart), 10 px high.
    fn word(widths: &[usize]) -> Mask {
        let w: usize = widths.iter().map(|x| x + 2).sum();
        let mut on = vec![false; w * 10];
        let mut x = 0;
        for &b in widths {
            for y in 0..10 {
                for xx in x..x + b {
                    on[y * w + xx] = (xx + y) % 3 != 0;
                }
            }
            x += b + 2;
        }
        Mask {
            w,
            h: 10,
            count: on.iter().filter(|&&x| x).count(),
            on,
            level: Vec::new(),
        }
    }

    #[test]
    fn a_name_cut_at_its_centre_end_matches_it_whole_and_not_another() {
        let whole = word(&[3, 5, 2, 6, 4, 3, 5]);
        // Beside the left edge: its end towards the centre (the right) cut.
        let left_cut = keep_far_end(&whole, (1, 0), 20);
        assert!(mask_distance(&left_cut, std::slice::from_ref(&whole)) > 0.3);
        assert!(aligned(&left_cut, Some((1, 0)), &whole, None) < 0.05);
        // Beside the right edge: its start cut.
        let right_cut = keep_far_end(&whole, (-1, 0), 20);
        assert!(aligned(&whole, None, &right_cut, Some((-1, 0))) < 0.05);
        // Another name with the same start, cut alike, is not the whole one.
        let other = word(&[3, 5, 2, 2, 2, 7, 1]);
        assert!(aligned(&right_cut, Some((-1, 0)), &other, None) > 0.2);
        // A whole name shorter than a cut one is another name.
        let short = word(&[3, 5]);
        assert!(aligned(&short, None, &left_cut, Some((1, 0))) > 0.3);
    }

    #[test]
    fn a_name_cut_at_either_end_matches_itself_cut_at_the_other() {
        let whole = word(&[3, 5, 2, 6, 4, 3, 5, 4, 2]);
        let start = keep_far_end(&whole, (1, 0), 44);
        let end = keep_far_end(&whole, (-1, 0), 44);
        assert!(aligned(&start, Some((1, 0)), &end, Some((-1, 0))) < 0.05);
        let other = word(&[6, 2, 6, 2, 1, 7, 1, 2, 5]);
        let other_end = keep_far_end(&other, (-1, 0), 44);
        assert!(aligned(&start, Some((1, 0)), &other_end, Some((-1, 0))) > 0.15);
    }

    #[test]
    fn a_direction_turns_as_a_picture_does() {
        assert_eq!(turned((1, 0), 1), (0, -1), "the right end goes up");
        assert_eq!(turned((0, 1), 2), (0, -1));
        assert_eq!(turned((-1, 0), 4), (-1, 0));
    }
}
