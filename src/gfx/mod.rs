//! Pixels and files of pictures, knowing nothing of puzzles: the board
//! [`canvas`], the built-in bitmap [`font`], the [`png`] writer and [`apng`].

pub mod apng;
pub mod canvas;
pub(crate) mod font;
pub mod png;
