//! `unscramble serve` in headless Chromium, as a person (and a hostile
//! page) meets it: pages reload after a change, the form at `/new` is typed
//! into and saved, a failed render's banner hides nothing, and neither a
//! page on another origin, a page reached through a rebound name, nor a
//! page committed into the output folder can drive `/new`. Where Chromium is
//! missing each test says so and passes, unless UNSCRAMBLE_REQUIRE_CHROMIUM
//! is set.

#[path = "common/cdp.rs"]
mod cdp;
#[path = "common/chromium.rs"]
mod chromium;
#[path = "serve/client.rs"]
mod client;
mod common;

use cdp::{Browser, Tab};
use client::{folders, setup, Server, PATIENCE, TINY};
use std::fs;
use std::io::{Read, Write};
use std::time::Instant;

/// A browser, or `None` (said on stderr) without Chromium.
fn browser(dir: &std::path::Path, extra: &[&str]) -> Option<Browser> {
    let chromium = chromium::chromium("serve (browser)")?;
    Some(Browser::start(&chromium, dir, extra))
}

#[test]
fn the_gallery_reloads_after_a_change_and_links_the_form() {
    let (dir, puzzles, out) = setup();
    let Some(mut browser) = browser(dir.path(), &[]) else {
        return;
    };
    let server = Server::start(&puzzles, &out, &[]);
    let tab = browser.open(&format!("http://{}/", server.addr), 1200, 900);
    let link = browser.eval(&tab, "document.querySelector('#unscramble-new a').href");
    assert_eq!(link, format!("http://{}/new", server.addr));
    // The link sits under the title, where a reader looks.
    let below = browser.eval(
        &tab,
        "document.querySelector('h1').getBoundingClientRect().bottom <= \
         document.getElementById('unscramble-new').getBoundingClientRect().top",
    );
    assert_eq!(below, true);
    browser.eval(&tab, "window.before = 1");
    let open = |server: &Server| server.status()["pages"].as_u64() >= Some(1);
    let start = Instant::now();
    while !open(&server) {
        assert!(start.elapsed() < PATIENCE, "the page never listened");
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let edited = puzzles.join("3x3-original/input/tile_dict.yaml");
    let text = fs::read_to_string(&edited).expect("yaml");
    fs::write(&edited, text.replacen('\n', "\n\n", 1)).expect("edit");
    browser.wait(
        &tab,
        "window.before === undefined && document.readyState === 'complete'",
    );
}

/// The page a hostile site serves: a plain form post and a `no-cors`
/// fetch at `/new`, then an attempt to read the form (and its token);
/// it reports what it saw into `#report`.
fn attack_page(target: &str) -> String {
    format!(
        r#"<!doctype html><html><body>
<iframe name="sink" id="sink"></iframe>
<form id="f" method="post" action="http://{target}/new" enctype="multipart/form-data" target="sink">
<input name="name" value="by-form"><input name="notation" value="tile_dict.yaml">
<textarea name="text">1: [[a, '+'], [a, '-'], [a, '+'], [a, '-']]</textarea></form>
<pre id="report"></pre>
<script>
const report = {{}};
const sink = document.getElementById("sink");
sink.addEventListener("load", async () => {{
  try {{ sink.contentWindow.location.href; return; }} catch (e) {{}}
  report.form = "answered";
  const fd = new FormData();
  fd.append("name", "by-fetch");
  fd.append("notation", "tile_dict.yaml");
  fd.append("text", "1: [[a, '+'], [a, '-'], [a, '+'], [a, '-']]\n");
  try {{
    const r = await fetch("http://{target}/new", {{ method: "POST", mode: "no-cors", body: fd }});
    report.fetch = r.type;
  }} catch (e) {{ report.fetch = "error"; }}
  try {{
    const r = await fetch("http://{target}/new");
    report.token = (await r.text()).includes("unscramble-token") ? "read" : "unread";
  }} catch (e) {{ report.token = "blocked"; }}
  document.getElementById("report").textContent = JSON.stringify(report);
}});
document.getElementById("f").submit();
</script></body></html>"#
    )
}

/// A one-page web server on another port (another origin) serving `page`.
fn hostile_site(page: String) -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().expect("addr").to_string();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut head = Vec::new();
            let mut byte = [0u8; 1];
            while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).is_ok_and(|n| n == 1) {
                head.push(byte[0]);
            }
            let reply = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{page}",
                page.len()
            );
            let _ = stream.write_all(reply.as_bytes());
        }
    });
    addr
}

#[test]
fn a_page_on_another_origin_or_a_rebound_name_cannot_drive_the_form() {
    let (dir, puzzles, out) = setup();
    let rules = "--host-resolver-rules=MAP rebind.evil.example 127.0.0.1";
    let Some(mut browser) = browser(dir.path(), &[rules]) else {
        return;
    };
    let server = Server::start(&puzzles, &out, &[]);
    let evil = hostile_site(attack_page(&server.addr));
    let tab = browser.open(&format!("http://{evil}/"), 1000, 800);
    browser.wait(&tab, "document.getElementById('report').textContent !== ''");
    let report: serde_json::Value = serde_json::from_str(
        browser
            .eval(&tab, "document.getElementById('report').textContent")
            .as_str()
            .expect("report"),
    )
    .expect("json");
    // Both posts reached the server and were answered; neither saved.
    assert_eq!(report["form"], "answered", "{report}");
    assert_eq!(report["fetch"], "opaque", "{report}");
    assert_eq!(report["token"], "blocked", "{report}");
    assert_eq!(folders(&puzzles), ["3x3-original"], "{}", server.stderr());
    let refusal = format!("refused POST /new: it comes from another origin (http://{evil})");
    let start = Instant::now();
    while server.stderr().matches(&refusal).count() < 2 {
        assert!(start.elapsed() < PATIENCE, "{}", server.stderr());
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // A name an attacker points at 127.0.0.1 reaches the port, not the form.
    let port = server.addr.rsplit(':').next().expect("port");
    let rebound = browser.open(&format!("http://rebind.evil.example:{port}/new"), 1000, 800);
    let text = browser.eval(&rebound, "document.documentElement.outerHTML");
    let text = text.as_str().expect("html");
    assert!(text.contains("is not this server"), "{text}");
    assert!(!text.contains("unscramble-token"), "{text}");
}

#[test]
fn a_page_committed_into_the_output_folder_runs_no_script_but_the_play_page_does() {
    let (dir, puzzles, out) = setup();
    let Some(mut browser) = browser(dir.path(), &[]) else {
        return;
    };
    let server = Server::start(&puzzles, &out, &[]);
    let evil = "<!doctype html><title>quiet</title><body><h1>x</h1>\
        <script>document.title = 'ran'; fetch('/new');</script>\
        <img src=\"missing.png\" onerror=\"document.title = 'ran too'\">\
        <a id=\"go\" href=\"javascript:document.title='ran by link'\">go</a></body>";
    fs::write(out.join("evil.html"), evil).expect("write");
    let tab = browser.open(&format!("http://{}/evil.html", server.addr), 1000, 800);
    browser.click(&tab, "#go");
    // The reload script (the tool's own) runs there and listens; the
    // page's own scripts do not run.
    let start = Instant::now();
    while server.status()["pages"].as_u64() < Some(1) {
        assert!(
            start.elapsed() < PATIENCE,
            "the reload script never listened"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_eq!(browser.eval(&tab, "document.title"), "quiet");
    // A puzzle's folder opens its play page, whose script builds the board.
    let play = browser.open(&format!("http://{}/3x3-original/", server.addr), 1000, 900);
    browser.wait(&play, "document.querySelectorAll('#board *').length >= 9");
    assert!(browser
        .eval(&play, "location.pathname")
        .as_str()
        .is_some_and(|p| p.ends_with("/3x3-original/play.html")));
}

/// The visible box of an element: `[left, top, width, height]`, all zero
/// when it is not shown.
fn shown(browser: &mut Browser, tab: &Tab, selector: &str) -> Vec<f64> {
    let js = format!(
        "(() => {{ const e = document.querySelector({selector:?}); if (!e) return [0,0,0,0]; \
         const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }})()"
    );
    let v = browser.eval(tab, &js);
    v.as_array()
        .expect("box")
        .iter()
        .map(|x| x.as_f64().unwrap_or(0.0))
        .collect()
}

#[test]
fn the_form_is_typed_into_previewed_and_saved() {
    let (dir, puzzles, out) = setup();
    let Some(mut browser) = browser(dir.path(), &[]) else {
        return;
    };
    let server = Server::start(&puzzles, &out, &[]);
    let tab = browser.open(&format!("http://{}/new", server.addr), 1000, 900);
    // Nothing typed: no picture, broken or not.
    assert_eq!(shown(&mut browser, &tab, "#preview")[2], 0.0);
    browser.type_into(&tab, "#name", "typed");
    browser.type_into(&tab, "#text", std::str::from_utf8(TINY).expect("utf8"));
    browser.wait(
        &tab,
        "document.getElementById('result').textContent.includes('solution')",
    );
    let said = browser.eval(&tab, "document.getElementById('result').textContent");
    assert_eq!(said, "1 x 1 board, 1 tile: 4 solutions", "{said}");
    browser.wait(&tab, "document.getElementById('preview').naturalWidth > 0");
    assert!(shown(&mut browser, &tab, "#preview")[2] > 50.0);
    let generation = server.status()["generation"].as_u64().expect("generation");
    browser.click(&tab, "button[type=submit]");
    browser.wait(
        &tab,
        "document.getElementById('result').textContent.startsWith('Saved')",
    );
    assert!(puzzles.join("typed/input/tile_dict.yaml").is_file());
    // The render that follows does not reload the form (nothing typed is lost).
    server.rendered_after(generation);
    browser.wait(&tab, "document.getElementById('name').value === 'typed'");
    assert!(browser
        .eval(&tab, "document.getElementById('result').textContent")
        .as_str()
        .is_some_and(|t| t.starts_with("Saved")));
}

#[test]
fn a_failed_render_shows_a_banner_that_hides_no_title() {
    let (dir, puzzles, out) = setup();
    let Some(mut browser) = browser(dir.path(), &[]) else {
        return;
    };
    fs::create_dir_all(puzzles.join("broken/input")).expect("mkdir");
    fs::write(puzzles.join("broken/input/tile_dict.yaml"), "1: [[a\n").expect("write");
    let server = Server::start(&puzzles, &out, &[]);
    for page in ["/", "/new", "/3x3-original/play.html"] {
        let tab = browser.open(&format!("http://{}{page}", server.addr), 1000, 800);
        browser.wait(&tab, "document.getElementById('unscramble-errors')");
        let text = browser.eval(
            &tab,
            "document.getElementById('unscramble-errors').textContent",
        );
        assert!(
            text.as_str().is_some_and(|t| t.contains("broken")),
            "{text}"
        );
        let banner = shown(&mut browser, &tab, "#unscramble-errors");
        let title = shown(&mut browser, &tab, "h1");
        assert!(title[2] > 0.0, "{page}: no title");
        assert!(
            banner[1] + banner[3] <= title[1],
            "{page}: the banner {banner:?} covers the title {title:?}"
        );
    }
}
