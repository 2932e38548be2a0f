//! Where a link really leads: an input reached through a link, or a folder
//! the walk would enter through one, must stay inside the folder the user
//! named (a link in a pull request could otherwise publish any file of the
//! machine that runs the tool, or walk `/proc`).

use std::path::{Path, PathBuf};

/// `Some(what the link says)` when `path`, resolved through every link on
/// the way, is not inside `real_root` (which must be canonical). A path that
/// cannot be resolved (missing, a broken link) is left to its reader, which
/// says what is wrong with it.
pub(crate) fn leaves(path: &Path, real_root: &Path) -> Option<PathBuf> {
    let real = path.canonicalize().ok()?;
    if real.starts_with(real_root) {
        return None;
    }
    Some(std::fs::read_link(path).unwrap_or(real))
}

/// The hint every refusal of a link out of the puzzles folder gives.
pub(crate) const ALLOW_HINT: &str =
    "copy what it links to into the puzzles folder, or pass --allow-links-out if you trust every link there";

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn a_link_inside_stays_and_one_out_is_named_by_its_text() {
        let dir = tempfile::tempdir().expect("tmp");
        let root = dir.path().join("root");
        std::fs::create_dir_all(root.join("a")).expect("mkdir");
        std::fs::write(dir.path().join("secret"), b"x").expect("write");
        symlink("a", root.join("in")).expect("link");
        symlink("../secret", root.join("out")).expect("link");
        symlink("in/../../secret", root.join("sneaky")).expect("link");
        let real = root.canonicalize().expect("real");
        assert_eq!(leaves(&root.join("in"), &real), None);
        assert_eq!(leaves(&root.join("a"), &real), None);
        assert_eq!(
            leaves(&root.join("out"), &real),
            Some(PathBuf::from("../secret"))
        );
        assert!(leaves(&root.join("sneaky"), &real).is_some());
        assert_eq!(leaves(&root.join("missing"), &real), None);
    }
}
