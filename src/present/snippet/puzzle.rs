//! One puzzle as a post shows it: a heading in words, what the board is,
//! the play page, the unsolved board as a thumbnail linked to the full
//! board, and the solutions folded away (a spoiler), as thumbnails too.
//!
//! The unsolved board is a Markdown image, so a renderer that drops raw HTML
//! still shows it; the rest is HTML, since the Markdown of Python-Markdown
//! (MkDocs) and kramdown (Jekyll) is not read inside a `<details>` block. No
//! line is blank inside an HTML block, so CommonMark keeps each one whole.

use super::{markdown_text, template_safe, FIT_SCRIPT};
use crate::present::gallery::{board, boards, counts, describe, esc, thumbs, title};
use crate::present::summary::{PuzzleKind, PuzzleReport, Status};
use std::fmt::Write;

/// The snippet for `output/<name>/index.md`, and one puzzle's part of the
/// run's combined snippet: `base` is put before each file name (see
/// [`super::link_base`]); empty, the links are relative to the file. The
/// script that sizes play frames is the caller's to add once per page.
pub fn puzzle_markdown(r: &PuzzleReport, base: &str) -> String {
    let title = title(&r.name);
    let mut s = format!("## {}\n\n", markdown_text(&title));
    if r.image_size.is_none() {
        // Failed or stopped with nothing drawn: the post says so rather
        // than losing the puzzle without a word.
        let why = match (r.status, &r.error) {
            (Status::Error, Some(e)) => {
                let first = e.lines().next().unwrap_or_default();
                format!("Not rendered: the puzzle failed ({first}).")
            }
            (Status::Error, None) => "Not rendered: the puzzle failed.".to_string(),
            _ => format!("{} board, {}.", board(r), counts(r)),
        };
        let _ = writeln!(s, "{}", markdown_text(&why));
        return s;
    }
    let _ = writeln!(s, "{} board, {}.\n", board(r), counts(r));
    if r.warnings
        .iter()
        .any(|w| w == crate::prepare::infer::WARNING)
    {
        s.push_str("The edges were read from the tile pictures (`unscramble infer`), not from a notation file.\n\n");
    }
    if let Some(iframe) = play_iframe(r, base) {
        let _ = writeln!(s, "{iframe}");
    }
    let unsolved = "unsolved.png";
    let _ = writeln!(
        s,
        "[![{}]({base}{})]({base}{unsolved})",
        markdown_text(&format!("{title}, unsolved board")),
        shown_file(r, unsolved, true)
    );
    folded_boards(&mut s, r, base, &title);
    s
}

/// The file an `<img>` shows for `file`: its thumbnail where one is written,
/// else the board itself (shown at thumbnail size).
fn shown_file(r: &PuzzleReport, file: &str, has_thumb: bool) -> String {
    match r.thumb_size {
        Some(_) if has_thumb => thumbs::name(file),
        _ => file.to_string(),
    }
}

/// The solutions (or closest boards) in a `<details>`, each a thumbnail
/// linked to its board; the images are lazy, so a closed fold loads none.
fn folded_boards(s: &mut String, r: &PuzzleReport, base: &str, title: &str) {
    let all = boards(r);
    if all.is_empty() {
        return;
    }
    let thumbed = thumbs::inline(r);
    let what = if r.closest.is_some() {
        "closest board"
    } else {
        "solution"
    };
    let found = match &r.closest {
        Some(c) => c.boards as u128,
        None => r.solutions_total.unwrap_or(0),
    };
    let plus = if r.complete == Some(false) { "+" } else { "" };
    let noun = crate::phrases::noun(u64::try_from(found).unwrap_or(u64::MAX), what);
    // Solutions give the game away; the closest boards of a puzzle
    // without one do not.
    let spoiler = if r.closest.is_some() {
        ""
    } else {
        " (spoiler)"
    };
    let summary = match (all.len(), found) {
        (1, 1) => format!("Show the {what}{spoiler}"),
        (n, f) if n as u128 == f && plus.is_empty() => format!("Show the {n} {noun}{spoiler}"),
        (n, f) => format!("Show {n} of the {f}{plus} {noun}{spoiler}"),
    };
    let _ = writeln!(
        s,
        "\n<details><summary>{}</summary>",
        template_safe(&esc(&summary))
    );
    let [w, h] = r.thumb_size.or(r.image_size).unwrap_or([0, 0]);
    for ((k, file, _), thumb) in all.iter().zip(thumbed) {
        let (alt, _) = describe(r, title, *k);
        let _ = writeln!(
            s,
            "<a href=\"{base}{file}\"><img src=\"{base}{}\" width=\"{w}\" height=\"{h}\" alt=\"{}\" loading=\"lazy\"></a>",
            shown_file(r, file, thumb),
            template_safe(&esc(&alt))
        );
    }
    s.push_str("</details>\n");
}

/// The play page of a tile puzzle as an `<iframe>` for a post, or `None`
/// for a puzzle without one. A Markdown renderer that drops raw HTML drops
/// only this line; the image links stay. The page fits its board to the
/// frame; with [`FIT_SCRIPT`] on the page, the frame takes the page's height.
pub fn play_iframe(r: &PuzzleReport, base: &str) -> Option<String> {
    (r.kind == Some(PuzzleKind::Tiles) && r.image_size.is_some()).then(|| {
        format!(
            "<iframe src=\"{base}{}\" title=\"{}\" width=\"100%\" height=\"{PLAY_HEIGHT}\" style=\"border: 0; max-width: 100%\" loading=\"lazy\" data-unscramble-play></iframe>\n",
            crate::present::play::FILE_NAME,
            template_safe(&esc(&format!("Play {}", title(&r.name))))
        )
    })
}

/// The frame's height in CSS pixels before the page says its own: the page
/// fits its board between its text and buttons, whatever the height.
const PLAY_HEIGHT: u32 = 560;

/// The script a snippet with a play frame ends with.
pub(super) fn fit_script(r: &PuzzleReport) -> Option<&'static str> {
    play_iframe(r, "").map(|_| FIT_SCRIPT)
}
