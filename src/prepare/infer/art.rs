//! The reading of pictures cut by the seam: the halves grouped by how they
//! look as pictures ([`looks`]), the classes paired by how their strips
//! continue across the seam ([`seam`]) and how alike their colours are
//! (the two halves of one picture share a palette: an animal's head and its
//! tail, a disc's solid and its pale half), checked by solving.
//!
//! Unlike the names reading, a pairing here must stand on the pictures: the
//! best pairing has to beat every other by a clear margin in how well its
//! seams continue, or the reading is refused with the classes in doubt.

use super::board;
use super::candidates::{best_pairings, support, SUPPORTED};
use super::classes::Classes;
use super::confirm::{self, unsolved};
use super::cost::{pair_costs, PairCosts};
use super::looks::{self, Look};
use super::outline::Outline;
use super::strokes::{self, Strokes};
use crate::kind::tiles::solve;
use against::seams_against;
use doubt::changed_classes;
use tie::seam_tied;

/// Look distances are divided by this so that 1 is "clearly different" for
/// the class cut: about the CIELAB distance between two prints.
const LOOK_SCALE: f32 = 20.0;
/// Pairings costing more than the best by this much are not considered.
const MARGIN: f32 = 3.0;
/// A pairing that solves but costs this much more than the best one that
/// does not is not the pictures' choice.
const UNSOLVABLE_GAP: f32 = 0.5;
/// Most candidate pairings listed.
const MAX_CANDIDATES: usize = 200;
/// The fewest classes the halves are cut into: two pictures. Two classes
/// (one picture) have no rival pairing, so such a reading is never
/// written; a larger jump at two classes (the cat's crops against the
/// astronaut's) must not hide the finer cut into prints below it.
pub(crate) const FEWEST_CLASSES: usize = 4;

/// What the pictures say, decided or not.
pub(crate) struct Reading {
    pub classes: Classes,
    pub pairs: Vec<(usize, usize)>,
    /// The cost of the best pairing, of the best other pairing, and whether
    /// the chosen one solves.
    pub cost: f32,
    pub rival: f32,
    pub solves: bool,
    /// The classes whose partner the best rival pairing changes.
    pub doubt: Vec<usize>,
    /// The pair costs the pairing was chosen by.
    pub costs: Vec<Vec<f32>>,
    /// How much cheaper the least supported pair of the chosen pairing is
    /// than its classes' typical other partner ([`support`]).
    pub support: f32,
    /// What the check of the chosen pairing searched, for its count.
    pub searched: solve::Searched,
    /// Whether the chosen pairing solves nothing while one that solves
    /// continues the seams better ([`against::seams_against`]): the colour terms
    /// outweighed the seams, and "unsolvable" rests on them alone.
    pub seams_against: bool,
    /// For a reading that solves nothing: the nearest rival pairing the
    /// solver did not rule out ([`open::nearest`]), which holds it back when
    /// near ([`open::is_near`]).
    pub open: Option<open::Open>,
    /// The board check ([`board::worst_seam`]) of the chosen pairing's first
    /// solution, when it solves and its margin is one the check may veto
    /// ([`super::decide::BOARD_CHECKED_BELOW`]).
    pub worst_seam: Option<f32>,
}

/// Hues at least this spread ([`super::cost::Terms::spread`]) mark coded
/// art, whose seams the board check does not weigh: 1 for every discs case
/// of seeds 1-64, 0 for most photo crops.
const CODED_SPREAD: f32 = 1.0;

/// Every two halves' look distance, 1 about clearly different, for the
/// cut into classes. Block differences under `floor` are not counted
/// ([`looks::FLOOR`], for pictures that went through JPEG). In a puzzle of
/// line drawings the halves' `strokes` are compared too ([`strokes`]).
pub(crate) fn look_distances(
    looks: &[Look],
    floor: f32,
    strokes: Option<&[Strokes]>,
) -> Vec<Vec<f32>> {
    let n = looks.len();
    let mut dist = vec![vec![0.0f32; n]; n];
    // Each `j` against every `i < j`, `LANES` of the `j` at once: the
    // same distances as `looks::distance(&looks[i], &looks[j])`, to the bit.
    for start in (1..n).step_by(looks::LANES) {
        let js: Vec<usize> = (start..n.min(start + looks::LANES)).collect();
        let group = looks::Group::new(&js.iter().map(|&j| &looks[j]).collect::<Vec<_>>());
        for i in 0..js[js.len() - 1] {
            let ds = looks::distances(&looks[i], &group, floor);
            for (&j, d) in js.iter().zip(ds) {
                if i < j {
                    let d = d / LOOK_SCALE;
                    dist[i][j] = d;
                    dist[j][i] = d;
                }
            }
        }
    }
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG_LOOKS").is_some() {
        for row in &dist {
            let row: Vec<String> = row.iter().map(|d| format!("{d:.3}")).collect();
            eprintln!("LOOKS {}", row.join(" "));
        }
    }
    if let Some(strokes) = strokes {
        strokes::add_to(&mut dist, strokes);
    }
    dist
}

/// Reads the pairing of `classes` from the halves' looks; the solver
/// checks candidates within `budget` placements. `grounds`: what lies
/// under the pictures, which [`confirm::confirmed`] weighs.
pub(crate) fn read(
    side: usize,
    looks: &[Look],
    outlines: &[Option<Outline>],
    (classes, dist): (Classes, &[Vec<f32>]),
    grounds: confirm::Grounds,
    budget: u64,
) -> Result<Reading, String> {
    let k = classes.members.len();
    if k % 2 == 1 || k < 2 {
        return Err(format!("{k} classes cannot be paired into pictures"));
    }
    let clock = super::timing::start();
    let PairCosts {
        all: cost,
        seams,
        strips,
        spread,
    } = pair_costs(looks, outlines, &classes);
    let candidates = best_pairings(&cost, MARGIN, MAX_CANDIDATES);
    clock.stage("art-costs");
    let Some(best) = candidates.first() else {
        return Err("no pairing of the classes".into());
    };
    let checks::Checked {
        spent,
        first_solving,
        first_board,
        searched,
        checks,
    } = checks::check(side, &classes.of, &candidates, budget);
    // The pictures' choice: the best pairing that solves, unless the
    // pictures clearly prefer one that does not (an unsolvable puzzle, or
    // classes cut wrong): then the best, which solves nothing.
    let at = match first_solving {
        Some((at, c)) if c - best.0 < UNSOLVABLE_GAP => at,
        _ => 0,
    };
    let chosen = candidates[at].0;
    let pairs = candidates[at].1.clone();
    // The rival is the next pairing at least as costly, or, when the
    // pictures preferred pairings the solver ruled out, the cheapest of
    // those: the choice then stands on solvability alone, which classes
    // cut too coarsely (both halves of a colour in one class) pass with
    // ease, so the margin is what the pictures said, negative.
    let next = if at > 0 {
        candidates.first().map(|c| (0, c))
    } else {
        candidates
            .iter()
            .enumerate()
            .find(|&(i, (c, _))| i != at && *c >= chosen)
    };
    let rival = next.map_or(chosen + MARGIN, |(_, (c, _))| *c);
    let solves = first_solving.is_some_and(|(i, _)| i == at);
    // In a reading that solves and that the seams carry, a rival the colour
    // terms alone bring near is read on the seams too ([`carried`]).
    let rival = match solves.then(|| {
        // Pairings not listed cost at least this much.
        let unlisted = match candidates.last() {
            Some((c, _)) if candidates.len() >= MAX_CANDIDATES => *c,
            _ => best.0 + MARGIN,
        };
        carried::rival(&candidates, at, &seams, unlisted)
    }) {
        Some(Some(r)) if r > rival => {
            if std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some() {
                eprintln!("DEBUG carried: rival {rival:.3} read on the seams {r:.3}");
            }
            r
        }
        _ => rival,
    };
    // A class its looks leave unsure, in a reading that solves: its
    // confidence as the seams of its partner confirm it, when they do.
    // A reading that solves nothing, against the nearest rival the solver
    // did not rule out ([`open`]): the classes the two pair otherwise are
    // in doubt when it is near.
    let open = if solves {
        None
    } else {
        let costs: Vec<f32> = candidates.iter().map(|(c, _)| *c).collect();
        open::nearest(&costs, &checks, at)
    };
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some() {
        eprintln!("DEBUG open: {open:?} of {} checked", checks.len());
    }
    let mut classes = classes;
    // The classes as the seams of their partners confirm them, `astray`
    // pairs allowed to meet like strangers ([`confirm::confirmed`]).
    let seams_confirm = |classes: &Classes, astray: usize| {
        confirm::confirmed(
            looks,
            outlines,
            classes,
            (dist, &cost),
            &pairs,
            (spread, grounds),
            astray,
        )
    };
    if solves && classes.least_sure() < super::decide::CLASS_SURE {
        if let Some(sure) = seams_confirm(&classes, confirm::ASTRAY) {
            classes.confidence = sure;
        }
    }
    // A reading proved to solve nothing, with no rival near: its classes
    // as the seams, with no pair astray, and the board one card off
    // confirm them ([`unsolved::confirmed`]).
    let proved = checks.get(at).copied().flatten() == Some(false);
    let held = classes.least_sure() < super::decide::CLASS_SURE && !open::is_near(open);
    if !solves && proved && (held || std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some()) {
        let sure = seams_confirm(&classes, 0);
        let board = (side, budget.saturating_sub(spent));
        if let Some(sure) = unsolved::confirmed(sure, &classes, (dist, &pairs), board) {
            if held {
                classes.confidence = sure;
            }
        }
    }
    let mut doubt = next
        .map(|(_, (_, other))| changed_classes(&pairs, other))
        .unwrap_or_default();
    // Classes that may be two prints taken for one are in doubt too.
    doubt.extend((0..k).filter(|&c| classes.confidence[c] < 0.8));
    doubt::add(&mut doubt, classes.two_prints.iter().copied());
    // A puzzle read as unsolvable: the colour terms may have chosen its
    // pairing against seams that continue better under one that solves
    // ([`seams_against`]); the classes the two pair otherwise are in doubt.
    let seams_against = if first_solving.is_some_and(|(i, _)| i == at) {
        None
    } else {
        seams_against(
            side,
            &classes,
            [&seams, &strips],
            &pairs,
            budget.saturating_sub(spent),
        )
    };
    if let Some(other) = &seams_against {
        doubt::add(&mut doubt, changed_classes(&pairs, other));
    }
    let (mut support, weakest) = support(&cost, &pairs);
    // Two pictures whose partners the seams could exchange at no cost, or
    // a pair chosen against a seam that clearly continues elsewhere, were
    // told apart by colour likeness alone: no better than a pair joined by
    // nothing.
    if let Some(tied) = seam_tied(&seams, &pairs) {
        if std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some() {
            eprintln!("DEBUG seam tie: classes {tied:?}");
        }
        support = support.min(0.0);
        doubt::add(&mut doubt, tied);
    }
    // A pair the pictures do not join better than strangers is in doubt.
    if support < SUPPORTED {
        doubt::add(&mut doubt, weakest);
    }
    if let Some(o) = open.filter(|&o| open::is_near(Some(o))) {
        doubt::add(&mut doubt, changed_classes(&pairs, &candidates[o.at].1));
    }
    let first_solving = first_solving.filter(|&(i, _)| i == at);
    let [first, solving] = searched;
    // Coded art in hues spread round the circle (half-discs whose two
    // fills differ) does not continue across the seam: a seam there that
    // joins strangers says nothing (held-out discs 6x6 s72 blur, right at
    // margin 0.35, worst seam 1.19).
    let worst_seam = first_board
        .filter(|_| {
            first_solving.is_some()
                && rival - chosen < super::decide::BOARD_CHECKED_BELOW
                && spread < CODED_SPREAD
        })
        .map(|b| board::worst_seam(side, &b, looks, outlines, spread));
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some() {
        eprintln!("DEBUG board: worst seam {worst_seam:?}");
    }
    Ok(Reading {
        searched: if at == 0 { first } else { solving },
        classes,
        pairs,
        cost: chosen,
        rival,
        solves: first_solving.is_some(),
        doubt,
        costs: cost,
        support,
        seams_against: seams_against.is_some(),
        open,
        worst_seam,
    })
}

mod against;
mod carried;
mod checks;
mod doubt;
pub(crate) mod open;
#[cfg(test)]
mod tests;
mod tie;
