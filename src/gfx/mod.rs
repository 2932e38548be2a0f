//! Pixels and files of pictures, knowing nothing of puzzles: the board
//! [`canvas`], the built-in bitmap [`font`], [`palette`] indices, the [`png`]
//! writer, [`apng`], quarter [`turn`]s, [`shrink`]ing and a [`pool`]
//! of reused pixel buffers.

pub mod apng;
#[cfg(test)]
pub(crate) mod apng_read;
pub mod canvas;
pub(crate) mod font;
pub(crate) mod palette;
pub mod png;
pub(crate) mod pool;
pub(crate) mod shrink;
pub(crate) mod turn;
