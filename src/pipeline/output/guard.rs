//! The output folder is input too: a pull request can put links, foreign
//! files or hostile records in it. These helpers never follow a link below
//! the output root, and name the few files the tool reserves for itself.

use crate::error::OutputError;
pub(crate) use crate::fsio::{
    bad_file_name, bad_hash, entry, is_temporary, open_nofollow, read_regular, Entry, LINK,
    NOT_FILE,
};
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

/// Per folder, the files a running render renamed into place before its
/// manifest was written (`NAME HASH` lines), so a killed run's files stay ours.
pub(crate) const JOURNAL: &str = ".unscramble-journal";

/// At the output root: the lock every render takes (never deleted).
pub(crate) const LOCK: &str = ".unscramble-lock";

/// At the output root: the record of the run-level files (`summary.json`,
/// `index.html`), as a puzzle's manifest records its files.
pub(crate) const ROOT_MANIFEST: &str = ".unscramble-root-manifest.json";

/// Names the run writes in the output root; no puzzle's folder may take one
/// (`all-puzzles.md` is the combined snippet's default name, `index.md` its old
/// one, which an upgraded run sweeps away).
pub(crate) const ROOT_FILES: [&str; 4] = [
    "summary.json",
    "index.html",
    crate::present::snippet::DEFAULT_NAME,
    crate::present::snippet::OLD_NAME,
];

const REAL_FOLDERS: &str =
    "the tool writes only into real folders below the output folder: remove the link";

/// `root/rel`, checked (and with `create`, made) one component at a time, so
/// that no link below the output root is ever followed. `Ok(None)`: a
/// component is missing and `create` is off.
pub(crate) fn real_dir(
    root: &Path,
    rel: &Path,
    create: bool,
) -> Result<Option<PathBuf>, OutputError> {
    let mut path = root.to_path_buf();
    for c in rel.components() {
        let Component::Normal(c) = c else {
            let e = io::Error::other("is not a plain folder name below the output folder");
            return Err(OutputError::new(root.join(rel), e).hint("rename the puzzle folder"));
        };
        path.push(c);
        let mut found = entry(&path).map_err(|e| OutputError::new(&path, e))?;
        if found == Entry::Missing {
            if !create {
                return Ok(None);
            }
            match fs::create_dir(&path) {
                Err(e) if e.kind() != io::ErrorKind::AlreadyExists => {
                    return Err(OutputError::new(&path, e))
                }
                _ => {}
            }
            found = entry(&path).map_err(|e| OutputError::new(&path, e))?;
        }
        match found {
            Entry::Dir => {}
            Entry::Link => {
                return Err(OutputError::new(&path, io::Error::other(LINK)).hint(REAL_FOLDERS))
            }
            _ => {
                let e = io::Error::other("is in the way of the puzzle's output folder");
                return Err(OutputError::new(&path, e).hint("move it away or delete it"));
            }
        }
    }
    Ok(Some(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_and_real_hashes_pass() {
        for bad in [
            "",
            ".",
            "..",
            "/etc/passwd",
            "../../x",
            "a\\b",
            "a\nb",
            ".unscramble-lock",
        ] {
            assert!(bad_file_name(bad).is_some(), "{bad:?}");
        }
        for good in ["solution-1.png", "index.md", ".notes", "my file.txt"] {
            assert_eq!(bad_file_name(good), None, "{good:?}");
        }
        assert_eq!(bad_hash(&"a".repeat(64)), None);
        assert!(bad_hash(&"A".repeat(64)).is_some());
        assert!(bad_hash("abc").is_some());
    }

    #[test]
    fn temporary_names_have_one_exact_shape() {
        assert!(is_temporary(".unscramble-tmp-abcDEF012345"));
        assert!(!is_temporary(".unscramble-tmp-abcDEF01234"));
        assert!(!is_temporary(".unscramble-tmp-abcDEF012345.png"));
        assert!(!is_temporary(".unsolved.png.4242.unscramble-tmp"));
    }

    #[cfg(unix)]
    #[test]
    fn links_are_never_followed() {
        let dir = tempfile::tempdir().expect("tmp");
        let (root, away) = (dir.path().join("out"), dir.path().join("away"));
        fs::create_dir_all(&root).expect("mkdir");
        fs::create_dir_all(&away).expect("mkdir");
        fs::write(away.join("secret"), b"x").expect("write");
        std::os::unix::fs::symlink(&away, root.join("p")).expect("link");
        let e = real_dir(&root, Path::new("p/q"), true).expect_err("a link");
        assert!(e.to_string().contains("p: is a symbolic link"), "{e}");
        assert!(!away.join("q").exists());
        std::os::unix::fs::symlink(away.join("secret"), root.join("f")).expect("link");
        assert!(read_regular(&root.join("f")).is_err());
        assert_eq!(read_regular(&root.join("none")).expect("ok"), None);
        let made = real_dir(&root, Path::new("a/b"), true).expect("ok");
        assert_eq!(made, Some(root.join("a/b")));
        assert!(root.join("a/b").is_dir());
    }
}
