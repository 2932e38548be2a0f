//! Pages for people: `output/index.html`, one self-contained static page with
//! every puzzle (no network, no script, relative links so it works from
//! `file://` and from any web root), and per puzzle an `index.md` snippet with
//! the image links, to paste into a post.

mod html;
pub mod thumbs;

pub use html::index_html;

use crate::phrases;
use crate::present::summary::{PuzzleReport, Status};
use std::fmt::Write;

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

/// The snippet for `output/<name>/index.md`, and one puzzle's part of the
/// run's combined snippet: `base` is put before each image's file name (see
/// [`crate::present::snippet::link_base`]); empty, the links are relative to the file.
pub fn puzzle_markdown(r: &PuzzleReport, base: &str) -> String {
    let mut s = format!(
        "## {}\n\n{} board, {}.\n\n",
        markdown_text(&r.name),
        board(r),
        counts(r)
    );
    if let Some(iframe) = crate::present::snippet::play_iframe(r, base) {
        let _ = writeln!(s, "{iframe}");
    }
    let _ = writeln!(s, "![unsolved board]({base}unsolved.png)");
    for (_, file, alt) in boards(r) {
        let _ = writeln!(s, "\n![{alt}]({base}{file})");
    }
    s
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

/// Text (a puzzle's name) for Markdown: it is pasted into posts whose
/// renderer passes raw HTML through, so `<`, `>` and `&` become entities
/// (`## <img src=x onerror=...>` stays text), Markdown's punctuation is
/// backslash-escaped (no links, emphasis or headings by accident), and
/// control characters are shown escaped, so the heading stays one line.
fn markdown_text(text: &str) -> String {
    let mut out = String::new();
    for c in crate::error::printable(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\\' | '`' | '*' | '_' | '[' | ']' | '(' | ')' | '{' | '}' | '#' | '|' | '!' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// Escapes text for HTML (and SVG) content and attribute values; control
/// characters (invalid in XML, and unseen in HTML) are shown escaped.
pub(crate) fn esc(text: &str) -> String {
    crate::error::printable(text)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

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

    pub(super) fn report(name: &str, status: Status) -> PuzzleReport {
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

    #[test]
    fn the_snippet_escapes_markdown_and_html_in_names() {
        let md = puzzle_markdown(
            &report("<img src=x onerror=alert(1)>\n# *x*", Status::Solved),
            "",
        );
        let heading = md.lines().next().expect("a line");
        assert_eq!(
            heading,
            // Rendered: `<img src=x onerror=alert(1)>\u{a}# *x*` as plain text.
            "## &lt;img src=x onerror=alert\\(1\\)&gt;\\\\u\\{a\\}\\# \\*x\\*"
        );
    }

    #[test]
    fn the_snippet_links_every_rendered_board() {
        let md = puzzle_markdown(&report("owls", Status::Solved), "");
        assert!(md.starts_with(
            "## owls\n\n3 x 3 board, 12 solutions, 3 unique up to turning the board.\n"
        ));
        assert!(md.contains("![unsolved board](unsolved.png)"));
        assert!(md.contains("![solution 10](solution-10.png)"));
    }
}
