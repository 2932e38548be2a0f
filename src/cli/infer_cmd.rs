//! `unscramble infer PUZZLE_DIR [--force] [--check]`: what the terminal (and
//! `--json`) says about an inference; the work is in `unscramble::prepare::infer`.

use crate::cli::json_cmd::{self, Failure};
use crate::cli::term::set_colors;
use crate::cli::Reporting;
use clap::Args;
use serde_json::{json, Map, Value};
use std::path::PathBuf;
use std::process::ExitCode;
use unscramble::error::PuzzleError;
use unscramble::kind::tiles::input::{self, TILE_DICT};
use unscramble::prepare::infer::{self, pairing::token_name, yaml};

#[derive(Args)]
pub struct InferArgs {
    /// A puzzle folder whose input/ holds 1.png … N.png.
    pub puzzle_dir: PathBuf,
    /// Replace a tile_dict.yaml already in the folder.
    #[arg(long)]
    pub force: bool,
    /// Write nothing: compare the inferred edges with the folder's
    /// tile_dict.yaml (up to token names and halves) and list every
    /// edge that differs; exit 1 if one does.
    #[arg(long, conflicts_with = "force")]
    pub check: bool,
    /// Refuse tile pictures larger than this many pixels per side.
    #[arg(long, default_value_t = unscramble::defaults::MAX_TILE_SIDE)]
    pub max_tile_side: u32,
    /// Refuse tile pictures with more pixels than this all together,
    /// before decoding them (all are held decoded at once, 4 bytes a pixel).
    #[arg(long, default_value_t = unscramble::defaults::MAX_PIXELS, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_pixels: u64,
    #[command(flatten)]
    pub links: crate::cli::Links,
    #[command(flatten)]
    pub reporting: Reporting,
}

pub fn run(args: &InferArgs) -> ExitCode {
    let (dir, out) = (&args.puzzle_dir, &args.reporting);
    set_colors(out.chatter.color);
    if let Err(e) = args.links.check(dir) {
        return out.fail("infer", dir, PuzzleError::from(e).into());
    }
    let done = infer(args, out.json, out.chatter.quiet);
    done.unwrap_or_else(|e| out.fail("infer", dir, e))
}

/// Runs the command; `Err` is the failure to report (exit 1).
fn infer(args: &InferArgs, json: bool, quiet: bool) -> Result<ExitCode, Failure> {
    let (puzzle_dir, force, check) = (&args.puzzle_dir, args.force, args.check);
    let input_dir = puzzle_dir.join("input");
    if !check {
        // Refused before the work, not after it.
        let writes = [TILE_DICT, infer::SHEET];
        input::overwrite::guard(&input_dir, &writes, force).map_err(PuzzleError::from)?;
    }
    let limits = infer::PictureLimits {
        max_side: args.max_tile_side,
        max_pixels: args.max_pixels,
    };
    let inferred = infer::infer(&input_dir, limits)?;
    if let Some(refused) = inferred.refusal_error(&input_dir) {
        // The review sheet marks the classes in doubt; the edges are not written.
        if !check {
            infer::write(&input_dir, &inferred, force)?;
        }
        return Err(refused.into());
    }
    let mut fields = Map::new();
    let confidence = (f64::from(inferred.confidence) * 100.0).round() / 100.0;
    fields.insert("confidence".into(), confidence.into());
    fields.insert("read_from".into(), source_name(inferred.source).into());
    fields.insert("classes".into(), classes_json(&inferred));
    fields.insert("weak".into(), inferred.pairing.weak.into());
    fields.insert("solutions".into(), inferred.solutions.into());
    // Said outright, as the count 0 is easily taken for a failed read.
    fields.insert(
        "unsolvable".into(),
        (inferred.solutions == 0 && inferred.complete).into(),
    );
    if !quiet {
        describe(&inferred);
    }
    if check {
        let expected = input::read_puzzle(&input_dir)
            .map_err(PuzzleError::from)?
            .puzzle;
        let differences = yaml::compare(&inferred.puzzle, &expected);
        let list: Vec<Value> = differences.iter().map(|d| d.to_string().into()).collect();
        fields.insert("differences".into(), list.into());
        for d in &differences {
            eprintln!("differs: {d}");
        }
        if json {
            if let Err(code) = json_cmd::print("infer", puzzle_dir, Ok((&[], fields))) {
                return Ok(code);
            }
        }
        if differences.is_empty() {
            if !quiet {
                eprintln!("the inferred edges equal {TILE_DICT} (up to token names and halves)");
            }
            return Ok(ExitCode::SUCCESS);
        }
        eprintln!(
            "{} of {} edges differ from {TILE_DICT}",
            differences.len(),
            inferred.puzzle.tiles.len() * 4
        );
        return Ok(ExitCode::FAILURE);
    }
    let written = infer::write(&input_dir, &inferred, force)?;
    if json {
        if let Err(code) = json_cmd::print("infer", puzzle_dir, Ok((&written, fields))) {
            return Ok(code);
        }
    }
    if !quiet {
        written
            .iter()
            .for_each(|p| eprintln!("wrote {}", p.display()));
    }
    Ok(ExitCode::SUCCESS)
}

fn source_name(source: infer::decide::Source) -> &'static str {
    match source {
        infer::decide::Source::Pictures => "pictures",
        infer::decide::Source::Names => "names",
    }
}

fn describe(inferred: &infer::Inferred) {
    let classes = &inferred.classes;
    for (t, &(plus, minus)) in inferred.pairing.pairs.iter().enumerate() {
        for (class, sign) in [(plus, '+'), (minus, '-')] {
            eprintln!(
                "class {}{sign}: {} halves, confidence {:.2}",
                token_name(t),
                classes.members[class].len(),
                classes.confidence[class]
            );
        }
    }
    if inferred.pairing.weak {
        eprintln!(
            "{} another pairing of the classes also solves and looks almost as alike; check infer.png",
            console::style("warning:").yellow().bold().for_stderr()
        );
    }
    let count = match (inferred.complete, inferred.solutions) {
        (true, n) => format!("the puzzle has {n} solutions"),
        // A large board whose search outlasts infer's budget: `render`
        // counts with its own.
        (false, 0) => {
            "no solution found within infer's search budget (render searches further)".into()
        }
        (false, n) => format!("the puzzle has at least {n} solutions"),
    };
    let how = match inferred.source {
        infer::decide::Source::Pictures => "read from how the pictures continue across the seams",
        infer::decide::Source::Names => "read from the names beside the edges",
    };
    eprintln!(
        "inferred {} pictures from {} classes ({how}, confidence {:.2}); {count}",
        inferred.pairing.pairs.len(),
        classes.members.len(),
        inferred.confidence,
    );
    if inferred.solutions == 0 && inferred.complete {
        eprintln!(
            "the puzzle as read has no solution: the pictures are read as they are (is a card lost or misprinted?); a pairing chosen because it solves would be a guess"
        );
    }
}

fn classes_json(inferred: &infer::Inferred) -> Value {
    let classes = &inferred.classes;
    let list: Vec<Value> = inferred
        .pairing
        .pairs
        .iter()
        .enumerate()
        .flat_map(|(t, &(plus, minus))| {
            [(plus, "+"), (minus, "-")].map(|(class, sign)| {
                json!({
                    "token": token_name(t),
                    "half": sign,
                    "halves": classes.members[class].len(),
                    "confidence": (f64::from(classes.confidence[class]) * 1000.0).round() / 1000.0,
                })
            })
        })
        .collect();
    list.into()
}
