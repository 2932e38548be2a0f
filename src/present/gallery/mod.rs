//! Pages for people: `output/index.html`, one self-contained static page with
//! every puzzle (no network, no script, relative links so it works from
//! `file://` and from any web root). The Markdown for posts is in `snippet`,
//! which builds on the wording here.

mod html;
pub(crate) mod thumbs;

pub(crate) use crate::present::title::title;
pub(crate) use html::{describe, index_html};

use crate::phrases;
use crate::present::summary::{PuzzleReport, Status};

pub(crate) fn counts(r: &PuzzleReport) -> String {
    let complete = r.complete != Some(false);
    // Looks among the listed solutions only are a lower bound.
    let looks_complete = complete && r.solutions_listed.is_none();
    match r.status {
        Status::Error => "error".to_string(),
        Status::Stopped => r.stopped_text(),
        Status::NoSolution => match &r.closest {
            Some(c) => format!(
                "{}; the closest boards match {}{} of {} inner edges",
                phrases::NO_SOLUTION,
                c.matched_edges,
                if c.complete { "" } else { "+" },
                c.inner_edges
            ),
            None => phrases::NO_SOLUTION.to_string(),
        },
        Status::Solved => {
            let total = phrases::solutions(r.solutions_total.unwrap_or(0), complete);
            match r
                .solutions_unique
                .map(|u| (u, phrases::unique(u, complete)))
            {
                Some((u, unique)) => match r.solutions_distinct_looks {
                    Some(l) if l < u => {
                        let looks = phrases::looks(l, looks_complete);
                        format!("{total}, {unique}, {looks}")
                    }
                    _ => format!("{total}, {unique}"),
                },
                None => total,
            }
        }
    }
}

pub(crate) fn board(r: &PuzzleReport) -> String {
    match (r.rows, r.cols) {
        (Some(rows), Some(cols)) => format!("{rows} x {cols}"),
        _ => "?".to_string(),
    }
}

/// The board images after `unsolved.png`, with their captions: the rendered
/// solutions, or for a puzzle without one its rendered closest boards.
pub(crate) fn boards(r: &PuzzleReport) -> Vec<(usize, String, String)> {
    let solutions = r
        .rendered
        .iter()
        .map(|&k| (k, format!("solution-{k}.png"), format!("solution {k}")));
    let closest = r.closest.iter().flat_map(|c| {
        let score = format!("{} of {} edges", c.matched_edges, c.inner_edges);
        c.rendered.iter().map(move |&k| {
            (
                k,
                format!("closest-{k}.png"),
                format!("closest board {k}, {score}"),
            )
        })
    });
    solutions.chain(closest).collect()
}

pub(crate) use crate::html::esc;

/// Percent-encodes a puzzle name for a relative URL, keeping its `/` separators.
pub(crate) fn url(path: &str) -> String {
    path.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A name in a link's path: only unreserved characters and the folder
    /// separators stay, so no quote, bracket, `#`, `?` or newline ends or
    /// bends the URL (nor the attribute holding it).
    #[test]
    fn url_encodes_all_but_unreserved_characters_and_slashes() {
        assert_eq!(
            url("kids/a b\"c'd<e>#f?g%h\ni&j.-_~"),
            "kids/a%20b%22c%27d%3Ce%3E%23f%3Fg%25h%0Ai%26j.-_~"
        );
        assert_eq!(url("wölfe"), "w%C3%B6lfe");
    }

    pub(crate) fn report(name: &str, status: Status) -> PuzzleReport {
        PuzzleReport {
            name: name.into(),
            status,
            rows: Some(3),
            cols: Some(3),
            solutions_total: Some(12),
            solutions_unique: Some(3),
            complete: Some(true),
            rendered: (1..=10).collect(),
            image_size: Some([241, 241]),
            thumb_size: Some([240, 240]),
            ..PuzzleReport::default()
        }
    }
}
