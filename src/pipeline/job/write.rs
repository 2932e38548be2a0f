//! Writing a puzzle's files, the same for every kind: boards painted and
//! encoded in parallel, a batch at a time, and written in order.

use super::scratch::{Scratch, Scratches};
use super::{Context, JobKind};
use crate::error::PuzzleError;
use crate::gfx::canvas::PngEffort;
use crate::gfx::png::Pieces;
use crate::kind::{Boards, Image};
use crate::pipeline::output::sink::Sink;
use crate::present::gallery::thumbs;
use crate::present::summary::PuzzleReport;

/// An image's file name without its extension.
fn stem(image: Image) -> String {
    match image {
        Image::Unsolved => "unsolved".into(),
        Image::Solution(k) => format!("solution-{k}"),
        Image::Closest(k) => format!("closest-{k}"),
    }
}

/// How many images are painted and encoded at once before they are
/// written in order: enough to keep every core busy, few enough that the
/// encoded files of a batch stay a few megabytes. Fewer when the run's
/// memory budget has no room for so many boards at once.
const BATCH: usize = 32;

/// An image's encoded board and thumbnail.
#[derive(Default)]
struct Encoded {
    png: Vec<u8>,
    /// Empty when the board has no thumbnail (a PNG never is).
    thumb: Vec<u8>,
}

/// Writes a puzzle's files the same way for every kind: `unsolved.png`,
/// `solution-<k>.png` and `.txt` for each rendered `k`, likewise
/// `closest-<k>`, the `thumb-` of each board the gallery shows inline, `solutions.json`,
/// the kind's other files and `index.md`. Images are encoded in parallel, a
/// batch at a time, and written in order: the files are the same for any `-j`.
pub(super) fn write<K: JobKind>(
    sink: &mut Sink,
    ctx: &Context,
    (puzzle, found): (&K::Puzzle, &K::Found),
    (report, board_bytes): (&mut PuzzleReport, u64),
) -> Result<(), PuzzleError> {
    use rayon::prelude::*;
    let output = &ctx.options.output;
    let effort = output.style.png;
    let mut boards = K::boards(puzzle, found, output.style);
    let [w, h] = boards.size();
    report.image_size = Some([w, h]);
    let shrunk = thumbs::size(w, h).map(|(w, h)| [w, h]);
    if shrunk.is_some() {
        boards.paint_thumbs(thumbs::THUMB);
    }
    report.thumb_size = boards.thumb_size().or(shrunk);
    let closest = report.closest.as_ref().map_or(&[][..], |c| &c.rendered);
    let images: Vec<Image> = std::iter::once(Image::Unsolved)
        .chain(report.rendered.iter().map(|&k| Image::Solution(k)))
        .chain(closest.iter().map(|&k| Image::Closest(k)))
        .collect();
    // Thumbnails only where the gallery shows one.
    let thumbed: Vec<bool> = std::iter::once(true)
        .chain(thumbs::inline(report))
        .collect();
    // The puzzle's share covers one board at a time; each board more at
    // once takes more of the budget, if it is free now.
    let most = BATCH.min(images.len()).min(rayon::current_num_threads());
    let more: Vec<_> = (1..most)
        .map_while(|_| ctx.gate.budget.try_take(board_bytes))
        .collect();
    let batch_len = 1 + more.len();
    // Rows of tiles the boards share, compressed once for the puzzle, as
    // many as its share of the budget counts, and more if the budget has
    // room now (the bytes are the same either way).
    let board_pixels = u64::from(w) * u64::from(h);
    let kept = super::pixels::pieces_bytes(board_pixels);
    let more_pieces = super::pixels::pieces_more(board_pixels, images.len());
    let pieces_share = (more_pieces > 0)
        .then(|| ctx.gate.budget.try_take(more_pieces))
        .flatten();
    let extra = pieces_share.as_ref().map_or(0, |_| more_pieces);
    let pieces = Pieces::with_cap(kept.saturating_add(usize::try_from(extra).unwrap_or(0)));
    let mut slots: Vec<Encoded> = std::iter::repeat_with(Encoded::default)
        .take(batch_len)
        .collect();
    let cancel = &ctx.options.cancel;
    let stop = || cancel.is_cancelled();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let scratches = Scratches::default();
    let encoded = || {
        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        ctx.options.progress.board(&ctx.p.name, n, images.len());
    };
    for (batch, thumbed) in images.chunks(batch_len).zip(thumbed.chunks(batch_len)) {
        ctx.interrupted()?;
        batch
            .par_iter()
            .zip(thumbed)
            .zip(slots.par_iter_mut())
            .for_each(|((&image, &thumb), slot)| {
                // After Ctrl-C the boards left are not painted, and a
                // Zopfli attempt under way is given up.
                if !stop() {
                    scratches.with(|scratch| {
                        let how = ((effort, &stop as &dyn Fn() -> bool), &pieces);
                        encode_image(&boards, (image, thumb), how, (scratch, slot));
                    });
                    encoded();
                }
            });
        // Nothing of a batch cut short is written.
        ctx.interrupted()?;
        for (&image, slot) in batch.iter().zip(&slots) {
            let stem = stem(image);
            sink.stage(&format!("{stem}.png"), &slot.png)?;
            if image != Image::Unsolved {
                let text = K::text(puzzle, found, image, output.notation);
                sink.stage(&format!("{stem}.txt"), text.as_bytes())?;
            }
            if !slot.thumb.is_empty() {
                sink.stage(&thumbs::name(&format!("{stem}.png")), &slot.thumb)?;
            }
        }
        // One journal write for the batch, then its renames.
        sink.commit()?;
    }
    let json = K::solutions_json(puzzle, found, report);
    sink.put("solutions.json", json.as_bytes())?;
    for (name, text) in K::more_files(&report.name, puzzle, found, &boards) {
        sink.put(name, text.as_bytes())?;
    }
    let prefix = output.link_prefix.as_deref();
    sink.put(
        "index.md",
        crate::present::snippet::puzzle_file(report, prefix).as_bytes(),
    )?;
    Ok(())
}

/// Paints and encodes one image, and with `thumb` its thumbnail, into
/// `slot`, in `scratch`.
fn encode_image(
    boards: &impl Boards,
    (image, thumb): (Image, bool),
    ((effort, stop), pieces): ((PngEffort, &dyn Fn() -> bool), &Pieces),
    (scratch, slot): (&mut Scratch, &mut Encoded),
) {
    // The kind's own thumbnail first: without one, the thumbnail is
    // shrunk from the board, which then needs every pixel painted.
    let own_thumb = thumb && boards.paint_thumb(image, &mut scratch.thumb);
    let from_board = thumb && !own_thumb;
    match boards.parts(image) {
        Some(parts) => {
            // Parts already compressed are neither painted nor read.
            let kept: Vec<bool> = (parts.iter())
                .map(|p| p.key.as_ref().is_some_and(|k| effort.keeps(pieces, k)))
                .map(|kept| kept && !from_board)
                .collect();
            boards.paint_skipping(image, &mut scratch.board, &kept);
            let (board, writer) = (&scratch.board, &mut scratch.writer);
            let how = (effort, stop);
            board.encode_parts(how, (&parts, pieces), writer, &mut slot.png);
        }
        None => {
            boards.paint(image, &mut scratch.board);
            (scratch.board).encode((effort, stop), &mut scratch.writer, &mut slot.png);
        }
    }
    slot.thumb.clear();
    let painted = own_thumb || (from_board && thumbs::make(&scratch.board, &mut scratch.thumb));
    if painted {
        scratch
            .thumb
            .encode((effort, stop), &mut scratch.writer, &mut slot.thumb);
    }
}
