//! Pruning: the outputs of a puzzle whose folder is gone are removed, on the
//! word of its manifest only where that manifest is one the tool could have
//! written, and only the files whose bytes are still the recorded ones.

use crate::error::OutputError;
use crate::pipeline::output::manifest::{self, Manifest};
use crate::pipeline::output::{guard, journal, sink::Sink};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

#[derive(Debug, Default)]
pub(crate) struct Pruned {
    /// Output folders of puzzles that are gone.
    pub folders: Vec<String>,
    /// Every file removed (with `--check`: that would be), below the output folder.
    pub files: Vec<String>,
    /// What was left alone, and why.
    pub warnings: Vec<String>,
}

/// Walks `out` without following links; `keep` are this run's output folders.
pub(crate) fn prune(
    out: &Path,
    keep: &BTreeSet<PathBuf>,
    check: bool,
) -> Result<Pruned, OutputError> {
    let mut pruned = Pruned::default();
    let walk = walkdir::WalkDir::new(out)
        .min_depth(2)
        .follow_links(false)
        .sort_by_file_name();
    for entry in walk.into_iter().filter_map(Result::ok) {
        if entry.file_name() != manifest::FILE_NAME || !entry.file_type().is_file() {
            continue;
        }
        let Some(dir) = entry.path().parent() else {
            continue;
        };
        let rel = dir.strip_prefix(out).unwrap_or(dir).to_path_buf();
        if keep.contains(&rel) {
            continue;
        }
        let m = match Manifest::load(dir) {
            Ok(Some(m)) => m,
            Ok(None) => continue,
            Err(why) => {
                pruned.warnings.push(format!(
                    "{}: not a manifest unscramble wrote ({why}); nothing removed there (delete the folder yourself if it is not wanted)",
                    entry.path().display()
                ));
                continue;
            }
        };
        if crate::pipeline::discover::is_puzzle(&out.join(&m.source)) {
            continue;
        }
        let shown = rel.to_string_lossy().replace('\\', "/");
        pruned.folders.push(shown.clone());
        // A sink that produces nothing: its sweep removes what the manifest
        // (and a journal) recorded, where the bytes still match.
        let mut sink = Sink::new(dir, check, Some(&m.files))?;
        sink.sweep()?;
        for name in &sink.kept {
            pruned.warnings.push(format!(
                "{}: kept, changed since unscramble wrote it (delete it if it is no longer wanted)",
                dir.join(name).display()
            ));
        }
        let mut removed = sink.removed;
        removed.push(manifest::FILE_NAME.to_string());
        pruned
            .files
            .extend(removed.iter().map(|n| format!("{shown}/{n}")));
        if check {
            continue;
        }
        let path = dir.join(manifest::FILE_NAME);
        std::fs::remove_file(&path).map_err(|e| OutputError::new(&path, e))?;
        journal::remove(dir)?;
        // Folders left empty, up to the output folder; a folder with anything
        // else stays (and a link is not a folder: `remove_dir` refuses it).
        let mut d = Some(dir);
        while let Some(x) = d.filter(|x| *x != out && x.starts_with(out)) {
            if guard::entry(x).ok() != Some(guard::Entry::Dir) || std::fs::remove_dir(x).is_err() {
                break;
            }
            d = x.parent();
        }
    }
    Ok(pruned)
}
