//! Inputs reached through a link must stay inside the folder the user
//! named: a pull request's `tile_dict.yaml -> a secret file` would otherwise
//! put the secret's first line into the error message (the CI log,
//! `summary.json`, the gallery), and `1.png -> any picture` would publish
//! it. Checked before anything is read, so nothing of the target is shown.

use super::BOARD;
use crate::error::InputError;
use crate::fsio::links;
use crate::kind::NOTATIONS;
use std::path::{Path, PathBuf};

/// Refuses the puzzle whose `input_dir`, or a file in it that the tool
/// reads (a notation file, `board.yaml`, a tile picture `K.png`), really
/// lies outside `real_root` (canonical). `within` names that folder in the
/// message ("the puzzles folder").
pub fn confine(input_dir: &Path, real_root: &Path, within: &str) -> Result<(), InputError> {
    let refuse = |path: &Path, to: PathBuf| {
        InputError::new(
            path,
            format!(
                "the link leads out of {within} (to {}); it is not read",
                to.display()
            ),
        )
        .hint(links::ALLOW_HINT)
    };
    if let Some(to) = links::leaves(input_dir, real_root) {
        return Err(refuse(input_dir, to));
    }
    let Ok(entries) = std::fs::read_dir(input_dir) else {
        return Ok(()); // the reader says what is wrong with the folder
    };
    let mut linked: Vec<PathBuf> = entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_symlink()))
        .filter(|e| e.file_name().to_str().is_some_and(read_by_the_tool))
        .map(|e| e.path())
        .collect();
    linked.sort();
    for path in linked {
        if let Some(to) = links::leaves(&path, real_root) {
            return Err(refuse(&path, to));
        }
    }
    Ok(())
}

/// As [`confine`] for a command given one puzzle (`solve`, `animate`,
/// `infer`, `draw-tiles`, `convert`): `path` is a puzzle folder, its
/// `input/` folder or a notation file, and the folder named (the file's
/// own folder for a file) is the one its inputs must stay in.
pub fn confine_named(path: &Path) -> Result<(), InputError> {
    let dir = if path.is_dir() {
        path
    } else {
        path.parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
    };
    let Ok(real_root) = dir.canonicalize() else {
        return Ok(()); // the reader says the folder is missing
    };
    let input = dir.join("input");
    let input_dir = if input.is_dir() { &input } else { dir };
    confine(input_dir, &real_root, "the puzzle's folder")
}

fn read_by_the_tool(name: &str) -> bool {
    let picture = name
        .strip_suffix(".png")
        .is_some_and(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()));
    picture || name == BOARD || NOTATIONS.contains(&name)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::fs;
    use std::os::unix::fs::symlink;

    #[test]
    fn links_out_are_refused_by_name_and_links_inside_are_read() {
        let dir = tempfile::tempdir().expect("tmp");
        let root = dir.path().join("puzzles");
        let input = root.join("p/input");
        fs::create_dir_all(&input).expect("mkdir");
        fs::create_dir_all(root.join("shared")).expect("mkdir");
        fs::write(root.join("shared/1.png"), b"png").expect("write");
        fs::write(dir.path().join("secret"), b"password=hunter2").expect("write");
        symlink("../../shared/1.png", input.join("1.png")).expect("link");
        symlink(dir.path().join("secret"), input.join("notes.txt")).expect("link");
        let real = root.canonicalize().expect("real");
        assert_eq!(confine(&input, &real, "the puzzles folder"), Ok(()));
        symlink(dir.path().join("secret"), input.join("tile_dict.yaml")).expect("link");
        let e = confine(&input, &real, "the puzzles folder").expect_err("out");
        assert_eq!(e.file, input.join("tile_dict.yaml"));
        assert!(
            e.problem
                .starts_with("the link leads out of the puzzles folder (to "),
            "{e}"
        );
        assert!(!e.to_string().contains("hunter2"), "{e}");
        assert!(e
            .hint
            .as_deref()
            .is_some_and(|h| h.contains("--allow-links-out")));
    }

    #[test]
    fn only_the_files_the_tool_reads_count() {
        for yes in [
            "1.png",
            "12.png",
            "board.yaml",
            "tile_dict.yaml",
            "letters.txt",
        ] {
            assert!(read_by_the_tool(yes), "{yes}");
        }
        for no in [".png", "a.png", "1.jpg", "notes.txt", "cut.png"] {
            assert!(!read_by_the_tool(no), "{no}");
        }
    }
}
