//! `play.html` as a reader plays it: a rendered bundled puzzle opened from
//! `file://` in headless Chromium, solved by drags, clicks and keys (the
//! script in `tests/play/probe.js`), with what the page says read back.

mod common;
use common::*;
#[path = "common/chromium.rs"]
mod chromium;
use chromium::{chromium, headless, probe_report};
use std::path::Path;

const PROBE: &str = include_str!("play/probe.js");

/// Renders `name` from the bundled puzzles into `tmp/out`.
fn rendered(tmp: &Path, name: &str) -> std::path::PathBuf {
    let root = tmp.join("puzzles");
    copy_dir(&bundled(name), &root.join(name));
    let out = tmp.join("out");
    render_ok(&root, &out, &[]);
    out.join(name)
}

/// Opens a copy of `dir/play.html` with the probe run after the page's own
/// script, and returns what the probe saw.
fn play(chromium: &Path, tmp: &Path, dir: &Path) -> serde_json::Value {
    let html = std::fs::read_to_string(dir.join("play.html")).expect("play.html");
    let probe = dir.join("probe.html");
    let page = html.replace("</body>", &format!("<script>\n{PROBE}</script>\n</body>"));
    std::fs::write(&probe, page).expect("probe");
    let args = [
        "--window-size=900,900",
        "--virtual-time-budget=10000",
        "--dump-dom",
    ];
    let out = headless(chromium, &tmp.join("profile"), &args, &probe);
    probe_report(&out)
}

fn said<'a>(seen: &'a serde_json::Value, when: &str) -> (&'a str, &'a str) {
    let s = &seen["said"][when];
    let text = |k: &str| s[k].as_str().unwrap_or_else(|| panic!("{when}: {seen}"));
    (text("status"), text("edges"))
}

#[test]
fn a_reader_solves_the_scrambled_board_by_dragging_clicking_and_keys() {
    let Some(chromium) = chromium("play") else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = rendered(tmp.path(), "cats-scramble-squares");
    let seen = play(&chromium, tmp.path(), &dir);

    let (status, edges) = said(&seen, "start");
    assert!(
        !status.contains("Solved"),
        "the board starts scrambled: {seen}"
    );
    assert!(
        edges.contains("Not matching: between row 1 column 1"),
        "{edges}"
    );
    let (status, edges) = said(&seen, "one turn short");
    assert!(
        !status.contains("Solved"),
        "a wrong board is not solved: {seen}"
    );
    assert!(
        edges.starts_with("11 of 12 inner edges match") || edges.starts_with("10 of 12"),
        "{edges}"
    );
    let (status, edges) = said(&seen, "done");
    assert_eq!(status, "Solved! Every edge matches.", "{seen}");
    assert!(edges.starts_with("12 of 12 inner edges match."), "{edges}");

    // The labels say the board the solver listed first.
    let solutions = json(&dir.join("solutions.json"));
    let cells = solutions["solutions"][0]["cells"]
        .as_array()
        .expect("cells");
    for (c, cell) in cells.iter().enumerate() {
        let (tile, turns) = (&cell[0], cell[1].as_u64().expect("turns"));
        let want = format!(
            "tile {tile}, turned {}\u{b0}, row {} column {}",
            turns * 90,
            c / 3 + 1,
            c % 3 + 1
        );
        assert_eq!(seen["labels"][c], want.as_str(), "{seen}");
    }

    let (status, _) = said(&seen, "shuffled");
    assert!(!status.contains("Solved"), "{seen}");
    let (status, _) = said(&seen, "second solution");
    assert_eq!(
        status,
        "Solved! Every edge matches. This is solution 2 of 8."
    );
}

#[test]
fn render_writes_and_records_a_play_page_for_tile_puzzles_only() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    for name in ["3x3-typo", "domino-fit"] {
        copy_dir(&bundled(name), &root.join(name));
    }
    let out = tmp.path().join("out");
    render_ok(&root, &out, &[]);
    let typo = out.join("3x3-typo");
    let page = std::fs::read_to_string(typo.join("play.html")).expect("play.html");
    assert!(page.contains("This puzzle has no solution."), "{page}");
    let manifest = json(&typo.join(".unscramble-manifest.json"));
    assert!(manifest["files"]["play.html"].is_string(), "{manifest}");
    let md = std::fs::read_to_string(typo.join("index.md")).expect("index.md");
    assert!(
        md.contains("<iframe src=\"play.html\" title=\"Play 3x3 typo\""),
        "{md}"
    );
    assert!(!out.join("domino-fit/play.html").exists());
    let md = std::fs::read_to_string(out.join("domino-fit/index.md")).expect("index.md");
    assert!(!md.contains("<iframe"), "{md}");
    let gallery = std::fs::read_to_string(out.join("index.html")).expect("gallery");
    assert!(gallery.contains("<a href=\"3x3-typo/play.html\">play it</a>"));
    assert!(!gallery.contains("domino-fit/play.html"));
}
