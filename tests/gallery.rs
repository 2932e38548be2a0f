//! The gallery as a person sees it: `output/index.html` opened from `file://`
//! in headless Chromium. Where Chromium is not installed the test says so and
//! passes, unless UNSCRAMBLE_REQUIRE_CHROMIUM is set (CI sets it and installs
//! Debian's chromium).

mod common;
use common::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

fn chromium() -> Option<PathBuf> {
    let candidates = ["chromium", "chromium-browser", "google-chrome"];
    let found = std::env::var_os("UNSCRAMBLE_CHROMIUM")
        .map(PathBuf::from)
        .or_else(|| {
            let path = std::env::var_os("PATH")?;
            std::env::split_paths(&path)
                .flat_map(|d| candidates.map(|c| d.join(c)))
                .find(|p| p.is_file())
        });
    if found.is_none() {
        assert!(
            std::env::var_os("UNSCRAMBLE_REQUIRE_CHROMIUM").is_none(),
            "UNSCRAMBLE_REQUIRE_CHROMIUM is set but no chromium was found"
        );
        // Straight to the stream, not through eprintln!, which the test
        // harness captures and shows only for a failing test: a skip must be
        // seen in a passing run's output.
        let _ = writeln!(
            std::io::stderr(),
            "test gallery: SKIPPED, no chromium on PATH (install Debian's chromium to run it)"
        );
    }
    found
}

fn headless(chromium: &Path, profile: &Path, args: &[&str], page: &Path) -> std::process::Output {
    Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
        ])
        .args([
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs")
}

#[test]
fn the_gallery_shows_every_puzzle_with_its_boards() {
    let Some(chromium) = chromium() else { return };
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    copy_dir(&repo().join("puzzles"), &root);
    std::fs::create_dir_all(root.join("broken/input")).expect("mkdir");
    std::fs::write(root.join("broken/input/tile_dict.yaml"), "1: [[a, '+']]\n").expect("write");
    let out = tmp.path().join("output");
    let status = unscramble()
        .arg("render")
        .arg(&root)
        .arg("-o")
        .arg(&out)
        .output()
        .expect("runs")
        .status;
    assert_eq!(status.code(), Some(1), "the broken puzzle fails the run");
    let page = out.join("index.html");

    let dom = headless(
        &chromium,
        &tmp.path().join("profile-dom"),
        &["--dump-dom"],
        &page,
    );
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert!(
        dom.contains("9 puzzles: 7 solved, 1 without solution, 1 failed"),
        "{dom}"
    );
    for name in [
        "3x3-original",
        "3x3-typo",
        "asterix-knobelei",
        "cats-scramble-squares",
        "dolphin-scramble-squares",
        "domino-fit-seed",
        "quasthoff-example",
        "seed-003-dogs",
    ] {
        assert!(
            dom.contains(&format!("<h2>{name}</h2>")),
            "{name} missing:\n{dom}"
        );
    }
    assert!(dom.contains("48 solutions, 12 unique up to turning the board"));
    assert!(dom.contains("no solution; the closest boards match 11 of 12 inner edges"));
    assert!(dom.contains(
        "<img src=\"3x3-typo/closest-4.png\" width=\"722\" height=\"722\" alt=\"closest board 4, 11 of 12 edges\""
    ));
    assert!(
        dom.contains("tile 1 has 1 edge, expected 4"),
        "the error is shown"
    );
    assert!(dom.contains(
        "<img src=\"cats-scramble-squares/solution-8.png\" width=\"1202\" height=\"1202\""
    ));
    assert!(
        dom.contains("<a href=\"asterix-knobelei/solution-32.png\">32</a>"),
        "boards past the first few are linked"
    );

    let shot = tmp.path().join("shot.png");
    let args = [
        format!("--screenshot={}", shot.display()),
        "--window-size=1280,1000".to_string(),
    ];
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    headless(&chromium, &tmp.path().join("profile-shot"), &args, &page);
    let img = image::open(&shot).expect("screenshot").into_rgb8();
    // The first puzzle's tiles were drawn by draw-tiles: its red, blue, green
    // and yellow can only be on screen if the relative image links loaded.
    for colour in [[214, 39, 40], [31, 119, 180], [44, 160, 44], [240, 200, 30]] {
        let n = img.pixels().filter(|p| p.0 == colour).count();
        assert!(
            n > 500,
            "colour {colour:?} shows on {n} pixels: the boards did not load"
        );
    }
}
