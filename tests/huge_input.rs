//! Huge notation files are refused quickly, and their messages name the
//! real limit and quote only the start of a long value.

mod common;
use common::*;
use std::fs;
use std::time::Duration;

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
/// 20,000 and 100,000 cards, 2,000 pictures and a million listed matches are
/// each refused well within the test's safety timeout; a quadratic reader
/// took seconds to hours on them (docs/performance.md).
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
            // 20,000 cards: under the attribute cap, so the card count
            // itself is what refuses it.
            "cards-20k",
            legespiel(20_000, two),
            ":138:1: more than 128 cards",
        ),
        (
            "cards-100k",
            // Its cards' attributes pass the file's cap first.
            legespiel(100_000, two),
            "more than 100000 attributes",
        ),
        (
            "elements-200k",
            legespiel(4, &format!("{two}{}", "<x/>\n".repeat(200_000))),
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
    let out = tmp.path().join("out");
    let (code, stderr) = render_within(&root, &out, &["-j", "1"], Duration::from_secs(120));
    assert_eq!(code, Some(1), "{stderr}");
    for (name, _, says) in &cases {
        let line = error_line(&stderr, name);
        assert!(line.contains(says), "{line}\nshould say: {says}");
    }
}

/// A million keys is refused for being too many entries (it used to say
/// "too many aliases or too deep nesting"), and a 14 MB value is quoted by
/// its first characters only (it used to be quoted whole on stderr).
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
    let out = tmp.path().join("out");
    let (code, stderr) = render_within(&root, &out, &[], Duration::from_secs(120));
    assert_eq!(code, Some(1));
    assert!(stderr.len() < 4000, "{} bytes of stderr", stderr.len());
    let keys = error_line(&stderr, "million-keys");
    assert!(keys.contains("more than 50000 entries"), "{keys}");
    assert!(!keys.contains("aliases"), "{keys}");
    let value = error_line(&stderr, "long-value");
    assert!(
        value.contains(&format!("found '{}…'", "x".repeat(60))),
        "{value}"
    );
}
