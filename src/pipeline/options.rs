//! What a run is asked to do: the options that change the outputs (and so
//! go into each puzzle's build key) and the rest of a run's settings. Apart
//! from the batch, so a job can read them without depending on the batch
//! that runs it.

use crate::kind::stop::Cancel;
use crate::kind::Style;
use serde::Serialize;

/// The options that change what is written: all of them go into the build key.
#[derive(Clone, Debug, Serialize)]
pub struct OutputOptions {
    pub max_solutions: crate::kind::Count,
    /// The search's node budget; `None`: each kind's default
    /// ([`crate::kind::tiles::solve::MAX_NODES`], [`crate::kind::domino::MAX_NODES`]).
    pub max_nodes: Option<u64>,
    /// At most this many solution boards are rendered per puzzle.
    pub max_images: usize,
    /// Render one board per rotation class instead of all: its first solution,
    /// which is the representative the search found (the board in which the
    /// solver's chosen tile, or the centre tile, has turns 0).
    pub unique: bool,
    /// Render one board per look class (what a person sees as one solution).
    pub distinct_looks: bool,
    pub style: Style,
    /// How `solution-<k>.txt` numbers tiles and counts turns.
    pub notation: crate::pipeline::output::solutions::Notation,
    /// The order the search fills cells in (it changes `nodes_per_depth`).
    pub order: crate::kind::tiles::solve::Order,
    /// Domino Fit: must a solution cover every free cell?
    pub cover: crate::kind::domino::Cover,
    /// For a tile puzzle without a solution, search for and render the
    /// boards that match the most edges.
    pub closest: bool,
    /// The closest-board search stops after about this many placements.
    pub closest_nodes: u64,
    /// `--link-prefix`, ending in `/`: where the output folder is published,
    /// for the links of `index.md`. Left out of the key when unset, so
    /// outputs made before it existed stay up to date.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link_prefix: Option<String>,
}

impl Default for OutputOptions {
    fn default() -> Self {
        OutputOptions {
            max_solutions: crate::defaults::MAX_SOLUTIONS,
            max_nodes: None,
            max_images: crate::defaults::MAX_IMAGES,
            unique: false,
            distinct_looks: false,
            style: Style::default(),
            notation: Default::default(),
            order: crate::kind::tiles::solve::Order::default(),
            cover: crate::kind::domino::Cover::default(),
            closest: true,
            closest_nodes: crate::kind::tiles::solve::CLOSEST_NODES,
            link_prefix: None,
        }
    }
}

/// Everything a run needs besides the folders.
#[derive(Clone, Debug)]
pub struct Options {
    pub output: OutputOptions,
    pub max_tile_side: u32,
    /// Fail a puzzle whose tile pictures (together) or board images have
    /// more pixels than this, before allocating them (see `job::pixels`).
    pub max_pixels: u64,
    /// The bytes all puzzles rendered at once may take together, as
    /// estimated before decoding (`pipeline::budget`): a puzzle waits for
    /// room, and one that alone needs more fails.
    pub max_memory: u64,
    /// Give up on a puzzle's search after this long; its result is then
    /// partial, and not taken as up to date by the next run.
    pub timeout: Option<std::time::Duration>,
    /// Redo every puzzle even when its manifest says the outputs are current.
    pub force: bool,
    /// Compare with what is on disk instead of writing (`render --check`).
    pub check: bool,
    /// The run's one cancel token, tripped by Ctrl-C: puzzles not yet
    /// started are skipped, and running searches get it in their limits.
    pub cancel: Cancel,
    /// Fail instead of waiting when another run holds the output folder's lock.
    pub no_wait: bool,
    /// Accept a puzzles folder with no puzzle in it (a blog with none yet):
    /// without it that is a usage error, as it is most often a wrong path.
    pub allow_empty: bool,
    /// The combined Markdown snippet's file name in the output folder
    /// (`--snippet`); `None` (`--no-snippet`): none is written.
    pub snippet: Option<String>,
    /// Also render folders with tile pictures and no notation file, their
    /// edges inferred (`render --infer`).
    pub infer: bool,
    /// Told as each board is encoded, so a progress bar moves while a
    /// puzzle's boards take long (`--png best`).
    pub progress: Progress,
    /// Follow links that lead out of the puzzles folder, and read inputs
    /// through them (`--allow-links-out`); without it both are refused, so
    /// a link in a pull request cannot publish a file of the machine.
    pub allow_links_out: bool,
}

/// What is told of each board encoded: the puzzle's name, the boards
/// encoded so far and the boards the puzzle writes. Called from worker
/// threads, in no set order.
type OnBoard = dyn Fn(&str, usize, usize) + Send + Sync + std::panic::RefUnwindSafe;

/// A run's listener for boards encoded; by default none.
#[derive(Clone, Default)]
pub struct Progress(Option<std::sync::Arc<OnBoard>>);

impl Progress {
    pub fn new(
        on_board: impl Fn(&str, usize, usize) + Send + Sync + std::panic::RefUnwindSafe + 'static,
    ) -> Progress {
        Progress(Some(std::sync::Arc::new(on_board)))
    }

    pub fn board(&self, puzzle: &str, done: usize, boards: usize) {
        if let Some(tell) = &self.0 {
            tell(puzzle, done, boards);
        }
    }
}

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Progress(..)"
        } else {
            "Progress(none)"
        })
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            output: OutputOptions::default(),
            max_tile_side: crate::defaults::MAX_TILE_SIDE,
            max_pixels: crate::defaults::MAX_PIXELS,
            max_memory: crate::defaults::MAX_MEMORY,
            timeout: None,
            force: false,
            check: false,
            cancel: Cancel::default(),
            no_wait: false,
            allow_empty: false,
            snippet: Some(crate::present::snippet::DEFAULT_NAME.to_string()),
            infer: false,
            progress: Progress::default(),
            allow_links_out: false,
        }
    }
}
