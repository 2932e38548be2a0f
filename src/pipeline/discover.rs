//! Finding puzzle folders: any folder under the root (at any depth) whose
//! `input/` holds a notation file. The walk is sorted, so the batch order,
//! and with it every report, is the same on every machine.

use crate::error::InputError;
use crate::pipeline::options::Options;
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

/// A puzzle folder found under the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PuzzleDir {
    /// Path relative to the root with `/` separators; the root itself is named
    /// after its last component.
    pub name: String,
    /// Where its outputs go, relative to the output folder.
    pub rel: PathBuf,
    /// The puzzle folder (containing `input/`).
    pub dir: PathBuf,
    /// The canonical puzzles folder its inputs must stay in (`None` with
    /// `--allow-links-out`).
    pub within: Option<PathBuf>,
}

impl PuzzleDir {
    pub(crate) fn input_dir(&self) -> PathBuf {
        self.dir.join("input")
    }
}

pub(crate) use crate::kind::is_puzzle;

/// What the walk found: puzzles, and places it could not look into.
#[derive(Debug, Default)]
pub(crate) struct Discovery {
    pub puzzles: Vec<PuzzleDir>,
    pub problems: Vec<(String, InputError)>,
    /// The run was cancelled during the walk: what was found is partial.
    pub interrupted: bool,
}

/// How far the walk may go. A puzzles folder is a few levels of folders;
/// these bounds only stop a walk that has left any real one (a link to
/// `/proc` with `--allow-links-out`, a generated tree) before it fills memory.
const MAX_DEPTH: usize = 64;
const MAX_ENTRIES: u64 = 1_000_000;

/// Walks `root`, following links that stay inside it (a loop is reported,
/// not followed; a link out of it is reported and not followed unless
/// `options.allow_links_out`), skipping hidden folders and `exclude` (the
/// output folder, if it lies inside). With `options.infer`, a folder whose
/// `input/` holds tile pictures and no notation file is a puzzle too. The
/// walk stops when `options.cancel` is tripped (`interrupted` then says so).
pub(crate) fn discover_with(
    root: &Path,
    exclude: Option<&Path>,
    options: &Options,
) -> Result<Discovery, InputError> {
    let meta = std::fs::metadata(root).map_err(|e| {
        InputError::new(root, format!("cannot open the puzzles folder: {e}"))
            .hint("pass the folder that holds your puzzles, e.g. `unscramble render puzzles`")
    })?;
    if !meta.is_dir() {
        return Err(
            InputError::new(root, "not a folder").hint("pass the folder that holds your puzzles")
        );
    }
    let real_root = root.canonicalize().map_err(|e| {
        InputError::new(root, format!("cannot open the puzzles folder: {e}"))
            .hint("pass the folder that holds your puzzles")
    })?;
    let exclude = exclude.and_then(|p| p.canonicalize().ok());
    let mut found = Discovery::default();
    let mut walk = WalkDir::new(root)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter();
    let mut seen = 0u64;
    while let Some(entry) = walk.next() {
        if options.cancel.is_cancelled() {
            found.interrupted = true;
            break;
        }
        seen += 1;
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                let path = e.path().unwrap_or(root).to_path_buf();
                found
                    .problems
                    .push((name_of(root, &path), walk_error(&path, &e)));
                continue;
            }
        };
        if !entry.file_type().is_dir() {
            continue;
        }
        let too_far = if seen > MAX_ENTRIES {
            Some(format!("the walk stopped after {MAX_ENTRIES} entries"))
        } else if entry.depth() > MAX_DEPTH {
            Some(format!("the folder is more than {MAX_DEPTH} levels deep"))
        } else {
            None
        };
        if let Some(why) = too_far {
            let e = InputError::new(entry.path(), format!("{why}: this is not a puzzles folder"))
                .hint("pass the folder that holds your puzzles, or remove the link that leads into a larger tree");
            found.problems.push((name_of(root, entry.path()), e));
            if seen > MAX_ENTRIES {
                break;
            }
            walk.skip_current_dir();
            continue;
        }
        if entry.path_is_symlink() && !options.allow_links_out {
            if let Some(e) = links::out_of_root(entry.path(), &real_root) {
                found.problems.push((name_of(root, entry.path()), e));
                walk.skip_current_dir();
                continue;
            }
        }
        let hidden = entry.depth() > 0 && entry.file_name().to_string_lossy().starts_with('.');
        let excluded = exclude.is_some() && entry.path().canonicalize().ok() == exclude;
        if hidden || excluded {
            walk.skip_current_dir();
            continue;
        }
        if entry.file_name() == "input" && entry.depth() > 0 {
            let parent = entry.path().parent().unwrap_or(root);
            if is_puzzle(parent)
                || (options.infer && crate::prepare::infer::is_picture_puzzle(parent))
            {
                let dir = entry.path().parent().unwrap_or(root).to_path_buf();
                let rel = dir
                    .strip_prefix(root)
                    .unwrap_or(Path::new(""))
                    .to_path_buf();
                let name = name_of(root, &dir);
                if let Some(problem) = non_utf8(root, &rel) {
                    found.problems.push((name, problem));
                    walk.skip_current_dir();
                    continue;
                }
                let rel = if rel.as_os_str().is_empty() {
                    PathBuf::from(&name)
                } else {
                    rel
                };
                let within = (!options.allow_links_out).then(|| real_root.clone());
                found.puzzles.push(PuzzleDir {
                    name,
                    rel,
                    dir,
                    within,
                });
            }
            // Nothing below an input folder is a puzzle.
            walk.skip_current_dir();
        }
    }
    reject_collisions(&mut found);
    Ok(found)
}

/// What a folder or link the walk cannot enter becomes: a problem named
/// after it.
fn walk_error(path: &Path, e: &walkdir::Error) -> InputError {
    if e.loop_ancestor().is_some() {
        InputError::new(
            path,
            "the folder links back to one of its parents (a symlink loop)",
        )
        .hint("remove or fix the link")
    } else if is_broken_link(path) {
        // A link to itself (or a chain of links that loops) fails
        // like a link to nothing: neither has a folder behind it.
        InputError::new(
            path,
            "the symbolic link leads nowhere (it is broken, or links to itself)",
        )
        .hint("remove or fix the link")
    } else {
        InputError::new(
            path,
            format!(
                "cannot look into the folder: {}",
                e.io_error().map_or(e.to_string(), |io| io.to_string())
            ),
        )
        .hint("check the folder's permissions")
    }
}

/// Two puzzles whose outputs would share a folder (a puzzles folder that is
/// itself a puzzle, named after itself, holding a child of the same name),
/// or a puzzle whose folder would take a name the run writes in the output
/// root: each such puzzle fails, naming the other folder.
fn reject_collisions(found: &mut Discovery) {
    let mut by_rel: std::collections::BTreeMap<PathBuf, Vec<PathBuf>> = Default::default();
    for p in &found.puzzles {
        by_rel.entry(p.rel.clone()).or_default().push(p.dir.clone());
    }
    let mut kept = Vec::new();
    for p in std::mem::take(&mut found.puzzles) {
        let first = p
            .rel
            .components()
            .next()
            .map(|c| c.as_os_str().to_string_lossy().into_owned());
        let reserved = first.as_deref().is_some_and(|f| {
            f.starts_with('.') || crate::pipeline::output::guard::ROOT_FILES.contains(&f)
        });
        let others: Vec<String> = by_rel[&p.rel]
            .iter()
            .filter(|d| **d != p.dir)
            .map(|d| d.display().to_string())
            .collect();
        let problem = if reserved {
            InputError::new(
                &p.dir,
                format!("its outputs would go to '{}', a name the run keeps for its own files in the output folder", p.rel.display()),
            )
            .hint("rename the puzzle folder")
        } else if !others.is_empty() {
            InputError::new(
                &p.dir,
                format!(
                    "its outputs would go to the same output folder '{}' as those of the puzzle {}",
                    p.rel.display(),
                    others.join(", ")
                ),
            )
            .hint("rename one of the two folders")
        } else {
            kept.push(p);
            continue;
        };
        found.problems.push((p.name.clone(), problem));
    }
    found.puzzles = kept;
}

/// The first folder on the way from `root` to a puzzle (`rel` below it, or
/// the root itself when `rel` is empty) whose name is not UTF-8, as an
/// error. Such a name has no faithful text form: shown with `\u{FFFD}`, two
/// names look alike and the gallery's links point nowhere, so the puzzle is
/// refused with the name's bytes and a hint to rename it.
fn non_utf8(root: &Path, rel: &Path) -> Option<InputError> {
    let mut path = root.to_path_buf();
    let mut candidates = Vec::new();
    if rel.as_os_str().is_empty() {
        let abs = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        candidates.push((root.to_path_buf(), abs.file_name()?.to_os_string()));
    }
    for c in rel.components() {
        path.push(c);
        candidates.push((path.clone(), c.as_os_str().to_os_string()));
    }
    let (path, name) = candidates.into_iter().find(|(_, n)| n.to_str().is_none())?;
    Some(
        InputError::new(
            &path,
            format!(
                "the folder's name is not UTF-8 text (its bytes: {})",
                escaped_bytes(&name)
            ),
        )
        .hint("rename the folder using UTF-8 characters; its outputs and gallery links need a name that is text"),
    )
}

/// A name that is not UTF-8 with its valid parts as text and every other
/// byte as `\xNN`, so the message shows exactly what is on disk.
fn escaped_bytes(name: &std::ffi::OsStr) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let mut out = String::new();
        for chunk in name.as_bytes().utf8_chunks() {
            out.push_str(chunk.valid());
            for b in chunk.invalid() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        }
        out
    }
    #[cfg(not(unix))]
    {
        name.to_string_lossy().into_owned()
    }
}

/// Is `path` a symbolic link that cannot be followed?
fn is_broken_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
        && std::fs::metadata(path).is_err()
}

/// A puzzle's display name: its path below the root with `/` separators.
fn name_of(root: &Path, dir: &Path) -> String {
    let rel = dir.strip_prefix(root).unwrap_or(dir);
    if rel.as_os_str().is_empty() {
        let abs = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        return abs.file_name().map_or_else(
            || "puzzle".to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
    }
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

pub(crate) mod links;

#[cfg(test)]
mod tests;
