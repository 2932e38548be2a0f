//! Writing a puzzle's outputs: atomically, only when the bytes change, and
//! never through a link or over a file the tool did not write (see [`guard`]).

pub mod closest;
pub mod folder;
pub mod guard;
pub mod journal;
pub mod lock;
pub mod manifest;
pub mod root;
pub mod sink;
pub mod solutions;

pub use crate::fsio::{write_if_changed, Written};
pub use crate::json;
