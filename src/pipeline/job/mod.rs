//! One puzzle, start to end: read → (skip if up to date) → solve → render →
//! write, for each kind of puzzle ([`tiles`], [`domino`]) with the same
//! manifest, sink and report. Every failure, a panic included, becomes the
//! puzzle's `error` report; the rest of the batch goes on.

mod domino;
mod pixels;
mod tiles;

use crate::error::{InputError, OutputError, PuzzleError};
use crate::kind::stop::StoppedBy;
use crate::kind::tiles::input::file;
use crate::kind::tiles::render::{Canvas, PngEffort};
use crate::pipeline::batch::Options;
use crate::pipeline::discover::PuzzleDir;
use crate::pipeline::manifest::{self, Manifest};
use crate::pipeline::output::sink::Sink;
use crate::pipeline::output::{guard, journal};
use crate::present::summary::{Action, PuzzleReport};
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
    let inferred = options.infer && crate::prepare::infer::is_picture_puzzle(&p.dir);
    let (notation, bytes) = if inferred {
        crate::prepare::infer::notation(&p.input_dir()).map_err(|e| (e, Vec::new()))?
    } else {
        let notation = crate::kind::tiles::input::notation_file(&p.input_dir())
            .map_err(|e| (e.into(), Vec::new()))?;
        let bytes =
            file::read_capped(&notation, file::NOTATION_CAP).map_err(|e| (e.into(), Vec::new()))?;
        (notation, bytes)
    };
    let ctx = Context {
        p,
        out_root,
        options,
        deadline: options.timeout.map(|t| Instant::now() + t),
        out_dir: out_root.join(&p.rel),
        notation,
        bytes,
        inferred,
    };
    if crate::kind::Kind::of(&ctx.notation) == crate::kind::Kind::Domino {
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
    /// The notation was inferred from the pictures (`render --infer`).
    inferred: bool,
}

impl Context<'_> {
    /// The build key over the notation file and `more` input files.
    fn key(&self, more: &[(String, &[u8])]) -> Result<String, PuzzleError> {
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
                && m.report.stopped_by != Some(StoppedBy::Timeout)
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
        if self.options.cancel.is_cancelled() {
            return Err(PuzzleError::Interrupted(self.p.dir.clone()));
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

/// One image of a puzzle.
#[derive(Clone, Copy)]
enum Image {
    Unsolved,
    /// Numbered from 1.
    Solution(usize),
    Closest(usize),
}

impl Image {
    fn stem(self) -> String {
        match self {
            Image::Unsolved => "unsolved".into(),
            Image::Solution(k) => format!("solution-{k}"),
            Image::Closest(k) => format!("closest-{k}"),
        }
    }
}

/// What a kind of puzzle gives the shared writer: its boards and texts.
/// Painting takes `&self`, so the boards of one puzzle are painted on
/// every core at once.
trait Boards: Sync {
    /// Board size in pixels.
    fn size(&self) -> [u32; 2];
    fn paint(&self, image: Image, canvas: &mut Canvas);
    /// The size of every thumbnail, if the boards get one.
    fn thumb_size(&self) -> Option<[u32; 2]> {
        let [w, h] = self.size();
        crate::present::gallery::thumbs::size(w, h).map(|(w, h)| [w, h])
    }
    /// Paints `image`'s thumbnail, given its board as [`Boards::paint`] left it.
    fn paint_thumb(&self, _image: Image, board: &Canvas, thumb: &mut Canvas) -> bool {
        crate::present::gallery::thumbs::make(board, thumb)
    }
    /// The text file beside a solved or closest board.
    fn text(&self, image: Image) -> String;
}

/// How many images are painted and encoded at once before they are
/// written in order: enough to keep every core busy, few enough that the
/// encoded files of a batch stay a few megabytes.
const BATCH: usize = 32;

/// Buffers of one worker, kept for the life of its thread, so no board
/// allocates: the canvas, the thumbnail and the encoder's scratch.
#[derive(Default)]
struct Scratch {
    board: Canvas,
    thumb: Canvas,
    writer: crate::gfx::png::PngWriter,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

/// An image's encoded board and thumbnail.
#[derive(Default)]
struct Encoded {
    png: Vec<u8>,
    /// Empty when the board has no thumbnail (a PNG never is).
    thumb: Vec<u8>,
}

/// Writes a puzzle's files the same way for every kind: `unsolved.png`,
/// `solution-<k>.png` and `.txt` for each rendered `k`, likewise
/// `closest-<k>`, the `thumb-` of each board the gallery shows inline, `solutions.json`
/// and `index.md`. Images are encoded in parallel, a batch at a time, and
/// written in order: the files are the same for any `-j`.
fn write_boards(
    ctx: &Context,
    sink: &mut Sink,
    effort: PngEffort,
    boards: &impl Boards,
    solutions_json: String,
    report: &mut PuzzleReport,
) -> Result<(), PuzzleError> {
    use rayon::prelude::*;
    report.image_size = Some(boards.size());
    report.thumb_size = boards.thumb_size();
    let closest = report.closest.as_ref().map_or(&[][..], |c| &c.rendered);
    let images: Vec<Image> = std::iter::once(Image::Unsolved)
        .chain(report.rendered.iter().map(|&k| Image::Solution(k)))
        .chain(closest.iter().map(|&k| Image::Closest(k)))
        .collect();
    // Thumbnails only where the gallery shows one.
    let thumbed: Vec<bool> = std::iter::once(true)
        .chain(crate::present::gallery::thumbs::inline(report))
        .collect();
    let mut slots: Vec<Encoded> = std::iter::repeat_with(Encoded::default)
        .take(BATCH.min(images.len()))
        .collect();
    for (batch, thumbed) in images.chunks(BATCH).zip(thumbed.chunks(BATCH)) {
        ctx.interrupted()?;
        batch
            .par_iter()
            .zip(thumbed)
            .zip(slots.par_iter_mut())
            .for_each(|((&image, &thumb), slot)| encode_image(boards, image, thumb, effort, slot));
        for (&image, slot) in batch.iter().zip(&slots) {
            let stem = image.stem();
            sink.stage(&format!("{stem}.png"), &slot.png)?;
            if !matches!(image, Image::Unsolved) {
                sink.stage(&format!("{stem}.txt"), boards.text(image).as_bytes())?;
            }
            if !slot.thumb.is_empty() {
                sink.stage(
                    &crate::present::gallery::thumbs::name(&format!("{stem}.png")),
                    &slot.thumb,
                )?;
            }
        }
        // One journal write for the batch, then its renames.
        sink.commit()?;
    }
    sink.put("solutions.json", solutions_json.as_bytes())?;
    let prefix = ctx.options.output.link_prefix.as_deref();
    let base = crate::present::snippet::link_base(prefix, &report.name, false);
    sink.put(
        "index.md",
        crate::present::snippet::puzzle_markdown(report, &base).as_bytes(),
    )?;
    Ok(())
}

/// Paints and encodes one image, and with `thumb` its thumbnail, into
/// `slot`, with this thread's buffers.
fn encode_image(
    boards: &impl Boards,
    image: Image,
    thumb: bool,
    effort: PngEffort,
    slot: &mut Encoded,
) {
    SCRATCH.with(|scratch| {
        let scratch = &mut *scratch.borrow_mut();
        boards.paint(image, &mut scratch.board);
        scratch
            .board
            .encode(effort, &mut scratch.writer, &mut slot.png);
        slot.thumb.clear();
        if thumb && boards.paint_thumb(image, &scratch.board, &mut scratch.thumb) {
            scratch
                .thumb
                .encode(effort, &mut scratch.writer, &mut slot.thumb);
        }
    });
}

fn input_err(e: InputError) -> PuzzleError {
    e.into()
}
