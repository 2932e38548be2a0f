//! `output/index.html`, the page a visitor opens: a table of contents, then
//! per puzzle its thumbnails (each a link to the full board), one board per
//! distinct look with the rest folded away, and links to its files. Words
//! for people, not the command line: no status slugs, no option names.

mod boards;

use super::{board, counts, esc, url};
use crate::kind::stop::StoppedBy;
use crate::present::summary::{PuzzleReport, Status, Summary};
use crate::present::title::title;
use boards::boards_html;
pub(crate) use boards::describe;
use std::fmt::Write;

/// Files that other commands (`animate`) write beside a puzzle's boards,
/// linked when they exist, with what a visitor is told they are.
const EXTRAS: [(&str, &str); 3] = [
    (crate::present::play::FILE_NAME, "play it"),
    ("search.png", "the search, animated"),
    ("nodes-per-depth.svg", "chart of the search"),
];

/// The whole gallery page for a run's summary; `exists(name, file)` says
/// whether the puzzle `name`'s output folder holds `file` (for the links to
/// files this run did not write).
pub(crate) fn index_html(summary: &Summary, exists: &dyn Fn(&str, &str) -> bool) -> String {
    let t = &summary.totals;
    let mut s = String::from(HEAD);
    let puzzles = if t.puzzles == 1 { "puzzle" } else { "puzzles" };
    let _ = writeln!(
        s,
        "<h1>Puzzles and solutions</h1>\n<p class=\"totals\">{} {puzzles}: {} solved, {} without solution, {}{} failed. <a href=\"summary.json\">All results (JSON)</a></p>",
        t.puzzles,
        t.solved,
        t.no_solution,
        crate::phrases::stopped_count(t.stopped),
        t.error
    );
    toc(&mut s, summary);
    for r in &summary.puzzles {
        section(&mut s, r, exists);
    }
    s.push_str("</body>\n</html>\n");
    s
}

fn status_word(r: &PuzzleReport) -> &'static str {
    match r.status {
        Status::Solved => "Solved",
        Status::NoSolution => "No solution",
        Status::Stopped => "Search stopped",
        Status::Error => "Failed",
    }
}

fn class(r: &PuzzleReport) -> &'static str {
    match r.status {
        Status::Solved => "solved",
        Status::NoSolution => "none",
        Status::Stopped => "stopped",
        Status::Error => "error",
    }
}

/// The counts as a visitor reads them: a stopped search is explained
/// without naming the option that stopped it.
fn visitor_counts(r: &PuzzleReport) -> String {
    if r.status != Status::Stopped {
        return counts(r);
    }
    let why = match r.stopped_by {
        Some(StoppedBy::Timeout) => "its time ran out",
        Some(StoppedBy::Interrupted) => "it was interrupted",
        _ => "it reached its limit",
    };
    format!(
        "the search stopped ({why}) before it found a solution, so whether one exists is unknown"
    )
}

fn anchor(r: &PuzzleReport) -> String {
    esc(&url(&r.name))
}

fn toc(s: &mut String, summary: &Summary) {
    s.push_str("<nav><table class=\"toc\">\n");
    for r in &summary.puzzles {
        let short = match r.status {
            Status::Solved => counts(r).split(", ").next().unwrap_or_default().to_string(),
            Status::NoSolution => r.closest.as_ref().map_or(String::new(), |c| {
                format!(
                    "closest: {} of {} edges match",
                    c.matched_edges, c.inner_edges
                )
            }),
            _ => String::new(),
        };
        let _ = writeln!(
            s,
            "<tr class=\"{}\"><td><a href=\"#{}\">{}</a></td><td class=\"status\">{}</td><td>{}</td></tr>",
            class(r),
            anchor(r),
            esc(&title(&r.name)),
            status_word(r),
            esc(&short)
        );
    }
    s.push_str("</table></nav>\n");
}

fn section(s: &mut String, r: &PuzzleReport, exists: &dyn Fn(&str, &str) -> bool) {
    let _ = writeln!(
        s,
        "<section id=\"{}\" class=\"{}\">\n<h2>{}</h2>",
        anchor(r),
        class(r),
        esc(&title(&r.name))
    );
    let _ = writeln!(
        s,
        "<p class=\"counts\"><span class=\"status\">{}</span>: {} board, {}.</p>",
        status_word(r),
        board(r),
        esc(&visitor_counts(r))
    );
    if let Some(e) = &r.error {
        let _ = writeln!(s, "<pre class=\"error\">{}</pre>", esc(e));
    }
    for w in &r.warnings {
        let _ = writeln!(s, "<p class=\"warning\">Warning: {}</p>", esc(w));
    }
    if r.image_size.is_some() {
        boards_html(s, r);
        files(s, r, exists);
    }
    s.push_str("</section>\n");
}

/// Links to the puzzle's other files: its JSON and Markdown snippet, and
/// the animation and chart where `animate` made them.
fn files(s: &mut String, r: &PuzzleReport, exists: &dyn Fn(&str, &str) -> bool) {
    let dir = url(&r.name);
    let mut links = vec![
        format!("<a href=\"{dir}/solutions.json\">solutions (JSON)</a>"),
        format!("<a href=\"{dir}/index.md\">Markdown for a post</a>"),
    ];
    for (file, what) in EXTRAS {
        if exists(&r.name, file) {
            links.push(format!("<a href=\"{dir}/{file}\">{what}</a>"));
        }
    }
    let _ = writeln!(s, "<p class=\"files\">Files: {}</p>", links.join(" · "));
}

const HEAD: &str = r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Puzzles and solutions</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #222; }
section { border-top: 1px solid #ccc; padding: 0.5rem 0; }
h2 { margin: 0.5rem 0; }
.toc td { padding: 0.1rem 1rem 0.1rem 0; }
.boards { display: flex; flex-wrap: wrap; gap: 1rem; }
figure { margin: 0; max-width: 15rem; }
img { max-width: 100%; height: auto; display: block; }
figcaption { font-size: 0.9rem; color: #555; }
details { margin: 0.5rem 0; }
summary { cursor: pointer; color: #036; }
.status { font-weight: bold; }
.error .status, pre.error { color: #a00; }
.stopped .status { color: #a60; }
pre.error { white-space: pre-wrap; background: #fee; padding: 0.5rem; }
.warning { color: #850; }
.note, .files { font-size: 0.9rem; color: #555; }
</style>
</head>
<body>
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::gallery::tests::report;
    use crate::present::summary::ClosestReport;

    fn page(reports: Vec<PuzzleReport>) -> String {
        index_html(&Summary::new(reports), &|_, _| false)
    }

    #[test]
    fn the_page_links_thumbnails_to_boards_relatively_and_escapes_text() {
        let mut bad = PuzzleReport::failed("kids/<owls>", "x.yaml: bad & wrong".into(), vec![]);
        bad.status = Status::Error;
        let html = page(vec![report("a b", Status::Solved), bad]);
        assert!(
            html.contains("<a href=\"a%20b/unsolved.png\"><img src=\"a%20b/thumb-unsolved.png\" width=\"240\" height=\"240\" alt=\"A b, unsolved board\""),
            "{html}"
        );
        assert!(html.contains("<h2>Kids / &lt;owls&gt;</h2>"), "{html}");
        assert!(html.contains("<a href=\"#kids/%3Cowls%3E\">Kids / &lt;owls&gt;</a>"));
        assert!(html.contains("<section id=\"kids/%3Cowls%3E\" class=\"error\">"));
        assert!(html.contains("<pre class=\"error\">x.yaml: bad &amp; wrong</pre>"));
        assert!(html.contains("<a href=\"summary.json\">"));
        assert!(html.contains("<a href=\"a%20b/solutions.json\">"));
        assert!(!html.contains("http"), "no network");
        assert!(!html.contains("<script"), "no script");
        let html = page(vec![report("a\u{1b}[31m\0", Status::Solved)]);
        assert!(html.contains("<h2>A\\u{1b}[31m\\u{0}</h2>"), "{html}");
        assert!(!html.contains('\u{1b}') && !html.contains('\0'));
    }

    #[test]
    fn one_board_per_look_is_shown_and_the_rest_folded() {
        let mut r = report("owls", Status::Solved);
        r.rendered_looks = vec![1, 1, 2, 1, 2, 1, 1, 2, 1, 1];
        let html = page(vec![r]);
        let (inline, folded) = html.split_once("<details>").expect("a fold");
        assert_eq!(inline.matches("<img ").count(), 3, "unsolved and 2 looks");
        assert!(
            inline.contains("alt=\"Owls, solution 3 of 12\""),
            "{inline}"
        );
        assert!(inline.contains("<figcaption>Solution 3 (look 2 of 2)</figcaption>"));
        assert!(folded.starts_with("<summary>Show 8 more solutions</summary>"));
        assert_eq!(folded.matches("<img ").count(), 8);
        assert!(folded
            .contains("<a href=\"owls/solution-10.png\"><img src=\"owls/solution-10.png\" width=\"240\" height=\"240\""));
        assert!(html.contains("2 more solutions are not drawn."), "{html}");
        // Without looks (Domino Fit, a report from an older manifest): the first.
        let html = page(vec![report("owls", Status::Solved)]);
        let (inline, _) = html.split_once("<details>").expect("a fold");
        assert_eq!(inline.matches("<img ").count(), 2);
        assert!(html.contains("Show 9 more solutions"));
    }

    #[test]
    fn visitors_read_words_not_slugs_or_options() {
        let mut none = report("3x3-typo", Status::NoSolution);
        none.rendered = vec![];
        none.solutions_total = Some(0);
        none.closest = Some(ClosestReport {
            matched_edges: 11,
            inner_edges: 12,
            boards: 6,
            complete: true,
            rendered: vec![1, 2, 3, 4],
        });
        let mut stopped = report("big_one", Status::Stopped);
        (stopped.rendered, stopped.image_size) = (vec![], None);
        stopped.stopped_by = Some(StoppedBy::MaxNodes);
        let mut capped = report("many", Status::Solved);
        capped.images_capped = true;
        capped.complete = Some(false);
        let html = page(vec![none, stopped, capped]);
        for slug in ["no-solution", "--", "max-images", "stopped by"] {
            assert!(!html.contains(slug), "{slug} in {html}");
        }
        assert!(html.contains(
            "<td class=\"status\">No solution</td><td>closest: 11 of 12 edges match</td>"
        ));
        assert!(html.contains("<h2>3x3 typo</h2>") && html.contains("<h2>Big one</h2>"));
        assert!(html.contains("alt=\"3x3 typo, closest board 1 of 6: 11 of 12 edges match\""));
        assert!(html.contains("Show 3 more closest boards"));
        assert!(html.contains("2 more closest boards are not drawn."));
        assert!(html.contains("At least 2 more solutions are not drawn."));
        assert!(html.contains("the search stopped (it reached its limit)"));
    }

    #[test]
    fn the_play_page_animation_and_chart_are_linked_where_they_exist() {
        let summary = Summary::new(vec![
            report("a", Status::Solved),
            report("b", Status::Solved),
        ]);
        let html = index_html(&summary, &|name, file| {
            (name == "a" && file == "search.png") || (name == "b" && file == "play.html")
        });
        assert!(html.contains("<a href=\"a/search.png\">the search, animated</a>"));
        assert!(!html.contains("b/search.png") && !html.contains("nodes-per-depth.svg"));
        assert!(html.contains("<a href=\"b/play.html\">play it</a>"));
        assert!(!html.contains("a/play.html"));
    }
}
