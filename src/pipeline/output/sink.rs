//! Where a puzzle's outputs go: to disk, or with `--check` only compared with
//! what is on disk. Both modes run the same code up to the last byte, so a
//! check reports exactly the files a render would change.
//!
//! A file is replaced or removed only when the tool can prove it wrote it:
//! its name is in the folder's manifest or journal and its bytes still hash
//! to what was recorded. Anything else is the user's and is left alone.

use super::folder::{Folder, Temp};
use super::guard::{self, Entry};
use super::journal::{self, Records};
use crate::error::OutputError;
use crate::pipeline::output::manifest;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

pub(crate) struct Sink {
    dir: PathBuf,
    check: bool,
    /// What earlier runs wrote here: the manifest's files and the journal's.
    records: Records,
    /// A manifest or a journal vouches that the tool writes in this folder.
    owned: bool,
    /// Every file produced, with the blake3 of its bytes (the manifest's list).
    pub produced: BTreeMap<String, String>,
    /// Files created, changed or removed (with `--check`: that would be).
    pub changes: Vec<String>,
    /// Files an earlier run wrote that this run no longer makes, kept because
    /// they changed since.
    pub kept: Vec<String>,
    /// Files removed (with `--check`: that would be).
    pub removed: Vec<String>,
    /// The journal, once opened.
    journal: Option<std::fs::File>,
    /// The folder, once opened for writing.
    folder: Option<Folder>,
    /// Written temporary files waiting for [`Sink::commit`].
    pending: Vec<Pending>,
}

/// A file written to a temporary name, to be renamed to `name`.
struct Pending {
    name: String,
    temp: Temp,
    /// The hash the journal records (files the manifest lists).
    hash: Option<String>,
    /// Replace what is at `name` (it was read and may be replaced); otherwise
    /// the name is expected free, and only the rename finds out.
    replace: bool,
}

pub(crate) const NOT_OURS: &str = "not written by unscramble, or changed since";
const MOVE_IT: &str = "move it away or delete it, then run again";
/// The hint where the folder has no records at all: most often they were
/// left out of a commit, and the file is the tool's after all.
const NO_RECORDS: &str = "move it away or delete it, then run again; this folder has no .unscramble-*.json \
records, so nothing proves the tool wrote it (if they were left out of a commit, commit them after the run)";

impl Sink {
    /// `dir` is a real folder below the output root (see [`guard::real_dir`];
    /// with `--check` it may be missing); `recorded` the files its manifest
    /// lists, if it has a manifest (validated by the caller).
    pub(crate) fn new(
        dir: &Path,
        check: bool,
        recorded: Option<&BTreeMap<String, String>>,
    ) -> Result<Sink, OutputError> {
        let journal = journal::read(dir)?;
        let owned = recorded.is_some() || journal.is_some();
        let mut records = journal.unwrap_or_default();
        for (name, hash) in recorded.into_iter().flatten() {
            records
                .entry(name.clone())
                .or_default()
                .insert(hash.clone());
        }
        Ok(Sink {
            dir: dir.to_path_buf(),
            check,
            records,
            owned,
            produced: BTreeMap::new(),
            changes: Vec::new(),
            kept: Vec::new(),
            removed: Vec::new(),
            journal: None,
            folder: None,
            pending: Vec::new(),
        })
    }

    /// What to do about a file the tool cannot prove it wrote.
    fn hint(&self) -> &'static str {
        if self.owned {
            MOVE_IT
        } else {
            NO_RECORDS
        }
    }

    /// Did an earlier run of the tool write `old` as `name` here?
    fn ours(&self, name: &str, old: &[u8]) -> bool {
        self.records
            .get(name)
            .is_some_and(|hashes| hashes.contains(&manifest::hash(old)))
    }

    /// Writes (or checks) one output file that the manifest lists. A file of
    /// the same name that the tool cannot prove it wrote fails the puzzle.
    pub(crate) fn put(&mut self, name: &str, bytes: &[u8]) -> Result<(), OutputError> {
        self.stage(name, bytes)?;
        self.commit()
    }

    /// As [`Sink::put`], but the file reaches its name only at the next
    /// [`Sink::commit`]: a batch of files then costs one journal write.
    pub(crate) fn stage(&mut self, name: &str, bytes: &[u8]) -> Result<(), OutputError> {
        let hash = manifest::hash(bytes);
        self.produced.insert(name.to_string(), hash.clone());
        self.write(name, bytes, Some(hash))
    }

    /// Writes (or checks) the folder's record (its manifest), which the
    /// caller has read and validated, so it may be replaced.
    pub(crate) fn put_record(&mut self, name: &str, bytes: &[u8]) -> Result<(), OutputError> {
        self.write(name, bytes, None)?;
        self.commit()
    }

    /// `journal`: the hash to record before renaming (files the manifest lists).
    ///
    /// A name no earlier run recorded here should be free (always so in a
    /// folder this run made): it is not looked at or read back first; the
    /// rename refuses to replace whatever is there, and only then is that
    /// compared (see [`Sink::commit`]).
    fn write(
        &mut self,
        name: &str,
        bytes: &[u8],
        journal: Option<String>,
    ) -> Result<(), OutputError> {
        let path = self.dir.join(name);
        let free = !self.check && journal.is_some() && !self.records.contains_key(name);
        if !free {
            let old =
                guard::read_regular(&path).map_err(|e| OutputError::new(&path, e).hint(MOVE_IT))?;
            match &old {
                Some(old) if old == bytes => return Ok(()),
                Some(old) if journal.is_some() && !self.ours(name, old) => {
                    return Err(OutputError::refuse(&path, NOT_OURS, self.hint()))
                }
                _ => {}
            }
            if self.check {
                let how = if old.is_some() { "differs" } else { "missing" };
                self.changes.push(format!("{name} ({how})"));
                return Ok(());
            }
        }
        // The journal exists before the first temporary file does: a run
        // killed between the two leaves a journal, so the next run redoes
        // this folder and sweeps what was left.
        if self.journal.is_none() {
            journal::append_lines(&mut self.journal, &self.dir, "")?;
        }
        let folder = match &mut self.folder {
            Some(f) => f,
            None => self
                .folder
                .insert(Folder::open(&self.dir).map_err(|e| OutputError::new(&self.dir, e))?),
        };
        let temp = folder
            .write_temp(bytes)
            .map_err(|e| OutputError::new(&path, e))?;
        self.pending.push(Pending {
            name: name.to_string(),
            temp,
            hash: journal,
            replace: !free,
        });
        Ok(())
    }

    /// Puts the staged files in place: their journal lines in one write,
    /// then a rename each. A staged name found taken (by something no record
    /// names) is left alone if it holds the same bytes, and fails the puzzle
    /// otherwise; the temporary files not renamed are removed.
    pub(crate) fn commit(&mut self) -> Result<(), OutputError> {
        let lines: String = self
            .pending
            .iter()
            .filter_map(|p| Some(format!("{} {}\n", p.name, p.hash.as_ref()?)))
            .collect();
        if !lines.is_empty() {
            journal::append_lines(&mut self.journal, &self.dir, &lines)?;
        }
        let Some(folder) = &self.folder else {
            return Ok(());
        };
        for p in std::mem::take(&mut self.pending) {
            let path = self.dir.join(&p.name);
            match folder.rename(p.temp, &p.name, p.replace) {
                Ok(()) => self.changes.push(p.name),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && !p.replace => {
                    let old = guard::read_regular(&path)
                        .map_err(|e| OutputError::new(&path, e).hint(MOVE_IT))?;
                    if old.is_none_or(|old| Some(manifest::hash(&old)) != p.hash) {
                        return Err(OutputError::refuse(&path, NOT_OURS, self.hint()));
                    }
                }
                Err(e) => return Err(OutputError::new(&path, e)),
            }
        }
        Ok(())
    }

    /// Removes (or lists) the files an earlier run recorded that this run did
    /// not produce, if their bytes are still the recorded ones, and the
    /// temporary files a killed run left. Touches nothing else.
    pub(crate) fn sweep(&mut self) -> Result<(), OutputError> {
        let stale: Vec<String> = self
            .records
            .keys()
            .filter(|n| !self.produced.contains_key(*n))
            .cloned()
            .collect();
        for name in stale {
            let path = self.dir.join(&name);
            match guard::read_regular(&path) {
                Ok(None) => {}
                Ok(Some(old)) if self.ours(&name, &old) => self.remove(&name)?,
                // Changed since, or a link or folder in its place: not ours.
                _ => {
                    self.kept.push(name.clone());
                    self.changes
                        .push(format!("{name} (kept: changed since unscramble wrote it)"));
                }
            }
        }
        if !self.owned {
            return Ok(());
        }
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return Ok(());
        };
        let mut temporaries: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| guard::is_temporary(n))
            .filter(|n| guard::entry(&self.dir.join(n)).is_ok_and(|e| e == Entry::File))
            .collect();
        temporaries.sort();
        for name in temporaries {
            self.remove(&name)?;
        }
        Ok(())
    }

    fn remove(&mut self, name: &str) -> Result<(), OutputError> {
        self.removed.push(name.to_string());
        if self.check {
            self.changes.push(format!("{name} (would be removed)"));
        } else {
            let path = self.dir.join(name);
            fs::remove_file(&path).map_err(|e| OutputError::new(&path, e))?;
            self.changes.push(format!("{name} (removed)"));
        }
        Ok(())
    }

    /// After the manifest is written it vouches for every file: the journal goes.
    pub(crate) fn close(&mut self) -> Result<(), OutputError> {
        if self.check {
            return Ok(());
        }
        self.journal = None;
        journal::remove(&self.dir)
    }
}

#[cfg(test)]
mod tests;
