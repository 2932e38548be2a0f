//! Finding puzzle folders: any folder under the root (at any depth) whose
//! `input/` holds a notation file. The walk is sorted, so the batch order,
//! and with it every report, is the same on every machine.

use crate::error::InputError;
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
}

/// Walks `root`, following links (a loop is reported, not followed), skipping
/// hidden folders and `exclude` (the output folder, if it lies inside). With
/// `pictures`, a folder whose `input/` holds tile pictures and no notation
/// file is a puzzle too (`render --infer`).
pub(crate) fn discover_with(
    root: &Path,
    exclude: Option<&Path>,
    pictures: bool,
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
    let exclude = exclude.and_then(|p| p.canonicalize().ok());
    let mut found = Discovery::default();
    let mut walk = WalkDir::new(root)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter();
    while let Some(entry) = walk.next() {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                let path = e.path().unwrap_or(root).to_path_buf();
                // Named after the folder or link that cannot be entered.
                let name = name_of(root, &path);
                let problem = if e.loop_ancestor().is_some() {
                    InputError::new(
                        &path,
                        "the folder links back to one of its parents (a symlink loop)",
                    )
                    .hint("remove or fix the link")
                } else if is_broken_link(&path) {
                    // A link to itself (or a chain of links that loops) fails
                    // like a link to nothing: neither has a folder behind it.
                    InputError::new(
                        &path,
                        "the symbolic link leads nowhere (it is broken, or links to itself)",
                    )
                    .hint("remove or fix the link")
                } else {
                    InputError::new(
                        &path,
                        format!(
                            "cannot look into the folder: {}",
                            e.io_error().map_or(e.to_string(), |io| io.to_string())
                        ),
                    )
                    .hint("check the folder's permissions")
                };
                found.problems.push((name, problem));
                continue;
            }
        };
        if !entry.file_type().is_dir() {
            continue;
        }
        let hidden = entry.depth() > 0 && entry.file_name().to_string_lossy().starts_with('.');
        let excluded = exclude.is_some() && entry.path().canonicalize().ok() == exclude;
        if hidden || excluded {
            walk.skip_current_dir();
            continue;
        }
        if entry.file_name() == "input" && entry.depth() > 0 {
            let parent = entry.path().parent().unwrap_or(root);
            if is_puzzle(parent) || (pictures && crate::prepare::infer::is_picture_puzzle(parent)) {
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
                found.puzzles.push(PuzzleDir { name, rel, dir });
            }
            // Nothing below an input folder is a puzzle.
            walk.skip_current_dir();
        }
    }
    reject_collisions(&mut found);
    Ok(found)
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

#[cfg(test)]
mod tests;
