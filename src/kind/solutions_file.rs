//! `solutions.json`, one shape for every kind: the counts every search has,
//! between what only one kind has (its board's size before them, its
//! classes among the counts, its solutions and more after them).

use super::stop::StopReason;
use super::Outcome;
use crate::json::Inline;
use serde::Serialize;

/// `solutions.json`. Field order is the order in the file; nothing here may
/// depend on time or thread count, so an unchanged puzzle rewrites the same
/// bytes. `H` is the kind's head (its board's size), `C` its class counts
/// (written after `solutions_total`), `T` its tail (after `nodes`: the
/// solutions, and whatever the kind adds).
#[derive(Serialize)]
pub(crate) struct SolutionsFile<H, C, T> {
    #[serde(flatten)]
    head: H,
    solutions_total: super::Count,
    #[serde(flatten)]
    classes: C,
    /// Only when `solutions` lists fewer than `solutions_total` (it lists at
    /// most `kind::MAX_LISTED`): how many it lists.
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions_listed: Option<usize>,
    /// False when a limit stopped the search: the counts are then lower bounds.
    complete: bool,
    /// A timeout depends on the machine, but saying that one happened is
    /// the honest record; the count is then marked incomplete anyway.
    stopped_by: Option<super::stop::StoppedBy>,
    /// Indices of the solutions rendered as `solution-<index>.png`.
    rendered: Inline<Vec<usize>>,
    nodes: u64,
    #[serde(flatten)]
    tail: T,
}

/// Nothing to add (a kind without classes).
#[derive(Serialize)]
pub(crate) struct Nothing {}

impl<H: Serialize, C: Serialize, T: Serialize> SolutionsFile<H, C, T> {
    pub(crate) fn new<B, X>(
        head: H,
        classes: C,
        outcome: &Outcome<B, X>,
        rendered: &[usize],
        tail: T,
    ) -> Self {
        SolutionsFile {
            head,
            solutions_total: outcome.total,
            classes,
            solutions_listed: (!outcome.listed_all()).then_some(outcome.solutions.len()),
            complete: outcome.complete(),
            stopped_by: outcome.stopped.as_ref().map(StopReason::by),
            rendered: Inline(rendered.to_vec()),
            nodes: outcome.nodes,
            tail,
        }
    }

    /// The file's text, containers down to `multiline_to` one entry a line.
    pub(crate) fn to_json(&self, multiline_to: usize) -> String {
        crate::json::to_string(self, multiline_to)
    }
}
