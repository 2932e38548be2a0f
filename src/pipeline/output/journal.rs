//! The journal: a killed render has renamed files into place that no
//! manifest records yet (the manifest is written last). Before each rename,
//! `NAME HASH` goes into `.unscramble-journal`; once the manifest is written
//! the journal is removed. The next run counts an entry as a record, so a
//! file whose bytes still match it is known to be ours.

use super::guard::{self, bad_file_name, bad_hash, JOURNAL};
use crate::error::OutputError;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};
use std::path::Path;

/// Every name the tool may have written in a folder, with each hash it wrote.
pub(crate) type Records = BTreeMap<String, BTreeSet<String>>;

/// The journal's entries in `dir`. Lines that are not a plain name and a
/// hash vouch for nothing and are skipped; a link or device in the
/// journal's place is an error.
pub(crate) fn read(dir: &Path) -> Result<Option<Records>, OutputError> {
    let path = dir.join(JOURNAL);
    let Some(bytes) = guard::read_regular(&path).map_err(|e| refused(&path, e))? else {
        return Ok(None);
    };
    let mut records = Records::new();
    for line in String::from_utf8_lossy(&bytes).lines() {
        let Some((name, hash)) = line.rsplit_once(' ') else {
            continue;
        };
        if bad_file_name(name).is_none() && bad_hash(hash).is_none() {
            records
                .entry(name.to_string())
                .or_default()
                .insert(hash.to_string());
        }
    }
    Ok(Some(records))
}

/// Appends `lines` (whole `NAME HASH` lines) in one write, before the files
/// they name are renamed into place: a batch of boards costs one write.
///
/// `open` keeps the journal open between calls: a puzzle writes hundreds of
/// files, and opening the journal for each was an open and a close per file.
pub(crate) fn append_lines(
    open: &mut Option<std::fs::File>,
    dir: &Path,
    lines: &str,
) -> Result<(), OutputError> {
    let path = dir.join(JOURNAL);
    let f = match open {
        Some(f) => f,
        None => {
            let mut options = std::fs::OpenOptions::new();
            options.append(true).create(true);
            let f = guard::open_nofollow(&mut options, &path).map_err(|e| refused(&path, e))?;
            open.insert(f)
        }
    };
    // One write for all the lines, so they are whole even if the run dies
    // after it (a cut last line would vouch for nothing, and its file is
    // not renamed yet).
    f.write_all(lines.as_bytes())
        .map_err(|e| OutputError::new(&path, e))
}

/// After the manifest is written: its records cover everything.
pub(crate) fn remove(dir: &Path) -> Result<(), OutputError> {
    let path = dir.join(JOURNAL);
    match guard::entry(&path).map_err(|e| OutputError::new(&path, e))? {
        guard::Entry::Missing => Ok(()),
        guard::Entry::File => std::fs::remove_file(&path).map_err(|e| OutputError::new(&path, e)),
        _ => Err(refused(&path, io::Error::other(guard::NOT_FILE))),
    }
}

fn refused(path: &Path, e: io::Error) -> OutputError {
    OutputError::new(path, e)
        .hint("unscramble keeps its journal there; delete what is in its place")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_bad_lines_vouch_for_nothing() {
        let dir = tempfile::tempdir().expect("tmp");
        assert_eq!(read(dir.path()).expect("read"), None);
        let h = crate::pipeline::output::manifest::hash(b"x");
        append_lines(&mut None, dir.path(), &format!("a b.png {h}\n")).expect("append");
        let bad = format!("../x {h}\n/etc/passwd {h}\nc.png nothex\n");
        let path = dir.path().join(JOURNAL);
        let mut text = std::fs::read_to_string(&path).expect("read");
        text.push_str(&bad);
        std::fs::write(&path, text).expect("write");
        let r = read(dir.path()).expect("read").expect("some");
        assert_eq!(r.keys().collect::<Vec<_>>(), ["a b.png"]);
        remove(dir.path()).expect("remove");
        assert!(!path.exists());
    }
}
