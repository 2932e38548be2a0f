//! Where a puzzle's outputs go: to disk, or with `--check` only compared with
//! what is on disk. Both modes run the same code up to the last byte, so a
//! check reports exactly the files a render would change.

use super::{is_board_file, write_if_changed, Written, TMP_MARK};
use crate::error::OutputError;
use crate::manifest;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

pub struct Sink {
    dir: PathBuf,
    check: bool,
    /// Every file produced, with the blake3 of its bytes (the manifest's list).
    pub produced: BTreeMap<String, String>,
    /// Files created, changed or removed (with `--check`: that would be).
    pub changes: Vec<String>,
}

impl Sink {
    pub fn new(dir: &Path, check: bool) -> Result<Sink, OutputError> {
        if !check {
            fs::create_dir_all(dir).map_err(|e| OutputError::new(dir, e))?;
        }
        Ok(Sink {
            dir: dir.to_path_buf(),
            check,
            produced: BTreeMap::new(),
            changes: Vec::new(),
        })
    }

    /// Writes (or checks) one output file that the manifest lists.
    pub fn put(&mut self, name: &str, bytes: &[u8]) -> Result<(), OutputError> {
        self.produced
            .insert(name.to_string(), manifest::hash(bytes));
        self.put_unlisted(name, bytes)
    }

    /// Writes (or checks) a file the manifest does not list (the manifest itself).
    pub fn put_unlisted(&mut self, name: &str, bytes: &[u8]) -> Result<(), OutputError> {
        let path = self.dir.join(name);
        if self.check {
            match fs::read(&path) {
                Ok(old) if old == bytes => {}
                Ok(_) => self.changes.push(format!("{name} (differs)")),
                Err(_) => self.changes.push(format!("{name} (missing)")),
            }
            return Ok(());
        }
        match write_if_changed(&path, bytes).map_err(|e| OutputError::new(&path, e))? {
            Written::Unchanged => {}
            Written::Created | Written::Changed => self.changes.push(name.to_string()),
        }
        Ok(())
    }

    /// Removes (or lists) per-solution files this run did not produce, and
    /// temporary files an interrupted run left. Touches nothing else.
    pub fn sweep(&mut self) -> Result<(), OutputError> {
        self.remove_where(|name, produced| {
            is_board_file(name) && !produced.contains_key(name) || is_temporary(name)
        })
    }

    /// Removes (or lists) only the temporary files an interrupted run left:
    /// for the output root, where `summary.json` and `index.html` are written
    /// and no other file is ours to remove.
    pub fn sweep_temporaries(&mut self) -> Result<(), OutputError> {
        self.remove_where(|name, _| is_temporary(name))
    }

    fn remove_where(
        &mut self,
        doomed: impl Fn(&str, &BTreeMap<String, String>) -> bool,
    ) -> Result<(), OutputError> {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return Ok(());
        };
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .filter_map(|e| e.file_name().into_string().ok())
            .collect();
        names.sort();
        for name in names {
            if !doomed(&name, &self.produced) {
                continue;
            }
            if self.check {
                self.changes.push(format!("{name} (would be removed)"));
            } else {
                let path = self.dir.join(&name);
                fs::remove_file(&path).map_err(|e| OutputError::new(&path, e))?;
                self.changes.push(format!("{name} (removed)"));
            }
        }
        Ok(())
    }
}

/// Is `name` one of our temporary files (see [`super::write_if_changed`])?
fn is_temporary(name: &str) -> bool {
    name.starts_with('.') && name.ends_with(TMP_MARK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_mode_lists_what_write_mode_would_change_and_writes_nothing() {
        let dir = tempfile::tempdir().expect("tmp");
        let d = dir.path();
        fs::write(d.join("same.txt"), b"same").expect("write");
        fs::write(d.join("old.txt"), b"old").expect("write");
        fs::write(d.join("solution-9.png"), b"stale").expect("write");
        fs::write(d.join("notes.md"), b"mine").expect("write");
        let mut check = Sink::new(d, true).expect("sink");
        for (name, bytes) in [
            ("same.txt", &b"same"[..]),
            ("old.txt", b"new"),
            ("solution-1.png", b"1"),
        ] {
            check.put(name, bytes).expect("put");
        }
        check.sweep().expect("sweep");
        assert_eq!(
            check.changes,
            [
                "old.txt (differs)",
                "solution-1.png (missing)",
                "solution-9.png (would be removed)"
            ]
        );
        assert_eq!(
            fs::read(d.join("old.txt")).expect("read"),
            b"old",
            "check writes nothing"
        );
        assert!(d.join("solution-9.png").exists());

        let mut write = Sink::new(d, false).expect("sink");
        for (name, bytes) in [
            ("same.txt", &b"same"[..]),
            ("old.txt", b"new"),
            ("solution-1.png", b"1"),
        ] {
            write.put(name, bytes).expect("put");
        }
        write.sweep().expect("sweep");
        assert_eq!(
            write.changes,
            ["old.txt", "solution-1.png", "solution-9.png (removed)"]
        );
        assert_eq!(write.produced.len(), 3);
        assert!(!d.join("solution-9.png").exists() && d.join("notes.md").exists());
    }

    #[test]
    fn the_root_sweep_removes_only_temporary_files() {
        let dir = tempfile::tempdir().expect("tmp");
        let d = dir.path();
        let tmp = format!(".summary.json.4242{TMP_MARK}");
        for name in [tmp.as_str(), "solution-1.png", "notes.md"] {
            fs::write(d.join(name), b"x").expect("write");
        }
        let mut sink = Sink::new(d, false).expect("sink");
        sink.sweep_temporaries().expect("sweep");
        assert_eq!(sink.changes, [format!("{tmp} (removed)")]);
        assert!(d.join("solution-1.png").exists() && d.join("notes.md").exists());
    }
}
