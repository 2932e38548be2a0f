//! Which two classes are the halves of one picture.
//!
//! Two signals: how much two classes resemble each other (the same colour on
//! drawn tiles; a shared name such as "DRUID" in "DRUID UP" / "DRUID LOW" on
//! cards with names written on them), and solvability: the right pairing is
//! one under which the puzzle has solutions. Pairings are ranked by
//! resemblance and handed to the solver as ordinary puzzles, best first; the
//! solver never sees a picture.

use super::halves::{colour_distance, Half, Mask};
use super::markers::Differences;
use super::names;
use crate::kind::tiles::solve;
pub use board::{puzzle, token_name};
use enumerate::{all_pairings, completed, greedy};
pub use outcome::{Pairing, PairingError};

/// Most pictures whose pairings are all enumerated: (2m-1)!! = 135135 for 7.
const MAX_ENUMERATED: usize = 7;
/// Most pairings handed to the solver before giving up.
const MAX_SOLVES: usize = 20_000;
/// Two solving pairings whose scores differ by less than this share of the
/// best make a weak decision; by less than [`TIE`] none at all.
const WEAK: f32 = 0.05;
const TIE: f32 = 1e-4;
/// The margin from which a names reading is as sure as it gets (the top
/// bin of `decide`'s calibration): the search for a rival stops there, as
/// ruling out rivals further below changes no confidence and can cost a
/// 6x6 tens of millions of placements each.
pub const SURE_MARGIN: f32 = 0.25;

/// How much each two classes look like the two halves of one picture, 0..1:
/// the same ground colour (drawn tiles), and the same name written on them
/// but for a marker, read glyph by glyph ([`names::likeness`]: "EAGLE" in
/// "EAGLE LEFT" / "EAGLE RIGHT" counts, "LEFT" shared with "VIOLET YELLOW
/// LEFT" much less; "Sad" in "SadTop" / "SadBottom") and word by word
/// ([`names::word_likeness`], which survives words falling differently on
/// the pixel grid), averaged.
///
/// Also what each two classes differ by, for weighing whole pairings
/// ([`Differences`]).
pub(crate) fn resemblance(reps: &[&Half]) -> (Vec<Vec<f32>>, Differences) {
    let masks: Vec<&Mask> = reps.iter().map(|h| &h.upright).collect();
    let strings = names::glyph_strings(&masks);
    let glyphs = names::likeness(&strings);
    let words = names::word_likeness(&masks);
    let word_ids = names::word_ids(&masks);
    let differences = Differences::new(&strings, &word_ids);
    let names: Vec<Vec<f32>> = glyphs
        .iter()
        .zip(&words)
        .map(|(g, w)| g.iter().zip(w).map(|(g, w)| 0.5 * (g + w)).collect())
        .collect();
    let k = reps.len();
    let mut score = vec![vec![0.0f32; k]; k];
    for i in 0..k {
        for j in 0..k {
            if i == j {
                continue;
            }
            let (a, b) = (reps[i], reps[j]);
            let colour = if a.card_ground && b.card_ground {
                1.0
            } else {
                (-colour_distance(a.ground, b.ground) / 0.3).exp()
            };
            score[i][j] = colour * (0.3 + 0.7 * names[i][j]);
        }
    }
    if debug::on() {
        debug::resemblance(&strings, &word_ids, &glyphs, &words, &score);
    }
    (score, differences)
}

/// Whether the resemblance `score` of [`resemblance`] says nothing: every
/// two of the first `present` classes score alike (within [`TIE`] of the
/// best), as when no class reads a glyph and all lie on one ground. The
/// pairing is then chosen by solvability alone, which on art the names
/// reading cannot read (emoji halves, line drawings:
/// scripts/unseen-styles.py) paired wrong classes and was written at 0.97
/// (docs/infer-journal.md, "Art nobody tuned for").
///
/// The class that stands for a half no tile shows (an odd count's last)
/// is left out: it scores against every class alike by its making, and
/// it alone made held-out labels 3x3 s1057 after a scan look decided. Its
/// three classes, each two names whose digits the scan blurred into one
/// glyph ("Feige 1" and "Feige 2"), scored alike, and solvability picked
/// the pairing, written at 0.97 with 24 edges wrong.
pub(crate) fn silent(score: &[Vec<f32>], present: usize) -> bool {
    let off = || {
        score
            .iter()
            .take(present)
            .enumerate()
            .flat_map(|(i, row)| {
                row.iter()
                    .take(present)
                    .enumerate()
                    .filter(move |(j, _)| *j != i)
            })
            .map(|(_, &s)| s)
    };
    let (lo, hi) = off().fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), s| {
        (lo.min(s), hi.max(s))
    });
    hi - lo <= TIE * hi.abs().max(1e-6)
}

/// Placements the solver may make over all candidate pairings of one
/// puzzle. A count, not a time, so a refusal is the same on every machine
/// (what it takes on one is in docs/infer-journal.md): far more than a 3x3 needs
/// (every candidate of a corpus card together takes under a million) and
/// enough for a 6x6 whose best-looking pairing solves; a large board whose
/// pairings keep failing stops here instead of searching for minutes.
pub const NODE_BUDGET: u64 = 100_000_000;

/// How much a pairing whose pairs differ by scattered things loses against
/// one whose pairs all differ alike ([`Differences::consistency`]): up to
/// half its score, so a clearly better resemblance still wins.
const CONSISTENCY: f32 = 0.5;

/// Picks the pairing of the classes, or says why the pictures do not decide;
/// the candidates' searches share `budget` placements. When the pairings
/// are enumerated, each is weighed by how consistently its pairs differ
/// (`differences`, if given).
pub(crate) fn decide(
    side: usize,
    of: &[usize],
    score: &[Vec<f32>],
    differences: Option<&Differences>,
    budget: u64,
) -> Result<Pairing, PairingError> {
    let k = score.len();
    let candidates = candidates(score, differences);
    if debug::on() {
        debug::candidates(&candidates, score, differences, 12);
    }
    let mut spent = 0u64;
    // What the check of the first pairing that solves searched (the one
    // chosen, if any), for its count.
    let mut searched = solve::Searched::default();
    let mut first_searched = None;
    // Does the pairing solve? `None` when the budget ran out first.
    // A pairing whose halves cannot all be matched is answered at once by
    // the probe, which counts before it searches (`solve::surplus`).
    let mut solves = |pairs: &[(usize, usize)], searched: &mut solve::Searched| {
        let clock = super::timing::start();
        let probe = solve::probe(
            &puzzle(side, of, pairs),
            budget.saturating_sub(spent).max(1),
            std::mem::take(searched),
        );
        *searched = probe.searched;
        clock.solve("names-check", probe.nodes);
        spent += probe.nodes;
        probe.solves
    };
    let mut found: Option<(f32, usize)> = None;
    let mut tried = 0;
    let gap = |best: f32, s: f32| (best - s) / best.abs().max(1e-6);
    let below = |at: usize| {
        candidates
            .first()
            .map_or(0.0, |(top, _)| gap(*top, candidates[at].0))
    };
    let lead = match (candidates.first(), candidates.get(1)) {
        (Some((top, _)), Some((next, _))) => gap(*top, *next),
        _ => 1.0,
    };
    // The pairing of candidate `at`, written with its margin and rival.
    let done = |at: usize,
                margin: f32,
                rival: Option<Vec<(usize, usize)>>,
                tried: usize,
                searched: Option<solve::Searched>| {
        let mut p = finish(
            side,
            of,
            &candidates[at].1,
            margin,
            rival,
            (tried, below(at), (at > 0).then(|| candidates[0].1.clone())),
        );
        p.searched = searched.unwrap_or_default();
        p.lead = lead;
        Ok(p)
    };
    for (i, (s, pairs)) in candidates.iter().enumerate() {
        if tried >= MAX_SOLVES {
            break;
        }
        if let Some((best, at)) = found {
            if gap(best, *s) >= SURE_MARGIN {
                return done(at, SURE_MARGIN, None, tried, first_searched);
            }
        }
        tried += 1;
        // Each check notes afresh, but for the first that solved.
        let noted = if found.is_none() {
            &mut searched
        } else {
            &mut solve::Searched::default()
        };
        let Some(solved) = solves(pairs, noted) else {
            return match found {
                // The rival could not be ruled out beyond this candidate.
                Some((best, at)) => done(at, gap(best, *s), None, tried, first_searched),
                None => Err(PairingError::Budget {
                    classes: k,
                    budget,
                    tried,
                }),
            };
        };
        if !solved {
            continue;
        }
        match found {
            None => {
                found = Some((*s, i));
                first_searched = Some(std::mem::take(&mut searched));
            }
            Some((best, at)) if gap(best, *s) < TIE => {
                // Two that solve tie, both clearly below a pairing that
                // solves nothing: the reading is overruled either way, and
                // `decide` weighs that pairing (a lost card, or classes
                // cut wrong); the tie adds nothing.
                let read = done(at, gap(best, *s), Some(pairs.clone()), tried, None)?;
                if super::decide::overruled(&read) {
                    return Ok(read);
                }
                return Err(PairingError::Tie {
                    classes: k,
                    best,
                    other: *s,
                });
            }
            Some((best, at)) => {
                return done(
                    at,
                    gap(best, *s),
                    Some(pairs.clone()),
                    tried,
                    first_searched,
                );
            }
        }
    }
    match found {
        // Every candidate tried, or as many as may be: no rival seen.
        Some((best, at)) => {
            let reached = candidates
                .get(tried)
                .map_or(SURE_MARGIN, |(s, _)| gap(best, *s).min(SURE_MARGIN));
            done(at, reached, None, tried, first_searched)
        }
        None => Err(PairingError::Unsolvable {
            classes: k,
            pictures: k / 2,
            tried,
        }),
    }
}

/// Every pairing of the classes weighed, best first: all of them when they
/// are few enough to enumerate, else the greedy ones. Each is weighed by
/// how consistently its pairs differ (`differences`, if given).
pub(crate) fn candidates(
    score: &[Vec<f32>],
    differences: Option<&Differences>,
) -> Vec<(f32, Vec<(usize, usize)>)> {
    let k = score.len();
    let weight = |p: &[(usize, usize)]| {
        differences.map_or(1.0, |d| 1.0 - CONSISTENCY * (1.0 - d.consistency(p)))
    };
    if k / 2 <= MAX_ENUMERATED {
        let mut all: Vec<(f32, Vec<(usize, usize)>)> = all_pairings(k)
            .into_iter()
            .map(|p| {
                (
                    p.iter().map(|&(i, j)| score[i][j]).sum::<f32>() * weight(&p),
                    p,
                )
            })
            .collect();
        all.sort_by(|x, y| y.0.total_cmp(&x.0));
        all
    } else {
        // Too many to enumerate: the greedy pairing, and every pairing
        // whose pairs all differ alike (greedy among those pairs), weighed
        // like the enumerated ones.
        let mut all: Vec<(f32, Vec<(usize, usize)>)> = Vec::new();
        let alike = differences.map(Differences::alike).unwrap_or_default();
        let everything: Vec<(usize, usize)> = (0..k)
            .flat_map(|i| (i + 1..k).map(move |j| (i, j)))
            .collect();
        for among in std::iter::once(&everything).chain(&alike) {
            // One pairing reached by two lists is one candidate: in
            // another order it would tie with itself.
            let mut p = completed(score, greedy(score, among));
            p.sort_unstable();
            if p.len() == k / 2 && all.iter().all(|(_, q)| *q != p) {
                let s = p.iter().map(|&(i, j)| score[i][j]).sum::<f32>() * weight(&p);
                all.push((s, p));
            }
        }
        all.sort_by(|x, y| y.0.total_cmp(&x.0));
        all
    }
}

pub(crate) fn finish(
    side: usize,
    of: &[usize],
    pairs: &[(usize, usize)],
    margin: f32,
    rival: Option<Vec<(usize, usize)>>,
    (tried, below_best, preferred): (usize, f32, Option<Vec<(usize, usize)>>),
) -> Pairing {
    Pairing {
        pairs: pairs.to_vec(),
        puzzle: puzzle(side, of, pairs),
        weak: margin < WEAK,
        tried,
        margin,
        rival,
        below_best,
        preferred,
        lead: 1.0,
        no_solution: false,
        names_confused: false,
        number_in_name: false,
        names_silent: false,
        absent_one_side: false,
        support: 1.0,
        searched: solve::Searched::default(),
    }
}

pub(crate) mod absent;
mod board;
pub(crate) mod debug;
mod enumerate;
mod outcome;
#[cfg(test)]
mod tests;
