//! Files written and read without following a link, and replaced
//! atomically: a leaf that the output folder's guard, the puzzle kinds'
//! commands (`generate`, `draw`, `animate`, `convert`) and `prepare` all
//! write through, so none of them depends on the pipeline for it.

pub(crate) mod folder;
pub(crate) mod links;
pub(crate) mod place;
pub(crate) mod writer;

use std::fs;
use std::io::{self, Read};
use std::path::Path;

/// Our temporary files are named this prefix plus [`TMP_RANDOM`] random
/// letters and digits; a leftover one (from a killed run) is swept only if its
/// name has exactly this shape.
pub(crate) const TMP_PREFIX: &str = ".unscramble-tmp-";
pub(crate) const TMP_RANDOM: usize = 12;

/// What is at a path, looked at without following a link.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    Missing,
    File,
    Dir,
    Link,
    Other,
}

pub(crate) fn entry(path: &Path) -> io::Result<Entry> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => Ok(Entry::Link),
        Ok(m) if m.is_file() => Ok(Entry::File),
        Ok(m) if m.is_dir() => Ok(Entry::Dir),
        Ok(_) => Ok(Entry::Other),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Entry::Missing),
        Err(e) => Err(e),
    }
}

/// Opens `path` without following a link in its last component.
pub(crate) fn open_nofollow(options: &mut fs::OpenOptions, path: &Path) -> io::Result<fs::File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(rustix::fs::OFlags::NOFOLLOW.bits() as i32);
    }
    options.open(path)
}

/// The bytes of the regular file at `path`, `None` if nothing is there; an
/// error for a link, a folder or a device (never followed, never opened).
pub(crate) fn read_regular(path: &Path) -> io::Result<Option<Vec<u8>>> {
    match entry(path)? {
        Entry::Missing => return Ok(None),
        Entry::File => {}
        Entry::Link => return Err(io::Error::other(LINK)),
        Entry::Dir | Entry::Other => return Err(io::Error::other(NOT_FILE)),
    }
    let mut f = open_nofollow(fs::OpenOptions::new().read(true), path)?;
    if !f.metadata()?.is_file() {
        return Err(io::Error::other(NOT_FILE));
    }
    let mut bytes = Vec::new();
    f.read_to_end(&mut bytes)?;
    Ok(Some(bytes))
}

/// Is `name` exactly the shape of one of our temporary files?
pub(crate) fn is_temporary(name: &str) -> bool {
    name.strip_prefix(TMP_PREFIX)
        .is_some_and(|r| r.len() == TMP_RANDOM && r.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// Why `name` cannot be a file the tool wrote into one folder, if it cannot:
/// records on disk are untrusted, so a name that could reach another folder
/// (or is one of our reserved dot names) makes the whole record foreign.
pub(crate) fn bad_file_name(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        Some("an empty file name")
    } else if name == "." || name == ".." {
        Some("a file name that names a folder")
    } else if name.contains(['/', '\\']) {
        Some("a file name with a path separator")
    } else if name.chars().any(char::is_control) {
        Some("a file name with a control character")
    } else if name.starts_with(".unscramble") {
        Some("one of unscramble's reserved names")
    } else {
        None
    }
}

/// Why `hash` is not a blake3 hash as we write them (64 lowercase hex digits).
pub(crate) fn bad_hash(hash: &str) -> Option<&'static str> {
    let ok = hash.len() == 64 && hash.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    (!ok).then_some("a hash that is not 64 lowercase hex digits")
}

/// The hash the tool records for the bytes it wrote (blake3, hex).
pub(crate) fn hash(bytes: &[u8]) -> String {
    blake3::hash(bytes).to_hex().to_string()
}

pub(crate) const LINK: &str = "is a symbolic link";
pub(crate) const NOT_FILE: &str = "is not a regular file";

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
    let existed = match read_regular(path)? {
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

/// Puts `bytes` at `path` through a temporary file of [`folder::Folder`]
/// (the one scheme every writer uses: created exclusively under an
/// unpredictable name, so a planted link cannot redirect it), then renamed
/// over `path`. The folder is opened without following a link.
pub(crate) fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path.file_name().and_then(|n| n.to_str()).ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "the file name is not valid UTF-8",
        )
    })?;
    let mut folder = folder::Folder::open(dir)?;
    let temp = folder.write_temp(bytes)?;
    // On failure the temporary file is removed when `temp` drops.
    folder.rename(temp, name, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    /// A folder swapped for a link is not written through (the old
    /// `tempfile` scheme followed it).
    #[cfg(unix)]
    #[test]
    fn a_link_in_place_of_the_folder_is_not_written_through() {
        let dir = tempfile::tempdir().expect("tempdir");
        let real = dir.path().join("real");
        fs::create_dir(&real).expect("mkdir");
        std::os::unix::fs::symlink(&real, dir.path().join("via")).expect("link");
        assert!(write_if_changed(&dir.path().join("via/a"), b"x").is_err());
        assert_eq!(fs::read_dir(&real).expect("list").count(), 0);
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
