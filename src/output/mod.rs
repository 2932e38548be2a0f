//! Writing a puzzle's outputs: atomically, only when the bytes change, and
//! removing the files an earlier run left that this run no longer makes.

pub mod json;
pub mod solutions;

use std::collections::BTreeSet;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Marks our temporary files, so a run can sweep those an interrupted run left.
const TMP_MARK: &str = ".unscramble-tmp";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    Created,
    Changed,
    Unchanged,
}

/// Writes `bytes` to `path` unless it already holds exactly them. The bytes go
/// to a temporary file in the same folder that is then renamed over `path`, so
/// a reader (or an interrupted run) never sees a half-written file.
pub fn write_if_changed(path: &Path, bytes: &[u8]) -> io::Result<Written> {
    let existed = match fs::read(path) {
        Ok(old) if old == bytes => return Ok(Written::Unchanged),
        Ok(_) => true,
        Err(e) if e.kind() == io::ErrorKind::NotFound => false,
        Err(_) => true,
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}{TMP_MARK}", std::process::id()));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.flush()?;
        drop(f);
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.map(|()| {
        if existed {
            Written::Changed
        } else {
            Written::Created
        }
    })
}

/// Is `name` a file this tool writes per solution (and so may remove when stale)?
pub fn is_solution_file(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("solution-") else {
        return false;
    };
    let Some((number, ext)) = rest.split_once('.') else {
        return false;
    };
    !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
        && (ext == "png" || ext == "txt")
}

/// Removes from `dir` the per-solution files not in `keep`, and temporary files
/// of interrupted runs. Touches nothing else. Returns what it removed.
pub fn remove_stale(dir: &Path, keep: &BTreeSet<String>) -> io::Result<Vec<PathBuf>> {
    let mut removed = Vec::new();
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(removed),
        Err(e) => return Err(e),
    };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    names.sort();
    for name in names {
        let stale = (is_solution_file(&name) && !keep.contains(&name))
            || (name.starts_with('.') && name.ends_with(TMP_MARK));
        if stale {
            let path = dir.join(&name);
            fs::remove_file(&path)?;
            removed.push(path);
        }
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_only_its_own_solution_files() {
        assert!(is_solution_file("solution-12.png"));
        assert!(is_solution_file("solution-1.txt"));
        assert!(!is_solution_file("solution-.png"));
        assert!(!is_solution_file("solution-1.png.bak"));
        assert!(!is_solution_file("solution-x.png"));
        assert!(!is_solution_file("my-solution-1.png"));
        assert!(!is_solution_file("unsolved.png"));
    }

    #[test]
    fn rewrites_only_changed_bytes_and_sweeps_stale_files() {
        let dir = tempfile::tempdir().expect("tempdir");
        let p = dir.path().join("solution-1.txt");
        assert_eq!(write_if_changed(&p, b"a").expect("write"), Written::Created);
        assert_eq!(
            write_if_changed(&p, b"a").expect("write"),
            Written::Unchanged
        );
        assert_eq!(write_if_changed(&p, b"b").expect("write"), Written::Changed);
        assert_eq!(fs::read(&p).expect("read"), b"b");
        for name in [
            "solution-9.png",
            "notes.txt",
            ".solution-2.png.77.unscramble-tmp",
        ] {
            fs::write(dir.path().join(name), b"x").expect("write");
        }
        let keep: BTreeSet<String> = ["solution-1.txt".to_string()].into();
        let removed = remove_stale(dir.path(), &keep).expect("sweep");
        assert_eq!(removed.len(), 2);
        let mut left: Vec<String> = fs::read_dir(dir.path())
            .expect("list")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .collect();
        left.sort();
        assert_eq!(left, ["notes.txt", "solution-1.txt"]);
    }
}
