//! Headless Chromium for the browser tests (Debian's package, as CI installs
//! it). Where it is missing a test says so and passes, unless
//! UNSCRAMBLE_REQUIRE_CHROMIUM is set.
// A test helper, not an API: each test binary uses it as a private module.
#![allow(dead_code, unreachable_pub)]

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
        .arg(file_url(page))
        .output()
        .expect("chromium runs")
}

/// `page` as a `file://` URL, every byte but unreserved ones and `/`
/// percent-encoded: a folder name may hold `#`, `?`, quotes or a newline.
fn file_url(page: &Path) -> String {
    const KEEP: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
        .remove(b'/')
        .remove(b'-')
        .remove(b'_')
        .remove(b'.')
        .remove(b'~');
    let path = page.as_os_str().as_encoded_bytes();
    format!("file://{}", percent_encoding::percent_encode(path, KEEP))
}

/// Written into a copy of a page: once it has loaded (and its images have
/// failed or loaded), what a reader sees, and what the page holds that a
/// reader does not see, as JSON in `<pre id="probe">`.
const SEEN: &str = r#"<script>
window.addEventListener('load', () => setTimeout(() => {
  const all = [...document.querySelectorAll('*')];
  const seen = {
    title: document.title,
    headings: [...document.querySelectorAll('h1, h2')].map(h => h.textContent),
    images: [...document.images].map(i => ({alt: i.alt, loaded: i.naturalWidth > 0})),
    iframes: [...document.querySelectorAll('iframe')].map(f => f.title),
    scripts: document.scripts.length - 1,
    ids: all.map(e => e.id).filter(id => id),
    attributes: [...new Set(all.flatMap(e => e.getAttributeNames()))].sort(),
    text: document.body.innerText,
  };
  const pre = document.createElement('pre'); pre.id = 'probe';
  pre.textContent = JSON.stringify(seen);
  document.body.appendChild(pre);
}, 500));
</script>"#;

/// What a reader sees of `page` (see [`SEEN`]): a copy with the probe at
/// the end is opened beside it, so its relative links still work.
pub fn seen(chromium: &Path, profile: &Path, page: &Path) -> serde_json::Value {
    let html = std::fs::read_to_string(page).expect("the page");
    let probe = page.with_file_name("probe-seen.html");
    std::fs::write(&probe, format!("{html}{SEEN}")).expect("the probe page");
    let args = ["--virtual-time-budget=10000", "--dump-dom"];
    let out = headless(chromium, profile, &args, &probe);
    std::fs::remove_file(&probe).expect("remove the probe page");
    probe_report(&out)
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
