//! `unscramble serve` over real HTTP: started on a free loopback port on a
//! temporary copy of a puzzle, its URL read from stdout.

#[path = "serve/client.rs"]
mod client;
mod common;

use client::{folders, form, setup, Reply, Server, TINY};
use common::*;
use std::fs;
use std::path::{Path, PathBuf};

const BOARD: &str = "/3x3-original/solution-1.png";

fn yaml(puzzles: &Path) -> PathBuf {
    puzzles.join("3x3-original/input/tile_dict.yaml")
}

/// The 3x3 blog puzzle with the edges of tiles 1 and 2 swapped (the pictures stay): a
/// valid puzzle whose boards look different.
fn swapped() -> String {
    let mut lines: Vec<String> = SEED_000.lines().map(String::from).collect();
    let (key1, edges1) = lines[0].split_once(": ").expect("line 1");
    let (key2, edges2) = lines[1].split_once(": ").expect("line 2");
    let (one, two) = (format!("{key1}: {edges2}"), format!("{key2}: {edges1}"));
    lines[0] = one;
    lines[1] = two;
    lines.join("\n") + "\n"
}

fn png(reply: &Reply) -> &[u8] {
    assert_eq!(reply.code, 200, "{}", reply.head);
    assert!(
        reply.head.contains("content-type: image/png"),
        "{}",
        reply.head
    );
    &reply.body
}

#[test]
fn serves_the_gallery_and_boards_and_nothing_outside_the_output_folder() {
    let (dir, puzzles, out) = setup();
    fs::write(dir.path().join("secret.txt"), "outside").expect("write");
    let server = Server::start(&puzzles, &out, &[]);
    assert_eq!(
        server.form_line,
        format!("add a puzzle: http://{}/new", server.addr)
    );
    let gallery = server.get("/");
    assert_eq!(gallery.code, 200);
    assert!(
        gallery.head.contains("content-type: text/html"),
        "{}",
        gallery.head
    );
    let text = gallery.text();
    assert!(text.contains("3x3-original"), "{text}");
    // The reload script follows the page as it is on disk.
    let page = fs::read_to_string(out.join("index.html")).expect("gallery");
    let script = text.strip_prefix(&page).expect("the file comes first");
    assert!(script.starts_with("\n<script>"), "{script}");
    assert!(script.contains("EventSource(\"/_unscramble/events\")"));
    assert!(gallery
        .head
        .contains("content-security-policy: default-src 'none'; script-src 'sha256-"));
    assert!(gallery.head.contains("x-content-type-options: nosniff"));
    let board = server.get(BOARD);
    assert_eq!(png(&board), fs::read(out.join(&BOARD[1..])).expect("board"));
    // A puzzle's folder leads to its play page.
    for folder in ["/3x3-original/", "/3x3-original"] {
        let moved = server.get(folder);
        assert_eq!(moved.code, 303, "{folder}: {}", moved.head);
        assert!(
            moved.head.contains("location: /3x3-original/play.html"),
            "{}",
            moved.head
        );
    }
    let play = server.get("/3x3-original/play.html");
    assert_eq!(play.code, 200);
    assert!(play.text().starts_with("<!DOCTYPE html>"));
    for bad in [
        "/../Cargo.toml",
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2E%2Fsecret.txt",
        "/3x3-original/..%2f..%2fsecret.txt",
        &format!("/{}", dir.path().join("secret.txt").display()),
        &format!("/{}", urlencode(&dir.path().join("secret.txt"))),
        "/.unscramble-lock",
        "/3x3-original/.unscramble-manifest.json",
        "/_unscramble/reload.js",
        "/missing.png",
    ] {
        let reply = server.get(bad);
        assert_eq!(reply.code, 404, "{bad}: {}", reply.head);
        assert!(!reply.text().contains("outside"), "{bad}");
    }
    assert_eq!(server.signal("INT"), Some(130));
}

fn urlencode(path: &Path) -> String {
    path.to_string_lossy().replace('/', "%2F")
}

#[test]
fn an_edit_renders_again_and_open_pages_are_told_to_reload() {
    let (_dir, puzzles, out) = setup();
    let server = Server::start(&puzzles, &out, &[]);
    let before = png(&server.get(BOARD)).to_vec();
    let generation = server.status()["generation"].as_u64().expect("generation");
    let mut events = server.events();
    fs::write(yaml(&puzzles), swapped()).expect("edit");
    events.wait_for("event: reload");
    let status = server.rendered_after(generation);
    assert_eq!(status["ok"], true, "{status}");
    let after = png(&server.get(BOARD)).to_vec();
    assert_ne!(after, before, "the board did not change");
    assert_eq!(after, fs::read(out.join(&BOARD[1..])).expect("board"));
    server.wait_stderr("change in");
    assert_eq!(server.signal("TERM"), Some(130));
}

#[test]
fn a_broken_edit_is_reported_and_the_last_good_board_stays() {
    let (_dir, puzzles, out) = setup();
    let server = Server::start(&puzzles, &out, &[]);
    let before = png(&server.get(BOARD)).to_vec();
    let mut events = server.events();
    fs::write(yaml(&puzzles), "1: [[a, '+'], [a\n").expect("break");
    events.wait_for("event: reload");
    let status = server.rendered_after(1);
    assert_eq!(status["ok"], false, "{status}");
    let failed = &status["failed"][0];
    assert_eq!(failed["puzzle"], "3x3-original");
    let error = failed["error"].as_str().expect("error");
    assert!(error.contains("tile_dict.yaml:1:"), "{error}");
    assert!(events.seen.contains("tile_dict.yaml:1:"), "{}", events.seen);
    server.wait_stderr("error: puzzle '3x3-original'");
    assert_eq!(png(&server.get(BOARD)), before);
}

#[test]
fn the_form_checks_saves_and_the_watcher_renders_the_new_puzzle() {
    let (_dir, puzzles, out) = setup();
    let server = Server::start(&puzzles, &out, &[]);
    let page = server.get("/new");
    assert_eq!(page.code, 200);
    assert!(page.text().contains("name=\"text\""));
    // A parse error comes back with its line and column.
    let bad = server.post(
        "/_unscramble/parse",
        &form("tiny", b"1: [[a, '+'],\n  [a\n"),
    );
    assert_eq!(bad.code, 422, "{}", bad.text());
    let json = bad.json();
    assert_eq!(json["ok"], false);
    assert!(
        json["line"].as_u64().is_some() && json["column"].as_u64().is_some(),
        "{json}"
    );
    assert!(json["error"]
        .as_str()
        .expect("error")
        .contains("tiny/input/tile_dict.yaml:"));
    let good = server
        .post("/_unscramble/parse", &form("tiny", TINY))
        .json();
    assert_eq!(
        (good["ok"].clone(), good["solutions"].clone()),
        (true.into(), 4.into()),
        "{good}"
    );
    let preview = server.post("/_unscramble/preview.png", &form("tiny", TINY));
    assert!(png(&preview).starts_with(b"\x89PNG"));
    // Saving writes the folder; the watcher renders it.
    let generation = server.status()["generation"].as_u64().expect("generation");
    let saved = server.post("/new", &form("tiny", TINY));
    assert_eq!(saved.code, 201, "{}", saved.text());
    assert_eq!(
        fs::read(puzzles.join("tiny/input/tile_dict.yaml")).expect("saved"),
        TINY
    );
    assert!(
        puzzles.join("tiny/input/1.png").is_file(),
        "the tile is drawn"
    );
    server.rendered_after(generation);
    assert!(png(&server.get("/tiny/solution-1.png")).starts_with(b"\x89PNG"));
    assert_eq!(server.post("/new", &form("tiny", TINY)).code, 409);
    // A notation that does not parse is not saved.
    let refused = server.post("/new", &form("other", b"1: [[a\n"));
    assert_eq!(refused.code, 422);
    assert!(!puzzles.join("other").exists());
}

#[test]
fn the_form_refuses_escaping_names_and_oversized_bodies() {
    let (dir, puzzles, out) = setup();
    let server = Server::start(&puzzles, &out, &[]);
    for name in ["../x", "/tmp/x", "x/../../y", ".x", "X"] {
        let reply = server.post("/new", &form(name, TINY));
        assert_eq!(reply.code, 400, "{name}: {}", reply.text());
        assert!(
            reply.text().contains("is not a puzzle name"),
            "{}",
            reply.text()
        );
    }
    assert!(!dir.path().join("x").exists());
    let long = vec![b'#'; unscramble::serve::MAX_NOTATION + 1];
    let reply = server.post("/new", &form("long", &long));
    assert_eq!(reply.code, 413, "{}", reply.text());
    let picture = vec![0u8; unscramble::serve::MAX_PICTURE + 1];
    let mut fields = form("big", TINY);
    fields.push(("pictures", &picture, Some("1.png")));
    assert_eq!(server.post("/new", &fields).code, 413);
    // Many pictures each within its limit, more than a body may hold.
    let part = vec![0u8; unscramble::serve::MAX_PICTURE - 1024];
    let mut fields = form("huge", TINY);
    let count = unscramble::serve::MAX_BODY / part.len() + 1;
    fields.extend((0..count).map(|_| ("pictures", part.as_slice(), Some("k.png"))));
    assert_eq!(server.post("/new", &fields).code, 413);
    // A picture that is not a PNG is refused as a file would be.
    let mut fields = form("gif", TINY);
    fields.push(("pictures", b"GIF89a....", Some("1.png")));
    let reply = server.post("/new", &fields);
    assert_eq!(reply.code, 422, "{}", reply.text());
    assert!(reply.text().contains("not a PNG"), "{}", reply.text());
    assert_eq!(
        folders(&puzzles),
        ["3x3-original"],
        "nothing else was written"
    );
}

#[test]
fn a_bind_that_is_not_loopback_warns() {
    let (_dir, puzzles, out) = setup();
    let server = Server::start(&puzzles, &out, &["--bind", "0.0.0.0"]);
    // stderr is read on another thread: wait for the line, then check it.
    server.wait_stderr("is not a loopback address");
    assert!(
        server
            .stderr()
            .contains("warning: --bind 0.0.0.0 is not a loopback address"),
        "{}",
        server.stderr()
    );
}

#[test]
fn the_config_files_serve_section_is_read() {
    let (dir, puzzles, out) = setup();
    let config = dir.path().join("unscramble.toml");
    fs::write(&config, "[serve]\nbind = \"0.0.0.0\"\n").expect("write");
    let config = config.to_string_lossy().into_owned();
    let server = Server::start(&puzzles, &out, &["--config", &config]);
    server.wait_stderr("warning: --bind 0.0.0.0 is not a loopback address");
}

#[test]
fn a_missing_puzzles_folder_is_a_usage_error() {
    let dir = tempfile::tempdir().expect("tmp");
    let output = unscramble()
        .arg("serve")
        .arg(dir.path().join("none"))
        .arg("-o")
        .arg(dir.path().join("out"))
        .args(["--port", "0"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stdout).is_empty());
}

/// A port another program holds stops `serve` after the first render, with
/// one message saying which address and what to do, and exit code 2.
#[test]
fn a_taken_port_is_a_usage_error_that_says_what_to_do() {
    let (_dir, puzzles, out) = setup();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = taken.local_addr().expect("address").port().to_string();
    let output = unscramble()
        .arg("serve")
        .arg(&puzzles)
        .arg("-o")
        .arg(&out)
        .args(["--port", &port, "-q"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    let lines: Vec<&str> = err.lines().filter(|l| l.contains("error")).collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].starts_with(&format!("error: cannot listen on 127.0.0.1:{port}: "))
            && lines[0].ends_with("(pick another --port, or --port 0 for a free one)"),
        "{err}"
    );
    assert!(out.join("3x3-original").is_dir(), "the first render stands");
}
