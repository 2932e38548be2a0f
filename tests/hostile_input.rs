//! Input files that are not files, made at run time since git cannot hold
//! them: FIFOs, links to `/dev/zero`, folders and huge sparse files under the
//! names of tile pictures, notation files and `board.yaml`. Each fails its
//! own puzzle with a message, the run ends (a FIFO must not hang it), and
//! the good puzzle beside them still renders.

#![cfg(unix)]

mod common;
use common::*;
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
    let output = unscramble()
        .args(["render", "-j", "2"])
        .arg(&root)
        .arg("-o")
        .arg(&out)
        .timeout(Duration::from_secs(120))
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    for (name, says) in &cases {
        let prefix = format!("error: puzzle '{name}': ");
        let line = stderr
            .lines()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no error for {name}:\n{stderr}"));
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

/// A Legespiel file with `cards` cards on a 1 x `cards` board, its pictures
/// `pictures` (each `<picture .../>` line) before them.
fn legespiel(cards: usize, pictures: &str) -> String {
    let mut s = format!(
        "<?xml version=\"1.0\"?>\n<legespielConfiguration>\n<numberOfRows>1</numberOfRows>\n\
         <numberOfColumns>{cards}</numberOfColumns>\n<pictures>\n{pictures}</pictures>\n<cards>\n"
    );
    for _ in 0..cards {
        s.push_str("<card north=\"1\" west=\"2\" east=\"1\" south=\"2\"/>\n");
    }
    s.push_str("</cards>\n</legespielConfiguration>\n");
    s
}

/// Reading Legespiel XML is linear and its limits are checked while reading:
/// 40,000 and 100,000 cards, 2,000 pictures and a million listed matches are
/// each refused in well under the bound. The quadratic reader took about
/// 7 s for 10,000 cards and 37 s for 20,000 in this build; 40,000 would take
/// minutes, and the million matches hours.
#[test]
fn huge_legespiel_files_are_refused_quickly() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    let two = "<picture id=\"1\" name=\"a\" matchWithIds=\"2\"/>\n\
               <picture id=\"2\" name=\"b\" matchWithIds=\"1\"/>\n";
    let many_pictures: String = (1..=2000)
        .map(|i| format!("<picture id=\"{i}\" name=\"p{i}\" matchWithIds=\"{i}\"/>\n"))
        .collect();
    let many_matches = format!(
        "<picture id=\"1\" name=\"a\" matchWithIds=\"{}2\"/>\n\
         <picture id=\"2\" name=\"b\" matchWithIds=\"1\"/>\n",
        "1,".repeat(1_000_000)
    );
    let cases = [
        (
            "cards-40k",
            legespiel(40_000, two),
            ":138:1: more than 128 cards",
        ),
        (
            "cards-100k",
            legespiel(100_000, two),
            "more than 100000 XML elements",
        ),
        (
            "pictures-2k",
            legespiel(4, &many_pictures),
            "more than 1024 pictures",
        ),
        (
            "matches-1m",
            legespiel(200, &many_matches),
            "more than 128 cards",
        ),
    ];
    for (name, xml, _) in &cases {
        let input = root.join(name).join("input");
        fs::create_dir_all(&input).expect("mkdir");
        fs::write(input.join("legespiel.xml"), xml).expect("write");
    }
    // The timeout is a safety net; that locating every card is linear in the
    // file's length is the legespiel_xml unit test
    // `positions_scan_on_from_the_last_offset`.
    let output = unscramble()
        .args(["render", "-j", "1"])
        .arg(&root)
        .arg("-o")
        .arg(tmp.path().join("out"))
        .timeout(Duration::from_secs(120))
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    for (name, _, says) in &cases {
        let prefix = format!("error: puzzle '{name}': ");
        let line = stderr
            .lines()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no error for {name}:\n{stderr}"));
        assert!(line.contains(says), "{line}\nshould say: {says}");
    }
}

/// A million keys is refused for being too many entries (it used to say
/// "too many aliases or too deep nesting"), and a 14 MB value is quoted by
/// its first characters only (it used to fill 15 MB of stderr).
#[test]
fn yaml_messages_name_the_real_limit_and_cut_long_values() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    let write = |name: &str, text: String| {
        let input = root.join(name).join("input");
        fs::create_dir_all(&input).expect("mkdir");
        fs::write(input.join("tile_dict.yaml"), text).expect("write");
    };
    write(
        "million-keys",
        (1..=1_000_000).map(|k| format!("{k}: 1\n")).collect(),
    );
    let long = "x".repeat(14_000_000);
    write(
        "long-value",
        format!("1: [['red', '{long}'], ['blu', '+'], ['ylw', '+'], ['grn', '+']]\n"),
    );
    let output = unscramble()
        .arg("render")
        .arg(&root)
        .arg("-o")
        .arg(tmp.path().join("out"))
        .timeout(Duration::from_secs(120))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        output.stderr.len() < 4000,
        "{} bytes of stderr",
        output.stderr.len()
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    let line = |name: &str| {
        let prefix = format!("error: puzzle '{name}': ");
        stderr
            .lines()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no error for {name}:\n{stderr}"))
            .to_string()
    };
    let keys = line("million-keys");
    assert!(keys.contains("more than 50000 entries"), "{keys}");
    assert!(!keys.contains("aliases"), "{keys}");
    let value = line("long-value");
    assert!(
        value.contains(&format!("found '{}…'", "x".repeat(60))),
        "{value}"
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

    let output = unscramble()
        .arg("render")
        .arg(&root)
        .arg("-o")
        .arg(&out)
        .timeout(Duration::from_secs(120))
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let raw = |bytes: &[u8]| bytes.iter().any(|&b| (b < 0x20 && b != b'\n') || b == 0x7f);
    assert!(
        !raw(&output.stderr),
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
