//! The one writer of the commands that write outside a render (`animate`,
//! `cut`, `infer`, `generate`, `draw-tiles`, `convert`), built on the same
//! [`Folder`] as render's sink: the path is checked for links first (see
//! [`super::place`]), the folder is opened once without following a link,
//! each file goes to an exclusive temporary file with an unpredictable name
//! and is renamed into place, and a link at a file's name is never
//! followed or replaced.
//!
//! A file already there with other bytes is replaced only when the tool can
//! prove it wrote it, or the user said so: with `force` (`--force`), or
//! when the folder's record (`animate`'s `.unscramble-animate.json`) holds
//! the hash of the bytes there.

use super::folder::Folder;
use super::{bad_file_name, bad_hash, hash, read_regular, Written};
use crate::error::OutputError;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// What a command recorded writing in one folder: each name with the
/// hashes of the bytes it wrote there (two while a file is being replaced,
/// so a run killed between the record and the rename still owns the file).
#[derive(serde::Serialize, serde::Deserialize, Default)]
struct Record {
    tool: String,
    files: BTreeMap<String, BTreeSet<String>>,
}

pub(crate) struct Writer {
    dir: PathBuf,
    folder: Folder,
    force: bool,
    /// The record's file name and what it holds, for a writer that keeps one.
    record: Option<(&'static str, Record)>,
    /// The files put, with their hashes, for the final record.
    put: BTreeMap<String, String>,
    /// How to get a refused file out of the way.
    hint: &'static str,
}

const NOT_OURS: &str = "not written by unscramble, or changed since";

impl Writer {
    /// A writer into `dir` (made if missing) that replaces a file it did
    /// not write only with `force`.
    pub(crate) fn open(dir: &Path, force: bool) -> Result<Writer, OutputError> {
        let hint = "pass --force to replace it, or move it away";
        Writer::start(dir, force, None, hint)
    }

    /// A writer into `dir` (made if missing) that replaces only the files
    /// its record `record` (a file in `dir`) says it wrote, unchanged since.
    pub(crate) fn recorded(dir: &Path, record: &'static str) -> Result<Writer, OutputError> {
        let hint = "move it away or delete it, then run again";
        Writer::start(dir, false, Some(record), hint)
    }

    fn start(
        dir: &Path,
        force: bool,
        record: Option<&'static str>,
        hint: &'static str,
    ) -> Result<Writer, OutputError> {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        let link = super::place::link_on_the_way(dir).map_err(|e| OutputError::new(dir, e))?;
        if let Some(link) = link {
            let hint = "or replace the link by a real folder";
            return Err(OutputError::refuse(dir, &link.problem(), hint));
        }
        std::fs::create_dir_all(dir).map_err(|e| OutputError::new(dir, e))?;
        let folder = Folder::open(dir).map_err(|e| OutputError::new(dir, e))?;
        let record = match record {
            Some(name) => Some((name, load(&dir.join(name))?)),
            None => None,
        };
        Ok(Writer {
            dir: dir.to_path_buf(),
            folder,
            force,
            record,
            put: BTreeMap::new(),
            hint,
        })
    }

    /// Where `name` goes.
    pub(crate) fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Writes `bytes` as `name` in the folder, unless it holds them already.
    pub(crate) fn put(&mut self, name: &str, bytes: &[u8]) -> Result<Written, OutputError> {
        let path = self.path(name);
        if let Some(why) = bad_file_name(name) {
            return Err(OutputError::refuse(&path, why, "name the file differently"));
        }
        let old = read_regular(&path).map_err(|e| OutputError::new(&path, e).hint(self.hint))?;
        let new = hash(bytes);
        if let Some(old) = &old {
            if old == bytes {
                self.put.insert(name.to_string(), new);
                return Ok(Written::Unchanged);
            }
            if !self.force && !self.recorded_as(name, &hash(old)) {
                return Err(OutputError::refuse(&path, NOT_OURS, self.hint));
            }
        }
        let temp = self
            .folder
            .write_temp(bytes)
            .map_err(|e| OutputError::new(&path, e))?;
        if let Some((_, record)) = &mut self.record {
            record
                .files
                .entry(name.to_string())
                .or_default()
                .insert(new.clone());
            self.save()?;
        }
        match self.folder.rename(temp, name, old.is_some()) {
            Ok(()) => {}
            // Something came to stand at the name since it was looked at.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                return Err(OutputError::refuse(&path, NOT_OURS, self.hint))
            }
            Err(e) => return Err(OutputError::new(&path, e)),
        }
        self.put.insert(name.to_string(), new);
        Ok(if old.is_some() {
            Written::Changed
        } else {
            Written::Created
        })
    }

    /// Did the record see this folder's `name` written with these bytes?
    fn recorded_as(&self, name: &str, hash: &str) -> bool {
        self.record
            .as_ref()
            .and_then(|(_, r)| r.files.get(name))
            .is_some_and(|hashes| hashes.contains(hash))
    }

    /// Leaves the record holding only the hashes of the bytes now in place.
    pub(crate) fn finish(mut self) -> Result<(), OutputError> {
        let Some((_, record)) = &mut self.record else {
            return Ok(());
        };
        for (name, hash) in &self.put {
            record
                .files
                .insert(name.clone(), BTreeSet::from([hash.clone()]));
        }
        self.save()
    }

    fn save(&mut self) -> Result<(), OutputError> {
        let Some((name, record)) = &mut self.record else {
            return Ok(());
        };
        record.tool = format!("unscramble {}", env!("CARGO_PKG_VERSION"));
        let path = self.dir.join(*name);
        let bytes = crate::json::to_string(record, 3);
        let temp = self
            .folder
            .write_temp(bytes.as_bytes())
            .map_err(|e| OutputError::new(&path, e))?;
        self.folder
            .rename(temp, name, true)
            .map_err(|e| OutputError::new(&path, e))
    }
}

/// Writes one file at `path` as [`Writer::open`] would (in its folder,
/// made if missing), for commands that write a file or two.
pub(crate) fn put_file(path: &Path, bytes: &[u8], force: bool) -> Result<Written, OutputError> {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        let e = std::io::Error::other("is not a file name the tool can write");
        return Err(OutputError::new(path, e).hint("name a file instead"));
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    Writer::open(dir, force)?.put(name, bytes)
}

/// The record at `path`, empty if there is none; one the tool could not
/// have written (it is input like any file) is refused, not trusted.
fn load(path: &Path) -> Result<Record, OutputError> {
    const DELETE: &str = "delete it, then run again";
    let bytes = read_regular(path).map_err(|e| OutputError::new(path, e).hint(DELETE))?;
    let Some(bytes) = bytes else {
        return Ok(Record::default());
    };
    let record: Record = serde_json::from_slice(&bytes).map_err(|e| {
        OutputError::refuse(
            path,
            &format!("not a record unscramble wrote ({e})"),
            DELETE,
        )
    })?;
    for (name, hashes) in &record.files {
        let why = bad_file_name(name).or_else(|| hashes.iter().find_map(|h| bad_hash(h)));
        if let Some(why) = why {
            let problem = format!("not a record unscramble wrote (it lists {name:?}: {why})");
            return Err(OutputError::refuse(path, &problem, DELETE));
        }
    }
    Ok(record)
}

/// Removes the files the record `record` in `dir` vouches for (their bytes
/// unchanged) and then the record: for pruning a puzzle's output folder.
/// Returns the names removed (with `check`: that would be) and those kept.
pub(crate) fn sweep_record(
    dir: &Path,
    record: &str,
    check: bool,
) -> Result<(Vec<String>, Vec<String>), OutputError> {
    let path = dir.join(record);
    let Some(found) = read_regular(&path).ok().flatten() else {
        return Ok((Vec::new(), Vec::new()));
    };
    let Ok(found) = serde_json::from_slice::<Record>(&found) else {
        return Ok((Vec::new(), Vec::new()));
    };
    let (mut removed, mut kept) = (Vec::new(), Vec::new());
    for (name, hashes) in &found.files {
        if bad_file_name(name).is_some() {
            continue;
        }
        let file = dir.join(name);
        match read_regular(&file) {
            Ok(None) => {}
            Ok(Some(bytes)) if hashes.contains(&hash(&bytes)) => {
                if !check {
                    std::fs::remove_file(&file).map_err(|e| OutputError::new(&file, e))?;
                }
                removed.push(name.clone());
            }
            _ => kept.push(name.clone()),
        }
    }
    if !check {
        std::fs::remove_file(&path).map_err(|e| OutputError::new(&path, e))?;
    }
    removed.push(record.to_string());
    Ok((removed, kept))
}

#[cfg(all(test, unix))]
mod tests;
