//! One run from folder to files: [`discover`] the puzzles, run each as a
//! [`job`] on the [`batch`] pool, write through [`output`], record the
//! [`output::manifest`]s and [`prune`] the outputs of puzzles that are gone.

pub mod batch;
pub(crate) mod budget;
pub(crate) mod discover;
pub(crate) mod job;
pub(crate) mod options;
pub mod output;
pub(crate) mod prune;
