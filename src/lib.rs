//! `unscramble`: solve edge-matching tile puzzles and render their boards.
//!
//! The data flows one way: [`discover`] finds puzzle folders, [`input`] reads
//! and validates them into a [`model::Puzzle`], [`solve`] enumerates every
//! solution, [`render`] composites board images and [`output`] writes them.
//! [`job`] runs those stages for one puzzle and [`batch`] for a whole folder,
//! keeping [`manifest`]s so unchanged puzzles are skipped; [`gallery`] and
//! [`report`] present the results to people.

pub mod animate;
pub mod batch;
pub mod discover;
pub mod domino;
pub mod draw;
pub mod encode;
pub mod error;
pub mod font;
pub mod gallery;
pub mod generate;
pub mod infer;
pub mod input;
pub mod job;
pub mod manifest;
pub mod model;
pub mod output;
pub mod overlay;
pub mod prune;
pub mod render;
pub mod report;
pub mod snippet;
pub mod solve;
pub mod summary;
