//! The puzzle's report as the searches leave it, before any file is written:
//! counts, the stop reason, and which boards get an image. Apart from mod.rs,
//! which runs the job, because choosing the boards has rules of its own.

use super::JobKind;
use crate::kind::stop::{Count, StopReason};
use crate::kind::Facts;
use crate::pipeline::options::OutputOptions;
use crate::present::summary::{ClosestReport, PuzzleReport, Status};
use std::collections::BTreeSet;

/// The report of what the searches found, before any file is written.
pub(super) fn report_of<K: JobKind>(name: &str, f: &Facts, output: &OutputOptions) -> PuzzleReport {
    let (chosen, images_capped) = chosen_for_images(f, output);
    let complete = f.stopped.is_none();
    PuzzleReport {
        name: name.to_string(),
        kind: Some(K::REPORTED_AS),
        status: Status::of(f.total, complete),
        rows: Some(f.rows),
        cols: Some(f.cols),
        tiles: f.tiles,
        solutions_total: Some(f.total),
        solutions_unique: f.unique,
        solutions_distinct_looks: f.looks,
        complete: Some(complete),
        stopped_by: f.stopped.as_ref().map(StopReason::by),
        solutions_listed: (f.listed as Count != f.total).then_some(f.listed),
        rendered: chosen.iter().map(|i| i + 1).collect(),
        rendered_looks: chosen
            .iter()
            .filter_map(|&i| f.look_classes.get(i).copied())
            .collect(),
        images_capped,
        nodes: f.nodes,
        closest: f.closest.map(|c| ClosestReport {
            matched_edges: c.matched_edges,
            inner_edges: c.inner_edges,
            boards: c.boards,
            complete: c.complete,
            rendered: (1..=c.boards.min(output.max_images)).collect(),
        }),
        ..PuzzleReport::default()
    }
}

/// Solutions that get an image: all of them, or the first (lowest-index)
/// member of each look class with `--distinct-looks`, or of each rotation
/// class with `--unique` (a kind without classes has one solution per
/// class); at most `max_images`. The flag says whether `--max-images`
/// dropped any board that would otherwise get an image: only then may the
/// report blame it (the classes, or a listing stopped at `--max-solutions`,
/// leave solutions without images for other reasons).
pub(super) fn chosen_for_images(f: &Facts, output: &OutputOptions) -> (Vec<usize>, bool) {
    let class = |i: usize| match (output.distinct_looks, output.unique) {
        (true, _) => f.look_classes.get(i),
        (false, true) => f.classes.get(i),
        (false, false) => None,
    };
    let mut seen = BTreeSet::new();
    let mut eligible = (0..f.listed).filter(|&i| class(i).is_none_or(|c| seen.insert(*c)));
    let chosen: Vec<usize> = eligible.by_ref().take(output.max_images).collect();
    let capped = eligible.next().is_some();
    (chosen, capped)
}
