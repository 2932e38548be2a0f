//! The play page inside a post: the snippet's `<iframe>` in a page, opened
//! in headless Chromium at a phone's width and a desktop's, with and without
//! the snippet's script that sizes the frame. A reader must see the whole
//! board, the status ("Solved!") and every button inside the frame, never
//! cut off by it.

mod common;
use common::*;
#[path = "common/chromium.rs"]
mod chromium;
use chromium::{chromium, headless, probe_report};
use std::path::Path;

const PROBE: &str = include_str!("play/frame_probe.js");

/// The `<iframe>` line and the `<script>` (if any) of a puzzle's `index.md`.
fn snippet_html(md: &str) -> (String, Option<String>) {
    let iframe = md
        .lines()
        .find(|l| l.starts_with("<iframe "))
        .expect("an iframe")
        .to_string();
    let script = md
        .split_once("<script>")
        .and_then(|(_, rest)| rest.split_once("</script>"))
        .map(|(s, _)| format!("<script>{s}</script>"));
    (iframe, script)
}

/// What the probe saw of `dir/play.html` in a post whose column is `width`
/// pixels wide (a phone: headless Chromium's window is at least 500 pixels
/// wide), in a window `height` pixels high, with the sizing script or without.
fn seen(
    chromium: &Path,
    tmp: &Path,
    dir: &Path,
    (width, height): (u32, u32),
    script: bool,
) -> serde_json::Value {
    let md = std::fs::read_to_string(dir.join("index.md")).expect("index.md");
    let (iframe, fit) = snippet_html(&md);
    let page = format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<style>body {{ margin: 0 auto; max-width: {width}px; padding: 0 12px; box-sizing: border-box; font-family: sans-serif; }}</style></head>\n<body>\
<h1>A post</h1>\n<p>Some words before the puzzle.</p>\n{iframe}\n<p>Some words after it.</p>\n{}\n<script>\n{PROBE}</script>\n</body></html>\n",
        if script {
            fit.expect("the snippet's script")
        } else {
            String::new()
        }
    );
    let host = dir.join(format!("post-{width}-{script}.html"));
    std::fs::write(&host, page).expect("post");
    let size = format!("--window-size={},{height}", width.max(800));
    let args = [
        size.as_str(),
        "--allow-file-access-from-files",
        "--virtual-time-budget=10000",
        "--dump-dom",
    ];
    let out = headless(
        chromium,
        &tmp.join(format!("profile-{width}-{script}")),
        &args,
        &host,
    );
    probe_report(&out)
}

/// Everything a reader needs lies inside the frame's box, unscrolled.
fn assert_inside(seen: &serde_json::Value, when: &str, what: &str) {
    let s = &seen[when];
    let f = &s["frame"];
    let (fw, fh) = (
        f["width"].as_f64().expect("w"),
        f["height"].as_f64().expect("h"),
    );
    assert_eq!(f["scroll"].as_f64(), Some(0.0), "{what} {when}: {seen}");
    for part in ["board", "status", "buttons", "show", "next"] {
        let p = &s["parts"][part];
        let num = |k: &str| {
            p[k].as_f64()
                .unwrap_or_else(|| panic!("{part}.{k}: {seen}"))
        };
        assert!(
            num("top") >= 0.0
                && num("bottom") <= fh + 0.5
                && num("left") >= 0.0
                && num("right") <= fw + 0.5,
            "{what} {when}: {part} is cut off by the {fw} x {fh} frame: {seen}"
        );
    }
    assert!(
        s["cell"].as_f64().expect("cell") >= 40.0,
        "{what}: tiles too small to play: {seen}"
    );
}

#[test]
fn the_play_frame_shows_board_status_and_buttons_on_a_phone_and_a_desktop() {
    let Some(chromium) = chromium("play_frame") else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    copy_dir(&bundled("3x3-original"), &root.join("3x3-original"));
    let out = tmp.path().join("out");
    render_ok(&root, &out, &[]);
    let dir = out.join("3x3-original");
    for script in [false, true] {
        for (size, what) in [((400, 800), "phone"), ((760, 900), "desktop")] {
            let what = format!(
                "{what}, {} the script",
                if script { "with" } else { "without" }
            );
            let seen = seen(&chromium, tmp.path(), &dir, size, script);
            assert!(seen.get("error").is_none(), "{what}: {seen}");
            assert_inside(&seen, "start", &what);
            assert_inside(&seen, "solved", &what);
            let status = seen["solved"]["status"].as_str().expect("status");
            assert!(
                status.starts_with("Solved! Every edge matches."),
                "{what}: {seen}"
            );
            let (frame, page) = (&seen["solved"]["frame"]["height"], &seen["solved"]["page"]);
            if script {
                // The frame takes the page's height: nothing below is cut off
                // either, and the board with its buttons fits the window.
                assert_eq!(frame.as_f64(), page.as_f64(), "{what}: {seen}");
                let buttons = seen["solved"]["parts"]["buttons"]["bottom"]
                    .as_f64()
                    .expect("b");
                let board = seen["solved"]["parts"]["board"]["top"].as_f64().expect("b");
                assert!(buttons - board <= f64::from(size.1), "{what}: {seen}");
            } else {
                assert_eq!(frame.as_f64(), Some(560.0), "{what}: {seen}");
            }
        }
    }
}
