//! The plain backtracking search of the backtracking and Java solver posts, told step by step: a
//! picture of the search needs every candidate it looks at, which the fast
//! core in `search` never materialises (its tables hand it only candidates
//! that already fit two neighbours, and it splits the work into units).
//!
//! Same cells in the same order (`order::plan`), same candidates in the same
//! (tile, turns) order and the same fit relation (`Tables::fit`) as the core
//! without symmetry breaking, so its first solution is the core's first
//! solution and its places per depth are the core's nodes up to that point.

use super::order::{cells_in_order, plan, Order, Step};
use super::tables::{Cand, Tables};
use super::TurnOrder;
use crate::kind::tiles::model::{Board, Placement, Puzzle};
use std::ops::ControlFlow;

/// One thing the search does. `depth` is the position in the fill order
/// (0 = the first cell filled), `cell` the row-major cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// The oriented tile fits every filled neighbour and is put down.
    Place {
        depth: usize,
        cell: usize,
        tile: Placement,
    },
    /// The oriented tile was tried in the cell and does not fit.
    Reject {
        depth: usize,
        cell: usize,
        tile: Placement,
    },
    /// Nothing fits below this placement: it is picked up again.
    TakeBack { depth: usize, cell: usize },
}

/// How the traced search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Traced {
    /// The first solution, row-major; `None` when there is none (or the
    /// search was stopped first).
    pub solution: Option<Board>,
    /// Events reported.
    pub events: u64,
    /// Whether `max_events` (or the callback) cut the search short.
    pub stopped: bool,
    /// Placements per depth up to the end.
    pub places: Vec<u64>,
    /// The row-major cell filled at each depth.
    pub cells: Vec<usize>,
}

/// Runs the plain search in `order`, trying turns in `turn_order`, up to its
/// first solution, calling `on_event` for every event in order. The search
/// stops after `max_events` events, or when `on_event` says so: a search
/// whose first solution lies billions of tries away must not run unbounded.
pub(crate) fn trace(
    puzzle: &Puzzle,
    order: Order,
    turn_order: TurnOrder,
    max_events: u64,
    mut on_event: impl FnMut(&Event) -> ControlFlow<()>,
) -> Traced {
    let tables = Tables::new(puzzle, turn_order);
    let cells = cells_in_order(puzzle.rows, puzzle.cols, order);
    let steps = plan(puzzle.rows, puzzle.cols, &cells);
    let n = steps.len();
    // Each tile's four orientations in the order they are tried.
    let oriented: Vec<[Cand; 4]> = (0..puzzle.tiles.len())
        .map(|t| tables.turns.map(|r| tables.oriented(puzzle, t, r)))
        .collect();
    let candidates = 4 * oriented.len();
    let mut out = Traced {
        solution: None,
        events: 0,
        stopped: false,
        places: vec![0; n],
        cells,
    };
    let mut placed: Vec<Cand> = Vec::with_capacity(n);
    // Next candidate (tile * 4 + turn index) to try at each depth.
    let mut next = vec![0usize; n];
    let mut used: u128 = 0;
    let mut emit = |out: &mut Traced, e: Event| -> bool {
        out.events += 1;
        on_event(&e).is_break() || out.events >= max_events
    };
    loop {
        let depth = placed.len();
        if next[depth] == candidates {
            let Some(back) = placed.pop() else { break };
            used &= !(1u128 << back.tile);
            let event = Event::TakeBack {
                depth: depth - 1,
                cell: steps[depth - 1].cell,
            };
            if emit(&mut out, event) {
                out.stopped = true;
                break;
            }
            continue;
        }
        let i = next[depth];
        let (tile, k) = (i / 4, i % 4);
        if used & (1u128 << tile) != 0 {
            // A tile on the board is no candidate at all: not even a try.
            next[depth] = 4 * (tile + 1);
            continue;
        }
        next[depth] += 1;
        let cand = oriented[tile][k];
        let step = &steps[depth];
        let tile_turns = Placement {
            tile: cand.tile,
            turns: cand.turns,
        };
        if !fits(&tables, step, &placed, &cand) {
            let event = Event::Reject {
                depth,
                cell: step.cell,
                tile: tile_turns,
            };
            if emit(&mut out, event) {
                out.stopped = true;
                break;
            }
            continue;
        }
        out.places[depth] += 1;
        placed.push(cand);
        used |= 1u128 << tile;
        let event = Event::Place {
            depth,
            cell: step.cell,
            tile: tile_turns,
        };
        let stop = emit(&mut out, event);
        if placed.len() == n {
            let mut board = vec![Placement { tile: 0, turns: 0 }; n];
            for (s, c) in steps.iter().zip(&placed) {
                board[s.cell] = Placement {
                    tile: c.tile,
                    turns: c.turns,
                };
            }
            out.solution = Some(board);
            break;
        }
        if stop {
            out.stopped = true;
            break;
        }
        next[depth + 1] = 0;
    }
    out
}

/// Whether `cand` fits every neighbour of `step` that is already placed: the
/// two the core's tables are keyed by and the rare extra ones.
fn fits(tables: &Tables, step: &Step, placed: &[Cand], cand: &Cand) -> bool {
    let own = [step.key.0, step.key.1];
    let keyed = step
        .from
        .iter()
        .zip(own)
        .filter_map(|(f, own)| f.map(|(p, side)| (p, side, own)));
    let extra = step.extra[..step.extras].iter().copied();
    keyed.chain(extra).all(|(p, side, own)| {
        let a = usize::from(placed[p].edges[side]);
        tables.fit[a * tables.width + usize::from(cand.edges[own])]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::tiles::solve::tests::{puzzle, SEED_000};
    use crate::kind::tiles::solve::{solve, Limits};

    fn all(p: &Puzzle, order: Order, turns: TurnOrder) -> (Traced, Vec<Event>) {
        let mut events = Vec::new();
        let t = trace(p, order, turns, u64::MAX, |e| {
            events.push(*e);
            ControlFlow::Continue(())
        });
        (t, events)
    }

    fn plain(order: Order, turn_order: TurnOrder, max_solutions: crate::kind::Count) -> Limits {
        Limits {
            max_solutions,
            symmetry: false,
            order,
            turn_order,
            ..Limits::default()
        }
    }

    #[test]
    fn first_solution_and_counts_are_the_plain_cores() {
        let p = puzzle(SEED_000);
        for order in [Order::RowMajor, Order::Spiral] {
            for turns in [TurnOrder::CounterClockwise, TurnOrder::Clockwise] {
                let (t, events) = all(&p, order, turns);
                let core = solve(&p, &plain(order, turns, 1000));
                assert_eq!(
                    t.solution.as_ref(),
                    core.solutions.first(),
                    "{order:?} {turns:?}"
                );
                assert!(!t.stopped);
                // Cut at the first solution, the core's nodes are exactly
                // the placements made up to it.
                let to_first = solve(&p, &plain(order, turns, 0));
                assert_eq!(
                    t.places, to_first.extra.nodes_per_depth,
                    "{order:?} {turns:?}"
                );
                let tries = events
                    .iter()
                    .filter(|e| !matches!(e, Event::TakeBack { .. }))
                    .count() as u64;
                // Every event but a take-back is a try: the core's count.
                assert_eq!(
                    Some(tries),
                    core.extra.tries_to_first,
                    "{order:?} {turns:?}"
                );
                assert_eq!(t.events, events.len() as u64);
            }
        }
    }

    #[test]
    fn events_replay_to_the_solution() {
        let p = puzzle(SEED_000);
        let (t, events) = all(&p, Order::Spiral, TurnOrder::CounterClockwise);
        let mut board: Vec<Option<Placement>> = vec![None; p.cells()];
        let mut places = vec![0u64; p.cells()];
        for e in &events {
            match *e {
                Event::Place { depth, cell, tile } => {
                    assert_eq!(board[cell], None, "placed on a filled cell");
                    assert_eq!(t.cells[depth], cell);
                    board[cell] = Some(tile);
                    places[depth] += 1;
                }
                Event::Reject { cell, .. } => assert_eq!(board[cell], None),
                Event::TakeBack { cell, .. } => {
                    assert!(board[cell].is_some(), "took back an empty cell");
                    board[cell] = None;
                }
            }
        }
        let full: Option<Board> = board.into_iter().collect();
        assert_eq!(full, t.solution);
        assert_eq!(places, t.places);
        assert!(matches!(events.last(), Some(Event::Place { .. })));
    }

    #[test]
    fn a_puzzle_without_solution_ends_on_an_empty_board() {
        // Every edge shows the same half of one picture: nothing ever fits.
        let p = puzzle(
            &(1..=4)
                .map(|k| format!("{k}: [['a', '+'], ['a', '+'], ['a', '+'], ['a', '+']]\n"))
                .collect::<String>(),
        );
        let (t, events) = all(&p, Order::RowMajor, TurnOrder::CounterClockwise);
        assert_eq!(t.solution, None);
        assert!(!t.stopped);
        // 16 first placements, each followed by 12 rejects and a take-back.
        assert_eq!(t.places, vec![16, 0, 0, 0]);
        assert_eq!(events.len(), 16 * 14);
        assert!(matches!(
            events.last(),
            Some(Event::TakeBack { depth: 0, .. })
        ));
    }

    #[test]
    fn max_events_stops_the_search() {
        let p = puzzle(SEED_000);
        let t = trace(&p, Order::RowMajor, TurnOrder::CounterClockwise, 5, |_| {
            ControlFlow::Continue(())
        });
        assert!(t.stopped);
        assert_eq!(t.events, 5);
        assert_eq!(t.solution, None);
    }
}
