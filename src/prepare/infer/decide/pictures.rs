//! A pictures reading's confidence: its margin over the rival pairing,
//! calibrated, and held down by what the margin cannot see (a pair joined
//! no better than strangers, a solved board with a stranger's seam, a class
//! that may hold two prints).

use super::super::art::{self, open};
use super::super::classes;
use super::super::classes::merged;
use super::calibrated;

/// A pictures reading's confidence: calibrated from its margin, which a
/// reading that solves nothing must double (the solver then backs nothing
/// up: the puzzle is unsolvable, or the classes are cut wrong); a single
/// picture has no rival pairing and says nothing.
pub(crate) fn confidence(r: &art::Reading) -> f32 {
    if r.pairs.len() < 2 {
        return 0.0;
    }
    let margin = r.rival - r.cost;
    // A pair no better joined than strangers bounds it like a margin: the
    // pictures do not say that pair (see `art::support`).
    let mut pairing = calibrated(counted(r.solves, margin)).min(calibrated(r.support));
    // A small margin is trusted only when the solved board shows no seam
    // that contradicts it (see `board`).
    if vetoed(r) {
        pairing = pairing.min(BOARD_VETOED);
    }
    // A class whose members are not much closer to each other than to any
    // other half may be two prints taken for one (the two halves of a
    // photo crop of fur): then the pairing of such classes means little.
    // A reading that solves nothing has no solver behind its classes: when
    // a finer cut of the halves also stood out, a class may hold both halves
    // of one picture, and "no solution" is then the cut's doing.
    if !r.solves && r.classes.finer >= classes::MIN_GAP {
        pairing = pairing.min(FINER_CUT_UNSOLVED);
    }
    // "Unsolvable" chosen by the colour terms against seams that continue
    // better under a pairing that solves: the colours of two crops of one
    // photograph, or of two flags, may be more alike than a picture's own
    // two halves.
    if !r.solves && r.seams_against {
        pairing = pairing.min(SEAMS_AGAINST_UNSOLVED);
    }
    // "Unsolvable" while a rival that may be the true pairing, solving or
    // left unanswered by the solver, is not clearly worse (see `open`).
    if !r.solves && open::is_near(r.open) {
        pairing = pairing.min(OPEN_UNSOLVED);
    }
    // A class whose members fall into two groups that look clearly
    // different may be two prints taken for one: the puzzle read is then
    // coarser than the true one, and solves more easily.
    if !r.classes.two_prints.is_empty() {
        pairing = pairing.min(merged::CONFIDENCE);
    }
    let classes = r.classes.confidence.iter().copied().fold(1.0f32, f32::min);
    if classes < CLASS_SURE {
        pairing.min(classes)
    } else {
        pairing
    }
}

/// The confidence of a pictures reading that solves nothing while a finer
/// cut of its halves stood out too ([`Classes::finer`]): symbols 6x6 of seen
/// seed 8 after JPEG was cut into 18 classes for 20 (two symbols' halves,
/// alike, each in one class; the finer cuts' jumps 2.37 and 1.51) and its
/// pairing, solving nothing, was written wrong at 0.99 once JPEG's block
/// shifts were discounted; the readings that solved nothing and were right
/// showed at most 1.24 there (docs/infer-journal.md, "JPEG's colour shifts under a
/// noticeable difference").
const FINER_CUT_UNSOLVED: f32 = 0.5;

/// The confidence of a reading that solves nothing while the seams
/// prefer a pairing that solves ([`art::Reading::seams_against`]).
const SEAMS_AGAINST_UNSOLVED: f32 = 0.5;

/// The confidence of a reading that solves nothing while a rival the
/// solver did not rule out is near ([`open::is_near`]).
const OPEN_UNSOLVED: f32 = 0.5;

/// Why a pictures reading below the threshold is refused, by what held it
/// back first.
pub(super) fn why(r: &art::Reading) -> String {
    let open = r.open.filter(|_| !r.solves && open::is_near(r.open));
    if !r.classes.two_prints.is_empty() {
        merged::REFUSAL.to_string()
    } else if !r.solves && r.seams_against {
        "the colours pair the classes into a puzzle without solutions, but a pairing that solves continues the seams better".to_string()
    } else if let Some(o) = open {
        open::refusal(o)
    } else if vetoed(r) {
        "another pairing of the classes continues the seams almost as well, and the board it solves puts two halves side by side that continue each other no better than strangers".to_string()
    } else {
        held_by(r).to_string()
    }
}

/// Which of the margin, the least supported pair and the least sure class
/// held a reading back when no rule above did: they bound the confidence
/// alike (see [`confidence`]), and a refusal that named the margin when
/// a class was the cause sent readers of it after the seams (critters on a
/// gradient: their pairings led clearly, their classes were wide;
/// docs/infer-journal.md, "Emoji on a gradient: classes the seams confirm").
fn held_by(r: &art::Reading) -> &'static str {
    let margin = r.rival - r.cost;
    let margin = calibrated(counted(r.solves, margin));
    let support = calibrated(r.support);
    let classes = r.classes.confidence.iter().copied().fold(1.0f32, f32::min);
    if classes < CLASS_SURE && classes < margin.min(support) {
        "the copies of a half are not clearly nearer each other than the halves of other pictures, so the halves may be grouped wrong"
    } else if support < margin {
        "the seams join one of the chosen pairs of classes no better than they join strangers"
    } else {
        "another pairing of the classes continues the seams almost as well"
    }
}

/// Classes less sure than this ([`Classes::confidence`]) bound the
/// pictures reading's confidence.
pub(crate) const CLASS_SURE: f32 = 0.8;

/// The margin a reading's confidence is calibrated from: a reading that
/// solves nothing has no solver behind its pairing, so its margin counts
/// for less, halved ([`UNSOLVED`]) and short of [`UNSOLVED_LESS`]
/// whichever is smaller.
fn counted(solves: bool, margin: f32) -> f32 {
    if solves {
        margin
    } else {
        (margin / UNSOLVED).min(margin - UNSOLVED_LESS)
    }
}

/// See [`counted`].
const UNSOLVED: f32 = 2.0;

/// How much of a margin a reading that solves nothing does not count
/// ([`counted`]): halving alone wrote such readings from a margin of 0.6,
/// and of the three written under 1.0 on the seen unsolvable puzzles one
/// was wrong (clip-art animals 5x5 of seed 35 after a scan, 0.664, two
/// pictures' partners exchanged; squares 5x5 of unseen seed 1055 clean
/// and light right at 0.740 and 0.626), while the 76 written from 1.0 up
/// were all right (docs/infer-journal.md, "Two wrong readings on the
/// fresh sets 152-159"). Less 0.7 puts the 0.9 bin at a margin of 1.0; from
/// 1.4 up halving is the smaller and confidences are as they were.
const UNSOLVED_LESS: f32 = 0.7;

/// Margins below this are written on the margin alone at 0.9 to 0.95
/// ([`super::CALIBRATION`]): measured 14 right of 14 on seeds 1-40 and 4 of 5 on
/// the held-out seeds 58-71 (docs/infer-journal.md, "The board check"), the wrong one
/// (photo crops, 4x4 of held-out seed 66, margin 0.35) a pairing whose
/// solved board put two halves side by side that continue each other no
/// better than strangers (worst seam 1.01; the right ones 0.17 to 0.88).
/// In that band the board is checked ([`art::Reading::worst_seam`]).
pub(crate) const BOARD_CHECKED_BELOW: f32 = 0.6;
/// The board check's veto: a small margin, and a solved board with a seam
/// no better joined than strangers.
pub(super) fn vetoed(r: &art::Reading) -> bool {
    r.rival - r.cost < BOARD_CHECKED_BELOW && r.worst_seam.is_some_and(|w| w >= STRANGER_SEAM)
}

/// A seam this bad relative to its halves' strangers vetoes the reading.
const STRANGER_SEAM: f32 = 1.0;
/// What a vetoed reading's confidence is held to: under [`super::WRITE_AT`].
const BOARD_VETOED: f32 = 0.8;
