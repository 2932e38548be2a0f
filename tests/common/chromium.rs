//! Headless Chromium for the browser tests (Debian's package, as CI installs
//! it). Where it is missing a test says so and passes, unless
//! UNSCRAMBLE_REQUIRE_CHROMIUM is set.
// A test helper, not an API: each test binary uses it as a private module.
#![allow(unreachable_pub)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Debian's Chromium (or `UNSCRAMBLE_CHROMIUM`), or `None` after saying
/// that the test `name` is skipped.
pub fn chromium(name: &str) -> Option<PathBuf> {
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
            "test {name}: SKIPPED, no chromium on PATH (install Debian's chromium to run it)"
        );
    }
    found
}

/// Opens `page` from `file://` in a fresh profile and waits for Chromium to end.
pub fn headless(
    chromium: &Path,
    profile: &Path,
    args: &[&str],
    page: &Path,
) -> std::process::Output {
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

/// What a probe script wrote into `<pre id="probe">` as JSON, from the DOM
/// Chromium dumped.
pub fn probe_report(out: &std::process::Output) -> serde_json::Value {
    let dom = String::from_utf8_lossy(&out.stdout);
    let json = dom
        .split_once("<pre id=\"probe\">")
        .and_then(|(_, rest)| rest.split_once("</pre>"))
        .map(|(json, _)| {
            json.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&")
        })
        .unwrap_or_else(|| panic!("the probe did not report:\n{dom}"));
    serde_json::from_str(&json).expect("probe JSON")
}
