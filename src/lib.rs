//! `unscramble`: solve edge-matching tile puzzles and render their boards.
//!
//! The data flows one way, and the module tree reads in that order:
//! [`pipeline`] discovers puzzle folders and runs each one as a job; each
//! puzzle [`kind`] (edge-matching tiles, Domino Fit) parses, validates,
//! solves and renders itself; [`gfx`] holds the pixels and the PNG/APNG
//! encoders; [`pipeline::output`] writes atomically and keeps the manifests;
//! [`present`] turns the results into the run report, the gallery and the
//! Markdown snippet.

pub mod defaults;
pub mod error;
pub(crate) mod fsio;
pub mod gfx;
pub(crate) mod html;
pub mod input;
pub mod json;
pub mod kind;
pub mod phrases;
pub mod pipeline;
pub mod prepare;
pub mod present;
pub mod serve;
