//! Unit tests of the New puzzle form's saving, apart so new_puzzle.rs holds only the handler:
//! names, parse errors, never renaming over a folder, pictures.

use super::*;

const GOOD: &str = "1: [[a, '+'], [a, '-'], [a, '+'], [a, '-']]\n";

#[test]
fn names_are_safe_slugs() {
    for good in ["a", "0", "my-puzzle-2", &"a".repeat(64)] {
        assert_eq!(check_name(good), Ok(()), "{good}");
    }
    for bad in [
        "",
        "../x",
        "-a",
        "A",
        "a/b",
        "a.b",
        ".hidden",
        "a b",
        &"a".repeat(65),
    ] {
        assert_eq!(check_name(bad).map_err(|r| r.kind), Err(Kind::Bad), "{bad}");
    }
}

#[test]
fn parse_errors_carry_line_and_column() {
    let refusal =
        parse("p", input::TILE_DICT, b"1: [[a, '+'], [a, '-']]\n").expect_err("two edges");
    assert_eq!(refusal.kind, Kind::Invalid);
    assert!(refusal.at.is_some(), "{refusal:?}");
    assert!(
        refusal.message.starts_with("p/input/tile_dict.yaml:"),
        "{}",
        refusal.message
    );
    assert_eq!(
        parse("p", "board.yaml", GOOD.as_bytes())
            .map_err(|r| r.kind)
            .err(),
        Some(Kind::Bad)
    );
}

#[test]
fn saves_a_new_folder_with_drawn_pictures_and_never_over_one() {
    let dir = tempfile::tempdir().expect("tmp");
    let save_one = || {
        save(
            dir.path(),
            "one",
            input::TILE_DICT,
            GOOD.as_bytes(),
            Vec::new(),
            4096,
        )
    };
    let path = save_one().expect("saved");
    assert_eq!(path, dir.path().join("one"));
    assert_eq!(
        std::fs::read(path.join("input/tile_dict.yaml")).expect("read"),
        GOOD.as_bytes()
    );
    assert!(path.join("input/1.png").is_file());
    let again = save_one();
    assert_eq!(again.map_err(|r| r.kind).err(), Some(Kind::Exists));
    // Nothing hidden left behind.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["one"]);
}

#[test]
fn pictures_are_checked_like_files() {
    let refusal = check_pictures("p", 1, vec![b"GIF89a".to_vec()], 4096)
        .err()
        .expect("a GIF is refused");
    assert!(refusal.message.contains("not a PNG"), "{}", refusal.message);
    let refusal = check_pictures("p", 2, vec![Vec::new()], 4096)
        .err()
        .expect("one picture for two tiles is refused");
    assert!(refusal.message.contains("2 tiles"), "{}", refusal.message);
}
