//! Pages for people: `output/index.html`, one self-contained static page with
//! every puzzle (no network, no script, relative links so it works from
//! `file://` and from any web root), and per puzzle an `index.md` snippet with
//! the image links, to paste into a post.

use crate::summary::{PuzzleReport, Status, Summary};
use std::fmt::Write;

/// Solution boards shown inline per puzzle; the rest are linked.
const INLINE: usize = 8;

fn counts(r: &PuzzleReport) -> String {
    let plus = if r.complete == Some(false) { "+" } else { "" };
    // Looks among the listed solutions only are a lower bound.
    let looks_plus = if r.solutions_listed.is_some() {
        "+"
    } else {
        plus
    };
    match r.status {
        Status::Error => "error".to_string(),
        Status::Stopped => r.stopped_text(),
        Status::NoSolution => match &r.closest {
            Some(c) => format!(
                "no solution; the closest boards match {}{} of {} inner edges",
                c.matched_edges,
                if c.complete { "" } else { "+" },
                c.inner_edges
            ),
            None => "no solution".to_string(),
        },
        Status::Solved => {
            let n = r.solutions_total.unwrap_or(0);
            let noun = if n == 1 && plus.is_empty() {
                "solution"
            } else {
                "solutions"
            };
            let total = format!("{n}{plus} {noun}");
            match r.solutions_unique {
                Some(u) => match r.solutions_distinct_looks {
                    Some(l) if l < u => format!("{total}, {u}{plus} unique up to turning the board, {l}{looks_plus} distinct looks"),
                    _ => format!("{total}, {u}{plus} unique up to turning the board"),
                },
                None => total,
            }
        }
    }
}

fn board(r: &PuzzleReport) -> String {
    match (r.rows, r.cols) {
        (Some(rows), Some(cols)) => format!("{rows} x {cols}"),
        _ => "?".to_string(),
    }
}

/// The snippet for `output/<name>/index.md`, and one puzzle's part of the
/// run's combined snippet: `base` is put before each image's file name (see
/// [`crate::snippet::link_base`]); empty, the links are relative to the file.
pub fn puzzle_markdown(r: &PuzzleReport, base: &str) -> String {
    let mut s = format!(
        "## {}\n\n{} board, {}.\n\n",
        markdown_text(&r.name),
        board(r),
        counts(r)
    );
    let _ = writeln!(s, "![unsolved board]({base}unsolved.png)");
    for (_, file, alt) in boards(r) {
        let _ = writeln!(s, "\n![{alt}]({base}{file})");
    }
    s
}

/// The board images after `unsolved.png`, with their captions: the rendered
/// solutions, or for a puzzle without one its rendered closest boards.
fn boards(r: &PuzzleReport) -> Vec<(usize, String, String)> {
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

fn img(out: &mut String, r: &PuzzleReport, file: &str, alt: &str) {
    let [w, h] = r.image_size.unwrap_or([0, 0]);
    let src = format!("{}/{file}", url(&r.name));
    let _ = writeln!(
        out,
        "<figure><a href=\"{src}\"><img src=\"{src}\" width=\"{w}\" height=\"{h}\" alt=\"{}\" loading=\"lazy\"></a><figcaption>{}</figcaption></figure>",
        esc(alt),
        esc(alt)
    );
}

/// The whole gallery page for a run's summary.
pub fn index_html(summary: &Summary) -> String {
    let t = &summary.totals;
    let mut s = String::from(HEAD);
    let _ = writeln!(
        s,
        "<h1>unscramble</h1>\n<p class=\"totals\">{} puzzles: {} solved, {} without solution, {}{} failed</p>",
        t.puzzles,
        t.solved,
        t.no_solution,
        crate::report::stopped_count(t),
        t.error
    );
    for r in &summary.puzzles {
        let status = match r.status {
            Status::Solved => "solved",
            Status::NoSolution => "no-solution",
            Status::Stopped => "stopped",
            Status::Error => "error",
        };
        let _ = writeln!(
            s,
            "<section id=\"{}\" class=\"{status}\">\n<h2>{}</h2>",
            esc(&url(&r.name)),
            esc(&r.name)
        );
        let _ = writeln!(
            s,
            "<p class=\"counts\"><span class=\"status\">{status}</span>: {} board, {}</p>",
            board(r),
            esc(&counts(r))
        );
        if let Some(e) = &r.error {
            let _ = writeln!(s, "<pre class=\"error\">{}</pre>", esc(e));
        }
        for w in &r.warnings {
            let _ = writeln!(s, "<p class=\"warning\">warning: {}</p>", esc(w));
        }
        if r.image_size.is_some() {
            s.push_str("<div class=\"boards\">\n");
            img(&mut s, r, "unsolved.png", "unsolved");
            let boards = boards(r);
            for (_, file, alt) in boards.iter().take(INLINE) {
                img(&mut s, r, file, alt);
            }
            s.push_str("</div>\n");
            if boards.len() > INLINE {
                let what = if r.closest.is_some() {
                    "closest boards"
                } else {
                    "solutions"
                };
                let _ = write!(s, "<p class=\"more\">More {what}:");
                for (k, file, _) in boards.iter().skip(INLINE) {
                    let _ = write!(s, " <a href=\"{}/{file}\">{k}</a>", url(&r.name));
                }
                s.push_str("</p>\n");
            }
            if r.images_capped {
                s.push_str("<p class=\"note\">Not every solution has an image (see --max-images and --unique).</p>\n");
            }
        }
        s.push_str("</section>\n");
    }
    s.push_str("</body>\n</html>\n");
    s
}

const HEAD: &str = r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>unscramble: puzzles and solutions</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #222; }
section { border-top: 1px solid #ccc; padding: 1rem 0; }
.boards { display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: 1rem; }
figure { margin: 0; }
img { width: 100%; height: auto; display: block; }
figcaption { font-size: 0.9rem; color: #555; }
.status { font-weight: bold; }
.error .status, pre.error { color: #a00; }
.stopped .status { color: #a60; }
pre.error { white-space: pre-wrap; background: #fee; padding: 0.5rem; }
.warning { color: #850; }
</style>
</head>
<body>
"#;

#[cfg(test)]
mod tests {
    use super::*;

    fn report(name: &str, status: Status) -> PuzzleReport {
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
            ..PuzzleReport::default()
        }
    }

    #[test]
    fn the_page_links_relatively_sizes_images_and_escapes_text() {
        let mut bad = PuzzleReport::failed("kids/<owls>", "x.yaml: bad & wrong".into(), vec![]);
        bad.status = Status::Error;
        let summary = Summary::new(vec![report("a b", Status::Solved), bad]);
        let html = index_html(&summary);
        assert!(
            html.contains("<img src=\"a%20b/unsolved.png\" width=\"241\" height=\"241\""),
            "{html}"
        );
        assert_eq!(
            html.matches("<img ").count(),
            1 + INLINE,
            "unsolved and the first boards inline"
        );
        assert!(html.contains("<a href=\"a%20b/solution-10.png\">10</a>"));
        assert!(html.contains("<h2>kids/&lt;owls&gt;</h2>"));
        assert!(html.contains("<pre class=\"error\">x.yaml: bad &amp; wrong</pre>"));
        assert!(!html.contains("http"), "no network");
        assert!(!html.contains("<script"), "no script");
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
        let html = index_html(&Summary::new(vec![report("a\u{1b}[31m\0", Status::Solved)]));
        assert!(html.contains("<h2>a\\u{1b}[31m\\u{0}</h2>"), "{html}");
        assert!(!html.contains('\u{1b}') && !html.contains('\0'));
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
