use super::*;
use std::fs;
use std::os::unix::fs::symlink;

#[test]
fn without_force_only_new_names_and_the_same_bytes_pass() {
    let dir = tempfile::tempdir().expect("tmp");
    let d = dir.path().join("made/here");
    let mut w = Writer::open(&d, false).expect("open");
    assert_eq!(w.put("a.txt", b"one").expect("new"), Written::Created);
    assert_eq!(w.put("a.txt", b"one").expect("same"), Written::Unchanged);
    let e = w.put("a.txt", b"two").expect_err("not provably ours");
    assert!(e.to_string().contains("not written by unscramble"), "{e}");
    assert!(e.to_string().contains("--force"), "{e}");
    assert_eq!(fs::read(d.join("a.txt")).expect("read"), b"one");
    let mut w = Writer::open(&d, true).expect("open");
    assert_eq!(w.put("a.txt", b"two").expect("forced"), Written::Changed);
    assert_eq!(fs::read(d.join("a.txt")).expect("read"), b"two");
    let names: Vec<_> = fs::read_dir(&d).expect("list").flatten().collect();
    assert_eq!(names.len(), 1, "no temporary file left");
}

#[test]
fn links_at_a_name_or_as_the_folder_are_never_written_through() {
    let dir = tempfile::tempdir().expect("tmp");
    let (d, away) = (dir.path().join("d"), dir.path().join("away"));
    fs::create_dir_all(&d).expect("mkdir");
    fs::create_dir_all(&away).expect("mkdir");
    fs::write(away.join("x.png"), b"precious").expect("write");
    symlink(away.join("x.png"), d.join("x.png")).expect("link");
    let mut w = Writer::open(&d, true).expect("open");
    let e = w.put("x.png", b"new").expect_err("a link");
    assert!(e.to_string().contains("is a symbolic link"), "{e}");
    assert_eq!(fs::read(away.join("x.png")).expect("read"), b"precious");
    symlink(&away, dir.path().join("out")).expect("link");
    let e = Writer::open(&dir.path().join("out"), true)
        .err()
        .expect("a linked folder");
    assert!(e.to_string().contains("is a symbolic link (to "), "{e}");
    assert_eq!(fs::read_dir(&away).expect("list").count(), 1);
}

#[test]
fn a_record_proves_what_was_written_and_nothing_else() {
    let dir = tempfile::tempdir().expect("tmp");
    let d = dir.path();
    fs::write(d.join("mine.png"), b"by hand").expect("write");
    let mut w = Writer::recorded(d, ".unscramble-test.json").expect("open");
    assert_eq!(w.put("a.png", b"one").expect("new"), Written::Created);
    assert!(w.put("mine.png", b"one").is_err(), "not recorded");
    w.finish().expect("finish");
    let mut w = Writer::recorded(d, ".unscramble-test.json").expect("open");
    assert_eq!(w.put("a.png", b"two").expect("ours"), Written::Changed);
    w.finish().expect("finish");
    // Edited since: not ours any more.
    fs::write(d.join("a.png"), b"edited").expect("write");
    let mut w = Writer::recorded(d, ".unscramble-test.json").expect("open");
    assert!(w.put("a.png", b"three").is_err());
    assert_eq!(fs::read(d.join("a.png")).expect("read"), b"edited");
    assert_eq!(fs::read(d.join("mine.png")).expect("read"), b"by hand");
}

#[test]
fn a_record_naming_another_folder_is_refused_and_sweeps_only_unchanged_files() {
    let dir = tempfile::tempdir().expect("tmp");
    let d = dir.path();
    let h = hash(b"x");
    fs::write(
        d.join(".unscramble-test.json"),
        format!(r#"{{"tool": "t", "files": {{"../x": ["{h}"]}}}}"#),
    )
    .expect("write");
    assert!(Writer::recorded(d, ".unscramble-test.json").is_err());
    fs::remove_file(d.join(".unscramble-test.json")).expect("rm");
    let mut w = Writer::recorded(d, ".unscramble-test.json").expect("open");
    w.put("a.png", b"a").expect("put");
    w.put("b.png", b"b").expect("put");
    w.finish().expect("finish");
    fs::write(d.join("b.png"), b"edited").expect("write");
    let (removed, kept) = sweep_record(d, ".unscramble-test.json", true).expect("check");
    assert_eq!(removed, ["a.png", ".unscramble-test.json"]);
    assert_eq!(kept, ["b.png"]);
    assert!(d.join("a.png").exists(), "--check removes nothing");
    sweep_record(d, ".unscramble-test.json", false).expect("sweep");
    assert!(!d.join("a.png").exists() && !d.join(".unscramble-test.json").exists());
    assert_eq!(fs::read(d.join("b.png")).expect("read"), b"edited");
}
