//! Pruning: the outputs of a puzzle whose folder is gone are removed, on the
//! word of its manifest only where that manifest is one the tool could have
//! written for this output folder, and only the files whose bytes are still
//! the recorded ones.
//!
//! The walk stays in the output folder's own tree: it follows no link,
//! stays on one file system, and skips hidden folders (no puzzle's outputs
//! go into one), the puzzles folder (when it lies inside, as with `-o ..`)
//! and every folder that is another output root (it holds a root manifest or
//! a lock: another project's outputs, nested inside this one).

use crate::error::OutputError;
use crate::kind::stop::Cancel;
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

/// What a prune walk needs besides the output folder.
pub(crate) struct Walk<'a> {
    /// This run's output folders, relative to the output root.
    pub keep: &'a BTreeSet<PathBuf>,
    /// The puzzles folder: never entered.
    pub puzzles: &'a Path,
    pub check: bool,
    /// Stops the walk (nothing more is removed).
    pub cancel: &'a Cancel,
}

/// Walks `out` (see the module's rules) and prunes each manifest's folder
/// whose puzzle is gone.
pub(crate) fn prune(out: &Path, walk: &Walk) -> Result<Pruned, OutputError> {
    let mut pruned = Pruned::default();
    let real_out = out.canonicalize().unwrap_or_else(|_| out.to_path_buf());
    let real_puzzles = walk.puzzles.canonicalize().ok();
    let mut entries = walkdir::WalkDir::new(out)
        .min_depth(1)
        .follow_links(false)
        .same_file_system(true)
        .sort_by_file_name()
        .into_iter();
    let mut manifests = Vec::new();
    while let Some(entry) = entries.next() {
        if walk.cancel.is_cancelled() {
            return Ok(pruned);
        }
        let Ok(entry) = entry else { continue };
        let rel = entry.path().strip_prefix(out).unwrap_or(entry.path());
        if entry.file_type().is_dir() {
            let hidden = entry.file_name().to_string_lossy().starts_with('.');
            // Without links on the way, its real path is the root's plus `rel`.
            let puzzles = real_puzzles.as_deref() == Some(&real_out.join(rel));
            if hidden || puzzles || another_root(entry.path()) {
                entries.skip_current_dir();
            }
        } else if entry.depth() >= 2
            && entry.file_name() == manifest::FILE_NAME
            && entry.file_type().is_file()
        {
            manifests.push(entry.path().to_path_buf());
        }
    }
    for path in manifests {
        let Some(dir) = path.parent() else { continue };
        let rel = dir.strip_prefix(out).unwrap_or(dir).to_path_buf();
        if walk.keep.contains(&rel) {
            continue;
        }
        let m = match Manifest::load(dir) {
            Ok(Some(m)) => m,
            Ok(None) => continue,
            Err(why) => {
                pruned.warnings.push(format!(
                    "{}: not a manifest unscramble wrote ({why}); nothing removed there (delete the folder yourself if it is not wanted)",
                    path.display()
                ));
                continue;
            }
        };
        // Written for another output root: its source means nothing here.
        if !m.written_for(&rel) || crate::pipeline::discover::is_puzzle(&out.join(&m.source)) {
            continue;
        }
        prune_folder(out, dir, &rel, &m, walk.check, &mut pruned)?;
    }
    Ok(pruned)
}

/// Is `dir` the root of another output folder (its root manifest, or the
/// lock a first run takes before writing one)?
fn another_root(dir: &Path) -> bool {
    [guard::ROOT_MANIFEST, guard::LOCK]
        .iter()
        .any(|name| guard::entry(&dir.join(name)).is_ok_and(|e| e != guard::Entry::Missing))
}

/// Removes what the manifest in `dir` recorded (where the bytes still
/// match), the manifest, and the folders left empty up to `out`.
fn prune_folder(
    out: &Path,
    dir: &Path,
    rel: &Path,
    m: &Manifest,
    check: bool,
    pruned: &mut Pruned,
) -> Result<(), OutputError> {
    let shown = rel.to_string_lossy().replace('\\', "/");
    pruned.folders.push(shown.clone());
    // A sink that produces nothing: its sweep removes what the manifest
    // (and a journal) recorded, where the bytes still match.
    let mut sink = Sink::new(dir, check, Some(&m.files))?;
    sink.sweep()?;
    // And what `animate` wrote beside the boards, on its own record's word.
    let record = crate::kind::tiles::animate::RECORD;
    let (animated, kept) = crate::fsio::writer::sweep_record(dir, record, check)?;
    sink.removed.extend(animated);
    sink.kept.extend(kept);
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
        return Ok(());
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
    Ok(())
}
