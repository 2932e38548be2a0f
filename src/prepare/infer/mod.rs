//! `unscramble infer`: a puzzle's edges read from its tile pictures alone.
//!
//! Pictures → halves ([`halves`]) → classes of one print each ([`classes`])
//! → classes paired into pictures, checked by solving ([`pairing`]) →
//! `tile_dict.yaml` ([`yaml`]) and a review sheet ([`sheet`]). Images stay in
//! this module: the solver only ever sees candidate puzzles.

pub(crate) mod art;
pub(crate) mod board;
pub(crate) mod candidates;
pub(crate) mod classes;
pub(crate) mod confirm;
pub(crate) mod cost;
pub mod decide;
pub(crate) mod halves;
pub(crate) mod jpeg;
pub(crate) mod looks;
pub(crate) mod markers;
pub(crate) mod names;
pub(crate) mod outline;
pub mod pairing;
mod plenty;
mod readings;
mod recut;
pub(crate) mod seam;
pub(crate) mod sheet;
pub(crate) mod strokes;
pub(crate) mod timing;
mod unchecked;
pub(crate) mod unsolvable;
pub mod yaml;

use crate::error::{InputError, PuzzleError};
use crate::fsio::writer::Writer;
use crate::kind::tiles::input::{self, pictures, TILE_DICT};
use crate::kind::tiles::model::Puzzle;
use crate::kind::tiles::solve::{self, Limits};
use std::path::{Path, PathBuf};

/// The review sheet written beside the inferred notation.
pub const SHEET: &str = "infer.png";

/// What the pictures may hold, checked on their headers before decoding:
/// the most pixels per side (`--max-tile-side`) and all of them together
/// (`--max-pixels`), since all are held decoded at once.
#[derive(Clone, Copy, Debug)]
pub struct PictureLimits {
    pub max_side: u32,
    pub max_pixels: u64,
}

/// Everything inferred about one puzzle.
pub struct Inferred {
    pub puzzle: Puzzle,
    pub classes: classes::Classes,
    pub pairing: pairing::Pairing,
    /// How sure the reading is, 0..1: the share of readings written at
    /// this confidence that were right on scripts/bench-infer-styles.
    pub confidence: f32,
    pub source: decide::Source,
    /// Why the reading is not to be written (below [`decide::WRITE_AT`]);
    /// then only the review sheet is, marking the classes in doubt.
    pub refusal: Option<String>,
    /// Classes whose partner the closest other reading changes.
    pub doubt: Vec<usize>,
    /// Solutions of the inferred puzzle (at most `Limits::default()`'s cap,
    /// and what [`pairing::NODE_BUDGET`] placements find).
    pub solutions: usize,
    pub complete: bool,
    /// The `tile_dict.yaml` text.
    pub yaml: String,
    /// The review sheet's PNG bytes.
    pub sheet: Vec<u8>,
}

impl Inferred {
    fn refused(
        classes: classes::Classes,
        pairing: pairing::Pairing,
        confidence: f32,
        source: decide::Source,
        why: String,
        doubt: Vec<usize>,
        sheet: Vec<u8>,
    ) -> Inferred {
        Inferred {
            puzzle: pairing.puzzle.clone(),
            yaml: String::new(),
            classes,
            pairing,
            confidence,
            source,
            refusal: Some(why),
            doubt,
            solutions: 0,
            complete: false,
            sheet,
        }
    }

    /// The refusal as the error `infer` reports: why, and the halves in
    /// doubt by tile and side.
    pub fn refusal_error(&self, input_dir: &Path) -> Option<PuzzleError> {
        let why = self.refusal.as_ref()?;
        let mut halves: Vec<usize> = self
            .doubt
            .iter()
            .flat_map(|&c| self.classes.members[c].iter().copied())
            .collect();
        halves.sort_unstable();
        let named: Vec<String> = halves
            .iter()
            .take(12)
            .map(|h| {
                format!(
                    "tile {} {}",
                    h / 4 + 1,
                    crate::kind::tiles::model::SIDE_NAMES[h % 4]
                )
            })
            .collect();
        let more = halves.len().saturating_sub(12);
        let doubt = if halves.is_empty() {
            String::new()
        } else if more > 0 {
            format!("; halves in doubt: {} and {more} more", named.join(", "))
        } else {
            format!("; halves in doubt: {}", named.join(", "))
        };
        Some(
            InputError::new(
                input_dir,
                format!("the pictures do not decide the edges: {why}{doubt}"),
            )
            .hint(format!(
                "{SHEET} marks the classes in doubt; check them, or write tile_dict.yaml by hand"
            ))
            .into(),
        )
    }
}

/// Said by `render --infer` about every puzzle it inferred.
pub const WARNING: &str = "the edges were inferred from the pictures, not read from a notation file (run `unscramble infer` to write them down and check infer.png)";

/// Does `dir` hold a puzzle to infer: tile pictures in `input/` and no
/// notation file?
pub fn is_picture_puzzle(dir: &Path) -> bool {
    let input = dir.join("input");
    input.join("1.png").is_file() && !crate::kind::is_puzzle(dir)
}

/// The inferred notation of the puzzle in `input_dir`, as the notation file
/// it would be (`input/tile_dict.yaml`) and its bytes.
pub fn notation(
    input_dir: &Path,
    limits: PictureLimits,
) -> Result<(PathBuf, Vec<u8>), PuzzleError> {
    let inferred = infer(input_dir, limits)?;
    if let Some(e) = inferred.refusal_error(input_dir) {
        return Err(e);
    }
    Ok((input_dir.join(TILE_DICT), inferred.yaml.into_bytes()))
}

/// How many tile pictures `1.png, 2.png, …` the folder holds, counted up to
/// the first missing number.
pub fn count_pictures(input_dir: &Path) -> usize {
    (1..)
        .take_while(|k| input_dir.join(format!("{k}.png")).is_file())
        .count()
}

/// Infers the puzzle whose pictures are in `input_dir`.
pub fn infer(input_dir: &Path, limits: PictureLimits) -> Result<Inferred, PuzzleError> {
    let count = count_pictures(input_dir);
    let side = (1..=16).find(|s| s * s >= count).unwrap_or(0);
    if count == 0 || side * side != count {
        return Err(InputError::new(
            input_dir,
            format!("found {count} tile pictures 1.png …; inference needs a square board (4, 9, 16, … tiles, at most 256)"),
        )
        .hint("name the pictures 1.png … N.png with no gap")
        .into());
    }
    let clock = timing::start();
    let images = pictures::load_within(input_dir, count, (limits.max_side, limits.max_pixels))?;
    // A scanned tile turned a degree or two is turned back before its
    // halves are cut: the seam strips must face each other.
    let debug = std::env::var_os("UNSCRAMBLE_INFER_DEBUG_TURN").is_some();
    // Pictures that went through JPEG (a phone photo, a scanner's file)
    // have their small colour shifts discounted by the pictures reading.
    let jpeg = images.iter().filter(|img| jpeg::compressed(img)).count() * 2 > images.len();
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some() {
        eprintln!("DEBUG jpeg: {jpeg}");
    }
    let works: Vec<halves::Work> = images
        .iter()
        .enumerate()
        .map(|(k, img)| {
            let (work, turn) = halves::Work::new(img).straightened();
            if debug {
                eprintln!(
                    "DEBUG turn: tile {} turned back {:.1} degrees (measured {:.1}: {})",
                    k + 1,
                    turn.degrees,
                    turn.measured,
                    turn.why
                );
            }
            work
        })
        .collect();
    clock.stage("load");
    let verdict = decide::decide(
        side,
        || readings::read_names(side, &works),
        readings::read_art(side, &works, jpeg),
    );
    let verdict = verdict.map_err(|why| {
        PuzzleError::from(InputError::new(input_dir, format!("the pictures do not decide the edges: {why}")).hint(
            "check the pictures (one tile each, square, edges on the picture's edges), or write tile_dict.yaml by hand",
        ))
    })?;
    let decide::Verdict {
        classes,
        pairing,
        confidence,
        source,
        refusal,
        doubt,
    } = verdict;
    let clock = timing::start();
    let sheet = sheet::draw(&images, &classes, &pairing, &doubt);
    clock.stage("sheet");
    if let Some(why) = refusal {
        return Ok(Inferred::refused(
            classes, pairing, confidence, source, why, doubt, sheet,
        ));
    }
    let puzzle = pairing.puzzle.clone();
    // The count is only a hint here (`render` counts with its own budget):
    // past what the check searched it may make COUNT_BUDGET placements,
    // and is then reported as a lower bound. It searches in the order of
    // the check that found a solution, whose units it takes, so it finds
    // that solution again.
    let limits = Limits {
        max_nodes: pairing.searched.nodes() + COUNT_BUDGET,
        order: pairing.searched.order().unwrap_or_default(),
        ..Limits::default()
    };
    let clock = timing::start();
    // The units the check of this pairing already searched are not searched
    // again: the same count, the same placements against the budget. A
    // count the check's search already went past finds nothing and stops
    // at its budget: not made (`solve::Searched::known_fruitless`).
    let outcome = (!pairing.searched.known_fruitless(&puzzle, &limits)).then(|| {
        let mut searched = pairing.searched.clone();
        solve::solve_noting(&puzzle, &limits, &mut searched)
    });
    clock.solve("count", outcome.as_ref().map_or(0, |o| o.nodes));
    let (total, complete) = outcome
        .as_ref()
        .map_or((0, false), |o| (o.total, o.complete()));
    // A count that reached its cap says the classes were cut too coarsely;
    // one that found nothing and was cut short leaves the pairing
    // unchecked. Either way every class is in doubt.
    let refused = plenty::refusal(total, outcome.as_ref().and_then(|o| o.stopped.as_ref()))
        .map(|why| (why, plenty::CONFIDENCE))
        .or_else(|| unchecked::refusal(total, complete).map(|why| (why, unchecked::CONFIDENCE)));
    if let Some((why, bound)) = refused {
        let doubt: Vec<usize> = (0..classes.members.len()).collect();
        let sheet = sheet::draw(&images, &classes, &pairing, &doubt);
        let confidence = confidence.min(bound);
        return Ok(Inferred::refused(
            classes, pairing, confidence, source, why, doubt, sheet,
        ));
    }
    let yaml = yaml::write(&puzzle);
    Ok(Inferred {
        puzzle,
        classes,
        pairing,
        confidence,
        source,
        refusal: None,
        doubt,
        solutions: usize::try_from(total).unwrap_or(usize::MAX),
        complete,
        yaml,
        sheet,
    })
}

/// Placements the count of a written reading may make beyond those the
/// check that its pairing solves made: about 3 s at the solver's rate
/// (docs/performance.md), so a 6x6 of few pictures, whose whole count
/// takes minutes, is reported as "at least" (docs/infer-journal.md, "The check
/// that a pairing solves, two orders in turn").
const COUNT_BUDGET: u64 = 20_000_000;

/// `x` cut (not rounded) to two decimals, for a measure printed beside
/// the threshold it missed: 0.8996 rounded reads "0.90, at least 0.9
/// needed", which says the refused reading passed.
pub(crate) fn two_places_down(x: f32) -> f32 {
    (x * 100.0).floor() / 100.0
}

/// Writes the inferred notation and review sheet into `input_dir` (only the
/// sheet when the reading was refused); refuses to replace a notation file
/// unless `force`. Returns the files written.
pub fn write(
    input_dir: &Path,
    inferred: &Inferred,
    force: bool,
) -> Result<Vec<PathBuf>, PuzzleError> {
    // The sheet too is replaced only with `force` (a second run needs it
    // for the notation anyway): a file of that name may be the user's.
    let mut files = vec![(SHEET, &inferred.sheet[..])];
    if inferred.refusal.is_none() {
        files.insert(0, (TILE_DICT, inferred.yaml.as_bytes()));
    }
    let names: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
    input::overwrite::guard(input_dir, &names, force)?;
    let mut writer = Writer::open(input_dir, force)?;
    let mut written = Vec::new();
    for (name, bytes) in files {
        writer.put(name, bytes)?;
        written.push(writer.path(name));
    }
    Ok(written)
}
