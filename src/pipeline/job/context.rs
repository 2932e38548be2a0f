//! What a job knows of its puzzle while it runs: the build key, whether
//! the outputs are current, its share of the memory budget, and the output
//! folder it writes through a [`Sink`].

use super::{too_big, Gate};
use crate::error::{OutputError, PuzzleError};
use crate::kind::stop::StoppedBy;
use crate::pipeline::budget::Share;
use crate::pipeline::discover::PuzzleDir;
use crate::pipeline::options::Options;
use crate::pipeline::output::manifest::{self, Manifest};
use crate::pipeline::output::sink::Sink;
use crate::pipeline::output::{guard, journal};
use crate::present::summary::{Action, PuzzleReport};
use std::path::{Path, PathBuf};

/// What every kind of puzzle needs to run.
pub(super) struct Context<'a> {
    pub(super) p: &'a PuzzleDir,
    pub(super) out_root: &'a Path,
    pub(super) options: &'a Options,
    pub(super) gate: &'a Gate<'a>,
    pub(super) out_dir: PathBuf,
    /// The notation file and its bytes (part of the build key).
    pub(super) notation: PathBuf,
    pub(super) bytes: Vec<u8>,
    /// The notation was inferred from the pictures (`render --infer`).
    pub(super) inferred: bool,
}

impl<'a> Context<'a> {
    /// The build key over the notation file and `more` input files.
    pub(super) fn key(&self, more: &[(String, &[u8])]) -> Result<String, PuzzleError> {
        let name = self
            .notation
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut inputs: Vec<(&str, &[u8])> = vec![(&name, &self.bytes)];
        inputs.extend(more.iter().map(|(n, b)| (n.as_str(), *b)));
        manifest::key(&self.options.output, &inputs).map_err(|e| PuzzleError::Bug {
            path: self.notation.clone(),
            what: e.to_string(),
        })
    }

    /// The cached report when the manifest proves the outputs current. A
    /// journal left beside them means a run was killed while writing here:
    /// the puzzle is redone, which sweeps what that run left.
    pub(super) fn up_to_date(&self, key: &str) -> Option<PuzzleReport> {
        if self.options.force {
            return None;
        }
        let dir = guard::real_dir(self.out_root, &self.p.rel, false).ok()??;
        if !journal::read(&dir).is_ok_and(|j| j.is_none()) {
            return None;
        }
        // A search cut short by the timeout is tried again.
        let m = Manifest::load(&dir).ok()?.filter(|m| {
            m.written_for(&self.p.rel)
                && m.key == key
                && m.report.stopped_by != Some(StoppedBy::Timeout)
                && m.outputs_intact(&dir)
        })?;
        Some(PuzzleReport {
            action: Action::UpToDate,
            ..m.report
        })
    }

    /// Waits for `bytes` of the run's memory budget; a puzzle that needs
    /// more than all of it fails, whatever else runs.
    pub(super) fn admit(&self, bytes: u64) -> Result<Share<'a>, PuzzleError> {
        let budget = self.gate.budget;
        if bytes > budget.total() {
            return Err(too_big(&self.p.input_dir(), bytes, budget.total()).into());
        }
        budget
            .take(bytes, &self.options.cancel)
            .ok_or_else(|| PuzzleError::Interrupted(self.p.dir.clone()))
    }

    /// After Ctrl-C a search ends early; its result is not written, and the
    /// puzzle's outputs stay as they were. Polled between boards too, so a
    /// long render stops.
    pub(super) fn interrupted(&self) -> Result<(), PuzzleError> {
        if self.options.cancel.is_cancelled() {
            return Err(PuzzleError::Interrupted(self.p.dir.clone()));
        }
        Ok(())
    }

    /// The puzzle's output folder, made (unless checking) without following
    /// a link, and what its manifest says the tool wrote there.
    pub(super) fn sink(&self) -> Result<Sink, PuzzleError> {
        let check = self.options.check;
        let dir = guard::real_dir(self.out_root, &self.p.rel, !check)?
            .unwrap_or_else(|| self.out_dir.clone());
        let m = Manifest::load(&dir).map_err(|why| {
            OutputError::refuse(
                dir.join(manifest::FILE_NAME),
                &format!("not a manifest unscramble wrote ({why}), so no file here is replaced on its word"),
                "delete it, then run again",
            )
        })?;
        if let Some(m) = m.as_ref().filter(|m| !m.written_for(&self.p.rel)) {
            let theirs = manifest::normalized(&dir.join(m.root.as_deref().unwrap_or("")));
            return Err(OutputError::refuse(
                dir.join(manifest::FILE_NAME),
                &format!("these outputs were written for another output folder ({}), so no file here is replaced on their record", theirs.display()),
                "pass -o a folder that is not inside another output folder, or move this folder away",
            )
            .into());
        }
        Ok(Sink::new(&dir, check, m.as_ref().map(|m| &m.files))?)
    }

    /// Sweeps stale files, writes the manifest last (so an interrupted run
    /// leaves no manifest that vouches for half its files), and says what
    /// this run did.
    pub(super) fn finish(
        &self,
        mut sink: Sink,
        key: String,
        mut report: PuzzleReport,
    ) -> Result<PuzzleReport, PuzzleError> {
        sink.sweep()?;
        let m = Manifest {
            tool: manifest::tool(),
            key,
            source: manifest::relative_path(self.out_root, &self.p.dir),
            root: Some(manifest::root_of(&self.p.rel)),
            files: std::mem::take(&mut sink.produced),
            report: report.clone(),
        };
        let before = sink.changes.len();
        sink.put_record(manifest::FILE_NAME, m.to_json().as_bytes())?;
        // `--check` asks whether the files are what the code renders; a
        // folder whose records were not committed is compared by content,
        // and the run says what the missing records cost (see
        // [`records_missing_warning`]).
        let missing = format!("{} (missing)", manifest::FILE_NAME);
        if self.options.check && sink.changes[before..] == [missing] {
            sink.changes.truncate(before);
            report.records_missing = true;
        }
        sink.close()?;
        // Said this run only: the manifest no longer lists them.
        for name in &sink.kept {
            report.warnings.push(format!(
                "{}: kept, changed since unscramble wrote it (delete it if it is no longer wanted)",
                self.out_dir.join(name).display()
            ));
        }
        report.action = match (self.options.check, sink.changes.is_empty()) {
            (true, true) => Action::UpToDate,
            (true, false) => Action::Stale,
            (false, _) => Action::Rendered,
        };
        if self.options.check {
            report.stale_files = sink.changes;
        }
        Ok(report)
    }
}
