//! How boards look, for every kind.

use crate::gfx::canvas::PngEffort;
use serde::Serialize;

/// How boards look; every field changes the output bytes, so all of it is
/// part of the build key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Style {
    /// Scale every tile to this many pixels per side before compositing.
    pub tile_size: Option<u32>,
    /// Draw each tile's number and turns on solved boards.
    pub labels: bool,
    /// Outline the matched pairs of edges on solved boards.
    pub highlight: bool,
    pub png: PngEffort,
}
