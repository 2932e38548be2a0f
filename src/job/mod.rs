//! One puzzle, start to end: read → (skip if up to date) → solve → render →
//! write, for each kind of puzzle ([`tiles`], [`domino`]) with the same
//! manifest, sink and report. Every failure, a panic included, becomes the
//! puzzle's `error` report; the rest of the batch goes on.

mod domino;
mod pixels;
mod tiles;

pub use pixels::MAX_PIXELS;

use crate::batch::Options;
use crate::discover::PuzzleDir;
use crate::error::{InputError, OutputError, PuzzleError};
use crate::input::file;
use crate::manifest::{self, Manifest};
use crate::output::sink::Sink;
use crate::output::{guard, journal};
use crate::summary::{Action, PuzzleReport};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Runs one puzzle into `out_root/<its name>`.
pub fn run(p: &PuzzleDir, out_root: &Path, options: &Options) -> PuzzleReport {
    let start = Instant::now();
    let result = std::panic::catch_unwind(|| process(p, out_root, options));
    let mut report = match result {
        Ok(Ok(report)) => report,
        Ok(Err((e, warnings))) => PuzzleReport::failed(&p.name, e.to_string(), warnings),
        Err(_) => PuzzleReport::failed(
            &p.name,
            format!(
                "{}: internal error while solving or rendering (a bug in unscramble; please report it with this puzzle)",
                p.dir.display()
            ),
            Vec::new(),
        ),
    };
    report.elapsed = start.elapsed();
    report
}

type Failure = (PuzzleError, Vec<String>);

fn process(p: &PuzzleDir, out_root: &Path, options: &Options) -> Result<PuzzleReport, Failure> {
    let notation =
        crate::input::notation_file(&p.input_dir()).map_err(|e| (e.into(), Vec::new()))?;
    let bytes =
        file::read_capped(&notation, file::NOTATION_CAP).map_err(|e| (e.into(), Vec::new()))?;
    let ctx = Context {
        p,
        out_root,
        options,
        deadline: options.timeout.map(|t| Instant::now() + t),
        out_dir: out_root.join(&p.rel),
        notation,
        bytes,
    };
    if ctx
        .notation
        .file_name()
        .is_some_and(|n| n == crate::domino::FILE_NAME)
    {
        domino::process(&ctx)
    } else {
        tiles::process(&ctx)
    }
}

/// What every kind of puzzle needs to run.
struct Context<'a> {
    p: &'a PuzzleDir,
    out_root: &'a Path,
    options: &'a Options,
    /// When `--timeout` runs out: one timer for the whole puzzle, so every
    /// search after the first gets only the time left.
    deadline: Option<Instant>,
    out_dir: PathBuf,
    /// The notation file and its bytes (part of the build key).
    notation: PathBuf,
    bytes: Vec<u8>,
}

impl Context<'_> {
    /// The build key over the notation file and `more` input files.
    fn key(&self, more: &[(String, &[u8])]) -> String {
        let name = self
            .notation
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut inputs: Vec<(&str, &[u8])> = vec![(&name, &self.bytes)];
        inputs.extend(more.iter().map(|(n, b)| (n.as_str(), *b)));
        manifest::key(&self.options.output, &inputs)
    }

    /// The cached report when the manifest proves the outputs current. A
    /// journal left beside them means a run was killed while writing here:
    /// the puzzle is redone, which sweeps what that run left.
    fn up_to_date(&self, key: &str) -> Option<PuzzleReport> {
        if self.options.force {
            return None;
        }
        let dir = guard::real_dir(self.out_root, &self.p.rel, false).ok()??;
        if !journal::read(&dir).is_ok_and(|j| j.is_none()) {
            return None;
        }
        // A search cut short by the timeout is tried again.
        let m = Manifest::load(&dir).ok()?.filter(|m| {
            m.key == key
                && m.report.stopped_by.as_deref() != Some("timeout")
                && m.outputs_intact(&dir)
        })?;
        Some(PuzzleReport {
            action: Action::UpToDate,
            ..m.report
        })
    }

    /// After Ctrl-C a search ends early; its result is not written, and the
    /// puzzle's outputs stay as they were. Polled between boards too, so a
    /// long render stops.
    fn interrupted(&self) -> Result<(), PuzzleError> {
        if self
            .options
            .cancel
            .load(std::sync::atomic::Ordering::Relaxed)
        {
            let e = InputError::new(&self.p.dir, "interrupted before its outputs were written")
                .hint("run again");
            return Err(e.into());
        }
        Ok(())
    }

    /// What is left of `--timeout` (zero once it has run out).
    fn time_left(&self) -> Option<std::time::Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }
    /// The puzzle's output folder, made (unless checking) without following
    /// a link, and what its manifest says the tool wrote there.
    fn sink(&self) -> Result<Sink, PuzzleError> {
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
        Ok(Sink::new(&dir, check, m.as_ref().map(|m| &m.files))?)
    }

    /// Sweeps stale files, writes the manifest last (so an interrupted run
    /// leaves no manifest that vouches for half its files), and says what
    /// this run did.
    fn finish(
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
            files: std::mem::take(&mut sink.produced),
            report: report.clone(),
        };
        sink.put_record(manifest::FILE_NAME, m.to_json().as_bytes())?;
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

/// What a kind of puzzle gives the shared writer: its boards and texts.
trait Boards {
    fn unsolved(&mut self) -> &image::RgbImage;
    /// Solution `k` (numbered from 1): its text file and its board.
    fn solution(&mut self, k: usize) -> (String, &image::RgbImage);
    /// Closest board `k` of a puzzle without a solution, its unmatched
    /// edges marked; only kinds that search for them have any.
    fn closest(&mut self, _k: usize) -> Option<(String, &image::RgbImage)> {
        None
    }
}

/// Writes a puzzle's files the same way for every kind: `unsolved.png`,
/// `solution-<k>.png` and `.txt` for each rendered `k`, likewise
/// `closest-<k>`, each board's `thumb-` for the gallery, `solutions.json`
/// and `index.md`; one PNG buffer serves every board.
fn write_boards(
    ctx: &Context,
    sink: &mut Sink,
    effort: crate::render::PngEffort,
    boards: &mut impl Boards,
    solutions_json: String,
    report: &mut PuzzleReport,
) -> Result<(), PuzzleError> {
    let mut png = Vec::new();
    let unsolved = boards.unsolved();
    report.image_size = Some([unsolved.width(), unsolved.height()]);
    crate::render::encode_png(unsolved, effort, &mut png).map_err(encode_err)?;
    sink.put("unsolved.png", &png)?;
    put_thumb(sink, &mut png, effort, "unsolved.png", unsolved)?;
    for &k in &report.rendered {
        ctx.interrupted()?;
        let (text, board) = boards.solution(k);
        put_board(
            sink,
            &mut png,
            effort,
            &format!("solution-{k}"),
            &text,
            board,
        )?;
    }
    let closest = report.closest.as_ref().map_or(&[][..], |c| &c.rendered);
    for &k in closest {
        ctx.interrupted()?;
        if let Some((text, board)) = boards.closest(k) {
            put_board(
                sink,
                &mut png,
                effort,
                &format!("closest-{k}"),
                &text,
                board,
            )?;
        }
    }
    sink.put("solutions.json", solutions_json.as_bytes())?;
    let prefix = ctx.options.output.link_prefix.as_deref();
    let base = crate::snippet::link_base(prefix, &report.name, false);
    sink.put(
        "index.md",
        crate::gallery::puzzle_markdown(report, &base).as_bytes(),
    )?;
    Ok(())
}

/// Writes `<stem>.png`, encoded into the reused buffer `png`, and `<stem>.txt`.
fn put_board(
    sink: &mut Sink,
    png: &mut Vec<u8>,
    effort: crate::render::PngEffort,
    stem: &str,
    text: &str,
    board: &image::RgbImage,
) -> Result<(), PuzzleError> {
    crate::render::encode_png(board, effort, png).map_err(encode_err)?;
    sink.put(&format!("{stem}.png"), png)?;
    sink.put(&format!("{stem}.txt"), text.as_bytes())?;
    put_thumb(sink, png, effort, &format!("{stem}.png"), board)
}

/// Writes the gallery's thumbnail of the board `file`, when it is larger
/// than a thumbnail: a tool-written file like the board, in the manifest.
fn put_thumb(
    sink: &mut Sink,
    png: &mut Vec<u8>,
    effort: crate::render::PngEffort,
    file: &str,
    board: &image::RgbImage,
) -> Result<(), PuzzleError> {
    use crate::gallery::thumbs;
    if let Some(thumb) = thumbs::make(board) {
        crate::render::encode_png(&thumb, effort, png).map_err(encode_err)?;
        sink.put(&thumbs::name(file), png)?;
    }
    Ok(())
}

fn encode_err(e: image::ImageError) -> PuzzleError {
    crate::error::OutputError::new("PNG encoder", std::io::Error::other(e)).into()
}

fn input_err(e: InputError) -> PuzzleError {
    e.into()
}
