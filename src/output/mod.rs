//! Writing a puzzle's outputs: atomically, only when the bytes change, and
//! removing the files an earlier run left that this run no longer makes.

pub mod closest;
pub mod json;
pub mod sink;
pub mod solutions;

use std::fs;
use std::io::{self, Write};
use std::path::Path;

/// Marks our temporary files, so a run can sweep those an interrupted run left.
pub(crate) const TMP_MARK: &str = ".unscramble-tmp";

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

/// Is `name` a file this tool writes per solution or closest board (and so
/// may remove when stale)?
pub fn is_board_file(name: &str) -> bool {
    let Some(rest) = name
        .strip_prefix("solution-")
        .or_else(|| name.strip_prefix("closest-"))
    else {
        return false;
    };
    let Some((number, ext)) = rest.split_once('.') else {
        return false;
    };
    !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
        && (ext == "png" || ext == "txt")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_only_its_own_board_files() {
        assert!(is_board_file("solution-12.png"));
        assert!(is_board_file("solution-1.txt"));
        assert!(is_board_file("closest-3.png"));
        assert!(!is_board_file("closest.png"));
        assert!(!is_board_file("solution-.png"));
        assert!(!is_board_file("solution-1.png.bak"));
        assert!(!is_board_file("solution-x.png"));
        assert!(!is_board_file("my-solution-1.png"));
        assert!(!is_board_file("unsolved.png"));
    }

    #[test]
    fn rewrites_only_changed_bytes_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        let p = dir.path().join("solution-1.txt");
        assert_eq!(write_if_changed(&p, b"a").expect("write"), Written::Created);
        let before = fs::metadata(&p).and_then(|m| m.modified()).expect("mtime");
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert_eq!(
            write_if_changed(&p, b"a").expect("write"),
            Written::Unchanged
        );
        assert_eq!(
            fs::metadata(&p).and_then(|m| m.modified()).expect("mtime"),
            before
        );
        assert_eq!(write_if_changed(&p, b"b").expect("write"), Written::Changed);
        assert_eq!(fs::read(&p).expect("read"), b"b");
        let names: Vec<_> = fs::read_dir(dir.path())
            .expect("list")
            .filter_map(|e| e.ok())
            .collect();
        assert_eq!(names.len(), 1);
    }
}
