//! What reaches people: the run [`summary`], the [`gallery`] and the
//! Markdown [`snippet`] (the terminal's report is the binary's, in `cli/`).

pub(crate) mod gallery;
pub(crate) mod play;
pub mod snippet;
pub mod summary;
pub(crate) mod title;
