//! Unit tests of discovery, apart so discover.rs holds only the walk: depth and order, links and
//! loops, names that are not UTF-8, clashing output folders.

use super::*;
use crate::pipeline::options::Options;
use std::fs;

/// The walk as `render` makes it without `--infer`.
fn discover(root: &Path, exclude: Option<&Path>) -> Result<Discovery, InputError> {
    discover_with(root, exclude, &crate::pipeline::options::Options::default())
}

fn puzzle_at(root: &Path, rel: &str) {
    let input = root.join(rel).join("input");
    fs::create_dir_all(&input).expect("mkdir");
    fs::write(input.join(crate::kind::tiles::input::TILE_DICT), "").expect("write");
}

#[test]
fn finds_puzzles_at_any_depth_in_sorted_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    for rel in ["b", "a", "kids/owls", "kids/ants", ".hidden/x", "output/y"] {
        puzzle_at(root, rel);
    }
    fs::create_dir_all(root.join("empty/input")).expect("mkdir");
    puzzle_at(root, "b/input/nested"); // below an input folder: not a puzzle
    let found = discover(root, Some(&root.join("output"))).expect("walk");
    let names: Vec<&str> = found.puzzles.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "kids/ants", "kids/owls"]);
    assert_eq!(found.puzzles[2].rel, Path::new("kids/ants"));
    assert!(found.problems.is_empty());
}

#[test]
fn a_puzzle_folder_given_as_root_is_named_after_itself() {
    let dir = tempfile::tempdir().expect("tempdir");
    puzzle_at(dir.path(), "owls");
    let found = discover(&dir.path().join("owls"), None).expect("walk");
    assert_eq!(found.puzzles.len(), 1);
    assert_eq!(found.puzzles[0].name, "owls");
    assert_eq!(found.puzzles[0].rel, Path::new("owls"));
}

#[cfg(unix)]
#[test]
fn a_symlink_loop_is_a_problem_not_a_hang() {
    let dir = tempfile::tempdir().expect("tempdir");
    puzzle_at(dir.path(), "good");
    fs::create_dir_all(dir.path().join("loop")).expect("mkdir");
    std::os::unix::fs::symlink(dir.path().join("loop"), dir.path().join("loop/again"))
        .expect("symlink");
    let found = discover(dir.path(), None).expect("walk");
    assert_eq!(found.puzzles.len(), 1);
    assert_eq!(found.problems.len(), 1);
    assert!(
        found.problems[0].1.to_string().contains("symlink loop"),
        "{:?}",
        found.problems
    );
}

#[cfg(unix)]
#[test]
fn a_link_to_itself_is_a_problem_with_its_own_words() {
    let dir = tempfile::tempdir().expect("tempdir");
    puzzle_at(dir.path(), "good");
    std::os::unix::fs::symlink("self", dir.path().join("self")).expect("symlink");
    let found = discover(dir.path(), None).expect("walk");
    assert_eq!(found.puzzles.len(), 1);
    let problems: Vec<String> = found.problems.iter().map(|p| p.1.to_string()).collect();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("self: the symbolic link leads nowhere"),
        "{problems:?}"
    );
}

#[cfg(unix)]
#[test]
fn a_puzzle_below_a_name_that_is_not_utf8_is_a_problem_naming_its_bytes() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().expect("tempdir");
    puzzle_at(dir.path(), "good");
    let latin = std::ffi::OsStr::from_bytes(b"kids-\xe9t\xe9");
    puzzle_at(&dir.path().join(latin), "owls");
    // A folder holding no puzzle is nobody's business.
    fs::create_dir_all(dir.path().join(std::ffi::OsStr::from_bytes(b"notes-\xff"))).expect("mkdir");
    let found = discover(dir.path(), None).expect("walk");
    let names: Vec<&str> = found.puzzles.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["good"]);
    assert_eq!(found.problems.len(), 1, "{:?}", found.problems);
    let (name, e) = &found.problems[0];
    assert_eq!(name, "kids-\u{FFFD}t\u{FFFD}/owls");
    assert!(e.file.ends_with(latin), "{e}");
    assert!(e.problem.ends_with("(its bytes: kids-\\xe9t\\xe9)"), "{e}");
}

#[test]
fn two_puzzles_with_one_output_folder_both_fail_naming_each_other() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("proot");
    puzzle_at(&root, ".");
    puzzle_at(&root, "proot");
    puzzle_at(&root, "summary.json");
    puzzle_at(&root, "index.md");
    puzzle_at(&root, "fine");
    let found = discover(&root, None).expect("walk");
    let names: Vec<&str> = found.puzzles.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["fine"]);
    let problems: Vec<String> = found.problems.iter().map(|p| p.1.to_string()).collect();
    assert_eq!(problems.len(), 4, "{problems:?}");
    let inner = root.join("proot").display().to_string();
    assert!(
        problems
            .iter()
            .any(|p| p.contains("same output folder 'proot'")
                && p.ends_with(&format!("{inner} (rename one of the two folders)"))),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("'index.md', a name the run keeps")),
        "{problems:?}"
    );
}

#[test]
fn a_missing_root_is_an_error() {
    let e = discover(Path::new("/no/such/folder"), None).expect_err("missing");
    assert!(e.to_string().contains("cannot open the puzzles folder"));
}

#[cfg(unix)]
#[test]
fn links_inside_the_root_are_followed_and_links_out_are_problems() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("puzzles");
    puzzle_at(&root, "real/owls");
    puzzle_at(dir.path(), "away/ants");
    std::os::unix::fs::symlink("real", root.join("alias")).expect("symlink");
    std::os::unix::fs::symlink(dir.path().join("away"), root.join("out")).expect("symlink");
    let found = discover(&root, None).expect("walk");
    let names: Vec<&str> = found.puzzles.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["alias/owls", "real/owls"]);
    let problems: Vec<String> = found.problems.iter().map(|p| p.1.to_string()).collect();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("out: the link leads out of the puzzles folder"),
        "{problems:?}"
    );
    let trusting = Options {
        allow_links_out: true,
        ..Options::default()
    };
    let found = discover_with(&root, None, &trusting).expect("walk");
    assert_eq!(found.puzzles.len(), 3);
    assert!(found.puzzles.iter().all(|p| p.within.is_none()));
}

#[test]
fn a_cancelled_walk_stops_and_says_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    puzzle_at(dir.path(), "owls");
    let options = Options::default();
    options.cancel.cancel();
    let found = discover_with(dir.path(), None, &options).expect("walk");
    assert!(found.interrupted);
    assert!(found.puzzles.is_empty());
}
