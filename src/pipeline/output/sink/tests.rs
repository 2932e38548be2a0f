//! Unit tests of the sink, apart so sink.rs holds only the write path: check mode, files the tool
//! did not write, the journal and the sweep of temporaries.

use super::*;

const FILES: [(&str, &[u8]); 3] = [
    ("same.txt", b"same"),
    ("old.txt", b"new"),
    ("solution-1.png", b"1"),
];

#[test]
fn check_mode_lists_what_write_mode_would_change_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("tmp");
    let d = dir.path();
    for (name, bytes) in [
        ("same.txt", &b"same"[..]),
        ("old.txt", b"old"),
        ("solution-9.png", b"stale"),
        ("solution-8.png", b"changed by hand"),
        ("solution-7.png", b"never ours"),
        ("notes.md", b"mine"),
    ] {
        fs::write(d.join(name), bytes).expect("write");
    }
    let recorded: BTreeMap<String, String> = [
        ("old.txt", &b"old"[..]),
        ("solution-9.png", b"stale"),
        ("solution-8.png", b"as written"),
    ]
    .iter()
    .map(|(n, b)| (n.to_string(), manifest::hash(b)))
    .collect();
    let mut check = Sink::new(d, true, Some(&recorded)).expect("sink");
    for (name, bytes) in FILES {
        check.put(name, bytes).expect("put");
    }
    check.sweep().expect("sweep");
    assert_eq!(
        check.changes,
        [
            "old.txt (differs)",
            "solution-1.png (missing)",
            "solution-8.png (kept: changed since unscramble wrote it)",
            "solution-9.png (would be removed)"
        ]
    );
    assert_eq!(
        fs::read(d.join("old.txt")).expect("read"),
        b"old",
        "check writes nothing"
    );
    assert!(d.join("solution-9.png").exists());

    let mut write = Sink::new(d, false, Some(&recorded)).expect("sink");
    for (name, bytes) in FILES {
        write.put(name, bytes).expect("put");
    }
    write.sweep().expect("sweep");
    assert_eq!(write.kept, ["solution-8.png"]);
    assert!(!d.join("solution-9.png").exists());
    for kept in ["notes.md", "solution-8.png", "solution-7.png"] {
        assert!(d.join(kept).exists(), "{kept}");
    }
    assert!(
        d.join(guard::JOURNAL).exists(),
        "journaled before the manifest"
    );
    write.close().expect("close");
    assert!(!d.join(guard::JOURNAL).exists());
}

#[test]
fn a_file_the_tool_did_not_write_is_never_replaced() {
    let dir = tempfile::tempdir().expect("tmp");
    let d = dir.path();
    fs::write(d.join("index.md"), b"my own post").expect("write");
    let mut sink = Sink::new(d, false, None).expect("sink");
    let e = sink.put("index.md", b"generated").expect_err("refused");
    assert!(
        e.to_string()
            .contains("index.md: not written by unscramble"),
        "{e}"
    );
    assert_eq!(fs::read(d.join("index.md")).expect("read"), b"my own post");
    // Equal bytes are no harm: nothing is written.
    sink.put("index.md", b"my own post").expect("same bytes");
}

#[test]
fn staged_files_are_journalled_then_renamed_at_commit_and_a_taken_name_is_not_replaced() {
    let dir = tempfile::tempdir().expect("tmp");
    let d = dir.path();
    fs::write(d.join("b.txt"), b"yours").expect("write");
    let mut sink = Sink::new(d, false, None).expect("sink");
    sink.stage("a.txt", b"a").expect("stage");
    sink.stage("c.txt", b"c").expect("stage");
    assert!(!d.join("a.txt").exists(), "not before the commit");
    sink.commit().expect("commit");
    let journal = journal::read(d).expect("read").expect("a journal");
    assert_eq!(journal.keys().collect::<Vec<_>>(), ["a.txt", "c.txt"]);
    assert_eq!(fs::read(d.join("a.txt")).expect("read"), b"a");
    // Same bytes as a file no record names: left as it is.
    sink.stage("b.txt", b"yours").expect("stage");
    sink.commit().expect("same bytes");
    sink.stage("b.txt", b"mine").expect("stage");
    sink.stage("d.txt", b"d").expect("stage");
    let e = sink.commit().expect_err("b.txt is not ours");
    assert!(
        e.to_string().contains("b.txt: not written by unscramble"),
        "{e}"
    );
    assert_eq!(fs::read(d.join("b.txt")).expect("read"), b"yours");
    let mut names: Vec<String> = fs::read_dir(d)
        .expect("list")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    names.sort();
    assert_eq!(names, [".unscramble-journal", "a.txt", "b.txt", "c.txt"]);
}

#[test]
fn only_exactly_named_temporaries_in_an_owned_folder_are_swept() {
    let dir = tempfile::tempdir().expect("tmp");
    let d = dir.path();
    let tmp = ".unscramble-tmp-abcdef123456";
    for name in [tmp, ".unscramble-tmp-x", "notes.md"] {
        fs::write(d.join(name), b"x").expect("write");
    }
    let mut foreign = Sink::new(d, false, None).expect("sink");
    foreign.sweep().expect("sweep");
    assert!(d.join(tmp).exists(), "not a folder the tool owns");
    let mut ours = Sink::new(d, false, Some(&BTreeMap::new())).expect("sink");
    ours.sweep().expect("sweep");
    assert_eq!(ours.changes, [format!("{tmp} (removed)")]);
    assert!(d.join(".unscramble-tmp-x").exists() && d.join("notes.md").exists());
}
