//! A class confirmed by its partner's seams: how sure the pictures reading
//! may be that a class holds one print, measured across the seam rather
//! than by the class's looks.
//!
//! A class's look confidence ([`Classes::confidence`]) is 1 − its widest
//! spread over its nearest stranger; a photo crop's nearest stranger is its
//! own other half or another crop of one photograph, so right classes of
//! photo crops score 0.44 to 0.80 and bound readings whose pairing is
//! clear. The seams say more: under the true pairing every member of a
//! class continues every member of its partner class (one print's edge
//! against its other half's, up to noise). A class that holds halves of
//! two prints pairs with at most one of their other halves' prints, so some
//! of its members meet some of its partner's members no better than
//! strangers. This measures, per class, the worst such meeting: each
//! member against each member of its partner, over the lesser of the two
//! halves' stranger costs (the median against every other tile's halves,
//! as [`super::board`] measures a solved board's seams).
//!
//! When the seams confirm the classes, a class is judged by its looks
//! beside the other prints only, and not beside a print the seams tell
//! apart from it ([`told_apart`]): two crops of one photograph look alike
//! half for half, yet each continues its own other half clearly better
//! than the other's.

use super::board;
use super::classes::{self, Classes};
use super::looks::Look;
use super::outline::Outline;
use super::seam;

/// What lies under the pictures, as [`confirmed`] weighs it. The two
/// kinds were measured apart: reading the cross seams on the picture only
/// was measured on gradients (`critters2`), judging a class beside the
/// prints the seams do not tell apart on both (`seams2`, `things2`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Grounds {
    /// A ground whose colour changes across the tiles
    /// ([`super::looks::coloured_ground`]: emoji on a gradient).
    pub gradient: bool,
    /// Each tile on a plain ground of its own, brought to one
    /// ([`super::halves::grounds`]: clip art `things`).
    pub evened: bool,
}

impl Grounds {
    /// Whether copies of one half lie on other colours.
    pub(crate) fn vary(self) -> bool {
        self.gradient || self.evened
    }
}

/// Per class, the worst seam between one of its members and one of its
/// partner's (under `pairs`) over the lesser of their stranger costs;
/// infinite for a class without members or partner (nothing confirms it,
/// so a reading with a blank class is never confirmed).
///
/// On a coloured ground (`gradient`, see [`Grounds`]) each seam is
/// measured on the picture only ([`seam::on_picture`]): two copies of one
/// half lie on other colours of the ramp, and the ground beside the figure
/// (weighed at 0.05 by the band, at full weight by the prediction) made a
/// true pair's seam as dear as a median stranger's (unseen critters 4x4
/// s1038: the monkey's two halves continue exactly, green ground against
/// red, ratio 0.98; docs/infer-journal.md, "Critters: the cross seams read
/// on the picture").
fn cross_seams(
    looks: &[Look],
    outlines: &[Option<Outline>],
    classes: &Classes,
    pairs: &[(usize, usize)],
    (hue_spread, gradient): (f32, bool),
) -> Vec<f32> {
    let n = looks.len();
    let measures = seam::in_use(hue_spread);
    let cost = |a: usize, b: usize| {
        let whole = || board::cost(&measures, looks, outlines, (a, b));
        if gradient {
            on_picture(&measures, looks, outlines, (a, b)).unwrap_or_else(whole)
        } else {
            whole()
        }
    };
    let mut costs = vec![vec![f32::NAN; n]; n];
    // A symmetric matrix, each pair measured once: filled by index.
    #[allow(clippy::needless_range_loop)]
    for a in 0..n {
        for b in a + 1..n {
            if a / 4 != b / 4 {
                let c = cost(a, b);
                costs[a][b] = c;
                costs[b][a] = c;
            }
        }
    }
    let strangers: Vec<f32> = costs
        .iter()
        .map(|row| {
            let mut c: Vec<f32> = row.iter().copied().filter(|c| !c.is_nan()).collect();
            c.sort_by(f32::total_cmp);
            c.get(c.len() / 2).copied().unwrap_or(f32::INFINITY)
        })
        .collect();
    let mut out = vec![f32::INFINITY; classes.members.len()];
    for &(p, m) in pairs {
        let (Some(ps), Some(ms)) = (classes.members.get(p), classes.members.get(m)) else {
            continue;
        };
        if ps.is_empty() || ms.is_empty() {
            continue;
        }
        let worst = ps
            .iter()
            .flat_map(|&a| ms.iter().map(move |&b| (a, b)))
            .map(|(a, b)| {
                if a / 4 == b / 4 {
                    // Two halves of one tile never meet: no evidence.
                    0.0
                } else {
                    costs[a][b] / strangers[a].min(strangers[b]).max(1e-6)
                }
            })
            .fold(0.0f32, f32::max);
        out[p] = worst;
        out[m] = worst;
    }
    out
}

/// [`board::cost`] on the picture only ([`seam::on_picture`]); `None` when
/// neither half's strip shows picture.
fn on_picture(
    measures: &[(seam::Measure, f32)],
    looks: &[Look],
    outlines: &[Option<Outline>],
    (a, b): (usize, usize),
) -> Option<f32> {
    let edge = |h: usize| seam::Edge {
        strips: &looks[h].strips,
        fg: &looks[h].strip_fg,
        outline: outlines.get(h).and_then(Option::as_ref),
    };
    let (ea, eb) = (edge(a), edge(b));
    let mut sum = 0.0;
    for &(m, w) in measures {
        sum += w * seam::on_picture(m, &ea, &eb)?;
    }
    Some(sum / super::cost::SEAM_SCALE)
}

/// Per class, its look confidence ([`Classes::confidence`]: 1 − its widest
/// spread over its nearest stranger) with its partner's members (under
/// `pairs`) not counted as strangers: the two halves of one photo crop show
/// the two sides of one line of the photograph and may look closer to each
/// other than to any other print, which says nothing against either class.
/// Nor, for a class no wider than most ([`WIDE`]) or on grounds that vary
/// (`grounds_vary`, see [`confirmed`]), the members of a class the seams
/// tell apart from it ([`told_apart`]).
///
/// Only a class whose own pair the seams confirm (`confirmed[c]`) is
/// judged so; the others keep their look confidence, and count as
/// strangers to every class however the seams tell them apart: a pair
/// that meets like strangers says the reading may be wrong about it.
fn looks_beside_partner(
    dist: &[Vec<f32>],
    cost: &[Vec<f32>],
    classes: &Classes,
    (pairs, confirmed): (&[(usize, usize)], &[bool]),
    grounds_vary: bool,
) -> Vec<f32> {
    let k = classes.members.len();
    let mut partner = vec![usize::MAX; k];
    for &(a, b) in pairs {
        partner[a] = b;
        partner[b] = a;
    }
    let spreads: Vec<f32> = classes.members.iter().map(|m| width(dist, m)).collect();
    let mut typical: Vec<f32> = classes
        .members
        .iter()
        .zip(&spreads)
        .filter(|(m, _)| m.len() >= 2)
        .map(|(_, &s)| s)
        .collect();
    typical.sort_by(f32::total_cmp);
    let typical = typical.get(typical.len() / 2).copied().unwrap_or(0.0);
    (0..k)
        .map(|c| {
            if classes.members[c].is_empty() || !confirmed[c] {
                // A blank class (a half no tile shows), or one whose pair
                // the seams do not confirm: as its cut left it.
                return classes.confidence[c];
            }
            // A wide class its partner's halves come within: they count
            // as strangers too ([`partner::mingled`]).
            let mingled = !grounds_vary
                && partner::mingled(dist, classes, (c, partner[c]), (spreads[c], typical));
            if mingled && std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some() {
                eprintln!("DEBUG confirm: class {c} mingled with its partner, judged beside it");
            }
            let beside = |b: usize| classes.of[b] != c && (mingled || classes.of[b] != partner[c]);
            let narrow = grounds_vary || spreads[c] <= WIDE * typical;
            let unlike = |b: usize| {
                let d = classes.of[b];
                beside(b) && !(narrow && confirmed[d] && told_apart(cost, &partner, c, d))
            };
            // When the seams tell every other class apart from it, nothing
            // in its looks says it holds two prints: it is as narrow as
            // most, and no other class may be its print.
            if (0..classes.of.len()).any(unlike) {
                classes::sureness(dist, &classes.members[c], unlike)
            } else {
                1.0
            }
        })
        .collect()
}

/// The widest distance between two of `members` (a class's spread).
fn width(dist: &[Vec<f32>], members: &[usize]) -> f32 {
    members
        .iter()
        .flat_map(|&a| members.iter().map(move |&b| dist[a][b]))
        .fold(0.0f32, f32::max)
}

/// A class whose spread is more than this many times the puzzle's typical
/// class spread (the median) may hold two prints a little apart (held-out
/// photo 4x4 s70: the `+` halves of two crops of one photograph in one
/// class, 2.5 times the median; the least sure classes of one print in the
/// photo crops of dev seeds 1-10 and seen 58-93 measured 0.9 to 1.8 times,
/// up to 2.6 after a scan): its nearest strangers all count, however the
/// seams tell them apart. Not on a coloured ground, where the ground under
/// each copy widens one print's class ([`confirmed`]).
const WIDE: f32 = 1.5;

/// How much dearer, in pair cost ([`super::cost`]), exchanging the partners
/// of two classes must be for the seams to tell them apart: the margin the
/// pictures calibration writes at 0.9 ([`super::decide`]).
const TOLD_APART_BY: f32 = 0.3;

/// Do the seams tell classes `c` and `d` apart? Were they one print taken
/// for two (or two crops of one photograph as alike as copies), their
/// partners would be one print too, and each class would continue the
/// other's partner as well as its own: exchanging the partners would cost
/// nothing. When it costs at least [`TOLD_APART_BY`], `d`'s halves are not
/// the stranger that makes `c` unsure (held-out photo 5x5 s91: the `+`
/// halves of two crops of the astronaut 0.11 apart in looks, three times
/// a copy's spread, their partners exchanged 0.37 dearer).
fn told_apart(cost: &[Vec<f32>], partner: &[usize], c: usize, d: usize) -> bool {
    let (pc, pd) = (partner[c], partner[d]);
    if c == d || pc == usize::MAX || pd == usize::MAX || pd == c {
        return false;
    }
    cost[c][pd] + cost[d][pc] - cost[c][pc] - cost[d][pd] >= TOLD_APART_BY
}

/// The worst [`cross_seams`] ratio under which a pairing's seams confirm
/// its classes: every member of every class continues every member of its
/// partner clearly better than the median stranger. Measured on dev seeds
/// 1-10 and seen seeds 58-86 (docs/infer-journal.md, "A class confirmed by its
/// partner's seams"): on the odd seeds, readings that solve had a worst
/// ratio of at most 0.91 when right and at least 1.00 when wrong; on the
/// even seeds the wrong ones were at 1.01 and 1.19 (photo 4x4 s66 clean
/// and after noise, symbols 4x4 s74 turned).
pub(crate) const CONFIRMS_BELOW: f32 = 0.95;

/// How many pairs of a pairing may meet like strangers
/// ([`CONFIRMS_BELOW`] or more) while the seams still confirm the other
/// pairs' classes. A wrong pairing of right classes exchanges partners, so
/// at least two of its pairs differ from the truth, and those meet like
/// strangers: seen photo 4x4 s66 after noise, two pairs exchanged at 1.14
/// and 1.19, its unsure class (0.74) in a pair at 0.54. Confirming pair by
/// pair there wrote it at 0.96, 17 edges wrong. One pair astray is damage
/// or a class of two prints, which keeps its looks (fresh photo 3x3 s129
/// clean and noise, 6x6 s128 blur, critters 5x5 s1039 clean and noise:
/// one pair each at 0.96 to 1.02, every reading right).
pub(crate) const ASTRAY: usize = 1;

/// The classes' confidences as the seams confirm them, pair by pair: the
/// reading solves (the caller's test), and the worst meeting of a class's
/// member with one of its partner's ([`cross_seams`]) is under
/// [`CONFIRMS_BELOW`]. Then the class's closeness to its partner is checked
/// by the seams, and only its
/// closeness to the other prints ([`looks_beside_partner`]) says it may be
/// two prints taken for one: two pictures whose halves look alike and
/// continue alike (held-out photo 4x4 s70, A's and B's `+` halves in one
/// class, their `-` halves in its partner) pass the seams but not this.
/// `hue_spread` is the puzzle's ([`super::cost::Terms::spread`]), which
/// weighs the seam measures ([`seam::in_use`]).
///
/// `grounds` vary ([`Grounds::vary`]): the tiles lie on a ground whose
/// colour changes across them (emoji on a gradient), or each on a plain
/// ground of its own, brought to one (clip art `things`). There a class's spread
/// says little about two prints: each copy of a half lies on another
/// colour, its anti-aliased rim (a blur's too) mixes in that colour, and a
/// figure near the ground's colour is picture on one tile and ground on
/// another; one print's classes measured 1.5 to 2.9 times the puzzle's
/// median spread on unseen seeds 1001-1033 (docs/infer-journal.md, "Emoji
/// on a gradient: classes the seams confirm"), and up to 2.8 times in
/// `things` (6x6 of seed 16 blurred: a carrot's leaves, 0.29). The
/// [`WIDE`] rule is then not applied: a class is judged beside the prints
/// the seams do not tell apart, wide or not.
///
/// A pair the seams do not confirm leaves its two classes as their looks
/// say, and the pairs it does confirm are judged so all the same: one
/// pair of damaged halves meeting at 0.98 of a stranger held every other
/// class to its looks before (fresh photo 3x3 s129 clean: the crop p02's
/// two halves, each other's nearest print at 0.18, confirmed at 0.54 and
/// held at 0.71 by p03's pair at 0.98; docs/infer-journal.md, "Photo
/// crops: a pair confirmed by its own seams"). `None` when the seams
/// confirm no pair, when more than [`ASTRAY`] pairs meet like strangers,
/// or when a class has no members (nothing confirms it).
pub(crate) fn confirmed(
    looks: &[Look],
    outlines: &[Option<Outline>],
    classes: &Classes,
    (dist, cost): (&[Vec<f32>], &[Vec<f32>]),
    pairs: &[(usize, usize)],
    (hue_spread, grounds): (f32, Grounds),
    astray_at_most: usize,
) -> Option<Vec<f32>> {
    let cross = cross_seams(
        looks,
        outlines,
        classes,
        pairs,
        (hue_spread, grounds.gradient),
    );
    let ok: Vec<bool> = cross.iter().map(|&c| c < CONFIRMS_BELOW).collect();
    let beside = looks_beside_partner(dist, cost, classes, (pairs, &ok), grounds.vary());
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG_CONFIRM").is_some() {
        let show = |v: &[f32]| {
            v.iter()
                .map(|x| format!("{x:.3}"))
                .collect::<Vec<_>>()
                .join(",")
        };
        eprintln!(
            "DEBUGCONF cross {} beside {} looks {}",
            show(&cross),
            show(&beside),
            show(&classes.confidence)
        );
    }
    let astray = pairs.iter().filter(|&&(a, _)| !ok[a]).count();
    let blank = cross.iter().any(|c| c.is_infinite());
    (!blank && astray <= astray_at_most && astray < pairs.len()).then_some(beside)
}

mod partner;
#[cfg(test)]
mod tests;
pub(crate) mod unsolved;
