//! Edge-matching tile puzzles (Scramble Squares and kin): the [`model`], the
//! notations read by [`input`], the exhaustive [`solve`]r, the board
//! [`render`]er with its [`draw`]n tile pictures and [`overlay`]s, the
//! [`tile_pictures`] handed from one to the other, the benchmark boards of
//! [`generate`] and the search drawn by [`animate`].

pub mod animate;
mod as_kind;
pub mod draw;
pub mod generate;
pub mod input;
pub mod model;
pub(crate) mod overlay;
pub mod render;
pub mod solve;
pub mod tile_pictures;

pub use as_kind::{TileBoards, TilePuzzle, TileSource, Tiles};
pub use tile_pictures::TilePictures;
