//! The run's one cancel token: a tripped token ends every kind of search as
//! `Interrupted` (never as a timeout), and a search holding another token
//! is not touched, so two runs in one process cannot stop each other.

use std::path::{Path, PathBuf};
use unscramble::kind::domino;
use unscramble::kind::stop::{Cancel, StopReason};
use unscramble::kind::tiles::input::read_puzzle;
use unscramble::kind::tiles::model::Puzzle;
use unscramble::kind::tiles::solve::{closest, solve, Limits};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn tiles(rel: &str) -> Puzzle {
    read_puzzle(&root().join(rel).join("input"))
        .expect("fixture reads")
        .puzzle
}

fn tripped() -> Cancel {
    let cancel = Cancel::new();
    cancel.cancel();
    cancel
}

#[test]
fn a_tripped_token_interrupts_the_tile_search_and_nothing_is_kept() {
    let p = tiles("tests/fixtures/generated/4x4-many");
    let limits = Limits {
        max_solutions: u128::MAX,
        cancel: tripped(),
        ..Limits::default()
    };
    let o = solve(&p, &limits);
    assert_eq!(o.stopped, Some(StopReason::Interrupted));
    assert!(o.solutions.is_empty() && o.total == 0);
}

#[test]
fn another_token_leaves_the_search_alone() {
    let _other_run = tripped();
    let p = tiles("tests/fixtures/generated/4x4-many");
    let limits = Limits {
        max_solutions: u128::MAX,
        ..Limits::default()
    };
    let o = solve(&p, &limits);
    assert_eq!(o.stopped, None);
    assert!(o.total > 0);
}

#[test]
fn a_tripped_token_interrupts_the_closest_search() {
    let p = tiles("puzzles/3x3-typo");
    let limits = Limits {
        cancel: tripped(),
        ..Limits::default()
    };
    let c = closest(&p, &limits, 1_000_000);
    assert_eq!(c.stopped, Some(StopReason::Interrupted));
}

#[test]
fn a_tripped_token_interrupts_the_domino_search() {
    let file = root().join("puzzles/domino-fit/input/domino_fit.yaml");
    let text = std::fs::read_to_string(&file).expect("seed reads");
    let p = domino::parse(&file, &text).expect("seed parses");
    let bounds = (100, domino::MAX_NODES);
    let cover = domino::Cover::Full;
    let o = domino::solve_within(&p, cover, bounds, None, &tripped());
    assert_eq!(o.stopped, Some(StopReason::Interrupted));
    let o = domino::solve_within(&p, cover, bounds, None, &Cancel::new());
    assert_eq!((o.stopped, o.total), (None, 1));
}
