//! Whether a puzzle has a solution at all, asked of two orders of search
//! in turn, so that one order's bad luck does not decide.
//!
//! The time to a first solution is heavy-tailed and depends on where the
//! search starts: on the planted 6x6s of the benchmark, row-major took 161
//! million placements where the spiral from the centre took 8 million, and
//! on others the other way round (docs/infer-journal.md, "The check that a pairing
//! solves, two orders in turn"). `infer` asks this of every candidate
//! pairing and needs only yes, no, or "not known within the budget". The
//! probe gives each order an allowance, then twice that, and so on; the
//! units an order searched to their end are noted (see [`Searched`]) and
//! not searched again, so a round repeats only the unit it stopped in,
//! and the other order takes them too where it splits the search into the
//! same units (`shared`): a proof that a pairing solves nothing then costs
//! one search of every unit, not up to one in each order. The units taken
//! count nothing against the budget.
//! Every step is a search in order within a node budget: the answer and
//! the placements counted do not depend on the threads. A puzzle whose
//! halves counting alone cannot match (see `surplus`) is answered "no"
//! without a search.

use super::{shared, solve_noting, Limits, Order, Searched};
use crate::kind::tiles::model::{Board, Puzzle};

/// Placements each order may make in the first round.
const FIRST_ALLOWANCE: u64 = 1 << 20;

/// The orders asked, in turn.
const ORDERS: [Order; 2] = [Order::RowMajor, Order::Spiral];

/// What a probe found.
#[derive(Debug)]
pub struct Probe {
    /// `Some(true)`: a solution (in `board`); `Some(false)`: a search went
    /// to its end without one; `None`: the budget ran out first.
    pub solves: Option<bool>,
    /// The first solution of the order that found one, checked.
    pub board: Option<Board>,
    /// Placements made, not counting the noted units taken again.
    pub nodes: u64,
    /// What the order that answered searched, to count its solutions
    /// with ([`Searched::order`] says which).
    pub searched: Searched,
}

/// Probes `puzzle` within `max_nodes` placements. `searched` may hold what
/// an earlier probe of the same puzzle noted; it is taken as one order's.
pub fn probe(puzzle: &Puzzle, max_nodes: u64, searched: Searched) -> Probe {
    probe_from(puzzle, max_nodes, searched, FIRST_ALLOWANCE)
}

/// [`probe`], each order's first round allowed `first` placements.
pub(super) fn probe_from(puzzle: &Puzzle, max_nodes: u64, searched: Searched, first: u64) -> Probe {
    // Counting the halves may prove at once what the search would spend
    // its budget on (see `surplus`).
    if super::surplus::counted_out(puzzle) {
        return Probe {
            solves: Some(false),
            board: None,
            nodes: 0,
            searched: Searched::default(),
        };
    }
    let limits_of = |order| Limits {
        order,
        ..Limits::default()
    };
    // Each order's units, to take what the other searched (see `shared`).
    let ids: Vec<Vec<shared::Id>> = ORDERS
        .iter()
        .map(|&order| shared::ids(puzzle, &limits_of(order)))
        .collect();
    let mut noted: Vec<Searched> = ORDERS
        .iter()
        .map(|&order| {
            let mut noted =
                if searched.key.as_ref() == Some(&Searched::key(puzzle, &limits_of(order))) {
                    searched.clone()
                } else {
                    Searched::default()
                };
            // Units noted count nothing against the budget: this order's
            // own, searched in an earlier round, and the other's alike.
            noted.free = true;
            noted.clear = 0;
            noted
        })
        .collect();
    let mut nodes = 0u64;
    let mut allowance = first;
    // The most placements one round of the first order made from its start
    // without a solution (see `fruitless`).
    let mut clear = 0u64;
    loop {
        for (i, &order) in ORDERS.iter().enumerate() {
            let left = max_nodes.saturating_sub(nodes);
            if left == 0 {
                return Probe {
                    solves: None,
                    board: None,
                    nodes,
                    searched: Searched::clear_to(puzzle, &limits_of(ORDERS[0]), clear),
                };
            }
            let limits = Limits {
                max_solutions: 1,
                max_nodes: allowance.min(left),
                ..limits_of(order)
            };
            let outcome = solve_noting(puzzle, &limits, &mut noted[i]);
            nodes += outcome.nodes;
            let answered = if outcome.total > 0 {
                Some(true)
            } else {
                outcome.complete().then_some(false)
            };
            if let Some(solves) = answered {
                // Handed on to a count, which takes the units at their
                // cost: its outcome is the one it has on its own.
                let mut searched = std::mem::take(&mut noted[i]);
                searched.free = false;
                return Probe {
                    solves: Some(solves),
                    board: outcome.solutions.into_iter().next(),
                    nodes,
                    searched,
                };
            }
            if i == 0 {
                clear = clear.max(limits.max_nodes);
            }
            for (j, &other) in ORDERS.iter().enumerate().filter(|&(j, _)| j != i) {
                let from = std::mem::take(&mut noted[i]);
                shared::share(
                    puzzle,
                    (&from, &ids[i]),
                    (&mut noted[j], &ids[j]),
                    &limits_of(other),
                );
                noted[i] = from;
            }
        }
        allowance = allowance.saturating_mul(2);
    }
}
