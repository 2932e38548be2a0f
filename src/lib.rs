//! `unscramble`: solve edge-matching tile puzzles and render their boards.
//!
//! The data flows one way: [`discover`] finds puzzle folders, [`input`] reads
//! and validates them into a [`model::Puzzle`], [`solve`] enumerates every
//! solution, [`render`] composites board images and [`output`] writes them.

pub mod batch;
pub mod discover;
pub mod draw;
pub mod error;
pub mod generate;
pub mod input;
pub mod model;
pub mod output;
pub mod render;
pub mod report;
pub mod solve;
