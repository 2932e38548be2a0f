//! `play.html`: a tile puzzle as a board a reader plays, written beside the
//! images by `render`. One static file with its script and data inside, so it
//! works from `file://`, from any web root and in an `<iframe>`; the tiles
//! are cut from the `unsolved.png` next to it (tile `K` unturned at cell
//! `K`), so no picture is stored twice and the page stays a few kilobytes.
//!
//! The page is told the edges as the solver's codes and, per code, the codes
//! it fits: it checks a board with the puzzle's own [`crate::kind::tiles::model::Matching`]
//! and needs to know nothing of notations.

use crate::html::esc;
use crate::kind::tiles::model::{Edge, Placement, Puzzle};
use serde::Serialize;

/// The page's file name in a puzzle's output folder.
pub(crate) const FILE_NAME: &str = "play.html";

/// Solutions the page holds at most: a reader steps through a handful, and a
/// puzzle with millions would make a page of megabytes.
pub(crate) const MAX_SOLUTIONS: usize = 100;

/// The page's script; `serve` allows exactly `\n{SCRIPT}` to run (by its hash).
pub(crate) const SCRIPT: &str = include_str!("play.js");
const STYLE: &str = include_str!("play.css");

/// The board image the page cuts its tiles from: its file name relative to
/// the page, its size, the side of one tile and the frame round the board,
/// in pixels.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct Picture<'a> {
    pub src: &'a str,
    pub width: u32,
    pub height: u32,
    pub side: u32,
    pub frame: u32,
}

/// What the script reads.
#[derive(Serialize)]
struct Data<'a> {
    rows: usize,
    cols: usize,
    /// Per tile, its edge codes: right, top, left, bottom.
    tiles: Vec<[u8; 4]>,
    /// Per edge code, the codes it fits.
    fits: Vec<Vec<u8>>,
    /// `[tile, turns]` per cell, tiles numbered from 1 as in `solutions.json`.
    solutions: Vec<Vec<[usize; 2]>>,
    picture: Picture<'a>,
}

/// The solutions found: the listed boards, how many there are in all, and
/// whether the search counted them all.
#[derive(Clone, Copy)]
pub(crate) struct Solutions<'a> {
    pub boards: &'a [Vec<Placement>],
    pub total: crate::kind::stop::Count,
    pub complete: bool,
}

/// The whole page for the puzzle `name`.
pub(crate) fn page(name: &str, puzzle: &Puzzle, found: Solutions, picture: Picture) -> String {
    let codes = puzzle.matching.codes().min(usize::from(u8::MAX) + 1);
    let code = |c: usize| Edge(c as u8);
    let data = Data {
        rows: puzzle.rows,
        cols: puzzle.cols,
        tiles: puzzle.tiles.iter().map(|t| t.edges.map(|e| e.0)).collect(),
        fits: (0..codes)
            .map(|a| {
                (0..codes)
                    .filter(|&b| puzzle.fits(code(a), code(b)))
                    .map(|b| b as u8)
                    .collect()
            })
            .collect(),
        solutions: found
            .boards
            .iter()
            .take(MAX_SOLUTIONS)
            .map(|b| {
                b.iter()
                    .map(|p| [usize::from(p.tile) + 1, usize::from(p.turns)])
                    .collect()
            })
            .collect(),
        picture,
    };
    let json = script_safe(&serde_json::to_string(&data).unwrap_or_default());
    let title = esc(&format!("Play {}", crate::present::title::title(name)));
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<main>\n\
<h1>{title}</h1>\n\
<p class=\"help\" id=\"help\">Drag a tile onto another to swap them; click a tile to turn it a quarter \
turn counter-clockwise. Keyboard: the arrow keys move between cells, Enter or Space picks a tile and \
swaps it with the next one picked, R turns it (Shift+R the other way).</p>\n\
<div id=\"board\" role=\"group\" aria-label=\"board of {rows} rows and {cols} columns\" \
aria-describedby=\"help\"></div>\n\
<p id=\"status\" role=\"status\" aria-live=\"polite\"></p>\n\
<p class=\"controls\"><button type=\"button\" id=\"shuffle\">Shuffle</button>\
<button type=\"button\" id=\"show\">Show a solution</button>\
<button type=\"button\" id=\"prev\">Previous solution</button>\
<button type=\"button\" id=\"next\">Next solution</button></p>\n\
<p class=\"note\" id=\"note\">{}</p>\n\
<p id=\"edges\"></p>\n\
<noscript><p>The board needs JavaScript; the pictures of every solution are beside this page.</p></noscript>\n\
<script type=\"application/json\" id=\"play-data\">{json}</script>\n\
<script>\n{SCRIPT}</script>\n</main>\n</body>\n</html>\n",
        note(found)
    )
}

/// What the page says about the solutions it can show.
fn note(found: Solutions) -> String {
    let plus = if found.complete { "" } else { "+" };
    let held = found.boards.len().min(MAX_SOLUTIONS);
    match found.total {
        0 if found.complete => "This puzzle has no solution.".to_string(),
        0 => "The search stopped before it found a solution.".to_string(),
        1 => "The puzzle has 1 solution.".to_string(),
        n if (held as crate::kind::stop::Count) < n => {
            format!("The puzzle has {n}{plus} solutions; this page holds the first {held}.")
        }
        n => format!("The puzzle has {n}{plus} solutions."),
    }
}

/// JSON that cannot end its `<script>` element early: `<`, `>` and `&` as
/// `\u` escapes (JSON strings only; everything else is numbers).
fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

#[cfg(test)]
mod tests;
