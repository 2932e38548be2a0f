//! What `solve` prints on stderr besides its counts: where a closest board
//! misses, what the closest search found, and `--stats`.

use std::time::Duration;
use unscramble::kind::tiles::model::{Placement, Puzzle, SIDE_NAMES};
use unscramble::kind::tiles::solve::{Closest, Outcome, StopReason};
use unscramble::phrases;

/// `unmatched: row 1 col 2 right, ...`: where a closest board's edges
/// disagree, each named by the cell above or left of it.
pub fn unmatched_line(puzzle: &Puzzle, board: &[Placement]) -> String {
    let edges: Vec<String> = puzzle
        .unmatched(board)
        .iter()
        .map(|&(cell, side)| {
            let (row, col) = (cell / puzzle.cols + 1, cell % puzzle.cols + 1);
            format!("row {row} col {col} {}", SIDE_NAMES[side])
        })
        .collect();
    format!("unmatched: {}", edges.join(", "))
}

/// What the search for closest boards found, for `solve`'s summary.
pub fn closest_line(c: &Closest) -> String {
    let boards = phrases::plural(c.boards.len() as u64, "board");
    let (m, i) = (c.matched_edges, c.inner_edges);
    let Some(stop) = c.stopped else {
        let what = format!("{boards} (one per rotation class)");
        return format!("closest: {what} match {m} of {i} inner edges");
    };
    let why = match stop {
        StopReason::MaxSolutions(_) => "--max-solutions",
        StopReason::Timeout(_) => "the timeout",
        StopReason::MaxNodes(_) => "--closest-nodes",
        StopReason::Interrupted => "Ctrl-C",
    };
    if m == c.matched_at_most {
        format!(
            "closest: {boards} found match {m} of {i} inner edges, the most any can; stopped by {why} before every such board was listed"
        )
    } else {
        format!(
            "closest: the best board found matches {m} of {i} inner edges, and none can match more than {}; stopped by {why}",
            c.matched_at_most
        )
    }
}

/// `solve --stats`: the search's work, for comparing orders, machines and
/// notes like the backtracking and Java solver posts (which print calls per depth and tries).
pub fn stats_lines(outcome: &Outcome, elapsed: Duration) -> Vec<String> {
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 {
        outcome.nodes as f64 / secs
    } else {
        0.0
    };
    let per_depth: Vec<String> = outcome
        .extra
        .nodes_per_depth
        .iter()
        .map(u64::to_string)
        .collect();
    let first = outcome
        .extra
        .tries_to_first
        .map_or(phrases::NO_SOLUTION.to_string(), |t| t.to_string());
    vec![
        format!("nodes: {}", outcome.nodes),
        format!("nodes per depth: [{}]", per_depth.join(", ")),
        format!(
            "tries: {} (to the first solution: {first})",
            outcome.extra.tries
        ),
        format!("elapsed: {secs:.3} s"),
        format!("nodes per second: {rate:.0}"),
    ]
}
