//! The gallery as a person sees it: `output/index.html` opened from `file://`
//! in headless Chromium. Where Chromium is not installed the test says so and
//! passes, unless UNSCRAMBLE_REQUIRE_CHROMIUM is set (CI sets it and installs
//! Debian's chromium).

mod common;
use common::*;
#[path = "common/chromium.rs"]
mod chromium;
use chromium::{chromium, headless, probe_report};
use std::io::Write;
use std::path::PathBuf;

/// The bundled puzzles and a broken one, rendered once for every test here.
fn rendered() -> PathBuf {
    let rendered = rendered_once(|root| {
        std::fs::create_dir_all(root.join("broken/input")).expect("mkdir");
        std::fs::write(root.join("broken/input/tile_dict.yaml"), "1: [[a, '+']]\n").expect("write");
    });
    assert_eq!(rendered.code, Some(1), "the broken puzzle fails the run");
    rendered.output()
}

/// Thumbnails are written for the boards shown inline and no others: the
/// folded boards show their full board, so a puzzle with many solutions
/// writes few thumbnails, and every image the page names exists.
#[test]
fn only_boards_shown_inline_get_a_thumbnail_file() {
    let out = rendered();
    let html = std::fs::read_to_string(out.join("index.html")).expect("page");
    let srcs = |text: &str| -> Vec<String> {
        text.split("<img src=\"")
            .skip(1)
            .filter_map(|t| Some(t.split_once('"')?.0.to_string()))
            .collect()
    };
    let (mut inline, mut folded) = (Vec::new(), Vec::new());
    for section in html.split("<section").skip(1) {
        let (open, closed) = section.split_once("<details>").unwrap_or((section, ""));
        inline.extend(srcs(open));
        folded.extend(srcs(closed));
    }
    for src in inline.iter().chain(&folded) {
        assert!(
            out.join(src).is_file(),
            "{src} is named by the page but missing"
        );
    }
    assert!(folded.len() >= 29, "the folded boards: {folded:?}");
    assert!(
        folded.iter().all(|s| !s.contains("/thumb-")),
        "a folded board shows its full board: {folded:?}"
    );
    let mut on_disk: Vec<String> = walkdir::WalkDir::new(&out)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with("thumb-"))
        .filter_map(|e| Some(e.path().strip_prefix(&out).ok()?.to_str()?.to_string()))
        .collect();
    on_disk.sort();
    let mut shown: Vec<String> = inline
        .into_iter()
        .filter(|s| s.contains("/thumb-"))
        .collect();
    shown.sort();
    assert_eq!(
        on_disk, shown,
        "thumbnail files against the page's thumbnails"
    );
}

#[test]
fn the_gallery_shows_every_puzzle_with_its_boards() {
    let Some(chromium) = chromium("gallery") else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let out = rendered();
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
    for title in [
        "3x3 original",
        "3x3 typo",
        "Asterix knobelei",
        "Broken",
        "Cats scramble squares",
        "Dogs squareshack",
        "Dolphin scramble squares",
        "Domino fit",
        "Quasthoff example",
    ] {
        assert!(
            dom.contains(&format!("<h2>{title}</h2>")),
            "{title} missing:\n{dom}"
        );
    }
    assert!(dom.contains("48 solutions, 12 unique up to turning the board, 3 distinct looks"));
    assert!(dom.contains("no solution; the closest boards match 11 of 12 inner edges"));
    assert!(dom.contains(
        "<a href=\"3x3-typo/closest-1.png\"><img src=\"3x3-typo/thumb-closest-1.png\" width=\"181\" height=\"181\" alt=\"3x3 typo, closest board 1 of 4: 11 of 12 edges match\""
    ), "{dom}");
    assert!(
        dom.contains("tile 1 has 1 edge, expected 4"),
        "the error is shown"
    );
    assert!(
        dom.contains("<summary>Show 29 more solutions</summary>"),
        "{dom}"
    );
    assert!(dom.contains("16 more solutions are not drawn."));
    assert!(dom.contains("<a href=\"asterix-knobelei/solutions.json\">"));

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

/// Run in a copy of the page (so its relative links still work) after the
/// page loads: scrolls through it as a reader would, so lazy images load,
/// then reports what a person sees, follows a thumbnail's link and jumps
/// through the table of contents, and writes it all as JSON into the DOM.
const PROBE: &str = r#"<script>
window.addEventListener('load', async () => {
  const sleep = ms => new Promise(r => setTimeout(r, ms));
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  for (let y = 0; y < height; y += 400) { window.scrollTo(0, y); await sleep(150); }
  await sleep(1000);
  const visible = [...document.images].filter(i => !i.closest('details:not([open])'));
  const images = visible.map(i => ({src: i.getAttribute('src'), alt: i.alt,
    natural: [i.naturalWidth, i.naturalHeight], href: i.parentElement.getAttribute('href')}));
  const link = document.querySelector('a[href="3x3-original/solution-1.png"]');
  const full = await new Promise(ok => { const im = new Image();
    im.onload = () => ok([im.naturalWidth, im.naturalHeight]); im.onerror = () => ok([0, 0]);
    im.src = link.href; });
  const jumps = [...document.querySelectorAll('nav a')].map(a => {
    window.scrollTo(0, 0); a.click();
    const target = document.getElementById(decodeURIComponent(a.hash.slice(1)));
    return {text: a.textContent, scrolled: window.scrollY,
      top: target ? Math.round(target.getBoundingClientRect().top) : null};
  });
  const text = document.body.innerText;
  const pre = document.createElement('pre'); pre.id = 'probe';
  pre.textContent = JSON.stringify({height, images, full, jumps, text});
  document.body.appendChild(pre);
});
</script>"#;

#[test]
fn the_gallery_is_short_light_and_leads_to_the_full_boards() {
    let Some(chromium) = chromium("gallery") else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let out = rendered();
    let html = std::fs::read_to_string(out.join("index.html")).expect("page");
    let probe = out.join("probe.html");
    std::fs::write(&probe, html.replace("</body>", &format!("{PROBE}</body>"))).expect("probe");
    let args = [
        "--window-size=1280,1000",
        "--virtual-time-budget=60000",
        "--dump-dom",
    ];
    let dom = headless(&chromium, &tmp.path().join("profile"), &args, &probe);
    let seen = probe_report(&dom);

    let height = seen["height"].as_u64().expect("height");
    let images = seen["images"].as_array().expect("images");
    let mut bytes = 0;
    for i in images {
        let src = i["src"].as_str().expect("src");
        let [w, h] = [0, 1].map(|k| i["natural"][k].as_u64().expect("size"));
        assert!(w > 0 && h > 0, "{src} did not load");
        assert!(w <= 240 && h <= 240, "{src} is {w}x{h}, not a thumbnail");
        let href = i["href"].as_str().expect("each thumbnail is a link");
        assert!(
            src.ends_with(&format!(
                "thumb-{}",
                href.rsplit('/').next().unwrap_or(href)
            )) || src == href,
            "{src} links to {href}"
        );
        let alt = i["alt"].as_str().expect("alt");
        let dir = src.split('/').next().unwrap_or_default();
        let title = dir.replace('-', " ");
        assert!(
            alt.to_lowercase().starts_with(&title),
            "alt {alt:?} does not name {dir}"
        );
        bytes += std::fs::metadata(out.join(src)).expect("image file").len();
    }
    let _ = writeln!(
        std::io::stderr(),
        "gallery: {height} px tall, {} images, {bytes} bytes of images",
        images.len()
    );
    assert!(height < 4500, "the page is {height} px tall");
    assert!(bytes < 1_500_000, "the page loads {bytes} bytes of images");
    assert!(alt_names(images, "3x3 original, solution 1 of 4"));
    assert!(alt_names(images, "Asterix knobelei, solution 1 of 48"));
    assert_eq!(
        seen["full"],
        serde_json::json!([722, 722]),
        "the link leads to the full board"
    );

    let jumps = seen["jumps"].as_array().expect("jumps");
    assert_eq!(jumps.len(), 9, "a line per puzzle");
    let cats = jumps
        .iter()
        .find(|j| j["text"] == "Cats scramble squares")
        .expect("cats");
    assert!(cats["scrolled"].as_u64() > Some(500), "{cats}");
    assert_eq!(cats["top"].as_i64(), Some(0), "{cats}");
    let text = seen["text"].as_str().expect("text");
    for slug in ["no-solution", "--", "max-images", "solution-1", ".png"] {
        assert!(!text.contains(slug), "{slug:?} is visible:\n{text}");
    }
}

fn alt_names(images: &[serde_json::Value], alt: &str) -> bool {
    images.iter().any(|i| i["alt"] == alt)
}
