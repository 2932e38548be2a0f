//! What reaches people: the run [`summary`], the [`gallery`] and the
//! Markdown [`snippet`] (the terminal's report is the binary's, in `cli/`).

pub mod gallery;
pub mod play;
pub mod snippet;
pub mod summary;
