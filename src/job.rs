//! One puzzle, start to end: read → (skip if up to date) → solve → render →
//! write. Every failure, a panic included, becomes the puzzle's `error` report;
//! the rest of the batch goes on.

use crate::batch::Options;
use crate::discover::PuzzleDir;
use crate::error::{OutputError, PuzzleError};
use crate::input::{self, pictures};
use crate::manifest::{self, Manifest};
use crate::output::sink::Sink;
use crate::output::solutions::{board_text, stop_name, SolutionsFile};
use crate::render::{encode_png, Renderer};
use crate::solve::{self, Limits, Outcome};
use crate::summary::{Action, PuzzleReport, Status};
use crate::{gallery, model::Puzzle};
use std::collections::BTreeSet;
use std::path::Path;
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
    let input_dir = p.input_dir();
    let notation = input_dir.join(input::TILE_DICT);
    let notation_bytes = std::fs::read(&notation)
        .map_err(|e| (pictures::read_error(&notation, &e).into(), Vec::new()))?;
    let parsed =
        input::parse_notation(&notation, &notation_bytes).map_err(|e| (e.into(), Vec::new()))?;
    let (puzzle, warnings) = (parsed.puzzle, parsed.warnings);
    let fail = |e: PuzzleError| (e, warnings.clone());
    let raw = pictures::read_all(&input_dir, puzzle.tiles.len()).map_err(|e| fail(e.into()))?;

    let mut inputs: Vec<(&str, &[u8])> = vec![(input::TILE_DICT, &notation_bytes)];
    let names: Vec<String> = (1..=raw.len()).map(|k| format!("{k}.png")).collect();
    inputs.extend(
        names
            .iter()
            .map(String::as_str)
            .zip(raw.iter().map(|r| r.bytes.as_slice())),
    );
    let key = manifest::key(&options.output, &inputs);
    let out_dir = out_root.join(&p.rel);
    if !options.force {
        if let Some(m) =
            Manifest::read(&out_dir).filter(|m| m.key == key && m.outputs_intact(&out_dir))
        {
            return Ok(PuzzleReport {
                action: Action::UpToDate,
                ..m.report
            });
        }
    }

    // Pictures are checked before solving, so a broken scan fails fast.
    let pics = pictures::decode_all(&raw, options.max_tile_side).map_err(|e| fail(e.into()))?;
    let outcome = solve::solve(
        &puzzle,
        &Limits {
            max_solutions: options.output.max_solutions,
        },
    );
    let mut report = PuzzleReport {
        name: p.name.clone(),
        status: if outcome.solutions.is_empty() {
            Status::NoSolution
        } else {
            Status::Solved
        },
        rows: Some(puzzle.rows),
        cols: Some(puzzle.cols),
        tiles: Some(puzzle.tiles.len()),
        solutions_total: Some(outcome.solutions.len()),
        solutions_unique: Some(outcome.unique),
        complete: Some(outcome.complete()),
        stopped_by: outcome.stopped.as_ref().map(|s| stop_name(s).to_string()),
        warnings: warnings.clone(),
        nodes: outcome.nodes,
        ..PuzzleReport::default()
    };
    let chosen = chosen_for_images(&outcome, options);
    report.rendered = chosen.iter().map(|i| i + 1).collect();
    report.images_capped = chosen.len() < outcome.solutions.len();

    let mut sink = Sink::new(&out_dir, options.check).map_err(|e| fail(e.into()))?;
    write_outputs(
        &mut sink,
        &puzzle,
        &outcome,
        &chosen,
        &pics,
        options,
        &mut report,
    )
    .map_err(|e| fail(e.into()))?;
    let m = Manifest {
        tool: manifest::tool(),
        key,
        source: manifest::relative_path(out_root, &p.dir),
        files: std::mem::take(&mut sink.produced),
        report: report.clone(),
    };
    sink.put_unlisted(manifest::FILE_NAME, m.to_json().as_bytes())
        .map_err(|e| fail(e.into()))?;
    report.action = match (options.check, sink.changes.is_empty()) {
        (true, true) => Action::UpToDate,
        (true, false) => Action::Stale,
        (false, _) => Action::Rendered,
    };
    report.stale_files = if options.check {
        sink.changes
    } else {
        Vec::new()
    };
    Ok(report)
}

/// Solutions that get an image: all of them, or with `--unique` the first
/// (lowest-index) member of each rotation class, at most `--max-images`.
fn chosen_for_images(outcome: &Outcome, options: &Options) -> Vec<usize> {
    let mut seen = BTreeSet::new();
    (0..outcome.solutions.len())
        .filter(|&i| !options.output.unique || seen.insert(outcome.classes[i]))
        .take(options.output.max_images)
        .collect()
}

fn write_outputs(
    sink: &mut Sink,
    puzzle: &Puzzle,
    outcome: &Outcome,
    chosen: &[usize],
    pics: &[image::RgbaImage],
    options: &Options,
    report: &mut PuzzleReport,
) -> Result<(), OutputError> {
    let effort = options.output.style.png;
    let mut renderer = Renderer::new(puzzle, pics, options.output.style);
    report.image_size = Some(renderer.size());
    let mut png = Vec::new();
    let encode_err =
        |e: image::ImageError| OutputError::new("PNG encoder", std::io::Error::other(e));
    encode_png(renderer.unsolved(), effort, &mut png).map_err(encode_err)?;
    sink.put("unsolved.png", &png)?;
    for &i in chosen {
        let board = &outcome.solutions[i];
        encode_png(renderer.board(board), effort, &mut png).map_err(encode_err)?;
        sink.put(&format!("solution-{}.png", i + 1), &png)?;
        sink.put(
            &format!("solution-{}.txt", i + 1),
            board_text(puzzle.cols, board).as_bytes(),
        )?;
    }
    let solutions = SolutionsFile::new(puzzle, outcome, &report.rendered);
    sink.put("solutions.json", solutions.to_json().as_bytes())?;
    sink.put("index.md", gallery::puzzle_markdown(report).as_bytes())?;
    sink.sweep()
}
