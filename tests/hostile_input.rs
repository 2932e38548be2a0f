//! Input files that are not files, made at run time since git cannot hold
//! them: FIFOs, links to `/dev/zero`, folders and huge sparse files under the
//! names of tile pictures, notation files and `board.yaml`. Each fails its
//! own puzzle with a message, the run ends (a FIFO must not hang it), and
//! the good puzzle beside them still renders. Then folder names that try to
//! be terminal codes or markup. (Huge notation files: `huge_input.rs`.)

#![cfg(unix)]

mod common;
use common::*;
#[path = "common/chromium.rs"]
mod chromium;
use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::time::Duration;

fn mkfifo(path: &Path) {
    let _ = fs::remove_file(path);
    let made = std::process::Command::new("mkfifo").arg(path).status();
    assert!(made.expect("mkfifo runs").success(), "mkfifo {path:?}");
}

/// A sparse file of `len` bytes: cheap to make, huge to read.
fn sparse(path: &Path, len: u64) {
    let _ = fs::remove_file(path);
    fs::File::create(path)
        .expect("create")
        .set_len(len)
        .expect("set_len");
}

fn zero_link(path: &Path) {
    let _ = fs::remove_file(path);
    symlink("/dev/zero", path).expect("symlink");
}

#[test]
fn files_that_are_not_regular_files_fail_their_puzzle_and_never_hang_the_run() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    let out = tmp.path().join("out");
    let good = repo().join("tests/good_inputs/palette");
    let input = |name: &str| {
        copy_dir(&good, &root.join(name));
        root.join(name).join("input")
    };
    const MIB: u64 = 1024 * 1024;
    // (puzzle, what its error line must say)
    let mut cases: Vec<(&str, &str)> = Vec::new();

    mkfifo(&input("fifo-png").join("2.png"));
    cases.push(("fifo-png", "input/2.png: not a regular file: it is a FIFO"));
    zero_link(&input("zero-png").join("2.png"));
    cases.push((
        "zero-png",
        "input/2.png: not a regular file: it is a character device",
    ));
    sparse(&input("huge-png").join("2.png"), 64 * MIB + 1);
    cases.push(("huge-png", "input/2.png: the file is larger than 64 MiB"));

    mkfifo(&input("fifo-notation").join("tile_dict.yaml"));
    cases.push((
        "fifo-notation",
        "tile_dict.yaml: not a regular file: it is a FIFO",
    ));
    zero_link(&input("zero-notation").join("tile_dict.yaml"));
    cases.push((
        "zero-notation",
        "tile_dict.yaml: not a regular file: it is a character device",
    ));
    sparse(&input("huge-notation").join("tile_dict.yaml"), 16 * MIB + 1);
    cases.push((
        "huge-notation",
        "tile_dict.yaml: the file is larger than 16 MiB",
    ));
    let dir = input("folder-notation").join("tile_dict.yaml");
    fs::remove_file(&dir).expect("rm");
    fs::create_dir(&dir).expect("mkdir");
    cases.push((
        "folder-notation",
        "tile_dict.yaml: not a regular file: it is a folder",
    ));

    mkfifo(&input("fifo-board").join("board.yaml"));
    cases.push(("fifo-board", "board.yaml: not a regular file: it is a FIFO"));

    input("good");
    // The links to /dev/zero are trusted, so that the reader's own checks
    // are what is tested (tests/links.rs: links out are refused first).
    let guard = Duration::from_secs(120);
    let (code, stderr) = render_within(&root, &out, &["-j", "2", "--allow-links-out"], guard);
    assert_eq!(code, Some(1), "{stderr}");
    for (name, says) in &cases {
        let line = error_line(&stderr, name);
        assert!(line.contains(says), "{line}\nshould say: {says}");
        assert!(line.ends_with(')'), "a hint: {line}");
    }
    let summary = json(&out.join("summary.json"));
    assert_eq!(
        summary["totals"]["error"].as_u64(),
        Some(cases.len() as u64)
    );
    assert_eq!(summary["totals"]["solved"].as_u64(), Some(1), "{summary}");
    assert!(out.join("good/solution-1.png").is_file());
}

/// `solve` reads the notation file the same way.
#[test]
fn solve_refuses_a_fifo_without_waiting() {
    let tmp = tempfile::tempdir().expect("tmp");
    let fifo = tmp.path().join("tile_dict.yaml");
    mkfifo(&fifo);
    let output = unscramble()
        .arg("solve")
        .arg(&fifo)
        .timeout(Duration::from_secs(60))
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_ne!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("not a regular file: it is a FIFO"),
        "{stderr}"
    );
}

/// Control characters in folder names and tokens reach no sink raw: the
/// terminal gets `\u{1b}` (one puzzle, one line), `index.md` gets no live
/// HTML, and `index.html` and `summary.json` hold no raw control bytes.
#[test]
fn control_characters_are_escaped_for_each_sink() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    let out = tmp.path().join("out");
    let good = repo().join("tests/good_inputs/palette");
    let title = "esc\u{1b}]0;pwned\u{7}\nsplit";
    let img = "<img src=x onerror=alert(1)>";
    for name in [title, img, "token-esc", "half-esc"] {
        copy_dir(&good, &root.join(name));
    }
    let yaml = root.join("token-esc/input/tile_dict.yaml");
    let text = fs::read_to_string(&yaml).expect("read");
    // The token of tile 1's right edge becomes one with ESC and BEL in it
    // (YAML's \e and \a), seen with one half only: a warning quotes it.
    fs::write(
        &yaml,
        text.replacen("['red', '+']", "[\"\\e]0;x\\a\", '+']", 1),
    )
    .expect("write");
    let yaml = root.join("half-esc/input/tile_dict.yaml");
    fs::write(
        &yaml,
        text.replacen("['red', '+']", "['red', \"\\e[31m\"]", 1),
    )
    .expect("write");

    let (code, stderr) = render_within(&root, &out, &[], Duration::from_secs(120));
    assert_eq!(code, Some(1), "{stderr}");
    let raw = |bytes: &[u8]| bytes.iter().any(|&b| (b < 0x20 && b != b'\n') || b == 0x7f);
    assert!(
        !raw(stderr.as_bytes()),
        "raw control bytes on stderr:\n{stderr:?}"
    );
    assert!(
        stderr
            .lines()
            .any(|l| l.starts_with("esc\\u{1b}]0;pwned\\u{7}\\u{a}split: 4 solutions")),
        "one line for the puzzle:\n{stderr}"
    );
    assert!(
        stderr.contains("token '\\u{1b}]0;x\\u{7}' appears only"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error: puzzle 'half-esc': ") && stderr.contains("found '\\u{1b}[31m'"),
        "{stderr}"
    );
    let md = fs::read_to_string(out.join(img).join("index.md")).expect("index.md");
    // The snippet's own <img> tags are there; none comes from the name.
    assert!(
        !md.contains("<img src=x") && !md.contains("onerror=alert(1)>"),
        "live HTML in index.md:\n{md}"
    );
    assert!(
        md.starts_with("## &lt;img src=x onerror=alert\\(1\\)&gt;\n"),
        "{md}"
    );
    for file in ["summary.json", "index.html"] {
        let bytes = fs::read(out.join(file)).expect(file);
        assert!(!bytes.contains(&0x1b) && !bytes.contains(&0x07), "{file}");
    }
    let html = fs::read_to_string(out.join("index.html")).expect("index.html");
    assert!(!html.contains("<img src=x"), "{html}");
}

/// Whether the list `seen[key]` holds `value`.
fn lists(seen: &serde_json::Value, key: &str, value: &str) -> bool {
    seen[key]
        .as_array()
        .is_some_and(|l| l.iter().any(|v| v == value))
}

/// What Chromium found on `page` holds no element, attribute or script
/// that the tool did not write (`scripts`: the page's own).
fn nothing_injected(seen: &serde_json::Value, scripts: u64, page: &str) {
    assert_eq!(seen["scripts"], scripts, "{page}: {seen}");
    for attribute in ["pwned", "onerror"] {
        assert!(!lists(seen, "attributes", attribute), "{page}: {seen}");
    }
    assert!(!lists(seen, "ids", "injected"), "{page}: {seen}");
}

/// A puzzle folder named with both quotes, a script's end tag, an element
/// with a handler and a newline (two folders deep: `/` separates them) is
/// text on every page: in the gallery's headings and alt text, in the
/// heading and the play page's iframe title of `index.md` (the puzzle's and
/// the combined one, rendered as a blog's Markdown renderer does) and on the
/// play page. Chromium shows the name, its newline as `\u{a}`, and finds no
/// element, attribute or script the tool did not write.
#[test]
fn a_hostile_folder_name_is_text_on_every_page() {
    let Some(chromium) = chromium::chromium("a_hostile_folder_name_is_text_on_every_page") else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let (root, out) = (tmp.path().join("puzzles"), tmp.path().join("out"));
    let name = "Q\" pwned=\"yes' it's </script><img id=injected src=x onerror=document.title=1>\nZ";
    copy_dir(&repo().join("tests/good_inputs/palette"), &root.join(name));
    render_ok(&root, &out, &[]);
    let profile = |n: &str| tmp.path().join(format!("profile-{n}"));

    // The gallery titles each folder of the name and joins them with " / ".
    let title =
        "Q\" pwned=\"yes' it's < / Script><img id=injected src=x onerror=document.title=1>\\u{a}Z";
    let gallery = chromium::seen(&chromium, &profile("gallery"), &out.join("index.html"));
    assert_eq!(gallery["title"], "Puzzles and solutions", "{gallery}");
    assert!(lists(&gallery, "headings", title), "{gallery}");
    let alt = format!("{title}, unsolved board");
    let alts = gallery["images"].as_array().expect("images");
    assert!(alts.iter().any(|i| i["alt"] == alt.as_str()), "{gallery}");
    nothing_injected(&gallery, 0, "index.html");

    let (own, combined) = (out.join(name), out.clone());
    // Snippets head each puzzle with its title, as the gallery does, and
    // carry one script of their own (the play frame's sizing).
    for (md, page) in [
        (own.join("index.md"), "index.md"),
        (combined.join("all-puzzles.md"), "all-puzzles.md"),
    ] {
        let dir = md.parent().expect("a folder").to_path_buf();
        let md = read(&md);
        let mut body = String::new();
        pulldown_cmark::html::push_html(&mut body, pulldown_cmark::Parser::new(&md));
        let post = dir.join("post.html");
        let head =
            "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>post</title></head>";
        fs::write(&post, format!("{head}<body>\n{body}</body></html>\n")).expect("post");
        let seen = chromium::seen(&chromium, &profile("post"), &post);
        assert_eq!(seen["title"], "post", "{page}: {seen}");
        assert_eq!(
            seen["headings"],
            serde_json::json!([title]),
            "{page}: {seen}"
        );
        let play = format!("Play {title}");
        assert_eq!(seen["iframes"], serde_json::json!([play]), "{page}: {seen}");
        let images = seen["images"].as_array().expect("images");
        let loaded = images.iter().all(|i| i["loaded"] == true);
        assert!(
            !images.is_empty() && loaded,
            "{page}: the boards load: {seen}"
        );
        nothing_injected(&seen, 1, page);
    }

    let play = chromium::seen(
        &chromium,
        &profile("play"),
        &out.join(name).join("play.html"),
    );
    assert_eq!(play["title"], format!("Play {title}"), "{play}");
    assert_eq!(
        play["headings"],
        serde_json::json!([format!("Play {title}")])
    );
    // Its own two: the data and the code.
    nothing_injected(&play, 2, "play.html");
}
