//! Lines for the terminal. Times appear here and never in files.

use crate::batch::{PuzzleReport, Status, Summary};
use crate::solve::Outcome;
use std::time::Duration;

/// `solutions` with its qualifiers: `4 solutions (1 unique)`, `1000+ solutions ...`.
pub fn counts(total: usize, unique: usize, complete: bool) -> String {
    let plus = if complete { "" } else { "+" };
    let noun = if total == 1 && complete {
        "solution"
    } else {
        "solutions"
    };
    format!("{total}{plus} {noun} ({unique}{plus} unique up to turning the board)")
}

/// One line per puzzle; errors and warnings on lines of their own, in the
/// `error: puzzle 'NAME': FILE: problem (hint)` style.
pub fn puzzle_lines(r: &PuzzleReport) -> Vec<String> {
    let mut lines: Vec<String> = r
        .warnings
        .iter()
        .map(|w| format!("warning: puzzle '{}': {w}", r.name))
        .collect();
    let time = format_duration(r.elapsed);
    match r.status {
        Status::Error => lines.push(format!(
            "error: puzzle '{}': {}",
            r.name,
            r.error.as_deref().unwrap_or("failed")
        )),
        Status::NoSolution if r.complete == Some(false) => lines.push(format!(
            "{}: no solution found before --{} stopped the search; the result is partial ({time})",
            r.name,
            r.stopped_by.unwrap_or("timeout")
        )),
        Status::NoSolution => lines.push(format!("{}: no solution ({time})", r.name)),
        Status::Solved => {
            let mut line = format!(
                "{}: {}, {} image{}",
                r.name,
                counts(
                    r.solutions_total.unwrap_or(0),
                    r.solutions_unique.unwrap_or(0),
                    r.complete.unwrap_or(true)
                ),
                r.images,
                if r.images == 1 { "" } else { "s" }
            );
            if r.images_capped {
                line.push_str(" (capped by --max-images)");
            }
            if let Some(by) = r.stopped_by {
                line.push_str(&format!(", search stopped by --{by}"));
            }
            line.push_str(&format!(" ({time})"));
            lines.push(line);
        }
    }
    lines
}

pub fn summary_line(s: &Summary, elapsed: Duration) -> String {
    let t = &s.totals;
    format!(
        "{} puzzle{}: {} solved, {} without solution, {} failed ({})",
        t.puzzles,
        if t.puzzles == 1 { "" } else { "s" },
        t.solved,
        t.no_solution,
        t.error,
        format_duration(elapsed)
    )
}

pub fn format_duration(d: Duration) -> String {
    if d.as_secs() >= 10 {
        format!("{:.1} s", d.as_secs_f64())
    } else if d.as_millis() >= 1 {
        format!("{} ms", d.as_millis())
    } else {
        format!("{} µs", d.as_micros())
    }
}

/// `solve --stats`: the search's work, for comparing orders, machines and
/// notes like seeds 002 and 003 (which print calls per depth and tries).
pub fn stats_lines(outcome: &Outcome, elapsed: Duration) -> Vec<String> {
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 {
        outcome.nodes as f64 / secs
    } else {
        0.0
    };
    let per_depth: Vec<String> = outcome.nodes_per_depth.iter().map(u64::to_string).collect();
    let first = outcome
        .tries_to_first
        .map_or("no solution".to_string(), |t| t.to_string());
    vec![
        format!("nodes: {}", outcome.nodes),
        format!("nodes per depth: [{}]", per_depth.join(", ")),
        format!("tries: {} (to the first solution: {first})", outcome.tries),
        format!("elapsed: {:.3} s", secs),
        format!("nodes per second: {rate:.0}"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_mark_lower_bounds() {
        assert_eq!(
            counts(4, 1, true),
            "4 solutions (1 unique up to turning the board)"
        );
        assert_eq!(
            counts(1000, 251, false),
            "1000+ solutions (251+ unique up to turning the board)"
        );
    }
}
