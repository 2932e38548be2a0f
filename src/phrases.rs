//! The words for counts, durations and why a search stopped, said once, so
//! the terminal, the gallery, `index.md` and `solve` never word one fact two
//! ways (nor print "1 solutions"). A leaf: it knows only the stop types.

use crate::kind::stop::{Count, StopReason, StoppedBy};
use std::time::Duration;

/// `1 solution`, `2 solutions`: a count with its noun (every noun counted
/// in this program takes a plain `s`).
pub fn plural(n: u64, noun: &str) -> String {
    format!("{n} {}", self::noun(n, noun))
}

/// The noun alone as `n` takes it: `tile`, `tiles`.
pub fn noun(n: u64, noun: &str) -> String {
    if n == 1 {
        noun.to_string()
    } else {
        format!("{noun}s")
    }
}

/// What the summaries say of a puzzle whose whole search found nothing.
pub const NO_SOLUTION: &str = "no solution";

/// A count a limit may have cut short: `1000+` is a lower bound.
fn at_least(n: Count, complete: bool) -> String {
    if complete {
        n.to_string()
    } else {
        format!("{n}+")
    }
}

/// `1 solution`, `4 solutions`, `1000+ solutions` (a lower bound is never
/// singular: `1+ solutions`).
pub fn solutions(total: Count, complete: bool) -> String {
    let noun = if total == 1 && complete {
        "solution"
    } else {
        "solutions"
    };
    format!("{} {noun}", at_least(total, complete))
}

/// `12 unique up to turning the board`: the rotation classes.
pub fn unique(n: Count, complete: bool) -> String {
    format!("{} unique up to turning the board", at_least(n, complete))
}

/// `3 distinct looks`: solutions as a person tells them apart.
pub fn looks(n: Count, complete: bool) -> String {
    format!("{} distinct looks", at_least(n, complete))
}

/// `stopped by --max-nodes`: a limit, named by the option that raises it;
/// or `interrupted`, which is no limit.
pub fn stopped_by(by: StoppedBy) -> String {
    match by {
        StoppedBy::Interrupted => "interrupted".to_string(),
        by => format!("stopped by --{}", by.name()),
    }
}

/// What the terminal, the gallery and `index.md` say of a search stopped
/// before it found a solution.
pub fn stopped_before_a_solution(by: StoppedBy) -> String {
    format!(
        "{} before a solution was found; whether one exists is unknown",
        stopped_by(by)
    )
}

/// `solve`'s account of its stop, with the limit's amount: `stopped after
/// 1000 solutions`, `stopped by the timeout of 2.0 s`, `interrupted`.
/// `timeout` is the `--timeout` given: a search's own `Timeout` carries
/// what was left of it when that search began, one tick short of it.
pub fn stop_reason(stop: StopReason, timeout: Option<Duration>) -> String {
    match stop {
        StopReason::MaxSolutions(n) => {
            format!(
                "stopped after {n} {}",
                if n == 1 { "solution" } else { "solutions" }
            )
        }
        StopReason::Timeout(t) => {
            format!(
                "stopped by the timeout of {}",
                duration(timeout.unwrap_or(t))
            )
        }
        StopReason::MaxNodes(n) => format!("stopped after {}", plural(n, "node")),
        StopReason::Interrupted => stopped_by(StoppedBy::Interrupted),
    }
}

/// `N stopped, ` for the totals lines, where any search was stopped.
pub fn stopped_count(stopped: usize) -> String {
    if stopped == 0 {
        String::new()
    } else {
        format!("{stopped} stopped, ")
    }
}

/// `12.3 s`, `45 ms`, `80 µs`: precise enough to compare runs, short enough
/// for a status line. Times appear on the terminal only, never in files.
pub fn duration(d: Duration) -> String {
    if d.as_secs() >= 10 {
        format!("{:.1} s", d.as_secs_f64())
    } else if d.as_millis() >= 1 {
        format!("{} ms", d.as_millis())
    } else {
        format!("{} µs", d.as_micros())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_take_the_right_noun_and_mark_lower_bounds() {
        assert_eq!(plural(1, "tile"), "1 tile");
        assert_eq!(plural(0, "tile"), "0 tiles");
        assert_eq!(noun(2, "board"), "boards");
        assert_eq!(solutions(1, true), "1 solution");
        assert_eq!(solutions(1, false), "1+ solutions");
        assert_eq!(solutions(4, true), "4 solutions");
        assert_eq!(unique(251, false), "251+ unique up to turning the board");
        assert_eq!(looks(3, true), "3 distinct looks");
        assert_eq!(stopped_count(0), "");
        assert_eq!(stopped_count(2), "2 stopped, ");
    }

    /// A limit is named as the option to raise; Ctrl-C is no limit.
    #[test]
    fn a_stop_names_its_limit_but_an_interrupt_names_none() {
        assert_eq!(stopped_by(StoppedBy::MaxNodes), "stopped by --max-nodes");
        assert_eq!(
            stopped_before_a_solution(StoppedBy::Timeout),
            "stopped by --timeout before a solution was found; whether one exists is unknown"
        );
        let interrupted = stopped_before_a_solution(StoppedBy::Interrupted);
        assert!(interrupted.starts_with("interrupted before a solution"));
        assert_eq!(
            stop_reason(StopReason::MaxSolutions(1), None),
            "stopped after 1 solution"
        );
        assert_eq!(
            stop_reason(StopReason::Timeout(Duration::from_millis(1500)), None),
            "stopped by the timeout of 1500 ms"
        );
        let left = StopReason::Timeout(Duration::from_millis(9999));
        assert_eq!(
            stop_reason(left, Some(Duration::from_secs(10))),
            "stopped by the timeout of 10.0 s"
        );
        assert_eq!(
            stop_reason(StopReason::MaxNodes(5), None),
            "stopped after 5 nodes"
        );
        assert_eq!(stop_reason(StopReason::Interrupted, None), "interrupted");
    }

    #[test]
    fn durations_shrink_their_unit() {
        assert_eq!(duration(Duration::from_secs(12)), "12.0 s");
        assert_eq!(duration(Duration::from_millis(45)), "45 ms");
        assert_eq!(duration(Duration::from_micros(80)), "80 µs");
    }
}
