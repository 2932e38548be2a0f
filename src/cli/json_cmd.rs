//! `--json` for the commands that write files (`generate`, `convert`,
//! `draw-tiles`, `animate`): one JSON document on stdout saying what was
//! done, so a script needs no parsing of the "wrote" lines on stderr.
//! `render` prints its run summary and `solve` its `solutions.json` instead;
//! `completions` and `man` print a script and a page, nothing to describe.
//!
//! Every document has `command`, `ok` (exit code 0), `puzzle`, `written` (the
//! files written, as paths) and `errors` (objects with `puzzle`, `file` and
//! `message`, empty on success), plus what the command alone knows.

use crate::cli::term;
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use unscramble::error::{printable, PuzzleError};

/// A failure as the JSON documents carry it: which puzzle, which file (when
/// the error names one), and the whole message as stderr shows it.
pub struct Failure {
    pub file: Option<PathBuf>,
    pub message: String,
}

impl From<PuzzleError> for Failure {
    fn from(e: PuzzleError) -> Self {
        Failure {
            file: Some(e.file().to_path_buf()),
            message: e.to_string(),
        }
    }
}

impl From<unscramble::kind::tiles::input::convert::ConvertError> for Failure {
    fn from(e: unscramble::kind::tiles::input::convert::ConvertError) -> Self {
        Failure {
            file: Some(e.file().to_path_buf()),
            message: e.to_string(),
        }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure {
            file: None,
            message,
        }
    }
}

fn path(p: &Path) -> Value {
    Value::String(printable(&p.display().to_string()).into_owned())
}

/// Prints the document for `command` on `puzzle`: on success `written` and
/// the command's own `fields` (keys come out sorted). `Err` carries the
/// exit code when stdout could not take it (see [`term::print_stdout`]).
#[must_use = "a document that could not be written fails the command"]
pub fn print(
    command: &str,
    puzzle: &Path,
    result: Result<(&[PathBuf], Map<String, Value>), &Failure>,
) -> Result<(), ExitCode> {
    let mut doc = Map::new();
    doc.insert("command".into(), command.into());
    doc.insert("ok".into(), result.is_ok().into());
    doc.insert("puzzle".into(), path(puzzle));
    let (written, fields, errors) = match result {
        Ok((written, fields)) => (written.iter().map(|p| path(p)).collect(), fields, vec![]),
        Err(f) => {
            let error = json!({
                "puzzle": path(puzzle),
                "file": f.file.as_deref().map(path),
                "message": printable(&f.message),
            });
            (vec![], Map::new(), vec![error])
        }
    };
    doc.insert("written".into(), Value::Array(written));
    doc.extend(fields);
    doc.insert("errors".into(), Value::Array(errors));
    term::print_stdout(unscramble::json::to_string(&doc, 2).as_bytes())
}

/// `animate`'s own fields, and the files it wrote (not those it found
/// already holding the same bytes).
pub fn animate_fields(
    r: &unscramble::kind::tiles::animate::Report,
) -> (Vec<PathBuf>, Map<String, Value>) {
    use unscramble::kind::tiles::animate::End;
    use unscramble::pipeline::output::Written;
    let (anim, bytes, anim_written) = &r.animation;
    let (chart, chart_written) = &r.chart;
    let changed = |w: &Written| !matches!(w, Written::Unchanged);
    let written = [(anim, anim_written), (chart, chart_written)]
        .into_iter()
        .filter(|(_, w)| changed(w))
        .map(|(p, _)| p.clone())
        .collect();
    let end = match r.end {
        End::Solved(_) => "solved",
        End::NoSolution => "no-solution",
        End::Stopped => "stopped",
    };
    let fields = json!({
        "end": end,
        "events": r.events,
        "placements": r.places.iter().sum::<u64>(),
        "frames": r.frames,
        "size": r.size,
        "animation": {"file": path(anim), "bytes": bytes, "written": changed(anim_written)},
        "chart": {"file": path(chart), "written": changed(chart_written)},
    });
    match fields {
        Value::Object(m) => (written, m),
        _ => (written, Map::new()),
    }
}
