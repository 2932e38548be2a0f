//! The boards of one puzzle on the gallery page: thumbnails linked to the
//! full boards, one per distinct look inline and the rest folded away.

use super::super::{boards, esc, thumbs, url};
use crate::kind::stop::Count;
use crate::present::summary::PuzzleReport;
use crate::present::title::title;
use std::fmt::Write;

/// The unsolved board and one board per look inline (the first solution of
/// each, or the first closest board), the rest folded in a `<details>`,
/// whose lazy images load only once it is opened.
pub(super) fn boards_html(s: &mut String, r: &PuzzleReport) {
    let title = title(&r.name);
    let all = boards(r);
    let looks = &r.rendered_looks;
    let by_look = r.closest.is_none() && looks.len() == r.rendered.len();
    let shown = thumbs::inline(r);
    let n_looks = shown.iter().filter(|&&v| v).count();
    s.push_str("<div class=\"boards\">\n");
    img(
        s,
        r,
        "unsolved.png",
        &format!("{title}, unsolved board"),
        "Unsolved",
        true,
    );
    for (i, (k, file, _)) in all.iter().enumerate().filter(|(i, _)| shown[*i]) {
        let (alt, mut caption) = describe(r, &title, *k);
        if by_look && n_looks > 1 {
            let _ = write!(caption, " (look {} of {n_looks})", looks[i]);
        }
        img(s, r, file, &alt, &caption, true);
    }
    s.push_str("</div>\n");
    let rest = shown.iter().filter(|&&v| !v).count();
    let what = if r.closest.is_some() {
        "closest board"
    } else {
        "solution"
    };
    if rest > 0 {
        let _ = writeln!(
            s,
            "<details><summary>Show {rest} more {}</summary>\n<div class=\"boards\">",
            crate::phrases::noun(rest as u64, what)
        );
        for (k, file, _) in all.iter().zip(&shown).filter(|(_, v)| !**v).map(|(b, _)| b) {
            let (alt, caption) = describe(r, &title, *k);
            // No thumbnail of its own: the full board, shown as small.
            img(s, r, file, &alt, &caption, false);
        }
        s.push_str("</div>\n</details>\n");
    }
    let (found, drawn) = match &r.closest {
        Some(c) => (c.boards as Count, c.rendered.len() as Count),
        None => (r.solutions_total.unwrap_or(0), r.rendered.len() as Count),
    };
    if found > drawn {
        let at_least = if r.complete == Some(false) {
            "At least "
        } else {
            ""
        };
        let n = found - drawn;
        let verb = if n == 1 { "is" } else { "are" };
        let _ = writeln!(
            s,
            "<p class=\"note\">{at_least}{n} more {} {verb} not drawn.</p>",
            crate::phrases::noun(u64::try_from(n).unwrap_or(u64::MAX), what)
        );
    }
}

/// Alt text and caption of board `k`: the alt text names the puzzle, since
/// a screen reader or a broken image shows it out of context.
pub(crate) fn describe(r: &PuzzleReport, title: &str, k: usize) -> (String, String) {
    let plus = if r.complete == Some(false) { "+" } else { "" };
    match &r.closest {
        Some(c) => (
            format!(
                "{title}, closest board {k} of {}: {} of {} edges match",
                c.boards, c.matched_edges, c.inner_edges
            ),
            format!("Closest board {k}"),
        ),
        None => (
            format!(
                "{title}, solution {k} of {}{plus}",
                r.solutions_total.unwrap_or(0)
            ),
            format!("Solution {k}"),
        ),
    }
}

/// One board: its thumbnail (or the board itself, when small or `thumb`
/// is off), linked to the full board.
fn img(out: &mut String, r: &PuzzleReport, file: &str, alt: &str, caption: &str, thumb: bool) {
    let dir = url(&r.name);
    let ([w, h], src) = match r.thumb_size {
        Some(size) if thumb => (size, thumbs::name(file)),
        Some(size) => (size, file.to_string()),
        None => (r.image_size.unwrap_or([0, 0]), file.to_string()),
    };
    let _ = writeln!(
        out,
        "<figure><a href=\"{dir}/{file}\"><img src=\"{dir}/{src}\" width=\"{w}\" height=\"{h}\" alt=\"{}\" loading=\"lazy\"></a><figcaption>{}</figcaption></figure>",
        esc(alt),
        esc(caption)
    );
}
