//! "Unsolvable" only when the pairings that could be true were ruled out.
//!
//! The pictures reading checks its candidate pairings cheapest first and
//! stops at the first that solves, or when the solver's budget runs out.
//! A reading whose pairing solves nothing says that the puzzle has no
//! solution; it rests on every cheaper-looking rival having been ruled
//! out, and on the pairings left (those the solver found solving, or
//! never answered for) costing clearly more. Open Clip Art's 6x6 of seed 8
//! (fixture `openclip-unchecked`) is the case: its seams prefer a wrong
//! pairing by 0.82, which the solver proves unsolvable once the probe's
//! orders share their units; the next, 0.82 dearer, is left unchecked
//! when the budget runs out, and the reading would be written unsolvable at
//! 0.92, 18 edges wrong (docs/infer-journal.md, "Speed, 2026-11-27: the
//! orders share what they searched"). A pairing left unchecked may be the
//! true one, and a true pairing solves.

/// What the solver said of a candidate pairing: `Some(true)` it solves,
/// `Some(false)` it was searched to its end without a solution, `None`
/// its budget ran out first (or it was never checked).
pub(super) type Check = Option<bool>;

/// The nearest rival of a reading that solves nothing that was not ruled
/// out: a pairing that solves, or one the solver left unanswered.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Open {
    /// Its candidate's place in the list.
    pub at: usize,
    /// How much more it costs than the chosen pairing.
    pub gap: f32,
    /// Whether the solver found it solving (else it was left unanswered).
    pub solves: bool,
    /// Whether the chosen pairing was proved to solve nothing (else the
    /// solver left it unanswered too).
    pub chosen_proved: bool,
}

/// A pairing not ruled out that costs less than this more than the chosen
/// one, which solves nothing, is not clearly worse: the reading is refused
/// (see [`Open`], [`is_near`]). Measured (docs/infer-journal.md, "The
/// pictures' unsolvable: only when the rivals were ruled out"): readings of
/// solvable puzzles that chose a pairing solving nothing, at margins up to
/// 0.83 (0.82 the Open Clip Art 6x6 of seed 8); right readings of
/// unsolvable puzzles, their first rival not ruled out 1.15 and more
/// dearer.
pub(crate) const CLEARLY_WORSE: f32 = 1.0;

/// The cheapest candidate other than `chosen` (whose pairing solves
/// nothing) that the solver did not rule out, of the candidates' `costs`
/// (cheapest first) and `checks` (one per candidate checked, in order;
/// those past its end were never checked); `None` when every candidate was
/// ruled out.
pub(super) fn nearest(costs: &[f32], checks: &[Check], chosen: usize) -> Option<Open> {
    let base = *costs.get(chosen)?;
    let chosen_proved = checks.get(chosen).copied().flatten() == Some(false);
    costs
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != chosen)
        .find_map(|(i, &c)| {
            let check = checks.get(i).copied().flatten();
            (check != Some(false)).then_some(Open {
                at: i,
                gap: c - base,
                solves: check == Some(true),
                chosen_proved,
            })
        })
}

/// Whether `open`, the nearest rival not ruled out, is close enough to
/// hold a reading that solves nothing back ([`CLEARLY_WORSE`]).
pub(crate) fn is_near(open: Option<Open>) -> bool {
    open.is_some_and(|o| o.gap < CLEARLY_WORSE)
}

/// Why such a reading is refused, for `decide`.
pub(crate) fn refusal(open: Open) -> String {
    let what = if open.solves {
        "one that solves"
    } else {
        "one the solver could not check within infer's budget"
    };
    let chosen = if open.chosen_proved {
        "the pairing the seams prefer gives a puzzle without solutions"
    } else {
        "the solver neither solved the puzzle as the seams pair it nor proved it unsolvable within infer's budget"
    };
    format!(
        "{chosen}, but {what} continues them only {:.2} worse: the puzzle may be solvable",
        open.gap
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Open Clip Art's 6x6 of seed 8 at the fixture's size: the seams'
    /// first pairing 15.213, the next 16.028, two more beyond.
    const COSTS: [f32; 4] = [15.213, 16.028, 16.9, 17.5];

    #[test]
    fn a_rival_left_unchecked_holds_unsolvable_back() {
        // The first pairing proved unsolvable, the second's budget ran out.
        let open = nearest(&COSTS, &[Some(false), None], 0);
        assert_eq!(open.map(|o| o.at), Some(1));
        assert!(open.is_some_and(|o| !o.solves && (o.gap - 0.815).abs() < 1e-3));
        assert!(is_near(open));
        // Never checked at all: the same.
        assert!(is_near(nearest(&COSTS, &[Some(false)], 0)));
        // Checked and found solving, 0.815 dearer: still not clearly worse.
        let solving = nearest(&COSTS, &[Some(false), Some(true)], 0);
        assert!(solving.is_some_and(|o| o.solves) && is_near(solving));
        assert!(solving.is_some_and(|o| refusal(o).contains("one that solves")));
        // The chosen one left unanswered itself: said so.
        let unanswered = nearest(&COSTS, &[None], 0);
        assert!(unanswered.is_some_and(|o| !o.chosen_proved && is_near(Some(o))));
        assert!(unanswered.is_some_and(|o| refusal(o).contains("neither solved the puzzle")));
    }

    #[test]
    fn rivals_ruled_out_leave_the_first_open_one_to_weigh() {
        // The second ruled out too: the third, 1.69 dearer, is clearly worse.
        let open = nearest(&COSTS, &[Some(false), Some(false), None], 0);
        assert_eq!(open.map(|o| o.at), Some(2));
        assert!(!is_near(open));
        // Every candidate ruled out: nothing holds it back.
        let all = [Some(false); 4];
        assert_eq!(nearest(&COSTS, &all, 0), None);
        assert!(!is_near(None));
    }
}
