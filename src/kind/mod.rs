//! The puzzle kinds, each with its own model, reader, solver and renderer.

pub mod domino;
pub(crate) mod seeded;
pub mod stop;
pub mod tiles;
