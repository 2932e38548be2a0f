//! The solver's word on the candidate pairings, in order: each is probed
//! until one solves or the budget is spent. A pairing the pictures prefer
//! is worth little if it solves nothing, and the first that solves is
//! where the pictures' choice and the solver's meet.

use super::super::pairing;
use super::open;
use crate::kind::tiles::model::Board;
use crate::kind::tiles::solve;

/// What the probes of the candidates said.
pub(super) struct Checked {
    /// Placements spent.
    pub spent: u64,
    /// The first candidate that solves, by index, and its cost.
    pub first_solving: Option<(usize, f32)>,
    /// That candidate's first solution.
    pub first_board: Option<Board>,
    /// What the checks of the candidates that may be chosen (the first, and
    /// the first that solves) searched, for the count of the chosen one.
    pub searched: [solve::Searched; 2],
    /// What the solver said of each candidate checked, in order.
    pub checks: Vec<open::Check>,
}

/// Probes `candidates` of the puzzle whose halves are in classes `of`, in
/// order, within `budget` placements in all.
pub(super) fn check(
    side: usize,
    of: &[usize],
    candidates: &[(f32, Vec<(usize, usize)>)],
    budget: u64,
) -> Checked {
    let mut out = Checked {
        spent: 0,
        first_solving: None,
        first_board: None,
        searched: [solve::Searched::default(), solve::Searched::default()],
        checks: Vec::new(),
    };
    for (at, (c, pairs)) in candidates.iter().enumerate() {
        let clock = super::super::timing::start();
        let noted = &mut out.searched[usize::from(at > 0)];
        let probe = solve::probe(
            &pairing::puzzle(side, of, pairs),
            budget.saturating_sub(out.spent).max(1),
            std::mem::take(noted),
        );
        *noted = probe.searched;
        clock.solve("art-check", probe.nodes);
        out.spent += probe.nodes;
        out.checks.push(probe.solves);
        if std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some() {
            eprintln!(
                "DEBUGART candidate {at} cost {c:.3} solves={:?} nodes={} of {} pairs {pairs:?}",
                probe.solves,
                probe.nodes,
                candidates.len()
            );
        }
        if probe.solves == Some(true) {
            out.first_solving = Some((at, *c));
            out.first_board = probe.board;
            break;
        }
        if out.spent >= budget {
            break;
        }
    }
    out
}
