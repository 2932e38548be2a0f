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
/// best pairing costs): (margin, share right), linear in between.
const CALIBRATION: [(f32, f32); 4] = [(0.0, 0.3), (0.3, 0.8), (0.6, 0.95), (1.2, 0.99)];
/// Confidence of a names reading that no close pairing rivals, and of one
/// that a close one does (marked weak).
const NAMES: f32 = 0.95;
const NAMES_WEAK: f32 = 0.6;
/// A names reading with a class less sure than this is not written.
const NAMES_CLASS_SURE: f32 = 0.5;

/// A pictures reading's confidence: calibrated from its margin, which a
/// reading that solves nothing must double (the solver then backs nothing
/// up: the puzzle is unsolvable, or the classes are cut wrong); a single
/// picture has no rival pairing and says nothing.
fn confidence(r: &art::Reading) -> f32 {
    if r.pairs.len() < 2 {
        return 0.0;
    }
    let margin = r.rival - r.cost;
    let pairing = calibrated(if r.solves { margin } else { margin / UNSOLVED });
    // A class whose members are not much closer to each other than to any
    // other half may be two prints taken for one (the two halves of a
    // photo crop of fur): then the pairing of such classes means little.
    let classes = r.classes.confidence.iter().copied().fold(1.0f32, f32::min);
    if classes < CLASS_SURE {
        pairing.min(classes)
    } else {
        pairing
    }
}

/// Classes less sure than this ([`Classes::confidence`]) bound the
/// pictures reading's confidence.
const CLASS_SURE: f32 = 0.8;

/// See [`confidence`].
const UNSOLVED: f32 = 2.0;

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
    let debugging = std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some();
    let art_confidence = art.as_ref().map_or(0.0, confidence);
    let names = if art_confidence >= WRITE_AT {
        Err("not read".to_string())
    } else {
        names()
    };
    if debugging {
        debug(&names, &art, side);
    }
    let from_art = |r: art::Reading| {
        let pairing = Pairing {
            puzzle: pairing::puzzle(side, &r.classes.of, &r.pairs),
            pairs: r.pairs,
            weak: art_confidence < WRITE_AT,
            tried: 1,
        };
        let refusal = (art_confidence < WRITE_AT).then(|| {
            format!(
                "another pairing of the classes continues the seams almost as well (confidence {art_confidence:.2}, at least {WRITE_AT} needed)"
            )
        });
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
    // A names reading whose classes are not clearly cut grouped pictures
    // it cannot read (photo crops taken for ink on a wood ground).
    let loose = names.as_ref().is_ok_and(|(c, _)| {
        c.members
            .iter()
            .zip(&c.confidence)
            .any(|(m, &k)| !m.is_empty() && k < NAMES_CLASS_SURE)
    });
    match (art, names) {
        (Ok(r), _) if art_confidence >= WRITE_AT => Ok(from_art(r)),
        (_, Ok((classes, pairing))) if !pairing.weak && !contested && !loose => Ok(Verdict {
            classes,
            pairing,
            confidence: NAMES,
            source: Source::Names,
            refusal: None,
            doubt: Vec::new(),
        }),
        (Ok(r), _) => Ok(from_art(r)),
        (Err(_), Ok((classes, pairing))) => Ok(Verdict {
            doubt: (0..classes.members.len()).collect(),
            classes,
            pairing,
            confidence: NAMES_WEAK,
            source: Source::Names,
            refusal: Some(
                "another pairing of the classes that solves the puzzle looks almost as alike"
                    .into(),
            ),
        }),
        (Err(a), Err(n)) => Err(if n == "not read" { a } else { n }),
    }
}
fn debug(
    names: &Result<(Classes, Pairing), String>,
    art: &Result<art::Reading, String>,
    side: usize,
) {
    let n = match names {
        Ok((c, p)) => format!("names: {} classes weak={}", c.members.len(), p.weak),
        Err(e) => format!(
            "names: refused ({})",
            e.chars().take(60).collect::<String>()
        ),
    };
    let a = match art {
        Ok(r) => {
            let agree = names.as_ref().ok().map(|(_, p)| {
                super::yaml::compare(&p.puzzle, &pairing::puzzle(side, &r.classes.of, &r.pairs))
                    .is_empty()
            });
            format!(
                "art: {} classes cost {:.3} rival {:.3} margin {:.3} solves={} agree={:?}",
                r.classes.members.len(),
                r.cost,
                r.rival,
                r.rival - r.cost,
                r.solves,
                agree
            )
        }
        Err(e) => format!("art: refused ({})", e.chars().take(60).collect::<String>()),
    };
    eprintln!("DEBUG {n} | {a}");
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG2").is_some() {
        if let Ok(r) = art {
            for (c, m) in r.classes.members.iter().enumerate() {
                let hs: Vec<String> = m
                    .iter()
                    .map(|h| format!("{}{}", h / 4 + 1, ["r", "t", "l", "b"][h % 4]))
                    .collect();
                eprintln!("DEBUG2 class {c}: {}", hs.join(" "));
            }
            for row in &r.costs {
                eprintln!(
                    "DEBUG2 {}",
                    row.iter()
                        .map(|c| format!("{c:5.2}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                );
            }
            eprintln!("DEBUG2 pairs {:?}", r.pairs);
        }
    }
}
