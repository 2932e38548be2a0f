//! The output root, before anything is written: not the puzzles folder, not
//! inside a puzzle (usage errors), and a real folder, not a link or a file;
//! and after the puzzles, the run-level files in it.

use super::guard::{self, Entry};
use super::sink::Sink;
use crate::error::{InputError, OutputError};
use crate::fsio::place;
use crate::kind::is_puzzle;
use crate::pipeline::output::manifest::{self, RootManifest};
use crate::present::summary::Summary;
use std::path::{Path, PathBuf};

/// `-o` must not be the puzzles folder, a puzzle's folder or inside one
/// (below the puzzles folder itself, `-o` is allowed and left out of the walk).
pub(crate) fn check_conflicts(puzzles: &Path, out: &Path) -> Result<(), InputError> {
    let Ok(root) = puzzles.canonicalize() else {
        return Ok(()); // discovery says what is wrong with it
    };
    let resolved = resolve(out);
    if resolved == root {
        return Err(
            InputError::new(out, "the output folder is the puzzles folder")
                .hint("pass another folder with -o, e.g. `-o output`"),
        );
    }
    if !resolved.starts_with(&root) {
        return Ok(());
    }
    let mut d = resolved.as_path();
    while d != root {
        let Some(parent) = d.parent() else { break };
        if d.file_name().is_some_and(|n| n == "input") && is_puzzle(parent) {
            return Err(InputError::new(
                out,
                format!(
                    "the output folder is inside the input folder of the puzzle {}",
                    parent.display()
                ),
            )
            .hint("pass a folder outside every puzzle with -o"));
        }
        if is_puzzle(d) {
            let how = if d == resolved { "is" } else { "is inside" };
            return Err(InputError::new(
                out,
                format!("the output folder {how} the puzzle folder {}", d.display()),
            )
            .hint("pass a folder outside every puzzle with -o, e.g. `-o output`"));
        }
        d = parent;
    }
    Ok(())
}

/// The canonical form of the longest existing ancestor, then the rest.
fn resolve(p: &Path) -> PathBuf {
    let abs = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let mut rest = Vec::new();
    let mut cur = abs.as_path();
    loop {
        if let Ok(mut c) = cur.canonicalize() {
            c.extend(rest.iter().rev());
            return c;
        }
        match (cur.parent(), cur.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                cur = parent;
            }
            _ => return abs,
        }
    }
}

/// Makes `out` a real folder (with `check`, only looks: `Ok(false)` if it is
/// missing). A link there is refused: a committed output folder replaced by
/// a link in a pull request must not send the writes elsewhere.
pub(crate) fn prepare(out: &Path, check: bool) -> Result<bool, OutputError> {
    // Every component below the current folder, and the last one even when
    // a trailing `/` would make the system follow it (`-o output/`).
    let link = place::link_on_the_way(out).map_err(|e| OutputError::new(out, e))?;
    if let Some(link) = link.as_ref().filter(|l| !l.last) {
        let hint = "or replace the link by a real folder";
        return Err(OutputError::refuse(out, &link.problem(), hint));
    }
    let last = link.is_some();
    match guard::entry(out).map_err(|e| OutputError::new(out, e))? {
        _ if last => Err(linked_output(out)),
        Entry::Dir => Ok(true),
        Entry::Link => Err(linked_output(out)),
        Entry::File | Entry::Other => Err(OutputError::refuse(
            out,
            "the output folder is a file",
            "pass a folder with -o, or move the file away",
        )),
        Entry::Missing if check => Ok(false),
        Entry::Missing => std::fs::create_dir_all(out).map(|()| true).map_err(|e| {
            OutputError::new(out, e)
                .hint("cannot create the output folder: check that its parent is a writable folder")
        }),
    }
}

/// The refusal of an output folder that is itself a link.
fn linked_output(out: &Path) -> OutputError {
    let target = std::fs::read_link(out.components().as_path())
        .map_or(String::new(), |t| format!(" to {}", t.display()));
    OutputError::refuse(
        out,
        &format!("the output folder is a symbolic link{target}"),
        "pass the link's target with -o instead: the tool never writes through a link",
    )
}

/// `summary.json`, `index.html` and the combined snippet (`all-puzzles.md`),
/// replaced only where the root manifest
/// (or journal) proves the tool wrote them; for an output folder without a
/// root manifest yet (made by an older version), only where they already
/// hold this run's bytes. Returns what changed and what was left alone.
pub(crate) fn write_run_files(
    out: &Path,
    summary: &Summary,
    check: bool,
    (snippet, link_prefix): (Option<&str>, Option<&str>),
) -> Result<(Vec<String>, Vec<String>), OutputError> {
    let recorded = RootManifest::load(out).map_err(|why| {
        OutputError::refuse(
            out.join(guard::ROOT_MANIFEST),
            &format!("not a record unscramble wrote ({why})"),
            "delete it, then run again",
        )
    })?;
    let mut sink = Sink::new(out, check, recorded.as_ref().map(|m| &m.files))?;
    sink.put(
        "summary.json",
        crate::json::to_string(summary, 3).as_bytes(),
    )?;
    let exists = |name: &str, file: &str| {
        std::fs::symlink_metadata(out.join(name).join(file)).is_ok_and(|m| m.is_file())
    };
    sink.put(
        "index.html",
        crate::present::gallery::index_html(summary, &exists).as_bytes(),
    )?;
    if let Some(name) = snippet {
        let md = crate::present::snippet::run_markdown(summary, link_prefix);
        sink.put(name, md.as_bytes()).map_err(|e| {
            // A post's own file where the snippet goes: say how to keep both.
            if e.cause.to_string() == super::sink::NOT_OURS {
                e.hint("move it away or delete it, or name the snippet with --snippet NAME or turn it off with --no-snippet, then run again")
            } else {
                e
            }
        })?;
    }
    // A run killed while writing these leaves its temporary files here.
    sink.sweep()?;
    let record = RootManifest {
        tool: manifest::tool(),
        files: std::mem::take(&mut sink.produced),
    };
    // It only hashes the files above: a change there is a change here.
    let reported = sink.changes.len();
    sink.put_record(guard::ROOT_MANIFEST, record.to_json().as_bytes())?;
    sink.changes.truncate(reported);
    sink.close()?;
    let kept = sink
        .kept
        .iter()
        .map(|n| {
            format!(
                "{}: kept, changed since unscramble wrote it",
                out.join(n).display()
            )
        })
        .collect();
    Ok((sink.changes, kept))
}
