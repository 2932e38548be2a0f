//! A pictures reading that solves nothing, held back by a rival the
//! solver did not rule out ([`art::open`](super::super::art::open)).

use super::tests::art_reading;
use super::*;

/// Open Clip Art's 6x6 of seed 8 (fixture `openclip-unchecked`) as the
/// probe with shared units leaves it: the seams' first pairing proved
/// unsolvable, its margin 0.815 (0.92 halved, written wrong so), the next
/// pairing left unanswered by the solver. Refused, whether the next one
/// is unanswered or found solving; written once the rivals are ruled out
/// and the next proved unsolvable lies 1.2 away (a margin of 0.815 alone
/// no longer writes a reading that solves nothing: see
/// `a_reading_that_solves_nothing_needs_a_margin_of_one`).
#[test]
fn a_reading_that_solves_nothing_with_a_rival_unchecked_is_refused() {
    use super::super::art::open::{self, Open};
    let reading = |open: Option<Open>| art::Reading {
        cost: 15.213,
        rival: 16.028,
        open,
        ..art_reading(1.5)
    };
    for solves in [false, true] {
        let near = Open {
            at: 1,
            gap: 0.815,
            solves,
            chosen_proved: true,
        };
        let v = decide(2, || Err("no names".into()), Ok(reading(Some(near)))).expect("a verdict");
        let why = v.refusal.unwrap_or_default();
        assert!(
            why.contains("the puzzle may be solvable"),
            "{solves}: {why}"
        );
        assert!(v.confidence < WRITE_AT, "{solves}: {}", v.confidence);
    }
    // The next ruled out, the first rival left open clearly worse: written.
    let far = Open {
        at: 2,
        gap: open::CLEARLY_WORSE + 0.2,
        solves: false,
        chosen_proved: true,
    };
    for open in [Some(far), None] {
        let r = art::Reading {
            rival: 15.213 + 1.2,
            ..reading(open)
        };
        let v = decide(2, || Err("no names".into()), Ok(r)).expect("a verdict");
        assert!(v.refusal.is_none(), "{open:?}: {:?}", v.refusal);
        assert!(v.confidence >= WRITE_AT);
    }
}
