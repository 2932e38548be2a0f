//! Which reading `infer` writes, and how sure it is.
//!
//! Two readings: the pictures reading ([`art`]: halves as pictures, paired
//! by how their seams continue) and the names reading (ink on a ground,
//! paired by the names written on the cards and by solvability). The
//! pictures reading is tried first and taken when its best pairing beats
//! every other clearly; otherwise the names reading is asked. A reading is
//! written only at a confidence of at least [`WRITE_AT`]; below it `infer`
//! refuses and names the classes in doubt. The confidences are the share of
//! right readings measured on scripts/bench-infer-styles at that margin
//! (see [`CALIBRATION`] and the docs' calibration table).

use super::art;
use super::classes::Classes;
use super::pairing::{self, Pairing};
use super::unsolvable;
pub(crate) use pictures::{confidence, BOARD_CHECKED_BELOW, CLASS_SURE};

/// Where a reading came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The pictures' seams and colours.
    Pictures,
    /// The names written beside the edges.
    Names,
}

/// What `infer` concluded.
pub(crate) struct Verdict {
    pub classes: Classes,
    pub pairing: Pairing,
    pub confidence: f32,
    pub source: Source,
    /// Why the reading is not written, when it is not.
    pub refusal: Option<String>,
    /// The classes whose partner the closest other reading changes.
    pub doubt: Vec<usize>,
}

/// Readings below this confidence are refused.
pub const WRITE_AT: f32 = 0.9;

/// Confidence of a pictures reading by its margin (how much more the next
/// best pairing costs): (margin, share right), linear in between. Measured
/// on every pictures reading of scripts/bench-infer-styles' seeds 1-39
/// written whatever its confidence (docs/infer-journal.md, "The pictures
/// calibration measured on seeds 1-40"): from a margin of 0.3, readings
/// whose support and classes are sure were all right, (right + 1) /
/// (readings + 2) at least 0.9; below 0.3, wrong ones are common.
const CALIBRATION: [(f32, f32); 4] = [(0.0, 0.3), (0.3, 0.9), (0.6, 0.95), (1.2, 0.99)];
/// Confidence of a names reading by its margin ([`Pairing::margin`]: how
/// far below it, as a share of its score, the next pairing that also
/// solves scores): (margin at least, share right). Measured on the 75
/// Legespiel puzzles and the text and drawn cases of
/// scripts/bench-infer-styles' seeds 1-10 (docs/infer.md): under 0.05, 1
/// of 6 readings right; 0.05 to 0.25, 5 of 7, but see [`FIRST_CHOICE`];
/// from 0.25 (no solving rival that close), 73 of 75 (the two wrong: an
/// unsolvable puzzle, which the names reading cannot tell from a solvable
/// one).
const NAMES_CALIBRATION: [(f32, f32); 3] = [
    (0.0, 0.17),
    (0.05, FIRST_CHOICE),
    (pairing::SURE_MARGIN, 0.97),
];
/// The middle bin (margin 0.05 to 0.25) as it is measured on the readings
/// that reach it: the names' own first choice (a pairing chosen against
/// clearly better names is [`overruled`] first) whose classes all read as
/// different names ([`ONE_NAME_TWICE`] first). On the corpus and seeds
/// 1-10's text and drawn cases (docs/infer.md) 8 of 8 such readings were
/// right; given (8 + 1) / (8 + 2), as so few readings say no more. The
/// bin's wrong readings were not first choices (an unsolvable text 4x4)
/// or had two classes read as one name.
const FIRST_CHOICE: f32 = 0.9;
/// The confidence of a names reading two of whose classes on the card's
/// ground read as the same words ([`Pairing::names_confused`]): measured,
/// 0 of 2 right (japanisches-kartenraetsel-parallelogramme, whose "gelb-grün"
/// and "blau-grün" are one word to the word reading, and a blurred text
/// 3x3), and no right reading on the corpus or seeds 1-10 has such classes.
const ONE_NAME_TWICE: f32 = 0.0;
/// The confidence of a names reading with a class whose every name took
/// in the card's number ([`Pairing::number_in_name`]): such a class is a
/// name misread, and pairing it is a guess. The text 3x3 of seed 15 made
/// unsolvable was written wrong at 0.97 so (two misread copies of "TIGER
/// unten" paired with each other); docs/infer-journal.md, "Text cards: one name in several classes, and the
/// number in a name".
const NUMBER_IN_NAME: f32 = 0.0;
/// The confidence of a names reading whose classes all resemble each other
/// alike ([`Pairing::names_silent`]): the pairing is solvability's guess.
/// Measured on scripts/unseen-styles.py's first run: 2 such readings
/// written at 0.97, both wrong (emoji halves, line drawings); none on the
/// corpus or the text and drawn cases of seeds 1-93.
const NAMES_SILENT: f32 = 0.0;
/// A names reading with a class less sure than this is as sure as that
/// class: it grouped pictures it cannot read (photo crops taken for ink on
/// a wood ground).
pub(crate) const NAMES_CLASS_SURE: f32 = 0.5;

/// A names reading's confidence: its margin's bin in
/// [`NAMES_CALIBRATION`], bounded by its least sure class when that is
/// below [`NAMES_CLASS_SURE`].
fn names_confidence(classes: &Classes, pairing: &Pairing) -> f32 {
    if pairing.no_solution {
        return unsolvable::CONFIDENCE;
    }
    if overruled(pairing) {
        return OVERRULED;
    }
    if pairing.names_confused {
        return ONE_NAME_TWICE;
    }
    if pairing.number_in_name {
        return NUMBER_IN_NAME;
    }
    if pairing.names_silent {
        return NAMES_SILENT;
    }
    if pairing.absent_one_side {
        return pairing::absent::CONFIDENCE;
    }
    let by_margin = NAMES_CALIBRATION
        .iter()
        .rev()
        .find(|(m, _)| pairing.margin >= *m)
        .map_or(0.0, |&(_, c)| c);
    let least = classes.least_sure();
    if least < NAMES_CLASS_SURE {
        by_margin.min(least)
    } else {
        by_margin
    }
}

/// Whether the names clearly preferred ([`CLEARLY_BETTER`] or more) a
/// pairing under which the puzzle has no solution: the pairing that solves
/// was then chosen by solvability alone, against what the names say, which
/// is what an unsolvable puzzle (a lost card, a misprint) does to them: its
/// true pairing solves nothing, and some other one usually does.
pub(crate) fn overruled(pairing: &Pairing) -> bool {
    pairing.below_best >= CLEARLY_BETTER
}

/// How far above the pairing that solves the best-scoring one must score
/// for the choice to be a guess: the names reading's near-tie band (the
/// first bin of [`NAMES_CALIBRATION`]), within which the names tell two
/// pairings apart too rarely to be weighed against the solver.
const CLEARLY_BETTER: f32 = NAMES_CALIBRATION[1].0;

/// The confidence of an [`overruled`] names reading: measured, of those
/// written before this rule, 1 right of 3 (two unsolvable 3x3 puzzles read
/// wrong), and none of 2 past 30 % (docs/infer.md, "The best-fitting
/// pairing solves nothing").
const OVERRULED: f32 = 0.0;

/// The classes whose partner differs between `pairs` and `rival` (all of
/// them when there is no rival to compare with).
fn in_doubt(k: usize, pairs: &[(usize, usize)], rival: Option<&[(usize, usize)]>) -> Vec<usize> {
    let Some(rival) = rival else {
        return (0..k).collect();
    };
    let partner = |ps: &[(usize, usize)]| {
        let mut of = vec![usize::MAX; k];
        for &(i, j) in ps {
            of[i] = j;
            of[j] = i;
        }
        of
    };
    let (a, b) = (partner(pairs), partner(rival));
    (0..k).filter(|&c| a[c] != b[c]).collect()
}

fn calibrated(margin: f32) -> f32 {
    let mut prev = CALIBRATION[0];
    for &(m, c) in &CALIBRATION {
        if margin <= m {
            let t = if m > prev.0 {
                (margin - prev.0) / (m - prev.0)
            } else {
                1.0
            };
            return prev.1 + t.clamp(0.0, 1.0) * (c - prev.1);
        }
        prev = (m, c);
    }
    prev.1
}

/// The decision, or why the pictures show nothing to decide on.
pub(crate) fn decide(
    side: usize,
    names: impl FnOnce() -> Result<(Classes, Pairing), String>,
    art: Result<art::Reading, String>,
) -> Result<Verdict, String> {
    // For measuring the pictures reading alone (scripts/bench-infer-styles'
    // margins, `UNSCRAMBLE_INFER_DEBUG_WRITE_ALL=1`): every pictures
    // reading is written, whatever its confidence, still marked weak below
    // [`WRITE_AT`].
    let art_write_at = if std::env::var_os("UNSCRAMBLE_INFER_DEBUG_WRITE_ALL").is_some() {
        0.0
    } else {
        WRITE_AT
    };
    decide_at(side, names, art, art_write_at)
}

/// [`decide`], writing a pictures reading from a confidence of
/// `art_write_at`.
fn decide_at(
    side: usize,
    names: impl FnOnce() -> Result<(Classes, Pairing), String>,
    art: Result<art::Reading, String>,
    art_write_at: f32,
) -> Result<Verdict, String> {
    let debugging = std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some();
    let art_confidence = art.as_ref().map_or(0.0, confidence);
    let names = if art_confidence >= art_write_at {
        Err("not read".to_string())
    } else {
        names()
    };
    if debugging {
        debug::line(&names, &art, side);
    }
    // A puzzle the names read as unsolvable: their preferred pairing, when
    // it stands on its own, instead of the guess that solves.
    let names = names.map(|(c, p)| match unsolvable::as_read(side, &c, &p) {
        Some(read) => (c, read),
        None => (c, p),
    });
    let from_art = |r: art::Reading| {
        let refusal = (art_confidence < art_write_at).then(|| {
            format!(
                "{} (confidence {:.2}, at least {WRITE_AT} needed)",
                pictures::why(&r),
                super::two_places_down(art_confidence)
            )
        });
        let pairing = Pairing {
            puzzle: pairing::puzzle(side, &r.classes.of, &r.pairs),
            pairs: r.pairs,
            // Against the real threshold: a reading written below it (only
            // under the measuring switch) says so.
            weak: art_confidence < WRITE_AT,
            tried: 1,
            margin: r.rival - r.cost,
            rival: None,
            below_best: 0.0,
            preferred: None,
            lead: 1.0,
            no_solution: false,
            names_confused: false,
            number_in_name: false,
            names_silent: false,
            absent_one_side: false,
            support: 1.0,
            searched: r.searched,
        };
        Verdict {
            classes: r.classes,
            pairing,
            confidence: art_confidence,
            source: Source::Pictures,
            refusal,
            doubt: r.doubt,
        }
    };
    // The names reading stands where the pictures reading saw other classes
    // (drawn tiles, whose two halves of a colour it cannot tell apart) or
    // none (cards), not against a pictures reading of the same classes
    // that pairs them otherwise: symbols and photos carry no names, and the
    // names reading then pairs by little more than solvability.
    let contested = match (&art, &names) {
        (Ok(r), Ok((c, _))) => r.classes.members == c.members,
        _ => false,
    };
    let names_sure = names.as_ref().map_or(0.0, |(c, p)| names_confidence(c, p));
    match (art, names) {
        (Ok(r), _) if art_confidence >= art_write_at => Ok(from_art(r)),
        (_, Ok((classes, pairing))) if names_sure >= WRITE_AT && !contested => Ok(Verdict {
            classes,
            pairing,
            confidence: names_sure,
            source: Source::Names,
            refusal: None,
            doubt: Vec::new(),
        }),
        // Both refused: the refusal of the reading that came closer.
        (Ok(r), Ok(_)) if art_confidence > names_sure => Ok(from_art(r)),
        // A pictures reading of one picture (cards that all look alike)
        // pairs nothing and has no confidence: why the names reading,
        // which did the reading, failed says more.
        (Ok(r), Err(n)) if r.pairs.len() < 2 && n != "not read" => Err(n),
        (Ok(r), Err(_)) => Ok(from_art(r)),
        (_, Ok((classes, pairing))) => {
            // In doubt: the classes whose partner the closest other reading
            // changes; for a guess, the names' own preferred pairing.
            let other = if overruled(&pairing) {
                pairing.preferred.as_deref()
            } else {
                pairing.rival.as_deref()
            };
            let doubt = match pairing::absent::in_doubt(&classes.members, &pairing.pairs) {
                Some(two) if pairing.absent_one_side => two.to_vec(),
                _ => in_doubt(classes.members.len(), &pairing.pairs, other),
            };
            let refusal = if overruled(&pairing) {
                format!(
                    "the pairing the names written on the tiles show best gives a puzzle without solutions, and the one that solves scores {:.0} % below it: the puzzle may be unsolvable (a lost or misprinted card), or its classes cut wrong; a pairing chosen for solving alone would be a guess",
                    100.0 * pairing.below_best
                )
            } else if pairing.names_confused {
                "two classes of halves read as the same name, or one class as two names, so the names written on the tiles do not tell how to pair them".to_string()
            } else if pairing.number_in_name {
                "a class of halves holds only names written against the tile's number, read with it as one name: they are misread, and how they pair is a guess".to_string()
            } else if pairing.names_silent {
                "no name or colour on the halves tells which two classes belong together, and the pictures' seams do not either: a pairing chosen for solving alone would be a guess".to_string()
            } else if pairing.absent_one_side {
                pairing::absent::REFUSAL.to_string()
            } else if names_sure >= WRITE_AT {
                "the names written on the tiles and the pictures' seams pair the same classes differently".to_string()
            } else {
                format!(
                    "another pairing of the classes that solves the puzzle looks almost as alike (its names score {:.0} % below; confidence {:.2}, at least {WRITE_AT} needed)",
                    100.0 * pairing.margin,
                    super::two_places_down(names_sure)
                )
            };
            Ok(Verdict {
                doubt,
                classes,
                pairing,
                confidence: names_sure,
                source: Source::Names,
                refusal: Some(refusal),
            })
        }
        (Err(a), Err(n)) => Err(if n == "not read" { a } else { n }),
    }
}
mod debug;
#[cfg(test)]
mod open_tests;
mod pictures;
#[cfg(test)]
mod tests;
