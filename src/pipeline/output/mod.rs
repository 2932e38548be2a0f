//! Writing a puzzle's outputs: atomically, only when the bytes change, and
//! never through a link or over a file the tool did not write (see [`guard`]).

pub(crate) mod closest;
pub(crate) mod guard;
pub(crate) mod journal;
pub(crate) mod lock;
pub(crate) mod manifest;
pub(crate) mod root;
pub(crate) mod sink;
pub mod solutions;

pub(crate) use crate::fsio::folder;
pub use crate::fsio::{write_if_changed, Written};
