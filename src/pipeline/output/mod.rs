//! Writing a puzzle's outputs: atomically, only when the bytes change, and
//! never through a link or over a file the tool did not write (see [`guard`]).

pub mod closest;
pub mod folder;
pub mod guard;
pub mod journal;
pub mod json;
pub mod lock;
pub mod root;
pub mod sink;
pub mod solutions;

use std::io::{self, Write};
use std::path::Path;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    Created,
    Changed,
    Unchanged,
}

/// Writes `bytes` to `path` unless it already holds exactly them. The bytes go
/// to a temporary file in the same folder that is then renamed over `path`, so
/// a reader (or an interrupted run) never sees a half-written file. A link at
/// `path` is an error, never followed.
pub fn write_if_changed(path: &Path, bytes: &[u8]) -> io::Result<Written> {
    let existed = match guard::read_regular(path)? {
        Some(old) if old == bytes => return Ok(Written::Unchanged),
        Some(_) => true,
        None => false,
    };
    replace(path, bytes)?;
    Ok(if existed {
        Written::Changed
    } else {
        Written::Created
    })
}

/// Puts `bytes` at `path` through a temporary file created exclusively under
/// an unpredictable name (so a planted link cannot redirect it), then renamed.
pub(crate) fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder
        .prefix(guard::TMP_PREFIX)
        .rand_bytes(guard::TMP_RANDOM);
    // What `File::create` would give (the umask still applies), not tempfile's 0600.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.flush()?;
    // On failure the temporary file is removed when `tmp` drops.
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

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

    #[cfg(unix)]
    #[test]
    fn a_link_at_the_final_name_is_refused_and_its_target_untouched() {
        let dir = tempfile::tempdir().expect("tempdir");
        let target = dir.path().join("elsewhere.txt");
        fs::write(&target, b"precious").expect("write");
        let p = dir.path().join("index.md");
        std::os::unix::fs::symlink(&target, &p).expect("link");
        assert!(write_if_changed(&p, b"new").is_err());
        assert_eq!(fs::read(&target).expect("read"), b"precious");
    }
}
