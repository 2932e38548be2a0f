//! What reaches people: the run [`summary`], the terminal [`report`], the
//! [`gallery`] and the Markdown [`snippet`].

pub mod gallery;
pub mod play;
pub mod report;
pub mod snippet;
pub mod summary;
