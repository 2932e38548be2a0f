//! The commands that write into a puzzle's `input/` folder (`generate`,
//! `convert`) write where a person keeps their own work: the notation they
//! typed and the pictures they scanned. So they replace nothing unless told
//! to with `--force`, and they never add a second notation file beside
//! another, which would leave a puzzle that no longer reads (and `--force`
//! does not change that: the other file is a different puzzle's text).

use crate::error::InputError;
use crate::kind::NOTATIONS;
use std::path::Path;

/// Refuses to write `writes` (file names) into `dir` when one of them exists
/// and `force` is not given, or when `dir` holds a notation file that is not
/// among `writes`. Links count as existing: nothing is written through them.
pub fn guard(dir: &Path, writes: &[&str], force: bool) -> Result<(), InputError> {
    let exists = |name: &str| dir.join(name).symlink_metadata().is_ok();
    if let Some(other) = NOTATIONS
        .into_iter()
        .find(|n| exists(n) && !writes.contains(n))
    {
        return Err(InputError::new(
            dir.join(other),
            "the folder already holds a puzzle in this notation; a second notation file beside it would make the puzzle unreadable",
        )
        .hint("write into another folder, or move this file away first"));
    }
    refuse_existing(dir, writes, force)
}

/// Refuses to write `writes` (file names) into `dir` when one of them exists
/// (a link counts) and `force` is not given.
pub fn refuse_existing(dir: &Path, writes: &[&str], force: bool) -> Result<(), InputError> {
    let exists = |name: &str| dir.join(name).symlink_metadata().is_ok();
    let existing: Vec<&str> = writes.iter().copied().filter(|n| exists(n)).collect();
    match existing.as_slice() {
        [] => Ok(()),
        _ if force => Ok(()),
        [first, rest @ ..] => {
            let more = match rest.len() {
                0 => String::new(),
                1 => " (and 1 more file)".to_string(),
                n => format!(" (and {n} more files)"),
            };
            Err(
                InputError::new(dir.join(first), format!("already exists{more}"))
                    .hint("pass --force to replace it, or write into another folder"),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_existing_files_unless_forced_and_a_second_notation_always() {
        let dir = tempfile::tempdir().expect("tmp");
        let d = dir.path();
        let writes = ["tile_dict.yaml", "1.png", "2.png"];
        assert_eq!(guard(d, &writes, false), Ok(()));

        std::fs::write(d.join("1.png"), b"mine").expect("write");
        std::fs::write(d.join("2.png"), b"mine").expect("write");
        let e = guard(d, &writes, false).expect_err("refused");
        assert_eq!(e.file, d.join("1.png"));
        assert_eq!(e.problem, "already exists (and 1 more file)");
        assert_eq!(guard(d, &writes, true), Ok(()));

        std::fs::write(d.join("letters.txt"), b"ABCD").expect("write");
        for force in [false, true] {
            let e = guard(d, &writes, force).expect_err("a second notation");
            assert_eq!(e.file, d.join("letters.txt"));
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_link_at_a_name_to_write_counts_as_existing() {
        let dir = tempfile::tempdir().expect("tmp");
        std::os::unix::fs::symlink("/nowhere", dir.path().join("tile_dict.yaml")).expect("link");
        assert!(guard(dir.path(), &["tile_dict.yaml"], false).is_err());
    }
}
