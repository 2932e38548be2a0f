//! Broken puzzles beside good ones, in one batch: each broken one gets one
//! message (puzzle, file, what is wrong, how to fix it), each warning case a
//! warning, the good ones still render, and the exit code says something
//! failed. The committed cases live in `tests/bad_inputs/<case>/` (written by
//! `tests/bad_inputs/make.py`); the ones git cannot hold (permissions, links,
//! non-UTF-8 names, an unwritable output folder) are made here.

mod common;
use common::*;
use std::fs;
use std::path::{Path, PathBuf};

/// One case: its puzzle name, the text its line must contain, the path the
/// line must name, and whether it is an error (or a warning on a puzzle that
/// still renders).
struct Case {
    name: String,
    says: String,
    path: PathBuf,
    error: bool,
}

/// The committed corpus, copied into `root`.
fn committed_cases(root: &Path) -> Vec<Case> {
    let corpus = repo().join("tests/bad_inputs");
    let mut cases = Vec::new();
    let mut dirs: Vec<_> = fs::read_dir(&corpus)
        .expect("corpus")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    for dir in dirs {
        let name = dir
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        copy_dir(&dir.join("input"), &root.join(&name).join("input"));
        let (file, error) = if dir.join("expected.txt").is_file() {
            ("expected.txt", true)
        } else {
            ("warning.txt", false)
        };
        let says = fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{name}: {e}"));
        cases.push(Case {
            path: root.join(&name),
            name,
            says: says.trim_end().to_string(),
            error,
        });
    }
    cases
}

/// Is this process able to read a file it has made unreadable (root)?
fn reads_despite_mode(path: &Path) -> bool {
    fs::read(path).is_ok()
}

#[cfg(unix)]
#[test]
fn the_bad_input_corpus_gives_one_message_per_case_and_the_rest_render() {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::{symlink, PermissionsExt};
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    let out = tmp.path().join("out");
    let mut cases = committed_cases(&root);
    assert!(cases.len() >= 30, "the corpus has {} cases", cases.len());
    let good_inputs = repo().join("tests/good_inputs");
    let good = ["palette", "sixteen-bit"];
    for g in good {
        copy_dir(&good_inputs.join(g), &root.join(g));
    }
    copy_dir(&bundled("3x3-original"), &root.join("3x3-original"));
    let good_copy = |name: &str| {
        copy_dir(&good_inputs.join("palette"), &root.join(name));
        root.join(name).join("input")
    };

    // A picture nobody may read. Root reads it anyway: then it must render.
    let secret = good_copy("unreadable").join("2.png");
    fs::set_permissions(&secret, fs::Permissions::from_mode(0o000)).expect("chmod");
    let root_reads = reads_despite_mode(&secret);
    if root_reads {
        eprintln!("note: running as root, which reads files with mode 000; the unreadable case must render");
    } else {
        cases.push(Case {
            name: "unreadable".into(),
            says: "input/2.png: cannot read the file: permission denied (make it readable".into(),
            path: secret.clone(),
            error: true,
        });
    }
    // A folder that links back to its parent, and a link to itself.
    fs::create_dir_all(root.join("symlink-loop")).expect("mkdir");
    symlink(root.join("symlink-loop"), root.join("symlink-loop/again")).expect("symlink");
    cases.push(Case {
        name: "symlink-loop/again".into(),
        says: "symlink-loop/again: the folder links back to one of its parents (a symlink loop)"
            .into(),
        path: root.join("symlink-loop/again"),
        error: true,
    });
    symlink("self-link", root.join("self-link")).expect("symlink");
    cases.push(Case {
        name: "self-link".into(),
        says: "self-link: the symbolic link leads nowhere".into(),
        path: root.join("self-link"),
        error: true,
    });
    // Non-UTF-8 folder names: refused with their bytes, never a panic, and
    // never rendered to a folder the gallery cannot link. A file name that
    // is not UTF-8 in a good puzzle's input is no concern.
    let raw = |bytes: &[u8]| root.join(std::ffi::OsStr::from_bytes(bytes));
    copy_dir(&good_inputs.join("palette"), &raw(b"latin1-\xe9t\xe9"));
    cases.push(Case {
        name: "latin1-\u{FFFD}t\u{FFFD}".into(),
        says:
            "the folder's name is not UTF-8 text (its bytes: latin1-\\xe9t\\xe9) (rename the folder"
                .into(),
        path: raw(b"latin1-\xe9t\xe9"),
        error: true,
    });
    copy_dir(
        &repo().join("tests/bad_inputs/key-gap/input"),
        &raw(b"broken-\xff/input"),
    );
    cases.push(Case {
        name: "broken-\u{FFFD}".into(),
        says: "the folder's name is not UTF-8 text (its bytes: broken-\\xff)".into(),
        path: raw(b"broken-\xff"),
        error: true,
    });
    copy_dir(&good_inputs.join("palette"), &root.join("odd-file-name"));
    fs::write(raw(b"odd-file-name/input/notes-\xff.txt"), "x").expect("write");
    // An output folder that cannot be made: a file stands in its place.
    good_copy("unwritable-out");
    fs::create_dir_all(&out).expect("mkdir");
    fs::write(out.join("unwritable-out"), "in the way").expect("write");
    cases.push(Case {
        name: "unwritable-out".into(),
        says: "is in the way of the puzzle's output folder (move it away or delete it)".into(),
        path: out.join("unwritable-out"),
        error: true,
    });

    let output = unscramble()
        .args(["render", "-j", "2"])
        .arg(&root)
        .arg("-o")
        .arg(&out)
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(1),
        "a failed puzzle fails the run:\n{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error:")).collect();
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("warning:"))
        .collect();
    let n_errors = cases.iter().filter(|c| c.error).count();
    assert_eq!(
        errors.len(),
        n_errors,
        "one error line per broken case:\n{stderr}"
    );
    for case in &cases {
        let prefix = format!(
            "{}: puzzle '{}': ",
            if case.error { "error" } else { "warning" },
            case.name
        );
        let lines = if case.error { &errors } else { &warnings };
        let line = lines
            .iter()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no line starting {prefix}:\n{stderr}"));
        assert!(
            line.contains(&case.says),
            "{line}\nshould contain: {}",
            case.says
        );
        let path = case.path.to_string_lossy();
        assert!(line.contains(path.as_ref()), "names {path}: {line}");
        assert!(
            line.ends_with(')'),
            "ends with a hint in parentheses: {line}"
        );
    }

    let summary = json(&out.join("summary.json"));
    let entries = summary["puzzles"].as_array().expect("list");
    let status = |name: &str| {
        entries
            .iter()
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("{name} not in summary.json"))
    };
    for case in &cases {
        let p = status(&case.name);
        if case.error {
            assert_eq!(p["status"], "error", "{p}");
            assert!(
                p["error"].as_str().is_some_and(|e| e.contains(&case.says)),
                "{p}"
            );
        } else {
            assert_ne!(p["status"], "error", "{p}");
            let w = p["warnings"].to_string();
            assert!(w.contains(&case.says), "{p}");
        }
    }
    let mut rendered = vec!["odd-file-name", "3x3-original"];
    rendered.extend(good);
    if root_reads {
        rendered.push("unreadable");
    }
    for name in &rendered {
        assert_eq!(status(name)["status"], "solved", "{name}");
    }
    assert!(
        !out.join(std::ffi::OsStr::from_bytes(b"latin1-\xe9t\xe9"))
            .exists(),
        "nothing is written under a name that is not text"
    );
    assert!(out.join("odd-file-name/solution-1.png").is_file());
    assert!(out.join("3x3-original/solution-4.png").is_file());
    assert_eq!(
        summary["totals"]["error"].as_u64(),
        Some(n_errors as u64),
        "{summary}"
    );
}

/// Palette and 16-bit pictures are valid: the boards show their exact colours.
#[test]
fn palette_and_16_bit_pictures_render_their_colours() {
    let tmp = tempfile::tempdir().expect("tmp");
    let out = tmp.path().join("out");
    unscramble()
        .arg("render")
        .arg(repo().join("tests/good_inputs"))
        .arg("-o")
        .arg(&out)
        .assert()
        .success();
    // The colours make.py gives tiles 1..4, in key order.
    let colours = [[200, 30, 30], [30, 160, 40], [20, 60, 210], [240, 200, 10]];
    for name in ["palette", "sixteen-bit"] {
        let board = open_png(&out.join(name).join("unsolved.png")).into_rgb8();
        assert_eq!(
            board.dimensions(),
            (18, 18),
            "{name}: two 8px tiles and the frame"
        );
        for (k, colour) in colours.iter().enumerate() {
            let (x0, y0) = (1 + 8 * (k as u32 % 2), 1 + 8 * (k as u32 / 2));
            for (dx, dy) in [(0, 0), (7, 0), (3, 4), (7, 7)] {
                assert_eq!(
                    board.get_pixel(x0 + dx, y0 + dy).0,
                    *colour,
                    "{name}: tile {} at ({dx}, {dy})",
                    k + 1
                );
            }
        }
        assert_eq!(board.get_pixel(0, 0).0, [0, 0, 0], "{name}: the frame");
    }
}

#[test]
fn usage_errors_exit_with_2() {
    let tmp = tempfile::tempdir().expect("tmp");
    let missing = tmp.path().join("nowhere");
    let output = unscramble()
        .arg("render")
        .arg(&missing)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot open the puzzles folder"));
    for args in [["render", "--max-images", "many"], ["render", "-j", "-1"]] {
        let output = unscramble().args(args).output().expect("runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn a_folder_with_no_puzzles_is_an_error_unless_allowed() {
    let tmp = tempfile::tempdir().expect("tmp");
    let empty = tmp.path().join("empty");
    fs::create_dir_all(&empty).expect("mkdir");
    let out = tmp.path().join("out");
    let (code, stderr) = render(&empty, &out, &[]);
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "error: {}: no puzzle found in this folder (a puzzle is a folder whose input/ holds one of tile_dict.yaml, letters.txt, signed.txt, legespiel.xml, domino_fit.yaml; pass the folder that holds your puzzles, or --allow-empty if having none is fine)\n",
            empty.display()
        )
    );
    assert!(!out.exists(), "nothing is written");
    // A blog with no puzzles yet asks for it.
    render_ok(&empty, &out, &["--allow-empty"]);
    assert_eq!(json(&out.join("summary.json"))["totals"]["puzzles"], 0);
}
