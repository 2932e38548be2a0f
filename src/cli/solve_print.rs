//! What `solve` prints that differs between the kinds of puzzle: the
//! listing on stdout, the cover rule, the closest boards and `--stats`.
//! The sequence around them (counts, stop, listed, nodes, time) is
//! `solve_cmd`'s, the same for every kind.

use crate::cli::solve_cmd::{Format, SolveArgs};
use crate::cli::solve_text;
use std::time::Duration;
use unscramble::kind::domino::{self, Domino, DominoPuzzle};
use unscramble::kind::tiles::model::{Placement, Puzzle};
use unscramble::kind::tiles::solve::Found;
use unscramble::kind::tiles::Tiles;
use unscramble::kind::PuzzleKind;
use unscramble::pipeline::output::solutions;

pub trait Printed: PuzzleKind<Found: Send> {
    /// The solutions (and closest boards) as `--json` or `--format` asks.
    fn listing(model: &Self::Model, found: &Self::Found, args: &SolveArgs) -> String;
    /// Said after the counts: the rule the count is under.
    fn rule(_args: &SolveArgs) -> String {
        String::new()
    }
    /// What the search for closest boards found, said after the counts.
    fn closest_line(_found: &Self::Found) -> Option<String> {
        None
    }
    /// `--stats`.
    fn stats(_found: &Self::Found, _elapsed: Duration) -> Vec<String> {
        Vec::new()
    }
}

impl Printed for Tiles {
    fn listing(puzzle: &Puzzle, found: &Found, args: &SolveArgs) -> String {
        let (outcome, closest) = (&found.outcome, found.closest.as_ref());
        if args.json {
            let closest = closest.map(|c| (c, &[][..]));
            return solutions::solutions_json(puzzle, outcome, &[], closest);
        }
        let board = |b: &[Placement]| {
            let n = args.text.notation();
            match args.format {
                Format::Text => solutions::board_text(puzzle.cols, b, n),
                Format::Schematic => solutions::schematic(puzzle.cols, b, n),
            }
        };
        let mut text = String::new();
        for (i, b) in outcome.solutions.iter().enumerate() {
            let class = outcome.extra.classes[i];
            text += &format!("=== Solution {} (class {class}) ===\n", i + 1);
            text += &board(b);
        }
        for (i, b) in closest.iter().flat_map(|c| c.boards.iter()).enumerate() {
            text += &format!("=== Closest board {} ===\n", i + 1);
            text += &board(b);
            text += &format!("{}\n", solve_text::unmatched_line(puzzle, b));
        }
        text
    }

    fn closest_line(found: &Found) -> Option<String> {
        found.closest.as_ref().map(solve_text::closest_line)
    }

    fn stats(found: &Found, elapsed: Duration) -> Vec<String> {
        solve_text::stats_lines(&found.outcome, elapsed)
    }
}

impl Printed for Domino {
    fn listing(puzzle: &DominoPuzzle, outcome: &domino::Outcome, args: &SolveArgs) -> String {
        if args.json {
            return domino::solutions_json(puzzle, outcome, &[]);
        }
        let solutions = outcome.solutions.iter().enumerate();
        solutions
            .map(|(i, sol)| {
                format!(
                    "=== Solution {} ===\n{}\n",
                    i + 1,
                    domino::text(puzzle, sol)
                )
            })
            .collect()
    }

    fn rule(args: &SolveArgs) -> String {
        format!(" ({} rule)", domino::Cover::from(args.domino_cover).name())
    }
}
